"""A sheet's pages balanced: the Notes box where there is room, the room left spread.

The stylesheet keeps every section whole on its page (a table never splits, its rows
away from its heading); what that leaves is read from the laid-out pages and the sheet
is laid out again: a Notes box alone on the last page goes to the foot of the page
before (shorter), else to the first page with room for it, else fills its own page; a
page that ends with room left spreads it between its sections (a few millimetres to a
gap at most); the Notes box on the last page grows down to the legend. A layout that
would take one more page is never kept. A filled sheet is balanced alike, its Notes box
at least as tall as a blank one's; its long notes, running on over pages, stay last.
"""

from __future__ import annotations

from collections.abc import Callable
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


def balanced(document, view: dict[str, Any], lay_out: Callable[[], Any]):
    """The sheet laid out again, balanced as the module says; `view` holds what was kept."""
    pages = document.pages
    if len(pages) > 1 and notes_alone(pages[-1]) and not _holds_notes(pages[-2]):
        document = _notes_moved(document, view, lay_out)
    spread: dict[str, float] = {}
    last = document.pages[-1]
    notes_last = _holds_notes(last)
    for number, page in enumerate(document.pages):
        if page is last and notes_last:
            continue  # its room goes to the Notes box
        room = room_left(page)
        sections = [name for name, _ in sections_of(page)]
        gaps = len(sections) if number == 0 else len(sections) - 1
        if room > SPREAD_FROM and gaps > 0:
            gap = min((room - SPREAD_FROM / 2) / gaps, GAP_MOST)
            for name in sections[1:] if number else sections:
                spread[name] = round(gap, 1)
    grown = view["notes_height"]
    if notes_last:
        room = room_left(last) - LEGEND_ROOM
        if room > SPREAD_FROM:
            grown = (view["notes_height"] or NOTES_HEIGHT) + room
    if not spread and grown == view["notes_height"]:
        return document
    kept = view["spread"], view["notes_height"]
    view["spread"], view["notes_height"] = spread, grown
    again = lay_out()
    if len(again.pages) != len(document.pages):
        view["spread"], view["notes_height"] = kept
        return document
    return again


def _notes_moved(document, view, lay_out):
    """A Notes box alone on the last page: shorter at the foot of the page before, else at
    the foot of the first page with room for it, else as tall as its own page (a page of
    notes rather than a strip at the top of a blank one)."""
    view["notes_height"] = min(room_left(document.pages[-2]) - NOTES_FRAME, NOTES_HEIGHT)
    if view["notes_height"] >= NOTES_LEAST:
        shorter = lay_out()
        if len(shorter.pages) < len(document.pages):
            return shorter
    for number, page in enumerate(document.pages[:-2]):
        height = min(room_left(page) - NOTES_FRAME, NOTES_HEIGHT)
        following = sections_of(document.pages[number + 1])
        if height < NOTES_LEAST or not following:
            continue
        view["notes_height"], view["notes_before"] = height, following[0][0]
        moved = lay_out()
        if len(moved.pages) < len(document.pages):
            return moved
        view["notes_before"] = None
    view["notes_height"] = NOTES_HEIGHT + room_left(document.pages[-1]) - LEGEND_ROOM
    taller = lay_out()
    if len(taller.pages) == len(document.pages):
        return taller
    view["notes_height"] = 0
    return document


def _holds_notes(page) -> bool:
    """Whether the page holds the Notes box (a filled sheet's long notes run on from it)."""
    return any(name == "notes" for name, _ in sections_of(page))


def sections_of(page) -> list[tuple[str, Any]]:
    """The sections on a laid-out page, by name (`data-section`: an index, or « notes »), in
    order, with their boxes."""
    found = []
    for box in descendants(page._page_box):
        element = getattr(box, "element", None)
        if getattr(box, "element_tag", "") != "section" or element is None:
            continue
        name = element.get("data-section")
        if name is not None and all(name != seen for seen, _ in found):
            found.append((name, box))
    return found


def room_left(page) -> float:
    """Millimetres left under the last section of a laid-out page, above its bottom margin."""
    bottom = max(
        (box.border_box_y() + box.border_height() for _, box in sections_of(page)), default=0
    )
    return (page._page_box.content_box_y() + page._page_box.height - bottom) * TO_MM


def notes_alone(page) -> bool:
    """Whether the page holds no section but the Notes box."""
    names = [name for name, _ in sections_of(page)]
    return names == ["notes"]


def descendants(box):
    """A laid-out box and every box inside it, depth first."""
    yield box
    for child in getattr(box, "children", ()):
        yield from descendants(child)
