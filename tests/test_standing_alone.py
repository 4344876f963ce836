"""A number a finding points at is found on its source line where the pattern
`(?<![\\d.,])number(?!\\d)` finds it (no look-behind for a signed number: « 11-9 »)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from build_tools.checking.symbols import standing_alone

TEXT = st.text("0129.,+-− a", max_size=30)
NUMBER = st.text("0129.,+-−", min_size=1, max_size=4)


def _by_pattern(text: str, number: str, end: int) -> list[int]:
    before = "" if number[:1] in "+-−" else r"(?<![\d.,])"
    pattern = re.compile(before + re.escape(number) + r"(?![\d])")
    return [match.start() for match in pattern.finditer(text, 0, end)]


@settings(max_examples=300, deadline=None)
@given(TEXT, NUMBER, st.integers(0, 35))
def test_a_number_stands_alone_where_the_pattern_finds_it(text, number, end):
    end = min(end, len(text))
    assert list(standing_alone(text, number, end)) == _by_pattern(text, number, end)
    assert list(standing_alone(text, number)) == _by_pattern(text, number, len(text))


def test_a_number_inside_another_or_after_a_decimal_mark_is_notstanding_alone():
    assert list(standing_alone("12 et 2, 1,2 ou 2", "2")) == [6, 16]
    assert list(standing_alone("11-9", "-9")) == [2]
