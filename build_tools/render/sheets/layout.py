"""The layout check of a character sheet: every box it draws inside the printable area.

A home printer cannot print the last few millimetres of a page, and a box cut at the
edge cannot be written in: every box of the sheet laid out (fields, tick boxes, headings,
formulas, tables) must stay at least `PRINTABLE` mm inside the trim. A box past it is an
error naming its section, its fields and by how much, for each paper the sheet is
built for, as the cards' overflow check does for a card.
"""

from __future__ import annotations

from dataclasses import dataclass

from build_tools.diagnostics import Finding

PRINTABLE = 6.0
"""Millimetres inside the trim that every box keeps clear of."""
PX_TO_MM = 25.4 / 96
_SIDES = ("left", "right", "top", "bottom")


@dataclass
class _Outside:
    """A section of the sheet (or its header) with boxes past the printable area."""

    page: int
    section: str
    excess: dict[str, float]
    fields: list[str]


def outside_printable(document, title: str, paper: str) -> list[Finding]:
    """One error per section of the laid-out sheet with a box past the printable area."""
    found: dict[tuple[int, str], _Outside] = {}
    for number, page in enumerate(document.pages, start=1):
        width, height = page.width * PX_TO_MM, page.height * PX_TO_MM
        for box, section, field in _boxes(page._page_box):
            left = box.border_box_x() * PX_TO_MM
            top = box.border_box_y() * PX_TO_MM
            right = left + box.border_width() * PX_TO_MM
            bottom = top + box.border_height() * PX_TO_MM
            excess = {
                "left": PRINTABLE - left,
                "right": right - (width - PRINTABLE),
                "top": PRINTABLE - top,
                "bottom": bottom - (height - PRINTABLE),
            }
            excess = {side: amount for side, amount in excess.items() if amount > 0.05}
            if not excess:
                continue
            outside = found.setdefault((number, section), _Outside(number, section, {}, []))
            for side, amount in excess.items():
                outside.excess[side] = max(outside.excess.get(side, 0.0), amount)
            if field and field not in outside.fields:
                outside.fields.append(field)
    return [_finding(outside, title, paper) for outside in found.values()]


def _boxes(root, section: str = "", field: str = ""):
    """Every box drawn on the page, with its section's title and the field it belongs to:
    what the elements draw and the text of the page's margins (a margin box itself spans
    the margin up to the trim: only its text is drawn)."""
    for box in getattr(root, "children", ()):
        element = getattr(box, "element", None)
        tag = getattr(box, "element_tag", "")
        inner_section, inner_field = section, field
        if element is not None and tag in ("section", "header"):
            heading = element.find("h2") if element.find("h2") is not None else element.find("h1")
            if heading is not None:
                inner_section = " ".join("".join(heading.itertext()).split())
        if element is not None and tag in ("input", "textarea", "span"):
            inner_field = (
                element.get("title") or element.get("data-field") or element.get("aria-label")
            ) or field
        margin = type(box).__name__ == "MarginBox"
        drawn = element is not None and tag not in ("html", "body", "form") and not margin
        if drawn or type(box).__name__ == "TextBox":
            yield box, inner_section, inner_field
        yield from _boxes(box, inner_section, inner_field)


def _finding(outside: _Outside, title: str, paper: str) -> Finding:
    sides = ", ".join(
        f"{outside.excess[side]:.1f} mm on the {side}" for side in _SIDES if side in outside.excess
    )
    what = f"section « {outside.section} »" if outside.section else "the page"
    fields = f" (boxes: {', '.join(outside.fields)})" if outside.fields else ""
    message = (
        f"sheet « {title} » on {paper}, page {outside.page}: {what} runs past the printable "
        f"area by {sides}{fields}; every box keeps {PRINTABLE:g} mm inside the trim"
    )
    return Finding("error", "sheet-layout", message, key=f"sheet-layout:{paper}:{outside.section}")
