"""La santé: dommages effectifs, blessures et leur aggravation, points de fatigue, armures.

The chapter « la santé » of Les Clefs de l'Aube, as code. The table « les
effets des dommages » is transcribed once, in `EFFETS_DES_DOMMAGES`; every
other rule of the chapter reads it.

Readings chosen where the book leaves room:

- The armour's BE is taken off the Dom before the jet d'encaissement (« les
  armures », the combat example, the 1.3 revision), not added to the roll as
  the paragraph « les dommages » still says.
- A failed jet d'encaissement has no °R, so it takes nothing off the Dom.
- « un °R sera soustrait qui, en moyenne, vaut 5 »: the mean °R of a
  successful encaissement at an average Enc of 10 (5.5), which the book
  rounds down to the 5 the Gardien adds.
- Non-lethal damage: above 10 PF taken at once the wound is a légère, one
  level graver for each further 10 (11 à 20 légère, 21 à 30 grave…).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from build_tools.game import constant, note, rule

from .actions import moyenne_des_degres_de_reussite

GRAVITES = constant(
    ("légère", "grave", "critique"),
    cites=(
        "Un personnage peut normalement en recevoir 4 avant",
        "Un personnage peut normalement en recevoir 2 avant",
    ),
)
"""Les trois niveaux de gravité d'une blessure, du moins au plus grave."""

FATALE = constant("fatale", cites="une critique deviendra fatale")
"""Ce que devient une blessure critique de trop: « une critique deviendra fatale »."""

BLESSURES_MAXIMALES = constant(
    {"légère": 4, "grave": 2, "critique": 1},
    cites=(
        "Un personnage peut normalement en recevoir 4 avant",
        "Un personnage peut normalement en recevoir 2 avant",
    ),
)
"""Les blessures qu'un personnage humanoïde peut recevoir dans chaque aspect."""

FATIGUES = constant(
    {
        "Physique": "points de douleur",
        "Mental": "points de crise",
        "Mystique": "points de karma",
    },
    cites="des points de crise (Mental), ou des points de karma (Mystique)",
)
"""Le nom des points de fatigue (PF) de chaque aspect."""

HANDICAP_PAR_POINT_DE_FATIGUE = constant(
    1, cites="Chaque point diminue de 1 les cibles à atteindre"
)
"""Le handicap sur les CA de l'aspect pour chaque point de fatigue.

The chapter's sentence lost its number (« un handicap de sur toutes les CA »);
the glossary gives it: « Chaque point diminue de 1 les cibles à atteindre ».
"""

RECUPERATION = constant((1, 10), cites="récupèrent au rythme de 1 point aux 10 minutes")
"""Les PF se récupèrent au rythme de 1 point aux 10 minutes."""

SEUIL_DE_BLESSURE_PAR_FATIGUE = constant(10, cites="si le nombre de points de fatigue dépasse 10")
"""Un GC peut imposer une blessure si les PF obtenus d'un coup dépassent 10."""

TRANCHE_DE_FATIGUE = constant(10, cites="pour chaque tranche de 10 points de fatigue")
"""La gravité augmente pour chaque tranche de 10 PF obtenus d'un coup au-dessus du seuil."""

DUREE_DE_GUERISON = constant(
    {"légère": (2, "jours"), "grave": (1, "semaine"), "critique": (1, "mois")},
    cites=(
        "une blessure légère met environ deux jours à être soignée",
        "une blessure grave met au moins 1 semaine à être soignée",
        "une blessure critique met au moins 1 mois à être soignée",
    ),
)
"""Le temps de soin d'une blessure physique (au moins, pour grave et critique), du glossaire."""

ENCAISSEMENT_MOYEN = constant(10, cites="mettre 10 points partout")
"""L'Enc d'un personnage moyen: un aspect de 10 (« mettre 10 points partout »), Ré 0."""

ETOURDISSEMENT = constant(-1, cites="Un personnage étourdi possède -1 dans cet aspect")
"""Un personnage étourdi possède -1 dans cet aspect pour la prochaine action."""


@dataclass(frozen=True)
class EffetDesDommages:
    """Une ligne de la table des effets des dommages.

    `minimum` is None for « 0 et moins », `maximum` None for « 41 et + ».
    """

    minimum: int | None
    maximum: int | None
    type_de_blessure: str
    points_de_fatigue: int
    limite_de_recuperation: int

    def contient(self, dommages_effectifs: int) -> bool:
        return (self.minimum is None or self.minimum <= dommages_effectifs) and (
            self.maximum is None or dommages_effectifs <= self.maximum
        )


EFFETS_DES_DOMMAGES = constant(
    (
        EffetDesDommages(None, 0, "aucune", 0, 0),
        EffetDesDommages(1, 5, "étourdi", 0, 0),
        EffetDesDommages(6, 10, "sonné", 1, 0),
        EffetDesDommages(11, 20, "légère", 3, 1),
        EffetDesDommages(21, 30, "grave", 5, 3),
        EffetDesDommages(31, 40, "critique", 10, 5),
        EffetDesDommages(41, None, "fatale", 20, 10),
    ),
    cites="les effets des dommages",
)
"""La table « les effets des dommages »: dommages effectifs, blessure, PF, limite."""


@rule(
    formula="Dom sous l'armure = Dom − BE",
    symbols={"Dom": "niveau_de_dommage", "BE": "bonus_d_encaisse"},
    cites="avant le jet d'encaissement",
)
def niveau_de_dommage_sous_l_armure(niveau_de_dommage: int, bonus_d_encaisse: int) -> int:
    """Le BE est retiré au Dom avant le jet d'encaissement: Dom - BE."""
    return niveau_de_dommage - bonus_d_encaisse


@rule(
    formula="dommages effectifs = Dom − BE − °R",
    symbols={
        "Dom": "niveau_de_dommage",
        "BE": "bonus_d_encaisse",
        "°R": lambda arguments: max(arguments["degre_de_reussite"], 0),
    },
    cites="Le personnage fait alors un jet de Résistance dans l'aspect affecté",
)
def dommages_effectifs(
    niveau_de_dommage: int, degre_de_reussite: int, bonus_d_encaisse: int = 0
) -> int:
    """Dommages effectifs = Dom - BE - °R du jet d'encaissement (0 s'il échoue)."""
    sous_l_armure = niveau_de_dommage_sous_l_armure(niveau_de_dommage, bonus_d_encaisse)
    return sous_l_armure - max(degre_de_reussite, 0)


@rule(cites="table « les effets des dommages »")
def effet_des_dommages(dommages_effectifs: int) -> EffetDesDommages:
    """La ligne de la table des effets des dommages où tombent les dommages effectifs."""
    for effet in EFFETS_DES_DOMMAGES:
        if effet.contient(dommages_effectifs):
            return effet
    raise AssertionError("the table covers every integer")


def effet_du_type(type_de_blessure: str) -> EffetDesDommages:
    """La ligne de la table pour un type de blessure (« légère », « sonné »…)."""
    for effet in EFFETS_DES_DOMMAGES:
        if effet.type_de_blessure == type_de_blessure:
            return effet
    raise KeyError(type_de_blessure)


@rule(
    formula="blessure = tableau « les effets des dommages » [dommages effectifs]",
    symbols={"dommages effectifs": "dommages_effectifs"},
    cites="table « les effets des dommages »",
)
def type_de_blessure(dommages_effectifs: int) -> str:
    """Le type de blessure que donnent des dommages effectifs (table des effets des dommages)."""
    return effet_des_dommages(dommages_effectifs).type_de_blessure


@rule(
    formula="PF = tableau « les effets des dommages » [blessure]",
    symbols={"blessure": "type_de_blessure"},
    cites="table « les effets des dommages »",
)
def points_de_fatigue(type_de_blessure: str) -> int:
    """Les PF que donne un type de blessure (table des effets des dommages)."""
    return effet_du_type(type_de_blessure).points_de_fatigue


@rule(
    formula="limite de récupération = tableau « les effets des dommages » [blessure]",
    symbols={"blessure": "type_de_blessure"},
    cites="table « les effets des dommages »",
)
def limite_de_recuperation(type_de_blessure: str) -> int:
    """Les PF qu'un type de blessure empêche de récupérer tant qu'elle n'est pas soignée."""
    return effet_du_type(type_de_blessure).limite_de_recuperation


@rule(
    formula="handicap = PF × 1",
    symbols={"PF": "points"},
    cites="Chaque point diminue de 1 les cibles à atteindre",
)
def handicap_de_fatigue(points: int) -> int:
    """Handicap sur les CA de l'aspect = PF × 1."""
    return points * HANDICAP_PAR_POINT_DE_FATIGUE


@rule(cites="récupèrent au rythme de 1 point aux 10 minutes")
def fatigue_apres_repos(points: int, minutes: int, limite: int) -> int:
    """PF restants après un repos: 1 point aux 10 minutes, jamais sous la limite des blessures."""
    points_par_periode, minutes_par_periode = RECUPERATION
    recuperes = (minutes // minutes_par_periode) * points_par_periode
    return max(min(points, limite), points - recuperes)


@dataclass(frozen=True)
class Blessures:
    """Les blessures d'un aspect: combien de légères, graves et critiques, et si une est fatale."""

    legeres: int = 0
    graves: int = 0
    critiques: int = 0
    fatale: bool = False
    maximales: dict = field(default_factory=lambda: dict(BLESSURES_MAXIMALES), compare=False)

    def nombre(self, gravite: str) -> int:
        return {"légère": self.legeres, "grave": self.graves, "critique": self.critiques}[gravite]


@rule(
    cites=(
        "Un personnage peut normalement en recevoir 4 avant",
        "Un personnage peut normalement en recevoir 2 avant",
    )
)
def recevoir_blessure(blessures: Blessures, gravite: str) -> Blessures:
    """Une blessure de trop dans sa gravité monte d'un niveau: légère, grave, critique, fatale."""
    if gravite == FATALE:
        return Blessures(
            blessures.legeres, blessures.graves, blessures.critiques, True, blessures.maximales
        )
    if blessures.nombre(gravite) >= blessures.maximales[gravite]:
        suivante = GRAVITES.index(gravite) + 1
        plus_grave = GRAVITES[suivante] if suivante < len(GRAVITES) else FATALE
        note(f"{gravite}: {blessures.nombre(gravite)} déjà, le maximum; elle devient {plus_grave}")
        return recevoir_blessure(blessures, plus_grave)
    comptes = {
        "légère": blessures.legeres,
        "grave": blessures.graves,
        "critique": blessures.critiques,
    }
    comptes[gravite] += 1
    return Blessures(
        comptes["légère"],
        comptes["grave"],
        comptes["critique"],
        blessures.fatale,
        blessures.maximales,
    )


@rule(
    formula="PF restants = limites de récupération des blessures",
    symbols={
        "limites de récupération des blessures": lambda arguments: tuple(
            limite_de_recuperation.__wrapped__(gravite)
            for gravite in GRAVITES
            for _ in range(arguments["blessures"].nombre(gravite))
        )
    },
    cites="table « les effets des dommages »",
)
def limite_de_recuperation_des_blessures(blessures: Blessures) -> int:
    """Les PF qui restent après repos: la somme des limites de récupération des blessures."""
    return sum(blessures.nombre(gravite) * limite_de_recuperation(gravite) for gravite in GRAVITES)


@rule(cites="si le nombre de points de fatigue dépasse 10")
def blessure_par_fatigue(points_obtenus_d_un_coup: int) -> str | None:
    """Au-dessus de 10 PF d'un coup, une blessure, plus grave d'un niveau par tranche de 10 PF."""
    if points_obtenus_d_un_coup <= SEUIL_DE_BLESSURE_PAR_FATIGUE:
        return None
    tranche = (points_obtenus_d_un_coup - SEUIL_DE_BLESSURE_PAR_FATIGUE - 1) // TRANCHE_DE_FATIGUE
    return (GRAVITES + (FATALE,))[min(tranche, len(GRAVITES))]


@rule(
    formula="frontière = (fin de la moins grave + début de la plus grave) / 2",
    symbols={
        "fin de la moins grave": lambda arguments: effet_du_type(arguments["moins_grave"]).maximum,
        "début de la plus grave": lambda arguments: effet_du_type(arguments["plus_grave"]).minimum,
    },
    cites="une blessure entre grave et critique",
)
def entre_deux_gravites(moins_grave: str, plus_grave: str) -> Fraction:
    """Les dommages effectifs à la frontière de deux types de blessure (milieu de la limite)."""
    return Fraction(effet_du_type(moins_grave).maximum + effet_du_type(plus_grave).minimum, 2)


@rule(
    formula="°R moyen = (1 + Enc) / 2",
    symbols={"Enc": "encaissement"},
    cites="sera soustrait qui, en moyenne, vaut 5",
)
def degre_d_encaissement_moyen(encaissement: int = ENCAISSEMENT_MOYEN) -> Fraction:
    """Le °R moyen d'un jet d'encaissement réussi: (1 + Enc) / 2."""
    return moyenne_des_degres_de_reussite(encaissement)


@rule(
    formula="ajout = ⌊°R moyen d'encaissement⌋",
    symbols={"°R moyen d'encaissement": lambda arguments: degre_d_encaissement_moyen.__wrapped__()},
    cites="et d'y ajouter 5 points",
)
def ajout_au_niveau_de_dommage() -> int:
    """Ce que le GC ajoute à la blessure normale: le °R moyen d'encaissement, arrondi en dessous."""
    return int(degre_d_encaissement_moyen())


@rule(
    formula="Dom = blessure normale + ajout",
    symbols={
        "blessure normale": "blessure_normale",
        "ajout": lambda arguments: ajout_au_niveau_de_dommage.__wrapped__(),
    },
    cites="et d'y ajouter 5 points",
)
def niveau_de_dommage_pour(blessure_normale: int) -> int:
    """Dom d'une situation = blessure normale + le °R moyen d'encaissement (5)."""
    return blessure_normale + ajout_au_niveau_de_dommage()
