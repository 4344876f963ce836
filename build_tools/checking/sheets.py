"""The sheet's description and example characters checked against the book: ordinary findings.

Two things are checked during `rulebook check`:

- every rule a sheet's box or check cites is a sentence the book has (a
  citation the book lost is a `sheet-source` finding at the description);
- every example character the game ships is read and totalled like any
  character file, and each total the book prints for him is compared with the
  sheet's: a disagreement is a `sheet-total` finding at the book's line.

A total the book prints wrong because a number behind it is an erratum the
rules already found (Marie-Pierre's Ph 6 → 7 written from a 6 that is 5) is
that erratum, not a second fault: `fold` adds the sheet's words to its working.
"""

from __future__ import annotations

import inspect
import traceback
from dataclasses import dataclass
from pathlib import Path

from build_tools.checking.character import UnusableCharacter, read_character
from build_tools.checking.notation import LANGUAGE
from build_tools.checking.passage import Passage, compile_pattern
from build_tools.diagnostics import Finding, source_line
from build_tools.model.numbers import number_value
from build_tools.model.said import place_named, said_in
from build_tools.model.sentences import Citations, Prose, prose_of
from build_tools.model.sheet import Agreement, Description, printed

TAGS = ("para", "row", "entry", "screen", "title", "listitem")
"""Where the totals a book prints for a character may stand (found by `prose_of`)."""


SAID = {
    "fr": {
        "stale": "fiche de {name} : le livre n’imprime plus « {pattern} » près de « {near} »",
        "total": "le livre imprime {book} pour {total}, la fiche calcule {sheet} ({file})",
        "folded": "{where} : {message}",
    },
    "en": {
        "stale": "sheet of {name}: the book no longer prints « {pattern} » near « {near} »",
        "total": "the book prints {book} for {total}, the sheet computes {sheet} ({file})",
        "folded": "{where}: {message}",
    },
}
"""A character's totals against the book, in the book's language."""


def fold(findings: list[Finding]) -> list[Finding]:
    """The findings with each `sheet-total` that an erratum already covers folded into it.

    An erratum covers a sheet total printed at its own place, or at a place its
    correction rewrites too (the follow-on edits of a changed number); the
    total's words join that erratum's working: one finding for one fault.
    """
    places = {}
    for finding in findings:
        if finding.category != "erratum":
            continue
        places.setdefault((str(finding.file), finding.line, finding.column), finding)
        for correction in finding.corrections:
            key = (str(correction.file), correction.line, correction.column)
            places.setdefault(key, finding)
    # A sentence the sheet cites, which a rule cites too and the book now says otherwise:
    # the finding at the book's word is the fault, the sheet's words its working.
    contradicted = [
        (cited, finding)
        for finding in findings
        if finding.category in ("contradiction", "erratum")
        for cited in finding.cites
    ]
    kept = []
    for finding in findings:
        erratum = (
            places.get((str(finding.file), finding.line, finding.column))
            if finding.category == "sheet-total"
            else None
        )
        if finding.category == "sheet-source" and finding.key:
            words = finding.key
            erratum = next(
                (found for cited, found in contradicted if cited in words or words in cited), None
            )
        if erratum is None:
            kept.append(finding)
        else:
            erratum.derivation.append(
                said_in(SAID, LANGUAGE.get())["folded"].format(
                    where=place_named(finding.where, LANGUAGE.get()), message=finding.message
                )
                if finding.where
                else finding.message
            )
    return kept


def check_sheet(document, game, language: str) -> list[Finding]:
    """Findings about the sheet of `game` against the book `document`, in its `language`."""
    description: Description | None = getattr(game, "sheet", None)
    if description is None:
        return []
    citations = Citations(document, language)
    findings = _sources(description, citations)
    if any(finding.key.startswith("arguments:") for finding in findings):
        return findings  # a box that cannot be computed: no character's totals to compare
    # The other character files beside the examples (a player's, added later) are held to
    # the rules too: a mistake in one is a finding, not a file the check silently passes over.
    named = {Path(example.file) for example in description.examples}
    others = sorted(
        path.relative_to(game.folder)
        for folder in {file.parent for file in named}
        for path in (game.folder / folder).glob("*.toml")
        if path.relative_to(game.folder) not in named
    )
    examples = [*description.examples, *(_Unbound(str(file)) for file in others)]
    for example in examples:
        path = game.folder / example.file
        if not path.is_file() and not isinstance(example, _Unbound):
            sheet = description_file(description)
            line = line_in(sheet, example.file)
            findings.append(
                _finding(
                    "sheet-character",
                    f"the example character {example.file} is no file of the game's folder",
                    sheet,
                    line,
                    f"{example.file}:missing",
                )
            )
            continue
        try:
            character = read_character(path, description, citations.place, game.folder, language)
        except UnusableCharacter as unusable:
            sheet = description_file(description)
            for diagnostic in unusable.diagnostics:
                file, line = diagnostic.file, diagnostic.line
                if not line and sheet is not None:
                    # no line of the character says it (a box nothing computes): the game's
                    # mistake, at the box of the sheet's description
                    key = str(diagnostic.field).rpartition(".")[2]
                    line = line_in(sheet, f'"{key}"')
                    file = sheet if line else file
                findings.append(
                    Finding(
                        "error",
                        "sheet-character",
                        f"{_kind(example)} {example.file}: {diagnostic.message}",
                        file=file,
                        line=line,
                        where=diagnostic.field,
                        key=f"{example.file}:{diagnostic.field}",
                    )
                )
            continue
        except Exception as error:  # the game's checks or totals crashed: a finding, not a crash
            findings.append(_crash(error, game, example.file))
            continue
        for agreement in example.agreements:
            prose = prose_of(document.root, TAGS)  # read once for every agreement of the book
            findings += _agreement(document, prose, character, agreement, example.file, description)
    return findings


def _kind(example) -> str:
    return "character" if isinstance(example, _Unbound) else "example character"


@dataclass(frozen=True)
class _Unbound:
    """A character file that no example of the book binds: checked, compared with nothing."""

    file: str
    agreements: tuple = ()


def _crash(error: Exception, game, file: str) -> Finding:
    """A finding at the line of the game's code where checking or totalling a character failed."""
    frames = [
        frame
        for frame in traceback.extract_tb(error.__traceback__)
        if Path(frame.filename).resolve().is_relative_to(game.folder)
    ]
    frame = frames[-1] if frames else None
    return Finding(
        "error",
        "sheet-error",
        f"the sheet of {file} raised {type(error).__name__}: {error}",
        file=Path(frame.filename) if frame else game.folder / file,
        line=frame.lineno if frame else 0,
        text=frame.line if frame else "",
        key=file,
    )


def _finding(category: str, message: str, file: Path | None, line: int, key: str) -> Finding:
    """An error of the game's sheet at `file`:`line`, with that line's text."""
    text = source_line(file, line) if file and line else ""
    return Finding("error", category, message, file=file, line=line, text=text, key=key)


def description_file(description: Description) -> Path | None:
    """The rules module that describes the sheet (its `fiche.py`), where its mistakes are."""
    try:
        return Path(inspect.getsourcefile(description.check))
    except (TypeError, OSError):
        return None


def line_in(file: Path | None, text: str) -> int:
    """The first line of `file` that holds `text` (as the author typed it), else 0."""
    if file is None or not text:
        return 0
    try:
        lines = file.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return 0
    return next((number for number, line in enumerate(lines, 1) if text in line), 0)


def _sources(description: Description, citations: Citations) -> list[Finding]:
    """A finding for each sentence the description cites that the book does not have, and for
    a box whose rule is no function, each at the line of the description that says it."""
    file = description_file(description)
    findings = []
    seen: set[str] = set()
    for field, box in description.boxes():
        if field in seen:
            line = _nth_line(file, f'"{box.key}"', 2)
            findings.append(
                Finding(
                    "error",
                    "sheet-source",
                    f"two boxes of the sheet are {field}: a character file could not tell "
                    "them apart",
                    file=file,
                    line=line,
                    key=f"twice:{field}",
                )
            )
        seen.add(field)
        if getattr(box, "rule", None) is not None and not callable(box.rule):
            findings.append(
                Finding(
                    "error",
                    "sheet-source",
                    f"the box {field}: rule= must be a function of the rules (a @rule), "
                    f"not {type(box.rule).__name__}",
                    file=file,
                    line=line_in(file, f'"{box.key}"'),
                    key=f"rule:{field}",
                )
            )
    findings += _arguments(description, file)
    # A box's words taken from the rule it declares are that rule's: the rules check already
    # holds them to the book (one finding for one fault, at the rule).
    inherited = {
        text
        for _, box in description.boxes()
        if callable(getattr(box, "rule", None)) and getattr(box.rule, "citation", None) is not None
        for text in _texts(box.rule.citation.cites)
    }
    cited = {box.cites for _, box in description.boxes() if box.cites} - inherited
    for words in sorted(cited):
        if citations.element(words) is None:
            line = line_in(file, words)
            findings.append(
                _finding(
                    "sheet-source",
                    f"the character sheet cites « {words} », which the book does not say",
                    file,
                    line,
                    words,
                )
            )
    return findings


def _arguments(description: Description, file: Path | None) -> list[Finding]:
    """A box's `arguments` naming an argument its rule does not take, or a field the sheet does
    not have: each at its line, before any character is totalled (its value would be nought)."""
    from build_tools.checking.totals import placed_boxes

    fields = {_pattern_of(field) for field, _ in description.boxes()}
    findings, seen = [], set()
    for placed in placed_boxes(description, {}):
        box = placed.box
        if not getattr(box, "arguments", None) or not callable(getattr(box, "rule", None)):
            continue
        try:
            taken = list(inspect.signature(box.rule).parameters)
        except (TypeError, ValueError):
            taken = None
        for argument in box.arguments:
            problem = ""
            if taken is not None and argument not in taken:
                problem = (
                    f"its rule {box.rule.__name__}() takes no argument {argument!r} "
                    f"(its arguments: {', '.join(taken)})"
                )
            else:
                strangers = [
                    source
                    for source in placed.sources(argument)
                    if _pattern_of(source) not in fields
                ]
                if strangers:
                    problem = (
                        f"the argument {argument!r} reads {strangers[0]}, which is no box of "
                        "the sheet"
                    )
            key = (_pattern_of(placed.path), argument)
            if problem and key not in seen:
                seen.add(key)
                line = line_in(file, f'"{argument}":') or line_in(file, f'"{box.key}"')
                findings.append(
                    _finding(
                        "sheet-source",
                        f"the box {_pattern_of(placed.path)}: {problem}",
                        file,
                        line,
                        f"arguments:{_pattern_of(placed.path)}:{argument}",
                    )
                )
    return findings


def _nth_line(file: Path | None, text: str, nth: int) -> int:
    """The line of the `nth` line of `file` holding `text` (the first when there are fewer)."""
    try:
        lines = file.read_text(encoding="utf-8").splitlines() if file else []
    except (OSError, UnicodeDecodeError):
        return 0
    holding = [number for number, line in enumerate(lines, 1) if text in line]
    return holding[min(nth, len(holding)) - 1] if holding else 0


def _pattern_of(total: str) -> str:
    """A character's field as the description names it: `armes.0.TA` is `armes.*.TA`."""
    return ".".join("*" if part.isdigit() else part for part in total.split("."))


def _texts(cites) -> tuple[str, ...]:
    return (cites,) if isinstance(cites, str) else tuple(cites or ())


def _agreement(
    document,
    prose: Prose,
    character,
    agreement: Agreement,
    file: str,
    description: Description,
) -> list[Finding]:
    """Compare the totals the book prints for a character with those of his sheet."""
    fields = {field for field, _ in description.boxes()}
    unknown = [total for total in agreement.totals if _pattern_of(total) not in fields]
    if unknown:
        sheet = description_file(description)
        line = line_in(sheet, f'"{unknown[0]}"')
        derived = ", ".join(field for field, box in description.boxes() if box.derived)
        return [
            _finding(
                "sheet-source",
                f"the agreement of {file} names {', '.join(unknown)}, which is no box of the "
                f"sheet (its derived boxes: {derived})",
                sheet,
                line,
                f"{file}:{unknown[0]}",
            )
        ]
    pattern = compile_pattern(agreement.pattern)
    found = None
    for element in dict.fromkeys(prose.containing(agreement.near)):
        passage = Passage.of(element, document.file_of(element))
        match = pattern.search(passage.text)
        if match is not None:
            found = (passage, match)  # the last, innermost one wins
    where = f"sheet of {character.name}"  # its kind in the book's language: `model.said.KINDS`
    words = said_in(SAID, LANGUAGE.get())
    sheet = description_file(description)
    if found is None:
        said = agreement.pattern if isinstance(agreement.pattern, str) else agreement.near
        line = line_in(sheet, said)
        return [
            Finding(
                "error",
                "sheet-stale",
                words["stale"].format(
                    name=character.name, pattern=agreement.pattern, near=agreement.near
                ),
                file=sheet if line else character.file,
                line=line,
                key=f"{file}:{agreement.pattern}",
            )
        ]
    passage, match = found
    findings = []
    for group, total in enumerate(agreement.totals, 1):
        in_book = number_value(match.group(group))
        computed = character.value(total)
        if in_book == computed:
            continue
        start = match.start(group)
        line = passage.line_at(start)
        findings.append(
            Finding(
                "error",
                "sheet-total",
                words["total"].format(
                    book=match.group(group), total=total, sheet=printed(computed), file=file
                ),
                file=passage.file,
                line=line,
                column=passage.column_at(start, match.group(group)),
                where=where,
                text=source_line(passage.file, line),
                key=f"{file}:{total}",
                expected=computed,
                found=in_book,
            )
        )
    return findings
