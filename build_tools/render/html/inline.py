"""Inline DocBook in HTML: emphasis, terms, acronyms, literals, quotes, footnote calls, links."""

from __future__ import annotations

from lxml import etree
from markupsafe import Markup

from build_tools import resources
from build_tools.model.language import html_language
from build_tools.render.markup import element_name


class Inline:
    """The inline methods of the translator (mixed into `Translator`)."""

    def inline(self, element: etree._Element, tag: str, css: str = "") -> Markup:
        """`element` as the HTML element `tag` (a name the code gives, never the book)."""
        attributes = Markup(' class="{}"').format(css) if css else Markup()
        if element.get("id"):
            attributes += Markup(' id="{}"').format(self.numbering.anchor(element))
        if html_language(element.get("lang")):
            attributes += Markup(' lang="{}"').format(html_language(element.get("lang")))
        return Markup("<{tag}{attributes}>{content}</{tag}>").format(
            tag=element_name(tag), attributes=attributes, content=self.contents(element, skip=())
        )

    def visit_emphasis(self, element: etree._Element) -> Markup:
        if element.get("role") in ("bold", "strong"):
            return self.inline(element, "strong")
        return self.inline(element, "em")

    def visit_firstterm(self, element: etree._Element) -> Markup:
        return self.term(element, "firstterm")

    def visit_glossterm(self, element: etree._Element) -> Markup:
        return self.term(element, "glossterm")

    def term(self, element: etree._Element, css: str) -> Markup:
        if not element.get("linkend"):
            return self.inline(element, "em", css)
        html = self.inside_link(lambda: self.inline(element, "em", css))
        return self.link_to(element.get("linkend"), html, "term")

    def inside_link(self, render):
        """What `render()` gives, made inside a link: the links in it keep their text only
        (HTML does not nest links)."""
        self._link += 1
        try:
            return render()
        finally:
            self._link -= 1

    def short_form(self, element: etree._Element) -> Markup:
        """An acronym or abbreviation; its expansion, when the glossary gives one, as its title."""
        if self.unwrapped_in_print(element):
            return self.contents(element, skip=())
        html = self.inline(element, "abbr", element.tag)
        entry = self.numbering.expansions.get(" ".join("".join(element.itertext()).split()))
        if entry is None:
            return html
        expansion = self.plain(entry.find("glossterm"))
        return html.replace("<abbr", Markup('<abbr title="{}"').format(expansion), 1)

    visit_acronym = visit_abbrev = short_form

    def visit_literal(self, element: etree._Element) -> Markup:
        self._literal += 1
        try:
            return self.inline(element, "code", element.tag)
        finally:
            self._literal -= 1

    visit_computeroutput = visit_userinput = visit_literal

    def visit_quote(self, element: etree._Element) -> Markup:
        inner = self._quotes % 2 == 1
        self._quotes += 1
        try:
            content = self.contents(element, skip=())
        finally:
            self._quotes -= 1
        opening, closing = (
            (self.words["inner_quote_open"], self.words["inner_quote_close"])
            if inner
            else (self.words["quote_open"], self.words["quote_close"])
        )
        if self.printed:  # paper gives a quote no look of its own: its quotation marks suffice
            return opening + content + closing
        return Markup('<q class="quote">{}{}{}</q>').format(opening, content, closing)

    def visit_trademark(self, element: etree._Element) -> Markup:
        sign = {"copyright": "©", "registered": "®", "service": "℠"}.get(
            element.get("class", "trade"), "™"
        )
        if self.printed:  # no look of its own on paper: the text and its sign
            return self.contents(element, skip=()) + sign
        return Markup('<span class="trademark">{}{}</span>').format(
            self.contents(element, skip=()), sign
        )

    def unwrapped_in_print(self, element: etree._Element) -> bool:
        """Whether `element` is written in print as its text alone: paper gives an acronym or
        an abbreviation no look of its own, and each inline box costs WeasyPrint layout time.
        One with an id or a language keeps its element (a link's target; the language
        hyphenates it)."""
        return self.printed and not element.get("id") and not html_language(element.get("lang"))

    def visit_remark(self, element: etree._Element) -> Markup:
        if not self.draft:
            return Markup()
        return Markup('<span class="remark" title="{}">{}</span>').format(
            self.words["remark"], self.contents(element, skip=())
        )

    def visit_footnote(self, element: etree._Element) -> Markup:
        number = self.numbering.footnotes[element]
        anchor = self.numbering.anchor(element)
        if self.printed:
            return self.footnote_in_print(element, anchor)
        self._footnotes.append(
            {
                "number": number,
                "anchor": anchor,
                "reference": f"{anchor}-ref",
                "content": self.contents(element),
            }
        )
        return self.blocks.footnote_reference(
            number=number, anchor=anchor, reference=f"{anchor}-ref", linked=not self._link
        )

    def footnote_in_print(self, element: etree._Element, anchor: str) -> Markup:
        """A footnote's words where it is called: print floats them to the page's foot.

        Its paragraphs become inline spans, and its line ends one space: WeasyPrint
        breaks a footnote's lines where its text has newlines.
        """
        parts = [self.text(element.text)]
        for child in element:
            if isinstance(child.tag, str) and child.tag in ("para", "simpara"):
                words = self.identified(child, self.contents(child))
                parts.append(Markup('<span class="footnote-para">{}</span>').format(words))
            else:
                parts.append(self.render(child))
            parts.append(self.text(child.tail))
        # one space for each run of spaces of the markup: no tag or entity is made or unmade
        words = Markup(" ").join(Markup().join(parts).split())
        return Markup(
            '<span class="footnote-call" id="{anchor}-call"></span>'
            '<span class="footnote" id="{anchor}">{words}</span>'
        ).format(anchor=anchor, words=words)

    def take_footnotes(self) -> list[dict]:
        """The footnotes met outside any division (in the title page), emptied."""
        notes, self._footnotes = self._footnotes, []
        return notes

    def visit_xref(self, element: etree._Element) -> Markup:
        identifier = element.get("linkend", "")
        target = self.target(identifier)
        if target is None:
            return self.link_to(identifier, Markup(), "xref")
        ending = self.target(element.get("endterm"))
        text = self.plain(ending) if ending is not None else self.xref_text(target)
        return self.link_to(identifier, text, "xref")

    def visit_link(self, element: etree._Element) -> Markup:
        identifier = element.get("linkend", "")
        content = self.inside_link(lambda: self.contents(element, skip=()))
        if not content.strip():
            ending = self.target(element.get("endterm"))
            target = self.target(identifier)
            if ending is not None:
                content = self.plain(ending)
            elif target is not None:
                content = self.xref_text(target)
        return self.link_to(identifier, content, "link")

    def visit_ulink(self, element: etree._Element) -> Markup:
        url = element.get("url", "")
        content = self.inside_link(lambda: self.contents(element, skip=()))
        if not content.strip():
            self._literal += 1
            content = self.text(url)
            self._literal -= 1
        # A URL whose scheme could run code or read a file (javascript:, data:, file:…)
        # is never a link: its words are shown, and validation reports it.
        target = self.linked_file(element, resources.link(url))
        if self._link or target is None or (self.printed and not self.followed_on_paper(target)):
            return content
        return Markup('<a class="ulink" href="{}">{}</a>').format(target, content)

    def followed_on_paper(self, url: str) -> bool:
        """Whether a PDF can follow `url`: to the web, or to a place of the page itself. A
        relative URL (a page of the site, a file copied beside it) would open a file of the
        machine that built the PDF."""
        if url.startswith("#"):
            target = self.target(url[1:])
            return target is not None  # every element the edition keeps has its anchor
        return resources.is_web_link(url)

    def visit_anchor(self, element: etree._Element) -> Markup:
        return self.empty_anchor(self.numbering.anchor(element))

    # Words that keep their meaning in HTML's own inline elements.

    def visit_phrase(self, element: etree._Element) -> Markup:
        return self.inline(element, "span", "phrase")

    def visit_superscript(self, element: etree._Element) -> Markup:
        return self.inline(element, "sup")

    def visit_subscript(self, element: etree._Element) -> Markup:
        return self.inline(element, "sub")

    def visit_citetitle(self, element: etree._Element) -> Markup:
        return self.inline(element, "cite")

    def emphasised_word(self, element: etree._Element) -> Markup:
        return self.inline(element, "em", element.tag)

    visit_foreignphrase = visit_wordasword = emphasised_word

    def named(self, element: etree._Element) -> Markup:
        return self.inline(element, "span", element.tag)

    visit_application = visit_productname = named

    def code_word(self, element: etree._Element) -> Markup:
        self._literal += 1
        try:
            return self.inline(element, "code", element.tag)
        finally:
            self._literal -= 1

    visit_filename = visit_command = visit_option = visit_varname = code_word

    def visit_replaceable(self, element: etree._Element) -> Markup:
        return self.inline(element, "var", "replaceable")

    def visit_email(self, element: etree._Element) -> Markup:
        address = "".join(element.itertext()).strip()
        self._literal += 1
        try:
            text = self.contents(element, skip=())
        finally:
            self._literal -= 1
        if self._link or "@" not in address or any(c.isspace() for c in address):
            # « jo at example org », written so robots cannot use it: its words, no link
            return Markup('<span class="email">{}</span>').format(text)
        return Markup('<a class="email" href="mailto:{}">{}</a>').format(address, text)
