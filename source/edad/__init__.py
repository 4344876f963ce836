"""Edad 0.2: its rules and the bindings of its book."""


def setup(game) -> None:
    """Register the rules of Edad and the bindings of its book."""
    from . import bindings, rules
    from .rules import fiche

    game.rules = rules
    game.sheet = fiche.FICHE
    game.binder = bindings.binder
