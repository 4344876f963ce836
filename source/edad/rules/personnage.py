"""Le personnage: caractéristiques et leurs bonus, compétences, points de vie et agonie.

The chapters « Le Personnage » and « Remarques Générales » of Edad 0.2, as code.
"""

from __future__ import annotations

from build_tools.checking.rule import constant, rule
from build_tools.dice import Distribution

from .jets import des

CARACTERISTIQUES = {
    "For": "Force",
    "Dex": "Dextérité",
    "Con": "Constitution",
    "Int": "Intelligence",
    "Sag": "Sagesse",
    "Cha": "Charisme",
}
"""Les six caractéristiques, par leur abréviation."""

TIRAGE_CLASSIQUE = (3, 6)
"""« Classiquement, les valeurs sont tirées avec 3D6 »."""

FACTEUR_DE_PUISSANCE_LIBRE = 0
"""Une race de facteur de puissance 0 se prend librement; les autres se paient en karma."""

VALEUR_SANS_BONUS = constant(
    10, cites="la valeur de cette caractéristique moins 10", formula="bonus = valeur − 10"
)
"""« la valeur de cette caractéristique moins 10 »."""

COMPETENCES_DE_SAUVEGARDE = {"Agilité": "Dex", "Résistance": "Con", "Volonté": "Int"}
"""Les compétences qui remplacent les jets de sauvegarde de D&D, et leur caractéristique."""

COMPETENCES = {
    "Agilité": "Dex",
    "Résistance": "Con",
    "Volonté": "Int",
    "Estimation": "Int",
    "Perception": None,
    "Survie": None,
    "Fouille": None,
    "Crochetage": None,
    "Arcane": None,
    "Diplomatie": None,
    "Bluff": None,
    "Psychologie": None,
}
"""The skills the book names, with the characteristic it ties them to where it says one.

The book lists no skills: these are the ones its rules and examples use
(« test de survie », « test de fouille », « bluff contre la psychologie »,
Arcane which « Art de la magie » becomes, Perception which absorbs Détection and
Perception auditive, Crochetage which absorbs Désamorçage/sabotage). The 20
compétences martiales are in `equipement.COMPETENCES_MARTIALES`.
"""


@rule
def tirage_classique() -> Distribution:
    """une caractéristique tirée avec 3D6."""
    return des(*TIRAGE_CLASSIQUE)


@rule(
    formula="bonus = valeur − 10",
    symbols={"valeur": "valeur"},
    cites="la valeur de cette caractéristique moins 10",
)
def bonus_de_caracteristique(valeur: int) -> int:
    """Le bonus lié à une caractéristique est sa valeur moins 10 (il peut être négatif)."""
    return valeur - VALEUR_SANS_BONUS


@rule
def bonus_de_competence(points: int, valeur_de_la_caracteristique_liee: int) -> int:
    """bonus au test = points de compétence + bonus de la caractéristique liée."""
    return points + bonus_de_caracteristique(valeur_de_la_caracteristique_liee)


@rule
def points_pour_une_competence_voisine(points: int) -> int:
    """une compétence voisine s'utilise avec la moitié des points, arrondie à l'inférieur."""
    return points // 2


@rule
def points_de_vie(constitution: int, bonus: int = 0) -> int:
    """PVs = valeur de constitution + bonus (ajustements de race, Robustesse…)."""
    return constitution + bonus


SEUIL_D_INCONSCIENCE = 0
"""« Si les PVs d'un personnage tombent à 0, le personnage devient inconscient »."""


@rule
def etat(points_de_vie_restants: int, points_de_vie_maximum: int) -> str:
    """à 0 PV inconscient; entre −PVs et 0 exclus mourant (−1 PV par tour); en deçà mort."""
    if points_de_vie_restants > SEUIL_D_INCONSCIENCE:
        return "conscient"
    if points_de_vie_restants == SEUIL_D_INCONSCIENCE:
        return "inconscient"
    if points_de_vie_restants >= -points_de_vie_maximum:
        return "mourant"
    return "mort"


PERTE_DU_MOURANT_PAR_TOUR = 1
"""Un personnage mourant non stabilisé perd 1 PV par tour."""
