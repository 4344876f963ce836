"""The sheet's description and example characters checked against the book: ordinary findings.

Two things are checked during `rulebook check`:

- every rule a sheet's box or check cites is a sentence the book has (a
  citation the book lost is a `sheet-source` finding at the description);
- every example character the game ships is read and totalled like any
  character file, and each total the book prints for him is compared with the
  sheet's: a disagreement is a `sheet-total` finding at the book's line.
"""

from __future__ import annotations

import inspect
import traceback
from dataclasses import dataclass
from pathlib import Path

from build_tools.checking.passage import Passage, compile_pattern, number_value
from build_tools.diagnostics import Finding, source_line
from build_tools.render.sheets import Citations, printed
from build_tools.render.sheets_character import UnusableCharacter, read_character
from build_tools.render.sheets_model import Agreement, Description

TAGS = ("para", "row", "entry", "screen", "title", "listitem")


def check_sheet(document, game) -> list[Finding]:
    """Findings about the sheet of `game` against the book `document`."""
    description: Description | None = getattr(game, "sheet", None)
    if description is None:
        return []
    citations = Citations(document)
    findings = _sources(description, citations)
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
        try:
            character = read_character(path, description, citations.place, game.folder)
        except UnusableCharacter as unusable:
            findings += [
                Finding(
                    "error",
                    "sheet-character",
                    f"{_kind(example)} {example.file}: {diagnostic.message}",
                    file=diagnostic.file,
                    line=diagnostic.line,
                    where=diagnostic.field,
                    key=f"{example.file}:{diagnostic.field}",
                )
                for diagnostic in unusable.diagnostics
            ]
            continue
        except Exception as error:  # the game's checks or totals crashed: a finding, not a crash
            findings.append(_crash(error, game, example.file))
            continue
        for agreement in example.agreements:
            findings += _agreement(document, character, agreement, example.file)
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


def _sources(description: Description, citations: Citations) -> list[Finding]:
    """A finding for each sentence the description cites that the book does not have."""
    cited = {box.cites for _, box in description.boxes() if box.cites}
    module = inspect.getmodule(description.check)
    file = Path(inspect.getsourcefile(description.check)) if module else None
    return [
        Finding(
            "error",
            "sheet-source",
            f"the character sheet cites « {words} », which the book does not say",
            file=file,
            key=words,
        )
        for words in sorted(cited)
        if citations.element(words) is None
    ]


def _agreement(document, character, agreement: Agreement, file: str) -> list[Finding]:
    """Compare the totals the book prints for a character with those of his sheet."""
    pattern = compile_pattern(agreement.pattern)
    found = None
    for element in document.root.iter(*TAGS):
        text = " ".join("".join(element.itertext()).split())
        if agreement.near not in text.replace("’", "'"):
            continue
        passage = Passage.of(element, document.file_of(element))
        match = pattern.search(passage.text)
        if match is not None:
            found = (passage, match)  # the last, innermost one wins
    where = f"sheet of {character.name}"
    if found is None:
        return [
            Finding(
                "error",
                "sheet-stale",
                f"{where}: the book no longer prints « {agreement.pattern} » "
                f"near « {agreement.near} »",
                file=character.file,
                key=f"{file}:{agreement.pattern}",
            )
        ]
    passage, match = found
    findings = []
    for group, total in enumerate(agreement.totals, 1):
        in_book = number_value(match.group(group).replace("−", "-"))
        computed = character.value(total)
        if in_book == computed:
            continue
        start = match.start(group)
        line = passage.line_at(start)
        findings.append(
            Finding(
                "error",
                "sheet-total",
                f"the book prints {match.group(group)} for {total}, "
                f"the sheet computes {printed(computed)} ({file})",
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
