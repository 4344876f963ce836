"""Les personnages: aspects, moyens, compétences, their creation and their progression.

The chapter « les personnages » of Les Clefs de l'Aube, as functions named
with the book's terms. A character has three aspects (Ph, Me, My), six moyens
(Pu, Ré, Ma, Pr, Ex, Pe) whose sum is zero, and compétences with a niveau de
compétence (NC) from which the bonus de compétence (BC) follows.

Readings chosen where the book leaves room:

- A compétence brings one PX to its aspect per niveau gained, so a compétence
  taken at creation at NC n brings n PX (« donne les mêmes points
  d'expérience en aspect (soit 35 points au total) » for 2 × 10 + 3 × 5).
- An aspect goes up by one when its PX reach the aspect + 1, and those PX are
  spent (Marie-Pierre's 10 PX take her Physique up one point « il lui reste 3
  PX » for an aspect of 6).
- The héroïsme surcharge (« on augmentera le coût de 20 PX par niveau
  d'héroïsme ») applies to the cost of a niveau de compétence and to the PX an
  aspect needs alike, as the sentence names both.
- The exchanges at creation move one point from one aspect (or moyen) to
  another; their bounds are checked after each exchange for aspects (« il ne
  peut de cette façon augmenter un aspect au-dessus de 15 ») and at the end
  for the moyens (« doivent être respectées à la fin des échanges »).
"""

from __future__ import annotations

from collections.abc import Mapping

from build_tools.game import Distribution, constant, die, rule

# -- aspects and moyens -------------------------------------------------------

ASPECTS: dict[str, str] = constant(
    {"Ph": "Physique", "Me": "Mental", "My": "Mystique"},
    cites="table « les dénominations indicatives des combinaisons »",
)
"""The three aspects, by their abbreviation."""

MOYENS: dict[str, str] = constant(
    {
        "Pu": "Puissance",
        "Ré": "Résistance",
        "Ma": "Manœuvre",
        "Pr": "Précision",
        "Ex": "Expression",
        "Pe": "Perception",
    },
    cites="table « les dénominations indicatives des combinaisons »",
)
"""The six moyens, by their abbreviation; together they are the profil."""


@rule(cites="table « les dénominations indicatives des combinaisons »")
def denomination(abreviation: str) -> str:
    """« Physique (Ph) »: an aspect or a moyen by its name, then its abbreviation."""
    return f"{ASPECTS.get(abreviation) or MOYENS[abreviation]} ({abreviation})"


ASPECT_DE_DEPART_MINIMUM = constant(5, cites="Les aspects débutent généralement entre 5 et 15")
ASPECT_DE_DEPART_MAXIMUM = constant(15, cites="Les aspects débutent généralement entre 5 et 15")
"""« Les aspects débutent généralement entre 5 et 15 »."""

SOMME_DES_MOYENS = constant(0, cites="La somme de tous les moyens doit toujours valoir 0")
"""« La somme de tous les moyens doit toujours valoir 0. »"""

MOYEN_MINIMUM = constant(-5, cites="Les moyens vont normalement de -5 à +5")
MOYEN_MAXIMUM = constant(5, cites="Les moyens vont normalement de -5 à +5")
"""« Les moyens vont normalement de -5 à +5 »."""

PAIRES_DE_MOYENS: tuple[tuple[str, str], ...] = constant(
    (("Pu", "Ré"), ("Ma", "Pr"), ("Ex", "Pe")),
    cites="et doivent toujours rencontrer les contraintes",
)
"""The constrained pairs: the first may not exceed the second by more than the écart."""

ECART_MAXIMAL_DANS_UNE_PAIRE = constant(
    5, cites="La Puissance ne peut pas dépasser la Résistance de plus de 5 points"
)
"""« La Puissance ne peut pas dépasser la Résistance de plus de 5 points » (and Ma/Pr, Ex/Pe)."""

# -- compétences --------------------------------------------------------------

NIVEAU_DE_COMPETENCE_MINIMUM = constant(0, cites="Le niveau de compétence va de 0 à 20")
NIVEAU_DE_COMPETENCE_MAXIMUM = constant(20, cites="Le niveau de compétence va de 0 à 20")
"""« Le niveau de compétence va de 0 à 20 »."""

NIVEAUX_DE_CONNAISSANCE: dict[str, int] = constant(
    {
        "profane": 0,
        "apprenti": 5,
        "disciple": 10,
        "compagnon": 15,
        "maître": 20,
    },
    cites="le niveau de compétence",
)
"""Table « le niveau de compétence »: the NC of each niveau de connaissance."""

BASE_DU_BONUS_DE_COMPETENCE = constant(
    10,
    cites="est égal au niveau de compétence moins 10",
    formula="BC = NC − 10",
)
"""« Le bonus de compétence (BC) est égal au niveau de compétence moins 10. »"""

# -- creation -----------------------------------------------------------------

JETS_D_ASPECT = constant(2, cites="lancer 2 fois 2d6+3")
DES_D_ASPECT = constant((2, 6, 3), cites="lancer 2 fois 2d6+3")
"""« lancer 2 fois 2d6+3 »: two rolls of (dice, faces, added)."""

TOTAL_DES_ASPECTS = constant(30, cites="puis soustraire leur somme de 30")
"""« puis soustraire leur somme de 30 » for the third aspect."""

ASPECT_SANS_JET = constant(10, cites="ou simplement mettre 10 points partout")
"""« ou simplement mettre 10 points partout »."""

DES_D_ASPECT_PROGRESSIFS = constant(
    (2, 6, -2), cites="utilisez 2d6-2 pour les deux premiers résultats"
)
TOTAL_DES_ASPECTS_PROGRESSIFS = constant(20, cites="et soustrayez leur somme de 20")
"""The footnote's variant: « utilisez 2d6-2 … et soustrayez leur somme de 20 »."""

ECHANGES_D_ASPECTS = constant(
    5, cites="Le joueur peut ensuite faire 5 échanges de 1 point entre chacun des aspects"
)
"""« Le joueur peut ensuite faire 5 échanges de 1 point entre chacun des aspects. »"""

ASPECT_MAXIMUM_PAR_ECHANGE = constant(15, cites="augmenter un aspect au-dessus de 15")
ASPECT_MINIMUM_PAR_ECHANGE = constant(
    5,
    cites="augmenter un aspect au-dessus de 15 ni en diminuer un en deçà de 5",
)
"""« il ne peut de cette façon augmenter un aspect au-dessus de 15 ni en diminuer un en deçà
de 5 »."""

JETS_DE_MOYEN = constant(3, cites="tirer 3 fois 2d6-7")
DES_DE_MOYEN = constant((2, 6, -7), cites="tirer 3 fois 2d6-7")
"""« tirer 3 fois 2d6-7 »; the three results and their inverses give the six moyens."""

ECHANGES_DE_MOYENS = constant(5, cites="peut faire encore une fois jusqu'à 5 points d'échange")
"""« peut faire encore une fois jusqu'à 5 points d'échange »."""

COMPETENCES_DE_DEPART: dict[str, int] = constant(
    {"disciple": 2, "apprenti": 3}, cites="deux compétences à disciple (10) et trois à apprenti (5)"
)
"""« deux compétences à disciple (10) et trois à apprenti (5) »."""

ECHANGE_CONTRE_UN_COMPAGNON: dict[str, int] = constant(
    {"disciple": 2, "apprenti": 2}, cites="une compétence à compagnon (15)"
)
"""What a player may give up for « une compétence à compagnon (15) »."""

# -- progression --------------------------------------------------------------

PX_D_ASPECT_PAR_NIVEAU = constant(
    1,
    cites="Lorsqu'un niveau de compétence augmente, le personnage reçoit aussi un PX dans l'aspect",
)
"""« Lorsqu'un niveau de compétence augmente, le personnage reçoit aussi un PX dans l'aspect »."""

SURCOUT_PAR_NIVEAU_D_HEROISME = constant(
    20, cites="on augmentera le coût de 20 PX par niveau d'héroïsme"
)
"""« on augmentera le coût de 20 PX par niveau d'héroïsme »."""

ECHANGE_DE_MOYENS_PAR_ASPECT = constant(1, cites="faire un échange de 1 point entre deux moyens")
"""« peut … faire un échange de 1 point entre deux moyens » when an aspect goes up."""

MOYENS_D_UN_ECHANGE = constant(2, cites="point entre deux moyens")
"""An exchange moves a point from one moyen to another: it is between two of them."""


class ChoixInterdit(ValueError):
    """A choice the rules forbid, such as an exchange beyond its bounds."""


# -- moyens -------------------------------------------------------------------


@rule(cites="et doivent toujours rencontrer les contraintes")
def contraintes_non_respectees(moyens: Mapping[str, int]) -> tuple[str, ...]:
    """Constraints broken: sum 0, −5 ≤ moyen ≤ +5, Pu ≤ Ré + 5, Ma ≤ Pr + 5, Ex ≤ Pe + 5."""
    if set(moyens) != set(MOYENS):
        raise ValueError(f"a profil has the six moyens {tuple(MOYENS)}, not {tuple(moyens)}")
    brisees = []
    if sum(moyens.values()) != SOMME_DES_MOYENS:
        brisees.append(f"somme des moyens {sum(moyens.values())} ≠ {SOMME_DES_MOYENS}")
    for nom, valeur in moyens.items():
        if not MOYEN_MINIMUM <= valeur <= MOYEN_MAXIMUM:
            brisees.append(f"{nom} {valeur:+d} hors de {MOYEN_MINIMUM:+d} à {MOYEN_MAXIMUM:+d}")
    for premier, second in PAIRES_DE_MOYENS:
        if moyens[premier] > moyens[second] + ECART_MAXIMAL_DANS_UNE_PAIRE:
            brisees.append(
                f"{premier} {moyens[premier]:+d} dépasse {second} {moyens[second]:+d}"
                f" de plus de {ECART_MAXIMAL_DANS_UNE_PAIRE}"
            )
    return tuple(brisees)


@rule(
    formula="inverse = −résultat",
    symbols={"résultat": "resultat"},
    cites="-3 pour +3, +2 pour -2",
)
def inverse_d_un_moyen(resultat: int) -> int:
    """L'inverse d'un résultat : « -3 pour +3, +2 pour -2 »."""
    return -resultat


@rule(cites="Les 3 résultats obtenus et leurs inverses")
def moyens_tires(resultats: tuple[int, ...]) -> tuple[int, ...]:
    """Les six résultats des moyens : les trois jets de 2d6-7 et leurs inverses."""
    if len(resultats) != JETS_DE_MOYEN:
        raise ValueError(f"{JETS_DE_MOYEN} rolls give the moyens, not {len(resultats)}")
    return tuple(resultats) + tuple(inverse_d_un_moyen(r) for r in resultats)


@rule(cites="jusqu'à 5 points d'échange")
def transferer_un_point_de_moyen(
    moyens: Mapping[str, int], de: str, vers: str, points: int = 1
) -> dict[str, int]:
    """Un transfert de points d'un moyen à un autre (la somme reste 0)."""
    nouveaux = dict(moyens)
    nouveaux[de] -= points
    nouveaux[vers] += points
    return nouveaux


@rule(
    formula="points échangés = hausses",
    symbols={
        "hausses": lambda arguments: tuple(
            arguments["apres"][nom] - valeur
            for nom, valeur in arguments["avant"].items()
            if arguments["apres"][nom] > valeur
        )
    },
    cites=(
        "Le joueur peut ensuite faire 5 échanges de 1 point entre chacun des aspects",
        "jusqu'à 5 points d'échange",
    ),
)
def points_echanges(avant: Mapping[str, int], apres: Mapping[str, int]) -> int:
    """Les points échangés entre deux états des aspects (ou des moyens) : la somme des hausses."""
    return sum(max(apres[nom] - avant[nom], 0) for nom in avant)


# -- compétences --------------------------------------------------------------


@rule(
    formula="BC = NC − 10",
    symbols={"NC": "niveau_de_competence"},
    cites="est égal au niveau de compétence moins 10",
)
def bonus_de_competence(niveau_de_competence: int) -> int:
    """Le bonus de compétence (BC) est égal au niveau de compétence moins 10."""
    if not NIVEAU_DE_COMPETENCE_MINIMUM <= niveau_de_competence <= NIVEAU_DE_COMPETENCE_MAXIMUM:
        raise ValueError(
            f"a NC goes from {NIVEAU_DE_COMPETENCE_MINIMUM} to {NIVEAU_DE_COMPETENCE_MAXIMUM},"
            f" not {niveau_de_competence}"
        )
    return niveau_de_competence - BASE_DU_BONUS_DE_COMPETENCE


@rule(
    formula="NC = tableau « le niveau de compétence » [niveau de connaissance]",
    symbols={"niveau de connaissance": "niveau_de_connaissance"},
    cites="le niveau de compétence",
)
def niveau_de_competence(niveau_de_connaissance: str) -> int:
    """Le NC d'un niveau de connaissance, selon la table « le niveau de compétence »."""
    return NIVEAUX_DE_CONNAISSANCE[niveau_de_connaissance]


# -- creation: aspects --------------------------------------------------------


def jet_d_aspect() -> Distribution:
    """One roll of 2d6+3, exactly."""
    nombre, faces, ajout = DES_D_ASPECT
    total = die(faces)
    for _ in range(nombre - 1):
        total = total + die(faces)
    return total + ajout


@rule(
    formula="résultat = 2d6 + 3",
    symbols={"2d6": lambda arguments: sum(arguments["des"])},
    cites="lancer 2 fois 2d6+3, puis soustraire leur somme de 30",
)
def resultat_d_un_jet_d_aspect(des: tuple[int, int]) -> int:
    """2d6+3 : les deux dés plus 3."""
    nombre, faces, ajout = DES_D_ASPECT
    if len(des) != nombre or not all(1 <= de <= faces for de in des):
        raise ValueError(f"a roll of {nombre}d{faces} shows {nombre} faces of 1 to {faces}")
    return sum(des) + ajout


@rule(
    formula="troisième = 30 − (premier + second)",
    symbols={"premier": "premier", "second": "second"},
    cites="lancer 2 fois 2d6+3, puis soustraire leur somme de 30",
)
def troisieme_aspect(premier: int, second: int) -> int:
    """The third result: 30 − (first + second)."""
    return TOTAL_DES_ASPECTS - (premier + second)


def distribution_des_aspects() -> Distribution:
    """Exact distribution of the three results (first, second, third) of the rolled aspects."""
    jet = jet_d_aspect()
    return jet.combine(jet, lambda a, b: (a, b, TOTAL_DES_ASPECTS - (a + b)))


@rule(
    formula="somme = 30 − troisième",
    symbols={"troisième": "troisieme"},
    cites="quand la somme des résultats des dés est inférieure à 15",
)
def somme_pour_un_troisieme_aspect(troisieme: int) -> int:
    """La somme des deux jets qui donne ce troisième résultat : 30 − le troisième."""
    return TOTAL_DES_ASPECTS - troisieme


_ECHANGE = (
    "cédant − 1 ≥ 5 et receveur + 1 ≤ 15 : l'échange laisse les deux aspects entre 5 et 15 ; "
    "cédant − 1 < 5 : l'aspect cédant descendrait en deçà de 5 ; "
    "receveur + 1 > 15 : l'aspect receveur monterait au-dessus de 15"
)
"""Un échange d'un point d'aspect, comme le livre le règle (pour le faire et le vérifier)."""
_ASPECTS_DE_L_ECHANGE = {
    "cédant": lambda arguments: arguments["aspects"][arguments["de"]],
    "receveur": lambda arguments: arguments["aspects"][arguments["vers"]],
}


@rule(
    formula=_ECHANGE,
    symbols=_ASPECTS_DE_L_ECHANGE,
    cites="Le joueur peut ensuite faire 5 échanges de 1 point entre chacun des aspects",
)
def echanger_un_point_d_aspect(aspects: Mapping[str, int], de: str, vers: str) -> dict[str, int]:
    """Un échange à la création : −1 à un aspect, +1 à un autre, entre 5 et 15."""
    nouveaux = dict(aspects)
    nouveaux[de] -= 1
    nouveaux[vers] += 1
    if nouveaux[vers] > ASPECT_MAXIMUM_PAR_ECHANGE:
        raise ChoixInterdit(
            f"{vers} {aspects[vers]} ne peut monter au-dessus de {ASPECT_MAXIMUM_PAR_ECHANGE}"
        )
    if nouveaux[de] < ASPECT_MINIMUM_PAR_ECHANGE:
        raise ChoixInterdit(
            f"{de} {aspects[de]} ne peut descendre en deçà de {ASPECT_MINIMUM_PAR_ECHANGE}"
        )
    return nouveaux


@rule(
    formula=_ECHANGE,
    symbols=_ASPECTS_DE_L_ECHANGE,
    cites="augmenter un aspect au-dessus de 15 ni en diminuer un en deçà de 5",
)
def peut_echanger_un_point_d_aspect(aspects: Mapping[str, int], de: str, vers: str) -> bool:
    """Si un échange d'un aspect à un autre reste entre 5 et 15."""
    try:
        echanger_un_point_d_aspect(aspects, de, vers)
    except ChoixInterdit:
        return False
    return True


# -- creation: compétences ----------------------------------------------------


@rule(
    formula="PX d'aspect = NC des compétences",
    symbols={
        "NC des compétences": lambda arguments: tuple(
            niveau_de_competence.__wrapped__(niveau) * PX_D_ASPECT_PAR_NIVEAU
            for niveau, nombre in arguments["competences"].items()
            for _ in range(nombre)
        )
    },
    cites="le personnage reçoit aussi un PX dans l'aspect associé à cette compétence",
)
def px_d_aspect_de_depart(competences: Mapping[str, int]) -> int:
    """Les PX d'aspect des compétences de départ : un par niveau, la somme de leurs NC."""
    return sum(
        nombre * niveau_de_competence(niveau) * PX_D_ASPECT_PAR_NIVEAU
        for niveau, nombre in competences.items()
    )


@rule(cites="une compétence à compagnon (15)")
def echanger_contre_un_compagnon(competences: Mapping[str, int]) -> dict[str, int]:
    """Deux compétences à disciple et deux à apprenti échangées contre une à compagnon."""
    restantes = dict(competences)
    for niveau, nombre in ECHANGE_CONTRE_UN_COMPAGNON.items():
        if restantes.get(niveau, 0) < nombre:
            raise ChoixInterdit(f"{nombre} compétences à {niveau} are needed, not {restantes}")
        restantes[niveau] -= nombre
    restantes["compagnon"] = restantes.get("compagnon", 0) + 1
    return {niveau: nombre for niveau, nombre in restantes.items() if nombre}


@rule(
    formula="PX d'aspect = (NC atteint − NC de départ) × 1",
    symbols={"NC atteint": "niveau_atteint", "NC de départ": "niveau_de_depart"},
    cites="le personnage reçoit aussi un PX dans l'aspect associé à cette compétence",
)
def px_d_aspect_d_une_competence(niveau_atteint: int, niveau_de_depart: int = 0) -> int:
    """Les PX que reçoit un aspect quand une compétence passe d'un NC à un autre : 1 par niveau."""
    return (niveau_atteint - niveau_de_depart) * PX_D_ASPECT_PAR_NIVEAU


# -- progression --------------------------------------------------------------


@rule(
    formula="coût = NC à atteindre + 20 × NH",
    symbols={"NC à atteindre": "niveau_a_atteindre", "NH": "niveau_d_heroisme"},
    cites="on augmentera le coût de 20 PX par niveau d'héroïsme",
)
def cout_d_un_niveau_de_competence(niveau_a_atteindre: int, niveau_d_heroisme: int = 0) -> int:
    """Le coût en PX d'un niveau : le NC à atteindre, + 20 PX par niveau d'héroïsme."""
    return niveau_a_atteindre + SURCOUT_PAR_NIVEAU_D_HEROISME * niveau_d_heroisme


@rule(
    formula="PX = aspect + 1 + 20 × NH",
    symbols={"aspect": "aspect", "NH": "niveau_d_heroisme"},
    cites="Lorsque le personnage à autant de PX dans un",
)
def px_pour_augmenter_un_aspect(aspect: int, niveau_d_heroisme: int = 0) -> int:
    """Les PX pour monter un aspect d'un point : l'aspect + 1, + 20 par niveau d'héroïsme."""
    return aspect + 1 + SURCOUT_PAR_NIVEAU_D_HEROISME * niveau_d_heroisme


@rule(cites="Lorsque le personnage à autant de PX dans un")
def progression_d_un_aspect(aspect: int, px: int, niveau_d_heroisme: int = 0) -> tuple[int, int]:
    """(aspect, PX restants) une fois les PX dépensés : +1 chaque fois que PX ≥ aspect + 1."""
    while px >= (besoin := px_pour_augmenter_un_aspect(aspect, niveau_d_heroisme)):
        px -= besoin
        aspect += 1
    return aspect, px
