"""L'aide de jeu: les tables des cartes de référence, calculées par les règles.

Chaque fonction donne les lignes d'une table d'une carte (`deck.toml`), dans
l'ordre où la carte les montre; les chances sont des fractions exactes.
"""

from __future__ import annotations

from fractions import Fraction

from build_tools.checking.rule import rule

from . import actions, combat, mesures

DIFFICULTES_DE_LA_TABLE = range(-10, 11)
"""Les difficultés finales de la table des chances: de −10 à +10."""

FACTEURS_ECRITS = (("FR", "rapidite"), ("FD", "dommages"), ("FF", "finesse"), ("FP", "parade"))
"""L'ordre dans lequel une carte écrit les Facteurs d'un type d'attaque."""

ADVERBE_DE_REFERENCE = "Peu"
"""L'adverbe dont le N vaut 1: les Facteurs qui le suivent valent « +N »."""


@rule
def chances_exactes_et_du_livre() -> list[tuple[int, Fraction, Fraction]]:
    """Pour chaque difficulté finale, la chance exacte aux dés et celle de la table du livre."""
    return [
        (
            difficulte,
            actions.chance_de_reussite(difficulte),
            mesures.chance_de_la_table(difficulte) / 100,
        )
        for difficulte in DIFFICULTES_DE_LA_TABLE
    ]


@rule
def adverbes() -> list[tuple[str, int, str, int]]:
    """La « Table des adverbes », deux adverbes par ligne comme dans le livre."""
    paires = list(combat.ADVERBES.items())
    moitie = len(paires) // 2
    return [(*paires[rang], *paires[rang + moitie]) for rang in range(moitie)]


@rule
def types_d_attaque() -> list[tuple[str, str]]:
    """Les « Types d'attaque possible » et leurs Facteurs, en N (la valeur de l'adverbe)."""
    n = combat.valeur_de_l_adverbe(ADVERBE_DE_REFERENCE)
    lignes = []
    for nom in combat.TYPES_D_ATTAQUE:
        facteurs = combat.facteurs_du_type(nom, ADVERBE_DE_REFERENCE)
        ecrits = [
            f"{sigle} = +N" if getattr(facteurs, champ) == n else f"{sigle} = +{valeur}"
            for sigle, champ in FACTEURS_ECRITS
            if (valeur := getattr(facteurs, champ))
        ]
        if not ecrits:
            ecrits = ["0 partout"]
        lignes.append((nom, ", ".join(ecrits)))
    return lignes
