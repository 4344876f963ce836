"""Less common DocBook blocks in HTML: questions and answers, bibliographies, segmented lists,
equations, epigraphs, glossary lists, info blocks, footnote references, nested tables.

Each is laid out by a macro of `templates/html/structures.html`, with the
words docbook-xsl generates in the book's language (« Q : », « Équation 1.2 »).
"""

from __future__ import annotations

from lxml import etree
from markupsafe import Markup

from build_tools.diagnostics import Finding
from build_tools.model.docbook import enclosing
from build_tools.model.elements import shown_element
from build_tools.model.numbering import TITLES

INLINE_ADDRESS = ("publisher", "affiliation", "author", "editor", "othercredit", "collab")
"""Where an address is a line among others (a name's details), not a block of its own."""

INFO_SHOWN = (
    "authorgroup", "author", "corpauthor", "editor", "othercredit", "releaseinfo", "edition",
    "pubdate", "date", "copyright", "legalnotice", "revhistory", "abstract",
)  # fmt: skip
"""What the info of a chapter or section shows under its title, as docbook-xsl's title page
does (its recto: authors, release, date, copyright, legal notice, history, abstract)."""
INFO_LINES = ("releaseinfo", "edition", "pubdate", "date")
"""Those of them that are a line of words of their own."""


class Structures:
    """The methods of the translator for the less common blocks (mixed into `Translator`)."""

    def block(self, macro: str, element: etree._Element, **values) -> Markup:
        """Render `element` through the macro `macro` of structures.html (as `call`)."""
        return getattr(self.structures, macro)(**self.attributes(element), **values)

    # -- questions and answers --------------------------------------------------------------

    def visit_qandaset(self, element: etree._Element) -> Markup:
        return self.block(
            "qandaset",
            element,
            title=self.title(element),
            content=self.contents(element),
        )

    def visit_qandadiv(self, element: etree._Element) -> Markup:
        return self.section(element, self.contents(element))

    def visit_qandaentry(self, element: etree._Element) -> Markup:
        return self.block("qandaentry", element, content=self.contents(element))

    def visit_question(self, element: etree._Element) -> Markup:
        return self.block(
            "qanda_part",
            element,
            kind="question",
            word=self.words["question"],
            content=self.contents(element, skip=("label",)),
            label=self.qanda_label(element),
        )

    def visit_answer(self, element: etree._Element) -> Markup:
        return self.block(
            "qanda_part",
            element,
            kind="answer",
            word=self.words["answer"],
            content=self.contents(element, skip=("label",)),
            label=self.qanda_label(element),
        )

    def qanda_label(self, element: etree._Element) -> Markup:
        label = element.find("label")
        return self.contents(label, skip=()) if label is not None else ""

    # -- bibliographies ---------------------------------------------------------------------

    def visit_bibliography(self, element: etree._Element) -> Markup:
        return self.division(element)

    def visit_bibliodiv(self, element: etree._Element) -> Markup:
        return self.section(element, self.contents(element))

    def visit_bibliolist(self, element: etree._Element) -> Markup:
        return self.block(
            "bibliolist", element, title=self.title(element), content=self.contents(element)
        )

    def visit_biblioentry(self, element: etree._Element) -> Markup:
        """A structured entry: its parts in order, each closed by a full stop, as docbook-xsl."""
        abbreviation = element.find("abbrev")
        parts = [
            self.bibliography_part(child)
            for child in element
            if isinstance(child.tag, str) and child is not abbreviation
        ]
        content = Markup(". ").join(part.strip() for part in parts if part.strip())
        return self.block(
            "biblioentry",
            element,
            abbreviation=self.contents(abbreviation, skip=()) if abbreviation is not None else "",
            content=content + ("." if content else ""),
        )

    def visit_bibliomixed(self, element: etree._Element) -> Markup:
        """A mixed entry: its text as the book punctuates it."""
        abbreviation = element.find("abbrev")
        return self.block(
            "biblioentry",
            element,
            abbreviation=self.contents(abbreviation, skip=()) if abbreviation is not None else "",
            content=self.mixed_entry(element),
        )

    def mixed_entry(self, element: etree._Element) -> Markup:
        """The text of a bibliomixed or bibliomset as punctuated, its titles cited."""
        parts = [self.text(element.text)]
        for child in element:
            if isinstance(child.tag, str) and child.tag != "abbrev":
                parts.append(
                    self.mixed_entry(child)
                    if child.tag == "bibliomset"
                    else self.bibliography_part(child)
                )
            parts.append(self.text(child.tail))
        return Markup().join(parts)

    def bibliography_part(self, element: etree._Element) -> Markup:
        """A part of an entry: a title cited in italics, as docbook-xsl; the rest as itself."""
        if element.tag in ("title", "subtitle", "titleabbrev"):
            return Markup('<cite class="{}">{}</cite>').format(
                element.tag, self.contents(element, skip=())
            )
        if element.tag == "copyright":
            years = Markup(", ").join(self.render(year) for year in element.findall("year"))
            holders = Markup(", ").join(self.render(name) for name in element.findall("holder"))
            return Markup('<span class="copyright">© {} {}</span>').format(years, holders)
        return self.render(element)

    def bibliography_group(self, element: etree._Element) -> Markup:
        parts = [self.bibliography_part(child) for child in element if isinstance(child.tag, str)]
        return Markup(", ").join(part.strip() for part in parts if part.strip())

    visit_biblioset = bibliography_group

    def visit_bibliomset(self, element: etree._Element) -> Markup:
        return self.mixed_entry(element)

    def visit_publisher(self, element: etree._Element) -> Markup:
        return self.bibliography_group(element)

    def visit_address(self, element: etree._Element) -> Markup:
        if element.getparent() is not None and element.getparent().tag in INLINE_ADDRESS:
            return self.inline(element, "span", "address")
        self._literal += 1  # an address keeps its lines
        try:
            content = self.listing(element, lambda: self.contents(element, skip=()))
        finally:
            self._literal -= 1
        return self.call("literal_block", element, kind="address", content=content)

    def visit_affiliation(self, element: etree._Element) -> Markup:
        return self.bibliography_group(element)

    def visit_citation(self, element: etree._Element) -> Markup:
        """« [Knuth84] », linked to the bibliography entry whose abbrev it names."""
        text = " ".join("".join(element.itertext()).split())
        content = Markup("[{}]").format(self.contents(element, skip=()))
        entry = self.citations().get(text)
        if entry is None or self._link:
            return Markup('<span class="citation">{}</span>').format(content)
        return Markup('<a class="citation" href="{}">{}</a>').format(self.href(entry), content)

    def citations(self) -> dict[str, etree._Element]:
        """The bibliography entries by their abbrev, xreflabel or id (what a citation names)."""
        found = {}
        for entry in self.document.root.iter("biblioentry", "bibliomixed"):
            abbreviation = entry.find("abbrev")
            for key in (
                " ".join("".join(abbreviation.itertext()).split())
                if abbreviation is not None
                else "",
                entry.get("xreflabel", ""),
                entry.get("id", ""),
            ):
                if key:
                    found.setdefault(key, entry)
        return found

    # -- lists ------------------------------------------------------------------------------

    def visit_glosslist(self, element: etree._Element) -> Markup:
        entries = [self.render(entry) for entry in element.findall("glossentry")]
        return self.contents(element, skip=TITLES + ("glossentry",)) + self.blocks.glosslist(
            entries=entries
        )

    def visit_segmentedlist(self, element: etree._Element) -> Markup:
        """Each item as lines « Titre : valeur », as docbook-xsl lists them."""
        titles = [self.contents(title, skip=()) for title in element.findall("segtitle")]
        items = []
        for item in element.findall("seglistitem"):
            segments = [self.contents(segment, skip=()) for segment in item.findall("seg")]
            items.append(
                [
                    {
                        "title": titles[n] if n < len(titles) else "",
                        "value": value,
                    }
                    for n, value in enumerate(segments)
                ]
            )
        return self.block("segmentedlist", element, title=self.title(element), items=items)

    def segmented_part(self, element: etree._Element) -> Markup:
        return self.misplaced(element, "a segmentedlist")

    visit_segtitle = visit_seglistitem = visit_seg = segmented_part

    def visit_substeps(self, element: etree._Element) -> Markup:
        return self.call(
            "orderedlist",
            element,
            title="",
            numeration="a",
            items=[self.render(step) for step in element if step.tag == "step"],
            content="",
        )

    def visit_stepalternatives(self, element: etree._Element) -> Markup:
        return self.call(
            "itemizedlist",
            element,
            title="",
            items=[self.render(step) for step in element if step.tag == "step"],
            content="",
        )

    # -- formal and quoted blocks -----------------------------------------------------------

    def visit_equation(self, element: etree._Element) -> Markup:
        return self.call(
            "figure",
            element,
            label=self.label(element),
            title=self.title(element),
            content=self.contents(element),
            mark="",
        )

    visit_informalequation = visit_equation

    def visit_inlineequation(self, element: etree._Element) -> Markup:
        return Markup('<span class="inlineequation">{}</span>').format(
            self.contents(element, skip=())
        )

    def visit_epigraph(self, element: etree._Element) -> Markup:
        attribution = element.find("attribution")
        return self.block(
            "epigraph",
            element,
            content=self.contents(element, skip=TITLES + ("attribution",)),
            attribution=self.contents(attribution) if attribution is not None else "",
        )

    def visit_highlights(self, element: etree._Element) -> Markup:
        return self.block(
            "aside_block", element, kind="highlights", title="", content=self.contents(element)
        )

    def visit_msgset(self, element: etree._Element) -> Markup:
        return self.block(
            "aside_block",
            element,
            kind="msgset",
            title=self.title(element),
            content=self.contents(element),
        )

    def message_part(self, element: etree._Element) -> Markup:
        return self.block(
            "aside_block", element, kind=element.tag, title="", content=self.contents(element)
        )

    visit_msgentry = visit_simplemsgentry = visit_msg = visit_msgmain = visit_msgsub = message_part
    visit_msgrel = visit_msginfo = visit_msgexplan = message_part

    def visit_msgtext(self, element: etree._Element) -> Markup:
        return self.contents(element)

    def message_detail(self, element: etree._Element) -> Markup:
        return self.inline(element, "span", element.tag)

    visit_msglevel = visit_msgorig = visit_msgaud = message_detail

    # -- notes and info -----------------------------------------------------------------------

    def visit_footnoteref(self, element: etree._Element) -> Markup:
        """A second call of a footnote: the same number, linked to the same note."""
        target = self.target(element.get("linkend"))
        if target is None or target not in self.numbering.footnotes:
            return self.link_to(element.get("linkend", ""), Markup(), "footnoteref")
        number = self.numbering.footnotes[target]
        anchor = self.numbering.anchor(target)
        return self.blocks.footnote_reference(
            number=number,
            anchor=anchor,
            reference=self.numbering.anchor(element),
            linked=not self._link,
        )

    def info_block(self, element: etree._Element) -> Markup:
        """A chapter's or section's info: its authors and abstract under its title.

        Its title and subtitle stand in the heading (when the element has none of its own);
        what no page shows (keywords, subjects…) is reported, as an info finding.
        """
        shown = [
            Markup('<p class="{}">{}</p>').format(child.tag, self.render(child))
            if child.tag in INFO_LINES
            else self.render(child)
            for child in element
            if isinstance(child.tag, str) and child.tag in INFO_SHOWN
        ]
        self.report_unprinted(element, (*INFO_SHOWN, *TITLES))
        if not shown:
            return Markup()
        return self.block(
            "aside_block", element, kind="info", title="", content=Markup().join(shown)
        )

    for _name in (
        "chapterinfo",
        "appendixinfo",
        "prefaceinfo",
        "partinfo",
        "sectioninfo",
        "sect1info",
        "sect2info",
        "sect3info",
        "sect4info",
        "sect5info",
        "refsect1info",
        "refsect2info",
        "refsect3info",
        "refsectioninfo",
        "refsynopsisdivinfo",
        "referenceinfo",
        "refentryinfo",
        "glossaryinfo",
        "bibliographyinfo",
        "indexinfo",
        "setindexinfo",
        "sidebarinfo",
        "objectinfo",
        "blockinfo",
        "screeninfo",
    ):
        locals()["visit_" + _name] = info_block
    del _name

    def visit_entrytbl(self, element: etree._Element) -> Markup:
        """A table inside a table's cell: laid out as the table it is (its cell calls it)."""
        return self.call(
            "table",
            element,
            label="",
            title="",
            frame="none",
            groups=[self.table_group(element, element)],
            content="",
            mark="",
        )

    # -- front and back matter, tables of contents, hand-written indexes ----------------------

    def visit_dedication(self, element: etree._Element) -> Markup:
        return self.division(element)

    visit_colophon = visit_dedication

    def visit_ackno(self, element: etree._Element) -> Markup:
        return self.call("para", element, content=self.contents(element), block=False, mark="")

    def blurb(self, element: etree._Element) -> Markup:
        return self.block(
            "aside_block",
            element,
            kind=element.tag,
            title=self.title(element),
            content=self.contents(element),
        )

    visit_authorblurb = visit_personblurb = visit_printhistory = visit_screenshot = blurb
    visit_task = visit_tasksummary = visit_taskprerequisites = visit_taskrelated = blurb
    visit_toc = visit_lot = visit_tocpart = visit_tocchap = visit_tocfront = visit_tocback = blurb
    visit_toclevel1 = visit_toclevel2 = visit_toclevel3 = visit_toclevel4 = visit_toclevel5 = blurb
    visit_lotentry = visit_tocentry = blurb

    def visit_indexdiv(self, element: etree._Element) -> Markup:
        return self.section(element, self.contents(element))

    def visit_indexentry(self, element: etree._Element) -> Markup:
        return self.block(
            "aside_block", element, kind="indexentry", title="", content=self.contents(element)
        )

    def index_entry_part(self, element: etree._Element) -> Markup:
        return Markup('<p class="{}">{}</p>').format(element.tag, self.contents(element, skip=()))

    visit_primaryie = visit_secondaryie = visit_tertiaryie = index_entry_part
    visit_seeie = visit_seealsoie = index_entry_part

    def report_unprinted(self, info: etree._Element, printed: tuple[str, ...]) -> None:
        """An info finding for each child of `info` that no page prints: nothing of the
        source is dropped silently."""
        for child in info:
            if not isinstance(child.tag, str) or child.tag in printed:
                continue
            file, line, column = self.document.locate(child)
            self.findings.append(
                Finding(
                    "info",
                    "unprinted",
                    f"{shown_element(child.tag)} of {shown_element(info.tag)} is printed on no "
                    "page (as with docbook-xsl)",
                    file=file,
                    line=line,
                    column=column,
                    where=enclosing(child),
                    key=f"{info.tag}-{child.tag}",
                )
            )

    def metadata(self, element: etree._Element) -> Markup:
        return Markup()  # about the book, not of it: docbook-xsl shows it on no page

    visit_keywordset = visit_keyword = visit_subjectset = visit_subject = visit_subjectterm = (
        metadata
    )
    visit_itermset = visit_beginpage = metadata

    def group_of_names(self, element: etree._Element) -> Markup:
        return self.inline(element, "span", element.tag)

    visit_collab = visit_corpcredit = visit_confgroup = group_of_names

    def visit_optional(self, element: etree._Element) -> Markup:
        return Markup('<span class="optional">[{}]</span>').format(self.contents(element, skip=()))

    def visit_olink(self, element: etree._Element) -> Markup:
        """A link into another document: its words (no link database to resolve it)."""
        return Markup('<span class="olink">{}</span>').format(self.contents(element, skip=()))

    def visit_biblioref(self, element: etree._Element) -> Markup:
        target = self.target(element.get("linkend"))
        text = self.xref_text(target) if target is not None else Markup()
        return self.link_to(element.get("linkend", ""), text, "biblioref")

    # -- object-oriented synopses -----------------------------------------------------------

    def code_synopsis(self, element: etree._Element) -> Markup:
        """A class, field or method synopsis; in a class synopsis, one line of it."""
        parts = [self.render(child) for child in element if isinstance(child.tag, str)]
        if element.getparent() is not None and element.getparent().tag == "classsynopsis":
            return Markup('<code class="{}">{}</code>').format(element.tag, Markup(" ").join(parts))
        if element.tag != "classsynopsis":
            return self.structures.synopsis(
                **self.attributes(element), content=Markup(" ").join(parts)
            )
        lines = [
            part if part.lstrip().startswith("<pre") else Markup("<p>{}</p>").format(part)
            for part in parts
        ]
        return self.structures.synopsis_block(
            **self.attributes(element), content=Markup().join(lines)
        )

    visit_classsynopsis = visit_fieldsynopsis = code_synopsis
    visit_methodsynopsis = visit_constructorsynopsis = visit_destructorsynopsis = code_synopsis

    def visit_methodparam(self, element: etree._Element) -> Markup:
        parts = [self.render(child) for child in element if isinstance(child.tag, str)]
        return Markup('<span class="methodparam">({})</span>').format(Markup(" ").join(parts))

    def visit_classsynopsisinfo(self, element: etree._Element) -> Markup:
        return self.literal_block(element)

    def visit_modespec(self, element: etree._Element) -> Markup:
        return Markup()  # how to reach an olink's target: nothing to show
