"""A formula's symbols are found as the pattern `(?<![\\w°])(?:name|…)(?!\\w)` finds them."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from build_tools.checking.symbols import replaced, symbols_in, written_as_word

LETTERS = "CARNDé°_1 2+=×()'"
NAMES = st.lists(st.text(LETTERS, min_size=1, max_size=4), min_size=1, max_size=4, unique=True)


def _by_pattern(text: str, names: list[str]) -> str:
    ordered = sorted(names, key=len, reverse=True)
    pattern = r"(?<![\w°])(" + "|".join(re.escape(name) for name in ordered) + r")(?!\w)"
    return re.sub(pattern, lambda match: f"<{match.group(1)}>", text)


@settings(max_examples=200, deadline=None)
@given(st.text(LETTERS, max_size=30), NAMES)
def test_symbols_are_replaced_where_the_pattern_would_replace_them(text, names):
    assert replaced(text, names, lambda name: f"<{name}>") == _by_pattern(text, names)


def test_a_symbol_inside_a_word_or_after_a_degree_sign_is_no_symbol():
    formula = "°R = CA + BCA − 2 × CA"
    assert [(start, name) for start, _, name in symbols_in(formula, ["CA", "R"])] == [
        (5, "CA"),
        (20, "CA"),
    ]


@settings(max_examples=200, deadline=None)
@given(st.text(LETTERS, max_size=30), st.text(LETTERS, max_size=4))
def test_a_word_is_written_where_the_pattern_finds_it(text, word):
    found = re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None
    assert written_as_word(text, word) == found


def test_a_card_term_inside_a_word_is_not_written():
    assert written_as_word("TP = CA + BP", "CA") and not written_as_word("TP = BCA + BP", "CA")
