"""{{ title }}: its rules, the bindings of its book, its character sheet and its deck."""


def setup(game) -> None:
    """Register the rules of {{ title }}, the bindings of its book and its sheet."""
    from . import bindings, rules
    from .rules import sheet

    game.rules = rules
    game.binder = bindings.binder
    game.sheet = sheet.SHEET
