"""A finding's words are found in its source line as the source writes them: markup between
two letters, spaces or markup between two words, « ’ » for « ' », as this pattern finds them."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from build_tools.checking.runner import _held

PIECES = st.sampled_from(["a", "b", "é", "'", "’", " ", "\n", "<i>", "</i>", "<", ">", "x"])


def _by_pattern(source: str, words: list[str]) -> int | None:
    tags = r"(?:<[^>]*>)*"
    pattern = r"(?:\s|<[^>]*>)+".join(
        tags.join(re.escape(letter).replace("'", "['’]") for letter in word) for word in words
    )
    match = re.match(pattern, source)
    return match.end() if match else None


@settings(max_examples=300, deadline=None)
@given(
    st.lists(PIECES, max_size=14).map("".join),
    st.lists(st.text("abé'x", min_size=1, max_size=3), min_size=1, max_size=3),
)
def test_the_words_end_where_the_pattern_ends_them(source, words):
    assert _held(source, words) == _by_pattern(source, words)


def test_a_linked_term_is_held_with_its_markup():
    source = "le <link linkend='nc'>Niveau de Compétence</link>, puis"
    assert source[: _held(source, ["le", "Niveau", "de", "Compétence"])].endswith("Compétence")
