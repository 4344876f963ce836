"""Output names: two divisions whose pages would be one file are a finding, never an overwrite."""

from __future__ import annotations

from build_tools.diagnostics import Finding
from build_tools.reader import Document
from build_tools.render.numbering import number
from build_tools.validation.located import finding_at


def check(document: Document) -> list[Finding]:
    numbering = number(document.root)
    return [
        finding_at(
            document,
            division,
            "output-name",
            f"its page would be {wanted!r}, already the page of an earlier division (an id "
            f"that differs from another only by characters a file name cannot keep): it is "
            f"written as {numbering.pages[division]!r}; give it an id of its own",
            key=wanted,
            attribute="id",
        )
        for division, wanted in numbering.renamed.items()
    ]
