"""The bindings of the book Les Clefs de l'Aube to its rules, one module per chapter."""

from build_tools.checking import Binder

from ..mots import TERMES

binder = Binder(terms=TERMES)


def affirmer(check, phrase: str, tenu: bool, selon_les_regles: str, working=None) -> bool:
    """A statement the text makes in words (« un échec! », « respecte toutes les
    contraintes »), which the rules must hold: `Check.affirm`, in the book's words.
    """
    return check.affirm(phrase, tenu, rules_give=selon_les_regles, working=working)


# Chapters are bound in the book's order.
from . import liminaire, personnages, actions, sante, combat, avance, glossaire  # noqa: E402,F401,I001
