"""How `rulebook check` prints findings: text for people; JSON, JUnit and SARIF for machines."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from lxml import etree

from build_tools.diagnostics import display_path

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_LEVELS = {"fatal": "error", "error": "error", "warning": "warning", "info": "note"}


def text(results, threshold: str) -> str:
    lines = []
    for result in results:
        new = result.new(threshold)
        # Warnings and notes below the threshold do not fail the check, but are shown:
        # a skipped validation or an empty column is worth a look.
        for finding in result.findings:
            if not finding.known:
                lines.append(finding.astext())
        for finding in result.findings:
            if finding.known:
                where = f"{finding.where}: " if finding.where else ""
                lines.append(
                    f"{finding.location()}: known {finding.severity}: {where}{finding.message} "
                    f"[{finding.category}]"
                )
        lines.append(_summary(result, new))
    return "\n".join(lines) + "\n"


def _summary(result, new) -> str:
    counts = {}
    for finding in result.findings:
        counts[finding.severity] = counts.get(finding.severity, 0) + 1
    known = sum(1 for f in result.findings if f.known)
    parts = [f"{result.book.name}: {len(new)} new finding(s), {known} known (in the ledger)"]
    if counts:
        parts.append("; ".join(f"{n} {severity}" for severity, n in sorted(counts.items())))
    line = ", ".join(parts)
    if result.coverage:
        c = result.coverage
        n = c["numbers"]
        line += (
            f"\n  coverage: examples {c['examples']['bound']}/{c['examples']['total']} bound, "
            f"tables {c['tables']['bound']}/{c['tables']['total']}, "
            f"glossary values {c['glossary']['bound']}/{c['glossary']['total']}\n"
            f"  numbers: {n['total']} in all: {n['given']} given, {n['claimed']} claimed, "
            f"{n['waived']} waived, {n['unbound']} unbound; "
            f"prose: {c['prose']['bound']} of {c['prose']['total']} numbers bound"
        )
    elif result.readable and result.game is None:
        line += "\n  (no rules module for this book: validated only)"
    return line


def as_json(results, threshold: str) -> str:
    books = []
    for result in results:
        entry = {
            "book": result.book.name,
            "main": display_path(result.book.main),
            "readable": result.readable,
            "findings": [finding.as_dict() for finding in result.findings],
            "new": len(result.new(threshold)),
        }
        if result.coverage is not None:
            entry["coverage"] = result.coverage
        books.append(entry)
    return json.dumps({"books": books}, ensure_ascii=False, indent=2) + "\n"


NOT_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
"""Characters XML 1.0 cannot hold, which a source line (a form feed, a misread file) may."""


def _xml_text(text: str) -> str:
    return NOT_IN_XML.sub("\ufffd", text)


def junit(results, threshold: str) -> str:
    """JUnit XML: one test suite per book, one failing test case per new finding."""
    suites = etree.Element("testsuites", name="rulebook check")
    for result in results:
        new = {id(f) for f in result.new(threshold)}
        failing = [f for f in result.findings if id(f) in new]
        suite = etree.SubElement(
            suites,
            "testsuite",
            name=result.book.name,
            tests=str(max(1, len(failing))),
            failures=str(len(failing)),
            errors="0",
            skipped="0",
        )
        if not failing:
            etree.SubElement(
                suite,
                "testcase",
                name=f"{result.book.name}: no new finding",
                classname=result.book.name,
            )
        for finding in failing:
            # The JUnit schema that Jenkins reads has no file or line on a testcase:
            # the location goes in the failure's message, as in its text.
            case = etree.SubElement(
                suite, "testcase", name=_xml_text(finding.id), classname=result.book.name
            )
            failure = etree.SubElement(
                case,
                "failure",
                message=_xml_text(f"{finding.location()}: {finding.message}"),
                type=finding.category,
            )
            failure.text = _xml_text(finding.astext())
    return etree.tostring(suites, encoding="unicode", pretty_print=True)


def sarif(results, threshold: str) -> str:
    """SARIF 2.1.0, for code-scanning annotations in CI."""
    from build_tools.corrections import correction_of, settle

    rules: dict[str, dict] = {}
    findings = []
    for result in results:
        # The same corrections as `rulebook check --diff`: those that leave the check clean.
        fixed = settle(result.book)[1] if result.readable else set()
        for finding in result.findings:
            rules.setdefault(finding.category, {"id": finding.category, "name": finding.category})
            location = {
                "physicalLocation": {
                    "artifactLocation": {
                        "uri": _uri(
                            display_path(finding.file) if finding.file else result.book.name
                        )
                    }
                }
            }
            if finding.line:
                region = {"startLine": finding.line}
                if finding.column:
                    region["startColumn"] = finding.column
                location["physicalLocation"]["region"] = region
            where = f"{finding.where}: " if finding.where else ""
            item = {
                "ruleId": finding.category,
                "level": SARIF_LEVELS[finding.severity],
                "message": {
                    "text": where
                    + finding.message
                    + ("\n" + "\n".join(finding.derivation) if finding.derivation else "")
                },
                "locations": [location],
                "partialFingerprints": {"rulebookFindingId": finding.id},
            }
            correction = correction_of(finding) if finding.id in fixed else None
            if correction is not None:
                item["fixes"] = [_fix(correction, location)]
            if finding.known:
                item["suppressions"] = [
                    {"kind": "external", "justification": "in the book's ledger"}
                ]
            findings.append(item)
    document = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "rulebook",
                        "rules": sorted(rules.values(), key=lambda r: r["id"]),
                    }
                },
                "results": findings,
                # Columns count characters (code points), not SARIF's default UTF-16 units.
                "columnKind": "unicodeCodePoints",
            }
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _fix(correction, location: dict) -> dict:
    """A SARIF `fix`: replace the wrong token by what the rules give."""
    return {
        "description": {"text": f"{correction.old} -> {correction.new}"},
        "artifactChanges": [
            {
                "artifactLocation": location["physicalLocation"]["artifactLocation"],
                "replacements": [
                    {
                        "deletedRegion": correction.region(),
                        "insertedContent": {"text": correction.new},
                    }
                ],
            }
        ],
    }


def _uri(path: str) -> str:
    """A path as the relative URI reference SARIF wants: spaces and accents escaped."""
    return quote(Path(path).as_posix())


FORMATS: dict[str, Callable] = {"text": text, "json": as_json, "junit": junit, "sarif": sarif}
