"""The grid of a CALS table: which columns and rows each entry covers, computed one way.

The grid is laid out as CALS defines it: an entry starts at its `namest`, its
`spanname`'s or its `colname` column (else at the next free one), spans to
`nameend`, and covers `morerows` more rows (clipped to the rows of its head,
body or foot). The HTML lays its cells out from it, the validation reports from
it what does not fit, and the checker and the card check name a cell by its
column and its row's first column in it, so that all of them agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from build_tools import limits

ENTRIES = ("entry", "entrytbl")


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
    """One tgroup (or entrytbl): its columns, named spans, and inherited settings."""

    cols: int
    columns: dict[int, Column] = field(default_factory=dict)
    names: dict[str, int] = field(default_factory=dict)
    spans: dict[str, etree._Element] = field(default_factory=dict)
    align: str | None = None
    colsep: str | None = None
    rowsep: str | None = None

    def column(self, number: int) -> Column:
        return self.columns.get(number) or Column(number)


@dataclass(frozen=True)
class Cell:
    """One entry placed in the grid: its first and last column, and the rows below it covers."""

    entry: etree._Element
    row: int
    start: int
    end: int
    morerows: int


@dataclass(frozen=True)
class Problem:
    """What keeps an entry from fitting: said by the validation at `element`."""

    element: etree._Element
    message: str
    key: str


@dataclass
class Layout:
    """The rows of one head, body or foot, laid out.

    `rows[i]` holds, in page order, each cell that starts in row i and the number of
    each column that no entry fills (an empty cell on the page); `covered[i]` is
    the set of columns of row i that an entry fills, from that row or from above.
    """

    rows: list[list[Cell | int]]
    covered: list[dict[int, Cell]]
    problems: list[Problem]

    def cells(self, row: int) -> list[Cell]:
        return [cell for cell in self.rows[row] if isinstance(cell, Cell)]

    def at(self, row: int, column: int) -> Cell | None:
        """The cell that fills `column` of `row` (an entry of a row above, when it spans down)."""
        return self.covered[row].get(column)


def group_of(tgroup: etree._Element, table: etree._Element | None = None) -> Group:
    """A tgroup's columns and spans; `table` (its parent by default) gives inherited rules."""
    table = tgroup.getparent() if table is None else table
    # Bounded: a 300-byte table must not ask for a billion cells (validation reports it).
    cols = min(max(1, number(tgroup.get("cols"), 1)), limits.TABLE_COLUMNS)
    group = Group(
        cols=cols,
        align=tgroup.get("align"),
        colsep=first(tgroup.get("colsep"), _get(table, "colsep")),
        rowsep=first(tgroup.get("rowsep"), _get(table, "rowsep")),
    )
    position = 0
    for colspec in tgroup.findall("colspec"):
        position = number(colspec.get("colnum"), position + 1)
        if not 1 <= position <= cols:
            continue  # a column the table does not have: validation reports it
        column = Column(
            position,
            colspec.get("colname", ""),
            colspec.get("colwidth", ""),
            colspec.get("align"),
            colspec.get("colsep"),
            colspec.get("rowsep"),
        )
        group.columns[position] = column
        if column.name:
            group.names[column.name] = position
    for spanspec in tgroup.findall("spanspec"):
        group.spans[spanspec.get("spanname", "")] = spanspec
    return group


def lay_out(rows: list[etree._Element], group: Group) -> Layout:
    """The grid of `rows` (one head, body or foot, as printed) in the columns of `group`."""
    layout = Layout([], [], [])
    pending: dict[int, tuple[int, Cell]] = {}  # column -> (rows still to cover, the cell above)
    for index, row in enumerate(rows):
        covered = {column: cell for column, (count, cell) in pending.items() if count > 0}
        pending = {column: (count - 1, cell) for column, (count, cell) in pending.items()}
        placed: list[Cell | int] = []
        column = 1
        for entry in row:
            if not isinstance(entry.tag, str) or entry.tag not in ENTRIES:
                continue
            start, end = _columns(entry, group, layout.problems)
            if start is None:
                start = column
                while start in covered:
                    start += 1
                end = max(start, end or start)
            while column < start:
                if column not in covered:
                    placed.append(column)
                column += 1
            more = _morerows(entry, layout.problems)
            # a span past the last row of its head or body is clipped, as browsers would
            cell = Cell(entry, index, start, end, max(0, min(more, len(rows) - 1 - index)))
            for spanned in range(start, end + 1):
                if spanned in covered:
                    layout.problems.append(
                        Problem(
                            entry,
                            f"entry overlaps column {spanned}, already filled",
                            f"overlap-{spanned}",
                        )
                    )
                covered[spanned] = cell
                if cell.morerows:
                    pending[spanned] = (cell.morerows, cell)
            placed.append(cell)
            column = end + 1
        while column <= group.cols:
            if column not in covered:
                placed.append(column)
            column += 1
        layout.rows.append(placed)
        layout.covered.append(covered)
    return layout


def _columns(
    entry: etree._Element, group: Group, problems: list[Problem]
) -> tuple[int | None, int | None]:
    """The first and last column of `entry`, when it names them (a problem when a name is
    unknown, or the span runs backwards)."""
    spanname = entry.get("spanname")
    span = group.spans.get(spanname or "")
    if spanname and span is None:
        problems.append(
            Problem(
                entry,
                f"entry refers to spanname {spanname!r}, which no spanspec defines",
                f"spanname-{spanname}",
            )
        )
    start_name = entry.get("namest") or _get(span, "namest") or entry.get("colname")
    end_name = entry.get("nameend") or _get(span, "nameend")
    for name in (start_name, end_name):
        if name and name not in group.names:
            problems.append(
                Problem(
                    entry,
                    f"entry refers to colname {name!r}, which no colspec defines",
                    f"colname-{name}",
                )
            )
    start = group.names.get(start_name) if start_name else None
    end = group.names.get(end_name) if end_name else None
    if start is None:
        return None, end
    if end is not None and end < start:
        problems.append(
            Problem(
                entry,
                f"entry spans from colname {start_name!r} back to {end_name!r}, an earlier column",
                f"span-{start_name}-{end_name}",
            )
        )
    return start, max(start, end or start)


def _morerows(entry: etree._Element, problems: list[Problem]) -> int:
    """How many rows below an entry it also covers (a problem if that is not a number)."""
    value = entry.get("morerows", "0") or "0"
    # ASCII digits only: `str.isdigit()` also takes « ² » and « ١ », which `int()` refuses
    if value.strip().isascii() and value.strip().isdigit():
        return int(value)
    problems.append(
        Problem(entry, f"morerows={value!r} is not a number of rows", f"morerows-{value}")
    )
    return 0


def number(value: str | None, default: int) -> int:
    """An integer attribute; a missing or malformed one (the validator reports it) is `default`."""
    try:
        return int(value) if value is not None and value.strip() else default
    except ValueError:
        return default


def first(*values: str | None) -> str | None:
    """The first value given (neither None nor empty): how CALS settings are inherited."""
    return next((value for value in values if value is not None and value != ""), None)


def _get(element: etree._Element | None, attribute: str) -> str | None:
    return element.get(attribute) if element is not None else None


def filled_rows(table: etree._Element, head: bool = True) -> list[list[etree._Element]]:
    """Each row of `table` (of all its tgroups; its head's only when `head`) as the entries
    that fill its columns, left to right: an entry spanning columns, or rows down, stands in
    each column and each row it fills, as on the page."""
    filled = []
    for tgroup in table.iter("tgroup"):
        group = group_of(tgroup, table)
        for section in tgroup:
            if section.tag not in ("thead", "tbody", "tfoot") or (
                section.tag == "thead" and not head
            ):
                continue
            layout = lay_out(section.findall("row"), group)
            for covered in layout.covered:
                filled.append([cell.entry for _, cell in sorted(covered.items())])
    return filled
