"""The HTML book: one page (`BOOK.html`) and a site of one page per chapter (`html/`).

    number the book ─> translate each division (translator) ─> lay out the pages (templates/html)

The single page embeds its stylesheet, so that it works alone and the PDF
renderer can build from it; the split pages share `html/book.css`. Nothing is
fetched from outside: the pages work from `file://` and from any static server.

Over 500 lines, for a reason: the one page, the split pages and the print page share
their assembly (numbering, marks, links, search, errata page), kept in one module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lxml import etree
from markupsafe import Markup, escape

from build_tools.assets import TEMPLATES
from build_tools.model.docbook import SECTIONS
from build_tools.model.numbering import DIVISION_TAGS, Numbering, numbering_of
from build_tools.model.profiling import Profile
from build_tools.model.typography import Typography
from build_tools.output import write_atomic
from build_tools.parallel import in_parallel
from build_tools.render import templating
from build_tools.render.html import print_markup as pdf_markup
from build_tools.render.html import search as search_html
from build_tools.render.html import web_faces
from build_tools.render.html.translator import Page, Translator
from build_tools.render.markup import rendered, style_text

if TYPE_CHECKING:  # Jinja2 is imported when a page is rendered: `rulebook check` needs none
    from jinja2 import Environment
from build_tools.model.wording import words_for
from build_tools.render.verification import Marks

STYLESHEET = "css/book.css"
ERRATA_PAGE = "errata.html"
ERRATA_ANCHOR = "errata"
INFO = ("bookinfo", "articleinfo", "setinfo", "info")
"""The info elements of a root that make its title page."""


def render(context) -> list[Path]:
    """Write `BOOK.html` and `html/*.html` for the book of `context`; return the files written."""
    book = HtmlBook.of(context)

    def split() -> tuple:
        pages = book.split_pages()
        return pages, book.findings, book.assets, book.faces

    # The single page here and the split pages in a copy of this process, at once; the
    # workings written before, for both.
    book.marks.write_workings()
    single, (pages, findings, assets, faces) = in_parallel([book.single_page, split])
    book.findings = _unique(book.findings + findings)
    book.assets.update(assets)
    book.faces.update(faces)
    written = [write_atomic(context.out / f"{context.book.name}.html", single)]
    for name, content in pages:
        written.append(write_atomic(context.out / "html" / name, content))
    for source, relative in sorted(book.assets.items(), key=lambda item: str(item[1])):
        written.append(write_atomic(context.out / relative, source.read_bytes()))
    for relative, face in sorted(book.faces.items()):
        written.append(write_atomic(context.out / relative, web_faces.cut(face)))
    context.findings.extend(book.findings)
    context.written.extend(written)
    return written


def supported_elements() -> set[str]:
    """The DocBook elements the HTML translator renders: those it has a `visit_` method for."""
    return {name[len("visit_") :] for name in dir(Translator) if name.startswith("visit_")}


@dataclass
class HtmlBook:
    """One book being rendered: its numbering, words, typography and templates."""

    context: Any
    environment: Environment
    numbering: Numbering
    words: dict[str, str]
    typography: Typography
    marks: Marks
    language: str
    profile: Profile
    findings: list = field(default_factory=list)
    """What the translator reported (elements it does not handle), once per place."""
    assets: dict = field(default_factory=dict)
    """The images the pages show: source file -> its path under generated/BOOK/."""
    faces: dict = field(default_factory=dict)
    """The web faces: path under generated/BOOK/ -> the face (cut when written)."""
    unlinked: list = field(default_factory=list)
    """The book's links (xref, link) to a place it does not contain, in reading order."""

    @classmethod
    def of(cls, context, medium: str = "screen") -> HtmlBook:
        """The book of `context` for `medium`: 'screen', or 'print' (the PDF's variant)."""
        root = context.document.root
        settings = context.report.settings
        language = context.report.language
        words = words_for(language)
        # French sets typographic apostrophes unless the book's settings say otherwise.
        apostrophes = settings.get("typographic_apostrophes")
        typography = Typography(
            language, bool(apostrophes) if apostrophes is not None else language.startswith("fr")
        )
        environment = _environment()
        environment.globals["words"] = words
        profile = Profile.of(
            context.options.userlevel, context.options.condition, **context.options.profile
        )
        numbering = numbering_of(root, profile)
        # links to a place the book lacks: printed as their words, listed with the errata
        unlinked = [
            link
            for link in root.iter("xref", "link")
            if link.get("linkend")
            and not profile.leaves_out(link)
            and (
                numbering.by_id.get(link.get("linkend")) is None
                or profile.leaves_out(numbering.by_id[link.get("linkend")])
            )
        ]
        return cls(
            context,
            environment,
            numbering,
            words,
            typography,
            Marks.of(context.report, words, typography, medium),
            language,
            profile,
            unlinked=unlinked,
        )

    def missing_links(self, translator: Translator, link) -> list[dict[str, Any]]:
        """The links to places the book does not contain, once per place they name: their
        words and where they stand (`link(element)` the link to a passage, or '')."""
        named: dict[str, dict[str, Any]] = {}
        for element in self.unlinked:
            identifier = element.get("linkend")
            entry = named.setdefault(identifier, {"words": [], "places": [], "id": identifier})
            words = translator.plain(element) or escape(identifier)
            if words not in entry["words"]:
                entry["words"].append(words)
            holder = next(
                (a for a in element.iterancestors() if a.tag in DIVISION_TAGS + SECTIONS), None
            )
            if holder is None:
                continue
            place = {"where": translator.place(holder), "href": link(holder)}
            if place not in entry["places"]:
                entry["places"].append(place)
        return list(named.values())

    @property
    def has_rules(self) -> bool:
        """Whether the book has a rules module (a game): only then has it an errata chapter."""
        book = self.context.book
        return self.context.report.game is not None or (book.folder / "__init__.py").is_file()

    @property
    def root(self) -> etree._Element:
        return self.context.document.root

    def translator(self, page: Page) -> Translator:
        """A translator writing for `page`, with the book's numbering, words and marks."""
        options = self.context.options
        blocks = self.environment.get_template("html/blocks.html").make_module(
            {"words": self.words, "medium": self.marks.medium}
        )
        structures = self.environment.get_template("html/structures.html").make_module(
            {"words": self.words}
        )
        translator = Translator(
            document=self.context.document,
            numbering=self.numbering,
            words=self.words,
            typography=self.typography,
            blocks=blocks,
            structures=structures,
            marks=self.marks,
            draft=options.draft,
            profile=self.profile,
            page=page,
            language=self.language,
        )
        return translator

    # -- the single page -------------------------------------------------------------

    def page(self, template: str, **values: Any) -> Markup:
        """The page `template` of templates/ rendered: markup by construction, for Jinja
        escapes every value that is not markup itself (autoescape)."""
        return rendered(self.environment.get_template(template), **values)

    def single_page(self) -> Markup:
        """The whole book as one HTML page, its stylesheet embedded (the PDF is made from it)."""
        self.marks.errata_page = ""
        translator = self.translator(Page(None, heading_base=2))
        printed = translator.printed
        if printed:
            translator.body_start = self._first_division(translator)
        titlepage = self._titlepage(translator)
        divisions = [translator.render(child) for child in self._body()]
        self.findings = list(translator.findings)
        self.assets.update(translator.assets)
        return self.page(
            "html/book.html",
            lang=self.language,
            title=self.book_title(translator),
            stylesheet=None,
            # the print page is laid out under templates/pdf/print.css, and carries the
            # PDF's metadata
            inline_css=None
            if printed
            else style_text(self.stylesheet(fonts=f"html/{web_faces.FOLDER}/")),
            metadata=pdf_markup.metadata(self.root, self.typography) if printed else [],
            titlepage=titlepage,
            front_matter=self._front_matter(translator),
            medium=self.marks.medium,
            formal_lists=self._formal_lists(translator),
            contents=self.contents(translator),
            divisions=divisions,
            errata=self.marks.errata(
                lambda element, anchor: "" if translator.left_out(element) else f"#{anchor}",
                translator.place,
                self.numbering.division_of,
                lambda division: self._short_title(translator, division),
                translator=translator,
            )
            if self.has_rules
            else None,
            missing_links=self.missing_links(translator, translator.href),
            legend=bool(self.marks.verifications),
            errata_anchor=ERRATA_ANCHOR,
        )

    def _first_division(self, translator: Translator) -> etree._Element | None:
        """The division the printed book's page 1 starts at: the first one after the front
        matter (a part's title page is not one; its first chapter is). Under a root that is
        not a book, the first division found."""
        found = (
            division
            for division in chain(self.numbering.divisions, self.root.iter(*DIVISION_TAGS))
            if division.tag not in ("part", "book", "set") and not translator.left_out(division)
        )
        return next(found, None)

    # -- the errata sheet ----------------------------------------------------------------

    def errata_sheet(self, folios: dict[str, str], stylesheet: str) -> Markup:
        """The errata on a page of their own, each with its page in the printed book."""
        self.marks.errata_page = ""
        translator = self.translator(Page(None, heading_base=2))
        return self.page(
            "html/errata_sheet.html",
            lang=self.language,
            title=self.words["errata"] + Markup(" — ") + self.book_title(translator),
            stylesheet=None,
            inline_css=style_text(stylesheet),
            book_title=self.book_title(translator),
            edition=pdf_markup.edition(self.root, self.language),
            errata=self.marks.errata(
                lambda element, anchor: "",
                translator.place,
                self.numbering.division_of,
                lambda division: self._short_title(translator, division),
                folios,
                translator=translator,
                rule_links=False,
            ),
            missing_links=self.missing_links(translator, lambda element: ""),
            errata_anchor=ERRATA_ANCHOR,
        )

    # -- the split pages ---------------------------------------------------------------

    def split_pages(self) -> list[tuple[str, str]]:
        """(file name, content) of every page of the split book, with its stylesheet."""
        self.marks.errata_page = ERRATA_PAGE
        pages = []
        index = self.translator(Page("index.html", heading_base=1))
        divisions = [d for d in self.numbering.divisions if not index.left_out(d)]
        names = [self.numbering.pages[division] for division in divisions]
        book_title = self.book_title(index)
        navigation = [
            {"href": name, "title": self._short_title(index, division)}
            for name, division in zip(names, divisions, strict=True)
        ]
        if self.has_rules:
            navigation.append({"href": ERRATA_PAGE, "title": self.words["errata"]})
        pages.append(
            (
                "index.html",
                self.page(
                    "html/index.html",
                    lang=self.language,
                    title=book_title,
                    stylesheet="book.css",
                    inline_css=None,
                    titlepage=self._titlepage(index),
                    front_matter=self._front_matter(index),
                    contents=self.contents(index),
                    legend=bool(self.marks.verifications),
                    # anything under <book> that is not a division (not valid DocBook, but kept)
                    extra=Markup().join(
                        index.render(child)
                        for child in self._body()
                        if child not in self.numbering.pages
                    ),
                    single_page=f"../{self.context.book.name}.html",
                    next=navigation[0] if navigation else None,
                    search=True,
                ),
            )
        )
        findings = list(index.findings)
        for position, (name, division) in enumerate(zip(names, divisions, strict=True)):
            translator = self.translator(Page(name, heading_base=1))
            content = translator.render(division)
            findings += translator.findings
            self.assets.update(translator.assets)
            pages.append(
                (
                    name,
                    self.page(
                        "html/chapter.html",
                        lang=self.language,
                        title=self._short_title(translator, division) + " — " + book_title,
                        stylesheet="book.css",
                        inline_css=None,
                        book_title=book_title,
                        content=content,
                        local_contents=self._entry(translator, division)["children"],
                        search=True,
                        previous=navigation[position - 1]
                        if position
                        else {"href": "index.html", "title": book_title},
                        next=navigation[position + 1] if position + 1 < len(navigation) else None,
                    ),
                )
            )
        pages += self._search_files(index)
        self._ship_faces()
        if not self.has_rules:
            pages.append(("book.css", self.stylesheet()))
            self.findings = _unique(self.findings + findings)
            return pages
        pages.append(
            (
                ERRATA_PAGE,
                self.page(
                    "html/errata_page.html",
                    lang=self.language,
                    title=self.words["errata"] + Markup(" — ") + book_title,
                    stylesheet="book.css",
                    inline_css=None,
                    book_title=book_title,
                    errata=self.marks.errata(
                        lambda element, anchor: (
                            "" if index.left_out(element) else self._split_link(element, anchor)
                        ),
                        index.place,
                        self.numbering.division_of,
                        lambda division: self._short_title(index, division),
                        translator=index,
                    ),
                    missing_links=self.missing_links(index, index.href),
                    errata_anchor=ERRATA_ANCHOR,
                    search=True,
                    previous=navigation[-2] if len(navigation) > 1 else None,
                    next=None,
                ),
            )
        )
        pages.append(("book.css", self.stylesheet()))
        # Both renderings meet the same unsupported elements: report them once.
        self.findings = _unique(self.findings + findings)
        return pages

    def _search_files(self, translator: Translator) -> list[tuple[str, str]]:
        """The search's index (made now, from the document model) and its script."""
        index = search_html.index_script(search_html.entries(self, translator))
        script = (TEMPLATES / "html" / search_html.SCRIPT_FILE).read_text(encoding="utf-8")
        return [(search_html.INDEX_FILE, index), (search_html.SCRIPT_FILE, script)]

    def _body(self) -> list[etree._Element]:
        """The children of <book> after its title page, in order."""
        return [
            child
            for child in self.root
            if isinstance(child.tag, str)
            and child.tag not in INFO + ("title", "subtitle", "titleabbrev")
        ]

    def _split_link(self, element: etree._Element, anchor: str) -> str:
        division = self.numbering.division_of(element)
        return f"{self.numbering.pages.get(division, 'index.html')}#{anchor}"

    # -- shared pieces ------------------------------------------------------------------

    def stylesheet(self, fonts: str = "fonts/") -> str:
        """book.css after the `@font-face` rules of the faces shipped in html/fonts/."""
        return web_faces.font_faces_css(fonts) + (TEMPLATES / STYLESHEET).read_text(
            encoding="utf-8"
        )

    def _ship_faces(self) -> None:
        """The faces the stylesheet names, written under html/fonts/ with the pages."""
        for face in web_faces.faces():
            self.faces[f"html/{web_faces.FOLDER}/{face.name}"] = face

    def book_title(self, translator: Translator) -> Markup:
        return translator.plain_title(self.root)

    def _titlepage(self, translator: Translator) -> Markup:
        info = next((child for child in self.root if child.tag in INFO), None)
        # A book without bookinfo has its title (and subtitle) as children.
        html = translator.render(info if info is not None else self.root.find("title"))
        if self.root.get("id"):  # a link to the book lands on its title page
            html = translator.empty_anchor(self.numbering.anchor(self.root)) + html
        notes = translator.take_footnotes()
        if notes:
            html += translator.blocks.footnote_list(notes)
        return html

    def _front_matter(self, translator: Translator) -> dict[str, Markup]:
        """The abstract, legal notice, revision history (and in print the copyright) the title
        page's info set aside, for the page to place."""
        front, translator.front_matter = translator.front_matter, {}
        names = ("copyrights", "abstract", "legalnotice", "revhistory")
        return {name: front.get(name, Markup()) for name in names}

    def _short_title(self, translator: Translator, division: etree._Element) -> Markup:
        abbreviation = division.find("titleabbrev")
        title = (
            translator.plain(abbreviation)
            if abbreviation is not None
            else (translator.plain_title(division))
        )
        label = translator.label(division)
        return label + self.words["label_separator"] + title if label else title

    def contents(self, translator: Translator) -> list[dict]:
        """The table of contents: divisions and their sections, with labels and links."""
        entries = [
            self._entry(translator, division)
            for division in self.numbering.divisions
            if not translator.left_out(division)
        ]
        if not self.has_rules:
            return entries
        entries.append(
            {
                "label": "",
                "title": self.words["errata"],
                "href": f"#{ERRATA_ANCHOR}" if translator.page.name is None else ERRATA_PAGE,
                "children": [],
            }
        )
        return entries

    def _formal_lists(self, translator: Translator) -> list[dict]:
        """The numbered tables and examples of the book, each list with its entries."""
        lists = []
        for kind, tags in (("table", ("table",)), ("example", ("example",))):
            entries = [
                {
                    "label": translator.label(element),
                    "title": translator.plain_title(element),
                    "href": translator.href(element),
                }
                for element in self.root.iter(*tags)
                if self.numbering.labels.get(element) and not translator.left_out(element)
            ]
            lists.append(
                {
                    "id": f"list-of-{kind}s",
                    "title": self.words[f"list_of_{kind}s"],
                    "entries": entries,
                }
            )
        return lists

    def _entry(self, translator: Translator, element: etree._Element) -> dict:
        children = []
        for child in element:
            if (
                isinstance(child.tag, str)
                and child.tag in SECTIONS
                and not translator.excluded(child)
            ):
                entry = self._entry(translator, child)
                # an untitled section has no heading to list: its subsections stand for it
                children += [entry] if entry["title"] else entry["children"]
        href = translator.href(element)
        if translator.page.name is not None and element in self.numbering.pages:
            href = self.numbering.pages[element]
        return {
            "label": translator.label(element),
            "title": translator.plain_title(element),
            "href": href,
            "children": children,
        }


def _environment() -> Environment:
    """The templates of templates/, every value escaped, compiled once and kept between runs."""
    return templating.environment(
        TEMPLATES, escaped=True, keep_trailing_newline=True, cached=True,
        filters={"ending_with": ending_with},
    )  # fmt: skip


def ending_with(content: Markup, mark: Markup, medium: str) -> Markup:
    """`content` followed by `mark`; in print inside its last paragraph: no line holds it alone."""
    if not mark:
        return escape(content)
    html = escape(content).rstrip()
    if medium == "print" and html.endswith("</p>"):
        return html[: -len("</p>")] + mark + Markup("</p>")
    return html + mark


def _unique(findings: list) -> list:
    seen, unique = set(), []
    for finding in findings:
        key = (str(finding.file), finding.line, finding.column, finding.message)
        if key not in seen:
            seen.add(key)
            unique.append(finding)
    return unique
