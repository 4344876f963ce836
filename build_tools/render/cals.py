"""CALS tables (DocBook `table`/`tgroup`/`colspec`/`row`/`entry`) laid out as HTML tables.

The grid is computed as CALS defines it: an entry starts at its `colname`,
`namest` or `spanname` column (else at the next free one), spans to `nameend`,
and covers `morerows` more rows. Rules (`colsep`, `rowsep`) and alignment are
inherited entry → row → spanspec/colspec → tgroup → table; a rule is never
drawn on the outer edge, which belongs to `frame`. Columns that no entry fills
get an empty cell (class "filler"), so that every row is as wide as `cols`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lxml import etree

from build_tools import limits

FRAMES = ("all", "top", "bottom", "topbot", "sides", "none")
_PROPORTIONAL = re.compile(r"^\s*(\d*\.?\d+)?\s*\*\s*$", re.ASCII)
_MEASURE = re.compile(r"^\s*(\d*\.?\d+)\s*(in|cm|mm|pt|pc|px|em)?\s*$", re.ASCII)


@dataclass
class Column:
    number: int
    name: str = ""
    width: str = ""
    align: str | None = None
    colsep: str | None = None
    rowsep: str | None = None


@dataclass
class Group:
    """One tgroup: its columns, named spans, and inherited settings."""

    cols: int
    columns: dict[int, Column] = field(default_factory=dict)
    names: dict[str, int] = field(default_factory=dict)
    spans: dict[str, etree._Element] = field(default_factory=dict)
    align: str | None = None
    colsep: str | None = None
    rowsep: str | None = None

    def column(self, number: int) -> Column:
        return self.columns.get(number) or Column(number)


@dataclass
class Row:
    """One row of a table: its cells, and its source id (put on its <tr>)."""

    cells: list[dict]
    id: str = ""


class CalsTables:
    """The table methods of the translator (mixed into `Translator`)."""

    def visit_table(self, element: etree._Element) -> str:
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

    def table_part(self, element: etree._Element) -> str:
        return self.misplaced(element, "a table")

    visit_tgroup = visit_colspec = visit_spanspec = visit_thead = visit_tbody = table_part
    visit_tfoot = visit_row = visit_entry = table_part

    def table_group(self, tgroup: etree._Element, table: etree._Element) -> dict:
        """What the `table` macro needs for one tgroup: column widths and rows of cells."""
        group = _group(tgroup, table)
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
        pending: dict[int, int] = {}
        laid = []
        for index, row in enumerate(rows):
            occupied = {column for column, count in pending.items() if count > 0}
            for column in occupied:
                pending[column] -= 1
            cells: list[dict] = []
            column = 1
            for entry in row:
                if not isinstance(entry.tag, str) or entry.tag not in ("entry", "entrytbl"):
                    continue
                start, end = _columns(entry, group)
                if start is None:
                    start = column
                    while start in occupied:
                        start += 1
                    end = max(start, end or start)
                while column < start:
                    if column not in occupied:
                        cells.append({"filler": True, "header": head})
                    column += 1
                # a span past the last row of its head or body is clipped, as browsers would
                morerows = max(0, min(_number(entry.get("morerows"), 0), len(rows) - 1 - index))
                for spanned in range(start, end + 1):
                    if morerows:
                        pending[spanned] = morerows
                bottom = rows[min(len(rows) - 1, index + morerows)]
                cells.append(
                    self.table_cell(
                        entry, row, section, group, head, start, end, morerows, bottom is last_row
                    )
                )
                column = end + 1
            while column <= group.cols:
                if column not in occupied:
                    cells.append({"filler": True, "header": head})
                column += 1
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
        first, last = group.column(start), group.column(end)
        align = _first(entry.get("align"), _get(span, "align"), first.align, group.align)
        valign = _first(entry.get("valign"), row.get("valign"), section.get("valign"))
        colsep = _first(entry.get("colsep"), _get(span, "colsep"), last.colsep, group.colsep)
        rowsep = _first(entry.get("rowsep"), row.get("rowsep"), first.rowsep, group.rowsep)
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
            "content": self.markup(
                (self.render(entry) if entry.tag == "entrytbl" else self.contents(entry, skip=()))
                + self.mark(entry)
                + self.cell_erratum(entry)
            ),
        }


def _group(tgroup: etree._Element, table: etree._Element) -> Group:
    # Bounded: a 300-byte table must not ask for a billion cells (validation reports it).
    cols = min(max(1, _number(tgroup.get("cols"), 1)), limits.TABLE_COLUMNS)
    group = Group(
        cols=cols,
        align=tgroup.get("align"),
        colsep=_first(tgroup.get("colsep"), table.get("colsep")),
        rowsep=_first(tgroup.get("rowsep"), table.get("rowsep")),
    )
    number = 0
    for colspec in tgroup.findall("colspec"):
        number = _number(colspec.get("colnum"), number + 1)
        if not 1 <= number <= cols:
            continue  # a column the table does not have: validation reports it
        column = Column(
            number,
            colspec.get("colname", ""),
            colspec.get("colwidth", ""),
            colspec.get("align"),
            colspec.get("colsep"),
            colspec.get("rowsep"),
        )
        group.columns[number] = column
        if column.name:
            group.names[column.name] = number
    for spanspec in tgroup.findall("spanspec"):
        group.spans[spanspec.get("spanname", "")] = spanspec
    return group


def _columns(entry: etree._Element, group: Group) -> tuple[int | None, int | None]:
    """The first and last column of `entry`, when it names them."""
    span = group.spans.get(entry.get("spanname", ""))
    start_name = entry.get("namest") or _get(span, "namest") or entry.get("colname")
    end_name = entry.get("nameend") or _get(span, "nameend")
    start = group.names.get(start_name) if start_name else None
    end = group.names.get(end_name) if end_name else None
    if start is None:
        return None, end
    return start, max(start, end or start)


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


def _number(value: str | None, default: int) -> int:
    """An integer attribute; a missing or malformed one (the validator reports it) is `default`."""
    try:
        return int(value) if value is not None and value.strip() else default
    except ValueError:
        return default


def _first(*values: str | None) -> str | None:
    return next((value for value in values if value is not None and value != ""), None)


def _get(element: etree._Element | None, attribute: str) -> str | None:
    return element.get(attribute) if element is not None else None
