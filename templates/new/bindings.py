"""Les liens du livre de {{ title }} à ses règles: chaque exemple refait par les règles."""

from build_tools.checking import Binder

from . import rules

binder = Binder()


@binder.example(title="Un jet")
def un_jet(ex):
    competence = ex.given("compétence de {}")
    de = ex.given("jet de {}")
    total = rules.jets.total(de, competence)
    ex.claim("total de {}", total)
    difficulte = ex.given("difficulté {}")
    ex.affirm("réussit", rules.jets.reussite(total, difficulte), rules_give="un échec")
