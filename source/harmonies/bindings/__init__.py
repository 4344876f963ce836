"""The bindings of the Harmonies book to its rules: one module per chapter, the fight apart."""

from build_tools.game import Binder

from ..mots import TERMES

binder = Binder(terms=TERMES)

# Imported for their decorators, in the book's order.
from . import actions, combat, david_et_goliath  # noqa: E402, F401
