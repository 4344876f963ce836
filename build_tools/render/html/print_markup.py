"""What the print page says for the PDF alone: its metadata, and the anchor where page 1 begins.

The HTML translator's print variant (`html.HtmlBook.of(context, medium="print")`)
writes the page the PDF is laid out from: the metadata given here as `<meta>`
(authors and subject in the book's typography, dates from SOURCE_DATE_EPOCH), the
anchor `BODY_START` on its first division, running heads and bookmarks on its
headings, long code lines broken (`pdf_code`), no link paper cannot follow, no
screen stylesheet. Nothing here reads the page back.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime

from lxml.etree import _Element

from build_tools.model.docbook import text_of
from build_tools.model.typography import Typography


def source_date() -> datetime | None:
    """The build date SOURCE_DATE_EPOCH asks for (reproducible builds), if it is set."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch:
        return None
    return datetime.fromtimestamp(int(epoch), tz=UTC)


def metadata(root: _Element, typography: Typography) -> list[tuple[str, str]]:
    """The PDF's authors, subject and dates, as the print page's `<meta>` names them.

    Names and subject are set in the book's typography, as its title page sets them
    (the PDF's title is the page's `<title>`); the dates are SOURCE_DATE_EPOCH's when
    it is set, so that two builds are identical, else the build's.
    """
    info = root.find("bookinfo")
    if info is None:
        info = root.find("info")
    found: list[tuple[str, str]] = []
    if info is not None:
        for author in info.iter("author", "corpauthor", "editor", "othercredit"):
            name = " ".join(part.strip() for part in author.itertext() if part.strip())
            if name:
                found.append(("author", typography.apply(name)))
        subject = text_of(info.find("subtitle")) or text_of(root.find("subtitle"))
        if subject:
            found.append(("description", typography.apply(subject)))
    date = source_date() or datetime.now(UTC).replace(microsecond=0)
    stamp = date.strftime("%Y-%m-%dT%H:%M:%SZ")
    found += [("dcterms.created", stamp), ("dcterms.modified", stamp)]
    found.append(("generator", "rulebook"))
    return found


def edition(root: _Element, language: str) -> str:
    """« Version 1.3 · 19 janvier 2004 » (the printed title page's version line), in the book's
    `language`."""
    from build_tools.render.html.titlepage import version_line

    info = root.find("bookinfo")
    return version_line(info, language) if info is not None else ""


BODY_START = "body-start"
"""Class of the first division, and id of an anchor at its start."""
