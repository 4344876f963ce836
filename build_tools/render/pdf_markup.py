"""What the print page says for the PDF alone: its metadata, and the anchor where page 1 begins.

The HTML translator's print variant (`html.HtmlBook.of(context, medium="print")`)
writes the print page: running heads and bookmarks on its headings, the anchor
`BODY_START` on its first division, the metadata given here as `<meta>` (authors,
subject, dates from SOURCE_DATE_EPOCH), no screen stylesheet, long code lines broken
after a mark (`pdf_code`). `for_print` still unlinks the links the page cannot follow.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from lxml import html as lxml_html
from lxml.etree import _Element

from build_tools import resources
from build_tools.docbook import text_of
from build_tools.render.typography import Typography


def single_page(context) -> tuple[str, Path]:
    """The whole book as one HTML page for print, and the folder its relative URLs resolve against.

    It is the HTML translator's print variant over the same document model
    (marks as signs, errata with their pages), never the screen page re-read.
    """
    from build_tools.render import html

    # The single page is written beside the PDF, so its relative URLs resolve from there.
    return html.HtmlBook.of(context, medium="print").single_page(), Path(context.out)


def for_print(page: str, context) -> str:
    """`page` with no dead link."""
    tree = lxml_html.document_fromstring(page)
    _unlink_dead_links(tree)
    return lxml_html.tostring(tree, encoding="unicode", doctype="<!DOCTYPE html>")


def source_date() -> datetime | None:
    """The build date SOURCE_DATE_EPOCH asks for (reproducible builds), if it is set."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch:
        return None
    return datetime.fromtimestamp(int(epoch), tz=UTC)


def has_class(name: str) -> str:
    """An XPath test for an element whose class attribute holds `name`."""
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


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


def edition(root: _Element) -> str:
    """« Version 1.3 · 19 janvier 2004 » (the printed title page's version line)."""
    from build_tools.render.titlepage_html import version_line

    info = root.find("bookinfo")
    return version_line(info) if info is not None else ""


def _unlink_dead_links(tree: _Element) -> None:
    """A link to an id the page lacks (profiled out) becomes plain text, never a dead link.

    So does a link that is neither to the page itself nor to the web (a relative
    URL, a page of the site): in a PDF it would open a file of the build machine.
    """
    ids = set(tree.xpath("//@id"))
    for link in tree.xpath("//a[@href]"):
        href = link.get("href")
        if (href.startswith("#") and href[1:] in ids) or resources.is_web_link(href):
            continue
        del link.attrib["href"]
        link.set("class", f"{link.get('class', '')} unlinked".strip())


BODY_START = "body-start"
"""Class of the first division, and id of an anchor at its start."""
