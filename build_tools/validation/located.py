"""A finding about one element of a book: where it stands, in what, and the line it is on."""

from __future__ import annotations

from lxml import etree

from build_tools.diagnostics import Finding, at_line
from build_tools.model.docbook import enclosing
from build_tools.reader import Document


def finding_at(
    document: Document,
    element: etree._Element,
    category: str,
    message: str,
    *,
    key: str,
    severity: str = "error",
    attribute: str | None = None,
) -> Finding:
    """A finding at `element` (or at one of its attributes), quoting its source line."""
    file, line, column = document.locate(element, attribute)
    return at_line(
        Finding(
            severity,
            category,
            message,
            file=file,
            line=line,
            column=column,
            where=enclosing(element),
            key=key,
            element=element,
        )
    )
