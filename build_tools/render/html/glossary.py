"""Glossaries in HTML: entries as one definition list, with their acronyms and « Voir » links."""

from __future__ import annotations

from html import escape

from lxml import etree

from build_tools.model.numbering import TITLES


class Glossary:
    """The glossary methods of the translator (mixed into `Translator`)."""

    def visit_glossary(self, element: etree._Element) -> str:
        return self.division(element)

    def glossary_contents(self, element: etree._Element) -> str:
        """A glossary's introduction, then its entries as one definition list."""
        entries = [self.markup(self.render(entry)) for entry in element.findall("glossentry")]
        introduction = self.contents(element, skip=TITLES + ("glossentry",))
        return introduction + str(self.blocks.glosslist(entries=entries))

    def visit_glossdiv(self, element: etree._Element) -> str:
        return self.section(element, self.glossary_contents(element))

    def visit_glossentry(self, element: etree._Element) -> str:
        short = [
            self.markup(self.render(child))
            for child in element
            if isinstance(child.tag, str) and child.tag in ("acronym", "abbrev")
        ]
        return self.call(
            "glossentry",
            element,
            term=self.render(element.find("glossterm")),
            short=short,
            definitions=[
                self.markup(self.render(child))
                for child in element
                if isinstance(child.tag, str)
                and child.tag not in ("glossterm", "acronym", "abbrev")
            ],
            mark=self.mark(element),
        )

    def visit_glossdef(self, element: etree._Element) -> str:
        return self.call(
            "glossdef", element, content=self.contents(element), mark=self.mark(element)
        )

    def see(self, element: etree._Element, word: str) -> str:
        identifier = element.get("otherterm")
        content = self.contents(element, skip=())
        if identifier:
            target = self.target(identifier)
            if not content.strip() and target is not None:
                content = self.xref_text(target)
            content = self.link_to(identifier, content, "glosssee")
        return self.call("glosssee", element, word=escape(self.words[word]), content=content)

    def visit_glosssee(self, element: etree._Element) -> str:
        return self.see(element, "see")

    def visit_glossseealso(self, element: etree._Element) -> str:
        return self.see(element, "see_also")
