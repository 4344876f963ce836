"""La magie: temps d'incantation, sorts qu'un magicien peut apprendre, niveau de lanceur.

From « Les Magiciens » of Edad 0.2.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from build_tools.checking.rule import note, rule

from .file import COMPLEXE, SIMPLE

DEMI_ACTION = Fraction(1, 2)
"""« un ,5 correspond à une action simple »: une action simple vaut une demi-action complexe."""


@rule
def temps_d_incantation(niveau: int, incantation_rapide: bool = False) -> Fraction:
    """temps = (niveau + 1) / 2 actions complexes; Incantation rapide ôte ½ (sauf niveau 0)."""
    temps = Fraction(niveau + 1, 2)
    if incantation_rapide and niveau > 0:
        temps -= DEMI_ACTION
    return temps


@rule
def actions_d_incantation(niveau: int, incantation_rapide: bool = False) -> tuple[int, int]:
    """(actions complexes, actions simples) que coûte l'incantation: le ,5 est une action simple."""
    complexes, demi = divmod(temps_d_incantation(niveau, incantation_rapide), 1)
    return int(complexes), 1 if demi else 0


@rule
def action_d_incantation(niveau: int, incantation_rapide: bool = False) -> str:
    """l'action que coûte un sort lancé en une seule action: simple (½) ou complexe (1)."""
    temps = temps_d_incantation(niveau, incantation_rapide)
    if temps == DEMI_ACTION:
        return SIMPLE
    if temps == 1:
        return COMPLEXE
    note(f"un sort de niveau {niveau} demande {temps} actions complexes: plus d'une action")
    raise ValueError(f"un sort de niveau {niveau} ne se lance pas en une seule action")


@rule
def peut_apprendre(
    niveau: int, bonus_d_intelligence: int, niveaux_maitrises_dans_l_ecole: Iterable[int] = ()
) -> bool:
    """niveau 0: toujours; niveau n: un sort n−1 de l'école maîtrisé, et n ≤ bonus d'Int."""
    if niveau > bonus_d_intelligence:
        return False
    return niveau == 0 or (niveau - 1) in set(niveaux_maitrises_dans_l_ecole)


@rule
def nombre_de_sorts_connus(points_d_arcane: int) -> int:
    """le nombre de sorts connus est le nombre de points de compétence dans Arcane."""
    return points_d_arcane


@rule
def niveau_de_lanceur(canaliser: int) -> int:
    """le don Canaliser n donne un niveau de lanceur de sort égal à n."""
    return canaliser
