"""Tests: two six-sided dice plus an attribute, against a difficulty of the book's table."""

from fractions import Fraction

from build_tools.game import constant, die, rule

DIFFICULTIES = constant(
    {"Easy": 6, "Routine": 8, "Hard": 10, "Heroic": 12}, cites="table “Difficulties”"
)
"""The difficulties of the book's table, by name."""

TWO_DICE = die(6) + die(6)
"""The distribution of two six-sided dice added."""


@rule(
    formula="Number = table “Difficulties” [difficulty]",
    symbols={"difficulty": "name"},
    cites="table “Difficulties”",
)
def difficulty(name: str) -> int:
    """The number of a difficulty, as the table “Difficulties” gives it."""
    return DIFFICULTIES[name]


@rule(
    formula="total = dice + attribute",
    symbols={"dice": "dice", "attribute": "attribute"},
    cites="rolls two six-sided dice and adds the attribute",
)
def total(dice: int, attribute: int) -> int:
    """The total of a test is the two dice plus the attribute (`dice`: what they show, added)."""
    return dice + attribute


@rule(
    formula="total ≥ difficulty : success ; otherwise : failure",
    symbols={"total": "total_of_the_test", "difficulty": "number"},
    cites="succeeds if the total equals or beats the difficulty",
)
def succeeds(total_of_the_test: int, number: int) -> bool:
    """The test succeeds if the total equals or beats the difficulty."""
    return total_of_the_test >= number


@rule(
    formula="margin = total − difficulty",
    symbols={"total": "total_of_the_test", "difficulty": "number"},
    cites="its total minus the difficulty",
)
def margin(total_of_the_test: int, number: int) -> int:
    """The margin of a test is its total minus the difficulty."""
    return total_of_the_test - number


def chance_of_success(number: int, attribute: int = 0) -> Fraction:
    """The chance that two dice plus `attribute` equal or beat `number`, exactly."""
    return TWO_DICE.probability(lambda dice: dice + attribute >= number)
