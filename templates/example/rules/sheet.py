"""The character sheet of {{ title }}: four attributes, and the Health and Resolve they give."""

from __future__ import annotations

from build_tools.game import Agreement, Box, Description, Example, Group

from . import characters

SHEET = Description(
    title="{{ title }} — character sheet",
    header=(
        Box("nom", "Character's name", type=str, width=6, required=True),
        Box("player", "Player", type=str, width=4),
    ),
    sections=(
        Group(
            "attributes",
            "Attributes",
            tuple(
                Box(
                    name.lower(),
                    name,
                    name[:2],
                    minimum=characters.LOWEST,
                    maximum=characters.HIGHEST,
                    required=True,
                    cites="Each attribute is rated from 0 to 4",
                )
                for name in characters.ATTRIBUTES
            ),
        ),
        Group(
            "derived",
            "Health and Resolve",
            (
                # Each computed by its rule from the boxes it names: written once, by the rule.
                Box(
                    "health",
                    "Health",
                    "He",
                    rule=characters.health,
                    arguments={"might": "attributes.might"},
                ),
                Box(
                    "resolve",
                    "Resolve",
                    "Re",
                    rule=characters.resolve,
                    arguments={"spirit": "attributes.spirit"},
                ),
            ),
        ),
    ),
    check=lambda character: [],
    examples=(
        Example(
            "characters/mara.toml",
            (
                Agreement(
                    ("derived.health", "derived.resolve"),
                    "Mara has Might",
                    "Her Health is {} and her Resolve is {}",
                ),
            ),
        ),
    ),
)
