"""What the rules check established, shown beside the passages it checked, and the errata page.

Each passage that a binding checked carries a discreet mark (✓ verified,
✗ erratum, ◌ incomplete) that opens on the claims and their working. An
erratum is shown where it occurs with the value the rules give; the book's
known errata (the ledger) are listed on a page of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from lxml import etree

from build_tools.diagnostics import Finding
from build_tools.ledger import read_ledger

ERRATUM = "erratum"
WORKING_STEPS = 12
"""The steps of a working shown beside a passage; `rulebook check --format json` has them all."""


@dataclass
class Marks:
    """The verification of each checked element, ready to render."""

    verifications: dict
    findings: list[Finding]
    reasons: dict[str, str]
    words: dict[str, str]
    decimal_comma: bool = True
    ids: dict[etree._Element, str] = field(default_factory=dict)
    folder: Path | None = None
    """The book's folder: errata name their source file relative to it."""
    errata_page: str | None = None
    """Where the errata are: '#errata' on the single page, 'errata.html' when split."""
    cells: dict[etree._Element, list[str]] = field(default_factory=dict)
    """A table entry -> what is wrong in it, so the cell itself shows the erratum."""
    errata_at: dict[str, list[Finding]] = field(default_factory=dict)
    """The errata of each passage, by its `where`: looked up once per mark, not searched."""

    @classmethod
    def of(cls, report, words: dict[str, str], decimal_comma: bool) -> Marks:
        entries, _ = read_ledger(report.book.ledger)
        marks = cls(
            verifications=report.verifications,
            findings=[f for f in report.findings if f.category == ERRATUM],
            reasons={entry.id: entry.reason for entry in entries},
            words=words,
            decimal_comma=decimal_comma,
            folder=report.book.folder,
        )
        for count, element in enumerate(report.verifications, start=1):
            marks.ids[element] = f"check-{count}"
        for finding in marks.findings:
            if finding.where:
                marks.errata_at.setdefault(finding.where, []).append(finding)
        marks._place_table_errata(report.document)
        return marks

    def _place_table_errata(self, document) -> None:
        """Find the entry of each checked table where each of its errata is (by source line)."""
        for element, verification in self.verifications.items():
            if element.tag not in ("table", "informaltable"):
                continue
            entries = [
                entry
                for entry in element.iter("entry")
                if entry.sourceline and document.file_of(entry) == document.file_of(element)
            ]
            for finding in self.errata_at.get(verification.where, []):
                if not finding.line:
                    continue
                if finding.file and Path(finding.file) != document.file_of(element):
                    continue
                above = [entry for entry in entries if entry.sourceline <= finding.line]
                if above:
                    cell = max(above, key=lambda entry: entry.sourceline)
                    self.cells.setdefault(cell, []).append(self._finding_statement(finding))

    def cell(self, entry: etree._Element, translator) -> str:
        """The erratum sign of a table entry the check found wrong, with what the rules give."""
        statements = self.cells.get(entry)
        if not statements:
            return ""
        return str(translator.blocks.cell_erratum(statement="; ".join(statements)))

    def render(self, element: etree._Element, translator) -> str:
        """The mark of `element` (empty when no binding checked it)."""
        verification = self.verifications.get(element)
        if verification is None:
            return ""
        errata = self.errata_at.get(verification.where, [])
        claims, used = [], set()
        for claim in verification.claims:
            finding = None if claim.agreed else self._finding_for(claim, errata)
            if finding is not None:
                used.add(id(finding))
            claims.append(self._claim(claim, finding))
        # Errata a binding stated in words rather than through a numeric claim.
        claims += [self._stated(finding) for finding in errata if id(finding) not in used]
        status = ERRATUM if any(not claim["agreed"] for claim in claims) else verification.status
        notes = []
        if verification.unbound:
            notes.append(self.words["unchecked_numbers"].format(count=verification.unbound))
        if verification.failed:
            notes.append(self.words["binding_failed"])
        wrong = [claim["statement"] for claim in claims if not claim["agreed"]]
        summary = {
            "verified": self.words["verified_short"],
            "incomplete": self.words["incomplete_short"],
            ERRATUM: wrong[0]
            if len(wrong) == 1
            else self.words["errata_count"].format(count=len(wrong)),
        }[status]
        title = {
            "verified": self.words["verified"],
            "incomplete": self.words["incomplete"],
            ERRATUM: self.words["erratum"],
        }[status]
        return str(
            translator.blocks.verification(
                id=self.ids[element],
                status=status,
                title=title,
                summary=summary,
                claims=claims,
                notes=notes,
                errata_href=self.errata_page or "",
            )
        )

    def statement(self, found: Any, expected: Any) -> str:
        """« Le texte dit 12, les règles donnent 11 »."""
        return (
            f"{self.words['text_says']} {self.show(found)}, "
            f"{self.words['rules_give']} {self.show(expected)}"
        )

    def _claim(self, claim, finding: Finding | None) -> dict[str, Any]:
        return {
            "text": claim.text,
            "expected": self.show(claim.expected),
            "agreed": claim.agreed,
            "statement": "" if claim.agreed else self.statement(claim.found, claim.expected),
            "working": self.working(claim.working),
            "known": bool(finding and finding.known),
            "reason": self.reasons.get(finding.id, "") if finding else "",
        }

    def _stated(self, finding: Finding) -> dict[str, Any]:
        return {
            "text": (finding.text or "").strip("…"),
            "expected": self.show(finding.expected),
            "agreed": False,
            "statement": self._finding_statement(finding),
            "working": self.working(finding.derivation),
            "known": finding.known,
            "reason": self.reasons.get(finding.id, ""),
        }

    def _finding_statement(self, finding: Finding) -> str:
        if finding.found is None or finding.expected is None:
            return finding.message
        return self.statement(finding.found, finding.expected)

    @staticmethod
    def _finding_for(claim, errata: list[Finding]) -> Finding | None:
        for finding in errata:
            if claim.text in (finding.text or "") and finding.found in claim.found:
                return finding
        return None

    def working(self, steps) -> list[str]:
        """The first steps of a working, and how many more there are."""
        steps = [str(step) for step in steps]
        if len(steps) <= WORKING_STEPS:
            return steps
        more = self.words["more_steps"].format(count=len(steps) - WORKING_STEPS)
        return steps[:WORKING_STEPS] + [more]

    def show(self, values: tuple | Any) -> str:
        """Numbers as a French reader writes them: 1/3 ≈ 0,333."""
        if not isinstance(values, tuple):
            values = (values,)
        return ", ".join(self._number(value) for value in values)

    def _file(self, path: Path) -> str:
        path = Path(path)
        if self.folder is not None and path.is_relative_to(self.folder):
            return str(path.relative_to(self.folder))
        return path.name

    def _number(self, value: Any) -> str:
        if isinstance(value, Fraction) and value.denominator != 1:
            approximate = f"{float(value):.3g}"
            if self.decimal_comma:
                approximate = approximate.replace(".", ",")
            return f"{value} ≈ {approximate}"
        if isinstance(value, Fraction):
            return str(value.numerator)
        return str(value)

    def errata(self, link, describe) -> dict[str, list[dict[str, Any]]]:
        """The errata of the book for the errata page: the ledger's, then the others found.

        `link(element, anchor)` makes the link to the mark of a checked element;
        `describe(element)` names it in the book's words (« Tableau 1.1, « … » »).
        """
        elements = {
            verification.where: element for element, verification in self.verifications.items()
        }
        known, new = [], []
        for finding in self.findings:
            element = elements.get(finding.where)
            entry = {
                "where": describe(element) if element is not None else finding.where,
                "location": f"{self._file(finding.file)}:{finding.line}" if finding.file else "",
                "text": finding.text,
                "statement": self._finding_statement(finding),
                "working": self.working(finding.derivation),
                "reason": self.reasons.get(finding.id, ""),
                "href": link(element, self.ids[element]) if element is not None else "",
                "id": finding.id,
            }
            (known if finding.known else new).append(entry)
        return {"known": known, "new": new}
