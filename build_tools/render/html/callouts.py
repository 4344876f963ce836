"""Callouts and reference pages in HTML: numbered marks in listings, their lists, man pages.

A `co` in a listing prints its number in a bubble, its `calloutlist` entry
prints the same number and links back; an `areaspec` puts the bubbles at the
end of the lines its `coords` name. A `refentry` prints as docbook-xsl prints
a man page: « Nom » (name — purpose), « Synopsis », then its sections; an
`xref` to it reads « ls(1) », never the page itself.
"""

from __future__ import annotations

from lxml import etree
from markupsafe import Markup, escape

from build_tools.diagnostics import Finding, at_line
from build_tools.model.docbook import SECTIONS, enclosing
from build_tools.render.html import print_code as pdf_code

LISTINGS = ("programlisting", "screen", "synopsis", "literallayout", "programlistingco", "screenco")
REFERENCE_SECTIONS = ("refsect1", "refsect2", "refsect3", "refsection", "refsynopsisdiv")


class Callouts:
    """The callout and reference-page methods of the translator (mixed into `Translator`)."""

    # -- callouts ---------------------------------------------------------------------------

    def callout_number(self, element: etree._Element) -> int | None:
        """The number of a `co` (in its listing) or of an `area`/`areaset` (in its areaspec)."""
        if element.tag == "co":
            holder = next((a for a in element.iterancestors() if a.tag in LISTINGS), None)
            scope = holder if holder is not None else self.document.root
            return list(scope.iter("co")).index(element) + 1
        if element.tag in ("area", "areaset"):
            parent = element.getparent()
            if parent is not None and parent.tag == "areaset":
                element, parent = parent, parent.getparent()
            marks = [child for child in parent if child.tag in ("area", "areaset")]
            return marks.index(element) + 1 if element in marks else None
        return None

    def bubble(self, number: int | str) -> Markup:
        word = self.words["callout"].format(number=number)
        return Markup('<span class="callout-bug" title="{}">{}</span>').format(word, number)

    def visit_co(self, element: etree._Element) -> Markup:
        anchor = self.numbering.anchor(element)
        bubble = self.bubble(self.callout_number(element))
        linked = element.get("linkends", "").split()
        if linked and not self._link and self.target(linked[0]) is not None:
            href = self.href(self.target(linked[0]))
            return Markup('<a class="co" id="{}" href="{}">{}</a>').format(anchor, href, bubble)
        return Markup('<span class="co" id="{}">{}</span>').format(anchor, bubble)

    def visit_coref(self, element: etree._Element) -> Markup:
        target = self.target(element.get("linkend"))
        number = self.callout_number(target) if target is not None else None
        if number is None:
            return self.link_to(element.get("linkend", ""), Markup(), "coref")
        return self.link_to(element.get("linkend", ""), self.bubble(number), "coref")

    def visit_calloutlist(self, element: etree._Element) -> Markup:
        entries = []
        for callout in element.findall("callout"):
            bubbles = []
            for identifier in callout.get("arearefs", "").split():
                target = self.target(identifier)
                number = self.callout_number(target) if target is not None else None
                if number is None:
                    bubbles.append(self.link_to(identifier, Markup(), "callout"))
                else:
                    bubbles.append(self.link_to(identifier, self.bubble(number), "callout"))
            entries.append(
                {
                    "id": self.numbering.anchor(callout),
                    "bubbles": Markup(" ").join(bubbles),
                    "content": self.contents(callout),
                }
            )
        return self.block("calloutlist", element, title=self.title(element), entries=entries)

    def visit_callout(self, element: etree._Element) -> Markup:
        return self.misplaced(element, "a calloutlist")

    def visit_programlistingco(self, element: etree._Element) -> Markup:
        """A listing whose areaspec names lines: a bubble at the end of each line named."""
        marks: dict[int, list[Markup]] = {}
        spec = element.find("areaspec")
        for area in spec.iter("area") if spec is not None else ():
            if not self.placed(area):
                self.unplaced_area(area)
                continue
            anchor = self.numbering.anchor(area)
            bubble = self.bubble(self.callout_number(area))
            marks.setdefault(_first_line(area.get("coords", "")), []).append(
                self.set_anchor(area)
                + Markup('<span class="co" id="{}">{}</span>').format(anchor, bubble)
            )
        parts = []
        for child in element:
            if child.tag in ("programlisting", "screen"):
                # in print the long lines are broken: a bubble goes after a line's last part
                broken = pdf_code.Lines(pdf_code.measure(child)) if self.printed else None
                self._literal += 1
                outer, self._lines = self._lines, broken
                try:
                    lines = self.contents(child, skip=()).split("\n")
                finally:
                    self._literal -= 1
                    self._lines = outer
                count = len(broken.breaks) if broken is not None else len(lines)
                for number, marked in marks.items():
                    if 0 < number <= count:
                        index = broken.last_line_of(number) if broken is not None else number - 1
                        lines[index] += Markup(" ") + Markup().join(marked)
                parts.append(
                    self.call(
                        "literal_block", child, kind=child.tag, content=Markup("\n").join(lines)
                    )
                )
            elif isinstance(child.tag, str) and child.tag != "areaspec":
                parts.append(self.render(child))
        return Markup().join(parts)

    visit_screenco = visit_programlistingco

    def set_anchor(self, area: etree._Element) -> Markup:
        """The anchor of the areaset `area` is the first drawn area of, if it has an id."""
        areaset = area.getparent()
        if areaset.tag != "areaset" or not areaset.get("id"):
            return Markup()
        anchor = self.numbering.anchor(areaset)
        if anchor in self._anchored:
            return Markup()
        self._anchored.add(anchor)
        return self.empty_anchor(anchor)

    def visit_mediaobjectco(self, element: etree._Element) -> Markup:
        parts = []
        for child in element:
            if child.tag == "imageobjectco":
                parts.append(self.visit_imageobjectco(child))
            elif isinstance(child.tag, str) and child.tag not in ("objectinfo", "textobject"):
                parts.append(self.render(child))
        return self.call("mediaobject", element, content=Markup().join(parts), caption="")

    def visit_imageobjectco(self, element: etree._Element) -> Markup:
        """An image with callout areas: the image and its list; the areas cannot be drawn on it."""
        for area in element.iter("area"):
            self.unplaced_area(area)
        image = element.find("imageobject")
        html = Markup()
        if image is not None and image.find("imagedata") is not None:
            source = self.image(image.find("imagedata"))
            if source:
                html = Markup('<img src="{}" alt="">').format(source)
        for child in element:
            if child.tag == "calloutlist":
                html += self.render(child)
        return html

    def visit_graphicco(self, element: etree._Element) -> Markup:
        for area in element.iter("area"):
            self.unplaced_area(area)
        return Markup().join(
            self.render(child)
            for child in element
            if isinstance(child.tag, str) and child.tag != "areaspec"
        )

    def placed(self, area: etree._Element) -> bool:
        """Whether a listing draws the bubble of `area`, with its anchor: an area of a
        programlistingco or screenco that names a line."""
        spec = area.getparent()
        if spec is not None and spec.tag == "areaset":
            spec = spec.getparent()
        if spec is None or spec.getparent() is None:
            return False
        units = area.get("units") or spec.get("units") or "linecolumn"
        return (
            spec.getparent().tag in ("programlistingco", "screenco")
            and _first_line(area.get("coords", "")) is not None
            and units in ("linecolumn", "linerange", "linecolumnpair")
        )

    def unplaced_area(self, area: etree._Element) -> None:
        file, line, column = self.document.locate(area)
        self.findings.append(
            at_line(
                Finding(
                    "warning",
                    "unsupported",
                    f"a callout area with coords={area.get('coords', '')!r} cannot be placed "
                    "(only line numbers in a listing can): its number is in the callout list only",
                    file=file,
                    line=line,
                    column=column,
                    where=enclosing(area),
                    key="area",
                )
            )
        )
        return None

    def areaspec_part(self, element: etree._Element) -> Markup:
        return self.misplaced(element, "a programlistingco or screenco")

    visit_areaspec = visit_area = visit_areaset = areaspec_part

    # -- reference pages ----------------------------------------------------------------

    def reference_depth(self, element: etree._Element) -> int:
        return sum(
            1
            for node in element.iterancestors()
            if node.tag in SECTIONS + REFERENCE_SECTIONS + ("refentry",)
        )

    def visit_reference(self, element: etree._Element) -> Markup:
        intro = element.find("partintro")
        return self.call(
            "division",
            element,
            kind="reference",
            level=self.page.heading_base,
            label=self.label(element),
            title=self.title(element) or escape(self.words["reference"]),
            content=self.render(intro)
            + self.contents(element, skip=("title", "subtitle", "titleabbrev", "partintro")),
            footnotes=[],
            mark="",
            **self.print_heading(
                element, self.plain_title(element) or escape(self.words["reference"])
            ),
        )

    def visit_refentry(self, element: etree._Element) -> Markup:
        return self.call(
            "section",
            element,
            level=min(6, self.page.heading_base + 1 + self.reference_depth(element)),
            label="",
            title=self.refentry_title(element),
            content=self.contents(element, skip=("refmeta",)),
            mark="",
            **self.print_heading(element, self.refentry_title(element)),
        )

    def refentry_title(self, element: etree._Element) -> Markup:
        """« ls(1) » from refmeta, else the first refname, as docbook-xsl titles a man page."""
        meta = element.find("refmeta")
        if meta is not None and meta.find("refentrytitle") is not None:
            html = self.plain(meta.find("refentrytitle"))
            if meta.find("manvolnum") is not None:
                html += Markup("({})").format(self.plain(meta.find("manvolnum")))
            return html
        name = element.find("refnamediv/refname")
        return self.plain(name)

    def visit_refnamediv(self, element: etree._Element) -> Markup:
        names = Markup(", ").join(
            self.contents(name, skip=()) for name in element.findall("refname")
        )
        purpose = element.find("refpurpose")
        line = names + (" — " + self.contents(purpose, skip=()) if purpose is not None else "")
        classes = element.find("refclass")
        return self.call(
            "section",
            element,
            level=min(6, self.page.heading_base + 1 + self.reference_depth(element)),
            label="",
            title=escape(self.words["refname"]),
            content=Markup("<p>{}</p>").format(line) + self.render(classes),
            mark="",
            **self.print_heading(element, escape(self.words["refname"])),
        )

    def visit_refsynopsisdiv(self, element: etree._Element) -> Markup:
        return self.call(
            "section",
            element,
            level=min(6, self.page.heading_base + 1 + self.reference_depth(element)),
            label="",
            title=self.title(element) or escape(self.words["refsynopsisdiv"]),
            content=self.contents(element),
            mark="",
            **self.print_heading(
                element, self.plain_title(element) or escape(self.words["refsynopsisdiv"])
            ),
        )

    def visit_refsect1(self, element: etree._Element) -> Markup:
        return self.call(
            "section",
            element,
            level=min(6, self.page.heading_base + 1 + self.reference_depth(element)),
            label="",
            title=self.title(element),
            content=self.contents(element),
            mark="",
            **self.print_heading(element),
        )

    visit_refsect2 = visit_refsect3 = visit_refsection = visit_refsect1

    def visit_refmeta(self, element: etree._Element) -> Markup:
        return Markup()  # its title and volume make the page's title

    def refentry_part(self, element: etree._Element) -> Markup:
        return self.misplaced(element, "a refentry")

    visit_refname = visit_refpurpose = visit_refdescriptor = refentry_part

    def visit_refmiscinfo(self, element: etree._Element) -> Markup:
        return (
            Markup()
        )  # metadata of the man page (its source, its manual), not shown by docbook-xsl

    # -- the words of a cross reference ----------------------------------------------------------

    def special_xref(self, target: etree._Element) -> Markup | None:
        """The text docbook-xsl generates for an xref to these elements, or None."""
        tag = target.tag
        if tag == "refentry":
            return self.refentry_title(target)
        if tag in ("refnamediv", "refsynopsisdiv") + REFERENCE_SECTIONS:
            title = self.plain_title(target) or escape(self.words.get(tag, ""))
            return self.say("xref_section", title=title)
        if tag in ("co", "area", "areaset"):
            return self.bubble(self.callout_number(target))
        if tag == "callout":
            numbers = []
            for identifier in target.get("arearefs", "").split():
                found = self.target(identifier)
                if found is not None and self.callout_number(found) is not None:
                    numbers.append(self.bubble(self.callout_number(found)))
            return Markup(" ").join(numbers) or None
        if tag in ("question", "answer", "qandaentry"):
            question = target if tag == "question" else target.find("question")
            if question is None and target.getparent() is not None:
                question = target.getparent().find("question")
            if question is not None:
                label = question.find("label")
                if label is not None:
                    return self.plain(label)
                return self.plain(
                    next((c for c in question if c.tag in ("para", "simpara")), question)
                )
        if tag in ("biblioentry", "bibliomixed"):
            abbreviation = target.find("abbrev")
            key = self.plain(abbreviation) if abbreviation is not None else target.get("id", "")
            return Markup("[{}]").format(key)
        if tag == "synopfragment":
            return Markup("({})").format(self.synopsis_fragment_number(target))
        if tag == "step" and target.getparent() is not None:
            steps = [node for node in target.getparent() if node.tag == "step"]
            return Markup("{} {}").format(self.words["step"], steps.index(target) + 1)
        if tag == "listitem" and target.getparent() is not None:
            if target.getparent().tag == "orderedlist":  # docbook-xsl names it by its number
                items = [node for node in target.getparent() if node.tag == "listitem"]
                return escape(items.index(target) + 1)
        return None


def _first_line(coords: str) -> int | None:
    """The line a `linecolumn` area names: its first number."""
    first = coords.split()[0] if coords.split() else ""
    return int(first) if first.isascii() and first.isdigit() else None
