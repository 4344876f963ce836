"""The correction of each erratum whose right wording the rules determine, as an edit of a source.

An erratum finding points at the wrong number (or words) in its source file:
its line and column. When the rules give a value that can be written the
way the text writes it (a whole number, a decimal with at most two places,
the book's own words between « »), the correction replaces exactly that
token. The errata page shows it (« Lire : … »), `rulebook check --diff` prints
it as a patch, `--fix` applies it and drops the ledger entries it fixes, and
SARIF carries it as the result's `fixes`. A correction the rules do not
determine (a statement in words, a probability with no short decimal form) is
left to the author: the reason says what is wrong.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from build_tools.checking.matching import differing_words, words_given
from build_tools.diagnostics import Finding, display_path
from build_tools.encoding import lines_of, read_source

_NUMBER = re.compile(r"[+\-−]?\d+(?:[.,]\d+)?")
_KNOWN = re.compile(r"^\[\[known\]\]\s*$")


@dataclass(frozen=True)
class Correction:
    """Replace `old` by `new` at `line`:`column` (1-based) of `file`: the erratum `finding_id`."""

    file: Path
    line: int
    column: int
    old: str
    new: str
    finding_id: str

    def region(self) -> dict[str, Any]:
        """The SARIF `deletedRegion` of this correction."""
        return {
            "startLine": self.line,
            "startColumn": self.column,
            "endLine": self.line,
            "endColumn": self.column + len(self.old),
        }


def correction_of(finding: Finding) -> Correction | None:
    """The edit that corrects `finding`, when the rules determine it and the source still has it."""
    if finding.category != "erratum" or finding.file is None or not finding.line:
        return None
    if not finding.column:
        return None
    line = _source_line(Path(finding.file), finding.line)
    if line is None:
        return None
    start = finding.column - 1
    if _is_number(finding.found) and _is_number(finding.expected):
        return _number_correction(finding, line, start)
    if isinstance(finding.found, str) and isinstance(finding.expected, str):
        given = words_given(finding.expected)
        if given is None or given == finding.found:
            return None
        if line.startswith(finding.found, start):
            return Correction(
                Path(finding.file), finding.line, finding.column, finding.found,
                given, finding.id,
            )  # fmt: skip
        # Markup inside the words (« <link>Mental</link> (Mt) »): only the words that
        # differ are replaced, where the line writes them once after the erratum's column.
        differing = differing_words(finding.found, given)
        if differing is None:
            return None
        old, new = finding.found[differing[0] : differing[1]], differing[2]
        if old and line.count(old, start) == 1:
            column = line.index(old, start) + 1
            return Correction(Path(finding.file), finding.line, column, old, new, finding.id)
    return None


def corrections(findings: Iterable[Finding]) -> list[Correction]:
    """The corrections of those of `findings` whose correction is determined, in source order."""
    found = [c for c in (correction_of(finding) for finding in findings) if c is not None]
    return sorted(found, key=lambda c: (str(c.file), c.line, c.column))


def corrected(text: str, correction: Correction) -> str | None:
    """`text` (an excerpt of the passage) as it reads once corrected, or None if `old` is not in it.

    When the token stands several times in the excerpt, the middle one is
    meant: an excerpt is cut around the claim it quotes.
    """
    pattern = re.compile(r"(?<![\d.,])" + re.escape(correction.old) + r"(?![\d])")
    matches = list(pattern.finditer(text))
    if not matches:
        return None
    middle = len(text) / 2
    chosen = min(matches, key=lambda match: abs((match.start() + match.end()) / 2 - middle))
    return text[: chosen.start()] + correction.new + text[chosen.end() :]


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


def _number_correction(finding: Finding, line: str, start: int) -> Correction | None:
    match = _NUMBER.match(line, start)
    if match is None or _value(match.group()) != Fraction(finding.found):
        # the column may point just after a sign that belongs to the number
        match = _NUMBER.match(line, start - 1) if start else None
        if match is None or _value(match.group()) != Fraction(finding.found):
            return None
    token = match.group()
    written = _written(Fraction(finding.expected), token)
    if written is None:
        return None
    column = match.start() + 1
    if token[0] not in "+-−" and written[0] in "-−":
        # « °R + 5 » whose 5 should be −5 reads « °R - 5 »: the operator changes, not the number.
        operator = re.search(r"\+\s*$", line[: match.start()])
        if operator:
            column = operator.start() + 1
            spacing = line[operator.start() + 1 : match.start()]
            return Correction(
                Path(finding.file), finding.line, column,
                line[operator.start() : match.end()],
                written[0] + spacing + written[1:], finding.id,
            )  # fmt: skip
    return Correction(Path(finding.file), finding.line, column, token, written, finding.id)


def _written(value: Fraction, token: str) -> str | None:
    """`value` written as the book wrote `token`: its sign, its minus sign, its decimal mark."""
    for places in range(3):
        if (value * 10**places).denominator == 1:
            break
    else:
        return None
    if places and not re.search(r"[.,]", token):
        return None  # « autour de 25 » for 30.5: the text rounds, the rules do not say how
    magnitude = abs(value)
    if places:
        mark = "," if "," in token else "."
        whole = f"{float(magnitude):.{places}f}".replace(".", mark)
    else:
        whole = str(magnitude.numerator)
    minus = "−" if "−" in token else "-"
    if value < 0:
        return minus + whole
    if token[0] in "+-−" and value > 0:
        return "+" + whole
    return whole


def _value(token: str) -> Fraction:
    return Fraction(token.replace("−", "-").replace(",", ".").lstrip("+"))


def _is_number(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, Fraction)):
        return True
    if isinstance(value, str):
        return bool(re.fullmatch(r"-?\d+(?:/\d+)?", value))
    return False


def _source_line(file: Path, number: int) -> str | None:
    try:
        lines = lines_of(read_source(file).text)
    except (OSError, UnicodeDecodeError):
        return None
    return lines[number - 1].rstrip("\r\n") if 0 < number <= len(lines) else None


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


def settle(book, chosen=lambda finding: True, threshold: str = "error") -> Settlement:
    """The corrections of `book` that leave its check clean, and the findings they fix.

    They are made on a copy of the book folder, which is checked again after
    each round: a correction whose passage then shows a finding that no
    correction resolves (a binding that no longer matches, a statement in words
    the new number contradicts), or whose erratum is still reported, is taken
    back, so `--fix` never makes a check fail; an erratum a correction reveals
    further on (a total that follows from the corrected number) is corrected in
    the next round. Only the errata `chosen(finding)` accepts are corrected (--select,
    --new-only), and those a chosen correction reveals.
    """
    import shutil
    import tempfile

    from build_tools.books import Book
    from build_tools.examine import examine

    with tempfile.TemporaryDirectory(prefix="rulebook-fix-") as temporary:
        copy = Path(temporary) / book.folder.name
        shutil.copytree(book.folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
        twin = Book(book.name, copy, copy / book.main.relative_to(book.folder))
        report = examine(twin)
        if not report.readable:
            return Settlement({}, set(), [])
        # what the corrections may fix: the errata, and what follows from them elsewhere
        # (a character sheet that copied a wrong number), known or new
        first = {f.id for f in report.findings if f.known or f.category == "erratum"}
        initial = {f.id for f in report.findings}
        refused: set[str] = set()
        for _ in range(ROUNDS):
            errata = [
                f
                for f in report.findings
                if f.category == "erratum"
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
                    and (f.category != "erratum" or correction_of(f) is None)
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

    from build_tools.render.output import remove_leftovers, write_atomic

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
        settled = settle(result.book, chosen, threshold)
        known = {finding.id for finding in result.findings if finding.known}
        changed = dict(settled.changed)
        ledger = result.book.ledger
        gone = settled.fixed & known
        if gone and ledger.is_file():
            text = ledger.read_bytes().decode("utf-8")  # TOML is UTF-8; its line ends are kept
            changed[ledger] = (text, without_entries(text, gone))
        if settled.remaining:
            status = max(status, 1)
        if not write:
            print(unified_diff(changed), end="")
            continue
        folder = result.book.folder.resolve()
        remove_leftovers(folder)  # what a killed --fix was writing
        for file, (_, after) in changed.items():  # each file keeps its mode
            written = after.encode("utf-8") if file == ledger else read_source(file).encode(after)
            write_atomic(file, written, root=folder)
        for identifier in sorted(settled.fixed):
            said = "fixed" if identifier in known else "corrected new"
            where = " (its ledger entry removed)" if identifier in gone else ""
            print(f"rulebook: {result.book.name}: {said} {identifier}{where}", file=sys.stderr)
    return status
