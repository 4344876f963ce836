"""The rules of Harmonies as the two chapters we have state them: dice, actions, Mesures, combat."""

from . import actions, combat, des, mesures

__all__ = ["actions", "combat", "des", "mesures"]
