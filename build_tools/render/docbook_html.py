"""The DocBook to HTML translator: one `visit_<name>` method per element it renders.

Inline elements become inline HTML here; every block goes through a macro of
`templates/html/blocks.html`, so the page structure lives in the templates.
An element without a `visit_` method is never dropped: its text is rendered
inside a visible marker and a finding names it with its file and line. The
set of `visit_` methods is the list of supported elements that the validator
checks a book against (`supported_elements`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import Any

from lxml import etree
from markupsafe import Markup

from build_tools.diagnostics import Finding, at_line
from build_tools.docbook import SECTIONS, enclosing
from build_tools.reader import Document
from build_tools.render import pdf_code
from build_tools.render.callouts_html import Callouts
from build_tools.render.cals import CalsTables
from build_tools.render.elements import BLOCKS as ELEMENT_BLOCKS
from build_tools.render.elements import unsupported_message
from build_tools.render.glossary_html import Glossary
from build_tools.render.index_html import Index
from build_tools.render.inline_html import Inline
from build_tools.render.lists_html import Lists
from build_tools.render.media_html import Media
from build_tools.render.numbering import DIVISION_TAGS, TITLES, Numbering
from build_tools.render.profiling import Profile
from build_tools.render.structures_html import Structures
from build_tools.render.technical_html import Technical
from build_tools.render.titlepage_html import TitlePage
from build_tools.render.typography import Typography
from build_tools.render.wording import html_language

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

BOOK_INFO = ("bookinfo", "setinfo", "articleinfo", "info")

GENERATED_TITLES = {
    "index": "index",
    "setindex": "index",
    "glossary": "glossary",
    "bibliography": "bibliography",
    "dedication": "dedication",
    "colophon": "colophon",
    "toc": "toc",
}
"""Elements whose title docbook-xsl generates when the book gives none -> the word."""


LONG_EXAMPLE = 2200
"""Characters of an example (some twenty printed lines) beyond which print lets it break."""


@dataclass
class Page:
    """Where the translator writes: one file of the split book, or the single page."""

    name: str | None = None
    """The file of the page; None for the single-page book (every link is then '#id')."""
    heading_base: int = 2
    """The HTML heading level of a top division's title on this page."""


@dataclass
class Translator(
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

    def render(self, element: etree._Element | None) -> str:
        """The HTML of `element` (empty when profiling leaves it out)."""
        if element is None or not isinstance(element.tag, str) or self.excluded(element):
            return ""
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

    def identified(self, element: etree._Element, html: str) -> str:
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
            html = f'{html[: first.end(1)]} id="{escape(owed.pop(0))}"{html[first.end(1) :]}'
            first = _FIRST_TAG.match(html)
        anchors = "".join(self.empty_anchor(anchor) for anchor in owed)
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
            for node in element.xpath(".//*[@id]")
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

    def empty_anchor(self, anchor: str) -> str:
        """An anchor that shows nothing, for an element rendered as no HTML element of its own."""
        return f'<span id="{escape(anchor)}"></span>'

    def contents(self, element: etree._Element, skip: tuple[str, ...] = TITLES) -> str:
        """The mixed content of `element`: its text, its children rendered, their tails."""
        parts = [self.run(element, -1, element.text)]
        for index, child in enumerate(element):
            if not (isinstance(child.tag, str) and child.tag in skip):
                parts.append(self.render(child))
            tail = child.tail
            # « <link>le lien</link>: » — the mark follows a word the child ended
            glue = bool(tail and tail[0] in ";:!?" and not self._literal and _ends_a_word(child))
            parts.append(self.run(element, index, tail, glue))
        return "".join(parts)

    def run(self, element: etree._Element, slot: int, text: str | None, glue=False) -> str:
        """A run of text of `element` (slot -1: its text; i: its child i's tail), its wrong
        numbers marked where they stand."""
        if not text:
            return ""
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
                str(
                    self.blocks.wrong_token(
                        token=self.markup(self.text(piece)),
                        statement=wrong.statement,
                        anchor=wrong.anchor,
                        medium=self.marks.medium,
                    )
                )
            )
        return "".join(html)

    def text(self, text: str | None) -> str:
        """A run of the book's text, set in its language's typography and escaped."""
        if not text:
            return ""
        if not self._literal:
            # The source's line breaks and indentation mean one space to HTML: write one.
            text = self.typography.apply(_SPACES.sub(_one_space, text))
        if self._lines is not None:
            return self._lines.wrap(text)
        return escape(text, quote=False)

    def listing(self, element: etree._Element, render: Callable[[], str]) -> str:
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

    def unknown(self, element: etree._Element) -> str:
        """An element no method renders: its text stays visible, and it is reported."""
        return self.misplaced(element, "")

    def misplaced(self, element: etree._Element, parent: str) -> str:
        """An element met outside the `parent` that renders it (no `parent`: an unknown one)."""
        self.findings.append(self.unknown_finding(element, parent))
        return str(
            self.blocks.unsupported(
                name=element.tag,
                content=self.markup(self.contents(element, skip=())),
                block=self.holds_blocks(element),
            )
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

    def markup(self, html: str) -> Markup:
        """A fragment made here, marked safe for the templates."""
        return Markup(html)

    def attributes(self, element: etree._Element) -> dict[str, str]:
        """id (its own or the generated one), lang and role (as a class) of `element`."""
        return {
            "id": self.numbering.anchors.get(element, ""),
            "lang": html_language(element.get("lang")),
            "role": element.get("role", ""),
        }

    def call(self, macro: str, element: etree._Element, **values: Any) -> str:
        """Render `element` through the macro `macro` of blocks.html."""
        fragments = {
            key: self.markup(value) if isinstance(value, str) else value
            for key, value in values.items()
        }
        return str(getattr(self.blocks, macro)(**self.attributes(element), **fragments))

    def cell_erratum(self, entry: etree._Element) -> str:
        """The sign of an erratum inside a table entry, if the check found one there."""
        return self.marks.cell(entry, self) if self.marks is not None else ""

    def mark(self, element: etree._Element) -> str:
        """The verification mark of `element`, if the rules check looked at it."""
        return self.marks.render(element, self) if self.marks is not None else ""

    # -- titles, labels and links --------------------------------------------------

    def title(self, element: etree._Element) -> str:
        """The title of `element` with its markup; an id on the title stays on it."""
        node = _title_node(element)
        if node is None:
            return self.generated_title(element)
        html = self.contents(node, skip=())
        anchor = self.numbering.anchor(node) if node.get("id") else None
        if anchor and anchor not in self._anchored:  # (an article's title is on its title page too)
            self._anchored.add(anchor)
            html = f'<span id="{escape(anchor)}">{html}</span>'
        return html

    def plain_title(self, element: etree._Element) -> str:
        """The title of `element` as escaped text, for places where links cannot go."""
        node = _title_node(element)
        if node is None:
            return self.generated_title(element)
        return self.plain(node)

    def generated_title(self, element: etree._Element) -> str:
        """The title docbook-xsl gives an untitled index, glossary, bibliography…: 'Index'."""
        if element.tag in GENERATED_TITLES:
            return escape(self.words[GENERATED_TITLES[element.tag]])
        return ""

    def plain(self, node: etree._Element | None) -> str:
        """The text of `node` (footnotes and remarks left out), set and escaped, without markup."""
        if node is None:
            return ""
        return escape(self.typography.apply(" ".join("".join(_texts(node)).split())), quote=False)

    def label(self, element: etree._Element) -> str:
        """'Chapitre 3', 'Annexe A', 'Tableau 3.1', '3.2' for a section, '' when unnumbered."""
        number = self.numbering.labels.get(element)
        if not number:
            return ""
        if element.tag in SECTIONS:
            return number
        word = self.words.get(element.tag, "")
        return f"{word} {number}" if word else number

    def href(self, target: etree._Element) -> str:
        """The link to `target` from the current page."""
        anchor = self.numbering.anchor(target)
        if self.page.name is None:
            return f"#{anchor}"
        division = self.numbering.division_of(target)
        page = self.numbering.pages.get(division, "index.html")
        if page == self.page.name:
            return f"#{anchor}"
        return f"{page}#{anchor}"

    def target(self, identifier: str | None) -> etree._Element | None:
        """The element `identifier` names, unless profiling left it out of this edition."""
        found = self.numbering.by_id.get(identifier) if identifier else None
        if found is None or self.left_out(found):
            return None
        return found

    def left_out(self, element: etree._Element) -> bool:
        """Whether `element` or one of its ancestors is left out by profiling."""
        return self.profile.leaves_out(element)

    def xref_text(self, target: etree._Element) -> str:
        """The French (or English…) words an xref to `target` generates, never empty."""
        text = self._xref_text(target)
        if text.strip():
            return text
        # an anchor, or an element with no text of its own: name where it is
        for ancestor in target.iterancestors():
            if ancestor.tag in DIVISION_TAGS + SECTIONS or self.numbering.labels.get(ancestor):
                return self._xref_text(ancestor)
        return escape(target.get("id", ""))

    def _xref_text(self, target: etree._Element) -> str:
        if target.get("xreflabel"):
            return self.text(target.get("xreflabel"))
        if target.tag in ("title", "titleabbrev") and target.getparent() is not None:
            target = target.getparent()
        tag = target.tag
        special = self.special_xref(target)
        if special is not None:
            return special
        if tag == "glossentry":
            return self.plain(target.find("glossterm"))
        if tag in ("varlistentry",):
            return self.plain(target.find("term"))
        if tag in ("term", "glossterm", "firstterm", "anchor"):
            return self.plain(target)
        title = self.plain_title(target)
        label = self.label(target)
        if tag in DIVISION_TAGS:
            if label:
                return self.words["xref_division"].format(label=label, title=title)
            return self.words["xref_section"].format(title=title)
        if tag in SECTIONS:
            if not title:  # an untitled section (not valid DocBook): the one around it names it
                holder = target.getparent()
                if holder is not None and (holder.tag in DIVISION_TAGS + SECTIONS):
                    return self.xref_text(holder)
                return escape(self.words["section"])
            return self.words["xref_section"].format(title=title)
        if label:
            return self.words["xref_formal"].format(label=label, title=title)
        if title:
            return self.words["xref_section"].format(title=title)
        return self.plain(target)

    def print_heading(self, element: etree._Element, words: str | None = None) -> dict:
        """What the heading of `element` carries in print: its running head and its bookmark
        (the words of its title, and its number before them in the bookmark), and whether the
        book's page 1 starts there. Nothing on screen."""
        if not self.printed:
            return {}
        words = Markup(self.plain_title(element) if words is None else words).unescape()
        number = self.numbering.labels.get(element, "")
        separator = ". " if number and "." not in number else " "
        return {
            "running": escape(words, quote=True),
            "bookmark": escape(f"{number}{separator}{words}".strip(), quote=True),
            "body_start": element is self.body_start,
        }

    def place(self, element: etree._Element) -> Markup:
        """Where `element` is, in the book's words: its label and title, or its section's."""
        if element.tag == "glossentry":
            return Markup(f"{escape(self.words['glossary'])}, {self.xref_text(element)}")
        untitled = element.tag in SECTIONS and element.find("title") is None
        if not untitled and (
            element.tag in DIVISION_TAGS + SECTIONS or self.numbering.labels.get(element)
        ):
            return Markup(self.xref_text(element))
        for ancestor in element.iterancestors():
            if ancestor.tag in SECTIONS and ancestor.find("title") is None:
                continue  # an untitled section: the reader finds it by the one around it
            if ancestor.tag in DIVISION_TAGS + SECTIONS + ("example", "table", "glossentry"):
                words = self.words["passage_of"]
                return Markup(words.format(place=self.place(ancestor)))
        text = " ".join("".join(_texts(element)).split())
        return Markup(escape(text[:60] + ("…" if len(text) > 60 else ""), quote=False))

    def link_to(self, identifier: str, content: str, kind: str) -> str:
        """A link to the element `identifier`, or a visible marker when there is none."""
        target = self.target(identifier)
        if self._link and target is not None:
            return content  # inside another link: its text only
        if target is None:
            return str(
                self.blocks.missing_target(
                    identifier=identifier, content=self.markup(content or escape(identifier))
                )
            )
        return f'<a class="{kind}" href="{escape(self.href(target))}">{content}</a>'

    # -- the book ------------------------------------------------------------------

    def visit_book(self, element: etree._Element) -> str:
        """The book; a book of a set: its title page, and on the single page its divisions."""
        if element.getparent() is None:
            return self.contents(element)
        info = next((c for c in element if isinstance(c.tag, str) and c.tag in BOOK_INFO), None)
        titlepage = self.render(info if info is not None else element.find("title"))
        if self.page.name is not None:
            return titlepage
        return titlepage + self.contents(element, skip=TITLES + BOOK_INFO)

    def visit_set(self, element: etree._Element) -> str:
        return self.contents(element, skip=TITLES + BOOK_INFO)

    def visit_part(self, element: etree._Element) -> str:
        """A part: its title and introduction; on the single page, its chapters too."""
        intro = element.find("partintro")
        info = element.find("partinfo")
        inside = (
            ""
            if self.page.name is not None
            else self.contents(element, skip=TITLES + ("partintro", "partinfo"))
        )
        return self.call(
            "part",
            element,
            level=self.page.heading_base,
            label=self.label(element),
            title=self.title(element),
            introduction=self.subtitles(element)
            + self.render(info)
            + (self.render(intro) if intro is not None else ""),
            content=inside,
        )

    def visit_partintro(self, element: etree._Element) -> str:
        return self.contents(element)

    def division(self, element: etree._Element) -> str:
        """A preface, chapter, appendix…: its heading, its content, its footnotes."""
        outer = self._footnotes
        self._footnotes = []
        title = self.title(element)  # a footnote in the title is one of the division's notes
        content = self.subtitles(element) + (
            self.glossary_contents(element)
            if element.tag == "glossary"
            else (self.contents(element))
        )
        notes, self._footnotes = self._footnotes, outer
        return self.call(
            "division",
            element,
            kind=element.tag,
            level=self.page.heading_base,
            label=self.label(element),
            title=title,
            content=content,
            footnotes=notes,
            mark=self.mark(element),
            **self.print_heading(element),
        )

    visit_preface = visit_chapter = visit_appendix = visit_article = division

    def visit_section(self, element: etree._Element) -> str:
        return self.section(element, self.contents(element))

    def section(self, element: etree._Element, content: str) -> str:
        """A section-like block (section, glossdiv) headed at the depth it stands at."""
        depth = sum(1 for node in element.iterancestors() if node.tag in SECTIONS)
        if self.document.root.tag != "article":
            depth += 1  # under its chapter's heading; an article's sections are its divisions
        return self.call(
            "section",
            element,
            level=min(6, self.page.heading_base + depth),
            label=self.label(element),
            title=self.title(element),
            content=self.subtitles(element) + content,
            mark=self.mark(element),
            **self.print_heading(element),
        )

    def subtitles(self, element: etree._Element) -> str:
        """The subtitles of a division or section (its own, or its info's), under its heading."""
        nodes = element.findall("subtitle")
        if not nodes:
            info = next(
                (c for c in element if isinstance(c.tag, str) and c.tag.endswith("info")), None
            )
            nodes = info.findall("subtitle") if info is not None else []
        return "".join(
            self.call("bare_title", node, kind="subtitle", content=self.contents(node, skip=()))
            for node in nodes
        )

    visit_sect1 = visit_sect2 = visit_sect3 = visit_sect4 = visit_sect5 = visit_section
    visit_simplesect = visit_section

    def visit_title(self, element: etree._Element) -> str:
        """A title met in the flow: its parent renders it, except the title of a book
        without bookinfo, which is its title page."""
        parent = element.getparent()
        if parent is not None and parent.tag == "book":
            subtitle = parent.find("subtitle")
            return self.call(
                "titlepage",
                parent,
                title=self.title(parent),
                subtitle=self.contents(subtitle, skip=()) if subtitle is not None else "",
                authors=[],
                copyrights=[],
                abstract="",
                legalnotice="",
                revhistory="",
                releaseinfo="",
                edition="",
            )
        return self.call(
            "bare_title", element, kind="title", content=self.contents(element, skip=())
        )

    def visit_titleabbrev(self, element: etree._Element) -> str:
        return ""  # used in the navigation only; the full title is shown

    def visit_subtitle(self, element: etree._Element) -> str:
        return self.call(
            "bare_title", element, kind="subtitle", content=self.contents(element, skip=())
        )

    # -- paragraphs and blocks ---------------------------------------------------------

    def visit_para(self, element: etree._Element) -> str:
        html = self.call(
            "para",
            element,
            content=self.contents(element),
            block=self.holds_blocks(element),
            mark=self.mark(element),
        )
        if self.printed and _leads_in(element):
            # « … valent tous 0 ou plus : » stays on the page of the list it announces
            html = html.replace("<p", "<p data-lead-in", 1)
        return html

    visit_simpara = visit_para

    def visit_formalpara(self, element: etree._Element) -> str:
        para = element.find("para")
        return self.call(
            "formalpara",
            element,
            title=self.title(element),
            content=self.contents(para) if para is not None else "",
            block=para is not None and self.holds_blocks(para),
            mark=self.mark(element) + (self.mark(para) if para is not None else ""),
        )

    def admonition(self, element: etree._Element) -> str:
        return self.call(
            "admonition",
            element,
            kind=element.tag,
            title=self.title(element) or escape(self.words[element.tag]),
            content=self.contents(element),
            mark=self.mark(element),
        )

    visit_note = visit_tip = visit_important = visit_caution = visit_warning = admonition

    def visit_example(self, element: etree._Element) -> str:
        return self.call(
            "example",
            element,
            label=self.label(element),
            title=self.title(element),
            content=self.contents(element),
            mark=self.mark(element),
            # in print a long example may break across pages rather than leave a gap
            long=len(" ".join("".join(element.itertext()).split())) > LONG_EXAMPLE,
        )

    visit_informalexample = visit_example

    def visit_sidebar(self, element: etree._Element) -> str:
        return self.call(
            "sidebar",
            element,
            title=self.title(element),
            content=self.contents(element),
            mark=self.mark(element),
        )

    def visit_bridgehead(self, element: etree._Element) -> str:
        # A heading outside the section structure: shown as one, not counted as one,
        # so the outline of headings stays unbroken.
        return self.call("bare_title", element, kind="bridgehead", content=self.contents(element))

    def visit_blockquote(self, element: etree._Element) -> str:
        attribution = element.find("attribution")
        return self.call(
            "blockquote",
            element,
            title=self.title(element),
            content=self.contents(element, skip=TITLES + ("attribution",)),
            attribution=self.contents(attribution) if attribution is not None else "",
        )

    def visit_attribution(self, element: etree._Element) -> str:
        return self.contents(element)

    def literal_block(self, element: etree._Element) -> str:
        self._literal += 1
        try:
            content = self.listing(element, lambda: self.contents(element, skip=()))
        finally:
            self._literal -= 1
        return self.call("literal_block", element, kind=element.tag, content=content)

    visit_screen = visit_programlisting = literal_block

    def visit_literallayout(self, element: etree._Element) -> str:
        content = self.listing(element, lambda: self.contents(element))
        return self.call("literal_block", element, kind="literallayout", content=content)


_SPACES = re.compile(r"[ \t\r\n]{2,}")
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


def _title_node(element: etree._Element) -> etree._Element | None:
    """The title of `element`: its own, else its info's (bookinfo, chapterinfo…), else a
    glossentry's term."""
    node = element.find("title")
    if node is None:
        info = next((c for c in element if isinstance(c.tag, str) and c.tag.endswith("info")), None)
        node = info.find("title") if info is not None else None
    if node is None and element.tag == "glossentry":
        node = element.find("glossterm")
    return node


LISTS = ("itemizedlist", "orderedlist", "variablelist", "simplelist", "segmentedlist")


def _leads_in(element: etree._Element) -> bool:
    """Whether `element` is a sentence ending with « : » that the list after it completes."""
    following = element.getnext()
    while following is not None and not isinstance(following.tag, str):
        following = following.getnext()
    if following is None or following.tag not in LISTS:
        return False
    return "".join(element.itertext()).rstrip().endswith(":")


def _ends_a_word(element: etree._Element) -> bool:
    text = "".join(_texts(element)) if isinstance(element.tag, str) else ""
    return bool(text) and text[-1].isalnum()


def _one_space(match: re.Match) -> str:
    return "\n" if "\n" in match.group() else " "


def _texts(node: etree._Element):
    """The text of `node` in reading order, leaving out footnotes, remarks and index terms."""
    if node.text:
        yield node.text
    for child in node:
        if isinstance(child.tag, str) and child.tag not in ("footnote", "remark", "indexterm"):
            yield from _texts(child)
        if child.tail:
            yield child.tail
