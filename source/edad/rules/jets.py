"""Le système de jeu: the d20 that re-rolls on 1 and 20, opposed rolls, and the gap categories.

Readings of the text (« Le Système De Jeu »), where it leaves a choice:

- A 1 is re-rolled and the re-roll subtracted; a 20 is re-rolled and the re-roll
  added. A re-roll that shows 20 is re-rolled and added again (the chain goes on
  in the direction it started); a re-roll that shows 1 is just 1. This is the
  usual open-ended roll, and the only reading under which a 1 can never help.
- Both sides roll this way: the opponent, or the world with its DD, « fait de
  même ».
- On a tie « chacun relance le dé jusqu'à ce qu'un des deux ait le plus haut
  score »: the whole opposed roll is made again, bonuses included, so the chance
  of success is the chance of winning given that there is no tie.
- A chain of re-rolls is cut after `relances` re-rolls so that distributions stay
  finite; what the cut leaves out is at most (1/20)**relances.
"""

from __future__ import annotations

import functools
from fractions import Fraction

from build_tools.game import Distribution, constant, die, rule

FACES = constant(20, cites="il faudra lancer un D20 et additionner le score", formula="D20")
RELANCE_SOUSTRAITE = constant(
    1,
    cites="Si un joueur fait 1, il relance le dé et soustrait le résultat",
    formula="1 : relance soustraite",
)
RELANCE_AJOUTEE = constant(
    20,
    cites="Si un joueur fait 20, il relance le dé et additionne le résultat",
    formula="20 : relance ajoutée",
)
_RELANCES = 3
"""Re-rolls kept by default: what is cut is below 1/8000 of a chance. A bound of the
computation, not a rule of the book, so it is no constant of the rules."""

DEPARTAGE_DES_EGALITES = constant(
    "le jet opposé entier, bonus compris",
    cites="Une égalité fait relancer tout le jet opposé, bonus compris",
)
"""On a tie the whole opposed roll is made again, bonuses included.

The book's « chacun relance le dé jusqu'à ce qu'un des deux ait le plus haut score » does
not say whether the « score » is the die's or the score total: the rules read the score
total, so a tie is rolled again as it was made, and the chance of success is that of
winning given no tie (the die's alone would give P(écart > 0) + P(égalité) / 2, one point
apart at most differences). No sentence states it: the rule is reported `rule-unstated`
and recorded in the ledger, and the cards' chances carry its note."""

SCORE_DE_FAIRE_10 = constant(
    10,
    cites="peut choisir de faire 10 à son dé au lieu de le lancer",
    formula="dé = 10",
)
SCORE_DE_FAIRE_20 = constant(
    20,
    cites="peut choisir de faire 20 à la place de lancer le dé",
    formula="dé = 20",
)

CATEGORIES_D_ECART = constant(
    (
        ("léger", 0, 4),
        ("moyen", 5, 9),
        ("conséquent", 10, 14),
        ("important", 15, 19),
        ("terrible", 20, None),
    ),
    cites="table « Catégories d'écart »",  # its binding checks every row against these
)
"""Les catégories d'écart: (nom, plus petit écart, plus grand écart ou None sans borne).

The book says « terrible au delà de 20 ». Read strictly, « au delà de 20 » starts
at 21 and leaves an écart of exactly 20 in no category, after « important entre
15 et 19 ». The only reading without a hole is « à partir de 20 », used here; the
check of the book's table reports the text's hole.
"""


def des(nombre: int, faces: int) -> Distribution:
    """nDm: the sum of `nombre` dice of `faces` faces, as the book writes it (« 3D6 »)."""
    somme = die(faces)
    for _ in range(nombre - 1):
        somme = somme + die(faces)
    return somme


def _relance_explosive(relances: int) -> Distribution:
    """A d20 re-rolled and added while it shows 20, with at most `relances` dice in all."""
    if relances <= 1:
        return die(FACES)
    suite = _relance_explosive(relances - 1)
    weights: dict[int, Fraction] = {}
    for face, p in die(FACES).items():
        if face == RELANCE_AJOUTEE:
            for reste, q in suite.items():
                weights[face + reste] = weights.get(face + reste, Fraction(0)) + p * q
        else:
            weights[face] = weights.get(face, Fraction(0)) + p
    return Distribution(weights)


@rule(
    cites=(
        "Si un joueur fait 1, il relance le dé et soustrait le résultat",
        "Si un joueur fait 20, il relance le dé et additionne le résultat",
    )
)
def jet_de_d20(relances: int = _RELANCES) -> Distribution:
    """Sur 1, on relance le dé et soustrait le résultat ; sur 20, on l'additionne.

    Un D20 : sur 1, on relance le dé et soustrait le résultat ; sur 20, on relance et additionne le
    résultat."""
    return _jet_de_d20(relances, FACES, RELANCE_SOUSTRAITE, RELANCE_AJOUTEE)


@functools.cache
def _jet_de_d20(relances: int, faces: int, soustraite: int, ajoutee: int) -> Distribution:
    """The distribution, computed once for each set of rules (the faces and re-roll faces are
    in the key, so a changed rule is computed afresh): a card's table asks for it 42 times."""
    if relances <= 0:
        return die(FACES)
    relance = _relance_explosive(relances)
    weights: dict[int, Fraction] = {}
    for face, p in die(FACES).items():
        if face == RELANCE_SOUSTRAITE:
            resultats = {face - reste: q for reste, q in relance.items()}
        elif face == RELANCE_AJOUTEE:
            resultats = {face + reste: q for reste, q in relance.items()}
        else:
            resultats = {face: Fraction(1)}
        for total, q in resultats.items():
            weights[total] = weights.get(total, Fraction(0)) + p * q
    return Distribution(weights)


@rule(
    formula="score total = D20 + bonus",
    cites=(
        "il faudra lancer un D20 et additionner le score au bonus dans la compétence appropriée",
        "ce qui se rajoute au score du dé est le degré de difficulté",
    ),
)
def score_total(bonus: int, relances: int = _RELANCES) -> Distribution:
    """Le score total est le D20 additionné du bonus dans la compétence (du DD pour le monde)."""
    return jet_de_d20(relances) + bonus


@rule(
    formula="écart = score total du joueur − score total de l'adversaire",
    cites="Puis l'adversaire (ou le monde s'il n'y a pas d'adversaire désigné) fait de même",
)
def ecart_du_jet_oppose(
    bonus_du_joueur: int, bonus_de_l_adversaire: int, relances: int = _RELANCES
) -> Distribution:
    """L'écart est le score total du joueur moins celui de l'adversaire.

    L'écart est le score total du joueur moins celui de l'adversaire (ou du monde), avant tout
    départage."""
    return score_total(bonus_du_joueur, relances) - score_total(bonus_de_l_adversaire, relances)


@rule(
    formula="P(succès) = P(écart > 0) / (1 − P(écart = 0))",
    cites=(
        "Si le score total du joueur est supérieur au score total de l'adversaire",
        "En cas d'égalité, chacun relance le dé jusqu'à ce qu'un des deux ait le plus haut score",
    ),
)
def probabilite_de_succes(
    bonus_du_joueur: int, bonus_de_l_adversaire: int, relances: int = _RELANCES
) -> Fraction:
    """Le joueur réussit si son score total dépasse l'autre ; une égalité fait relancer.

    L'action réussit si le score total du joueur dépasse celui de l'adversaire ; une égalité fait
    relancer, la chance de succès est donc celle de gagner sachant qu'il n'y a pas égalité."""
    ecart = ecart_du_jet_oppose(bonus_du_joueur, bonus_de_l_adversaire, relances)
    egalite = ecart[0]
    return ecart.probability(lambda e: e > 0) / (1 - egalite)


@rule(
    cites=(
        "Si le score total du joueur est supérieur au score total de l'adversaire",
        "Si le score total du joueur est inférieur au score total de l'adversaire",
    )
)
def resultat_du_jet_oppose(
    bonus_du_joueur: int, bonus_de_l_adversaire: int, relances: int = _RELANCES
) -> Distribution:
    """Le jet qui départage donne un succès ou un échec, et sa catégorie d'écart.

    Le jet qui départage donne un succès ou un échec, et sa catégorie d'écart (les égalités sont
    relancées)."""
    ecart = ecart_du_jet_oppose(bonus_du_joueur, bonus_de_l_adversaire, relances)
    decisif = ecart.conditional(lambda e: e != 0)
    return decisif.map(lambda e: ("succès" if e > 0 else "échec", categorie_d_ecart(abs(e))))


@rule(cites="table « Catégories d'écart »")
def categorie_d_ecart(ecart: int) -> str:
    """L'écart est léger, moyen, conséquent, important ou terrible (table).

    L'écart est léger de 0 à 4, moyen de 5 à 9, conséquent de 10 à 14, important de 15 à 19,
    terrible à partir de 20."""
    if ecart < 0:
        raise ValueError("un écart se mesure entre deux scores: il n'est jamais négatif")
    for nom, plus_petit, plus_grand in CATEGORIES_D_ECART:
        if plus_petit <= ecart and (plus_grand is None or ecart <= plus_grand):
            return nom
    raise ValueError(f"aucune catégorie pour l'écart {ecart}")


@rule(
    cites=(
        "peut choisir de faire 10 à son dé au lieu de le lancer",
        "lui permet de faire 10 ou 20 même en situation stressante",
    )
)
def peut_faire_10(situation_stressante: bool, sang_froid: bool = False) -> bool:
    """Hors situation stressante (ou avec Sang froid), on peut faire 10 au dé.

    Hors situation stressante (ou avec le don Sang froid), on peut faire 10 au lieu de lancer le dé.
    """
    return not situation_stressante or sang_froid


@rule(
    cites=(
        "et peut recommencer son action plusieurs fois peut choisir de faire 20",
        "lui permet de faire 10 ou 20 même en situation stressante",
    )
)
def peut_faire_20(
    situation_stressante: bool, peut_recommencer: bool, sang_froid: bool = False
) -> bool:
    """Hors situation stressante, une action qui peut se recommencer peut faire 20.

    On peut faire 20 hors situation stressante (ou avec Sang froid), si l'action peut se recommencer
    plusieurs fois."""
    return peut_recommencer and (not situation_stressante or sang_froid)


@rule(
    formula="score = dé + bonus",
    symbols={"dé": "valeur_du_de", "bonus": "bonus"},
    cites="mais il ne relance pas le dé comme il l'aurait fait en obtenant un 20 sur le dé",
)
def score_en_faisant(valeur_du_de: int, bonus: int) -> int:
    """En faisant 10 ou 20, le dé vaut 10 ou 20, sans relance, plus le bonus."""
    if valeur_du_de not in (SCORE_DE_FAIRE_10, SCORE_DE_FAIRE_20):
        raise ValueError("on ne peut faire que 10 ou 20")
    return valeur_du_de + bonus
