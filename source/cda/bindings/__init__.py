"""The bindings of the book Les Clefs de l'Aube to its rules, one module per chapter."""

import importlib
import importlib.util

try:
    from build_tools.checking import Binder
except ImportError:  # the engine's package does not re-export it (yet)
    from build_tools.checking.binder import Binder

binder = Binder()

# Chapters are bound in the book's order; a chapter whose module is not written
# yet is skipped so that the others still load (the engine reports its units as
# unbound).
for _chapter in ("personnages", "actions", "sante", "combat", "avance", "glossaire"):
    if importlib.util.find_spec(f"{__name__}.{_chapter}") is not None:
        importlib.import_module(f"{__name__}.{_chapter}")
