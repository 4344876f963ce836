"""L'aide de jeu: les tables des cartes de référence, calculées par les règles.

Chaque fonction donne les lignes d'une table d'une carte (`deck.toml`), dans
l'ordre où la carte les montre; les chances sont des fractions exactes.
"""

from __future__ import annotations

from fractions import Fraction

from build_tools.game import constant, rule

from . import actions, avance, combat, sante

# The rows of the cards' tables: choices of the cards, not rules of the book.
_CIBLES_DE_LA_TABLE = range(2, 20)
"""Les CA qui se jouent aux dés: 1 et moins est un échec automatique, 20 et plus une réussite."""

DIFFICULTES_DE_LA_TABLE = constant((0, 5, 10, 15, 20), cites="table « les difficultés »")
"""Les ND de la table des chances: ceux de la table « les difficultés »."""

_DES_CRITIQUES = (6, 8, 10, 12, 20)
"""Les dés critiques que le GC peut faire lancer, du plus au moins exceptionnel."""


@rule(cites="table « les difficultés »")
def difficultes() -> list[tuple[str, int]]:
    """La table « les difficultés »: chaque difficulté et son ND."""
    return list(actions.DIFFICULTES.items())


@rule(
    cites=(
        "le joueur lance un d10 avec son d20, nommé le dé critique",
        "Le ND représente le degré de réussite nécessaire pour un joueur afin de réussir des "
        "actions particulièrement difficiles",
    )
)
def chances_de_reussite_avec_le_de_critique(
    de_critique: int = actions.DE_CRITIQUE,
) -> list[tuple[int, ...]]:
    """Pour chaque CA, la chance que le °R dépasse chaque ND, avec le dé critique."""
    return [
        (cible,)
        + tuple(
            actions.chances_de_reussite(cible, difficulte, de_critique)
            for difficulte in DIFFICULTES_DE_LA_TABLE
        )
        for cible in _CIBLES_DE_LA_TABLE
    ]


@rule(
    cites=(
        "le GC peut décider de faire lancer un d8 ou même un d6 plutôt que le d10 habituel",
        "il pourrait ne faire lancer qu'un d12 ou même un autre d20",
    )
)
def chances_des_des_critiques(cible: int = 15) -> list[tuple[str, Fraction, Fraction]]:
    """Pour chaque dé critique: la chance d'un 1 naturel, et d'un °R au-delà de la CA."""
    return [
        (f"d{faces}", Fraction(1, faces), actions.chances_de_depasser_la_cible(cible, faces))
        for faces in _DES_CRITIQUES
    ]


@rule(cites="table « les effets des dommages »")
def effets_des_dommages() -> list[tuple]:
    """La table « les effets des dommages »: dommages effectifs, blessure, PF, limite."""
    return [
        (
            (effet.minimum, effet.maximum),
            effet.type_de_blessure,
            effet.points_de_fatigue,
            effet.limite_de_recuperation,
        )
        for effet in sante.EFFETS_DES_DOMMAGES
    ]


@rule(
    cites="Un personnage humanoïde ne peut recevoir plus de 4 blessures légères, 2 graves et 1 "
    "critique dans chaque aspect"
)
def blessures_maximales() -> list[tuple[str, int]]:
    """Les blessures qu'un humanoïde peut recevoir dans chaque aspect, par gravité."""
    return [(f"{gravite}s", nombre) for gravite, nombre in sante.BLESSURES_MAXIMALES.items()]


@rule(cites="auxquels correspondent trois niveaux de difficulté de base: 5, 10 et 15")
def difficultes_de_portee() -> list[tuple[str, int]]:
    """Les ND de base des trois portées d'une arme de tir."""
    return list(combat.DIFFICULTES_DE_PORTEE.items())


@rule(cites="le personnage a accès à trois types de manœuvres, chacune avec leur CA respective")
def manoeuvres() -> list[tuple[str, str, str]]:
    """Les manœuvres du surclassement: leur CA, et ce qui s'ajoute au °R."""
    lignes = []
    for sigle, manoeuvre in combat.MANOEUVRES.items():
        bonus = f" {'+' if manoeuvre.bonus > 0 else '−'} {abs(manoeuvre.bonus)}"
        lignes.append(
            (
                f"{manoeuvre.nom} ({sigle})",
                f"Ph + {manoeuvre.moyen} + BC",
                f"°R + {manoeuvre.bonus_d_arme}" + (bonus if manoeuvre.bonus else ""),
            )
        )
    return lignes


@rule(cites="table « exemples de niveaux d'héroïsme »")
def niveaux_d_heroisme() -> list[tuple[str, int]]:
    """La table « exemples de niveaux d'héroïsme »: chaque échelle et son niveau."""
    return [(echelle, niveau) for niveau, echelle in enumerate(avance.ECHELLE_D_HEROISME)]
