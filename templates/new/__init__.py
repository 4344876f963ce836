"""{{ title }}: its rules, the bindings of its book, its character sheet."""


def setup(game) -> None:
    """Register the rules of {{ title }}, the bindings of its book and its sheet."""
    from . import bindings, rules
    from .rules import fiche

    game.rules = rules
    game.binder = bindings.binder
    game.sheet = fiche.FICHE
