"""Lists in HTML: itemized, ordered, simple and variable lists."""

from __future__ import annotations

from lxml import etree
from markupsafe import Markup

from build_tools.model.numbering import TITLES


class Lists:
    """The list methods of the translator (mixed into `Translator`)."""

    def visit_itemizedlist(self, element: etree._Element) -> Markup:
        return self.call(
            "itemizedlist",
            element,
            title=self.title(element),
            items=[
                self.render(item)
                for item in element.iter("listitem")
                if item.getparent() is element
            ],
            content=self.contents(element, skip=TITLES + ("listitem",)),
        )

    def visit_orderedlist(self, element: etree._Element) -> Markup:
        kinds = {
            "arabic": "1",
            "loweralpha": "a",
            "upperalpha": "A",
            "lowerroman": "i",
            "upperroman": "I",
        }
        return self.call(
            "orderedlist",
            element,
            title=self.title(element),
            numeration=kinds.get(element.get("numeration", "arabic"), "1"),
            items=[self.render(item) for item in element if item.tag == "listitem"],
            content=self.contents(element, skip=TITLES + ("listitem",)),
        )

    def visit_listitem(self, element: etree._Element) -> Markup:
        return self.call(
            "listitem", element, content=self.contents(element), mark=self.mark(element)
        )

    def visit_simplelist(self, element: etree._Element) -> Markup:
        return self.call(
            "simplelist",
            element,
            items=[self.render(member) for member in element if member.tag == "member"],
        )

    def visit_member(self, element: etree._Element) -> Markup:
        return self.contents(element)

    def visit_variablelist(self, element: etree._Element) -> Markup:
        return self.call(
            "variablelist",
            element,
            title=self.title(element),
            entries=[self.render(entry) for entry in element if entry.tag == "varlistentry"],
            content=self.contents(element, skip=TITLES + ("varlistentry",)),
        )

    def visit_varlistentry(self, element: etree._Element) -> Markup:
        item = element.find("listitem")
        return self.call(
            "varlistentry",
            element,
            terms=[self.render(term) for term in element.findall("term")],
            definition=self.contents(item) if item is not None else "",
            definition_id=self.numbering.anchors.get(item, "") if item is not None else "",
            mark=self.mark(element) + (self.mark(item) if item is not None else ""),
        )

    def visit_term(self, element: etree._Element) -> Markup:
        content = self.contents(element, skip=())
        if element.get("id"):
            content = Markup('<span id="{}">{}</span>').format(
                self.numbering.anchor(element), content
            )
        return content + self.mark(element)

    def visit_procedure(self, element: etree._Element) -> Markup:
        return self.call(
            "orderedlist",
            element,
            title=self.title(element),
            numeration="1",
            items=[self.render(step) for step in element if step.tag == "step"],
            content=self.contents(element, skip=TITLES + ("step",)),
        )

    def visit_step(self, element: etree._Element) -> Markup:
        return self.call(
            "listitem", element, content=self.contents(element), mark=self.mark(element)
        )
