"""The bindings of the book Les Clefs de l'Aube to its rules, one module per chapter."""

import importlib
import importlib.util

from build_tools.checking import Binder

binder = Binder()


def affirmer(check, phrase: str, tenu: bool, selon_les_regles: str) -> bool:
    """A statement the text makes in words (« un échec! », « respecte toutes les
    contraintes »), which the rules must hold: `Check.affirm`, in the book's words.
    """
    return check.affirm(phrase, tenu, rules_give=selon_les_regles)


# Chapters are bound in the book's order; a chapter whose module is not written
# yet is skipped so that the others still load (the engine reports its units as
# unbound).
for _chapter in ("personnages", "actions", "sante", "combat", "avance", "glossaire"):
    if importlib.util.find_spec(f"{__name__}.{_chapter}") is not None:
        importlib.import_module(f"{__name__}.{_chapter}")
