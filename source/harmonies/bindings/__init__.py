"""The bindings of the Harmonies book to its rules: one module per chapter, the fight apart."""

try:
    from build_tools.checking import Binder
except ImportError:  # the engine's package does not re-export it
    from build_tools.checking.binder import Binder

binder = Binder()

# Imported for their decorators, in the book's order.
from . import actions, combat, david_et_goliath  # noqa: E402, F401
