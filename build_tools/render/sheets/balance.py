"""A sheet's pages balanced: the Notes box where there is room, the room left spread.

The stylesheet keeps every section whole on its page (a table never splits, its rows
away from its heading); what that leaves is read from the laid-out pages and the sheet
is laid out again, once: a Notes box alone on the last page goes to the foot of the page
before (shorter), else to the first page with room for it, else fills its own page; a
page that ends with room left spreads it between its sections (a few millimetres to a
gap at most); the Notes box on the last page grows down to the legend. A layout that
would take one more page is never kept. A filled sheet is balanced alike, its Notes box
at least as tall as a blank one's; its long notes, running on over pages, stay last.

Where the Notes box goes is not tried by laying the sheet out again for each place: the
first layout's sections are measured once and stacked on pages as WeasyPrint stacks
them (`flowed`: each whole, the next page when one does not fit, a page break where the
sheet asks one), and the one layout made is checked against that page count (missed,
the sheet stays as first laid out).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

NOTES_FRAME = 18.0
"""Millimetres a Notes box needs besides its field: its heading, the legend, the gaps."""
NOTES_LEAST = 15.0
"""The shortest Notes field worth writing in, in millimetres."""
NOTES_HEIGHT = 45.0
"""The Notes field's height where nothing else decides it (sheet.css), in millimetres."""
LEGEND_ROOM = 12.0
"""Millimetres kept under the Notes box for the sheet's legend."""
SPREAD_FROM = 6.0
"""Millimetres a page may leave under its last section without spreading its room."""
GAP_MOST = 20.0
"""The most room spread into one gap between sections, in millimetres (beyond, the page
ends short rather than its sections float apart)."""
TO_MM = 25.4 / 96
_PLACED = ("spread", "notes_height", "notes_before")
"""The keys of the view that balancing sets (the template reads them)."""


@dataclass(frozen=True)
class Block:
    """A section (or the legend) as the page stacks it, measured on a layout, in CSS px."""

    name: str | None
    """The section's `data-section` (an index, or « notes »); None for the legend."""
    height: float
    margin_top: float
    margin_bottom: float
    new_page: bool = False
    """Whether the sheet asks a page break before it (`nouvelle-page`)."""
    field: float = 0.0
    """The Notes box: its field's height on this layout, and the least its text needs."""
    text: float = 0.0


@dataclass
class Page:
    """A laid-out page as balancing reads it: its sections' bottoms, where its area ends."""

    sections: list[tuple[str, float]]
    """The sections on the page, in order, each with its border box's bottom (px)."""
    bottom: float
    names: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.names = [name for name, _ in self.sections]


@dataclass
class Layout:
    """The pages of a sheet laid out, or stacked as `flowed` predicts them."""

    pages: list[Page]
    blocks: list[Block] | None
    """The blocks in page order, None when one runs over pages (a filled sheet's long
    notes): such a layout is not stacked again."""
    top: float
    """Where the first page's first section starts (under the sheet's header)."""
    page_top: float
    """Where a later page's content starts."""
    notes_text: float = 0.0
    """The least border height the Notes box's text takes, a form's field too (which keeps
    the height it is given: its `Block.text` is 0), in CSS px."""


def balanced(document, view: dict[str, Any], lay_out: Callable[[], Any], stale: bool = False):
    """The sheet laid out again, balanced as the module says; `view` holds what was kept.
    With `stale` (the view changed since `document`), laid out again in any case."""
    first = measured(document)
    kept = {key: view[key] for key in _PLACED}
    planned = first
    pages = first.pages
    if len(pages) > 1 and notes_alone(pages[-1]) and "notes" not in pages[-2].names:
        planned = _notes_moved(first, view)
    spread: dict[str, float] = {}
    last = planned.pages[-1]
    notes_last = "notes" in last.names
    for number, page in enumerate(planned.pages):
        if page is last and notes_last:
            continue  # its room goes to the Notes box
        room = room_left(page)
        gaps = len(page.names) if number == 0 else len(page.names) - 1
        if room > SPREAD_FROM and gaps > 0:
            gap = min((room - SPREAD_FROM / 2) / gaps, GAP_MOST)
            for name in page.names[1:] if number else page.names:
                spread[name] = round(gap, 1)
    grown = view["notes_height"]
    if notes_last:
        room = room_left(last) - LEGEND_ROOM
        if room > SPREAD_FROM:
            grown = (view["notes_height"] or NOTES_HEIGHT) + room
    if spread or grown != view["notes_height"]:
        moved = view["spread"], view["notes_height"]
        view["spread"], view["notes_height"] = spread, grown
        if planned is not first:  # the Notes box placed by prediction: the spread too
            spread_out = flowed(first, view)
            if spread_out is None or len(spread_out.pages) != len(planned.pages):
                view["spread"], view["notes_height"] = moved
            else:
                planned = spread_out
    if all(view[key] == kept[key] for key in _PLACED) and not stale:
        return document
    again = lay_out()
    if len(again.pages) == len(planned.pages):
        return again
    view.update(kept)
    return lay_out() if stale else document


@dataclass
class Placement:
    """What balancing placed on a sheet (the view's keys it sets), and the sheet so laid
    out: for a sheet of the same boxes to take as it is (a character's form and its sheet
    for print draw boxes of one size)."""

    view: dict[str, Any]
    layout: Layout


def placement(document, view: dict[str, Any]) -> Placement:
    """The placement of a sheet balanced (`document`, laid out with `view`)."""
    return Placement({key: view[key] for key in _PLACED}, measured(document))


def may_place_alike(like: Placement) -> bool:
    """Whether a sheet of `like`'s boxes and notes may be laid out with `like`'s placement:
    not when the notes' text is taller than the shortest Notes field balancing gives (the
    sheet for print, whose Notes box grows with them, would not be placed alike: it is
    balanced itself, in one layout more than its first, with no layout tried before)."""
    return like.layout.notes_text * TO_MM <= NOTES_LEAST


def placed_alike(layout: Layout, like: Placement) -> bool:
    """Whether a sheet laid out with `like`'s placement has its sections where `like`'s
    have theirs, its Notes text no taller than the shortest Notes field balancing gives:
    its own first layout was then `like`'s, and balancing it would have placed it alike."""
    if layout.blocks is None or len(layout.pages) != len(like.layout.pages):
        return False
    texts = [block.text for block in layout.blocks if block.name == "notes"]
    if any(text * TO_MM > NOTES_LEAST for text in texts):
        return False
    for page, model in zip(layout.pages, like.layout.pages, strict=True):
        if page.names != model.names:
            return False
        ends = zip(page.sections, model.sections, strict=True)
        if any(abs(end - model_end) > 1e-6 for (_, end), (_, model_end) in ends):
            return False
    return True


def _notes_moved(first: Layout, view: dict[str, Any]) -> Layout:
    """A Notes box alone on the last page: shorter at the foot of the page before, else at
    the foot of the first page with room for it, else as tall as its own page (a page of
    notes rather than a strip at the top of a blank one). The layout predicted."""
    pages = first.pages
    view["notes_height"] = min(room_left(pages[-2]) - NOTES_FRAME, NOTES_HEIGHT)
    if view["notes_height"] >= NOTES_LEAST:
        shorter = flowed(first, view)
        if shorter is not None and len(shorter.pages) < len(pages):
            return shorter
    for number, page in enumerate(pages[:-2]):
        height = min(room_left(page) - NOTES_FRAME, NOTES_HEIGHT)
        following = pages[number + 1].names
        if height < NOTES_LEAST or not following:
            continue
        view["notes_height"], view["notes_before"] = height, following[0]
        moved = flowed(first, view)
        if moved is not None and len(moved.pages) < len(pages):
            return moved
        view["notes_before"] = None
    view["notes_height"] = NOTES_HEIGHT + room_left(pages[-1]) - LEGEND_ROOM
    taller = flowed(first, view)
    if taller is not None and len(taller.pages) == len(pages):
        return taller
    view["notes_height"] = 0
    return first


def measured(document) -> Layout:
    """The sections of a sheet laid out (with no room spread, its Notes box where the
    template first puts it), read in one walk of each page's boxes."""
    pages, blocks, legend = [], [], None
    top = page_top = notes_text = 0.0
    split = False
    for number, page in enumerate(document.pages):
        area = page._page_box
        found: dict[str, Any] = {}
        field_box = text_box = None
        for box in descendants(area):
            element = getattr(box, "element", None)
            if element is None:
                continue
            tag = getattr(box, "element_tag", "")
            classes = (element.get("class") or "").split()
            if tag == "section" and element.get("data-section") is not None:
                found.setdefault(element.get("data-section"), box)
            elif tag == "p" and "legende" in classes:
                legend = legend or Block(None, box.border_height(), box.margin_top, 0.0)
            elif tag == "textarea":
                field_box = field_box or box
            elif tag == "div" and "texte" in classes:  # a filled sheet's box, or a form's copy
                text_box = text_box or box
                if "mesure" not in classes:
                    field_box = field_box or box
        for name, box in found.items():
            split = split or any(name == block.name for block in blocks)
            notes = name == "notes" and field_box is not None
            if notes:
                notes_text = max(notes_text, _written_height(text_box or field_box))
            blocks.append(
                Block(
                    name,
                    box.border_height(),
                    box.margin_top,
                    box.margin_bottom,
                    "nouvelle-page" in (box.element.get("class") or "").split(),
                    field_box.border_height() if notes else 0.0,
                    _text_height(field_box) if notes else 0.0,
                )
            )
        bottom = area.content_box_y() + area.height
        sections = [(name, box.border_box_y() + box.border_height()) for name, box in found.items()]
        pages.append(Page(sections, bottom))
        if number == 0 and found:
            top = next(iter(found.values())).border_box_y()
        page_top = area.content_box_y()
    if legend is not None:
        blocks.append(legend)
    return Layout(pages, None if split else blocks, top, page_top, notes_text)


def _text_height(box) -> float:
    """The least border height a filled Notes box takes for its text (a form's field keeps
    the height it is given: 0)."""
    if getattr(box, "element_tag", "") == "textarea":
        return 0.0
    return _written_height(box)


def _written_height(box) -> float:
    """The least border height the text of a Notes box (a form's field, or a filled sheet's
    box: one font, one width) takes."""
    ends = [child.position_y + child.margin_height() for child in getattr(box, "children", ())]
    content = max(ends, default=box.content_box_y()) - box.content_box_y()
    return box.border_height() - box.height + content


def flowed(first: Layout, view: dict[str, Any]) -> Layout | None:
    """The pages `first`'s blocks take with the view's Notes box and spread, stacked as
    WeasyPrint stacks them; None if `first` cannot say (a block runs over pages)."""
    if first.blocks is None:
        return None
    blocks = [block for block in first.blocks if block.name not in ("notes", None)]
    notes = [block for block in first.blocks if block.name == "notes"]
    names = [block.name for block in blocks]
    at = names.index(view["notes_before"]) if view["notes_before"] in names else len(blocks)
    blocks[at:at] = notes
    blocks += [block for block in first.blocks if block.name is None]
    pages: list[Page] = []
    placed: list[tuple[str, float]] = []
    bottom = first.pages[0].bottom
    previous = None
    for block in blocks:
        height = block.height + _mm(view["spread"].get(block.name, 0.0))
        if block.name == "notes":
            field = _mm(view["notes_height"] or NOTES_HEIGHT)
            height += max(field, block.text) - block.field
        if previous is None:
            top = first.top
        else:
            top = previous[0] + max(previous[1].margin_bottom, block.margin_top)
        if previous is not None and (block.new_page or top + height > bottom * (1 + 1e-9)):
            pages.append(Page(placed, bottom))
            placed, top = [], first.page_top
        if block.name is not None:
            placed.append((block.name, top + height))
        previous = (top + height, block)
    pages.append(Page(placed, bottom))
    return Layout(pages, blocks, first.top, first.page_top)


def _mm(length: float) -> float:
    """A length the template writes in millimetres to one decimal, in CSS px."""
    return float(f"{length:.1f}") / TO_MM


def room_left(page: Page) -> float:
    """Millimetres left under the last section of a page, above its bottom margin."""
    return (page.bottom - max((end for _, end in page.sections), default=0)) * TO_MM


def notes_alone(page: Page) -> bool:
    """Whether the page holds no section but the Notes box."""
    return page.names == ["notes"]


def descendants(box):
    """A laid-out box and every box inside it, depth first."""
    yield box
    for child in getattr(box, "children", ()):
        yield from descendants(child)
