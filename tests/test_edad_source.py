"""The Edad book is a faithful hand conversion of the plain text it came from.

`source/edad/book.xml` was written by hand from the seed kept in
`tests/fixtures/originals/`. Only the structure is ours: every sentence of the
original must be in the book, unchanged and in order, and the only words the
book adds are the titles, table headers and feat terms listed in
`source/edad/SOURCE-CHANGES.md`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lxml import etree

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "source" / "edad" / "book.xml"
CHANGES = ROOT / "source" / "edad" / "SOURCE-CHANGES.md"
ORIGINAL = ROOT / "tests" / "fixtures" / "originals" / "002_2b6a0e1bbf001d3d.txt"
DTD = Path("/usr/share/xml/docbook/schema/dtd/4.2/docbookx.dtd")

# The elements whose text is ours, not the author's (SOURCE-CHANGES.md lists each).
OURS = (
    "preface/title",
    "example/title",
    "table/title",
    "thead",
    "varlistentry/term",
)


def normalize(text: str) -> str:
    return " ".join(text.split())


def original_lines() -> list[str]:
    return [line for line in ORIGINAL.read_text(encoding="utf-8").splitlines() if line.strip()]


def sentences(line: str) -> list[str]:
    """A line of the original cut after each full stop, question or exclamation mark."""
    return [normalize(s) for s in re.split(r"(?<=[.!?])\s+", line) if s.strip()]


def parse_book() -> etree._ElementTree:
    return etree.parse(str(BOOK))


def ours(tree: etree._ElementTree) -> list[etree._Element]:
    return [element for path in OURS for element in tree.getroot().iterfind(f".//{path}")]


def authors_text(tree: etree._ElementTree) -> str:
    """The text of the book below `bookinfo`, without our elements, one space at each tag."""
    skipped = set(ours(tree)) | {tree.getroot().find("bookinfo")}
    pieces: list[str] = []

    def walk(element: etree._Element) -> None:
        if element in skipped:
            return
        pieces.append(" ")
        pieces.append(element.text or "")
        for child in element:
            walk(child)
            pieces.append(child.tail or "")
        pieces.append(" ")

    walk(tree.getroot())
    return normalize("".join(pieces))


def test_book_is_valid_docbook_4_2():
    dtd = etree.DTD(str(DTD))
    tree = parse_book()
    assert dtd.validate(tree), dtd.error_log.filter_from_errors()[:5]


def test_title_line_becomes_title_and_subtitle():
    bookinfo = parse_book().getroot().find("bookinfo")
    title, subtitle = bookinfo.findtext("title"), bookinfo.findtext("subtitle")
    assert f"{title} : {subtitle}" == original_lines()[0]


def test_every_sentence_of_the_original_is_in_the_book_in_order():
    text = authors_text(parse_book())
    position = 0
    for number, line in enumerate(original_lines()[1:], start=2):
        for sentence in sentences(line):
            found = text.find(sentence, position)
            assert found >= 0, (
                f"original line {number}: not in the book after offset {position}: {sentence!r}"
            )
            position = found + len(sentence)


def test_the_book_adds_no_words_of_its_own_beyond_those_listed():
    expected = normalize(" ".join(original_lines()[1:]))
    assert authors_text(parse_book()) == expected


@pytest.mark.parametrize(
    "element", ours(parse_book()), ids=lambda e: normalize(e.xpath("string()"))
)
def test_every_piece_of_our_text_is_listed_in_source_changes(element):
    changes = CHANGES.read_text(encoding="utf-8")
    for entry in element.iter("entry", "title", "term"):
        assert f"`{normalize(entry.xpath('string()'))}`" in changes
