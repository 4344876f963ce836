"""La feuille de personnage: what the two chapters of Harmonies we have use of a character.

The chapters « La résolution des actions » and « Le combat » use a character's
compétences and their levels, his weapons (bonuses BF/BP/BR/BD and class of
damage S/E/L/G/C/F), his encaissement, his style de combat, and his points de
douleur and blessures: the statistics the MJ keeps at hand (« les points de
douleur, les blessures, l'Encaissement (Cp+Rs+Armure), la base de Rapidité… »).
The sheet lays them out, its weapons' rows ending with the bases A/P/R/D of the
MJ's prepared table of combat, each computed by its rule of `rules.combat` as
`table_de_combat` computes them.

Readings chosen where the chapters leave room:

- A compétence's Attributs (« Lame courte [Ag+Mn] ») are written as the book
  writes them, with their value; the chapters we have define no attribute alone.
- The blessures are the MJ's table's « Bless. : __ __ __ __ / __ __ / __ »:
  four, two and one boxes.
- A class of damage lists its six thresholds from the least grave; each is
  lower than the one before (the worst degree reached counts).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from build_tools.game import (
    Agreement,
    Box,
    Description,
    Example,
    Group,
    Mistake,
    Table,
    Track,
    constant,
    printed,
)

from . import combat

# The sentences the boxes of the sheet cite (words of the book, not rules of their own).
_S_ENC = "l'Encaissement (Cp+Rs+Armure)"
_S_RAPIDITE = "La base de Rapidité: Niveau+BR+Style"
_S_PARADE = "La base de Parade: Niveau+BP+Style"
_S_ATTAQUE = "La base d'Attaque: Niveau+BF+Style"
_S_DOMMAGES = "La base de Dommages: BD+Style"
_S_CLASSE = "La classe de dommage: S/E/L/G/C/F"
_S_STYLE = "C'est un ensemble d'un bonus de base en Rapidité"
_S_FINESSE = "Le Facteur Finesse ne peut toutefois être supérieur à"
_S_EVANOUISSEMENT = "Passant le cap du -5"
_S_VARIENT = "Les points de douleurs et les blessures varient"

_NOMBRE = r"([+\-]?\d+)"
_NIVEAU = "competences[nom={competence}].Niveau"
"""A weapon's Niveau: its compétence's."""
# Each base's « +Style » is what the style's Facteurs do to it (combat.apport_du_style): FF − FR
# − FD to the Attaque, −FF to the Parade, FR to the Rapidité, FD to the Dommages.

_DESCRIPTION = Description(
    title="Harmonies — feuille de personnage",
    header=(
        Box("nom", "Nom du personnage", type=str, width=6, required=True),
        Box("joueur", "Joueur", type=str, width=4),
    ),
    sections=(
        Group(
            "defense",
            "Encaissement et style de combat",
            (
                Box("cp_rs", "Corpulence + Résistance", "Cp+Rs", required=True, signed=True),
                Box("armure", "Armure", type=str, width=4),
                Box("bonus_armure", "Bonus d’armure", "Armure", minimum=0),
                Box(
                    "Enc",
                    "Encaissement",
                    "Enc.",
                    formula="Enc. = Cp + Rs + Armure",
                    cites=_S_ENC,
                    signed=True,
                    rule=combat.encaissement,
                    arguments={"cp_rs": "cp_rs", "armure": "bonus_armure"},
                ),
                Box("FR", "Style : Facteur de Rapidité", "FR", minimum=combat.FACTEUR_MINIMAL),
                Box("FD", "Style : Facteur de Dommages", "FD", minimum=combat.FACTEUR_MINIMAL),
                Box(
                    "FF",
                    "Style : Facteur de Finesse",
                    "FF",
                    minimum=combat.FACTEUR_MINIMAL,
                    maximum=combat.FINESSE_MAXIMALE,
                    cites=_S_FINESSE,
                ),
            ),
            note="Le style de combat : un bonus de base en Rapidité, en Dommages et en Finesse, "
            "au choix du joueur ; chaque Facteur vaut 0 ou plus, la Finesse au plus +5.",
        ),
        Group(
            "sante",
            "Douleur et blessures",
            (
                Track("legeres", "Blessures légères", 4, _S_VARIENT, "Légères"),
                Track("graves", "Blessures graves", 2, _S_VARIENT, "Graves"),
                Track("critique", "Blessure critique", 1, _S_VARIENT, "Critique"),
                Box("douleur", "Points de douleur", "Douleur", minimum=0, cites=_S_VARIENT),
                Box(
                    "penalite",
                    "Pénalité",
                    formula="−1 par point de douleur à tout",
                    cites=_S_VARIENT,
                    rule=combat.penalite,
                    arguments={"points_de_douleur": "douleur"},
                ),
                Box(
                    "evanouissement",
                    "Jet d’évanouissement dû",
                    "Évanouissement",
                    type=str,
                    formula="dû dès 5 points de douleur",
                    cites=_S_EVANOUISSEMENT,
                    rule=combat.jet_d_evanouissement_du,
                    arguments={"points_de_douleur": "douleur"},
                ),
            ),
        ),
        Table(
            "armes",
            "Armes : bonus, classe de dommage et table de combat",
            blank_rows=3,
            split=6,
            columns=(
                Box("nom", "Arme", type=str, width=4, required=True),
                Box("competence", "Compétence", type=str, width=4, required=True),
                Box("BF", "Bonus de Finesse", "BF", required=True, signed=True),
                Box("BP", "Bonus de Parade", "BP", required=True, signed=True),
                Box("BR", "Bonus de Rapidité", "BR", required=True, signed=True),
                Box("BD", "Bonus de Dommages", "BD", required=True, signed=True),
                Box(
                    "A",
                    "Base d’Attaque",
                    "A",
                    formula="A = Niveau + BF + Style",
                    cites=_S_ATTAQUE,
                    signed=True,
                    rule=combat.base_d_attaque,
                    arguments={
                        "niveau": _NIVEAU,
                        "bonus_de_finesse": "BF",
                        "style": ("defense.FF", "−defense.FR", "−defense.FD"),
                    },
                ),
                Box(
                    "P",
                    "Base de Parade",
                    "P",
                    formula="P = Niveau + BP + Style",
                    cites=_S_PARADE,
                    signed=True,
                    rule=combat.base_de_parade,
                    arguments={
                        "niveau": _NIVEAU,
                        "bonus_de_parade": "BP",
                        "style": "−defense.FF",
                    },
                ),
                Box(
                    "R",
                    "Base de Rapidité",
                    "R",
                    formula="R = Niveau + BR + Style",
                    cites=_S_RAPIDITE,
                    signed=True,
                    rule=combat.base_de_rapidite,
                    arguments={
                        "niveau": _NIVEAU,
                        "bonus_de_rapidite": "BR",
                        "style": "defense.FR",
                    },
                ),
                Box(
                    "D",
                    "Base de Dommages",
                    "D",
                    formula="D = BD + Style",
                    cites=_S_DOMMAGES,
                    signed=True,
                    rule=combat.base_de_dommages,
                    arguments={"bonus_de_dommages": "BD", "style": "defense.FD"},
                ),
                *(
                    Box(
                        degre, f"Classe de dommage : {degre}", degre, required=True, cites=_S_CLASSE
                    )
                    for degre in combat.CLASSE
                ),
            ),
            note="Classe : le seuil de chaque degré, de S (sonné) à F ; un jet d’encaissement "
            "à ce seuil ou en dessous atteint ce degré.",
        ),
        Table(
            "competences",
            "Compétences",
            blank_rows=8,
            columns=(
                Box("nom", "Compétence", type=str, width=6, required=True),
                Box("attributs", "Attributs (ex. Ag+Mn)", "Attributs", type=str, width=2),
                Box("valeur_attributs", "Valeur des attributs", "Attr.", required=True),
                Box("valeur", "Valeur de la compétence", "Comp.", required=True),
                Box(
                    "Niveau",
                    "Niveau de Compétence",
                    "Niveau",
                    formula="Niveau = Compétence + Attributs",
                    rule=combat.niveau_de_combat,
                    arguments={"competence": "valeur", "attributs": "valeur_attributs"},
                ),
            ),
        ),
    ),
    check=lambda personnage: verifier(personnage),
    examples=(
        Example(
            "personnages/david.toml",
            (
                Agreement(("defense.Enc",), "|David | Enc.", "|David | Enc. : {} |"),
                Agreement(
                    ("armes.0.A", "armes.0.P", "armes.0.R", "armes.0.D"),
                    "|David | Enc.",
                    re.compile(r"\|David \|.*?APRD : " + "/ ".join([_NOMBRE] * 4)),
                ),
            ),
        ),
        Example(
            "personnages/goliath.toml",
            (
                Agreement(("defense.Enc",), "|Goliath | Enc.", "|Goliath | Enc. : {} |"),
                Agreement(
                    ("armes.0.A", "armes.0.P", "armes.0.R", "armes.0.D"),
                    "|Goliath | Enc.",
                    re.compile(r"\|Goliath \|.*?APRD : " + "/ ".join([_NOMBRE] * 4)),
                ),
            ),
        ),
    ),
)
# The sheet lays out the statistics the MJ keeps at hand; its boxes cite their own sentences.
FICHE = constant(
    _DESCRIPTION,
    cites="il est à remarquer que 8 caractéristiques reviennent presque à tous les rounds",
)


def verifier(personnage: Mapping[str, Any]) -> list[Mistake]:
    """The rules a character file breaks: unknown compétences, classes out of order."""
    erreurs = []
    noms = [c["nom"] for c in personnage.get("competences", [])]
    for index, arme in enumerate(personnage.get("armes", [])):
        if arme["competence"] not in noms:
            erreurs.append(
                Mistake(
                    f"armes.{index}.competence",
                    f"{arme['nom']}\u00a0: la compétence « {arme['competence']} » n’est pas dans "
                    "les compétences du personnage",
                    _S_ATTAQUE,
                )
            )
        for rang in range(1, len(combat.CLASSE)):
            avant, degre = combat.CLASSE[rang - 1], combat.CLASSE[rang]
            if arme[degre] >= arme[avant]:
                erreurs.append(
                    Mistake(
                        f"armes.{index}.{degre}",
                        f"{arme['nom']}\u00a0: le seuil {degre} "
                        f"({printed(arme[degre], signed=True)}) doit être plus bas que "
                        f"le seuil {avant} ({printed(arme[avant], signed=True)})",
                        _S_CLASSE,
                    )
                )
    return erreurs
