"""L'aide de jeu: les tables des cartes de référence, calculées par les règles.

Chaque fonction donne les lignes d'une table d'une carte (`deck.toml`), dans
l'ordre où la carte les montre; les chances sont des fractions exactes.
"""

from __future__ import annotations

from fractions import Fraction

from build_tools.game import rule

from . import actions, combat, mesures

# The rows and wording of the cards' tables: choices of the cards, not rules of the book.
_DIFFICULTES_DE_LA_TABLE = range(-10, 11)
"""Les difficultés finales de la table des chances: de −10 à +10."""

_FACTEURS_ECRITS = (("FR", "rapidite"), ("FD", "dommages"), ("FF", "finesse"), ("FP", "parade"))
"""L'ordre dans lequel une carte écrit les Facteurs d'un type d'attaque."""

_ADVERBE_DE_REFERENCE = "Peu"
"""L'adverbe dont le N vaut 1: les Facteurs qui le suivent valent « +N »."""


@rule(cites="chances de réussite approximative en pourcentage reliées à la difficulté finale")
def chances_exactes_et_du_livre() -> list[tuple[int, Fraction, Fraction]]:
    """Pour chaque difficulté finale, la chance exacte aux dés et celle de la table du livre."""
    return [
        (
            difficulte,
            actions.chance_de_reussite(difficulte),
            mesures.chance_de_la_table(difficulte) / 100,
        )
        for difficulte in _DIFFICULTES_DE_LA_TABLE
    ]


@rule(cites="La classe de dommage: S/E/L/G/C/F")
def classes_de_dommage() -> list[tuple[str, str, str]]:
    """Les degrés de la classe de dommage, du plus léger, et l'effet que le chapitre en donne.

    Un jet d'encaissement au seuil d'un degré ou en dessous l'atteint; le pire atteint
    compte. Le chapitre ne donne l'effet que de S, E et L (la section sur la classe de
    l'arme ne nous est pas parvenue)."""
    effets = {
        "S": f"sonné : {combat.PENALITE_DU_SONNE} à tout au round suivant",
        "E": f"éraflure : {combat.DOULEUR['E']} point de douleur",
        "L": f"blessure légère : {combat.DOULEUR['L']} points de douleur",
    }
    return [(degre, effets.get(degre, "effet non donné par le livre")) for degre in combat.CLASSE]


@rule(
    cites=(
        "Goliath a maintenant un point de douleur et attaque David",
        "Passant le cap du -5, Goliath devra tenter un jet d'évanouissement",
    )
)
def effets_de_la_douleur() -> list[tuple]:
    """Les effets de la douleur : une pénalité par point, un jet d'évanouissement passé le cap.

    Chaque point de douleur est une pénalité sur toutes les activités; du cap en montant, un jet
    d'évanouissement est dû."""
    par_point = combat.penalite(points_de_douleur=1)
    return [
        ("chaque point", f"{par_point} à toutes les activités"),
        ((combat.SEUIL_D_EVANOUISSEMENT, None), "un jet d’évanouissement est dû"),
    ]


@rule(cites="table « Table des adverbes »")
def adverbes() -> list[tuple[str, int, str, int]]:
    """La « Table des adverbes », deux adverbes par ligne comme dans le livre."""
    paires = list(combat.ADVERBES.items())
    moitie = len(paires) // 2
    return [(*paires[rang], *paires[rang + moitie]) for rang in range(moitie)]


@rule(cites="table « Types d'attaque possible »")
def types_d_attaque() -> list[tuple[str, str]]:
    """Les « Types d'attaque possible » et leurs Facteurs, en N (la valeur de l'adverbe).

    Le FD d'une attaque retenue est soustrait du Total de Dommage, comme le dit sa case."""
    n = combat.valeur_de_l_adverbe(_ADVERBE_DE_REFERENCE)
    lignes = []
    for nom in combat.TYPES_D_ATTAQUE:
        facteurs = combat.facteurs_du_type(nom, _ADVERBE_DE_REFERENCE)
        ecrits = [
            f"{sigle} = +N" if getattr(facteurs, champ) == n else f"{sigle} = +{valeur}"
            for sigle, champ in _FACTEURS_ECRITS
            if (valeur := getattr(facteurs, champ))
        ]
        if not ecrits:
            ecrits = ["0 partout"]
        if facteurs.retenue:  # the FD of a held-back attack is taken off the Dommages
            ecrits.append("toutefois le FD sera soustrait dans le calcul du Total de Dommage")
        lignes.append((nom, ", ".join(ecrits)))
    return lignes
