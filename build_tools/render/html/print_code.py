"""Code on paper: a line of a listing longer than the measure continues on the next line after
a visible mark (↪), as docbook-xsl's FO stylesheets wrap verbatim text, instead of running off
the page. The screen keeps the lines whole (it scrolls).

The HTML translator's print variant breaks the lines as it writes a listing's text
(`Lines.wrap`). The measure is counted in characters of the monospace face at the
listing's size: about 78 on A4 and US Letter with the print stylesheet's margins, fewer
inside a list, a table or an aside (`measure`, from the DocBook elements around the
listing). The stylesheet's `overflow-wrap: anywhere` catches what the count misses.
"""

from __future__ import annotations

from lxml import etree
from markupsafe import Markup, escape

MEASURE = 78
"""Characters of a listing line on the page (text block 150 mm, DejaVu Sans Mono at 8.7 pt)."""
NARROWER = {"li": 4, "dd": 4, "td": 30, "th": 30, "aside": 4, "blockquote": 6}
"""What each enclosing HTML block takes off the measure, in characters."""
WRITTEN_AS = {
    "step": "li",
    "glossdef": "dd",
    "callout": "dd",
    "entry": "td",
    "note": "aside",
    "tip": "aside",
    "important": "aside",
    "caution": "aside",
    "warning": "aside",
    "sidebar": "aside",
    "blockquote": "blockquote",
    "epigraph": "blockquote",
}
"""The HTML block the print page writes a DocBook element as, for those that narrow a listing
(templates/html/blocks.html and structures.html); a listitem is an `li`, or a `dd` in a
variablelist."""
MARK = "↪ "
CONTINUED = Markup('<span class="code-continued" aria-hidden="true">{}</span>').format(MARK)
LOOK_BACK = 16
"""How far back from the measure a line may break after a space rather than inside a word."""


def measure(listing: etree._Element) -> int:
    """The characters a line of `listing` holds on paper, inside the blocks around it."""
    narrower = sum(NARROWER.get(_written_as(node), 0) for node in listing.iterancestors())
    return max(MEASURE - narrower, 30)


def _written_as(element: etree._Element) -> str:
    if element.tag == "listitem":
        parent = element.getparent()
        return "dd" if parent is not None and parent.tag == "varlistentry" else "li"
    return WRITTEN_AS.get(element.tag, "") if isinstance(element.tag, str) else ""


class Lines:
    """The lines of one listing being written: the column its text has reached, each line
    longer than `measure` broken before it, the rest after the mark."""

    def __init__(self, measure: int) -> None:
        self.measure = measure
        self.column = 0
        self.breaks = [0]
        """Breaks made in each line of the source so far (the first line is breaks[0])."""

    def wrap(self, text: str) -> Markup:
        """`text`, the next run of the listing, as HTML: escaped, its long lines broken."""
        html = []
        start = position = 0
        while position < len(text):
            if text[position] == "\n":
                self.column = 0
                self.breaks.append(0)
            elif self.column >= self.measure:
                # after a space among the last few characters of this run, when there is one
                space = text.rfind(" ", max(start, position - LOOK_BACK), position)
                cut = space + 1 if space >= 0 and "\n" not in text[space:position] else position
                html.append(escape(text[start:cut]) + Markup("\n") + CONTINUED)
                self.breaks[-1] += 1
                self.column = len(MARK)
                start = position = cut
                continue
            else:
                self.column += 1
            position += 1
        html.append(escape(text[start:]))
        return Markup().join(html)

    def last_line_of(self, number: int) -> int:
        """The index, among the lines written, of the last one of the source's line `number`
        (1 for the first), once broken."""
        return number - 1 + sum(self.breaks[:number])
