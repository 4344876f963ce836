"""La feuille de personnage: what a character of Les Clefs de l'Aube holds, checks and totals.

The description (`FICHE`) lists every statistic, derived total and track of a
character, each derived total with its formula in the book's notation and the
sentence that states it; `verifier` (the description's `check`) checks a character file against the
chapter « les personnages » (the moyens' sum and pairs, the aspects rolled, the
starting compétences); `calculer` (its `compute`) derives every total with the rules functions.

Readings chosen where the book leaves room:

- A character file gives each aspect as created (after the exchanges) and
  each compétence's NC at creation and now; every niveau brings one PX to its
  aspect (« le personnage reçoit aussi un PX dans l'aspect »), so the aspect
  and its PX left are derived, as in Marie-Pierre's example, and the PX the
  niveaux above creation cost (the NC reached, + 20 per niveau d'héroïsme) are
  taken from the PX received in play.
- The combat totals use the Physique and the weapon's moyen (Kröm's
  « Puissance en Physique »); a shield's BP adds to the weapon's (Björn).
- The encaissement of an aspect is that aspect plus the Résistance (« La
  somme de la Résistance et d'un aspect »), minus the facteur de mortalité.
- A character of the book's examples whose text gives only part of him is
  marked `incomplet = true`: the creation counts (aspects summing to 30, the
  five starting compétences) are then not checked; every bound still is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from build_tools.game import (
    Agreement,
    Box,
    Computed,
    Description,
    Example,
    Group,
    Mistake,
    Table,
    Track,
    constant,
    printed,
    rule,
)

from . import combat, personnages, sante
from .actions import cible_a_atteindre
from .avance import FACTEUR_D_ATTAQUE

_CLES_DES_MOYENS = {"Pu": "Pu", "Re": "Ré", "Ma": "Ma", "Pr": "Pr", "Ex": "Ex", "Pe": "Pe"}
"""The moyens by their key in a character file (TOML keys are ASCII) and the book's abbreviation."""

_EVITEMENT = "Évitement"
"""The compétence the esquive uses (« son CA en Évitement »)."""

# The sentences the boxes of the sheet cite (words of the book, not rules of their own).
_S_ASPECTS = "soustraire leur somme de 30"
_S_MOYENS = "Les moyens vont normalement de"
_S_SOMME = "La somme de tous les moyens doit toujours valoir"
_S_PAIRES = {
    "Pu": "La Puissance ne peut pas dépasser la Résistance",
    "Ma": "La Manœuvre ne peut pas dépasser la Précision",
    "Ex": "L'Expression ne peut pas dépasser la Perception",
}
_S_NC = "Le niveau de compétence va de"
_S_BC = "est égal au niveau de compétence moins"
_S_DEPART = "Le joueur détermine finalement ces compétences"
_S_PROGRESSION = "Le coût pour augmenter une"
_S_HEROISME = "augmentera le coût de 20 PX par niveau d'héroïsme"
_S_RESERVE = "les 15 initiaux moins les 13 PX qu'il a dépensés"
_S_TA = "Équivaut à la"
_S_TP = "l'arme moins 10"
_S_ESQUIVE = "Il utilise pour cela son CA en Évitement"
_S_ENC = "La somme de la"
_S_BLESSURES = "ne peut recevoir plus de 4 blessures légères"
_S_FATIGUE = "Les points de fatigue sont un compteur qui commence à zéro"


@rule(
    formula="réserve = PX reçus − PX dépensés",
    symbols={"PX reçus": "px_recus", "PX dépensés": "px_depenses"},
    cites=_S_RESERVE,
)
def px_en_reserve(px_recus: int, px_depenses: int) -> int:
    """Les PX en réserve sont les PX reçus moins les PX dépensés."""
    return px_recus - px_depenses


_ASPECTS = tuple(personnages.ASPECTS.items())
_BLESSURES = sante.BLESSURES_MAXIMALES
_MOYENS = tuple((cle, f"{personnages.MOYENS[abrege]}") for cle, abrege in _CLES_DES_MOYENS.items())

_DESCRIPTION = Description(
    title="Les Clefs de l’Aube — feuille de personnage",
    header=(
        Box("nom", "Nom du personnage", type=str, width=6, required=True),
        Box("joueur", "Joueur", type=str, width=4),
        Box("concept", "Concept", type=str, width=4),
    ),
    sections=(
        Table(
            "aspects",
            "Aspects, santé et fatigue",
            rows=_ASPECTS,
            columns=(
                Box("creation", "Aspect à la création", "Création", minimum=0, cites=_S_ASPECTS),
                Box("h", "Niveau d’héroïsme", "h", minimum=0, cites=_S_HEROISME),
                Box(
                    "valeur",
                    "Aspect",
                    formula="+1 pour aspect + 1 PX (+ 20 × NH)",
                    cites=_S_PROGRESSION,
                    rule=personnages.progression_d_un_aspect,
                ),
                Box(
                    "reste",
                    "PX restants",
                    "PX",
                    formula="PX non dépensés",
                    cites=_S_PROGRESSION,
                    rule=personnages.progression_d_un_aspect,
                ),
                Box(
                    "Enc",
                    "Encaissement",
                    "Enc",
                    formula="Enc = aspect + Ré",
                    cites=_S_ENC,
                    rule=combat.encaissement,
                    arguments={"aspect": "valeur", "resistance": "moyens.Re"},
                ),
                Track(
                    "legeres", "Blessures légères", _BLESSURES["légère"], _S_BLESSURES, "Légères"
                ),
                Track("graves", "Blessures graves", _BLESSURES["grave"], _S_BLESSURES, "Graves"),
                Track("critique", "Blessure critique", _BLESSURES["critique"], _S_BLESSURES),
                Box("PF", "Points de fatigue", "PF", minimum=0, cites=_S_FATIGUE),
                Box(
                    "handicap",
                    "Handicap de fatigue",
                    "Handicap",
                    formula="PF × 1 sur les CA",
                    cites=_S_FATIGUE,
                    rule=sante.handicap_de_fatigue,
                    arguments={"points": "PF"},
                ),
            ),
            note="PF : points de douleur (Ph), de crise (Me), de karma (My). "
            "Une blessure de trop devient plus grave.",
        ),
        Group(
            "moyens",
            "Moyens",
            tuple(
                Box(
                    cle,
                    nom,
                    _CLES_DES_MOYENS[cle],
                    minimum=-5,
                    maximum=5,
                    cites=_S_MOYENS,
                    signed=True,
                )
                for cle, nom in _MOYENS
            ),
            note="Somme des moyens = 0 ; de −5 à +5 ; Pu ≤ Ré + 5, Ma ≤ Pr + 5, Ex ≤ Pe + 5.",
        ),
        Group(
            "experience",
            "Expérience",
            (
                Box("px", "PX reçus en jeu", "PX reçus", minimum=0),
                Box(
                    "depenses",
                    "PX dépensés",
                    formula="Σ NC à atteindre (+ 20 × NH) depuis la création",
                    cites=_S_PROGRESSION,
                    rule=personnages.cout_d_un_niveau_de_competence,
                ),
                Box(
                    "reserve",
                    "PX en réserve",
                    formula="PX reçus − PX dépensés",
                    cites=_S_RESERVE,
                    rule=px_en_reserve,
                    arguments={"px_recus": "px", "px_depenses": "depenses"},
                ),
            ),
        ),
        Group(
            "combat",
            "Défense",
            (
                Box("armure", "Armure", type=str, width=4),
                Box("BE", "Bonus d’encaisse", "BE", minimum=0),
                Box("bouclier", "Bouclier", type=str, width=4),
                Box("BP", "Bonus de parade du bouclier", "BP", minimum=0),
                Box(
                    "Esq",
                    "Esquive",
                    "Esq",
                    formula=f"Esq = Ph + Ma + BC − {FACTEUR_D_ATTAQUE}",
                    cites=_S_ESQUIVE,
                    rule=combat.esquive,
                    # « son CA en Évitement »: Ph + Ma + the BC of Évitement (NC 0 if never
                    # learnt)
                    arguments={
                        "cible_en_evitement": Computed(
                            cible_a_atteindre,
                            {
                                "aspect": "aspects.Ph.valeur",
                                "moyen": "moyens.Ma",
                                "bonus_de_competence": f"competences[nom={_EVITEMENT}].BC",
                            },
                        )
                    },
                ),
            ),
        ),
        Table(
            "armes",
            "Armes et totaux de combat",
            blank_rows=4,
            columns=(
                Box("nom", "Arme", type=str, width=4, required=True),
                Box("competence", "Compétence", type=str, width=4, required=True),
                Box("moyen", "Moyen", type=str, choices=tuple(_CLES_DES_MOYENS), required=True),
                Box("BA", "Bonus d’attaque", "BA", required=True, signed=True),
                Box("BP", "Bonus de parade", "BP", required=True, signed=True),
                Box("BD", "Bonus de dommage", "BD", required=True, signed=True),
                Box(
                    "CA",
                    "Cible à atteindre",
                    "CA",
                    formula="CA = Ph + moyen + BC",
                    rule=cible_a_atteindre,
                    # the moyen the weapon names, the BC of the compétence it names
                    arguments={
                        "aspect": "aspects.Ph.valeur",
                        "moyen": "moyens.{moyen}",
                        "bonus_de_competence": "competences[nom={competence}].BC",
                    },
                ),
                Box(
                    "TA",
                    "Total d’attaque",
                    "TA",
                    formula="TA = CA + BA",
                    cites=_S_TA,
                    rule=combat.total_d_attaque,
                    arguments={"cible": "CA", "bonus_d_attaque": "BA"},
                ),
                Box(
                    "TP",
                    "Total de parade",
                    "TP",
                    formula=f"TP = CA + BP − {FACTEUR_D_ATTAQUE}",
                    cites=_S_TP,
                    rule=combat.total_de_parade,
                    # a shield's BP adds to the weapon's (Björn)
                    arguments={"cible": "CA", "bonus_de_parade": ("BP", "combat.BP")},
                ),
            ),
        ),
        Table(
            "competences",
            "Compétences",
            blank_rows=18,
            columns=(
                Box("nom", "Compétence", type=str, width=6, required=True),
                Box(
                    "aspect", "Aspect", type=str, choices=tuple(personnages.ASPECTS), required=True
                ),
                Box("creation", "NC à la création", "NC départ", minimum=0, maximum=20),
                Box("NC", "Niveau de compétence", "NC", minimum=0, maximum=20, cites=_S_NC),
                Box("h", "Niveau d’héroïsme", "h", minimum=0, cites=_S_HEROISME),
                Box(
                    "BC",
                    "Bonus de compétence",
                    "BC",
                    formula="BC = NC − 10",
                    cites=_S_BC,
                    signed=True,
                    rule=personnages.bonus_de_competence,
                    arguments={"niveau_de_competence": "NC"},
                ),
            ),
        ),
    ),
    pages=(5,),
    check=lambda personnage: verifier(personnage),
    compute=lambda personnage: calculer(personnage),
    examples=(
        Example(
            "personnages/marie-pierre.toml",
            (
                Agreement(
                    ("aspects.Ph.valeur", "aspects.Ph.reste"),
                    "il lui reste",
                    "{} (il lui reste {} PX dans ce domaine)",
                ),
                Agreement(
                    ("aspects.Me.valeur", "aspects.Me.reste"),
                    "il lui en reste",
                    "à {} (il lui en reste {} aussi)",
                ),
            ),
        ),
        Example(
            "personnages/krom.toml",
            (
                Agreement(("armes.0.CA",), "Kröm est un vaillant guerrier", "de {} (14 - NC"),
                Agreement(
                    ("armes.0.TA", "armes.0.TP", "armes.0.BD", "aspects.Ph.Enc", "combat.BE"),
                    "Kröm",
                    "Kröm {} {} {} {} {}",
                ),
            ),
        ),
        Example(
            "personnages/bjorn.toml",
            (
                Agreement(("armes.0.CA",), "Björn se bat", "= {}."),
                Agreement(
                    ("armes.0.TA", "armes.0.TP", "armes.0.BD", "aspects.Ph.Enc", "combat.BE"),
                    "Björn",
                    "Björn {} {} {} {} {}",
                ),
            ),
        ),
    ),
)
# The sheet lays out what the book says a character is; its boxes cite their own sentences.
FICHE = constant(
    _DESCRIPTION,
    cites="Les personnages des Clefs de l'Aube sont définis par trois éléments",
)


# -- checks ----------------------------------------------------------------------------------


def verifier(personnage: Mapping[str, Any]) -> list[Mistake]:
    """The rules a character file breaks, each with the field and the book's sentence."""
    erreurs: list[Mistake] = []
    moyens = personnage.get("moyens", {})
    manquants = [_CLES_DES_MOYENS[cle] for cle in _CLES_DES_MOYENS if cle not in moyens]
    if manquants:
        erreurs.append(
            Mistake(
                "moyens",
                f"il manque {', '.join(manquants)} : les six moyens sont requis",
                _S_MOYENS,
            )
        )
    else:
        erreurs += _moyens(moyens)
    aspects = personnage.get("aspects", {})
    for cle, nom in _ASPECTS:
        if "creation" not in aspects.get(cle, {}):
            erreurs.append(
                Mistake(f"aspects.{cle}", f"il manque le {nom} à la création (creation = …)")
            )
    complet = not personnage.get("incomplet", False)
    if complet and not any(e.field.startswith("aspects") for e in erreurs):
        somme = sum(aspects[cle]["creation"] for cle, _ in _ASPECTS)
        if somme != personnages.TOTAL_DES_ASPECTS:
            erreurs.append(
                Mistake(
                    "aspects",
                    f"les aspects à la création font {somme} ; "
                    f"leur somme est {personnages.TOTAL_DES_ASPECTS}",
                    _S_ASPECTS,
                )
            )
    competences = personnage.get("competences", [])
    noms = [c["nom"] for c in competences]
    for index, competence in enumerate(competences):
        depart = competence.get("creation", 0)
        if depart > competence["NC"]:
            erreurs.append(
                Mistake(
                    f"competences.{index}.creation",
                    f"{competence['nom']} : NC {competence['NC']} sous son NC de départ {depart}",
                )
            )
        if depart and depart not in personnages.NIVEAUX_DE_CONNAISSANCE.values():
            erreurs.append(
                Mistake(
                    f"competences.{index}.creation",
                    f"{competence['nom']} : un NC de départ de {depart} n’est pas un niveau de "
                    "connaissance (5, 10 ou 15)",
                    _S_DEPART,
                )
            )
        if noms.count(competence["nom"]) > 1 and noms.index(competence["nom"]) != index:
            erreurs.append(
                Mistake(f"competences.{index}.nom", f"{competence['nom']} figure deux fois")
            )
    if complet:
        erreurs += _competences_de_depart(competences)
    if not erreurs:
        recus = personnage.get("experience", {}).get("px", 0)
        depenses = px_depenses(competences)
        if depenses > recus:
            montee = next(i for i, c in enumerate(competences) if c["NC"] > c.get("creation", 0))
            erreurs.append(
                Mistake(
                    f"competences.{montee}.NC",
                    f"les compétences au-delà de leur NC de départ coûtent {depenses} PX ; "
                    f"le personnage n’en a reçu que {recus}",
                    _S_PROGRESSION,
                )
            )
    for index, arme in enumerate(personnage.get("armes", [])):
        if arme["competence"] not in noms:
            erreurs.append(
                Mistake(
                    f"armes.{index}.competence",
                    f"{arme['nom']} : la compétence « {arme['competence']} » n’est pas dans "
                    "les compétences du personnage",
                    _S_TA,
                )
            )
    return [_typographie(erreur) for erreur in erreurs]


def _moyens(moyens: Mapping[str, int]) -> list[Mistake]:
    erreurs = []
    somme = sum(moyens.values())
    if somme != personnages.SOMME_DES_MOYENS:
        erreurs.append(
            Mistake(
                "moyens",
                f"la somme des moyens vaut {printed(somme, signed=True)} ; elle doit valoir "
                f"{personnages.SOMME_DES_MOYENS}",
                _S_SOMME,
            )
        )
    cles = {abrege: cle for cle, abrege in _CLES_DES_MOYENS.items()}
    for premier, second in personnages.PAIRES_DE_MOYENS:
        ecart = moyens[cles[premier]] - moyens[cles[second]]
        if ecart > personnages.ECART_MAXIMAL_DANS_UNE_PAIRE:
            erreurs.append(
                Mistake(
                    f"moyens.{cles[premier]}",
                    f"{personnages.MOYENS[premier]} dépasse {personnages.MOYENS[second]} de "
                    f"{ecart} ; la limite est {personnages.ECART_MAXIMAL_DANS_UNE_PAIRE}",
                    _S_PAIRES[premier],
                )
            )
    return erreurs


def _competences_de_depart(competences) -> list[Mistake]:
    """Two at disciple and three at apprenti, or one at compagnon for two of each."""
    niveaux = {nc: nom for nom, nc in personnages.NIVEAUX_DE_CONNAISSANCE.items()}
    prises = Counter(
        niveaux[c["creation"]]
        for c in competences
        if c.get("creation", 0) in niveaux and c.get("creation", 0)
    )
    permises = [
        Counter(personnages.COMPETENCES_DE_DEPART),
        Counter(personnages.echanger_contre_un_compagnon(personnages.COMPETENCES_DE_DEPART)),
    ]
    if any(prises == permise for permise in permises):
        return []
    decrites = ", ".join(f"{nombre} à {niveau}" for niveau, nombre in sorted(prises.items()))
    return [
        Mistake(
            "competences",
            f"compétences de départ : {decrites or 'aucune'} ; la création en donne deux à "
            "disciple et trois à apprenti (ou une à compagnon pour deux de chaque)",
            _S_DEPART,
        )
    ]


# -- totals ----------------------------------------------------------------------------------


def px_depenses(competences) -> int:
    """PX spent on compétences since creation: each niveau costs the NC it reaches (+ héroïsme)."""
    return sum(
        personnages.cout_d_un_niveau_de_competence(niveau, competence.get("h", 0))
        for competence in competences
        for niveau in range(competence.get("creation", 0) + 1, competence["NC"] + 1)
    )


def calculer(personnage: Mapping[str, Any]) -> dict[str, Any]:
    """The derived boxes no rule computes from its row alone (the others are computed by
    their rule from their `arguments`): an aspect and its PX left, over the compétences
    of its aspect; the PX spent."""
    totaux: dict[str, Any] = {}
    competences = personnage.get("competences", [])
    for cle, _ in _ASPECTS:
        ligne = personnage["aspects"][cle]
        px = sum(
            personnages.px_d_aspect_d_une_competence(c["NC"])
            for c in competences
            if c["aspect"] == cle
        )
        valeur, reste = personnages.progression_d_un_aspect(
            ligne["creation"], px, ligne.get("h", 0)
        )
        totaux[f"aspects.{cle}.valeur"] = valeur
        totaux[f"aspects.{cle}.reste"] = reste
    totaux["experience.depenses"] = px_depenses(competences)
    return totaux


def _typographie(erreur: Mistake) -> Mistake:
    """French spacing: a no-break space before the colon, a narrow one before the semicolon."""
    message = erreur.message.replace(" : ", "\u00a0: ").replace(" ; ", "\u202f; ")
    return Mistake(erreur.field, message, erreur.cites)
