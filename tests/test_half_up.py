"""Rounding half away from zero, in integers, gives what the rule says in fractions:
floor(|value| × 10**places + 1/2), with the value's sign."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from build_tools.model.numbers import decimal, half_up


def _by_fractions(value: Fraction, places: int) -> Fraction:
    magnitude = (abs(value) * 10**places + Fraction(1, 2)).__floor__()
    return Fraction(magnitude if value >= 0 else -magnitude, 10**places)


@settings(max_examples=500, deadline=None)
@given(st.fractions(min_value=-10_000, max_value=10_000), st.integers(0, 4))
def test_half_up_is_the_rule_in_fractions(value, places):
    assert half_up(value, places) == _by_fractions(value, places)


def test_a_half_goes_away_from_zero_and_whole_numbers_and_floats_round_too():
    assert half_up(Fraction(725, 100), 1) == Fraction(73, 10)
    assert (
        half_up(Fraction(-25, 2)) == -13
        and half_up(12) == 12
        and half_up(0.125, 2) == Fraction(13, 100)
    )
    assert decimal(Fraction(-1, 3), 2, "fr", zeros=True) == "−0,33"
