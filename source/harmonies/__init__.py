"""Harmonies: the rules of its two chapters we have, and the bindings of its book."""


def setup(game) -> None:
    """Register the rules of Harmonies and the bindings of its book."""
    from . import bindings, rules
    from .rules import fiche

    game.rules = rules
    game.sheet = fiche.FICHE
    game.binder = bindings.binder
