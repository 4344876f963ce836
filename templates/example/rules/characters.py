"""Characters: four attributes, and the Health and Resolve they give."""

from build_tools.game import constant, rule

ATTRIBUTES = ("Might", "Agility", "Wits", "Spirit")
"""The four attributes, in the book's order."""

LOWEST, HIGHEST = constant((0, 4), cites="Each attribute is rated from 0 to 4")
"""The range of an attribute."""


@rule(
    formula="Health = 10 + 2 × Might",
    symbols={"Might": "might"},
    cites="Health is 10 plus twice their Might",
)
def health(might: int) -> int:
    """A character's Health is 10 plus twice their Might."""
    return 10 + 2 * might


@rule(
    formula="Resolve = 5 + Spirit",
    symbols={"Spirit": "spirit"},
    cites="Resolve is 5 plus their Spirit",
)
def resolve(spirit: int) -> int:
    """A character's Resolve is 5 plus their Spirit."""
    return 5 + spirit
