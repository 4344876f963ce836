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

from build_tools.model.docbook import SECTIONS, words_of

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
                term = book.typography.apply(words_of(element.find("glossterm"), ()))
                short = [
                    book.typography.apply(words_of(node, ()))
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
            title = book.typography.apply(_plain(translator.plain_title(element)))
            if not title:
                continue  # an untitled section: its text is found through its neighbours
            found.append(
                {
                    "kind": "section",
                    "title": f"{label} {title}".strip(),
                    "short": "",
                    "href": href,
                    "text": book.typography.apply(_own_text(element))[:TEXT_LIMIT],
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
    """The words of `element` a reader sees, without its title and its subsections; its
    notes after its text, as a reader finds them, not in the middle of a sentence."""
    notes = [
        note
        for note in element.iter("footnote")
        if next(note.iterancestors(element.tag, *SECTIONS), None) is element
    ]
    return " ".join([words_of(element, (*LEFT_OUT, "footnote"))] + [words_of(n) for n in notes])


def _rendered(translator, element: etree._Element | None) -> str:
    """The words a reader sees for `element`: cross-references read as their targets' words."""
    if element is None:
        return ""
    html = re.sub(r"<details\b.*?</details>", "", translator.render(element), flags=re.S)
    return " ".join(_plain(html).split())


def _plain(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", str(html)))
