"""Le personnage: caractéristiques et leurs bonus, compétences, points de vie et agonie.

The chapters « Le Personnage » and « Remarques Générales » of Edad 0.2, as code.
"""

from __future__ import annotations

from build_tools.game import Distribution, constant, rule

from .jets import des

CARACTERISTIQUES = constant(
    {
        "For": "Force",
        "Dex": "Dextérité",
        "Con": "Constitution",
        "Int": "Intelligence",
        "Sag": "Sagesse",
        "Cha": "Charisme",
    },
    cites="abrégées respectivement en For, Dex, Con, Int, Sag et Cha",
)
"""Les six caractéristiques, par leur abréviation."""

TIRAGE_CLASSIQUE = constant(
    (3, 6), cites="Classiquement, les valeurs sont tirées avec 3D6", formula="3D6"
)
"""« Classiquement, les valeurs sont tirées avec 3D6 »."""

FACTEUR_DE_PUISSANCE_LIBRE = constant(
    0,
    cites="La plupart des races ont un facteur de puissance de 0, ce qui signifie qu'elles "
    "peuvent être prises librement",
)
"""Une race de facteur de puissance 0 se prend librement; les autres se paient en karma."""

VALEUR_SANS_BONUS = constant(
    10, cites="la valeur de cette caractéristique moins 10", formula="bonus = valeur − 10"
)
"""« la valeur de cette caractéristique moins 10 »."""

COMPETENCES_DE_SAUVEGARDE = constant(
    {"Agilité": "Dex", "Résistance": "Con", "Volonté": "Int"},
    cites="les compétences Agilité(Dex), Résistance(Con) et Volonté(Int) remplacent les jets "
    "de sauvegarde de D&D",
)
"""Les compétences qui remplacent les jets de sauvegarde de D&D, et leur caractéristique."""

SAUVEGARDES_DE_D_ET_D = constant(
    {"Réflexes": "Dex", "Vigueur": "Con", "Volonté": "Sag"},
    cites="remplacent les jets de sauvegarde de D&D",
)
"""Les jets de sauvegarde de D&D 3.5 (le jeu qu'Edad modifie) et leur caractéristique."""


@rule(
    formula="sauvegarde → la compétence d'Edad de même caractéristique (ou de même nom)",
    cites="les compétences Agilité(Dex), Résistance(Con) et Volonté(Int) remplacent les jets "
    "de sauvegarde de D&D",
)
def competence_de_la_sauvegarde(sauvegarde: str) -> str | None:
    """La compétence d'Edad qui remplace un jet de sauvegarde de D&D (Vigueur : Résistance)."""
    caracteristique = SAUVEGARDES_DE_D_ET_D.get(sauvegarde)
    if caracteristique is None:
        return None
    for competence, sienne in COMPETENCES_DE_SAUVEGARDE.items():
        if sienne == caracteristique or competence == sauvegarde:
            return competence
    return sauvegarde if sauvegarde in COMPETENCES_DE_SAUVEGARDE else None


COMPETENCES = constant(
    {
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
    },
    cites=(
        "les compétences Agilité(Dex), Résistance(Con) et Volonté(Int)",
        "pour dire que l'estimation est liée à l'intelligence",
        "en faisant un test de survie",
        "Les pièges sont détectables avec un test de fouille",
        "en faisant un jet opposé de bluff contre la psychologie de la cible",
        "La compétence Art de la magie change de nom et devient Arcane",
        "La compétence Perception englobe désormais",
        "La compétence Crochetage englobe désormais",
        "permet d'ajouter sa compétence de perception",
    ),
)
"""The skills the book names, with the characteristic it ties them to where it says one.

The book lists no skills: these are the ones its rules and examples use
(« test de survie », « test de fouille », « bluff contre la psychologie »,
Arcane which « Art de la magie » becomes, Perception which absorbs Détection and
Perception auditive, Crochetage which absorbs Désamorçage/sabotage). The 20
compétences martiales are in `equipement.COMPETENCES_MARTIALES`.
"""


@rule(formula="caractéristique = 3D6", cites="Classiquement, les valeurs sont tirées avec 3D6")
def tirage_classique() -> Distribution:
    """Classiquement, une caractéristique est tirée avec 3D6."""
    return des(*TIRAGE_CLASSIQUE)


@rule(
    formula="bonus = valeur − 10",
    symbols={"valeur": "valeur"},
    cites="la valeur de cette caractéristique moins 10",
)
def bonus_de_caracteristique(valeur: int) -> int:
    """Le bonus lié à une caractéristique est sa valeur moins 10 (il peut être négatif)."""
    return valeur - VALEUR_SANS_BONUS


@rule(
    formula="bonus au test = points de compétence + bonus de la caractéristique liée",
    symbols={
        "points de compétence": "points",
        "bonus de la caractéristique liée": lambda arguments: (
            arguments["valeur_de_la_caracteristique_liee"] - VALEUR_SANS_BONUS
        ),
    },
    cites="le bonus de la caractéristique liée à la compétence se rajoutera au test de la "
    "compétence",
)
def bonus_de_competence(points: int, valeur_de_la_caracteristique_liee: int) -> int:
    """Le bonus au test est les points de compétence plus le bonus de la caractéristique liée.

    Le bonus de la caractéristique liée à la compétence se rajoute aux points de compétence pour le
    test."""
    return points + bonus_de_caracteristique(valeur_de_la_caracteristique_liee)


@rule(
    formula="points = ⌊points de la compétence / 2⌋",
    cites="Vous pouvez utiliser la moitié (arrondie à l'inférieur) de vos points dans une "
    "compétence pour l'utilisation d'une compétence voisine",
)
def points_pour_une_competence_voisine(points: int) -> int:
    """Une compétence voisine s'utilise avec la moitié des points, arrondie à l'inférieur."""
    return points // 2


@rule(
    formula="PVs = Con + bonus",
    symbols={"Con": "constitution", "bonus": "bonus"},
    cites="Les points de vie d'un personnage (PVs) sont égaux à sa valeur de constitution, plus "
    "des bonus",
)
def points_de_vie(constitution: int, bonus: int = 0) -> int:
    """Les PVs sont égaux à la valeur de constitution, plus des bonus (race, Robustesse…)."""
    return constitution + bonus


SEUIL_D_INCONSCIENCE = constant(
    0, cites="Si les PVs d'un personnage tombent à 0, le personnage devient inconscient"
)
"""« Si les PVs d'un personnage tombent à 0, le personnage devient inconscient »."""


@rule(
    formula="seuil = −PVs maximum",
    symbols={"PVs maximum": "points_de_vie_maximum"},
    cites="En deçà de ce seuil, le personnage meurt",
)
def seuil_de_mort(points_de_vie_maximum: int) -> int:
    """Le personnage meurt sous −PVs : le seuil est l'opposé de ses PVs maximum."""
    return -points_de_vie_maximum


@rule(
    formula=(
        "PVs > 0 : conscient ; PVs = 0 : inconscient ; "
        "−PVs maximum ≤ PVs < 0 : mourant ; PVs < −PVs maximum : mort"
    ),
    symbols={"PVs maximum": "points_de_vie_maximum", "PVs": "points_de_vie_restants"},
    cites=(
        "Si les PVs d'un personnage tombent à 0, le personnage devient inconscient",
        "Si les PVs d'un personnage deviennent négatifs (mais supérieurs ou égaux à -PVs du "
        "personnage), alors le personnage est mourant",
        "En deçà de ce seuil, le personnage meurt",
    ),
)
def etat(points_de_vie_restants: int, points_de_vie_maximum: int) -> str:
    """À 0 PV inconscient ; négatifs jusqu'à −PVs mourant ; en deçà mort.

    À 0 PV, le personnage est inconscient ; négatifs mais au moins −PVs, il est mourant ; en deçà,
    il meurt."""
    if points_de_vie_restants > SEUIL_D_INCONSCIENCE:
        return "conscient"
    if points_de_vie_restants == SEUIL_D_INCONSCIENCE:
        return "inconscient"
    if points_de_vie_restants >= seuil_de_mort(points_de_vie_maximum):
        return "mourant"
    return "mort"


PERTE_DU_MOURANT_PAR_TOUR = constant(
    1, cites="doit être stabilisé sous peine de perdre 1 PV par tour"
)
"""Un personnage mourant non stabilisé perd 1 PV par tour."""
