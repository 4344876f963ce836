"""The back-of-book index in HTML, built from the book's `indexterm`s where `<index/>` stands.

An `indexterm` prints nothing where it is written: it leaves an empty anchor,
and the index lists its words (primary, secondary, tertiary; `see`, `seealso`)
with a link to each anchor. On screen a link reads as the title of the
section the term is in (as docbook-xsl writes it); in print the stylesheet
replaces it with the page number (`target-counter`), and a range
(`startofrange` … `endofrange`) prints as « 12–15 ».
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from lxml import etree
from markupsafe import Markup, escape

from build_tools.model.docbook import SECTIONS
from build_tools.model.numbering import DIVISION_TAGS

LEVELS = ("primary", "secondary", "tertiary")
UNPRINTED = (
    "textobject",
    "alt",
    "titleabbrev",
    "refmeta",
    "keywordset",
    "subjectset",
    "screeninfo",
)
"""Where an indexterm prints no anchor: its entry then points at what holds the place."""


@dataclass
class Entry:
    """One line of the index: its words, where they occur, what it sends to, what it holds."""

    text: Markup
    """The words, as HTML."""
    key: str
    """How it sorts: its `sortas`, else its words, without case or accents."""
    locators: list[tuple[etree._Element, etree._Element | None]] = field(default_factory=list)
    """(indexterm, the indexterm ending its range or None), in the book's order."""
    see: list[Markup] = field(default_factory=list)
    see_also: list[Markup] = field(default_factory=list)
    children: dict[str, Entry] = field(default_factory=dict)


def sort_key(text: str) -> str:
    """`text` without case or accents, as an index sorts it (« Été » beside « ete »)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


class Index:
    """The index methods of the translator (mixed into `Translator`)."""

    def visit_indexterm(self, element: etree._Element) -> Markup:
        # Its words belong to the index, never to the sentence it sits in.
        return Markup('<span class="indexterm" id="{}"></span>').format(
            self.numbering.anchor(element)
        )

    def index_part(self, element: etree._Element) -> Markup:
        return self.misplaced(element, "an indexterm")

    visit_primary = visit_secondary = visit_tertiary = visit_see = visit_seealso = index_part

    def visit_index(self, element: etree._Element) -> Markup:
        """The index as docbook-xsl makes it: what the author wrote in it (paragraphs, lists,
        `indexdiv`s and `indexentry`s), and, when no entry is written there, after it the
        entries the book's indexterms make."""
        written = [child for child in element if child.tag in ("indexdiv", "indexentry")]
        content = self.contents(element)
        if not written:
            content += self.structures.index(
                level=min(6, self.page.heading_base + 1),
                groups=[
                    {"letter": letter, "entries": [self._index_entry(e) for e in entries]}
                    for letter, entries in self.index_groups()
                ],
            )
        return self.call(
            "division",
            element,
            kind="index",
            level=self.page.heading_base,
            label="",
            title=self.title(element) or escape(self.words["index"]),
            content=content,
            footnotes=[],
            mark="",
            **self.print_heading(element),
        )

    visit_setindex = visit_index

    def index_groups(self) -> list[tuple[str, list[Entry]]]:
        """The entries of the index by initial: ('A', [...]), ('B', [...]), symbols first."""
        groups: dict[str, list[Entry]] = {}
        for entry in _sorted(self._index_entries()):
            initial = entry.key[:1].upper()
            letter = initial if initial.isalpha() else self.words["index_symbols"]
            groups.setdefault(letter, []).append(entry)
        return list(groups.items())

    def _index_entries(self) -> dict[str, Entry]:
        ranges = {
            term.get("startref"): term
            for term in self.document.root.iter("indexterm")
            if term.get("class") == "endofrange" and not self.left_out(term)
        }
        top: dict[str, Entry] = {}
        for term in self.document.root.iter("indexterm"):
            if term.get("class") == "endofrange" or self.left_out(term):
                continue
            entries, level = top, None
            for name in LEVELS:
                node = term.find(name)
                if node is None or not "".join(node.itertext()).strip():
                    break  # an empty secondary is no level (as docbook-xsl reads it)
                text = self.plain(node)
                key = sort_key(node.get("sortas") or "".join(node.itertext()))
                level = entries.setdefault(key + "\x00" + text, Entry(text, key))
                entries = level.children
            if level is None:
                continue  # an indexterm without words: the schema check reports it
            for node in term.findall("see"):
                if self.plain(node) not in level.see:
                    level.see.append(self.plain(node))
            for node in term.findall("seealso"):
                if self.plain(node) not in level.see_also:
                    level.see_also.append(self.plain(node))
            if term.find("see") is None:
                end = ranges.get(term.get("id")) if term.get("class") == "startofrange" else None
                level.locators.append((term, end))
        return top

    def _index_entry(self, entry: Entry) -> dict:
        return {
            "text": entry.text,
            "locators": [self._locator(term, end) for term, end in entry.locators],
            "see": entry.see,
            "see_also": entry.see_also,
            "children": [self._index_entry(child) for child in _sorted(entry.children)],
        }

    def _locator(self, term: etree._Element, end: etree._Element | None) -> dict:
        zone = self.target(term.get("zone", "").split()[0]) if term.get("zone") else None
        start = zone if zone is not None else self._shown_place(term)
        end = self._shown_place(end) if end is not None else None
        return {
            "href": self.href(start),
            "end": self.href(end) if end is not None else "",
            "text": self._where(start),
        }

    def _shown_place(self, term: etree._Element) -> etree._Element:
        """`term`, or, when it sits where no page prints it (an image's text alternative,
        an abbreviated title), the nearest enclosing element that has an anchor."""
        hidden = [node for node in term.iterancestors() if node.tag in UNPRINTED]
        if not hidden:
            return term
        for node in hidden[-1].iterancestors():
            if node in self.numbering.anchors:
                return node
        return self.document.root

    def _where(self, element: etree._Element) -> Markup:
        """The title of the section or division `element` is in: the text of its link."""
        for node in element.iterancestors():
            if node.tag in SECTIONS + DIVISION_TAGS or node.tag in ("refentry", "reference"):
                title = self.plain_title(node)
                if title:
                    return title
        return self.plain_title(self.document.root) or escape(self.words["index"])


def _sorted(entries: dict[str, Entry]) -> list[Entry]:
    return [entries[key] for key in sorted(entries, key=lambda k: (entries[k].key, k))]
