"""The ledger: the findings known to be defects of a book as authored, each with its reason."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from build_tools.diagnostics import Finding, source_line


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

    def reason_in(self, language: str) -> str:
        """The reason in `language` ('fr', 'fr-FR'…): its own field, else `reason` for English."""
        primary = language.split("-")[0].split("_")[0].lower()
        return self.reasons.get(primary) or (self.reason if primary == "en" else "")


def read_ledger(path: Path) -> tuple[list[Entry], list[Finding]]:
    """The entries of `path` (none if it does not exist), and any problem with the file itself."""
    if not path.is_file():
        return [], []
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return [], [
            Finding(
                "fatal", "ledger", f"the ledger is not valid TOML: {error}", file=path, key="toml"
            )
        ]
    entries, findings = [], []
    lines = text.splitlines()
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
    for item in known:
        identifier = str(item.get("id", ""))
        line = next((n for n, t in enumerate(lines, 1) if identifier and identifier in t), 0)
        if not identifier or not str(item.get("reason", "")).strip():
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
        pinned = item.get("text_says")
        reason = str(item["reason"]).strip()
        translated = {
            key.removeprefix("reason_"): str(value).strip()
            for key, value in item.items()
            if key.startswith("reason_") and str(value).strip()
        }
        entries.append(
            Entry(identifier, reason, line, None if pinned is None else str(pinned), translated)
        )
    return entries, findings


def says(finding: Finding) -> str:
    """What the text says at an erratum, as the ledger writes it (`text_says`)."""
    found = finding.as_dict()["found"]
    return " ".join(str(value) for value in found) if isinstance(found, list) else str(found)


def reconcile(findings: list[Finding], entries: list[Entry], path: Path) -> list[Finding]:
    """Mark the known findings, and report each ledger entry that no longer occurs."""
    known = {entry.id: entry for entry in entries}
    seen: set[str] = set()
    for finding in findings:
        entry = known.get(finding.id)
        if entry is not None and (entry.text_says is None or entry.text_says == says(finding)):
            finding.known = True
            seen.add(finding.id)
    stale = [
        Finding(
            "error",
            "ledger-stale",
            f"the ledger lists {entry.id!r}, which no longer occurs: if the book was fixed, "
            "remove the entry",
            file=path,
            line=entry.line,
            text=source_line(path, entry.line),
            key=entry.id,
        )
        for entry in entries
        if entry.id not in seen
    ]
    return stale
