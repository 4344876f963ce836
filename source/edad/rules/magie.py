"""La magie: temps d'incantation, sorts qu'un magicien peut apprendre, niveau de lanceur.

From « Les Magiciens » of Edad 0.2.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from build_tools.game import constant, rule

DEMI_ACTION = constant(
    Fraction(1, 2),
    cites="permet de réduire d'une action simple le temps d'une incantation",
    formula="action simple = ½ action complexe",
)
"""« un ,5 correspond à une action simple »: une action simple vaut une demi-action complexe.

It cites the sentence of Incantation rapide, which it measures: the check reads « ,5 » as 5,
so the sentence of the temps d'incantation would make 1/2 a contradiction."""


NIVEAU_LIBRE = constant(0, cites="Un magicien peut apprendre tous les sorts de niveau 0")
"""« Un magicien peut apprendre tous les sorts de niveau 0 »; Incantation rapide n'y fait rien."""

NIVEAU_PRECEDENT = constant(
    1, cites="à la condition de maîtriser un sort de niveau n-1 de cette école", formula="n − 1"
)
"""Un sort de niveau n demande de maîtriser un sort de niveau n-1 de la même école."""


@rule(
    formula="temps = (niveau + 1) / 2 − Incantation rapide",
    symbols={
        "niveau": "niveau",
        "Incantation rapide": lambda arguments: (
            DEMI_ACTION
            if arguments.get("incantation_rapide") and arguments["niveau"] > NIVEAU_LIBRE
            else None
        ),
    },
    cites=(
        "Le temps d'incantation est égal au niveau du sort plus un, divisé par deux en actions "
        "complexes",
        "permet de réduire d'une action simple le temps d'une incantation (sauf pour les sorts de "
        "niveau 0)",
    ),
)
def temps_d_incantation(niveau: int, incantation_rapide: bool = False) -> Fraction:
    """Le temps d'incantation est (niveau du sort + 1) / 2 actions complexes.

    Incantation rapide en ôte une action simple (sauf au niveau 0)."""
    temps = Fraction(niveau + 1, 2)
    if incantation_rapide and niveau > NIVEAU_LIBRE:
        temps -= DEMI_ACTION
    return temps


@rule(cites="un ,5 correspond à une action simple")
def actions_d_incantation(niveau: int, incantation_rapide: bool = False) -> tuple[int, int]:
    """L'incantation coûte des actions complexes, et un ,5 correspond à une action simple."""
    complexes, demi = divmod(temps_d_incantation(niveau, incantation_rapide), 1)
    return int(complexes), 1 if demi else 0


@rule(cites="un ,5 correspond à une action simple")
def cout_d_incantation(niveau: int, incantation_rapide: bool = False) -> str:
    """Le temps d'incantation se dit en actions simples et complexes.

    Le temps d'incantation se dit en actions : « une action simple », « une action complexe »…"""
    complexes, simples = actions_d_incantation(niveau, incantation_rapide)
    parties = []
    if complexes:
        parties.append(
            "une action complexe" if complexes == 1 else f"{complexes} actions complexes"
        )
    if simples:
        parties.append("une action simple")
    return " et ".join(parties)


@rule(
    formula=(
        "niveau du sort > bonus d'Int : le niveau du sort dépasse son bonus d'intelligence ; "
        "niveau du sort = 0 : tout magicien apprend les sorts de niveau 0 ; "
        "sort précédent maîtrisé : il maîtrise un sort du niveau précédent dans l'école ; "
        "sinon : il ne maîtrise aucun sort du niveau précédent dans l'école"
    ),
    symbols={
        "niveau du sort": "niveau",
        "bonus d'Int": "bonus_d_intelligence",
        "sort précédent maîtrisé": lambda arguments: (
            arguments["niveau"] - NIVEAU_PRECEDENT
            in set(arguments.get("niveaux_maitrises_dans_l_ecole", ()))
        ),
    },
    cites=(
        "Un magicien peut apprendre tous les sorts de niveau 0",
        "à la condition de maîtriser un sort de niveau n-1 de cette école",
        "Un magicien ne peut apprendre un sort de niveau strictement supérieur à son bonus "
        "d'intelligence",
    ),
)
def peut_apprendre(
    niveau: int, bonus_d_intelligence: int, niveaux_maitrises_dans_l_ecole: Iterable[int] = ()
) -> bool:
    """Un sort de niveau n demande un sort n − 1 de l'école et n ≤ bonus d'Int.

    Un magicien apprend tout sort de niveau 0 ; au niveau n, il lui faut maîtriser un sort de niveau
    n − 1 de l'école, et n ne dépasse pas son bonus d'intelligence."""
    if niveau > bonus_d_intelligence:
        return False
    precedent = niveau - NIVEAU_PRECEDENT
    return niveau == NIVEAU_LIBRE or precedent in set(niveaux_maitrises_dans_l_ecole)


@rule(
    formula="sorts connus = Arcane",
    symbols={"Arcane": "points_d_arcane"},
    cites="Le nombre de points de compétences dans Arcane est le nombre de sorts connus",
)
def nombre_de_sorts_connus(points_d_arcane: int) -> int:
    """Le nombre de sorts connus est le nombre de points de compétence dans Arcane."""
    return points_d_arcane


@rule(
    formula="niveau de lanceur = niveau de Canaliser",
    symbols={"niveau de Canaliser": "canaliser"},
    cites="et permet d'avoir un niveau de lanceur de sort égal à n",
)
def niveau_de_lanceur(canaliser: int) -> int:
    """Le don Canaliser n donne un niveau de lanceur de sort égal à n."""
    return canaliser
