"""L'échelle des Mesures: ratios as points, and the chances the chapter derives from it.

Harmonies measures on a decimal logarithmic scale: Valeur = 10^(Mesure/10),
so 3 points are about twice as much and 10 points ten times as much (the
public definition of the Mesures; the chapter « La résolution des actions »
refers to it with « le principe est très semblable à celui utilisé pour les
Attributs »). Three things of that chapter are built on it:

- ratios of difficulty as points: « deux fois plus difficile … 3 points »,
  « trois fois plus difficile … 5 points »;
- the table « Chances de réussite d'une action »: a personnage type has 50 %
  at difficulty 0 and every 10 points divide his chance of failing (above 0)
  or of succeeding (below 0) by ten, so the smaller of the two is
  50 % × 10^(−|d|/10). The table prints it rounded to the rounded preferred
  numbers of that same progression, 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 (times
  a power of ten), and each success chance as 100 % minus the failure chance;
- the note on comparing two Mesures: the « right » chance for A against B is
  V_A / (V_A + V_B).

How the table is checked, and with what tolerance. The chapter calls its
chances « approximatives ». Against its own construction — the curve in
round numbers — no tolerance is needed: each cell is checked exactly, the
round numbers being the only approximation the table makes on purpose. That
check finds one cell off, −18 (0.7 % where the curve gives 0.79 % and the
table's own +18 reads 99.2 % = 100 − 0.8).

Against the dice (`actions.chance_de_reussite`, exact) the distance is a
figure, not a tolerance: on the failure side the printed table is below the
dice at every difficulty but −8 (8 % for 7.98 %), by up to 7.4 points (−2: 30 %
printed, 37.4 % rolled), because it starts from 50 % at difficulty 0 while
a marge of zero succeeds and ±d10° ties once in eleven rolls (6/11 =
54.5 %). A tolerance wide enough to pass that would hide a real mismatch,
and a narrow one would report the same cause at every cell; so none is
applied. The mismatch is reported once, at its cause, the sentence « Un
personnage type aura 50% de chance … de difficulté zéro » (to its printed
precision, half a point), with the figure in the working; the check also
prints the figure as a note (on average the printed chances are 1.3 points
from the dice).

10^(x/10) is irrational: the functions below compute it with `Decimal` to
40 significant digits and return exact integers or `Fraction`s; no value
they round lies within 10^-30 of a rounding boundary.
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

from build_tools.game import constant, rule

POINTS_PAR_DECADE = constant(
    10,
    cites="Dix points de Mesure valent dix fois plus",
    formula="Valeur = 10^(Mesure / 10)",
)
"""Valeur = 10^(Mesure/10): ten points for a factor of ten.

The chapter only refers to the scale (« le principe est très semblable à celui utilisé
pour les Attributs »); the section that defines it did not reach us. The rule is
reported `rule-unstated` and recorded in the ledger."""

CHANCE_A_DIFFICULTE_ZERO = constant(
    50,
    cites="Un personnage type aura 50% de chance de réussir une action de difficulté zéro",
)
"""« Un personnage type aura 50% de chance de réussir une action de difficulté zéro. »"""

CHIFFRES_RONDS = constant(
    tuple(Fraction(text) for text in ("1", "1.2", "1.5", "2", "2.5", "3", "4", "5", "6", "8")),
    cites="Elles sont toutefois approximatives et n'ont pour but que de donner une idée",
)
"""The rounded steps of the tenth root of ten (1.26, 1.58, 2.00, 2.51, 3.16, …)."""

_PRECISION = 40

# The corrections cite the note's principle, not its bands: the bands (-B-1, -B-2, -B-3) are
# what the check compares with these rules, and the ledger knows them wrong.
_BONNE_PROBABILITE = (
    "la bonne probabilité pour comparer deux valeurs serait égale à la Mesure de l'attaquant, "
    "divisée par la somme des deux Mesures"
)


def _puissance_de_dix(points: Fraction | int) -> Decimal:
    """10^(points/10) to 40 significant digits."""
    with localcontext() as context:
        context.prec = _PRECISION
        return Decimal(10) ** (
            Decimal(Fraction(points).numerator)
            / Decimal(Fraction(points).denominator * POINTS_PAR_DECADE)
        )


def _arrondi(valeur: Decimal) -> int:
    with localcontext() as context:
        context.prec = _PRECISION
        return int(valeur.to_integral_value(rounding="ROUND_HALF_UP"))


@rule(
    formula="points = arrondi(10 × log₁₀(rapport))",
    symbols={"rapport": "rapport"},
    cites=(
        "Lorsqu'une action devient deux fois plus difficile à réussir, la difficulté gagne 3 "
        "points",
        "Si l'action est trois fois plus difficile à échouer, c'est un malus de 5 points",
    ),
)
def ecart_pour_un_rapport(rapport: Fraction | int) -> int:
    """Deux fois plus difficile, 3 points ; trois fois, 5 : dix fois le log du rapport.

    Une action deux fois plus difficile perd 3 points, trois fois plus difficile 5 points : dix fois
    le logarithme décimal du rapport, arrondi."""
    with localcontext() as context:
        context.prec = _PRECISION
        points = POINTS_PAR_DECADE * Decimal(Fraction(rapport).numerator).log10() - (
            POINTS_PAR_DECADE * Decimal(Fraction(rapport).denominator).log10()
        )
    return _arrondi(points)


def chiffre_rond_le_plus_proche(valeur: Decimal) -> Fraction:
    """The rounded preferred number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k) nearest `valeur`."""
    exposant = valeur.adjusted()  # 10^exposant ≤ valeur < 10^(exposant + 1)
    echelle = Fraction(10) ** exposant
    candidats = [chiffre * echelle for chiffre in CHIFFRES_RONDS] + [10 * echelle]
    with localcontext() as context:
        context.prec = _PRECISION
        return min(
            candidats,
            key=lambda c: abs(Decimal(c.numerator) / Decimal(c.denominator) - valeur),
        )


@rule(
    # The table gives the smaller side, rounded to a preferred number, and reflects it.
    formula=(
        "d ≤ 0 : chance = arrondi(50 % × 10^(−|d| / 10)) ; "
        "d > 0 : chance = 100 − arrondi(50 % × 10^(−|d| / 10))"
    ),
    symbols={"d": "difficulte"},
    cites=(
        "Un personnage type aura 50% de chance de réussir une action de difficulté zéro",
        "Elles sont toutefois approximatives",
    ),
)
def chance_selon_les_mesures(difficulte: int) -> Fraction:
    """La chance de la table : son côté le plus petit est 50 % × 10^(−|d|/10), arrondi.

    La chance de la table, en pourcentage : son côté le plus petit est 50 % × 10^(−|d|/10), arrondi.
    """
    return chance_de_la_table(difficulte)


def chance_de_la_table(difficulte: int) -> Fraction:
    """`chance_selon_les_mesures` without the trace, for figures over the whole table."""
    with localcontext() as context:
        context.prec = _PRECISION
        cote_le_plus_petit = CHANCE_A_DIFFICULTE_ZERO / _puissance_de_dix(abs(difficulte))
    arrondi = chiffre_rond_le_plus_proche(cote_le_plus_petit)
    return arrondi if difficulte <= 0 else 100 - arrondi


@rule(
    formula="correction = arrondi(10 × log₁₀(2 × 10^(écart / 10) / (1 + 10^(écart / 10))))",
    symbols={"écart": "ecart"},
    cites=_BONNE_PROBABILITE,
)
def correction_de_la_mesure(ecart: Fraction | int) -> int:
    """Les points à ajouter pour que la chance de A soit sa Mesure divisée par la somme des deux.

    Points to add to A − B so that A's chance on the table is V_A/(V_A + V_B), B − A = ecart ≥ 0.

    On the table, difficulty −x gives 50 % × 10^(−x/10); V_A/(V_A + V_B) is
    1/(1 + 10^(x/10)); the difficulty giving it is −x + 10·log10(2·V/(1 + V)),
    V = 10^(x/10), rounded.
    """
    with localcontext() as context:
        context.prec = _PRECISION
        rapport = _puissance_de_dix(ecart)
        correction = POINTS_PAR_DECADE * (2 * rapport / (1 + rapport)).log10()
    return _arrondi(correction)


@rule(cites=_BONNE_PROBABILITE)
def correction_de_la_mesure_a_l_infini() -> int:
    """La correction quand B − A grandit : dix fois le logarithme de 2, arrondi, soit 3."""
    return ecart_pour_un_rapport(2)


@rule(cites=_BONNE_PROBABILITE)
def correction_d_une_tranche(ecart_maximal: int | None) -> int:
    """La correction d'une tranche de B − A, à sa fin (la plus grande)."""
    # The correction grows with B − A, so a band is at its largest at its end.
    if ecart_maximal is None:
        return correction_de_la_mesure_a_l_infini()
    return correction_de_la_mesure(ecart_maximal)
