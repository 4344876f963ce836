"""Les liens du livre de {{ title }} à ses règles: chaque exemple refait par les règles."""

from build_tools.game import Binder

from . import rules

TERMES = {"difficulté": {nom: [nom] for nom in rules.jets.DIFFICULTES}}
"""Les mots de règle du jeu: une difficulté que le texte nomme est vérifiée."""

binder = Binder(terms=TERMES)


@binder.table(title="Les difficultés")
def les_difficultes(table):
    for rangee in table.rows:
        rangee[1].claim("{}", rules.jets.difficulte(rangee[0].text))


@binder.example(title="Un jet")
def un_jet(ex):
    competence = ex.given("compétence de {}")
    de = ex.given("jet de {}")
    total = rules.jets.total(de, competence)
    ex.claim("total de {}", total)
    ex.word("l'action []", "Moyenne")
    difficulte = rules.jets.difficulte("Moyenne")
    ex.claim("({}) réussit", difficulte)
    ex.affirm("réussit", rules.jets.reussite(total, difficulte), rules_give="un échec")
