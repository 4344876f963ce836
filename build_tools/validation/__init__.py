"""Validation of a book read into one tree: each check returns findings, none raises."""

from __future__ import annotations

from build_tools.diagnostics import Finding
from build_tools.reader import Document
from build_tools.validation import (
    attributes,
    decimals,
    files,
    glossary,
    outputs,
    references,
    schema,
    support,
    tables,
)

CHECKS = (
    schema.check,
    support.check,
    references.check,
    attributes.check,
    files.check,
    outputs.check,
    tables.check,
    glossary.check,
    decimals.check,
)


def validate(document: Document) -> list[Finding]:
    """Every validation finding about `document`."""
    findings: list[Finding] = []
    for check in CHECKS:
        findings += check(document)
    return findings
