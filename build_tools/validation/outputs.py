"""Output names: two divisions whose pages would be one file, or an id the HTML also gives to part
of another element, are a finding, never an overwrite nor two anchors of one name."""

from __future__ import annotations

import re

from build_tools.diagnostics import Finding
from build_tools.model.ids import id_map
from build_tools.model.numbering import number
from build_tools.reader import Document
from build_tools.validation.located import finding_at

DERIVED = re.compile(r"^(?P<base>.+)-(?P<part>caption|row-(?P<row>\d+)|call|ref)$")
"""The ids the HTML derives from an element's own: a table's caption and rows, a note's call and
back-link (templates/html/blocks.html, render/html/inline.py)."""
PARTS = {"caption": ("table", "informaltable"), "row": ("table", "informaltable")}
PARTS |= {"call": ("footnote",), "ref": ("footnote",)}


def check(document: Document) -> list[Finding]:
    return _page_names(document) + _derived_ids(document)


def _derived_ids(document: Document) -> list[Finding]:
    """An id the HTML also gives to part of another element (« t1-caption » beside table t1)."""
    owners = id_map(document.root)
    findings = []
    for identifier, element in owners.items():
        derived = DERIVED.match(identifier)
        owner = owners.get(derived.group("base")) if derived else None
        part = derived.group("part").split("-")[0] if derived else ""
        if owner is None or owner.tag not in PARTS[part]:
            continue
        what = {
            "caption": "the caption of",
            "row": f"row {derived.group('row')} of",
            "call": "the call of",
            "ref": "the link back to the call of",
        }[part]
        findings.append(
            finding_at(
                document,
                element,
                "output-name",
                f"its id is also the name the HTML gives to {what} the {owner.tag} "
                f"{owner.get('id')!r}: the page would hold two anchors of that name; give it "
                "another id",
                key=identifier,
                attribute="id",
            )
        )
    return findings


def _page_names(document: Document) -> list[Finding]:
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
