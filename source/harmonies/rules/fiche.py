"""La feuille de personnage: what the two chapters of Harmonies we have use of a character.

The chapters « La résolution des actions » and « Le combat » use a character's
compétences and their levels, his weapons (bonuses BF/BP/BR/BD and class of
damage S/E/L/G/C/F), his encaissement, his style de combat, and his points de
douleur and blessures: the statistics the MJ keeps at hand (« les points de
douleur, les blessures, l'Encaissement (Cp+Rs+Armure), la base de Rapidité… »).
The sheet lays them out, its weapons' rows ending with the bases A/P/R/D of the
MJ's prepared table of combat, computed by `rules.combat.table_de_combat`.

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

from build_tools.render.sheets_model import (
    Accord,
    Case,
    Description,
    Erreur,
    Exemple,
    Groupe,
    Piste,
    Tableau,
)

from . import combat

S_ENC = "l'Encaissement (Cp+Rs+Armure)"
S_RAPIDITE = "La base de Rapidité: Niveau+BR+Style"
S_PARADE = "La base de Parade: Niveau+BP+Style"
S_ATTAQUE = "La base d'Attaque: Niveau+BF+Style"
S_DOMMAGES = "La base de Dommages: BD+Style"
S_CLASSE = "La classe de dommage: S/E/L/G/C/F"
S_STYLE = "C'est un ensemble d'un bonus de base en Rapidité"
S_FINESSE = "Le Facteur Finesse ne peut toutefois être supérieur à"
S_EVANOUISSEMENT = "Passant le cap du -5"
S_VARIENT = "Les points de douleurs et les blessures varient"

_NOMBRE = r"([+\-]?\d+)"

FICHE = Description(
    titre="Harmonies — feuille de personnage",
    entete=(
        Case("nom", "Nom du personnage", type=str, largeur=6, requise=True),
        Case("joueur", "Joueur", type=str, largeur=4),
    ),
    sections=(
        Groupe(
            "defense",
            "Encaissement et style de combat",
            (
                Case("cp_rs", "Corpulence + Résistance", "Cp+Rs", requise=True, signe=True),
                Case("armure", "Armure", type=str, largeur=4),
                Case("bonus_armure", "Bonus d’armure", "Armure", minimum=0),
                Case(
                    "Enc",
                    "Encaissement",
                    "Enc.",
                    formule="Enc. = Cp + Rs + Armure",
                    source=S_ENC,
                    signe=True,
                    regle=combat.encaissement,
                ),
                Case("FR", "Style : Facteur de Rapidité", "FR", minimum=combat.FACTEUR_MINIMAL),
                Case("FD", "Style : Facteur de Dommages", "FD", minimum=combat.FACTEUR_MINIMAL),
                Case(
                    "FF",
                    "Style : Facteur de Finesse",
                    "FF",
                    minimum=combat.FACTEUR_MINIMAL,
                    maximum=combat.FINESSE_MAXIMALE,
                    source=S_FINESSE,
                ),
            ),
            note="Le style de combat : un bonus de base en Rapidité, en Dommages et en Finesse, "
            "au choix du joueur ; chaque Facteur vaut 0 ou plus, la Finesse au plus +5.",
        ),
        Groupe(
            "sante",
            "Douleur et blessures",
            (
                Piste("legeres", "Blessures légères", 4, S_VARIENT, "Légères"),
                Piste("graves", "Blessures graves", 2, S_VARIENT, "Graves"),
                Piste("critique", "Blessure critique", 1, S_VARIENT, "Critique"),
                Case("douleur", "Points de douleur", "Douleur", minimum=0, source=S_VARIENT),
                Case(
                    "penalite",
                    "Pénalité",
                    formule="−1 par point de douleur à tout",
                    source=S_VARIENT,
                    regle=combat.penalite,
                ),
                Case(
                    "evanouissement",
                    "Jet d’évanouissement dû",
                    "Évanouissement",
                    type=str,
                    formule="dû dès 5 points de douleur",
                    source=S_EVANOUISSEMENT,
                    regle=combat.jet_d_evanouissement_du,
                ),
            ),
        ),
        Tableau(
            "armes",
            "Armes : bonus, classe de dommage et table de combat",
            lignes=3,
            coupure=6,
            colonnes=(
                Case("nom", "Arme", type=str, largeur=4, requise=True),
                Case("competence", "Compétence", type=str, largeur=4, requise=True),
                Case("BF", "Bonus de Finesse", "BF", requise=True, signe=True),
                Case("BP", "Bonus de Parade", "BP", requise=True, signe=True),
                Case("BR", "Bonus de Rapidité", "BR", requise=True, signe=True),
                Case("BD", "Bonus de Dommages", "BD", requise=True, signe=True),
                Case(
                    "A",
                    "Base d’Attaque",
                    "A",
                    formule="A = Niveau + BF + Style",
                    source=S_ATTAQUE,
                    signe=True,
                    regle=combat.base_d_attaque,
                ),
                Case(
                    "P",
                    "Base de Parade",
                    "P",
                    formule="P = Niveau + BP + Style",
                    source=S_PARADE,
                    signe=True,
                    regle=combat.base_de_parade,
                ),
                Case(
                    "R",
                    "Base de Rapidité",
                    "R",
                    formule="R = Niveau + BR + Style",
                    source=S_RAPIDITE,
                    signe=True,
                    regle=combat.base_de_rapidite,
                ),
                Case(
                    "D",
                    "Base de Dommages",
                    "D",
                    formule="D = BD + Style",
                    source=S_DOMMAGES,
                    signe=True,
                    regle=combat.base_de_dommages,
                ),
                *(
                    Case(
                        degre, f"Classe de dommage : {degre}", degre, requise=True, source=S_CLASSE
                    )
                    for degre in combat.CLASSE
                ),
            ),
            note="Classe : le seuil de chaque degré, de S (sonné) à F ; un jet d’encaissement "
            "à ce seuil ou en dessous atteint ce degré.",
        ),
        Tableau(
            "competences",
            "Compétences",
            lignes=8,
            colonnes=(
                Case("nom", "Compétence", type=str, largeur=6, requise=True),
                Case("attributs", "Attributs (ex. Ag+Mn)", "Attributs", type=str, largeur=2),
                Case("valeur_attributs", "Valeur des attributs", "Attr.", requise=True),
                Case("valeur", "Valeur de la compétence", "Comp.", requise=True),
                Case(
                    "Niveau",
                    "Niveau de Compétence",
                    "Niveau",
                    formule="Niveau = Compétence + Attributs",
                    regle=combat.niveau_de_combat,
                ),
            ),
        ),
    ),
    verifier=lambda personnage: verifier(personnage),
    calculer=lambda personnage: calculer(personnage),
    exemples=(
        Exemple(
            "personnages/david.toml",
            (
                Accord(("defense.Enc",), "|David | Enc.", "|David | Enc. : {} |"),
                Accord(
                    ("armes.0.A", "armes.0.P", "armes.0.R", "armes.0.D"),
                    "|David | Enc.",
                    re.compile(r"\|David \|.*?APRD : " + "/ ".join([_NOMBRE] * 4)),
                ),
            ),
        ),
        Exemple(
            "personnages/goliath.toml",
            (
                Accord(("defense.Enc",), "|Goliath | Enc.", "|Goliath | Enc. : {} |"),
                Accord(
                    ("armes.0.A", "armes.0.P", "armes.0.R", "armes.0.D"),
                    "|Goliath | Enc.",
                    re.compile(r"\|Goliath \|.*?APRD : " + "/ ".join([_NOMBRE] * 4)),
                ),
            ),
        ),
    ),
)


def verifier(personnage: Mapping[str, Any]) -> list[Erreur]:
    """The rules a character file breaks: unknown compétences, classes out of order."""
    erreurs = []
    noms = [c["nom"] for c in personnage.get("competences", [])]
    for index, arme in enumerate(personnage.get("armes", [])):
        if arme["competence"] not in noms:
            erreurs.append(
                Erreur(
                    f"armes.{index}.competence",
                    f"{arme['nom']}\u00a0: la compétence « {arme['competence']} » n’est pas dans "
                    "les compétences du personnage",
                    S_ATTAQUE,
                )
            )
        for rang in range(1, len(combat.CLASSE)):
            avant, degre = combat.CLASSE[rang - 1], combat.CLASSE[rang]
            if arme[degre] >= arme[avant]:
                erreurs.append(
                    Erreur(
                        f"armes.{index}.{degre}",
                        f"{arme['nom']}\u00a0: le seuil {degre} ({_signe(arme[degre])}) doit être "
                        f"plus bas que le seuil {avant} ({_signe(arme[avant])})",
                        S_CLASSE,
                    )
                )
    return erreurs


def calculer(personnage: Mapping[str, Any]) -> dict[str, Any]:
    """Every derived box: Encaissement, pain's penalty, Niveaux, and each weapon's bases A/P/R/D."""
    defense = personnage.get("defense", {})
    sante = personnage.get("sante", {})
    style = combat.Facteurs(
        finesse=defense.get("FF", 0),
        dommages=defense.get("FD", 0),
        rapidite=defense.get("FR", 0),
    )
    totaux: dict[str, Any] = {
        "defense.Enc": combat.encaissement(defense["cp_rs"], defense.get("bonus_armure", 0)),
        "sante.penalite": combat.penalite(sante.get("douleur", 0)),
        "sante.evanouissement": combat.jet_d_evanouissement_du(sante.get("douleur", 0)),
    }
    competences = {}
    for index, competence in enumerate(personnage.get("competences", [])):
        competences[competence["nom"]] = competence
        totaux[f"competences.{index}.Niveau"] = combat.niveau_de_combat(
            competence["valeur"], competence["valeur_attributs"]
        )
    for index, arme in enumerate(personnage.get("armes", [])):
        competence = competences[arme["competence"]]
        table = combat.table_de_combat(
            combat.Personnage(
                personnage["nom"],
                combat.Arme(
                    arme["nom"],
                    arme["BF"],
                    arme["BP"],
                    arme["BR"],
                    arme["BD"],
                    tuple(arme[degre] for degre in combat.CLASSE),
                ),
                competence=competence["valeur"],
                attributs=competence["valeur_attributs"],
                cp_rs=defense["cp_rs"],
                armure=defense.get("bonus_armure", 0),
                style=style,
            )
        )
        totaux[f"armes.{index}.A"] = table.attaque
        totaux[f"armes.{index}.P"] = table.parade
        totaux[f"armes.{index}.R"] = table.rapidite
        totaux[f"armes.{index}.D"] = table.dommages
    return totaux


def _signe(nombre: int) -> str:
    return f"{nombre:+d}".replace("-", "−") if nombre else "0"
