"""The bindings of the book Les Clefs de l'Aube to its rules, one module per chapter."""

from build_tools.game import Binder

from ..mots import TERMES

binder = Binder(terms=TERMES)


def affirmer(
    check, phrase: str, tenu: bool, selon_les_regles: str, working=None, lire: str = ""
) -> bool:
    """A statement the text makes in words (« un échec! », « respecte toutes les
    contraintes »), which the rules must hold: `Check.affirm`, in the book's words;
    `lire`, what the book should say instead, for its readers.
    """
    return check.affirm(phrase, tenu, rules_give=selon_les_regles, working=working, reads=lire)


# Chapters are bound in the book's order.
from . import liminaire, personnages, actions, sante, combat, avance, glossaire  # noqa: E402,F401,I001
