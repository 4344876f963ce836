"""Validation of a book read into one tree: each check returns findings, none raises."""

from __future__ import annotations

from build_tools.diagnostics import Finding
from build_tools.model.language import language_of
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
WORDED = frozenset({schema.check, references.check, tables.check, glossary.check, decimals.check})
"""The checks that are also given the book's language: what they find, or their words, is in it."""


def validate(document: Document, language: str | None = None) -> list[Finding]:
    """Every validation finding about `document`, a book in `language` (as `examine` decided
    it from the book and its settings: `model.language.language_of`; its root's when not
    given)."""
    language = language or language_of(document.root)
    findings: list[Finding] = []
    for check in CHECKS:
        findings += check(document, language) if check in WORDED else check(document)
    return findings
