"""Edad's d20 and opposed rolls, against brute-force enumeration of every sequence of faces.

The rules build exact distributions from `build_tools.dice`; here every sequence
of faces the dice can show, up to the same number of re-rolls, is enumerated
one by one, and the totals, the gaps and the chance of success are compared.
"""

from __future__ import annotations

import itertools
import sys
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "source"))

from edad.rules import jets  # noqa: E402


def sequences(relances: int):
    """Every (total, probability) of one d20 as the book rolls it, sequence by sequence."""
    for premier in range(1, 21):
        if premier not in (1, 20) or relances == 0:
            yield premier, Fraction(1, 20)
            continue
        sens = -1 if premier == 1 else 1
        for longueur in range(1, relances + 1):
            for suite in itertools.product(range(1, 21), repeat=longueur):
                # a chain goes on while it shows 20, and stops at the cut
                if any(face != 20 for face in suite[:-1]):
                    continue
                if suite[-1] == 20 and longueur < relances:
                    continue
                yield premier + sens * sum(suite), Fraction(1, 20) ** (longueur + 1)


def enumerated(relances: int) -> dict[int, Fraction]:
    totals: dict[int, Fraction] = defaultdict(Fraction)
    for total, probability in sequences(relances):
        totals[total] += probability
    return dict(totals)


@pytest.mark.parametrize("relances", [0, 1, 2, 3])
def test_d20_matches_enumeration(relances):
    distribution = jets.jet_de_d20(relances)
    assert dict(distribution.items()) == enumerated(relances)
    assert sum(distribution.values()) == 1


def test_d20_pinned_values():
    d20 = jets.jet_de_d20(2)
    # a 1 then a 20 then 20 again: 1 − 40
    assert d20[-39] == Fraction(1, 20**3)
    # a 20 then a 5: 25
    assert d20[25] == Fraction(1, 20**2)
    assert d20[10] == Fraction(1, 20)
    # a 1 is never helped: the best after a 1 is 1 − 1 = 0
    assert max(total for total in d20 if total <= 0) == 0
    assert d20[1] == 0 and d20[20] == 0


@pytest.mark.parametrize("bonus_du_joueur, bonus_adverse", [(0, 0), (3, 0), (2, 7), (-4, 5)])
def test_opposed_roll_matches_enumeration_of_both_dice(bonus_du_joueur, bonus_adverse):
    relances = 2
    faces = list(sequences(relances))
    ecarts: dict[int, Fraction] = defaultdict(Fraction)
    for (joueur, p), (adversaire, q) in itertools.product(faces, faces):
        ecarts[(joueur + bonus_du_joueur) - (adversaire + bonus_adverse)] += p * q
    assert dict(jets.ecart_du_jet_oppose(bonus_du_joueur, bonus_adverse, relances).items()) == dict(
        ecarts
    )

    gagne = sum(p for ecart, p in ecarts.items() if ecart > 0)
    egalite = ecarts[0]
    succes = jets.probabilite_de_succes(bonus_du_joueur, bonus_adverse, relances)
    assert succes == gagne / (1 - egalite)
    # the tie rule played out round by round: k ties then a win, for k < 40
    par_manches = sum(egalite**k * gagne for k in range(40))
    assert par_manches <= succes <= par_manches + egalite**40


def test_equal_bonuses_give_even_chances():
    assert jets.probabilite_de_succes(4, 4, 2) == Fraction(1, 2)


def test_outcome_of_opposed_roll_sums_to_one_and_never_ties():
    resultat = jets.resultat_du_jet_oppose(5, 0, 2)
    assert sum(resultat.values()) == 1
    assert {issue for issue, _ in resultat} == {"succès", "échec"}
    assert resultat.probability(lambda r: r[0] == "succès") == jets.probabilite_de_succes(5, 0, 2)
