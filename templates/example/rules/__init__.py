"""The rules of {{ title }}, as its book states them."""

from . import aid, characters, combat, sheet, tests

__all__ = ["aid", "characters", "combat", "sheet", "tests"]
