"""The tables of the quick-reference cards, computed by the rules (see deck.toml)."""

from fractions import Fraction

from build_tools.game import rule

from . import tests


@rule(cites="table “Difficulties”")
def difficulties() -> list[tuple[str, int]]:
    """The table “Difficulties”: each difficulty and its number."""
    return [(name, tests.difficulty(name)) for name in tests.DIFFICULTIES]


@rule(cites="rolls two six-sided dice and adds the attribute")
def chances() -> list[tuple[str, Fraction, Fraction, Fraction]]:
    """For each difficulty, the chance of success with an attribute of 0, 2 and 4."""
    return [
        (name, *(tests.chance_of_success(number, attribute) for attribute in (0, 2, 4)))
        for name, number in tests.DIFFICULTIES.items()
    ]
