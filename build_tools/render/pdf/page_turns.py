"""No word hyphenated across a page turn: its line goes over with it, or the word is kept whole.

WeasyPrint (up to 70 at least) has no `hyphenate-limit-last` nor any control of
hyphenation at a page's end: a page may end on « (posi‐ » and the next begin
on « tif) ». Two remedies, the first in the layout itself:

1. `mendings`: where WeasyPrint breaks a paragraph at a page's foot after a line it
   hyphenated, that line goes to the next page too (as widows go), when the lines
   left above it still make the paragraph's orphans; the one layout then needs no
   other (cda's p. 23 ended on « (posi‐ »: it now ends a line higher).
2. Where that could not be done (orphans, a version of WeasyPrint not mended), the
   laid-out pages are read: a page whose last line of text (running heads and notes
   left out) ends with the hyphen the layout adds (its style's `hyphenate-character`)
   gives its word, and the print page sets that word `unhyphenated` (the print
   stylesheet's `hyphens: manual`) for the layout that follows; the line then breaks
   before the word or after it, as the lines around it allow. A word the page holds in
   several places, none after the words its line gave, is left.

tests/test_pdf.py reads the three books' pages for a hyphen at a page's end.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup


def mendings(weasyprint) -> list[tuple[object, str, Callable]]:
    """What `Engine.running` replaces in `weasyprint` (as `repagination.mendings`): its page
    breaks inside a paragraph carry a hyphenated last line over to the next page (remedy 1)."""
    from build_tools.render.pdf.repagination import MENDED

    if not weasyprint.__version__.startswith(MENDED):
        return []
    from weasyprint.layout import block

    return [(block, "_break_line", _carrying_over)]


def _carrying_over(break_line):
    def carried_over(context, box, line, lines, needed, page_is_empty, *rest):
        ends = len(lines) - needed  # the lines left on the page, widows sent over
        while ends > box.style["orphans"] and _hyphenated(lines[ends - 1]):
            ends -= 1
        if not context.in_column and ends > 0 and not _hyphenated(lines[ends - 1]):
            needed = len(lines) - ends  # the page ends on a whole word: the rest goes over
        return break_line(context, box, line, lines, needed, page_is_empty, *rest)

    return carried_over


def _hyphenated(line) -> bool:
    """Whether the line box `line` ends with a word the layout broke (its hyphen added)."""
    from weasyprint.formatting_structure import boxes

    texts = [box for box in line.descendants() if isinstance(box, boxes.TextBox)]
    return bool(texts) and texts[-1].text.endswith(texts[-1].style["hyphenate_character"])


@dataclass(frozen=True)
class PageTurn:
    """A word the layout broke at the end of a page: its page, its two halves, the words before."""

    page: int
    head: str
    tail: str
    before: str

    @property
    def word(self) -> str:
        return self.head + self.tail


def hyphenated_page_turns(document) -> list[PageTurn]:
    """Each page of WeasyPrint's `document` whose last line of text ends in a word it hyphenated,
    with that word's halves (the next page's first line begins with the second)."""
    lines = [_texts(page._page_box) for page in document.pages]
    turns = []
    for number, (page, following) in enumerate(zip(lines, lines[1:], strict=False), start=1):
        if not page or not following or not page[-1][1] or not page[-1][0].endswith(page[-1][1]):
            continue
        words = page[-1][0][: -len(page[-1][1])].split()
        tail = re.match(r"\w+", following[0][0].lstrip())
        if words and tail:
            head = re.search(r"\w+$", words[-1])
            if head:
                before = " ".join(words[:-1] + [words[-1][: head.start()]]).strip()
                turns.append(PageTurn(number, head.group(), tail.group(), before))
    return turns


def keep_whole(page: Markup, turns: list[PageTurn]) -> Markup:
    """`page` (the print page's HTML) with the word of each turn set `unhyphenated`, where the
    page holds it once, or once after the words its line gave before it."""
    for turn in turns:
        places = [match for match in _word(turn.word).finditer(page) if _in_text(page, match)]
        if len(places) > 1 and turn.before:
            last = re.escape(turn.before.split()[-1])
            places = [
                match
                for match in places
                if re.search(last + r"[^<>\w]*(?:<[^>]*>[^<>\w]*)*$", page[: match.start()])
            ]
        if len(places) == 1:
            (place,) = places
            word = page[place.start() : place.end()]  # the page's own markup of the word
            page = (
                page[: place.start()]
                + Markup('<span class="unhyphenated">{}</span>').format(word)
                + page[place.end() :]
            )
    return page


def _word(word: str) -> re.Pattern:
    return re.compile(rf"(?<!\w){re.escape(word)}(?!\w)")


def _in_text(page: str, match: re.Match) -> bool:
    """Whether `match` stands in the page's text, not inside a tag (an attribute's value)."""
    opened, closed = page.rfind("<", 0, match.start()), page.rfind(">", 0, match.start())
    return closed >= opened


def _texts(page_box) -> list[tuple[str, str]]:
    """The lines of text of a page's flow, in order, each with the hyphen its style writes where
    it breaks a word: no margin box (running heads, folio), no footnote."""
    from weasyprint.formatting_structure import boxes

    found: list[tuple[str, str]] = []

    def walk(box) -> None:
        if isinstance(box, (boxes.MarginBox, boxes.FootnoteAreaBox)):
            return
        if isinstance(box, boxes.LineBox):
            texts = [t for t in box.descendants() if isinstance(t, boxes.TextBox)]
            text = "".join(t.text for t in texts)
            if text.strip():
                found.append((text, texts[-1].style["hyphenate_character"]))
            return
        for child in getattr(box, "children", ()):
            walk(child)

    walk(page_box)
    return found
