"""The ledger: the findings known to be defects of a book as authored, each with its reason.

`ledger.toml` in the book's folder holds one `[[known]]` table per known finding (`id`,
`reason`, and for an erratum `text_says`, the value the text gives). `rulebook ledger accept`
appends the new findings and `rulebook ledger prune` removes the entries that no longer
occur; both edit the file as text, so the authors' comments and order stay as they wrote them.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from build_tools.diagnostics import (
    Finding,
    source_line,
    toml_error_place,
    unreadable_companion,
)
from build_tools.ledger_ids import one_word_apart, place_reworded, without_numbers
from build_tools.resources import Refused, read_text

TO_FILL_IN = "TODO: why is this a defect of the book as authored?"
"""The reason `ledger accept` writes: a warning until an author replaces it."""

NOT_OF_THE_BOOK = ("game-error", "binding-error", "binding-stale", "sheet-error")
"""Errors of the game's code (or of rulebook), never a defect of the book as authored: the
ledger does not know them, and `ledger accept` does not record them."""

HEADER = re.compile(r"^\s*\[\[\s*known\s*\]\]\s*(#.*)?$")


@dataclass
class Entry:
    """One known finding: its id, why it is a defect, and where the ledger says so."""

    id: str
    reason: str
    line: int
    text_says: str | None = None
    """For an erratum: the value the text gives. Another wrong value at the same place is new."""
    reasons: dict[str, str] = field(default_factory=dict)
    """The reason in other languages (`reason_fr = "…"`): a book shows its readers its own."""
    cards: dict[str, str] = field(default_factory=dict)
    """The reason as a card words it, shorter (`card = "…"`, keyed "", or `card_fr = "…"`)."""

    def card_in(self, language: str) -> str:
        """The reason as a card prints it: `card_fr`…, else `card`, else the reason itself."""
        primary = language.split("-")[0].split("_")[0].lower()
        return self.cards.get(primary) or self.cards.get("") or self.reason_in(language)

    def reason_in(self, language: str) -> str:
        """The reason in `language` ('fr', 'fr-FR'…): `reason_fr`…, else `reason`.

        A ledger writes its reasons in the book's language, or gives each one
        in it beside the authors' (`reason_fr` beside an English `reason`).
        """
        primary = language.split("-")[0].split("_")[0].lower()
        return self.reasons.get(primary) or self.reason


def read_ledger(path: Path) -> tuple[list[Entry], list[Finding]]:
    """The entries of `path` (none if it does not exist), and any problem with the file itself."""
    if not os.path.lexists(path):  # a FIFO or a link is there: the gate says why it is refused
        return [], []
    try:
        text = read_text(path, path.parent, "COMPANION_BYTES")
    except (Refused, OSError, UnicodeDecodeError) as error:
        return [], [unreadable_companion(path, "fatal", "ledger", "the ledger", error)]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, column, reason = toml_error_place(error, text)
        return [], [
            Finding(
                "fatal",
                "ledger",
                f"the ledger is not valid TOML: {reason}",
                file=path,
                line=line,
                column=column,
                text=source_line(path, line),
                caret=column,
                key="toml",
            )
        ]
    known = data.get("known", [])
    if not isinstance(known, list) or not all(isinstance(item, dict) for item in known):
        return [], [
            Finding(
                "fatal",
                "ledger",
                "the ledger's entries must each be a [[known]] table (with an id and a reason)",
                file=path,
                key="shape",
            )
        ]
    lines = text.splitlines()
    starts = _entry_lines(lines, len(known))
    entries, findings = [], []
    first_line: dict[str, int] = {}
    for index, item in enumerate(known):
        identifier = str(item.get("id", ""))
        line = _line_of_id(lines, starts, index) or _first_line_with(lines, identifier)
        mistakes = _mistakes_in(item, identifier, first_line.get(identifier))
        for severity, key, message in mistakes:
            at = _line_of_key(lines, starts, index, key) or line
            findings.append(
                Finding(
                    severity,
                    "ledger",
                    message,
                    file=path,
                    line=at,
                    text=source_line(path, at),
                    key=f"{key}-{identifier}",
                )
            )
        if any(severity == "error" for severity, _, _ in mistakes):
            continue
        first_line[identifier] = line
        reason = str(item.get("reason", "")).strip()
        if not identifier or not reason:
            findings.append(
                Finding(
                    "error",
                    "ledger",
                    "a ledger entry needs an id and a reason",
                    file=path,
                    line=line,
                    text=source_line(path, line),
                    key=f"incomplete-{identifier}",
                )
            )
            continue
        review = item.get("review")
        to_do = []  # (message, line, key) of each reason an author is still to write or read
        if isinstance(review, str) and review.strip():
            at = _line_of_key(lines, starts, index, "review") or line
            said = f"the reasons of {identifier!r} are to be reviewed: {review.strip()}"
            to_do.append((said, at, f"review-{identifier}"))
        if reason == TO_FILL_IN:
            to_do.append(
                (f"the reason of {identifier!r} is still to be filled in", line, identifier)
            )
        for message, at, key in to_do:
            findings.append(
                Finding(
                    "warning",
                    "ledger-reason",
                    message,
                    file=path,
                    line=at,
                    text=source_line(path, at),
                    key=key,
                )
            )
        pinned = item.get("text_says")
        translated = {
            key.removeprefix("reason_"): str(value).strip()
            for key, value in item.items()
            if key.startswith("reason_") and str(value).strip()
        }
        cards = {
            key.removeprefix("card").removeprefix("_"): str(value).strip()
            for key, value in item.items()
            if (key == "card" or key.startswith("card_")) and str(value).strip()
        }
        entries.append(
            Entry(
                identifier,
                reason,
                line,
                None if pinned is None else str(pinned),
                translated,
                cards,
            )
        )
    return entries, findings


def says(finding: Finding) -> str:
    """What the text says at an erratum, as the ledger writes it (`text_says`)."""
    found = finding.as_dict()["found"]
    return " ".join(str(value) for value in found) if isinstance(found, list) else str(found)


def reconcile(
    findings: list[Finding], entries: list[Entry], path: Path, *, ignore=lambda entry: False
) -> list[Finding]:
    """Mark the known findings, and report each ledger entry that no longer occurs.

    An erratum whose value changed (the text now says another wrong number) is its entry's
    finding, reported once as changed, not as a new finding beside a stale entry.
    `ignore(entry)` names entries this run cannot judge (the rules' ones, under --no-rules).
    """
    known = {entry.id: entry for entry in entries}
    seen: set[str] = set()
    for finding in findings:
        entry = known.get(finding.id)
        if entry is None:
            continue
        seen.add(finding.id)
        if entry.text_says is None or entry.text_says == says(finding):
            finding.known = True
        else:
            _changed(finding, entry)
    unmatched = [entry for entry in entries if entry.id not in seen and not ignore(entry)]
    # An id names its passage by its first words (`paragraph-normalement-lorsqu-un-…`): a
    # rewording of them (an aside, a word changed) gives the same finding a new id. Its entry is
    # the one whose place differs from it by one run of at most two words, if just one does.
    loose = [f for f in findings if f.id not in known and not f.known]
    for entry in list(unmatched):
        candidates = [f for f in loose if place_reworded(entry.id, f.id)]
        rivals = [e for e in unmatched if candidates and place_reworded(e.id, candidates[0].id)]
        if len(candidates) == 1 and len(rivals) == 1:
            if entry.text_says is None or entry.text_says == says(candidates[0]):
                candidates[0].known = True
            else:
                _changed(candidates[0], entry)
            loose.remove(candidates[0])
            unmatched.remove(entry)
    # An id may hold the value the text gives (`…-lu-50`): an erratum whose value changed has
    # a new id. Its entry is the one that differs from it by numbers only, if just one does.
    pinned = [entry for entry in unmatched if entry.text_says is not None]
    loose = [f for f in findings if f.id not in known]  # errata, sheets' totals…
    for entry in pinned:
        shape = without_numbers(entry.id)
        candidates = [f for f in loose if without_numbers(f.id) == shape]
        rivals = [e for e in pinned if without_numbers(e.id) == shape]
        if len(candidates) == 1 and len(rivals) == 1:
            _changed(candidates[0], entry)
            unmatched.remove(entry)
    # An id also holds the words its finding is about (`…:abbreviation-mp`, `…:augmenter-son-
    # physique`): an edit of one of them gives the finding a new id. Its entry is the one that
    # differs from it by one run of at most two words, if just one does (one finding per fault,
    # not a new finding beside a stale entry).
    loose = [f for f in loose if not f.changes]
    for entry in list(unmatched):
        candidates = [f for f in loose if one_word_apart(entry.id, f.id)]
        rivals = [e for e in unmatched if candidates and one_word_apart(e.id, candidates[0].id)]
        if len(candidates) == 1 and len(rivals) == 1:
            _changed(candidates[0], entry)
            loose.remove(candidates[0])
            unmatched.remove(entry)
    return [
        Finding(
            "error",
            "ledger-stale",
            f"the ledger lists {entry.id!r}, which no longer occurs: if the book was fixed, "
            "remove the entry (rulebook ledger prune)",
            file=path,
            line=entry.line,
            text=source_line(path, entry.line),
            key=entry.id,
        )
        for entry in unmatched
    ]


def _changed(finding: Finding, entry: Entry) -> None:
    """Say, on the finding, that the ledger knew it with another value (it stays new)."""
    finding.changes = entry.id
    if entry.text_says is None:
        finding.message += (
            f" (changed: the ledger, line {entry.line}, knows this finding as {entry.id!r}; "
            "update or remove its entry)"
        )
        return
    finding.message += (
        f" (changed: the ledger, line {entry.line}, knows this erratum with the text "
        f"saying {entry.text_says}; update or remove its entry)"
    )


def accept(path: Path, findings: list[Finding]) -> tuple[int, int]:
    """Record `findings` in the ledger at `path`: how many entries were added, and updated.

    A finding that changes an entry (an erratum whose value changed) updates that entry's
    `id` and `text_says` where it stands, keeping its reasons but marking them for review
    (they may quote the old value); the others are appended, each with a reason to fill in.
    """
    existing = path.read_text(encoding="utf-8") if path.is_file() else ""
    changed = {finding.changes: finding for finding in findings if finding.changes}
    if changed:
        existing = _update(existing, changed)
    blocks = []
    for finding in findings:
        if finding.changes:
            continue
        lines = [f"# {finding.location()}: {finding.severity}: {finding.message}"[:200]]
        lines += ["[[known]]", f"id = {_toml_string(finding.id)}"]
        if finding.found is not None:  # pinned: another value there is a change, not this
            lines.append(f"text_says = {_toml_string(says(finding))}")
        lines.append(f"reason = {_toml_string(TO_FILL_IN)}")
        blocks.append("\n".join(line.replace("\n", " ") for line in lines) + "\n")
    if not blocks and not changed:
        return 0, 0
    separator = "" if not existing or not blocks else "\n" if existing.endswith("\n") else "\n\n"
    from build_tools.output import write_atomic

    write_atomic(path, existing + separator + "\n".join(blocks))
    # a card noting the erratum notes it still, by its new id
    noted = renoted_deck(path.parent, {old: finding.id for old, finding in changed.items()})
    if noted is not None:
        write_atomic(noted[0], noted[2])
    return len(blocks), len(changed)


DECK_FILE = "deck.toml"
"""A game's deck of cards, in its folder beside its ledger: its cards may note entries."""

_DECK_NOTE = re.compile(r'^(\s*ledger\s*=\s*)"([^"]*)"')
"""A card's note on a ledger entry, a line of a deck's text: `ledger = "ID"` (the key, the id)."""


def renoted(deck: str, renames: Mapping[str, str | None]) -> str:
    """A deck's text with each card's `ledger = "ID"` note on an entry of `renames` naming
    that entry's new id, or gone when it has none (None): a card notes a known erratum of its
    rule, and once the erratum is fixed there is nothing to note. Other lines are kept as
    they are, their line ends too."""
    lines = []
    for line in deck.splitlines(keepends=True):
        note = _DECK_NOTE.match(line)
        if note and note[2] in renames:
            if renames[note[2]] is None:
                continue
            line = note[1] + _toml_string(renames[note[2]]) + line[note.end() :]
        lines.append(line)
    return "".join(lines)


def renoted_deck(folder: Path, renames: Mapping[str, str | None]) -> tuple[Path, str, str] | None:
    """The deck of the game in `folder` as `renoted` makes it: (its path, its text, the text
    renoted); None when there is no deck (or a link stands for it), or nothing to change."""
    deck = folder / DECK_FILE
    if not renames or not deck.is_file() or deck.is_symlink():
        return None
    before = deck.read_bytes().decode("utf-8")  # TOML is UTF-8; its line ends are kept
    after = renoted(before, renames)
    return (deck, before, after) if after != before else None


def _update(text: str, changed: dict[str, Finding]) -> str:
    """The ledger's text with each changed entry's `id` and `text_says` lines rewritten, and
    a `review` line after its `text_says`: its reasons were written for the old value."""
    known = tomllib.loads(text).get("known", [])
    lines = text.splitlines(keepends=True)
    starts = _entry_lines([line.rstrip("\n") for line in lines], len(known))
    for index in reversed(range(min(len(known), len(starts)))):
        item = known[index]
        finding = changed.get(str(item.get("id", "")))
        if finding is None:
            continue
        end = starts[index + 1] if index + 1 < len(starts) else len(lines)
        review = (
            f"TODO: the text now says {says(finding)}, not {item.get('text_says')}: "
            "check that the reasons still hold, then remove this line"
        )
        for number in reversed(range(starts[index], end)):
            key = re.match(r"\s*(id|text_says|review)\s*=", lines[number])
            if key and key[1] == "review":
                del lines[number]
            elif key:
                value = finding.id if key[1] == "id" else says(finding)
                lines[number] = f"{key[1]} = {_toml_string(value)}\n"
                if key[1] == "text_says":
                    lines.insert(number + 1, f"review = {_toml_string(review)}\n")
    return "".join(lines)


def prune(path: Path, stale: set[str]) -> list[str]:
    """Remove the entries whose id is in `stale` from the ledger at `path`; their ids, in order.

    Each entry is cut from its `[[known]]` line (with the comment lines just above it) to the
    next entry's; comments elsewhere are kept. Entries must be written as `[[known]]` tables.
    """
    text = path.read_text(encoding="utf-8")
    known = tomllib.loads(text).get("known", [])
    lines = text.splitlines(keepends=True)
    starts = _entry_lines([line.rstrip("\n") for line in lines], len(known))
    if len(starts) != len(known):
        raise ValueError(f"{path}: entries are not each written as a [[known]] table")
    bounds = [_with_comments(lines, start) for start in starts] + [len(lines)]
    removed, keep = [], [True] * len(lines)
    for index, item in enumerate(known):
        if str(item.get("id", "")) in stale:
            removed.append(str(item["id"]))
            for number in range(bounds[index], _end(lines, starts[index], bounds[index + 1])):
                keep[number] = False
    if removed:
        from build_tools.output import write_atomic

        kept = "".join(line for line, wanted in zip(lines, keep, strict=True) if wanted)
        kept = re.sub(r"\n{3,}", "\n\n", kept)
        # The last entry removed leaves the blank line before it: the file ends as it did.
        ending = len(text) - len(text.rstrip("\n"))
        write_atomic(path, kept.rstrip("\n") + "\n" * ending if kept.strip() else kept)
    return removed


def _toml_string(text: str) -> str:
    # A JSON string is a TOML basic string: the same quotes and escapes (\" \\ \n \uXXXX).
    return json.dumps(text, ensure_ascii=False)


def _entry_lines(lines: list[str], count: int) -> list[int]:
    """The 0-based line of each `[[known]]` header, in order."""
    return [number for number, line in enumerate(lines) if HEADER.match(line)][:count]


def _with_comments(lines: list[str], start: int) -> int:
    """The first line of an entry: its header, or the comments right above it."""
    while start > 0 and lines[start - 1].lstrip().startswith("#"):
        start -= 1
    return start


def _end(lines: list[str], start: int, limit: int) -> int:
    """The line after an entry's last key: comments and blank lines after it stay."""
    end = start + 1
    for number in range(start + 1, limit):
        stripped = lines[number].strip()
        if stripped and not stripped.startswith("#"):
            end = number + 1
    return end


def _line_of_id(lines: list[str], starts: list[int], index: int) -> int:
    """The 1-based line of the `id =` of entry `index`, when entries are `[[known]]` tables."""
    if index >= len(starts):
        return 0
    end = starts[index + 1] if index + 1 < len(starts) else len(lines)
    for number in range(starts[index], end):
        if re.match(r"\s*id\s*=", lines[number]):
            return number + 1
    return starts[index] + 1


ENTRY_KEYS = ("id", "reason", "text_says", "review", "card")
"""The keys of a `[[known]]` entry, besides the translated reasons (`reason_fr`…) and card
wordings (`card_fr`…)."""


def _mistakes_in(item: dict, identifier: str, seen_at: int | None) -> list[tuple[str, str, str]]:
    """What is wrong with one entry, as (severity, key, message): a value of the wrong kind,
    an id listed twice (errors), a key the ledger does not know (a warning: a typo of
    `text_says` would silently drop it)."""
    mistakes = []
    entry = f"ledger entry {identifier!r}"
    for key, value in item.items():
        if key not in ENTRY_KEYS and not key.startswith(("reason_", "card_")):
            keys = ", ".join((*ENTRY_KEYS, "reason_LANG", "card_LANG"))
            mistakes.append(("warning", key, f"{entry}: unknown key {key!r} (keys: {keys})"))
        elif key == "text_says" and not isinstance(value, (str, int, float)):
            said = f"{entry}: text_says = {value!r}: expected the text's words or number"
            mistakes.append(("error", key, said))
        elif key != "text_says" and not isinstance(value, str):
            mistakes.append(
                ("error", key, f"{entry}: {key} = {value!r}: expected a text in quotes")
            )
    if identifier.split(":", 1)[0] in NOT_OF_THE_BOOK:
        mistakes.append(
            (
                "error",
                "id",
                f"{entry}: an error of the game's code is not a defect of the book as "
                "authored: fix the game, and remove this entry",
            )
        )
    if seen_at is not None and identifier:
        twice = f"the ledger lists {identifier!r} twice (first at line {seen_at}): one entry each"
        mistakes.append(("error", "id", twice))
    return mistakes


def _line_of_key(lines: list[str], starts: list[int], index: int, key: str) -> int:
    """The 1-based line of `key =` in entry `index` (0 when not found)."""
    if index >= len(starts):
        return 0
    end = starts[index + 1] if index + 1 < len(starts) else len(lines)
    for number in range(starts[index], end):
        if re.match(rf"\s*{re.escape(key)}\s*=", lines[number]):
            return number + 1
    return 0


def _first_line_with(lines: list[str], identifier: str) -> int:
    return next((n for n, t in enumerate(lines, 1) if identifier and identifier in t), 0)
