"""Harmonies: the rules of its two chapters we have, and the bindings of its book."""


def setup(game) -> None:
    """Register the rules of Harmonies and the bindings of its book."""
    from . import bindings, rules

    game.rules = rules
    game.binder = bindings.binder
