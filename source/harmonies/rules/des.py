"""Les dés des Harmonies: the jet de différence ±d10 and its open version ±d10°, exactly.

A jet de différence is a dé de chance minus a dé de malchance, two d10: the
result runs from −9 to +9 (±d10). In the open version (±d10°) each die that
shows 10 is rolled again and added (10, 20, … then the last face), and the two
totals are subtracted; the result is then unbounded both ways.

The chapters we have never describe the dice themselves: they write « le
joueur lance les dés », « un 5 sur son dé de malchance et un 6 sur son dé de
chance », and « ±d10° » in the Attaque formula. The definitions are the
public ones of Harmonies (Arpèges 0.3–0.5). The actions chapter uses the open
roll too: its table of chances runs to difficulties −20 and +19, which only
an open roll can reach, and the combat chapter rolls a +11.

Every probability here is an exact `Fraction`, the open roll included: a die
of the open roll is 10·K + R, where K (the number of 10s rolled) is geometric,
P(K = k) = 9/10 · (1/10)^k, and R is the last face, 1 to 9, independent of K.
The difference is therefore 10·M + S, with M = K₁ − K₂ and S = R₁ − R₂
independent, P(M = m) = 9/11 · (1/10)^|m| and P(S = s) = (9 − |s|)/81; these
closed forms give every probability as a finite sum, and are tested against
the enumeration of the dice.
"""

from __future__ import annotations

from fractions import Fraction

from build_tools.game import Distribution, constant, die, rule

FACES = constant(10, cites="Niveau+BF+FF-FR-FD±d10°", formula="±d10")
"""Faces of the dé de chance and of the dé de malchance (« ±d10 »)."""

FACE_OUVERTE = constant(
    10, cites="Un dé qui montre 10 est relancé et ajouté", formula="d10° : 10 relancé"
)
"""On the open roll (±d10°), a die showing 10 is rolled again and added.

The chapters write « ±d10° » but never say what the ° does: the rule is reported
`rule-unstated` and recorded in the ledger."""


def jet_de_difference() -> Distribution:
    """±d10: the dé de chance minus the dé de malchance, −9 to +9."""
    return die(FACES) - die(FACES)


@rule(
    formula="jet = dé de chance − dé de malchance",
    symbols={"dé de chance": "de_de_chance", "dé de malchance": "de_de_malchance"},
    cites="Le joueur lance un 5 sur son dé de malchance et un 6 sur son dé de chance",
)
def resultat_du_jet(de_de_chance: int, de_de_malchance: int) -> int:
    """Le jet est le dé de chance moins le dé de malchance."""
    return de_de_chance - de_de_malchance


def _chance_des_dizaines(m: int) -> Fraction:
    """P(M = m): the dé de chance rolled m more 10s than the dé de malchance."""
    return Fraction(9, 11) * Fraction(1, FACES ** abs(m))


def _chance_des_dizaines_au_moins(j: int) -> Fraction:
    """P(M ≥ j), summed in closed form (M is symmetric about 0)."""
    if j >= 1:
        return Fraction(10, 11) * Fraction(1, FACES**j)
    return 1 - Fraction(10, 11) * Fraction(1, FACES ** (1 - j))


def _chance_des_dernieres_faces(s: int) -> Fraction:
    """P(S = s): last face of the dé de chance minus that of the dé de malchance, 1 to 9 each."""
    return Fraction(max(0, 9 - abs(s)), 81)


def chance_du_jet_ouvert(resultat: int) -> Fraction:
    """P(±d10° = resultat), exact."""
    return sum(
        (
            _chance_des_dizaines(m) * _chance_des_dernieres_faces(resultat - FACES * m)
            for m in range(resultat // FACES - 1, resultat // FACES + 2)
        ),
        Fraction(0),
    )


def chance_du_jet_ouvert_au_moins(seuil: int) -> Fraction:
    """P(±d10° ≥ seuil), exact."""
    # From `tout` tens up, the roll is at least `seuil` whatever the last faces show (S ≥ −8);
    # below `premier` it cannot reach it (S ≤ 8).
    tout = -(-(seuil + 8) // FACES)  # ceil((seuil + 8) / 10)
    premier = -(-(seuil - 8) // FACES)  # ceil((seuil - 8) / 10)
    total = _chance_des_dizaines_au_moins(tout)
    for m in range(premier, tout):
        reste = seuil - FACES * m
        total += _chance_des_dizaines(m) * sum(
            (_chance_des_dernieres_faces(s) for s in range(reste, 9)), Fraction(0)
        )
    return total


def jet_de_difference_ouvert(etendue: int = 40) -> Distribution:
    """±d10° restricted to −etendue..+etendue, each result with its exact probability.

    The results beyond the range (probability under 2·10^(−etendue/10)) are left
    out and the rest renormalised by `Distribution`; use the `chance_…`
    functions when the far tail matters.
    """
    return Distribution({x: chance_du_jet_ouvert(x) for x in range(-etendue, etendue + 1)})


def jet_possible(resultat: int, *, ouvert: bool = True) -> bool:
    """Whether the roll can show `resultat` at all."""
    if ouvert:
        return chance_du_jet_ouvert(resultat) > 0
    return -(FACES - 1) <= resultat <= FACES - 1
