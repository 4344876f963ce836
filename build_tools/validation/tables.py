"""CALS tables: each row fills exactly `cols` columns, colspecs agree, no column is empty."""

from __future__ import annotations

from lxml import etree

from build_tools import limits
from build_tools.diagnostics import Finding
from build_tools.model.docbook import text_of
from build_tools.model.grid import group_of, lay_out
from build_tools.model.language import language_of
from build_tools.model.said import said_in
from build_tools.reader import Document
from build_tools.validation.located import finding_at

SAID = {
    "fr": {
        "empty": "la colonne {column} est vide dans toutes les lignes du corps",
        "row": "la ligne {first}",
        "rows": "les lignes {first} à {last}",
        "fill": "{rows} {part} remplissent {count} colonne(s) sur {cols}{extra}",
        "fill_one": "{rows} {part} remplit {count} colonne(s) sur {cols}{extra}",
        "beyond": " (colonnes au-delà de {cols} : {beyond})",
        "tbody": "du corps",
        "thead": "de l’en-tête",
        "tfoot": "du pied",
    },
    "en": {
        "empty": "column {column} is empty in every row of the body",
        "row": "row {first}",
        "rows": "rows {first} to {last}",
        "fill": "{rows} of the {part} fill {count} column(s) of {cols}{extra}",
        "fill_one": "{rows} of the {part} fill {count} column(s) of {cols}{extra}",
        "beyond": " (columns beyond {cols}: {beyond})",
        "tbody": "body",
        "thead": "head",
        "tfoot": "foot",
    },
}
"""The findings of a table's rows and columns in the book's language."""


def check(document: Document, language: str | None = None) -> list[Finding]:
    """`language`: the book's, as `examine` decided it (`model.language.language_of`; its
    root's when not given)."""
    said = said_in(SAID, language or language_of(document.root))
    findings: list[Finding] = []
    for group in document.root.iter("tgroup", "entrytbl"):  # an entrytbl is a tgroup in a cell
        findings += _check_group(document, group, said)
    return findings


def _check_group(document: Document, group: etree._Element, said: dict) -> list[Finding]:
    findings = []

    def report(element, category, message, key, severity="error"):
        findings.append(
            finding_at(document, element, category, message, key=key, severity=severity)
        )

    try:
        cols = int(group.get("cols", ""))
        if cols < 1:
            raise ValueError(cols)
    except ValueError:
        report(
            group,
            "table",
            f"{group.tag} cols={group.get('cols')!r} is not a number of columns",
            "cols",
        )
        return findings
    if cols > limits.TABLE_COLUMNS:
        report(
            group,
            "limit",
            f"{group.tag} cols={cols} is more than the limit of {limits.TABLE_COLUMNS} columns "
            "(rulebook.limits.TABLE_COLUMNS): the table is not checked further",
            "cols-limit",
        )
        return findings
    colspecs = group.findall("colspec")
    if len(colspecs) > cols:
        report(
            colspecs[cols],
            "table",
            f"{len(colspecs)} colspecs for a table of cols={cols}",
            "colspec-count",
        )
    names: dict[str, int] = {}
    position = 0
    for colspec in colspecs:
        position = (
            int(colspec.get("colnum", position + 1))
            if _whole(colspec.get("colnum", ""))
            else position + 1
        )
        if position > cols:
            report(
                colspec,
                "table",
                f"colspec for column {position} of a table of cols={cols}",
                f"colspec-{position}",
            )
            continue  # no entry can name a column the table does not have
        name = colspec.get("colname")
        if name:
            if name in names:
                report(
                    colspec,
                    "table",
                    f"colspec colname {name!r} is defined twice",
                    f"colname-{name}",
                )
            names[name] = position
    grid = group_of(group)
    filled_columns: set[int] = set()
    body_rows = 0
    for section in group:
        if section.tag not in ("thead", "tbody", "tfoot"):
            continue
        rows = section.findall("row")
        layout = lay_out(rows, grid)
        for problem in layout.problems:
            report(problem.element, "table", problem.message, problem.key)
        shortfalls: list = []
        for row, covered in zip(rows, layout.covered, strict=True):
            if section.tag == "tbody":
                body_rows += 1
                filled_columns.update(c for c, cell in covered.items() if text_of(cell.entry))
            if set(covered) != set(range(1, cols + 1)):
                shortfalls.append((row, len(covered), sorted(c for c in covered if c > cols)))
            else:
                shortfalls.append(None)
        _report_rows(shortfalls, cols, section.tag, report, said)
    if body_rows:
        for column in range(1, cols + 1):
            if column not in filled_columns:
                report(
                    group,
                    "table-empty-column",
                    said["empty"].format(column=column),
                    f"empty-{column}",
                    severity="warning",
                )
    return findings


def _report_rows(shortfalls, cols, part, report, said) -> None:
    """One finding per run of consecutive rows with the same wrong number of columns."""
    runs: list[list] = []
    for index, shortfall in enumerate(shortfalls, start=1):
        if shortfall is None:
            continue
        row, count, beyond = shortfall
        if runs and runs[-1][-1][0] == index - 1 and runs[-1][-1][2] == count:
            runs[-1].append((index, row, count, beyond))
        else:
            runs.append([(index, row, count, beyond)])
    for run in runs:
        first, row, count, beyond = run[0]
        last = run[-1][0]
        rows = f"row {first}" if first == last else f"rows {first} to {last}"
        said_rows = said["row" if first == last else "rows"].format(first=first, last=last)
        extra = said["beyond"].format(cols=cols, beyond=beyond) if beyond else ""
        report(
            row,
            "table-row",
            said["fill_one" if first == last else "fill"].format(
                rows=said_rows, part=said.get(part, part[1:]), count=count, cols=cols, extra=extra
            ),
            f"{part}-{rows}-{count}-of-{cols}",
        )


def _whole(value: str) -> bool:
    """Whether `value` is a whole number in ASCII digits: `str.isdigit()` also takes « ² » and
    « ١ », which `int()` then refuses or reads as another number."""
    return value.isascii() and value.isdigit()
