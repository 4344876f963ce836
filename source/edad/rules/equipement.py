"""L'équipement: compétences martiales, points de vie des objets, bonus de parade.

From « Tronc Commun » and « Les Combattants » of Edad 0.2.
"""

from __future__ import annotations

from build_tools.game import constant, rule

COMPETENCES_MARTIALES = constant(
    (
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
    ),
    cites="Les compétences martiales correspondent à un classement des armes en fonction de leur "
    "type et de leur taille",
)
"""Les compétences martiales de base, dans l'ordre du livre."""

SEUIL_DE_BASE_DES_ARMES = constant(5, cites="Le seuil de base des armes est de 5")

POINTS_DE_VIE_DES_OBJETS = constant(
    {
        ("arme", "légère"): 30,
        ("arme", "moyenne"): 40,
        ("arme", "lourde"): 50,
        ("bouclier", "de bois"): 60,
        ("bouclier", "en métal"): 80,
        ("bouclier", "pavois"): 100,
        ("armure", "légère"): 300,
        ("armure", "intermédiaire"): 400,
        ("armure", "lourde"): 500,
    },
    cites=(
        "Les armes, les boucliers et les armures disposent d'un certain nombre de points de vie",
        "table « Points de vie des objets »",
    ),
)
"""Les PVs d'un objet non magique, par sorte et par taille."""

PVS_PAR_BONUS_D_ALTERATION = constant(
    {"arme": 10, "bouclier": 20, "armure": 100},
    cites=(
        "Si l'arme est magique, il faut lui rajouter 10*bonus d'altération de l'arme",
        "Si le bouclier est magique, il faut lui rajouter 20*bonus d'altération de l'arme",
        "Si l'armure est magique, il faut lui rajouter 100*bonus d'altération de l'armure",
    ),
)
"""Les PVs qu'ajoute chaque point de bonus d'altération d'un objet magique."""

BASE_DU_BONUS_DE_PARADE = constant(
    10,
    cites=(
        "Les deux types d'objet parent avec un bonus à la parade égal à de 10+bonus à la CA",
        "égal à 10+bonus à la CA indiqué dans le manuel des joueurs",
    ),
    formula="bonus de parade = 10 + bonus à la CA",
)
"""« un bonus à la parade égal à de 10+bonus à la CA indiquée dans le manuel des joueurs »."""

ORDRE_DES_PARADES = constant(
    ("protection magique", "bouclier", "armure"),
    cites="Il n'est possible d'avoir simultanément qu'une protection magique, qu'un bouclier et "
    "qu'une armure, et les trois font des test séparément dans cet ordre",
)
"""Les trois font des tests séparément, dans cet ordre."""


@rule(cites="ce qui nous fait 20 compétences martiales de base")
def nombre_de_competences_martiales() -> int:
    """Le nombre de compétences martiales de base est celui des armes de la liste."""
    return len(COMPETENCES_MARTIALES)


@rule(
    formula="PVs = PVs du tableau + PVs par point × bonus d'altération",
    symbols={
        "PVs du tableau": lambda arguments: POINTS_DE_VIE_DES_OBJETS[
            arguments["sorte"], arguments["taille"]
        ],
        "PVs par point": lambda arguments: PVS_PAR_BONUS_D_ALTERATION[arguments["sorte"]],
        "bonus d'altération": "bonus_d_alteration",
    },
    cites=(
        "table « Points de vie des objets »",
        "Si l'arme est magique, il faut lui rajouter 10*bonus d'altération de l'arme",
    ),
)
def points_de_vie_d_un_objet(sorte: str, taille: str, bonus_d_alteration: int = 0) -> int:
    """Un objet a les PVs de sa taille, plus 10, 20 ou 100 × son bonus d'altération.

    Un objet a les PVs de sa sorte et de sa taille ; s'il est magique, on lui rajoute 10, 20 ou 100
    fois son bonus d'altération."""
    return (
        POINTS_DE_VIE_DES_OBJETS[sorte, taille]
        + PVS_PAR_BONUS_D_ALTERATION[sorte] * bonus_d_alteration
    )


@rule(
    formula="bonus de parade = 10 + bonus à la CA",
    symbols={"bonus à la CA": "bonus_a_la_ca"},
    cites=(
        "Les deux types d'objet parent avec un bonus à la parade égal à de 10+bonus à la CA",
        "égal à 10+bonus à la CA indiqué dans le manuel des joueurs",
    ),
)
def bonus_de_parade(bonus_a_la_ca: int) -> int:
    """Les objets parent avec un bonus à la parade égal à 10 + bonus à la CA.

    Armures, boucliers et protections magiques parent avec un bonus égal à 10 + bonus à la CA."""
    return BASE_DU_BONUS_DE_PARADE + bonus_a_la_ca
