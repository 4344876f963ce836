"""L'aide de jeu: les tables des cartes de référence, calculées par les règles.

Chaque fonction donne les lignes d'une table d'une carte (`deck.toml`), dans
l'ordre où la carte les montre; les chances sont des fractions exactes.
"""

from __future__ import annotations

from fractions import Fraction

from build_tools.game import rule

from . import equipement, jets, magie

# The rows of the cards' tables: choices of the cards, not rules of the book.
_ECARTS_DE_LA_TABLE = range(-10, 11)
"""Les différences de bonus (joueur moins adversaire ou DD) de la table des chances."""

_NIVEAUX_DE_SORT = range(0, 7)
"""Les niveaux de sort de la table des temps d'incantation."""

_SORTES_D_OBJET = {"arme": "armes", "bouclier": "boucliers", "armure": "armures"}
"""Chaque sorte d'objet de la table des points de vie, et son pluriel."""


@rule(
    cites=(
        "Si le score total du joueur est supérieur au score total de l'adversaire",
        "En cas d'égalité, chacun relance le dé jusqu'à ce qu'un des deux ait le plus haut score",
    )
)
def chances_de_succes() -> list[tuple[int, Fraction]]:
    """Pour chaque différence de bonus, la chance de succès du jet opposé (égalités relancées)."""
    return [(ecart, jets.probabilite_de_succes(ecart, 0)) for ecart in _ECARTS_DE_LA_TABLE]


@rule(cites="table « Catégories d'écart »")
def categories_d_ecart() -> list[tuple[str, tuple[int, int | None]]]:
    """La table « Catégories d'écart »: chaque catégorie et ses écarts."""
    return [
        (nom, (plus_petit, plus_grand)) for nom, plus_petit, plus_grand in jets.CATEGORIES_D_ECART
    ]


@rule(cites="table « Points de vie des objets »")
def points_de_vie_des_objets() -> list[tuple[str, str | int]]:
    """La table « Points de vie des objets »: chaque objet, puis ce qu'ajoute la magie."""
    lignes: list[tuple[str, str | int]] = []
    for sorte, pluriel in _SORTES_D_OBJET.items():
        for (sorte_de_l_objet, taille), points in equipement.POINTS_DE_VIE_DES_OBJETS.items():
            if sorte_de_l_objet == sorte:
                lignes.append((f"{sorte} {taille}", points))
        par_bonus = equipement.PVS_PAR_BONUS_D_ALTERATION[sorte]
        lignes.append((f"{pluriel} magiques", f"+ {par_bonus} × bonus d'altération"))
    return lignes


@rule(
    cites=(
        "Le temps d'incantation est égal au niveau du sort plus un, divisé par deux en actions "
        "complexes",
        "permet de réduire d'une action simple le temps d'une incantation",
    )
)
def temps_d_incantation() -> list[tuple[int, str, str]]:
    """Pour chaque niveau de sort, le temps d'incantation, et avec Incantation rapide."""
    return [
        (
            niveau,
            magie.cout_d_incantation(niveau),
            magie.cout_d_incantation(niveau, incantation_rapide=True),
        )
        for niveau in _NIVEAUX_DE_SORT
    ]
