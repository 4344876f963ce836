"""The bounds on what a book can make rulebook do: each one, when passed, is a finding.

A small input must not make the tool run for minutes or fill the memory: a
300-byte book can ask for a billion table columns or include one file a
million times. The bounds are far above what a real rulebook needs (Les Clefs
de l'Aube, the largest of the three books, is given beside each); a book that
passes one gets a finding naming the limit and where it was passed.
"""

from __future__ import annotations

INCLUDE_DEPTH = 16
"""xi:include inside xi:include, this many levels deep at most (the books use 1)."""

INCLUDES = 2_000
"""xi:include resolved in one book, all files together (the books use at most 20)."""

INCLUDED_BYTES = 64 * 1024 * 1024
"""The bytes of all files one book reads, 64 MiB (Les Clefs de l'Aube: 90 KiB)."""

ELEMENTS = 2_000_000
"""Elements in one book, includes resolved (Les Clefs de l'Aube: about 1 300)."""

NESTING = 60
"""Elements inside elements, this deep at most (the books: 10 at most)."""

TEXT_CHARACTERS = 1_000_000
"""Characters in one text node, one paragraph's words (the books: under 1 500)."""

TABLE_COLUMNS = 500
"""Columns of one table group: `tgroup cols`, `colspec colnum` (the books: at most 12).

A span is bounded by the columns, and `morerows` is clipped to the rows the table has.
"""

COMPANION_BYTES = 4 * 1024 * 1024
"""The bytes of each of a book's companion files: `book.toml`, `ledger.toml`, `deck.toml`, and
of a character file, 4 MiB each (Les Clefs de l'Aube: ledger 21 KiB, deck 6 KiB, sheet 1 KiB)."""

INPUT_BYTES = 64 * 1024 * 1024
"""The bytes of one file of a book's folder the change detection reads, 64 MiB: a larger
file (or a device) is not among the build's inputs, as the reader refuses it."""


def beyond(root) -> tuple[object, str] | None:
    """The first element of a read tree where a bound is passed, and a message naming it."""
    from lxml import etree

    count = depth = 0
    for event, element in etree.iterwalk(root, events=("start", "end")):
        if event == "end":
            depth -= 1
            continue
        depth += 1
        count += 1
        if count > ELEMENTS:
            return element, (
                f"the book has more than {ELEMENTS} elements (rulebook.limits.ELEMENTS): "
                "the book is refused"
            )
        if depth > NESTING:
            return element, (
                f"elements are nested more than {NESTING} deep here (rulebook.limits.NESTING): "
                "the book is refused"
            )
        for text in (element.text, element.tail):
            if text is not None and len(text) > TEXT_CHARACTERS:
                return element, (
                    f"a text of {len(text)} characters, more than {TEXT_CHARACTERS} "
                    "(rulebook.limits.TEXT_CHARACTERS): the book is refused"
                )
    return None
