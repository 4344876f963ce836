"""La magie: temps d'incantation, sorts qu'un magicien peut apprendre, niveau de lanceur.

From « Les Magiciens » of Edad 0.2.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from build_tools.checking.rule import rule

DEMI_ACTION = Fraction(1, 2)
"""« un ,5 correspond à une action simple »: une action simple vaut une demi-action complexe."""


NIVEAU_LIBRE = 0
"""« Un magicien peut apprendre tous les sorts de niveau 0 »; Incantation rapide n'y fait rien."""

NIVEAU_PRECEDENT = 1
"""Un sort de niveau n demande de maîtriser un sort de niveau n-1 de la même école."""


@rule
def temps_d_incantation(niveau: int, incantation_rapide: bool = False) -> Fraction:
    """temps = (niveau + 1) / 2 actions complexes; Incantation rapide ôte ½ (sauf niveau 0)."""
    temps = Fraction(niveau + 1, 2)
    if incantation_rapide and niveau > NIVEAU_LIBRE:
        temps -= DEMI_ACTION
    return temps


@rule
def actions_d_incantation(niveau: int, incantation_rapide: bool = False) -> tuple[int, int]:
    """(actions complexes, actions simples) que coûte l'incantation: le ,5 est une action simple."""
    complexes, demi = divmod(temps_d_incantation(niveau, incantation_rapide), 1)
    return int(complexes), 1 if demi else 0


@rule
def cout_d_incantation(niveau: int, incantation_rapide: bool = False) -> str:
    """le temps d'incantation dit en actions: « une action simple », « une action complexe »…"""
    complexes, simples = actions_d_incantation(niveau, incantation_rapide)
    parties = []
    if complexes:
        parties.append(
            "une action complexe" if complexes == 1 else f"{complexes} actions complexes"
        )
    if simples:
        parties.append("une action simple")
    return " et ".join(parties)


@rule
def peut_apprendre(
    niveau: int, bonus_d_intelligence: int, niveaux_maitrises_dans_l_ecole: Iterable[int] = ()
) -> bool:
    """niveau 0: toujours; niveau n: un sort n−1 de l'école maîtrisé, et n ≤ bonus d'Int."""
    if niveau > bonus_d_intelligence:
        return False
    precedent = niveau - NIVEAU_PRECEDENT
    return niveau == NIVEAU_LIBRE or precedent in set(niveaux_maitrises_dans_l_ecole)


@rule
def nombre_de_sorts_connus(points_d_arcane: int) -> int:
    """le nombre de sorts connus est le nombre de points de compétence dans Arcane."""
    return points_d_arcane


@rule
def niveau_de_lanceur(canaliser: int) -> int:
    """le don Canaliser n donne un niveau de lanceur de sort égal à n."""
    return canaliser
