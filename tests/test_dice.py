"""Exact dice against brute-force enumeration of every sequence of faces."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from build_tools.dice import Distribution, die, open_ended


def enumerate_chains(sides, explode_on, implode_on, depth):
    """Every sequence of faces the rule can produce, with its probability, by brute force."""
    results = Counter()
    for length in range(1, depth + 1):
        for faces in product(range(1, sides + 1), repeat=length):
            first, rest = faces[0], faces[1:]
            rerolled = first in (explode_on, implode_on)
            if length == 1:
                if rerolled and depth > 1:
                    continue  # a first face that re-rolls never ends a chain of more dice
            elif not rerolled or any(face != explode_on for face in rest[:-1]):
                continue
            elif rest[-1] == explode_on and length < depth:
                continue  # a last re-roll that explodes again goes on, unless the chain is cut
            sign = -1 if first == implode_on and length > 1 else 1
            results[first + sign * sum(rest)] += Fraction(1, sides**length)
    return results


def test_one_die_is_uniform():
    assert dict(die(6)) == {face: Fraction(1, 6) for face in range(1, 7)}
    assert die(20).mean() == Fraction(21, 2)


@pytest.mark.parametrize(
    "sides,explode_on,implode_on,depth",
    [
        (6, 6, None, 1),
        (6, 6, None, 3),
        (4, 4, 1, 3),
        (10, 10, None, 4),
        (6, 6, 1, 2),
    ],
)
def test_open_ended_matches_enumeration(sides, explode_on, implode_on, depth):
    exact = open_ended(sides, explode_on=explode_on, implode_on=implode_on, depth=depth)
    assert dict(exact) == {
        k: v for k, v in enumerate_chains(sides, explode_on, implode_on, depth).items() if v
    }
    assert sum(exact.values()) == 1


def test_difference_of_two_d10_by_enumeration():
    exact = die(10) - die(10)
    counts = Counter(a - b for a, b in product(range(1, 11), repeat=2))
    assert dict(exact) == {k: Fraction(v, 100) for k, v in counts.items()}
    assert exact.probability(lambda margin: margin >= 0) == Fraction(55, 100)


def test_distribution_normalises_and_conditions():
    weights = Distribution({1: 1, 2: 3})
    assert weights[2] == Fraction(3, 4)
    assert weights.conditional(lambda outcome: outcome == 1)[1] == 1


@pytest.mark.parametrize("seed", range(6))
def test_sums_and_differences_of_large_distributions_match_the_pairwise_sum(seed):
    """The big-integer convolution behind + and − against the plain sum over every pair."""
    import random

    chance = random.Random(seed)

    def random_distribution():
        low = chance.randint(-60, 60)
        return Distribution(
            {low + step: Fraction(chance.randint(0, 9), chance.randint(1, 7)) for step in range(40)}
        )

    first, second = random_distribution(), random_distribution() + die(6)
    for sign, operation in ((1, first.__add__), (-1, first.__sub__)):
        expected = Counter()
        for a, p in first.items():
            for b, q in second.items():
                expected[a + sign * b] += p * q
        result = operation(second)
        assert dict(result.items()) == {o: p for o, p in expected.items() if p}
        assert list(result) == sorted(result)


def test_renamed_is_map_for_a_one_to_one_function_and_refuses_a_merge():
    total = die(6) + die(4)
    renamed = total.renamed(lambda value: ("somme", value))
    assert renamed == total.map(lambda value: ("somme", value))
    assert list(renamed) == list(total.map(lambda value: ("somme", value)))
    assert renamed[("somme", 7)] == Fraction(4, 24)
    with pytest.raises(ValueError, match="one name per outcome"):
        total.renamed(lambda value: value % 2)


@pytest.mark.parametrize(
    ("first_depth", "second_depth", "width"), [(1, 1, 2), (2, 2, 4), (5, 8, 8), (8, 8, 9)]
)
def test_a_sum_is_the_pairwise_sum_whatever_the_size_of_its_digits(
    first_depth, second_depth, width
):
    """Digits of two, four and eight bytes (machine words) and of nine (bytes one by one)."""
    first = open_ended(20, explode_on=20, depth=first_depth)
    second = open_ended(20, explode_on=20, depth=second_depth)
    assert ((first._total * second._total).bit_length() + 7) // 8 <= width
    expected = first.combine(second, lambda a, b: a + b)
    assert first + second == expected and list(first + second) == list(expected)
    assert first - second == first.combine(second, lambda a, b: a - b)
