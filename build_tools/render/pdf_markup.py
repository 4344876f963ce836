"""The single-page HTML book, readied for paper: what a printed page needs that a screen does not.

The HTML renderer owns the content and its markup; this module only moves
and marks what paper needs:

- the running head and bookmark text of each heading, without its label;
- the PDF metadata (authors, subject, dates from SOURCE_DATE_EPOCH);
- the screen stylesheets dropped (the print stylesheet replaces them).
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from lxml import html as lxml_html
from lxml.etree import _Element

from build_tools import resources
from build_tools.docbook import text_of
from build_tools.render import pdf_code
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
    """`page` with front matter laid out for paper, footnotes and marks in place, metadata set."""
    tree = lxml_html.document_fromstring(page)
    _drop_screen_styles(tree)
    _set_metadata(tree, context)
    _headings(tree)
    _mark_body_start(tree)
    _unlink_dead_links(tree)
    _fewer_inline_boxes(tree)
    pdf_code.wrap_long_lines(tree)
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


def _drop_screen_styles(tree: _Element) -> None:
    for node in tree.xpath("//link[@rel='stylesheet'] | //style | //script"):
        node.getparent().remove(node)


def _set_metadata(tree: _Element, context) -> None:
    """Authors, subject and dates as `<meta>`: WeasyPrint writes them into the PDF."""
    head = tree.find("head")
    root = context.document.root
    if not tree.get("lang") and root.get("lang"):
        tree.set("lang", root.get("lang"))
    info = root.find("bookinfo")
    if info is None:
        info = root.find("info")
    metadata: list[tuple[str, str]] = []
    # set as the title page sets them (the title is taken from the page's <title>)
    language = root.get("lang") or ""
    typography = Typography(language, language.lower().startswith("fr"))
    if info is not None:
        for author in info.iter("author", "corpauthor", "editor", "othercredit"):
            name = " ".join(part.strip() for part in author.itertext() if part.strip())
            if name:
                metadata.append(("author", typography.apply(name)))
        subject = text_of(info.find("subtitle")) or text_of(root.find("subtitle"))
        if subject:
            metadata.append(("description", typography.apply(subject)))
    # The build's date, unless SOURCE_DATE_EPOCH fixes one so that two builds are identical.
    date = source_date() or datetime.now(UTC).replace(microsecond=0)
    stamp = date.strftime("%Y-%m-%dT%H:%M:%SZ")
    metadata += [("dcterms.created", stamp), ("dcterms.modified", stamp)]
    metadata.append(("generator", "rulebook"))
    names = {name for name, _ in metadata}
    for meta in head.xpath("meta[@name]"):
        if meta.get("name") in names:
            head.remove(meta)
    for name, content in metadata:
        head.append(lxml_html.Element("meta", name=name, content=content))


def edition(root: _Element) -> str:
    """« Version 1.3 · 19 janvier 2004 » (the printed title page's version line)."""
    from build_tools.render.titlepage_html import version_line

    info = root.find("bookinfo")
    return version_line(info) if info is not None else ""


def _headings(tree: _Element) -> None:
    """`data-running` (running head) and `data-bookmark` (outline) of each numbered heading."""
    for heading in tree.xpath(
        "//section/*[self::h2 or self::h3 or self::h4 or self::h5 or self::h6]"
        f"[{has_class('title')}]"
    ):
        labels = heading.xpath(f"span[{has_class('label')}]")
        label = " ".join(text_of(node) for node in labels).strip().rstrip(".")
        words = _heading_text(heading)
        heading.set("data-running", words)
        number = label.split()[-1] if label else ""
        separator = ". " if number and "." not in number else " "
        heading.set("data-bookmark", f"{number}{separator}{words}".strip())


def _heading_text(heading: _Element) -> str:
    parts = [heading.text or ""]
    for child in heading:
        if not {"label", "check"} & set(_classes(child)) and child.tag != "details":
            parts.append("".join(child.itertext()))
        parts.append(child.tail or "")
    return " ".join("".join(parts).split())


UNSTYLED_INLINE = ("abbr", "q", "acronym")
"""Inline elements the print stylesheet gives no look of their own: their text is enough."""


def _fewer_inline_boxes(tree: _Element) -> None:
    """Unwrap inline elements that paper does not style: each one costs WeasyPrint a box.

    Their text stays (the quotation marks of `<q>` are in the text already).
    """
    for element in list(tree.iter(*UNSTYLED_INLINE)):
        element.drop_tag()
    for element in tree.xpath(f"//span[{has_class('trademark')}]"):
        element.drop_tag()


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


def _mark_body_start(tree: _Element) -> None:
    """Class and anchor `body-start` on the first division: its first page is page 1."""
    for section in tree.xpath("//section"):
        if _is_division(section):
            section.set("class", f"{section.get('class', '')} {BODY_START}".strip())
            marker = lxml_html.Element("span", {"id": BODY_START})
            section.insert(0, marker)
            marker.tail, section.text = section.text, None
            return


def _is_division(element: _Element) -> bool:
    heading = _first(element, "h2")
    return element.tag == "section" and heading is not None and "front" not in _classes(element)


def _classes(element: _Element) -> list[str]:
    return (element.get("class") or "").split()


def _first(element: _Element, path: str, **variables) -> _Element | None:
    found = element.xpath(path, **variables)
    return found[0] if found else None


def _remove_keeping_tail(element: _Element) -> None:
    parent = element.getparent()
    if parent is None:
        return
    if element.tail:
        previous = element.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + element.tail
        else:
            parent.text = (parent.text or "") + element.tail
    parent.remove(element)
