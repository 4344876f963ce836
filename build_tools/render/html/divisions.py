"""The book's divisions in HTML: the book, its parts, chapters and sections, and their headings."""

from __future__ import annotations

from lxml import etree
from markupsafe import Markup

from build_tools.model.docbook import SECTIONS
from build_tools.model.numbering import TITLES

BOOK_INFO = ("bookinfo", "setinfo", "articleinfo", "info")


class Divisions:
    """The division and heading methods of the translator (mixed into `Translator`)."""

    def print_heading(self, element: etree._Element, words: Markup | None = None) -> dict:
        """What the heading of `element` carries in print: its running head and its bookmark
        (the words of its title, and its number before them in the bookmark), and whether the
        book's page 1 starts there. Nothing on screen."""
        if not self.printed:
            return {}
        words = (self.plain_title(element) if words is None else words).unescape()
        number = self.numbering.labels.get(element, "")
        separator = ". " if number and "." not in number else " "
        return {
            "running": words,
            "bookmark": f"{number}{separator}{words}".strip(),
            "body_start": element is self.body_start,
        }

    def visit_book(self, element: etree._Element) -> Markup:
        """The book; a book of a set: its title page, and on the single page its divisions."""
        if element.getparent() is None:
            return self.contents(element)
        info = next((c for c in element if isinstance(c.tag, str) and c.tag in BOOK_INFO), None)
        titlepage = self.render(info if info is not None else element.find("title"))
        if self.page.name is not None:
            return titlepage
        return titlepage + self.contents(element, skip=TITLES + BOOK_INFO)

    def visit_set(self, element: etree._Element) -> Markup:
        return self.contents(element, skip=TITLES + BOOK_INFO)

    def visit_part(self, element: etree._Element) -> Markup:
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
            introduction=self.subtitles(element) + self.render(info) + self.render(intro),
            content=inside,
        )

    def visit_partintro(self, element: etree._Element) -> Markup:
        return self.contents(element)

    def division(self, element: etree._Element) -> Markup:
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

    def visit_section(self, element: etree._Element) -> Markup:
        return self.section(element, self.contents(element))

    def section(self, element: etree._Element, content: Markup) -> Markup:
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

    def subtitles(self, element: etree._Element) -> Markup:
        """The subtitles of a division or section (its own, or its info's), under its heading;
        first its titles after the first (a title in each language: « <title lang="en"> »
        after the French one), which the DTD refuses but docbook-xsl prints, as this does."""
        nodes = element.findall("subtitle")
        if not nodes:
            info = next(
                (c for c in element if isinstance(c.tag, str) and c.tag.endswith("info")), None
            )
            nodes = info.findall("subtitle") if info is not None else []
        nodes = element.findall("title")[1:] + nodes
        return Markup().join(
            self.call("bare_title", node, kind="subtitle", content=self.contents(node, skip=()))
            for node in nodes
        )

    visit_sect1 = visit_sect2 = visit_sect3 = visit_sect4 = visit_sect5 = visit_section
    visit_simplesect = visit_section

    def visit_title(self, element: etree._Element) -> Markup:
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

    def visit_titleabbrev(self, element: etree._Element) -> Markup:
        return Markup()  # used in the navigation only; the full title is shown

    def visit_subtitle(self, element: etree._Element) -> Markup:
        return self.call(
            "bare_title", element, kind="subtitle", content=self.contents(element, skip=())
        )
