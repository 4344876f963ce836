"""The dice of Harmonies against brute-force enumeration of the dés de chance and de malchance."""

from __future__ import annotations

import itertools
import sys
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "source"))

from harmonies.rules import des  # noqa: E402
from harmonies.rules.actions import chance_de_reussite  # noqa: E402

DEPTH = 4
"""Each open die is enumerated to four rolls: what is left out weighs 10^-4 per die."""


def open_die_by_enumeration(depth: int = DEPTH) -> tuple[dict[int, Fraction], Fraction]:
    """Every sequence of faces of one open d10 (a 10 rolls again and adds), up to `depth` rolls.

    Returns the total of each completed sequence with its probability, and the
    probability of the sequences cut off (a 10 on the last roll enumerated).
    """
    totals: dict[int, Fraction] = defaultdict(Fraction)
    cut = Fraction(0)
    for length in range(1, depth + 1):
        for faces in itertools.product(range(1, 11), repeat=length):
            if any(face != 10 for face in faces[:-1]):
                continue  # only the last face of a sequence may differ from 10
            probability = Fraction(1, 10**length)
            if faces[-1] == 10:
                if length == depth:
                    cut += probability
                continue
            totals[sum(faces)] += probability
    return totals, cut


def difference_by_enumeration() -> tuple[dict[int, Fraction], Fraction]:
    one, cut = open_die_by_enumeration()
    weights: dict[int, Fraction] = defaultdict(Fraction)
    for chance, p in one.items():
        for malchance, q in one.items():
            weights[chance - malchance] += p * q
    return weights, 2 * cut


ENUMERATED, LEFT_OUT = difference_by_enumeration()


def test_the_closed_roll_is_the_difference_of_two_d10():
    counts = defaultdict(int)
    for chance, malchance in itertools.product(range(1, 11), repeat=2):
        counts[des.resultat_du_jet(chance, malchance)] += 1
    distribution = des.jet_de_difference()
    assert set(distribution) == set(range(-9, 10))
    for result, count in counts.items():
        assert distribution[result] == Fraction(count, 100)


@pytest.mark.parametrize("result", range(-35, 36))
def test_each_result_of_the_open_roll_matches_the_enumeration(result):
    exact = des.chance_du_jet_ouvert(result)
    enumerated = ENUMERATED.get(result, Fraction(0))
    # The enumeration misses only sequences it cut off: it can fall short, never exceed.
    assert enumerated <= exact <= enumerated + LEFT_OUT


@pytest.mark.parametrize("threshold", range(-35, 36))
def test_the_tail_of_the_open_roll_matches_the_enumeration(threshold):
    exact = des.chance_du_jet_ouvert_au_moins(threshold)
    enumerated = sum((p for x, p in ENUMERATED.items() if x >= threshold), Fraction(0))
    assert enumerated <= exact <= enumerated + LEFT_OUT


def test_the_open_roll_is_symmetric_and_sums_to_one():
    for x in range(0, 60):
        assert des.chance_du_jet_ouvert(x) == des.chance_du_jet_ouvert(-x)
    for k in range(-40, 41):
        assert des.chance_du_jet_ouvert_au_moins(k) + des.chance_du_jet_ouvert_au_moins(1 - k) == 1
    # The tail beyond ±60 weighs about 10^-6 of 10^-6.
    total = sum(des.chance_du_jet_ouvert(x) for x in range(-60, 61))
    assert 1 - Fraction(1, 10**6) < total <= 1


def test_a_tie_is_one_chance_in_eleven():
    """P(±d10° = 0) = 1/11: why a margin of zero matters to the chance at difficulty 0."""
    assert des.chance_du_jet_ouvert(0) == Fraction(1, 11)
    assert chance_de_reussite(0) == Fraction(6, 11)


def test_an_open_die_never_stops_on_a_multiple_of_ten():
    totals, _ = open_die_by_enumeration()
    assert all(total % 10 for total in totals)


def test_the_rolls_of_the_combat_example_are_possible_only_on_the_open_roll():
    # « il semble protégé par la providence et obtient un +11! »
    assert des.jet_possible(11)
    assert not des.jet_possible(11, ouvert=False)
    # « fait un horrible -9 sur les dés »: 2 − 11 on the open roll.
    assert ENUMERATED[-9] > 0 and des.jet_possible(-9)


def test_the_truncated_distribution_keeps_the_exact_probabilities_in_range():
    distribution = des.jet_de_difference_ouvert(30)
    scale = sum(des.chance_du_jet_ouvert(x) for x in range(-30, 31))
    for x in range(-30, 31):
        assert distribution[x] == des.chance_du_jet_ouvert(x) / scale
