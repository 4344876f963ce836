"""CALS tables (DocBook `table`/`tgroup`/`colspec`/`row`/`entry`) laid out as HTML tables.

The grid is the model's (`build_tools.model.grid`): the columns and rows each
entry covers. Rules (`colsep`, `rowsep`) and alignment are
inherited entry → row → spanspec/colspec → tgroup → table; a rule is never
drawn on the outer edge, which belongs to `frame`. Columns that no entry fills
get an empty cell (class "filler"), so that every row is as wide as `cols`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree
from markupsafe import Markup

from build_tools.model.grid import Cell, Group, first, group_of, lay_out

FRAMES = ("all", "top", "bottom", "topbot", "sides", "none")
_PROPORTIONAL = re.compile(r"^\s*(\d*\.?\d+)?\s*\*\s*$", re.ASCII)
_MEASURE = re.compile(r"^\s*(\d*\.?\d+)\s*(in|cm|mm|pt|pc|px|em)?\s*$", re.ASCII)


@dataclass
class Row:
    """One row of a table: its cells, and its source id (put on its <tr>)."""

    cells: list[dict]
    id: str = ""


class CalsTables:
    """The table methods of the translator (mixed into `Translator`)."""

    def visit_table(self, element: etree._Element) -> Markup:
        groups = [self.table_group(group, element) for group in element.findall("tgroup")]
        frame = element.get("frame", "all")
        return self.call(
            "table",
            element,
            label=self.label(element),
            title=self.title(element),
            frame=frame if frame in FRAMES else "all",
            groups=groups,
            content=self.contents(element, skip=("title", "titleabbrev", "tgroup")),
            mark=self.mark(element),
        )

    visit_informaltable = visit_table

    def table_part(self, element: etree._Element) -> Markup:
        return self.misplaced(element, "a table")

    visit_tgroup = visit_colspec = visit_spanspec = visit_thead = visit_tbody = table_part
    visit_tfoot = visit_row = visit_entry = table_part

    def table_group(self, tgroup: etree._Element, table: etree._Element) -> dict:
        """What the `table` macro needs for one tgroup: column widths and rows of cells."""
        group = group_of(tgroup, table)
        sections = [tgroup.find(name) for name in ("thead", "tbody", "tfoot")]
        last_row = None
        for section in reversed(sections):
            if section is not None and section.find("row") is not None:
                last_row = section.findall("row")[-1]
                break
        laid = {}
        for name, section in zip(("head", "body", "foot"), sections, strict=True):
            if section is None or self.excluded(section):
                laid[name] = []
                continue
            rows = [row for row in section.findall("row") if not self.excluded(row)]
            laid[name] = self.table_rows(section, rows, group, name == "head", last_row)
        return {"widths": _widths(group), **laid}

    def table_rows(self, section, rows, group: Group, head: bool, last_row) -> list[Row]:
        layout = lay_out(rows, group)
        laid = []
        for index, row in enumerate(rows):
            cells: list[dict] = []
            for cell in layout.rows[index]:
                if not isinstance(cell, Cell):  # a column no entry fills
                    cells.append({"filler": True, "header": head})
                    continue
                bottom = rows[index + cell.morerows]
                cells.append(
                    self.table_cell(
                        cell.entry,
                        row,
                        section,
                        group,
                        head,
                        cell.start,
                        cell.end,
                        cell.morerows,
                        bottom is last_row,
                    )
                )
            laid.append(Row(cells, self.numbering.anchors.get(row, "")))
        return laid

    def table_cell(
        self,
        entry,
        row,
        section,
        group: Group,
        head: bool,
        start: int,
        end: int,
        morerows: int,
        at_bottom: bool,
    ) -> dict:
        span = group.spans.get(entry.get("spanname", ""))
        leftmost, last = group.column(start), group.column(end)
        align = first(entry.get("align"), _attribute(span, "align"), leftmost.align, group.align)
        valign = first(entry.get("valign"), row.get("valign"), section.get("valign"))
        colsep = first(entry.get("colsep"), _attribute(span, "colsep"), last.colsep, group.colsep)
        rowsep = first(entry.get("rowsep"), row.get("rowsep"), leftmost.rowsep, group.rowsep)
        classes = []
        if align in ("left", "right", "center", "justify", "char"):
            classes.append(f"align-{'left' if align == 'char' else align}")
        if valign in ("top", "middle", "bottom"):
            classes.append(f"valign-{valign}")
        if colsep == "1" and end < group.cols:
            classes.append("colsep")
        if rowsep == "1" and not at_bottom:
            classes.append("rowsep")
        if self.marks is not None and entry in self.marks.cells:
            classes.append("erratum")
        span_columns = end - start + 1
        scope = ""
        if head:
            scope = "colgroup" if span_columns > 1 else "col"
        return {
            "filler": False,
            "header": head,
            "scope": scope,
            "colspan": span_columns,
            "rowspan": morerows + 1,
            "classes": " ".join(classes),
            # a table in a cell: the id is its table's
            "id": self.numbering.anchors.get(entry, "") if entry.tag == "entry" else "",
            "content": (
                self.render(entry) if entry.tag == "entrytbl" else self.contents(entry, skip=())
            )
            + self.mark(entry)
            + self.cell_erratum(entry),
        }


def _widths(group: Group) -> list[str]:
    """CSS widths of the columns ('' when free); proportional widths become percentages."""
    specs = [group.column(number).width for number in range(1, group.cols + 1)]
    if not any(specs):
        return []
    stars = [_PROPORTIONAL.match(spec) for spec in specs]
    if all(stars):
        shares = [float(star.group(1) or 1) for star in stars]
        total = sum(shares)
        if not total > 0 or total == float("inf"):  # « 0* » everywhere: no share to give
            return []
        return [f"width: {100 * share / total:.2f}%" for share in shares]
    widths = []
    for spec in specs:
        measure = _MEASURE.match(spec)
        widths.append(f"width: {measure.group(1)}{measure.group(2) or 'pt'}" if measure else "")
    return widths


def _attribute(element: etree._Element | None, attribute: str) -> str | None:
    return element.get(attribute) if element is not None else None
