"""Where an erratum stands in a checked passage: the run of text and span of its token, or its cell.

A finding names the wrong number's line and column in its source file; the
passage's element knows its text only as runs (an element's text, a child's
tail) starting on known lines. Matching the two places the mark on the very
token, so a table written one row per line gets its ✗ in the right cell.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from lxml import etree

from build_tools.diagnostics import Finding, source_line

_STANDALONE_NUMBER = re.compile(r"(?<![\d.,])[+\-−]?\d+(?:[.,]\d+)?(?![\d]|[.,]\d)")


def cell_at(document, table: etree._Element, finding: Finding) -> etree._Element | None:
    """The entry of `table` whose source holds the erratum's line and column."""
    if table.tag not in ("table", "informaltable") or document is None:
        return None
    position = (finding.line, finding.column)
    starts = [(document.locate(entry)[1:], entry) for entry in table.iter("entry")]
    before = [(start, entry) for start, entry in starts if start <= position]
    return max(before, key=lambda item: item[0])[1] if before else None


def locate(document, element: etree._Element, finding: Finding):
    """(owner, slot, start, end) of the erratum's token inside `element`, or None."""
    file = Path(finding.file)
    if document is not None and document.file_of(element) != file:
        return None
    line_text = source_line(file, finding.line)
    for owner, slot, text, first_line in runs(element):
        lines = text.split("\n")
        index = finding.line - first_line
        if not 0 <= index < len(lines):
            continue
        segment = lines[index]
        offset = sum(len(part) + 1 for part in lines[:index])
        candidates = tokens(segment, finding.found)
        if not candidates:
            continue
        segment_column = 1 if index else line_text.find(segment) + 1 if segment else 0
        chosen = next(
            (c for c in candidates if segment_column and segment_column + c[0] == finding.column),
            None,
        )
        if chosen is None and len(candidates) == 1:
            chosen = candidates[0]
        if chosen is None:
            continue
        return owner, slot, offset + chosen[0], offset + chosen[1]
    return None


def runs(element: etree._Element):
    """Each run of text inside `element`: (owner, slot, text, the line it starts on)."""
    runs: list[tuple[etree._Element, int, str, int]] = []

    def walk(node: etree._Element, line: int) -> int:
        runs.append((node, -1, node.text or "", line))
        line += (node.text or "").count("\n")
        for index, child in enumerate(node):
            line = child.sourceline or line
            if isinstance(child.tag, str):
                line = walk(child, line)
            else:
                line += (child.text or "").count("\n")
            runs.append((node, index, child.tail or "", line))
            line += (child.tail or "").count("\n")
        return line

    walk(element, element.sourceline or 0)
    return runs


def tokens(segment: str, found: Any) -> list[tuple[int, int]]:
    """Where `found` (a number, or words) stands in `segment`."""
    if isinstance(found, str):
        return [(m.start(), m.end()) for m in re.finditer(re.escape(found), segment)]
    values = found if isinstance(found, tuple) else (found,)
    wanted = {Fraction(value) for value in values if _numbers(value)}
    spans = []
    for match in _STANDALONE_NUMBER.finditer(segment):
        token = match.group()
        value = Fraction(token.replace("−", "-").replace(",", ".").lstrip("+"))
        if value in wanted:
            spans.append((match.start(), match.end()))
    return spans


def _numbers(value: Any) -> bool:
    values = value if isinstance(value, tuple) else (value,)
    return bool(values) and all(
        isinstance(item, (int, Fraction)) and not isinstance(item, bool) for item in values
    )
