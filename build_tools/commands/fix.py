"""`rulebook check --diff` and `--fix`: the corrections the errata's records carry, made.

Each erratum's record carries its correction (`build_tools.checking.correction`,
computed when it is judged). `--diff` prints them as a patch, `--fix` applies
them and drops the ledger entries they fix; both take back, on a copy of the
book checked again, a correction that would leave a finding behind.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from build_tools.diagnostics import Correction, Finding, display_path
from build_tools.encoding import lines_of, read_source

_KNOWN = re.compile(r"^\[\[known\]\]\s*$")


def corrections(findings: Iterable[Finding]) -> list[Correction]:
    """The corrections the records of `findings` carry, in source order; an edit two records
    make (a number an erratum corrects, with its decimal mark) once; none a patch cannot
    make (`Correction.by_hand`)."""
    found = {
        (correction.file, correction.line, correction.column, correction.old, correction.new): (
            dataclasses.replace(correction, finding_id=finding.id)  # its id once made unique
        )
        for finding in reversed(findings)
        for correction in finding.corrections
        if not correction.by_hand
    }
    return sorted(found.values(), key=lambda c: (str(c.file), c.line, c.column))


def apply(edits: list[Correction]) -> dict[Path, tuple[str, str]]:
    """File -> (text before, text after) once every edit is made."""
    by_file: dict[Path, list[Correction]] = {}
    for edit in edits:
        by_file.setdefault(edit.file, []).append(edit)
    changed = {}
    for file, file_edits in by_file.items():
        before = read_source(file).text
        lines = lines_of(before)
        # Right to left on each line, so that earlier columns stay true.
        for edit in sorted(file_edits, key=lambda e: (e.line, e.column), reverse=True):
            text = lines[edit.line - 1]
            start = edit.column - 1
            if text[start : start + len(edit.old)] != edit.old:
                continue
            lines[edit.line - 1] = text[:start] + edit.new + text[start + len(edit.old) :]
        changed[file] = (before, "".join(lines))
    return changed


def unified_diff(changed: dict[Path, tuple[str, str]]) -> str:
    """A patch of `changed` that `patch -p1` (or `git apply`) applies from the current folder."""
    patches = []
    for file in sorted(changed):
        before, after = changed[file]
        name = display_path(file)
        patches.extend(
            difflib.unified_diff(
                lines_of(before),
                lines_of(after),
                f"a/{name}",
                f"b/{name}",
            )
        )
    return "".join(patches)


def without_entries(ledger: str, identifiers: set[str]) -> str:
    """A ledger's text without the `[[known]]` entries of `identifiers`, comments kept."""
    lines = ledger.splitlines(keepends=True)
    starts = [index for index, line in enumerate(lines) if _KNOWN.match(line)]
    removed: set[int] = set()
    for position, start in enumerate(starts):
        end = starts[position + 1] if position + 1 < len(starts) else len(lines)
        # An entry ends at its last key: comments and blank lines after it belong to what follows.
        while end > start + 1 and not re.match(r"\s*\w+\s*=", lines[end - 1]):
            end -= 1
        block = "".join(lines[start:end])
        if any(f'id = "{identifier}"' in block for identifier in identifiers):
            removed.update(range(start, end))
            # and the blank line that separated it from the next entry
            if end < len(lines) and not lines[end].strip():
                removed.add(end)
    return "".join(line for index, line in enumerate(lines) if index not in removed)


CORRECTED = ("erratum", "typography")
"""The findings whose records carry corrections: the rules' errata, and the numbers a book
writes with another language's decimal mark."""

ROUNDS = 6
"""How many times a book is corrected and checked again: a fixed number can show the next one."""


@dataclass
class Settlement:
    """What the corrections of a book come to: the files they change, the findings they fix,
    and what a check would still find new once they are made."""

    changed: dict[Path, tuple[str, str]]
    """File -> (text before, text after): the sources corrected."""
    fixed: set[str]
    """The findings the corrections make go: new errata, and known findings (errata, and
    what follows from them elsewhere: a character sheet that copied a wrong number)."""
    remaining: list[Finding]
    """The new findings at the threshold a check still gives once the corrections are made
    and the fixed findings' ledger entries removed."""


def settle(book, chosen=lambda finding: True, threshold: str = "error", report=None) -> Settlement:
    """The corrections of `book` that leave its check clean, and the findings they fix.

    They are made on a copy of the book folder, which is checked again after
    each round: a correction whose passage then shows a finding that no
    correction resolves (a binding that no longer matches, a statement in words
    the new number contradicts), or whose erratum is still reported, is taken
    back, so `--fix` never makes a check fail; an erratum a correction reveals
    further on (a total that follows from the corrected number) is corrected in
    the next round. Only the errata `chosen(finding)` accepts are corrected (--select,
    --new-only), and those a chosen correction reveals. `report`, when given, is the book's
    full check, which the copy's first check would repeat.
    """
    import shutil
    import tempfile

    from build_tools.books import Book
    from build_tools.examine import examine

    with tempfile.TemporaryDirectory(prefix="rulebook-fix-") as temporary:
        copy = Path(temporary) / book.folder.name
        shutil.copytree(book.folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
        twin = Book(book.name, copy, copy / book.main.relative_to(book.folder))
        report = _in_copy(report, book.folder, copy) if report is not None else None
        report = report if report is not None else examine(twin)
        if not report.readable:
            return Settlement({}, set(), [])
        # what the corrections may fix: the errata, and what follows from them elsewhere
        # (a character sheet that copied a wrong number), known or new
        first = {f.id for f in report.findings if f.known or f.category in CORRECTED}
        initial = {f.id for f in report.findings}
        refused: set[str] = set()
        for _ in range(ROUNDS):
            errata = [
                f
                for f in report.findings
                if f.category in CORRECTED
                and f.where not in refused
                and (f.id not in initial or chosen(f))
            ]
            edits = corrections(errata)
            if not edits:
                break
            where = {f.id: f.where for f in errata}
            saved = {edit.file: edit.file.read_bytes() for edit in edits}
            seen = {f.id for f in report.findings}

            def spoiled_by(made: list[Correction], saved=saved, seen=seen):
                for file, raw in saved.items():
                    file.write_bytes(raw)
                _write(apply(made))
                checked = examine(twin)
                return checked, {
                    f.where
                    for f in checked.findings
                    if f.id not in seen
                    and f.category != "ledger-stale"
                    and (f.category not in CORRECTED or not f.corrections)
                }

            after, spoiled = spoiled_by(edits)
            passages = {where[e.finding_id] for e in edits}
            # An erratum its correction did not fix (the binding reads the edit otherwise:
            # « °R + 5 » made « °R - 5 » still reads 5) is not corrected again over the edit.
            still = {f.id for f in after.findings}
            spoiled |= {where[e.finding_id] for e in edits if e.finding_id in still}
            if spoiled - passages:
                # A finding elsewhere (a character sheet that copies the number): find which
                # passage's corrections cause it, one passage at a time.
                for passage in sorted(passages):
                    _, alone = spoiled_by([e for e in edits if where[e.finding_id] == passage])
                    if alone:
                        spoiled.add(passage)
            if spoiled:
                refused |= spoiled
                after, _ = spoiled_by([e for e in edits if where[e.finding_id] not in spoiled])
            report = after
        fixed = first - {f.id for f in report.findings}
        remaining = [
            f
            for f in report.new(threshold)
            if not (f.category == "ledger-stale" and f.key in fixed)
        ]
        changed = {}
        for path in sorted(copy.rglob("*")):
            if path.suffix not in (".xml", ".ent", ".xsd") and not path.name.endswith(".xml"):
                continue
            original = book.folder / path.relative_to(copy)
            if original.is_file() and original.read_bytes() == path.read_bytes():
                continue
            before = read_source(original).text if original.is_file() else ""
            changed[original] = (before, read_source(path).text)
        return Settlement(changed, fixed, remaining)


def _in_copy(report, folder: Path, copy: Path):
    """`report` of the book in `folder` as the check of its `copy` gives it, the findings'
    corrections made in the copy's files; None when the copy may read otherwise (a symbolic
    link, followed by the copy: the book may have been refused what the copy reads)."""
    folder = folder.resolve()
    if not report.readable or any(path.is_symlink() for path in folder.rglob("*")):
        return None

    def moved(file: Path) -> Path:
        return copy / Path(file).resolve().relative_to(folder)

    try:
        findings = [
            dataclasses.replace(
                finding,
                corrections=[
                    dataclasses.replace(correction, file=moved(correction.file))
                    for correction in finding.corrections
                ],
            )
            if finding.corrections
            else finding
            for finding in report.findings
        ]
    except ValueError:  # a correction outside the book's folder: the copy's check says
        return None
    return dataclasses.replace(report, findings=findings)


def _write(changed: dict[Path, tuple[str, str]]) -> None:
    for file, (_, after) in changed.items():
        file.write_bytes(read_source(file).encode(after))


def chosen_by(select: list[str], new_only: bool):
    """Which errata --select ID|CATEGORY (repeatable) and --new-only let be corrected."""

    def chosen(finding: Finding) -> bool:
        if new_only and finding.known:
            return False
        return not select or finding.id in select or finding.category in select

    return chosen


def run(results, write: bool, chosen=lambda finding: True, threshold: str = "error") -> int:
    """`rulebook check --diff` (print the patch) or `--fix` (apply it, update the ledgers).

    The patch holds the sources' corrections and the ledger's entries they make stale, so
    applying it leaves the check green. The status is the check's once the corrections are
    made: 0 nothing new is wrong, 1 findings remain that no correction settles; 2 when a book
    cannot be read (or its ledger cannot, or its rules did not run): no patch for it, its
    fatal findings on stderr.
    """
    import sys

    from build_tools.ledger import renoted_deck
    from build_tools.output import remove_leftovers, write_atomic

    status = 0
    for result in results:
        fatal = [finding for finding in result.findings if finding.severity == "fatal"]
        game = [finding for finding in result.findings if finding.category == "game-error"]
        if not result.readable or fatal or game:
            for finding in fatal or game or result.findings:
                print(finding.astext(), file=sys.stderr)
            why = "its rules did not run" if game and not fatal else "the book cannot be read"
            print(f"rulebook: {result.book.name}: no correction: {why}", file=sys.stderr)
            status = 2
            continue
        settled = settle(result.book, chosen, threshold, result)
        known = {finding.id for finding in result.findings if finding.known}
        changed = dict(settled.changed)
        ledger = result.book.ledger
        gone = settled.fixed & known
        if gone and ledger.is_file():
            text = ledger.read_bytes().decode("utf-8")  # TOML is UTF-8; its line ends are kept
            changed[ledger] = (text, without_entries(text, gone))
        # a card's note on an erratum fixed goes with it
        deck = None
        if (noted := renoted_deck(result.book.folder, dict.fromkeys(gone))) is not None:
            deck, before, after = noted
            changed[deck] = (before, after)
        if settled.remaining:
            status = max(status, 1)
        for finding in result.findings:
            for edit in finding.corrections:
                if edit.by_hand and chosen(finding):
                    print(
                        f"rulebook: {result.book.name}: {finding.id}: « {edit.old} » → "
                        f"« {edit.new} »: not applied automatically: {edit.by_hand}",
                        file=sys.stderr,
                    )
        if not write:
            print(unified_diff(changed), end="")
            continue
        folder = result.book.folder.resolve()
        remove_leftovers(folder)  # what a killed --fix was writing
        for file, (_, after) in changed.items():  # each file keeps its mode
            toml = file in (ledger, deck)
            written = after.encode("utf-8") if toml else read_source(file).encode(after)
            write_atomic(file, written, root=folder)
        for identifier in sorted(settled.fixed):
            said = "fixed" if identifier in known else "corrected new"
            where = " (its ledger entry removed)" if identifier in gone else ""
            print(f"rulebook: {result.book.name}: {said} {identifier}{where}", file=sys.stderr)
    return status
