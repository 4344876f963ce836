"""Les règles avancées: l'héroïsme (notation, total, conversions) et les facteurs d'ajustement.

The chapter « les règles avancées » of Les Clefs de l'Aube, as code. The
surcoût of progression in a heroic level (« 20 PX par niveau d'héroïsme ») is
part of the cost of a level, in `personnages.cout_d_un_niveau_de_competence`.

Readings chosen where the book leaves room:

- A CA « plus grande que 20 » converts; a CA of exactly 20 stays (it is a
  réussite automatique anyway). A CA at or below 0 « peut » convert: the
  player's choice, so `relever_ca` is a separate rule.
- A degré d'échec counts as a negative °R when the TH moves it by 20
  (« (2-20=) -18, ou un °R de 18 »).
- The facteur d'attaque is +10 as the chapter says (taken off CA + BP); the
  glossary's « -10 » contradicts it.
"""

from __future__ import annotations

import re

from build_tools.game import constant, rule

FACTEUR_D_ATTAQUE = constant(
    10, cites="additionnée du bonus de parade de l'arme moins 10", formula="FA = 10"
)
"""FA: « Le facteur d'attaque vaut, dans les règles actuelles +10 ».

It is taken off CA + BP for the TP, and off the CA en Évitement for the Esq.
"""

FACTEUR_DE_MORTALITE = constant(0, cites="Le facteur de mortalité actuel est de 0")
"""FM: « Le facteur de mortalité actuel est de 0 »; retiré de l'encaissement."""

POINTS_PAR_TOTAL_D_HEROISME = constant(20, cites="de 20 points, selon le cas")
"""Chaque point de TH augmente le °R (ou diminue le °É) de 20 points."""

CA_MAXIMALE = constant(20, cites="plus grande que 20, il gagne")
"""Au-delà de 20, une CA se convertit: CA - 20 et TH + 1 (de même pour un ND et son NH)."""

CA_MINIMALE = constant(0, cites="si sa CA est inférieure ou égale à 0")
"""À 0 ou moins, une CA peut se convertir: CA + 20 et TH - 1."""

NIVEAU_OMIS = constant(
    1, cites="Celui-ci est indiqué en ajoutant un h ainsi que le niveau après la statistique"
)
"""Le niveau d'héroïsme qu'on n'inscrit pas: « Ph 7h » vaut un niveau de 1."""

ECHELLE_D_HEROISME = constant(
    (
        "normal / normale",
        "héros / cheval",
        "épique / éléphant",
        "légende / cachalot",
        "demi-dieu / dragon",
        "ange / royaume",
        "archange / continent",
        "divin / planétaire",
    ),
    cites="exemples de niveaux d'héroïsme",
)
"""La table « exemples de niveaux d'héroïsme »: le niveau est la position dans l'échelle."""

_NOTATION = re.compile(r"^([+\-−]?\d+)(?:h(\d*))?$")


@rule(
    formula="niveau d'héroïsme = tableau « exemples de niveaux d'héroïsme » [ligne]",
    symbols={"ligne": "heroisme_ou_taille"},
    cites="épique / éléphant",
)
def niveau_d_heroisme_de(heroisme_ou_taille: str) -> int:
    """Le niveau d'héroïsme d'une ligne de l'échelle (« épique / éléphant » → 2)."""
    return ECHELLE_D_HEROISME.index(heroisme_ou_taille)


@rule(
    formula=(
        "NH = 0 : la valeur seule ; NH = 1 : la valeur suivie d'un h ; "
        "NH > 1 : la valeur suivie d'un h et du niveau"
    ),
    symbols={"NH": "niveau"},
    cites="Celui-ci est indiqué en ajoutant un h ainsi que le niveau après la statistique",
)
def notation_d_heroisme(valeur: int, niveau: int) -> str:
    """Une statistique suivie de h et de son niveau d'héroïsme, le 1 omis: 8h2, 7h, 12."""
    if niveau == 0:
        return f"{valeur}"
    if niveau == NIVEAU_OMIS:
        return f"{valeur}h"
    return f"{valeur}h{niveau}"


@rule(cites="Celui-ci est indiqué en ajoutant un h ainsi que le niveau après la statistique")
def lire_notation(notation: str) -> tuple[int, int]:
    """La valeur et le niveau d'héroïsme d'une notation (« 15h » → 15, 1; « +5h » → 5, 1)."""
    match = _NOTATION.match(notation.strip())
    if match is None:
        raise ValueError(f"not a heroic notation: {notation!r}")
    valeur = int(match.group(1).replace("−", "-"))
    if match.group(2) is None:
        return valeur, 0
    return valeur, int(match.group(2)) if match.group(2) else NIVEAU_OMIS


@rule(
    formula="TH = NH des statistiques − NH du ND",
    symbols={"NH des statistiques": "niveaux_des_statistiques", "NH du ND": "niveau_du_nd"},
    cites="est égal à la somme des niveaux d'héroïsme des statistiques",
)
def total_d_heroisme(niveaux_des_statistiques: tuple[int, ...], niveau_du_nd: int) -> int:
    """TH = somme des NH de l'aspect et de la compétence utilisés - NH du ND."""
    return sum(niveaux_des_statistiques) - niveau_du_nd


def _au_dessus_de_20(valeur: int) -> int:
    # How many times 20 comes off a value over 20 before it is 20 or less.
    return max(0, -(-(valeur - CA_MAXIMALE) // POINTS_PAR_TOTAL_D_HEROISME))


@rule(
    formula=(
        "CA > 20 : CA, TH = CA − 20 × conversions, TH + conversions ; "
        "CA ≤ 20 : la CA reste telle quelle"
    ),
    symbols={
        "CA": "ca",
        "TH": "total_d_heroisme",
        "conversions": lambda arguments: _au_dessus_de_20(arguments["ca"]),
    },
    cites="Il abaisse alors sa CA de 20 et augmente son TH de 1",
)
def convertir_ca(ca: int, total_d_heroisme: int) -> tuple[int, int]:
    """Une CA plus grande que 20 perd 20 et donne 1 TH, autant de fois qu'il le faut."""
    while ca > CA_MAXIMALE:
        ca -= POINTS_PAR_TOTAL_D_HEROISME
        total_d_heroisme += 1
    return ca, total_d_heroisme


@rule(
    formula=(
        "CA ≤ 0 : CA, TH = CA + 20 × relèvements, TH − relèvements ; "
        "CA > 0 : la CA reste telle quelle"
    ),
    symbols={
        "CA": "ca",
        "TH": "total_d_heroisme",
        "relèvements": lambda arguments: (
            -arguments["ca"] // POINTS_PAR_TOTAL_D_HEROISME + 1 if arguments["ca"] <= 0 else 0
        ),
    },
    cites="il peut augmenter son CA de 20",
)
def relever_ca(ca: int, total_d_heroisme: int) -> tuple[int, int]:
    """Une CA inférieure ou égale à 0 peut gagner 20 en coûtant 1 TH (au choix du joueur)."""
    while ca <= CA_MINIMALE:
        ca += POINTS_PAR_TOTAL_D_HEROISME
        total_d_heroisme -= 1
    return ca, total_d_heroisme


@rule(
    formula=(
        "ND > 20 : ND, NH = ND − 20 × conversions, NH + conversions ; "
        "ND ≤ 20 : le ND reste tel quel"
    ),
    symbols={
        "ND": "niveau_de_difficulte",
        "NH": "niveau_d_heroisme",
        "conversions": lambda arguments: _au_dessus_de_20(arguments["niveau_de_difficulte"]),
    },
    cites="et les niveaux de difficulté peuvent avoir un niveau d'héroïsme",
)
def convertir_nd(niveau_de_difficulte: int, niveau_d_heroisme: int) -> tuple[int, int]:
    """Un ND au-dessus de 20 perd 20 et son NH gagne 1."""
    while niveau_de_difficulte > CA_MAXIMALE:
        niveau_de_difficulte -= POINTS_PAR_TOTAL_D_HEROISME
        niveau_d_heroisme += 1
    return niveau_de_difficulte, niveau_d_heroisme


@rule(
    formula="°R = °R du jet + 20 × TH",
    symbols={"°R du jet": "degre_de_reussite", "TH": "total_d_heroisme"},
    cites="de 20 points, selon le cas",
)
def degre_heroique(degre_de_reussite: int, total_d_heroisme: int) -> int:
    """°R + 20 × TH, un degré d'échec comptant comme un °R négatif (°É 2 → °R -2)."""
    return degre_de_reussite + POINTS_PAR_TOTAL_D_HEROISME * total_d_heroisme
