"""Labels and anchors of a book: chapter, section, example, table and footnote numbers, ids, pages.

Computed once, in document order, before anything is rendered, so that a
cross reference can name a target that comes later in the book.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from lxml import etree

from build_tools.model.docbook import EXAMPLES, SECTIONS, TABLES
from build_tools.model.ids import id_map
from build_tools.model.profiling import Profile

DIVISION_TAGS = (
    "preface",
    "chapter",
    "appendix",
    "glossary",
    "bibliography",
    "index",
    "article",
    "part",
    "reference",
    "dedication",
    "colophon",
)
FORMAL = ("example", "table", "figure", "equation")
TITLES = ("title", "titleabbrev", "subtitle")
"""Children that a titled element renders itself (in its heading or caption), never in its flow."""
ANCHORED = (
    DIVISION_TAGS
    + SECTIONS
    + EXAMPLES
    + TABLES
    + (
        "figure",
        "glossentry",
        "footnote",
        "formalpara",
        "varlistentry",
        "indexterm",
    )
)


@dataclass
class Numbering:
    """What the renderer needs to know about every element before rendering any of them."""

    labels: dict[etree._Element, str] = field(default_factory=dict)
    """Element -> its number: '3' (chapter), 'A' (appendix), '3.2' (section, table…)."""
    anchors: dict[etree._Element, str] = field(default_factory=dict)
    """Element -> the id of its HTML element (its own id, or a generated one)."""
    by_id: dict[str, etree._Element] = field(default_factory=dict)
    """Source id -> element."""
    divisions: list[etree._Element] = field(default_factory=list)
    """The top divisions of the book, in order: preface, chapters, appendices, glossary…"""
    pages: dict[etree._Element, str] = field(default_factory=dict)
    """Top division -> the file name of its page, when the book is split in pages."""
    renamed: dict[etree._Element, str] = field(default_factory=dict)
    """Top division -> the page name its id gives, which an earlier division's page has."""
    footnotes: dict[etree._Element, int] = field(default_factory=dict)
    expansions: dict[str, etree._Element] = field(default_factory=dict)
    """An acronym or abbreviation the glossary defines -> the glossary entry that defines it."""
    _taken: set[str] = field(default_factory=set)
    _counts: dict[str, int] = field(default_factory=dict)

    def fresh(self) -> Numbering:
        """This numbering, its anchors made on demand (`anchor`) counted anew: what one
        renderer makes, in the order it renders, is the same whatever rendered before."""
        return dataclasses.replace(
            self, anchors=dict(self.anchors), _taken=set(self._taken), _counts=dict(self._counts)
        )

    def division_of(self, element: etree._Element) -> etree._Element | None:
        """The top division holding `element` (None for the book itself and its bookinfo)."""
        for node in (element, *element.iterancestors()):
            if node in self.pages:
                return node
        return None

    def anchor(self, element: etree._Element) -> str:
        """The HTML id of `element`, made when it has none of its own."""
        found = self.anchors.get(element)
        if found is None:
            found = self.anchors[element] = self._new_anchor(element.tag)
        return found

    def _new_anchor(self, tag: str) -> str:
        count = self._counts.get(tag, 0) + 1
        while f"{tag}-{count}" in self._taken:
            count += 1
        self._counts[tag] = count
        self._taken.add(f"{tag}-{count}")
        return f"{tag}-{count}"


_ANCHOR = re.compile(r"[\w.:-]+")
_NOT_ANCHOR = re.compile(r"[^\w.:-]")


def safe_anchor(identifier: str) -> str:
    """The HTML id a source id is written as: itself when it is a name (letters, digits,
    `_ . : -`), else each other character as `_` and its code (`a"b` → `a_22b`).

    An anchor is then safe by construction wherever it is written, in an attribute or a
    link, in HTML, the print page and the PDF: no id holding quotes or brackets can close
    an attribute and open another (a `href="javascript:…"` made of an id).
    """
    if _ANCHOR.fullmatch(identifier):
        return identifier
    return _NOT_ANCHOR.sub(lambda found: f"_{ord(found[0]):x}", identifier)


def numbering_of(root: etree._Element, profile: Profile) -> Numbering:
    """The numbering of the book rooted at `root` in the edition `profile` asks for: computed
    once per book and profile (the pages, the print page and the errata page of one build
    share it), each caller given its own count of the anchors made as it renders."""
    return _numbered(root, profile).fresh()


@functools.lru_cache(maxsize=8)
def _numbered(root: etree._Element, profile: Profile) -> Numbering:
    return number(root, left_out=profile.leaves_out)


def number(
    root: etree._Element, left_out: Callable[[etree._Element], bool] = lambda element: False
) -> Numbering:
    """Label and anchor every element of the book rooted at `root`.

    What `left_out` (profiling) leaves out of the edition gets no number and no page,
    so the numbers of an edition run without gaps.
    """
    numbering = Numbering()
    numbering.by_id.update(id_map(root))
    # in document order, each id's first carrier (a duplicate gets a new anchor)
    for identifier, element in numbering.by_id.items():
        anchor = safe_anchor(identifier)
        if anchor and anchor not in numbering._taken:
            numbering.anchors[element] = anchor
            numbering._taken.add(anchor)
    chapters = appendices = parts = 0
    page_names = {"index.html", "errata.html"}  # compared ignoring case, as some disks do
    loose = {"example": 0, "table": 0, "figure": 0, "equation": 0}
    for division in _divisions(root):
        if left_out(division):
            continue
        numbering.divisions.append(division)
        tag = division.tag
        if tag == "book":
            chapters = appendices = parts = 0
        if tag == "chapter":
            chapters += 1
            label = str(chapters)
        elif tag == "part":
            parts += 1
            label = roman(parts)
        elif tag == "appendix":
            appendices += 1
            label = appendix_letter(appendices)
        else:
            label = ""
        if label:
            numbering.labels[division] = label
        page = _page_name(division, label, len(numbering.divisions))
        if page.lower() in page_names:  # ids "a.b" and "a-b": never one page over the other
            numbering.renamed[division] = page
            page = _free_name(page, page_names)
        page_names.add(page.lower())
        numbering.pages[division] = page
        _number_sections(division, label, numbering, left_out)
        if tag in ("part", "book"):
            continue  # its chapters number their own examples and tables
        counters = {kind: 0 for kind in FORMAL}
        for formal in division.iter(*FORMAL):
            if formal.find("title") is None or left_out(formal):
                continue
            if label:
                counters[formal.tag] += 1
                numbering.labels[formal] = f"{label}.{counters[formal.tag]}"
            else:
                loose[formal.tag] += 1
                numbering.labels[formal] = str(loose[formal.tag])
    for entry in root.iter("glossentry"):
        for short in entry.findall("acronym") + entry.findall("abbrev"):
            text = " ".join("".join(short.itertext()).split())
            if text:
                numbering.expansions.setdefault(text, entry)
    kept = (footnote for footnote in root.iter("footnote") if not left_out(footnote))
    for count, footnote in enumerate(kept, start=1):
        numbering.footnotes[footnote] = count
    for element in root.iter(*ANCHORED):
        numbering.anchor(element)
    return numbering


def _divisions(root: etree._Element) -> list[etree._Element]:
    """The divisions that get a page of their own: children of the book, and of its parts."""
    found = []
    if root.tag == "article":  # an article's top sections are its pages and its contents
        return [child for child in root if isinstance(child.tag, str) and child.tag in SECTIONS]
    for child in root:
        if not isinstance(child.tag, str):
            continue
        if child.tag == "book":  # a book of a set: its page, then its divisions
            found.append(child)
            found.extend(_divisions(child))
        elif child.tag == "part":
            found.append(child)
            found.extend(node for node in child if node.tag in DIVISION_TAGS)
        elif child.tag in DIVISION_TAGS:
            found.append(child)
    return found


def roman(number: int) -> str:
    """A number in Roman numerals: parts are numbered I, II, III…, front matter pages i, ii…"""
    numerals = (
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    )
    text = ""
    for value, numeral in numerals:
        while number >= value:
            text, number = text + numeral, number - value
    return text


def _number_sections(
    parent: etree._Element, prefix: str, numbering: Numbering, left_out, count: int = 0
) -> int:
    for child in parent:
        if not isinstance(child.tag, str) or child.tag not in SECTIONS or left_out(child):
            continue
        if prefix and child.find("title") is None:
            # An untitled section (not valid DocBook) has no heading to print a number on:
            # it takes none, and its sections number on from its siblings', with no gap.
            count = _number_sections(child, prefix, numbering, left_out, count)
            continue
        count += 1
        label = f"{prefix}.{count}" if prefix else str(count)
        if prefix:
            numbering.labels[child] = label
        _number_sections(child, label if prefix else "", numbering, left_out)
    return count


def _free_name(page: str, taken: set[str]) -> str:
    """`page` with the first number that makes it a name not yet `taken`."""
    stem = page.removesuffix(".html")
    count = 2
    while f"{stem}-{count}.html".lower() in taken:
        count += 1
    return f"{stem}-{count}.html"


def _page_name(division: etree._Element, label: str, position: int) -> str:
    identifier = re.sub(r"[^A-Za-z0-9_-]+", "-", division.get("id", "")).strip("-")
    if identifier and identifier.lower() not in ("index", "errata"):
        return f"{identifier}.html"
    return f"{division.tag}-{label or position}.html"


def appendix_letter(number: int) -> str:
    """A, B, … Z, AA, AB…: how appendices are numbered."""
    letters = ""
    while number > 0:
        number, remainder = divmod(number - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters
