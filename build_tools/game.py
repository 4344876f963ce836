"""The author API: everything a game (its rules, its bindings, its sheet) imports from the engine.

A game imports this module and nothing else of `build_tools`; what is not here may change
without notice. The rules: `rule`, `constant`, `note`, `ImpossibleValue`, `Working`,
`untraced`, and dice (`Distribution`, `die`, `open_ended`). The bindings: `Binder`, the
`Check` and `TableCheck` a binding receives, `StaleBinding`, the rule words' patterns
(`comparison`, `covariation`, `operation`, `threshold`), `compile_pattern`, `number_value`,
`slug`. The character sheet: `Description` and its parts (`Box`, `Computed`, `Group`,
`Track`, `Table`, `Mistake`, `Agreement`, `Example`) and `printed`, a value as the sheet
prints it.
"""

from __future__ import annotations

from build_tools.checking.binder import Binder
from build_tools.checking.check import Check, TableCheck
from build_tools.checking.claims import StaleBinding
from build_tools.checking.passage import compile_pattern
from build_tools.checking.rule import ImpossibleValue, Working, constant, note, rule, untraced
from build_tools.checking.words import comparison, covariation, operation, threshold
from build_tools.diagnostics import slug
from build_tools.dice import Distribution, die, open_ended
from build_tools.model.numbers import number_value
from build_tools.model.sheet import (
    Agreement,
    Box,
    Computed,
    Description,
    Example,
    Group,
    Mistake,
    Table,
    Track,
    printed,
)

__all__ = [
    "Agreement",
    "Binder",
    "Box",
    "Check",
    "Computed",
    "Description",
    "Distribution",
    "Example",
    "Group",
    "ImpossibleValue",
    "Mistake",
    "StaleBinding",
    "Table",
    "TableCheck",
    "Track",
    "Working",
    "comparison",
    "covariation",
    "compile_pattern",
    "constant",
    "die",
    "note",
    "number_value",
    "open_ended",
    "operation",
    "printed",
    "rule",
    "slug",
    "threshold",
    "untraced",
]
