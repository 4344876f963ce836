"""Where the book says something: the one finder of a sentence by its words.

`prose_of(root, tags)` reads once per book the elements a sentence may stand in (`tags`: a
rule's sentence and a prose binding's phrase in `RULES`, a card's quote in `CARDS`, a sheet's
source in `SHEETS`), each with its words as written (`text_of`) and as read (`words_of`: a
cross-reference's words put back); `Prose.containing` finds the elements holding words,
`Prose.holding` those holding fragments in order, and `Prose.innermost` keeps the elements no
other found one stands inside: the rules' citations, the bindings, the cards' check and the
character sheet's places all find their sentences so.
"""

from __future__ import annotations

import bisect
import functools

from lxml import etree

from build_tools.model.docbook import normalize, text_of, words_of
from build_tools.model.language import primary_language

RULES = (
    "para",
    "simpara",
    "entry",
    "term",
    "listitem",
    "glossdef",
    "title",
    # front matter: years, dates and revision numbers can be waived too
    "copyright",
    "year",
    "date",
    "pubdate",
    "revnumber",
    "revremark",
    "releaseinfo",
    "edition",
    "subtitle",
)
"""Where a prose binding's phrase and a rule's cited sentence may stand."""
CITED = ("para", "simpara", "entry", "listitem", "glossdef", "title", "term")
"""The elements a cited sentence is the innermost of (no front matter)."""
CARDS = ("para", "simpara", "entry", "term", "title", "glossdef", "listitem", "member")
"""Where a card's quote may stand."""
SHEETS = ("para", "simpara", "entry", "title", "screen", "glossterm", "term", "listitem")
"""Where a character sheet's source may stand."""


class Prose:
    """The elements of `tags` in the book of `root`, with their words, read once."""

    def __init__(self, root: etree._Element, tags: tuple[str, ...]) -> None:
        self.tags = tags
        self.texts: dict[etree._Element, str] = {}
        """Each element's words as the source writes them (`text_of`)."""
        written = _written(root)  # the finders of other tags read many of the same elements
        for element in root.iter(*tags):
            text = written.get(element)
            self.texts[element] = (
                text if text is not None else written.setdefault(element, text_of(element))
            )

    @functools.cached_property
    def read(self) -> dict[etree._Element, str]:
        """Each element's words as a reader reads them (`words_of`, nothing left out)."""
        return {element: words_of(element, ()) for element in self.texts}

    @functools.cached_property
    def _joined(self) -> tuple[str, list[int], list[etree._Element]]:
        return _joined(self.texts)

    def containing(self, words: str) -> list[etree._Element]:
        """The elements whose words (as written) hold `words` (normalised), in document
        order, an element once for each time it holds them."""
        if not words:
            return list(self.texts)
        return _found_in(self._joined, words)

    def holding(self, fragments: list[str]) -> list[etree._Element]:
        """The elements whose words as read hold `fragments` in that order, case aside."""
        wanted = [normalize(fragment).casefold() for fragment in fragments if fragment.strip()]
        if not wanted:
            return []
        # The elements whose text holds the first fragment, found in the joined texts as
        # `containing` finds them; of those, the ones that hold the others after it.
        candidates = dict.fromkeys(_found_in(self._folded, wanted[0]))
        texts = self._folded_texts
        return [element for element in candidates if _in_order(texts[element], wanted)]

    @functools.cached_property
    def _folded_texts(self) -> dict[etree._Element, str]:
        return {element: text.casefold() for element, text in self.read.items()}

    @functools.cached_property
    def _folded(self) -> tuple[str, list[int], list[etree._Element]]:
        return _joined(self._folded_texts)

    def innermost(
        self, found: list[etree._Element], tags: tuple[str, ...] | None = None
    ) -> list[etree._Element]:
        """Those of `found` inside which no other of `found` stands (among `tags`, by default
        the finder's; `()` for any element), in their order."""
        inside = set(found)
        tags = self.tags if tags is None else tags
        return [
            element
            for element in found
            if not any(other in inside for other in element.iterdescendants(*tags))
        ]


@functools.lru_cache(maxsize=16)
def prose_of(root: etree._Element, tags: tuple[str, ...] = RULES) -> Prose:
    """The finder of the book rooted at `root` over `tags`: read once per book."""
    return Prose(root, tags)


@functools.lru_cache(maxsize=16)
def _written(root: etree._Element) -> dict[etree._Element, str]:
    """Element -> `text_of(element)` in the book of `root`, as the finders read them: once."""
    return {}


def _joined(texts: dict[etree._Element, str]) -> tuple[str, list[int], list[etree._Element]]:
    """The texts in one string, where each element's starts, and the elements: a sentence is
    looked up with one `str.find`, not by scanning every element."""
    elements, starts, position = list(texts), [], 0
    for text in texts.values():
        starts.append(position)
        position += len(text) + 1
    return "\x00".join(texts.values()), starts, elements


def _found_in(joined: tuple[str, list[int], list[etree._Element]], words: str) -> list:
    """The elements of `_joined` texts that hold `words`, in order, once for each time."""
    text, starts, elements = joined
    found = []
    position = text.find(words)
    while position >= 0:
        found.append(elements[bisect.bisect_right(starts, position) - 1])
        position = text.find(words, position + 1)
    return found


def _in_order(text: str, fragments: list[str]) -> bool:
    position = 0
    for fragment in fragments:
        found = text.find(fragment, position)
        if found < 0:
            return False
        position = found + len(fragment)
    return bool(fragments)


class Citations:
    """The place of a rule's sentence in the book: « “les moyens”, cda.xml:328 »."""

    def __init__(self, document, language: str):
        self.document = document
        self.language = language
        """The book's language (`model.language.language_of`), the one its places are worded in."""

    def element(self, words: str):
        """The innermost element whose text holds `words` (whitespace and apostrophes aside)."""
        prose = prose_of(self.document.root, SHEETS)
        innermost = prose.innermost(prose.containing(normalize(words)), ())
        return innermost[0] if innermost else None

    def place(self, words: str) -> str:
        """Where the book states the rule: its section's title and its file:line, in the
        book's language (« « les moyens », cda.xml:328 », “Characters”, characters.xml:4)."""
        english = primary_language(self.language) == "en"
        element = self.element(words)
        if element is None:
            if english:
                return f"rule not found in the book: “{words}”"
            return f"règle introuvable dans le livre{NBSP_COLON} « {words} »"
        file, line, _ = self.document.locate(element)
        title = _section_title(element)
        where = f"{file.relative_to(self.document.folder)}:{line}"
        if not title:
            return where
        return f"“{title}”, {where}" if english else f"« {title} », {where}"


NBSP_COLON = "\u00a0:"


def _section_title(element) -> str:
    for parent in element.iterancestors("section", "sect1", "sect2", "sect3", "chapter"):
        title = parent.find("title")
        if title is not None:
            return " ".join("".join(title.itertext()).split())
    return ""
