"""The search of the split HTML book: an index made at build time, read by a script in the page.

The index is a JavaScript file (`html/search-index.js`, loaded by a `<script>`
element), not JSON fetched at run time: a browser opens it from `file://` with
no server and no network. Each entry is a place a reader can land on: a
division or a section (its title and its own text), and each glossary term
with its abbreviation and definition, which rank first when the query names
them.
"""

from __future__ import annotations

import json
import re
from html import unescape

from lxml import etree

from build_tools.docbook import SECTIONS

INDEX_FILE = "search-index.js"
SCRIPT_FILE = "search.js"
TEXT_LIMIT = 4000
"""Characters of a section's own text kept for the search (the rest is its subsections')."""
LEFT_OUT = ("title", "titleabbrev", "subtitle", "remark", "indexterm", *SECTIONS)


def entries(book, translator) -> list[dict[str, str]]:
    """The places of the book a search may find, in reading order."""
    found = []
    for division in book.numbering.divisions:
        if translator.left_out(division):
            continue
        for element in division.iter(division.tag, *SECTIONS, "glossentry"):
            if translator.left_out(element):
                continue
            href = translator.href(element)
            if element.tag == "glossentry":
                term = " ".join(element.findtext("glossterm", "").split())
                short = [
                    " ".join("".join(node.itertext()).split())
                    for node in element.findall("acronym") + element.findall("abbrev")
                ]
                definition = _rendered(translator, element.find("glossdef"))
                found.append(
                    {
                        "kind": "term",
                        "title": term,
                        "short": " ".join(short),
                        "href": href,
                        "text": definition[:TEXT_LIMIT],
                    }  # fmt: skip
                )
                continue
            label = translator.label(element)
            title = _plain(translator.plain_title(element))
            if not title:
                continue  # an untitled section: its text is found through its neighbours
            found.append(
                {
                    "kind": "section",
                    "title": f"{label} {title}".strip(),
                    "short": "",
                    "href": href,
                    "text": _own_text(element)[:TEXT_LIMIT],
                }  # fmt: skip
            )
    return found


def index_script(items: list[dict[str, str]]) -> str:
    """`search-index.js`: the entries as a script that sets `window.BOOK_SEARCH`."""
    data = json.dumps(items, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    # "</" cannot end the script early: the index is only ever read as a script
    data = data.replace("</", "<\\/")
    return f"window.BOOK_SEARCH = {data};\n"


def _own_text(element: etree._Element) -> str:
    """The text of `element` without its title and its subsections."""
    parts = []

    def walk(node: etree._Element) -> None:
        for child in node:
            if isinstance(child.tag, str) and child.tag not in LEFT_OUT:
                parts.append(child.text or "")
                walk(child)
            parts.append(child.tail or "")

    parts.append(element.text or "")
    walk(element)
    return " ".join("".join(parts).split())


def _rendered(translator, element: etree._Element | None) -> str:
    """The words a reader sees for `element`: cross-references read as their targets' words."""
    if element is None:
        return ""
    html = re.sub(r"<details\b.*?</details>", "", translator.render(element), flags=re.S)
    return " ".join(_plain(html).split())


def _plain(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", str(html)))
