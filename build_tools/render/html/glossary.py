"""Glossaries in HTML: entries as one definition list, with their acronyms and « Voir » links."""

from __future__ import annotations

from lxml import etree
from markupsafe import Markup

from build_tools.model.numbering import TITLES


class Glossary:
    """The glossary methods of the translator (mixed into `Translator`)."""

    def visit_glossary(self, element: etree._Element) -> Markup:
        return self.division(element)

    def glossary_contents(self, element: etree._Element) -> Markup:
        """A glossary's introduction, then its entries as one definition list."""
        entries = [self.render(entry) for entry in element.findall("glossentry")]
        introduction = self.contents(element, skip=TITLES + ("glossentry",))
        return introduction + self.blocks.glosslist(entries=entries)

    def visit_glossdiv(self, element: etree._Element) -> Markup:
        return self.section(element, self.glossary_contents(element))

    def visit_glossentry(self, element: etree._Element) -> Markup:
        short = [
            self.render(child)
            for child in element
            if isinstance(child.tag, str) and child.tag in ("acronym", "abbrev")
        ]
        return self.call(
            "glossentry",
            element,
            term=self.render(element.find("glossterm")),
            short=short,
            definitions=[
                self.render(child)
                for child in element
                if isinstance(child.tag, str)
                and child.tag not in ("glossterm", "acronym", "abbrev")
            ],
            mark=self.mark(element),
        )

    def visit_glossdef(self, element: etree._Element) -> Markup:
        return self.call(
            "glossdef", element, content=self.contents(element), mark=self.mark(element)
        )

    def see(self, element: etree._Element, word: str) -> Markup:
        identifier = element.get("otherterm")
        content = self.contents(element, skip=())
        if identifier:
            target = self.target(identifier)
            if not content.strip() and target is not None:
                content = self.xref_text(target)
            content = self.link_to(identifier, content, "glosssee")
        return self.call("glosssee", element, word=self.words[word], content=content)

    def visit_glosssee(self, element: etree._Element) -> Markup:
        return self.see(element, "see")

    def visit_glossseealso(self, element: etree._Element) -> Markup:
        return self.see(element, "see_also")
