"""How `rulebook check` reports findings: text for people; GitHub, JSON, JUnit, SARIF for machines.

Every format is a function `(results, settings) -> str`, registered by name in FORMATS.

Over 500 lines, for a reason: the five formats (text, JSON, SARIF, JUnit, GitHub) print
the same records side by side, so that a change of the record shows in all of them.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from lxml import etree

import build_tools
from build_tools.diagnostics import SEVERITIES, counted, display_path, terminal_safe

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_LEVELS = {"fatal": "error", "error": "error", "warning": "warning", "info": "note"}
GITHUB_LEVELS = {"fatal": "error", "error": "error", "warning": "warning", "info": "notice"}
SHORT_WORKING = 6
"""Lines of a finding's working shown without -v (a figure's table runs to forty)."""


@dataclass
class Settings:
    """How much to say, and from where: the failing threshold, verbosity, the project's root."""

    threshold: str = "error"
    verbosity: int = 0
    """-1 quiet (new findings only), 0 normal, 1 verbose (known findings and whole workings)."""
    root: Path = field(default_factory=Path.cwd)
    """The project's root: SARIF URIs are relative to it (`uriBaseId` PROJECTROOT)."""
    colour: bool = False
    """Text: each finding's place, severity and category in colour, as gcc and ruff print them."""


COLOURS = {"fatal": "1;31", "error": "1;31", "warning": "1;35", "info": "1;36"}
"""The SGR colour of each severity, gcc's: bold red errors, bold magenta warnings, cyan notes."""


def colour_wanted(stream) -> bool:
    """Colour on a terminal, unless NO_COLOR is set (or TERM=dumb); FORCE_COLOR forces it
    anywhere, as CPython and most tools read them (https://no-color.org)."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("TERM") == "dumb":
        return False
    return hasattr(stream, "isatty") and stream.isatty()


def _painted(text: str, finding, settings: Settings) -> str:
    """A finding's text with its first line in colour: the place bold, the severity and the
    category in the severity's colour, the caret green."""
    if not settings.colour:
        return text
    sgr = COLOURS[finding.severity]
    place = f"{finding.location()}: "
    severity = f"{finding.severity}:"
    first, *rest = text.split("\n")
    if first.startswith(place + severity) and first.endswith(f" [{finding.category}]"):
        message = first[len(place + severity) : -len(f" [{finding.category}]")]
        first = (
            f"\x1b[1m{place}\x1b[0m\x1b[{sgr}m{severity}\x1b[0m\x1b[1m{message}\x1b[0m "
            f"[\x1b[{sgr}m{finding.category}\x1b[0m]"
        )
    if finding.caret and len(rest) > 1 and rest[1].strip() == "^":
        rest[1] = rest[1].replace("^", "\x1b[1;32m^\x1b[0m")
    return "\n".join([first, *rest])


EXIT_STATUSES = {
    0: "nothing new is wrong",
    1: "findings the ledger does not know, or ledger entries that no longer occur",
    2: "a book or its ledger cannot be read",
}
"""What `rulebook check` exits with, as SARIF's invocation describes it (see cli.py)."""


def exit_status(results, threshold: str) -> int:
    """0, 1 or 2 (EXIT_STATUSES) for a check of these books."""
    if any(
        not result.readable or any(f.severity == "fatal" for f in result.findings)
        for result in results
    ):
        return 2
    if any(result.new(threshold) for result in results):
        return 1
    return 0


def text(results, settings: Settings) -> str:
    """Each book's summary first, then its new findings; known ones counted (listed with -v)."""
    lines = []
    if settings.verbosity >= 0:
        # a book's name and note come from its folder: shown, never obeyed, line by line
        lines += [
            "\n".join(map(terminal_safe, _summary(result, settings).split("\n")))
            for result in results
        ]
    for result in results:
        broken = _broken_ledger(result)
        if broken:
            lines += [finding.astext() for finding in broken]
            others = counted(len(result.findings) - len(broken), "other finding")
            lines.append(
                f"{result.book.name}: {others} not matched with the ledger: fix the ledger first"
            )
            continue
        new = {id(finding) for finding in result.new(settings.threshold)}
        for finding in result.findings:
            # Warnings and notes below the threshold do not fail the check, but are shown:
            # a skipped validation or an empty column is worth a look. -q shows what fails.
            if finding.known or (settings.verbosity < 0 and id(finding) not in new):
                continue
            lines.append(_painted(_astext(finding, settings), finding, settings))
        known = [finding for finding in result.findings if finding.known]
        if settings.verbosity > 0:
            for finding in known:
                where = f"{finding.where}: " if finding.where else ""
                lines.append(
                    terminal_safe(
                        f"{finding.location()}: known {finding.severity}: {where}"
                        f"{finding.message} [{finding.category}]"
                    )
                )
        elif known and settings.verbosity == 0:
            lines.append(
                f"{result.book.name}: {counted(len(known), 'known finding')} not listed "
                "(-v lists them)"
            )
    return "".join(line + "\n" for line in lines)


def _broken_ledger(result) -> list:
    """The findings that say a book's ledger cannot be read: then nothing else can be matched
    with it, and only they are reported."""
    return [f for f in result.findings if f.category == "ledger" and f.severity == "fatal"]


def _astext(finding, settings: Settings) -> str:
    if settings.verbosity > 0 or len(finding.derivation) <= SHORT_WORKING + 1:
        return finding.astext()
    shown = finding.derivation[:SHORT_WORKING]
    rest = len(finding.derivation) - len(shown)
    text = dataclasses.replace(finding, derivation=shown).astext()
    marker = f"  id: {finding.id}"
    head, _, tail = text.rpartition(marker)
    return f"{head}    … {counted(rest, 'more line')} (-v shows them)\n{marker}{tail}"


def _summary(result, settings: Settings) -> str:
    # The counts say what the text lists: the new findings (a warning below the threshold too,
    # shown without failing), the notes apart; the known ones are counted, listed with -v.
    unknown = [f for f in result.findings if not f.known and f.severity != "info"]
    notes = sum(1 for f in result.findings if not f.known and f.severity == "info")
    known = sum(1 for f in result.findings if f.known)
    line = f"{result.book.name}: {counted(len(unknown), 'new finding')}"
    if unknown:
        line += f" ({_by_severity(unknown)})"
        failing = len(result.new(settings.threshold))
        if failing != len(unknown):
            line += f", {failing} failing"
    if notes:
        line += f", {counted(notes, 'note')}"
    line += f", {known} known (in the ledger)"
    note = result.book.note
    if note:
        line += f"\n  ({note})"
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
        if n.get("not reached"):
            line += f", {n['not reached']} not reached (a binding failed)"
        for key, name in (
            ("terms", "terms"),
            ("relations", "relation words"),
            ("counts", "count words"),
        ):
            if key in c:
                w = c[key]
                line += (
                    f"\n  {name}: {w['total']} in all: {w.get('given', 0)} given, "
                    f"{w['claimed']} claimed, "
                    f"{w['waived']} waived, {w['unbound']} unbound"
                )
        if c.get("rules"):
            r = c["rules"]
            line += (
                f"\n  rules: {r['total']} rules and constants, {r['citing']} cite a sentence "
                f"of the book ({r['stated']} found in it)"
            )
    elif result.readable and result.game is None:
        unjudged = getattr(result, "unjudged", 0)
        judged = (
            f"; {unjudged} ledger entr{'y' if unjudged == 1 else 'ies'} of the rules not judged"
            if unjudged
            else ""
        )
        if any(f.category == "game-error" for f in result.findings):
            line += f"\n  (its game cannot load: validated only{judged})"
        else:
            line += f"\n  (no rules module for this book, or --no-rules: validated only{judged})"
    return line


def _by_severity(findings) -> str:
    """« 4 errors, 1 warning »: the findings counted by severity, the most serious first."""
    counts: dict[str, int] = {}
    for finding in findings:
        counts[finding.severity] = counts.get(finding.severity, 0) + 1
    nouns = {"fatal": ("fatal error", "")}
    return ", ".join(
        counted(counts[severity], *nouns.get(severity, (severity, "")))
        for severity in reversed(SEVERITIES)
        if severity in counts
    )


def github(results, settings: Settings) -> str:
    """GitHub Actions workflow commands: one annotation per new finding, then the summaries."""
    lines = []
    for result in results:
        for finding in result.findings:
            if finding.known:  # a note is a `::notice`, as the text shows it
                continue
            level = GITHUB_LEVELS[finding.severity]
            properties = {"title": f"rulebook {finding.category}"}
            if finding.file is not None:
                properties["file"] = display_path(finding.file)
                if finding.line:
                    properties["line"] = str(finding.line)
                    if finding.column:
                        properties["col"] = str(finding.column)
            where = f"{finding.where}: " if finding.where else ""
            message = where + finding.message
            if finding.derivation:
                message += "\n" + "\n".join(finding.derivation)
            message += "".join(f"\n{line}" for line in finding.correction_lines())
            message += f"\nid: {finding.id}"
            fields = ",".join(
                f"{key}={_github_property(value)}" for key, value in properties.items()
            )
            lines.append(f"::{level} {fields}::{_github_data(message)}")
    lines += [_summary(result, settings) for result in results]
    return "".join(line + "\n" for line in lines)


def _github_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _github_property(text: str) -> str:
    return _github_data(text).replace(":", "%3A").replace(",", "%2C")


def as_json(results, settings: Settings) -> str:
    books = []
    for result in results:
        entry = {
            "book": result.book.name,
            "main": display_path(result.book.main),
            "readable": result.readable,
            "findings": [finding.as_dict() for finding in result.findings],
            "new": len(result.new(settings.threshold)),
        }
        if result.book.note:
            entry["note"] = result.book.note
        if result.coverage is not None:
            entry["coverage"] = result.coverage
        books.append(entry)
    return json.dumps({"books": books}, ensure_ascii=False, indent=2) + "\n"


NOT_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
"""Characters XML 1.0 cannot hold, which a source line (a form feed, a misread file) may."""


def _xml_text(text: str) -> str:
    return NOT_IN_XML.sub("\ufffd", text)


def junit(results, settings: Settings) -> str:
    """JUnit XML: a suite per book, a test case per finding the text shows, valid against the
    Jenkins JUnit schema (junit-10.xsd), as pytest's xunit2 reports are.

    An error or a warning the ledger does not know is a `<failure>` whose `type` is its
    category (a warning too, though it fails the check only under --strict: CI shows it); a
    note passes, its text in `<system-out>`; a known finding is `<skipped>`; a book that cannot
    be read (or whose ledger cannot be) is an `<error>`. Each message starts with the finding's
    file:line:col, which the schema gives no attribute for.
    """
    suites = etree.Element("testsuites", name="rulebook check")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for result in results:
        cases = _broken_ledger(result) or result.findings
        outcomes = [_outcome(finding) for finding in cases]
        suite = etree.SubElement(
            suites,
            "testsuite",
            name=result.book.name,
            tests=str(max(1, len(cases))),
            failures=str(outcomes.count("failure")),
            errors=str(outcomes.count("error")),
            skipped=str(outcomes.count("skipped")),
            file=_xml_text(display_path(result.book.main)),
        )
        totals["tests"] += max(1, len(cases))
        totals["failures"] += outcomes.count("failure")
        totals["errors"] += outcomes.count("error")
        if not cases:
            etree.SubElement(
                suite,
                "testcase",
                name=f"{result.book.name}: no finding",
                classname=result.book.name,
            )
        for finding, outcome in zip(cases, outcomes, strict=True):
            case = etree.SubElement(
                suite, "testcase", name=_xml_text(finding.id), classname=result.book.name
            )
            if outcome == "skipped":
                etree.SubElement(
                    case,
                    "skipped",
                    message=_xml_text(f"known (in the ledger): {finding.message}"),
                )
            elif outcome == "passed":
                etree.SubElement(case, "system-out").text = _xml_text(finding.astext())
            else:
                reported = etree.SubElement(
                    case,
                    outcome,
                    message=_xml_text(finding.astext().split("\n", 1)[0]),
                    type=finding.category,
                )
                reported.text = _xml_text(finding.astext())
    for name, total in totals.items():
        suites.set(name, str(total))
    return etree.tostring(suites, encoding="unicode", pretty_print=True)


def _outcome(finding) -> str:
    """What a finding is in JUnit: skipped (known), passed (a note), error (the book or its
    ledger cannot be read: nothing could be judged), failure (an error or a warning)."""
    if finding.known:
        return "skipped"
    if finding.severity == "info":
        return "passed"
    return "error" if finding.severity == "fatal" else "failure"


def sarif(results, settings: Settings) -> str:
    """SARIF 2.1.0, for code-scanning annotations in CI; URIs relative to the project's root."""
    rules: dict[str, dict] = {}
    findings = []
    root = Path(os.path.abspath(settings.root))
    for result in results:
        for finding in result.findings:
            rules.setdefault(finding.category, {"id": finding.category, "name": finding.category})
            location = {
                "physicalLocation": {
                    "artifactLocation": _artifact(finding.file or result.book.main, root)
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
                    + "".join(  # a correction no patch makes is no SARIF fix: said here
                        f"\nread « {c.new} » for « {c.old} » (not applied automatically: "
                        f"{c.by_hand})"
                        for c in finding.corrections
                        if c.by_hand
                    )
                },
                "locations": [location],
                "partialFingerprints": {"rulebookFindingId": finding.id},
            }
            applied = [c for c in finding.corrections if not c.by_hand]
            if applied:  # the erratum's own record: what --diff and --fix edit
                item["fixes"] = [_fix(applied, root)]
            if finding.related:
                item["relatedLocations"] = [
                    {
                        "id": number,
                        "physicalLocation": {
                            # Located as the finding itself is: under PROJECTROOT.
                            "artifactLocation": _artifact(Path(place["file"]), root)
                            if place.get("file")
                            else {"uri": _uri(result.book.name)},
                            **(
                                {"region": {"startLine": place["line"]}}
                                if place.get("line")
                                else {}
                            ),
                        },
                        "message": {"text": place.get("message", "")},
                    }
                    for number, place in enumerate(finding.related, start=1)
                ]
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
                        "version": build_tools.__version__,
                        "semanticVersion": build_tools.__version__,
                        "rules": sorted(rules.values(), key=lambda r: r["id"]),
                    }
                },
                "originalUriBaseIds": {"PROJECTROOT": {"uri": root.as_uri() + "/"}},
                "invocations": [_invocation(results, settings)],
                "results": findings,
                # Columns count characters (code points), not SARIF's default UTF-16 units.
                "columnKind": "unicodeCodePoints",
            }
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _invocation(results, settings: Settings) -> dict:
    """The run as SARIF's `invocation`: its exit status, and what kept the tool from judging
    all it was asked to (a book or a ledger that cannot be read, rules that did not run)."""
    status = exit_status(results, settings.threshold)
    notifications = []
    for result in results:
        name = result.book.name
        unjudged = getattr(result, "unjudged", 0)
        entries = (
            f"; {counted(unjudged, 'ledger entry', 'ledger entries')} of its rules not judged"
            if unjudged
            else ""
        )
        if not result.readable:
            said = ("error", "unreadable", f"{name} cannot be read: nothing of it was checked")
        elif _broken_ledger(result):
            said = (
                "error",
                "ledger-unreadable",
                f"the ledger of {name} cannot be read: no finding was matched with it",
            )
        elif any(f.category == "game-error" for f in result.findings):
            said = ("error", "rules-not-run", f"the game of {name} cannot load: validated only")
        elif result.game is None:
            said = (
                "note",
                "validated-only",
                f"{name}: no rules module, or --no-rules: validated only",
            )
        else:
            continue
        level, identifier, message = said
        notifications.append(
            {
                "level": level,
                "descriptor": {"id": identifier},
                "message": {"text": message + entries},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": _artifact(
                                result.book.main, Path(os.path.abspath(settings.root))
                            )
                        }
                    }
                ],
            }
        )
    return {
        # A run that could not read a book did not do what it was asked.
        "executionSuccessful": status != 2,
        "exitCode": status,
        "exitCodeDescription": EXIT_STATUSES[status],
        "toolExecutionNotifications": notifications,
    }


def _fix(corrections: list, root: Path) -> dict:
    """A SARIF `fix`: replace the wrong tokens by what the rules give, file by file."""
    files: dict[Path, list] = {}
    for correction in corrections:
        files.setdefault(Path(correction.file), []).append(correction)
    return {
        "description": {"text": ", ".join(f"{c.old} -> {c.new}" for c in corrections)},
        "artifactChanges": [
            {
                "artifactLocation": _artifact(file, root),
                "replacements": [
                    {
                        "deletedRegion": correction.region(),
                        "insertedContent": {"text": correction.new},
                    }
                    for correction in edits
                ],
            }
            for file, edits in files.items()
        ],
    }


def _artifact(path: Path, root: Path) -> dict:
    """A file as SARIF locates it: relative to PROJECTROOT when under it, else absolute."""
    absolute = Path(os.path.abspath(path))
    if absolute.is_relative_to(root):
        return {"uri": _uri(absolute.relative_to(root).as_posix()), "uriBaseId": "PROJECTROOT"}
    return {"uri": absolute.as_uri()}


def _uri(path: str) -> str:
    """A path as the relative URI reference SARIF wants: spaces and accents escaped."""
    return quote(Path(path).as_posix())


FORMATS: dict[str, Callable] = {
    "text": text,
    "github": github,
    "json": as_json,
    "junit": junit,
    "sarif": sarif,
}
