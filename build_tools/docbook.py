"""DocBook facts the engine shares: kinds of elements, titles, how a passage is named."""

from __future__ import annotations

from lxml import etree

EXAMPLES = ("example", "informalexample")
SECTIONS = ("section", "sect1", "sect2", "sect3", "sect4", "sect5", "simplesect")
TABLES = ("table", "informaltable")
DIVISIONS = ("book", "part", "preface", "chapter", "appendix", "glossary", "bibliography", "index")


def normalize(text: str) -> str:
    """`text` with whitespace collapsed and typographic apostrophes plain, for comparing."""
    return " ".join(text.replace("’", "'").split())


def text_of(element: etree._Element | None) -> str:
    """All the text under `element`, normalised (see `normalize`)."""
    if element is None:
        return ""
    return normalize("".join(element.itertext()))


def title_of(element: etree._Element) -> str:
    """The title of a titled element (its glossterm for a glossentry), or '': its words as
    a reader sees them, without its footnotes or index terms."""
    title = element.find("title")
    if title is None and element.tag == "glossentry":
        title = element.find("glossterm")
    if title is None:
        title = element.find("bookinfo/title")
    if title is None:
        return ""
    return normalize("".join(reading_texts(title)))


def reading_texts(node: etree._Element):
    """The text of `node` in reading order, leaving out footnotes, remarks and index terms."""
    if node.text:
        yield node.text
    for child in node:
        if isinstance(child.tag, str) and child.tag not in ("footnote", "indexterm", "remark"):
            yield from reading_texts(child)
        if child.tail:
            yield child.tail


def where_of(element: etree._Element) -> str:
    """How a finding names a passage: its kind and its title, « as the book writes it »."""
    kind = {
        "informalexample": "example",
        "informaltable": "table",
        "glossentry": "glossary",
        "para": "paragraph",
        "simpara": "paragraph",
    }.get(element.tag, "section" if element.tag in SECTIONS else element.tag)
    title = title_of(element)
    if not title:
        text = text_of(element)
        title = text[:50] + ("…" if len(text) > 50 else "")
    return f"{kind} « {title} »"


def enclosing(element: etree._Element) -> str:
    """The name of the nearest titled ancestor-or-self: example, table, section, chapter…"""
    for node in (element, *element.iterancestors()):
        if not isinstance(node.tag, str):
            continue
        if node.tag in EXAMPLES + TABLES + SECTIONS + DIVISIONS + (
            "glossentry",
            "formalpara",
            "figure",
        ):
            if title_of(node):
                return where_of(node)
    return ""
