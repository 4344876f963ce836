"""Titles, labels and cross-references in HTML: what an element is called, how a link reaches it."""

from __future__ import annotations

from lxml import etree
from markupsafe import Markup, escape

from build_tools.model.docbook import SECTIONS, reading_texts
from build_tools.model.numbering import DIVISION_TAGS

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


class References:
    """The title, label and link methods of the translator (mixed into `Translator`)."""

    def title(self, element: etree._Element) -> Markup:
        """The title of `element` with its markup; an id on the title stays on it."""
        node = _title_node(element)
        if node is None:
            return self.generated_title(element)
        html = self.contents(node, skip=())
        anchor = self.numbering.anchor(node) if node.get("id") else None
        if anchor and anchor not in self._anchored:  # (an article's title is on its title page too)
            self._anchored.add(anchor)
            html = Markup('<span id="{}">{}</span>').format(anchor, html)
        return html

    def plain_title(self, element: etree._Element) -> Markup:
        """The title of `element` as escaped text, for places where links cannot go."""
        node = _title_node(element)
        if node is None:
            return self.generated_title(element)
        return self.plain(node)

    def generated_title(self, element: etree._Element) -> Markup:
        """The title docbook-xsl gives an untitled index, glossary, bibliography…: 'Index'."""
        if element.tag in GENERATED_TITLES:
            return escape(self.words[GENERATED_TITLES[element.tag]])
        return Markup()

    def plain(self, node: etree._Element | None) -> Markup:
        """The text of `node` (footnotes and remarks left out), set and escaped, without markup."""
        if node is None:
            return Markup()
        return escape(self.typography.apply(" ".join("".join(reading_texts(node)).split())))

    def label(self, element: etree._Element) -> str:
        """'Chapitre 3', 'Annexe A', 'Tableau 3.1', '3.2' for a section, '' when unnumbered
        (text, escaped where it is written)."""
        number = self.numbering.labels.get(element)
        if not number:
            return ""
        if element.tag in SECTIONS:
            return number
        word = self.words.get(element.tag, "")
        return f"{word} {number}" if word else number

    def href(self, target: etree._Element) -> str:
        """The link to `target` from the current page (a URL, escaped where it is written)."""
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

    def xref_text(self, target: etree._Element) -> Markup:
        """The French (or English…) words an xref to `target` generates, never empty."""
        text = self._xref_text(target)
        if text.strip():
            return text
        # an anchor, or an element with no text of its own: name where it is
        for ancestor in target.iterancestors():
            if ancestor.tag in DIVISION_TAGS + SECTIONS or self.numbering.labels.get(ancestor):
                return self._xref_text(ancestor)
        return escape(target.get("id", ""))

    def _xref_text(self, target: etree._Element) -> Markup:
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
                return self.say("xref_division", label=label, title=title)
            return self.say("xref_section", title=title)
        if tag in SECTIONS:
            if not title:  # an untitled section (not valid DocBook): the one around it names it
                holder = target.getparent()
                if holder is not None and (holder.tag in DIVISION_TAGS + SECTIONS):
                    return self.xref_text(holder)
                return escape(self.words["section"])
            return self.say("xref_section", title=title)
        if label:
            return self.say("xref_formal", label=label, title=title)
        if title:
            return self.say("xref_section", title=title)
        return self.plain(target)

    def place(self, element: etree._Element) -> Markup:
        """Where `element` is, in the book's words: its label and title (« Tableau 1.2,
        « le niveau de compétence » »), a term of the book's glossary under the glossary's
        own name (« la terminologie, « aspect » »), or a locator of the passage around it
        that reads as the book's language (« au chapitre 4, « Le combat » »)."""
        if element.tag == "glossentry":
            term = self.say("xref_section", title=self.xref_text(element))
            return Markup("{}, {}").format(self._glossary_name(element), term)
        untitled = element.tag in SECTIONS and element.find("title") is None
        if not untitled and (
            element.tag in DIVISION_TAGS + SECTIONS or self.numbering.labels.get(element)
        ):
            return self.xref_text(element)
        for ancestor in element.iterancestors():
            if ancestor.tag in SECTIONS and ancestor.find("title") is None:
                continue  # an untitled section: the reader finds it by the one around it
            if ancestor.tag in DIVISION_TAGS + SECTIONS + ("example", "table", "glossentry"):
                return self.locator(ancestor)
        text = " ".join("".join(reading_texts(element)).split())
        return escape(text[:60] + ("…" if len(text) > 60 else ""))

    def locator(self, holder: etree._Element) -> Markup:
        """« au chapitre 4, « Le combat » », « à la section 2.1, « … » », « dans « … » »: where
        a passage stands, as running text says it (the quoted title set as a title)."""
        if holder.tag == "glossentry":
            term = self.say("xref_section", title=self.xref_text(holder))
            return self.say("locator_term", glossary=self._glossary_name(holder), title=term)
        text = self.plain_title(holder).unescape()
        title = escape(text[:1].upper() + text[1:])
        label = self.label(holder)
        kind = "section" if holder.tag in SECTIONS else holder.tag
        key = f"locator_{kind}" if label else f"locator_{kind}_untitled"
        label = label[:1].lower() + label[1:]
        return self.say(key if key in self.words else "locator", label=label, title=title)

    def _glossary_name(self, entry: etree._Element) -> Markup:
        """The glossary a term is in, as the book names it (« la terminologie »)."""
        glossary = next(entry.iterancestors("glossary"), None)
        title = self.plain_title(glossary) if glossary is not None else Markup()
        return title or escape(self.words["glossary"])

    def link_to(self, identifier: str, content: Markup, kind: str) -> Markup:
        """A link to the element `identifier`; its words alone when the book lacks the place
        (the errata chapter lists those, and the check reports them: no sign in the prose)."""
        target = self.target(identifier)
        if self._link and target is not None:
            return content  # inside another link: its text only
        if target is None:
            return content or escape(identifier)
        return Markup('<a class="{}" href="{}">{}</a>').format(kind, self.href(target), content)


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
