"""Paragraphs and plain blocks in HTML: paras, admonitions, examples, sidebars, quotes, listings."""

from __future__ import annotations

from lxml import etree
from markupsafe import Markup, escape

from build_tools.model.numbering import TITLES

LONG_EXAMPLE = 2200
"""Characters of an example (some twenty printed lines) beyond which print lets it break."""


class Paragraphs:
    """The paragraph and block methods of the translator (mixed into `Translator`)."""

    def visit_para(self, element: etree._Element) -> Markup:
        html = self.call(
            "para",
            element,
            content=self.contents(element),
            block=self.holds_blocks(element),
            mark=self.mark(element),
        )
        if self.printed and _leads_in(element):
            # « … valent tous 0 ou plus : » stays on the page of the list it announces
            html = html.replace("<p", Markup("<p data-lead-in"), 1)
        return html

    visit_simpara = visit_para

    def visit_formalpara(self, element: etree._Element) -> Markup:
        para = element.find("para")
        return self.call(
            "formalpara",
            element,
            title=self.title(element),
            content=self.contents(para) if para is not None else "",
            block=para is not None and self.holds_blocks(para),
            mark=self.mark(element) + (self.mark(para) if para is not None else ""),
        )

    def admonition(self, element: etree._Element) -> Markup:
        return self.call(
            "admonition",
            element,
            kind=element.tag,
            title=self.title(element) or escape(self.words[element.tag]),
            content=self.contents(element),
            mark=self.mark(element),
        )

    visit_note = visit_tip = visit_important = visit_caution = visit_warning = admonition

    def visit_example(self, element: etree._Element) -> Markup:
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

    def visit_sidebar(self, element: etree._Element) -> Markup:
        return self.call(
            "sidebar",
            element,
            title=self.title(element),
            content=self.contents(element),
            mark=self.mark(element),
        )

    def visit_bridgehead(self, element: etree._Element) -> Markup:
        # A heading outside the section structure: shown as one, not counted as one,
        # so the outline of headings stays unbroken.
        return self.call("bare_title", element, kind="bridgehead", content=self.contents(element))

    def visit_blockquote(self, element: etree._Element) -> Markup:
        attribution = element.find("attribution")
        return self.call(
            "blockquote",
            element,
            title=self.title(element),
            content=self.contents(element, skip=TITLES + ("attribution",)),
            attribution=self.contents(attribution) if attribution is not None else "",
        )

    def visit_attribution(self, element: etree._Element) -> Markup:
        return self.contents(element)

    def literal_block(self, element: etree._Element) -> Markup:
        self._literal += 1
        try:
            content = self.listing(element, lambda: self.contents(element, skip=()))
        finally:
            self._literal -= 1
        return self.call("literal_block", element, kind=element.tag, content=content)

    visit_screen = visit_programlisting = literal_block

    def visit_literallayout(self, element: etree._Element) -> Markup:
        content = self.listing(element, lambda: self.contents(element))
        return self.call("literal_block", element, kind="literallayout", content=content)


LISTS = ("itemizedlist", "orderedlist", "variablelist", "simplelist", "segmentedlist")


def _leads_in(element: etree._Element) -> bool:
    """Whether `element` is a sentence ending with « : » that the list after it completes."""
    following = element.getnext()
    while following is not None and not isinstance(following.tag, str):
        following = following.getnext()
    if following is None or following.tag not in LISTS:
        return False
    return "".join(element.itertext()).rstrip().endswith(":")
