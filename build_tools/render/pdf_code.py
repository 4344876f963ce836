"""Code on paper: a line of a listing longer than the measure continues on the next line after
a visible mark (↪), as docbook-xsl's FO stylesheets wrap verbatim text, instead of running off
the page. The screen keeps the lines whole (it scrolls).

The measure is counted in characters of the monospace face at the listing's size: about
78 on A4 and US Letter with the print stylesheet's margins, fewer inside a list, a table or
an aside. The stylesheet's `overflow-wrap: anywhere` catches what the count misses.
"""

from __future__ import annotations

from lxml import etree
from lxml import html as lxml_html

MEASURE = 78
"""Characters of a listing line on the page (text block 150 mm, DejaVu Sans Mono at 8.7 pt)."""
NARROWER = {"li": 4, "dd": 4, "td": 30, "th": 30, "aside": 4, "blockquote": 6}
"""What each enclosing block takes off the measure, in characters."""
MARK = "↪ "


def wrap_long_lines(tree: etree._Element) -> int:
    """Break the too-long lines of every `pre` of `tree`; return how many breaks were made."""
    breaks = 0
    for pre in tree.iter("pre"):
        measure = MEASURE - sum(NARROWER.get(node.tag, 0) for node in pre.iterancestors())
        breaks += _Wrapper(max(measure, 30)).wrap(pre)
    return breaks


class _Wrapper:
    def __init__(self, measure: int) -> None:
        self.measure = measure
        self.column = 0
        self.breaks = 0

    def wrap(self, pre: etree._Element) -> int:
        self._element(pre)
        return self.breaks

    def _element(self, element: etree._Element) -> None:
        children = list(element)  # the marks put in below are not walked again
        element.text = self._text(element.text, lambda mark: element.insert(0, mark))
        for child in children:
            if isinstance(child.tag, str):
                self._element(child)
            child.tail = self._text(child.tail, lambda mark, child=child: child.addnext(mark))

    def _text(self, text: str | None, place) -> str | None:
        """`text` up to its first break; the rest goes after a mark that `place` puts in."""
        if not text:
            return text
        for position, character in enumerate(text):
            if character == "\n":
                self.column = 0
                continue
            if self.column >= self.measure:
                mark = lxml_html.Element("span", {"class": "code-continued", "aria-hidden": "true"})
                mark.text = MARK
                self.breaks += 1
                self.column = len(MARK)
                # after a space among the last few characters, when there is one
                space = text.rfind(" ", max(0, position - 16), position)
                cut = space + 1 if space >= 0 and "\n" not in text[space:position] else position
                place(mark)
                mark.tail = self._text(text[cut:], lambda inner, mark=mark: mark.addnext(inner))
                return text[:cut] + "\n"
            self.column += 1
        return text
