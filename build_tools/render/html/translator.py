"""The DocBook to HTML translator: one `visit_<name>` method per element it renders.

Inline elements become inline HTML here; every block goes through a macro of
`templates/html/blocks.html`, so the page structure lives in the templates.
An element without a `visit_` method is never dropped: its text is rendered
inside a visible marker and a finding names it with its file and line. The
set of `visit_` methods is the list of supported elements that the validator
checks a book against (`supported_elements`).

This module walks the tree and gives every source id its anchor; the `visit_`
methods live in one mixin per family of elements (`divisions`,
`paragraphs`, `references` for titles and links, `inline`,
`lists`, `cals`…), which `Translator` gathers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lxml import etree
from markupsafe import Markup, escape

from build_tools import limits
from build_tools.diagnostics import Finding, at_line
from build_tools.model.docbook import enclosing, reading_texts
from build_tools.model.elements import BLOCKS as ELEMENT_BLOCKS
from build_tools.model.elements import unsupported_message
from build_tools.model.language import DEFAULT_LANGUAGE, html_language
from build_tools.model.numbering import TITLES, Numbering
from build_tools.model.profiling import Profile
from build_tools.model.typography import Typography
from build_tools.reader import Document
from build_tools.render.html import print_code as pdf_code
from build_tools.render.html.callouts import Callouts
from build_tools.render.html.cals import CalsTables
from build_tools.render.html.divisions import Divisions
from build_tools.render.html.glossary import Glossary
from build_tools.render.html.index import Index
from build_tools.render.html.inline import Inline
from build_tools.render.html.lists import Lists
from build_tools.render.html.media import Media
from build_tools.render.html.paragraphs import Paragraphs
from build_tools.render.html.references import References
from build_tools.render.html.structures import Structures
from build_tools.render.html.technical import Technical
from build_tools.render.html.titlepage import TitlePage
from build_tools.render.verification import AFTER

BLOCKS = (
    frozenset(
        (
            "itemizedlist",
            "orderedlist",
            "variablelist",
            "simplelist",
            "table",
            "informaltable",
            "example",
            "informalexample",
            "figure",
            "informalfigure",
            "mediaobject",
            "note",
            "tip",
            "important",
            "caution",
            "warning",
            "screen",
            "programlisting",
            "literallayout",
            "blockquote",
            "sidebar",
            "procedure",
            "bridgehead",
            "formalpara",
            "para",
            "simpara",
        )
    )
    | ELEMENT_BLOCKS
)
"""Elements that cannot sit inside an HTML paragraph (with `elements.BLOCKS`)."""


@dataclass
class Page:
    """Where the translator writes: one file of the split book, or the single page."""

    name: str | None = None
    """The file of the page; None for the single-page book (every link is then '#id')."""
    heading_base: int = 2
    """The HTML heading level of a top division's title on this page."""


@dataclass
class Translator(
    Divisions,
    Paragraphs,
    References,
    Inline,
    CalsTables,
    Glossary,
    Index,
    Lists,
    Media,
    TitlePage,
    Technical,
    Structures,
    Callouts,
):
    """Turns DocBook elements of one book into HTML fragments."""

    document: Document
    numbering: Numbering
    words: dict[str, str]
    typography: Typography
    blocks: Any
    """The macros of templates/html/blocks.html."""
    structures: Any
    """The macros of templates/html/structures.html (index, callouts, questions…)."""
    marks: Any
    """Gives the verification mark of an element (`build_tools.render.verification.Marks`)."""
    draft: bool = False
    profile: Profile = field(default_factory=Profile)
    page: Page = field(default_factory=Page)
    language: str = DEFAULT_LANGUAGE
    """The book's language (`model.language.language_of`): its title page's dates are in it."""
    findings: list[Finding] = field(default_factory=list)
    assets: dict = field(default_factory=dict)
    """Files the pages need (images): source path -> path under generated/BOOK/."""
    front_matter: dict[str, str] = field(default_factory=dict)
    """The book's abstract, legal notice and revision history (and in print its copyright),
    placed by the page."""
    _footnotes: list[dict] = field(default_factory=list)
    _anchored: set[str] = field(default_factory=set)
    """The source ids written on the page so far: none is written twice."""
    _literal: int = 0
    """Inside a literal, code or screen: no typography, spaces kept."""
    _quotes: int = 0
    """How many quotes the current text is inside: a quote within a quote gets “ ”."""
    _link: int = 0
    """How many links the current text is inside: HTML does not nest them."""
    _lines: pdf_code.Lines | None = None
    """In print, the lines of the listing being written (its long lines are broken)."""
    body_start: etree._Element | None = None
    """In print, the division whose first page is page 1 (`pdf_markup.BODY_START`)."""

    @property
    def printed(self) -> bool:
        """Whether the translator writes the print page, the one the PDF is laid out from."""
        return self.marks is not None and self.marks.medium == "print"

    # -- walking ---------------------------------------------------------------

    def render(self, element: etree._Element | None) -> Markup:
        """The HTML of `element` (empty when profiling leaves it out)."""
        if element is None or not isinstance(element.tag, str) or self.excluded(element):
            return Markup()
        method = getattr(self, "visit_" + element.tag, None)
        if method is None:
            return self.identified(element, self.unknown(element))
        language = element.get("lang")
        if not language or language == self.typography.language:
            return self.identified(element, method(element))
        # a passage in another language is set in that language's typography
        outer = self.typography
        self.typography = Typography(language, outer.apostrophes)
        try:
            return self.identified(element, method(element))
        finally:
            self.typography = outer

    def identified(self, element: etree._Element, html: Markup) -> Markup:
        """`html`, the rendering of `element`, carrying the source ids of `element` and of
        what it holds, so that a link to any of them lands: its own id on its first HTML
        element when that has none, else (and for the ids of the parts it renders as no
        element of their own) on empty anchors where it starts. No id is written twice."""
        owed = []
        for node in self.identified_nodes(element):
            anchor = self.numbering.anchors[node]
            self._anchored.add(anchor)
            if f'id="{anchor}"' not in html:
                owed.append(anchor)
        if not owed:
            return html
        first = _FIRST_TAG.match(html)
        if owed[0] == self.numbering.anchors.get(element) and first and " id=" not in first[2]:
            at = first.end(1)
            html = html[:at] + Markup(' id="{}"').format(owed.pop(0)) + html[at:]
            first = _FIRST_TAG.match(html)
        anchors = Markup().join(self.empty_anchor(anchor) for anchor in owed)
        if anchors and first and first[1] in _HOLDS_AN_ANCHOR:
            return html[: first.end()] + anchors + html[first.end() :]
        return anchors + html

    def identified_nodes(self, element: etree._Element) -> list[etree._Element]:
        """`element` and what it holds that has a source id not yet written on the page, save
        what is written elsewhere: a footnote's words (at the foot of its division), and on
        the split pages a division with a page of its own."""
        if element.tag == "footnote":
            return []
        nodes = [element] if element.get("id") else []
        nodes += (
            node
            for node in _WITH_ID(element)
            if self.numbering.anchors.get(node) not in self._anchored
            and not any(self.elsewhere(above) for above in _between(node, element))
        )
        return [
            node
            for node in nodes
            if (anchor := self.numbering.anchors.get(node)) is not None
            and anchor not in self._anchored
        ]

    def elsewhere(self, element: etree._Element) -> bool:
        """Whether `element` and what it holds are rendered apart from the element holding it."""
        return element.tag == "footnote" or (
            self.page.name is not None and element in self.numbering.pages
        )

    def empty_anchor(self, anchor: str) -> Markup:
        """An anchor that shows nothing, for an element rendered as no HTML element of its own."""
        return Markup('<span id="{}"></span>').format(anchor)

    def contents(self, element: etree._Element, skip: tuple[str, ...] = TITLES) -> Markup:
        """The mixed content of `element`: its text, its children rendered, their tails."""
        parts = [self.run(element, -1, element.text)]
        for index, child in enumerate(element):
            if not (isinstance(child.tag, str) and child.tag in skip):
                parts.append(self.render(child))
                if self.marks is not None and child.tag in AFTER:
                    parts.append(self.marks.after(child, self))  # a summary of its errata
            tail = child.tail
            # « <link>le lien</link>: » — the mark follows a word the child ended
            glue = bool(tail and tail[0] in ";:!?" and not self._literal and _ends_a_word(child))
            parts.append(self.run(element, index, tail, glue))
        return Markup().join(parts)

    def run(self, element: etree._Element, slot: int, text: str | None, glue=False) -> Markup:
        """A run of text of `element` (slot -1: its text; i: its child i's tail), its wrong
        numbers marked where they stand."""
        if not text:
            return Markup()
        pieces = self.marks.pieces(element, slot, text) if self.marks is not None else None
        if not pieces or len(pieces) == 1:
            return self.text(self.typography.glued(text) if glue else text)
        html = []
        for number, (piece, wrong) in enumerate(pieces):
            if (glue and number == 0) or (number and pieces[number - 1][1] is not None):
                piece = self.typography.glued(piece)
            if wrong is None:
                html.append(self.text(piece))
                continue
            html.append(
                self.blocks.wrong_token(
                    token=self.text(piece),
                    statement=wrong.statement,
                    anchor=wrong.anchor,
                    medium=self.marks.medium,
                )
            )
        return Markup().join(html)

    def text(self, text: str | None) -> Markup:
        """A run of the book's text, set in its language's typography and escaped."""
        if not text:
            return Markup()
        if not self._literal:
            # The source's line breaks and indentation mean one space to HTML: write one.
            text = self.typography.apply(_SPACES.sub(_one_space, text))
        if self._lines is not None:
            return self._lines.wrap(text)
        if self.printed and limits.LONG_WORD.search(text):
            return Markup().join(_unhyphenated_pieces(text))
        return escape(text)

    def listing(self, element: etree._Element, render: Callable[[], Markup]) -> Markup:
        """What `render()` writes as the text of the listing `element` (a `<pre>`): in print,
        a line longer than the page's measure continues after a mark (`pdf_code`)."""
        if not self.printed or self._lines is not None:
            return render()
        self._lines = pdf_code.Lines(pdf_code.measure(element))
        try:
            return render()
        finally:
            self._lines = None

    def excluded(self, element: etree._Element) -> bool:
        """Whether profiling (`--userlevel`, `--condition`) leaves `element` out."""
        return self.profile.excludes(element)

    def unknown(self, element: etree._Element) -> Markup:
        """An element no method renders: its text stays visible, and it is reported."""
        return self.misplaced(element, "")

    def misplaced(self, element: etree._Element, parent: str) -> Markup:
        """An element met outside the `parent` that renders it (no `parent`: an unknown one)."""
        self.findings.append(self.unknown_finding(element, parent))
        return self.blocks.unsupported(
            name=element.tag,
            content=self.contents(element, skip=()),
            block=self.holds_blocks(element),
        )

    def unknown_finding(self, element: etree._Element, parent: str = "") -> Finding:
        """The finding for an element rendered nowhere (or only inside `parent`)."""
        file, line, column = self.document.locate(element)
        return at_line(
            Finding(
                "error",
                "unsupported",
                unsupported_message(element.tag, parent),
                file=file,
                line=line,
                column=column,
                where=enclosing(element),
                key=element.tag,
            )
        )

    def holds_blocks(self, element: etree._Element) -> bool:
        return any(isinstance(child.tag, str) and child.tag in BLOCKS for child in element)

    def say(self, key: str, **values: Any) -> Markup:
        """The words `key` of the book's language, its values escaped unless they are markup."""
        return escape(self.words[key]).format(**values)

    def attributes(self, element: etree._Element) -> dict[str, str]:
        """id (its own or the generated one), lang and role (as a class) of `element`."""
        return {
            "id": self.numbering.anchors.get(element, ""),
            "lang": html_language(element.get("lang")),
            "role": element.get("role", ""),
        }

    def call(self, macro: str, element: etree._Element, **values: Any) -> Markup:
        """Render `element` through the macro `macro` of blocks.html: a fragment made here is
        markup, any other string the template escapes."""
        return getattr(self.blocks, macro)(**self.attributes(element), **values)

    def cell_erratum(self, entry: etree._Element) -> Markup:
        """The sign of an erratum inside a table entry, if the check found one there."""
        return self.marks.cell(entry, self) if self.marks is not None else Markup()

    def mark(self, element: etree._Element) -> Markup:
        """The verification mark of `element`, if the rules check looked at it."""
        return self.marks.render(element, self) if self.marks is not None else Markup()


_SPACES = re.compile(r"[ \t\r\n]{2,}")
_WITH_ID = etree.XPath(".//*[@id]")
"""The elements under an element that carry an id (compiled once: every element asks)."""
_FIRST_TAG = re.compile(r"\s*<([a-z][a-z0-9]*)([^>]*)>")
"""The first HTML element of a fragment: its name, its attributes."""
_HOLDS_AN_ANCHOR = frozenset(
    "a abbr aside b blockquote caption cite code dd div dfn dt em figcaption figure footer"
    " h1 h2 h3 h4 h5 h6 header i kbd li nav p pre q samp section small span strong sub sup"
    " td th var".split()
)
"""HTML elements an empty anchor may open (not a list, a table, a row, an image…)."""


def _between(node: etree._Element, top: etree._Element):
    """`node` and its ancestors below `top`."""
    yield node
    for above in node.iterancestors():
        if above is top:
            return
        yield above


def _ends_a_word(element: etree._Element) -> bool:
    text = "".join(reading_texts(element)) if isinstance(element.tag, str) else ""
    return bool(text) and text[-1].isalnum()


def _one_space(match: re.Match) -> str:
    return "\n" if "\n" in match.group() else " "


def _unhyphenated_pieces(text: str):
    """`text` with each word longer than `limits.LONGEST_WORD` set apart, for print: never given
    to the hyphenator (its cost grows with the square of the word's length) and breakable every
    40 characters."""
    done = 0
    for word in limits.LONG_WORD.finditer(text):
        yield escape(text[done : word.start()])
        pieces = [word[0][start : start + 40] for start in range(0, len(word[0]), 40)]
        yield Markup('<span class="unhyphenated">{}</span>').format(Markup("\u200b").join(pieces))
        done = word.end()
    yield escape(text[done:])
