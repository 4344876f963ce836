"""L'équipement: compétences martiales, points de vie des objets, bonus de parade.

From « Tronc Commun » and « Les Combattants » of Edad 0.2.
"""

from __future__ import annotations

from build_tools.checking.rule import rule

COMPETENCES_MARTIALES = (
    "couteau",
    "dague",
    "épée courte",
    "épée longue",
    "épée bâtarde",
    "épée à deux mains",
    "masse légère",
    "marteau de guerre",
    "masse lourde",
    "hache de lancer",
    "hache d'armes",
    "grande hache",
    "épieu",
    "bâton/pique",
    "hallebarde",
    "arbalète de poing",
    "arbalète légère",
    "arbalète lourde",
    "arc court",
    "arc long",
)
"""Les compétences martiales de base, dans l'ordre du livre."""

SEUIL_DE_BASE_DES_ARMES = 5

POINTS_DE_VIE_DES_OBJETS = {
    ("arme", "légère"): 30,
    ("arme", "moyenne"): 40,
    ("arme", "lourde"): 50,
    ("bouclier", "de bois"): 60,
    ("bouclier", "en métal"): 80,
    ("bouclier", "pavois"): 100,
    ("armure", "légère"): 300,
    ("armure", "intermédiaire"): 400,
    ("armure", "lourde"): 500,
}
"""Les PVs d'un objet non magique, par sorte et par taille."""

PVS_PAR_BONUS_D_ALTERATION = {"arme": 10, "bouclier": 20, "armure": 100}
"""Les PVs qu'ajoute chaque point de bonus d'altération d'un objet magique."""

BASE_DU_BONUS_DE_PARADE = 10
"""« un bonus à la parade égal à de 10+bonus à la CA indiquée dans le manuel des joueurs »."""

ORDRE_DES_PARADES = ("protection magique", "bouclier", "armure")
"""Les trois font des tests séparément, dans cet ordre."""


@rule
def nombre_de_competences_martiales() -> int:
    """le nombre de compétences martiales de base de la liste."""
    return len(COMPETENCES_MARTIALES)


@rule
def points_de_vie_d_un_objet(sorte: str, taille: str, bonus_d_alteration: int = 0) -> int:
    """PVs = PVs de l'objet selon sa taille + (10, 20 ou 100) × bonus d'altération."""
    return (
        POINTS_DE_VIE_DES_OBJETS[sorte, taille]
        + PVS_PAR_BONUS_D_ALTERATION[sorte] * bonus_d_alteration
    )


@rule
def bonus_de_parade(bonus_a_la_ca: int) -> int:
    """bonus de parade (armure, bouclier, protection magique) = 10 + bonus à la CA."""
    return BASE_DU_BONUS_DE_PARADE + bonus_a_la_ca
