"""Binding patterns: literal text with number holes, matched as a regular expression would."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from build_tools.checking.passage import (
    HOLE,
    HOLE_END,
    TextPattern,
    compile_pattern,
    excerpt,
)
from build_tools.model.numbers import number_value

TEXT = (
    "Gaël a 13 en Physique, un bonus de +2 et 1,5 point ; sa CA de 15 (12-3) "
    "monte à 2d6+3, puis −1 et 20kg pour 2006, soit 13 en Physique encore."
)


def as_regex(pattern: str) -> re.Pattern:
    """The pattern as a regular expression: the reference the fast matcher must agree with."""
    literals = [re.escape(piece) for piece in pattern.split("{}")]
    return re.compile((HOLE + HOLE_END).join(literals))


@pytest.mark.parametrize(
    "pattern",
    [
        "{} en Physique",
        "un bonus de {}",
        "{} point",
        "CA de {} ({}-{})",
        "{}d{}{}",
        "puis {} et {}kg",
        "pour {}",
        "{}",
        "de {} et",
        "absent {}",
        "Physique, un",
    ],
)
def test_every_match_agrees_with_the_regular_expression(pattern):
    fast, reference = TextPattern(pattern), as_regex(pattern)
    for position in range(len(TEXT) + 1):
        expected = reference.search(TEXT, position)
        found = fast.search(TEXT, position)
        if expected is None:
            assert found is None, (pattern, position)
        else:
            assert found is not None, (pattern, position)
            assert found.span() == expected.span()
            assert found.groups() == expected.groups()


def test_whitespace_in_a_pattern_is_one_space_of_the_normalised_text():
    match = compile_pattern("un   bonus\nde {}").search(TEXT)
    assert match.group(1) == "+2"


def test_a_hole_never_reads_part_of_a_larger_number():
    assert compile_pattern("{}06").search("en 2006") is None
    assert compile_pattern("0{}").search("en 2006") is None


def test_values_read_as_the_book_writes_them():
    assert [number_value(v) for v in ("12", "+2", "−1", "1,5")] == [12, 2, -1, 1.5]


def test_a_cross_reference_reads_as_the_words_it_stands_for():
    from lxml import etree

    from build_tools.checking.passage import Passage

    root = etree.fromstring(
        '<book><para id="p">Il subit un <xref linkend="h"/> de 2 et lit la <xref linkend="s"/>.'
        '</para><glossentry id="h"><glossterm>handicap</glossterm></glossentry>'
        '<section id="s"><title>table 3</title></section></book>'
    )
    passage = Passage.of(root.find("para"), Path("book.xml"))
    assert passage.text == "Il subit un handicap de 2 et lit la table 3."
    # the 3 belongs to the title the reference points at, not to this paragraph
    assert [token.text for token in passage.tokens] == ["2"]


def test_the_numbers_of_a_long_passage_skip_every_cross_reference_and_only_those():
    """Checked against comparing each number with each reference's span, the plain way."""
    from lxml import etree

    from build_tools.checking.passage import NUMBER, Passage

    targets = "".join(f'<section id="s{n}"><title>table {n}</title></section>' for n in range(300))
    references = " ".join(f'{n} voir <xref linkend="s{n}"/> puis {n + 1}' for n in range(300))
    root = etree.fromstring(f"<book><para>{references}</para>{targets}</book>")
    passage = Passage.of(root.find("para"), Path("book.xml"))
    plain = [
        match.group()
        for match in NUMBER.finditer(passage.text)
        if not any(a <= match.start() < b for a, b in passage.generated)
    ]
    assert [token.text for token in passage.tokens] == plain
    assert len(plain) == 600 and len(passage.generated) == 300


SENTENCE = (
    "La difficulté d’une action permet de déterminer les chances de réussite d’un personnage "
    "type (celui avec zéro à tous ses Attributs et ses Compétences). Un personnage type aura "
    "50% de chance de réussir une action de difficulté zéro."
)


@pytest.mark.parametrize("margin", range(20, 60, 3))
def test_an_excerpt_never_cuts_a_word(margin):
    """What the errata quote (« Au lieu de : … ») begins and ends on whole words."""
    start = SENTENCE.index("50%")
    quoted = excerpt(SENTENCE, start, start + 2, margin)
    assert "50%" in quoted
    inner = quoted.removeprefix("… ").removesuffix(" …")
    assert inner in SENTENCE
    at = SENTENCE.index(inner)
    assert at == 0 or SENTENCE[at - 1] == " ", quoted
    after = at + len(inner)
    assert after == len(SENTENCE) or SENTENCE[after] == " ", quoted
