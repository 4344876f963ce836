"""Cross-checking a book against the executable rules of its game."""

from build_tools.checking.binder import Binder, Check, StaleBinding
from build_tools.checking.rule import note, rule

__all__ = ["Binder", "Check", "StaleBinding", "note", "rule"]
