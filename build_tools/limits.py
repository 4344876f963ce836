"""The bounds on what a book can make rulebook do: each one, when passed, is a finding.

A small input must not make the tool run for minutes or fill the memory: a
300-byte book can ask for a billion table columns or include one file a
million times. The bounds are far above what a real rulebook needs (Les Clefs
de l'Aube, the largest of the three books, is given beside each); a book that
passes one gets a finding naming the limit and where it was passed.
"""

from __future__ import annotations

import re

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

ATTRIBUTE_CHARACTERS = 10_000
"""Characters in one attribute value (the books: under 100, an `xreflabel` or a URL)."""

XREF_CHARACTERS_PER_SOURCE_BYTE = 20
"""What the cross-references may write (their targets' labels or titles), in characters per
byte of the book (at least `XREF_CHARACTERS_FLOOR`): a long `xreflabel` referenced many times
would make a 138 KB book write 382 MB (Les Clefs de l'Aube: well under 1 per byte)."""

XREF_CHARACTERS_FLOOR = 1_000_000
"""The cross-references of a book may always write this many characters."""

LONGEST_WORD = 100
"""Characters of one unbroken word given to the hyphenator (the books: under 30): beyond,
the word is printed unhyphenated and broken every 40 characters, and the check notes it
(WeasyPrint's hyphenation of a 10,000-character word took over 200 s)."""

LONG_WORD = re.compile(rf"[^\s\u200b/-]{{{LONGEST_WORD + 1},}}")
"""A word longer than `LONGEST_WORD`: a run of characters with no space, hyphen or slash."""

IMAGE_PIXELS = 50_000_000
"""Pixels an image may declare (width × height): 50 million, 200 MB decoded (a 20 KB PNG can
declare 13000 × 13000, 1.4 GB; a photograph of 24 million pixels passes)."""

SVG_ELEMENTS = 100_000
"""Elements an SVG may draw once its `<use>` are expanded (nested ones multiply)."""

OUTPUT_BYTES = 512 * 1024 * 1024
"""The bytes one build of a book writes, every format together: 512 MiB (Les Clefs de l'Aube:
its PDF 0.4 MiB, its one-page HTML 0.4 MiB). The cross-references' bound keeps a small book
far below it; past it, the build stops with one line naming the bound (exit 2)."""

COMPANION_BYTES = 1024 * 1024
"""The bytes of each of a book's companion files: `book.toml`, `ledger.toml`, `deck.toml`, and
of a character file, 1 MiB each (Les Clefs de l'Aube: ledger 17 KiB, deck 6 KiB, sheet 1 KiB)."""

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
        for name, value in element.attrib.items():
            if len(value) > ATTRIBUTE_CHARACTERS:
                return element, (
                    f"the attribute {etree.QName(name).localname} holds {len(value)} characters, "
                    f"more than {ATTRIBUTE_CHARACTERS} (rulebook.limits.ATTRIBUTE_CHARACTERS): "
                    "the book is refused"
                )
        for text in (element.text, element.tail):
            if text is not None and len(text) > TEXT_CHARACTERS:
                return element, (
                    f"a text of {len(text)} characters, more than {TEXT_CHARACTERS} "
                    "(rulebook.limits.TEXT_CHARACTERS): the book is refused"
                )
    return _xref_expansion(root)


def _xref_expansion(root) -> tuple[object, str] | None:
    """The first cross-reference past which the book's cross-references would write more than
    their bound (`XREF_CHARACTERS_PER_SOURCE_BYTE`), each writing its target's `xreflabel` or
    title (the words docbook-xsl adds around them aside)."""
    from lxml import etree

    from build_tools.ids import first_carriers

    labels = {  # an id names its first element, as in the model (model.ids)
        identifier: _label_size(element) for identifier, element in first_carriers(root).items()
    }
    if not labels:
        return None

    source = len(etree.tostring(root))
    bound = max(XREF_CHARACTERS_FLOOR, XREF_CHARACTERS_PER_SOURCE_BYTE * source)
    written = 0
    for xref in root.iter("xref"):
        written += labels.get(xref.get("linkend"), 0)
        if written > bound:
            return xref, (
                f"the cross-references would write more than {bound} characters of labels, "
                f"{XREF_CHARACTERS_PER_SOURCE_BYTE} per byte of the book "
                "(rulebook.limits.XREF_CHARACTERS_PER_SOURCE_BYTE): the book is refused"
            )
    return None


def _label_size(element) -> int:
    """How many characters a cross-reference to `element` writes: its `xreflabel`, else its
    title's."""
    label = element.get("xreflabel")
    title = element.find("title") if label is None else None
    if title is not None:
        return sum(len(text) for text in title.itertext())
    return len(label) if label is not None else 0
