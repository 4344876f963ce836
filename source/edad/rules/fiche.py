"""La feuille de personnage: what a character of Edad holds, checks and totals.

Characteristics and their bonuses, hit points and their thresholds, the
attribut d'initiative and the gain de réactivité, compétences, dons, and
equipment with its hit points, each derived box computed by the rules of
`personnage`, `file`, `dons` and `equipement`.

Readings chosen where the book leaves room:

- A feat for a weapon (« Maniement de l'arme », « Arme rapide »…) names its
  weapon (`arme`); it asks for the martial compétence of that weapon, which the
  character's compétences name after the weapon (« épée longue »), and its
  prerequisite feats for the same weapon. « Epée longue rapide » is written
  as the feat « Arme rapide » with `arme = "épée longue"`.
- A chain feat (« Robustesse n ») is written with its `niveau`; it requires the
  level below, which « tout le monde a » at 0.
- The book ties only some compétences to a characteristic; for the others the
  file names it (or none, and the bonus is the points alone).
- A weapon's bonus au toucher is the bonus of its compétence martiale plus the « bonus
  au toucher » of each feat taken for it (Maniement de l'arme +2, Maîtrise de l'arme +3:
  they add up); its action is simple with Arme rapide for it. The esquive is the
  Agilité's bonus; a shield's and an armour's parade is the best of those carried.
"""

from __future__ import annotations

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
    constant,
    rule,
)

from . import dons as regles_des_dons
from . import equipement, file, personnage

# The sentences the boxes of the sheet cite (words of the book, not rules of their own).
_S_CARACTERISTIQUES = "Classiquement, les valeurs sont tirées avec 3D6"
_S_BONUS = "Le bonus lié à une caractéristique est la valeur de cette caractéristique moins 10"
_S_COMPETENCE = "Chaque compétence est liée à une caractéristique"
_S_PV = "Les points de vie d'un personnage (PVs) sont égaux à sa valeur de constitution"
_S_SEUILS = "Si les PVs d'un personnage tombent à 0, le personnage devient inconscient"
_S_INIT = "correspondra à l'attribut d'initiative (Init)"
_S_REACTIVITE = "le gain est égal à leur valeur d'intelligence divisée par 10"
_S_KARMA = "Les points de karma servent à acheter"
_S_KARMA_COMPETENCE = "Acheter un point de compétence coûte un point de karma"
_S_KARMA_DON = "Les dons coûtent cinq points de karma"

KARMA_PAR_POINT_DE_COMPETENCE = constant(1, cites=_S_KARMA_COMPETENCE)
"""« Acheter un point de compétence coûte un point de karma. »"""

KARMA_PAR_DON = constant(5, cites=_S_KARMA_DON)
"""« Les dons coûtent cinq points de karma »."""


@rule(
    formula="karma = points × par point + dons × par don",
    symbols={
        "points": "points_de_competence",
        "dons": "dons",
        "par point": "par_point",
        "par don": "par_don",
    },
    cites=_S_KARMA_DON,
)
def karma_des_competences_et_des_dons(
    points_de_competence: int,
    dons: int,
    par_point: int = KARMA_PAR_POINT_DE_COMPETENCE,
    par_don: int = KARMA_PAR_DON,
) -> int:
    """Le karma des compétences et des dons : 1 par point de compétence, 5 par don.

    Chaque niveau d'une chaîne est un don, sur sa propre ligne."""
    return points_de_competence * par_point + dons * par_don


@rule(
    formula="bonus = points + bonus de la carac.",
    symbols={"points": "points", "bonus de la carac.": "bonus_de_la_caracteristique"},
    cites="le bonus de la caractéristique liée à la compétence se rajoutera au test de la "
    "compétence",
)
def bonus_au_test(points: int, bonus_de_la_caracteristique: int = 0) -> int:
    """Le bonus au test d'une compétence : ses points plus le bonus de sa caractéristique liée.

    Une compétence liée à aucune caractéristique (le livre n'en dit pas, la fiche n'en nomme
    pas) a ses points seuls."""
    return points + bonus_de_la_caracteristique


_S_PARADE = "Les deux types d'objet parent avec un bonus à la parade"
_S_TOUCHER = "apporte un bonus de +2 au toucher pour l'arme choisie"
_S_DEGATS = "Le bonus de Force s'ajoute aux dégâts causés avec une arme"
_S_ESQUIVE = "ou d'esquiver (avec la compétence Agilité)"
_S_DEFENSE = "Un personnage attaqué peut choisir de parer"
_AGILITE = "Agilité"
"""The compétence the esquive uses (« d'esquiver (avec la compétence Agilité) »)."""
_BONUS_AU_TOUCHER = "bonus au toucher"
"""The effect of a weapon feat that adds to the weapon's attack (Maniement +2, Maîtrise +3)."""
_S_OBJETS = "Points de vie des objets"

# Choices and wording of the sheet, drawn from the rules.
_SORTES = tuple(dict.fromkeys(sorte for sorte, _ in equipement.POINTS_DE_VIE_DES_OBJETS))
_TAILLES = tuple(dict.fromkeys(taille for _, taille in equipement.POINTS_DE_VIE_DES_OBJETS))
_CLES = tuple(personnage.CARACTERISTIQUES)
_SORTES_NOMMEES = {"arme": "une arme", "bouclier": "un bouclier", "armure": "une armure"}
_QUI_PARENT = tuple(sorte for sorte in equipement.ORDRE_DES_PARADES if sorte in _SORTES)
"""The sortes of object that parry with a bonus of their own (« Les deux types d'objet
parent »): shields and armours, not weapons."""
_ARME_RAPIDE = "Arme rapide"

_DESCRIPTION = Description(
    title="Edad — feuille de personnage",
    header=(
        Box("nom", "Nom du personnage", type=str, width=6, required=True),
        Box("joueur", "Joueur", type=str, width=4),
        Box("race", "Race", type=str, width=4),
        Box("profil", "Profil", type=str, width=4),
    ),
    sections=(
        Table(
            "caracteristiques",
            "Caractéristiques",
            rows=tuple((cle, f"{nom} ({cle})") for cle, nom in personnage.CARACTERISTIQUES.items()),
            columns=(
                Box("valeur", "Valeur", minimum=1, cites=_S_CARACTERISTIQUES),
                Box(
                    "bonus",
                    "Bonus",
                    formula="bonus = valeur − 10",
                    cites=_S_BONUS,
                    signed=True,
                    rule=personnage.bonus_de_caracteristique,
                    arguments={"valeur": "valeur"},
                ),
            ),
        ),
        Group(
            "vie",
            "Points de vie, défense et combat",
            (
                Box("bonus_pv", "Bonus de PVs (race…)", "Bonus de PVs"),
                Box(
                    "PV",
                    "Points de vie",
                    "PVs",
                    formula="PVs = Con + bonus (+ 3 par Robustesse)",
                    cites=_S_PV,
                    rule=personnage.points_de_vie,
                ),
                Box("restants", "PVs restants", minimum=None),
                Box(
                    "inconscient",
                    "Inconscient à",
                    formula=f"PVs = {personnage.SEUIL_D_INCONSCIENCE}",
                    cites=_S_SEUILS,
                    constant=personnage.SEUIL_D_INCONSCIENCE,
                ),
                Box(
                    "mort",
                    "Mort sous",
                    formula="PVs < −PVs maximum",
                    cites=_S_SEUILS,
                    rule=personnage.seuil_de_mort,
                    arguments={"points_de_vie_maximum": "PV"},
                ),
                Box(
                    "etat",
                    "État",
                    type=str,
                    formula="selon les PVs restants",
                    cites=_S_SEUILS,
                    rule=personnage.etat,
                    arguments={"points_de_vie_restants": "restants", "points_de_vie_maximum": "PV"},
                    # a character at full health has no « PVs restants » written: no state
                    blank_without=("restants",),
                ),
                Box(
                    "esquive",
                    "Esquive (Agilité)",
                    "Esquive",
                    formula="bonus en Agilité",
                    cites=_S_ESQUIVE,
                    signed=True,
                    # never learnt, the Agilité is its characteristic's bonus alone (no points)
                    rule=bonus_au_test,
                    arguments={
                        "points": f"competences[nom={_AGILITE}].points",
                        "bonus_de_la_caracteristique": "caracteristiques."
                        f"{personnage.COMPETENCES[_AGILITE]}.bonus",
                    },
                ),
                Box(
                    "bouclier",
                    "Parade du bouclier",
                    "Bouclier",
                    formula="10 + CA du bouclier",
                    cites=_S_PARADE,
                    # the best of the shields carried; none carried, no parade
                    rule=equipement.bonus_de_parade,
                    arguments={"bonus_a_la_ca": "max(equipement[sorte=bouclier].bonus_ca)"},
                ),
                Box(
                    "armure",
                    "Parade de l’armure (automatique)",
                    "Armure",
                    formula="10 + CA de l’armure",
                    cites=_S_PARADE,
                    rule=equipement.bonus_de_parade,
                    arguments={"bonus_a_la_ca": "max(equipement[sorte=armure].bonus_ca)"},
                ),
                Box("bonus_init", "Autres bonus d’initiative", "Autres bonus"),
                Box(
                    "Init",
                    "Attribut d’initiative",
                    "Init",
                    formula="Init = bonus Dex + bonus Int + dons",
                    cites=_S_INIT,
                    signed=True,
                    rule=file.attribut_d_initiative,
                ),
                Box(
                    "reactivite",
                    "Gain de réactivité",
                    "Réactivité",
                    formula="gain = Int / 10",
                    cites=_S_REACTIVITE,
                    rule=file.gain_de_reactivite,
                    arguments={"intelligence": "caracteristiques.Int.valeur"},
                ),
                Box("karma", "Points de karma", "Karma", cites=_S_KARMA),
                Box(
                    "karma_depense",
                    "Karma des compétences et des dons",
                    formula="1 par point de compétence + 5 par don",
                    cites=_S_KARMA_DON,
                    rule=karma_des_competences_et_des_dons,
                    arguments={
                        "points_de_competence": "competences[*].points",
                        "dons": "dons[*].nom",
                    },
                ),
            ),
            note="Mourant entre 0 et −PVs : −1 PV par tour tant qu’il n’est pas stabilisé. "
            "Parer ou esquiver coûte une action simple ; pris au dépourvu ou en tenaille, "
            "pas d’esquive.",
        ),
        Table(
            "armes",
            "Attaque",
            blank_rows=3,
            columns=(
                Box(
                    "nom", "Arme (sa compétence martiale)", "Arme", type=str, width=6, required=True
                ),
                Box("degats", "Dégâts de l’arme", "Dégâts", type=str, width=2),
                Box(
                    "toucher",
                    "Bonus au toucher",
                    "Toucher",
                    formula="compétence martiale + dons de l’arme",
                    cites=_S_TOUCHER,
                    signed=True,
                ),
                Box(
                    "bonus_degats",
                    "Bonus aux dégâts",
                    "Bonus dégâts",
                    formula="bonus de For",
                    cites=_S_DEGATS,
                    signed=True,
                    rule=personnage.bonus_de_caracteristique,
                    arguments={"valeur": "caracteristiques.For.valeur"},
                ),
                Box(
                    "action",
                    "Action d’attaque",
                    "Action",
                    type=str,
                    width=2,
                    formula="simple avec Arme rapide",
                    rule=regles_des_dons.action_d_attaque,
                    # the don Arme rapide taken for this weapon
                    arguments={"arme_rapide": f"count(dons[nom={_ARME_RAPIDE}, arme={{nom}}].nom)"},
                ),
            ),
            note="Le bonus de Force s’ajoute aussi aux dégâts d’une parade ; une arme pare avec "
            "son bonus au toucher.",
        ),
        Table(
            "dons",
            "Dons",
            blank_rows=6,
            columns=(
                Box("nom", "Don", type=str, width=6, required=True),
                Box("arme", "Arme choisie", "Arme", type=str, width=4),
                Box("niveau", "Niveau (n)", "n", minimum=1),
            ),
        ),
        Table(
            "competences",
            "Compétences",
            blank_rows=10,
            columns=(
                Box("nom", "Compétence", type=str, width=6, required=True),
                Box(
                    "caracteristique",
                    "Caractéristique liée",
                    "Carac.",
                    type=str,
                    choices=_CLES,
                    cites=_S_COMPETENCE,
                    # left blank, the one the book ties the compétence to
                    default_by=("nom", personnage.COMPETENCES),
                ),
                Box("points", "Points de compétence", "Points", minimum=0, required=True),
                Box(
                    "bonus",
                    "Bonus au test",
                    "Bonus",
                    formula="bonus = points + bonus de la carac.",
                    cites=_S_COMPETENCE,
                    signed=True,
                    rule=bonus_au_test,
                    arguments={
                        "points": "points",
                        "bonus_de_la_caracteristique": "caracteristiques.{caracteristique}.bonus",
                    },
                ),
            ),
        ),
        Table(
            "equipement",
            "Équipement",
            blank_rows=6,
            columns=(
                Box("nom", "Objet", type=str, width=6, required=True),
                Box("sorte", "Sorte", type=str, choices=_SORTES, width=2, required=True),
                Box("taille", "Taille", type=str, choices=_TAILLES, width=2, required=True),
                Box("alteration", "Bonus d’altération", "Altér.", minimum=0),
                Box("bonus_ca", "Bonus à la CA", "CA", minimum=0),
                Box(
                    "PV",
                    "Points de vie de l’objet",
                    "PVs",
                    formula="PVs + 10/20/100 × altér.",
                    cites=_S_OBJETS,
                    rule=equipement.points_de_vie_d_un_objet,
                    arguments={
                        "sorte": "sorte",
                        "taille": "taille",
                        "bonus_d_alteration": "alteration",
                    },
                ),
                Box("restants", "PVs restants", "Restants"),
                Box(
                    "parade",
                    "Bonus de parade",
                    "Parade",
                    formula="parade = 10 + CA",
                    cites=_S_PARADE,
                    rule=equipement.bonus_de_parade,
                    arguments={"bonus_a_la_ca": "bonus_ca"},
                    # a weapon parries by its user's skill, not by a bonus of its own
                    only_for={"sorte": _QUI_PARENT},
                ),
            ),
        ),
    ),
    check=lambda personnage: verifier(personnage),
    compute=lambda personnage: calculer(personnage),
    examples=(
        Example(
            "personnages/initiative.toml",
            # found by words its erratum's correction (« Science » → « Sens de ») keeps
            (Agreement(("vie.Init",), "l'initiative (bonus de +4)", 'l\'attribut "Init {}"'),),
        ),
        Example("personnages/j1.toml"),
        Example("personnages/j2.toml"),
        Example(
            "personnages/j3.toml",
            (Agreement(("vie.reactivite",), "L'ordre est : G3 G4 J2 G1 J1", "J3({})"),),
        ),
        Example(
            "personnages/j4.toml",
            (Agreement(("vie.reactivite",), "L'ordre est : G3 G4 J2 G1 J1", "J4({})"),),
        ),
    ),
)
# The sheet lays out what the book says a character has; its boxes cite their own sentences.
FICHE = constant(
    _DESCRIPTION,
    cites="Chaque personnage a une description ainsi que des caractéristiques, des attributs, "
    "une race, des compétences, des dons, un équipement",
)


# -- checks ----------------------------------------------------------------------------------


def verifier(fiche: Mapping[str, Any]) -> list[Mistake]:
    """The rules a character breaks: characteristics, tied compétences, feats, equipment."""
    erreurs = []
    caracteristiques = fiche.get("caracteristiques", {})
    for cle, nom in personnage.CARACTERISTIQUES.items():
        if "valeur" not in caracteristiques.get(cle, {}):
            erreurs.append(
                Mistake(
                    f"caracteristiques.{cle}", f"il manque la {nom} ({cle})", _S_CARACTERISTIQUES
                )
            )
    points = {}
    for index, competence in enumerate(fiche.get("competences", [])):
        points[competence["nom"].lower()] = competence["points"]
        liee = personnage.COMPETENCES.get(competence["nom"])
        if liee and competence.get("caracteristique", liee) != liee:
            erreurs.append(
                Mistake(
                    f"competences.{index}.caracteristique",
                    f"{competence['nom']} est liée à {liee}, non à {competence['caracteristique']}",
                    _S_COMPETENCE,
                )
            )
    erreurs += _dons(fiche.get("dons", []), points)
    for index, objet in enumerate(fiche.get("equipement", [])):
        if (objet["sorte"], objet["taille"]) not in equipement.POINTS_DE_VIE_DES_OBJETS:
            tailles = [t for s, t in equipement.POINTS_DE_VIE_DES_OBJETS if s == objet["sorte"]]
            erreurs.append(
                Mistake(
                    f"equipement.{index}.taille",
                    f"{objet['nom']}\u00a0: {_SORTES_NOMMEES[objet['sorte']]} n’est pas "
                    f"« {objet['taille']} » "
                    f"(tailles\u00a0: {', '.join(tailles)})",
                    _S_OBJETS,
                )
            )
    if not erreurs:
        erreurs += _points_de_vie_restants(fiche, calculer(fiche))
    return erreurs


def _points_de_vie_restants(fiche: Mapping[str, Any], totaux: Mapping[str, Any]) -> list[Mistake]:
    """PVs left at most the PVs: the character's and each item's."""
    erreurs = []
    restants = fiche.get("vie", {}).get("restants")
    if restants is not None and restants > totaux["vie.PV"]:
        erreurs.append(
            Mistake(
                "vie.restants",
                f"{restants} PVs restants pour {totaux['vie.PV']} PVs au plus",
                _S_PV,
            )
        )
    for index, objet in enumerate(fiche.get("equipement", [])):
        pv = equipement.points_de_vie_d_un_objet(
            objet["sorte"], objet["taille"], objet.get("alteration", 0)
        )
        if objet.get("restants", 0) > pv:
            erreurs.append(
                Mistake(
                    f"equipement.{index}.restants",
                    f"{objet['nom']}\u00a0: {objet['restants']} PVs restants pour {pv} PVs au plus",
                    _S_OBJETS,
                )
            )
    return erreurs


def _dons(dons: list[Mapping[str, Any]], points: Mapping[str, int]) -> list[Mistake]:
    """Each feat known, its prerequisites taken (for the same weapon), its skills high enough."""
    erreurs = []
    pris = {(_don(d), (d.get("arme") or "").lower(), d.get("niveau", 1)) for d in dons}
    for index, ecrit in enumerate(dons):
        nom = _don(ecrit)
        champ = f"dons.{index}.nom"
        if nom is None:
            erreurs.append(Mistake(champ, f"« {ecrit['nom']} » n’est pas un don d’Edad"))
            continue
        don = regles_des_dons.DONS[nom]
        source = f"{don.nom_dans_le_livre} est disponible"
        arme = (ecrit.get("arme") or "").lower()
        pour_une_arme = regles_des_dons.COMPETENCE_MARTIALE in don.competences or any(
            p == regles_des_dons.MANIEMENT for p in don.prerequis
        )
        if pour_une_arme and not arme:
            erreurs.append(Mistake(champ, f"{nom}\u00a0: le don se prend pour une arme (arme = …)"))
            continue
        if don.nom == regles_des_dons.MANIEMENT or pour_une_arme:
            if arme and arme not in equipement.COMPETENCES_MARTIALES:
                erreurs.append(
                    Mistake(f"dons.{index}.arme", f"« {arme} » n’est pas une compétence martiale")
                )
        niveau = ecrit.get("niveau", 1) if don.chaine else 1
        for requis in don.prerequis:
            if not any(n == requis and (not pour_une_arme or a == arme) for n, a, _ in pris):
                pour = f" pour {arme}" if pour_une_arme else ""
                erreurs.append(Mistake(champ, f"{nom} demande le don {requis}{pour}", source))
        if don.chaine and niveau - 1 > regles_des_dons.NIVEAU_DE_BASE_DES_CHAINES:
            if (nom, arme, niveau - 1) not in pris:
                erreurs.append(Mistake(champ, f"{nom} {niveau} demande {nom} {niveau - 1}", source))
        for competence in don.competences:
            requis = regles_des_dons.points_de_competence_requis(nom, competence, niveau)
            cible = arme if competence == regles_des_dons.COMPETENCE_MARTIALE else competence
            if points.get(cible.lower(), 0) < requis:
                erreurs.append(
                    Mistake(
                        champ,
                        f"{nom} demande {requis} points en {cible}\u202f; le personnage en a "
                        f"{points.get(cible.lower(), 0)}",
                        source,
                    )
                )
    return erreurs


def _don(ecrit: Mapping[str, Any]) -> str | None:
    return regles_des_dons.resoudre_le_nom(ecrit["nom"])


# -- totals ----------------------------------------------------------------------------------


def calculer(fiche: Mapping[str, Any]) -> dict[str, Any]:
    """The derived boxes no rule computes from its own row (the others by their rule, from
    their `arguments`): the PVs, the Init and a weapon's toucher, over the dons."""
    valeurs = {cle: fiche["caracteristiques"][cle]["valeur"] for cle in _CLES}
    totaux: dict[str, Any] = {}
    vie = fiche.get("vie", {})
    dons = fiche.get("dons", [])
    robustesse = max(
        (d.get("niveau", 1) for d in dons if _don(d) == "Robustesse"),
        default=regles_des_dons.NIVEAU_DE_BASE_DES_CHAINES,
    )
    pv = personnage.points_de_vie(
        valeurs["Con"], vie.get("bonus_pv", 0) + regles_des_dons.pvs_de_robustesse(robustesse)
    )
    bonus_des_dons = sum(regles_des_dons.bonus_d_initiative_du_don(_don(d) or "") for d in dons)
    totaux |= {
        "vie.PV": pv,
        "vie.Init": file.attribut_d_initiative(
            valeurs["Dex"], valeurs["Int"], vie.get("bonus_init", 0) + bonus_des_dons
        ),
    }
    return totaux | _attaque_et_defense(fiche, totaux, valeurs)


def _attaque_et_defense(
    fiche: Mapping[str, Any], totaux: Mapping[str, Any], valeurs: Mapping[str, int]
) -> dict[str, Any]:
    """Each weapon's bonus au toucher: its compétence martiale's bonus and the feats taken for
    the weapon."""
    bonus = {}
    for competence in fiche.get("competences", []):
        liee = competence.get("caracteristique") or personnage.COMPETENCES.get(competence["nom"])
        carac = personnage.bonus_de_caracteristique(valeurs[liee]) if liee else 0
        bonus[competence["nom"].lower()] = bonus_au_test(competence["points"], carac)
    resultat: dict[str, Any] = {}
    for index, arme in enumerate(fiche.get("armes", [])):
        nom = arme["nom"].lower()
        pris = [_don(d) for d in fiche.get("dons", []) if (d.get("arme") or "").lower() == nom]
        resultat[f"armes.{index}.toucher"] = bonus.get(nom, 0) + sum(
            regles_des_dons.DONS[don].effets.get(_BONUS_AU_TOUCHER, 0) for don in pris if don
        )
    return resultat
