"""Findings: what is wrong, where, how bad, and how to show it to an author."""

from __future__ import annotations

import codecs
import io
import os
import re
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEVERITIES = ("info", "warning", "error", "fatal")
"""From least to most serious. `fatal` means the book could not be read at all."""


@dataclass(frozen=True)
class Correction:
    """Replace `old` by `new` at `line`:`column` (1-based) of `file`: the erratum `finding_id`."""

    file: Path
    line: int
    column: int
    old: str
    new: str
    finding_id: str
    context: str = ""
    """The words of the passage around an edit that stands outside its erratum's excerpt (a
    number the erratum changes further on), as a reader reads them: where the errata page
    shows it; '' (or the excerpt itself, with `at`) for an edit inside the excerpt."""
    at: int = 0
    """Where `old` starts in `context`."""
    seen: tuple[str, ...] = ()
    """The words before and after the edit as the reader reads them, when the edit is of
    markup (a link's target, `linkend="nd"` → `linkend="dom"`, reads « difficulté » →
    « dommage »): what the errata page marks; () when they are `old` and `new`."""
    by_hand: str = ""
    """Why no patch makes this edit (its words come from a link, or run across line ends):
    `old` and `new` are then the words as the reader reads them, which every output prints
    (the errata page's « Lire »), and --diff and --fix say it is not applied; '' when they
    make it."""

    def read(self) -> tuple[str, str]:
        """(the wrong words, the right ones) as the reader reads them."""
        return (self.seen[0], self.seen[1]) if self.seen else (self.old, self.new)

    def region(self) -> dict[str, Any]:
        """The SARIF `deletedRegion` of this correction."""
        return {
            "startLine": self.line,
            "startColumn": self.column,
            "endLine": self.line,
            "endColumn": self.column + len(self.old),
        }


@dataclass
class Finding:
    """One diagnostic about a book, pointing at a place in a source file."""

    severity: str
    category: str
    message: str
    file: Path | None = None
    line: int = 0
    column: int = 0
    where: str = ""
    text: str = ""
    key: str = ""
    expected: Any = None
    found: Any = None
    derivation: list[str] = field(default_factory=list)
    known: bool = False
    id: str = ""
    caret: int = 0
    """Column of `text` to mark with a caret (0: none), when `text` is a source line."""
    related: list[dict[str, Any]] = field(default_factory=list)
    """Other places the finding is about (a contradiction's second place): file, line, message."""
    changes: str = ""
    """The id of the ledger entry this finding changes (an erratum whose value changed)."""
    reads: str = ""
    """For an erratum in words, the words a reader should read instead, in the book's
    language, when the rules say them but not as a patch (« supérieur ou égal »)."""
    element: Any = field(default=None, repr=False, compare=False)
    """The element of the book the finding is about, when one is (for renderers; never printed)."""
    corrections: list[Correction] = field(default_factory=list)
    """The edits of the source that correct it, computed when it was judged (none when the
    rules do not determine the right words): every output prints these, and `--fix` makes them."""
    cites: tuple[str, ...] = ()
    """The sentences of the book its rules cite, as the rules write them (a contradiction of
    one, an erratum of a constant one states, and those of the contradictions joined to it):
    the sheet's check folds into the finding a box citing one of them (`checking.sheets.fold`).
    Never printed: the working says them."""

    def __getstate__(self) -> dict[str, Any]:
        """A finding crosses processes (books checked in parallel) without its element."""
        return {**self.__dict__, "element": None}

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"unknown severity {self.severity!r}")
        self.message = stable(self.message)
        self.derivation = [stable(step) for step in self.derivation]
        if not self.id:
            self.id = ":".join(
                part
                for part in (self.category, slug(self.where), slug(self.key or self.message))
                if part
            )

    @property
    def rank(self) -> int:
        return SEVERITIES.index(self.severity)

    def location(self) -> str:
        if self.file is None:
            return "rulebook"
        parts = [display_path(self.file)]
        if self.line:
            parts.append(str(self.line))
            if self.column:
                parts.append(str(self.column))
        return ":".join(parts)

    def astext(self) -> str:
        """The finding as a compiler would print it, with the offending text and the working.

        What comes from the book is shown, never obeyed: a control character, an escape
        sequence, a line break inside a message or a bidi override is written as its escape
        (`terminal_safe`), so a book cannot retitle the terminal or forge a line of output.
        """
        safe = terminal_safe
        where = f"{safe(self.where)}: " if self.where else ""
        # The category closes the line, as a compiler names its warning flag: `… [erratum]`.
        lines = [
            f"{safe(self.location())}: {self.severity}: {where}{safe(self.message)} "
            f"[{self.category}]"
        ]
        if self.text:
            # Tabs are shown expanded; the caret goes under the character, wherever it lands.
            lines.append(f"    {safe(self.text.expandtabs())}")
            if self.caret:
                offset = len(safe(self.text[: self.caret - 1].expandtabs()))
                lines.append("    " + " " * offset + "^")
        for place in self.related:
            location = display_path(Path(place["file"])) if place.get("file") else "rulebook"
            line = f":{place['line']}" if place.get("line") else ""
            lines.append(safe(f"  other place: {location}{line}: {place.get('message', '')}"))
        if self.derivation:
            lines.append("  working:")
            lines.extend(f"    {safe(step)}" for step in self.derivation)
        lines.extend(f"  {safe(line)}" for line in self.correction_lines())
        known = "  (known: in the ledger)" if self.known else ""
        lines.append(f"  id: {safe(self.id)}{known}")
        return "\n".join(lines)

    def correction_lines(self) -> list[str]:
        """The edits that correct the finding, a line each, as `--diff` and `--fix` make them
        and as SARIF's `fixes` give them: one record, every output."""
        return [
            f"fix: {display_path(c.file)}:{c.line}:{c.column}: « {c.old} » → « {c.new} »"
            + (f" (reads « {c.seen[1]} » for « {c.seen[0]} »)" if c.seen else "")
            + (f" (not applied automatically: {c.by_hand})" if c.by_hand else "")
            for c in self.corrections
        ]

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "severity": self.severity,
            "category": self.category,
            "file": display_path(self.file) if self.file else None,
            "line": self.line,
            "column": self.column,
            "where": self.where,
            "message": self.message,
            "text": self.text,
            "known": self.known,
            "expected": _jsonable(self.expected),
            "found": _jsonable(self.found),
            "derivation": list(self.derivation),
            "related": [
                {
                    "file": display_path(Path(place["file"])) if place.get("file") else None,
                    "line": place.get("line", 0),
                    "message": place.get("message", ""),
                }
                for place in self.related
            ],
            "corrections": [
                {
                    "file": display_path(c.file),
                    "line": c.line,
                    "column": c.column,
                    "old": c.old,
                    "new": c.new,
                    **({"reads": {"old": c.seen[0], "new": c.seen[1]}} if c.seen else {}),
                    **({"not_applied": c.by_hand} if c.by_hand else {}),
                }
                for c in self.corrections
            ],
        }


_ADDRESS = re.compile(r"(<[^<>\n]*(?:<[^<>\n]*>[^<>\n]*)*) at 0x[0-9a-fA-F]+>")


def stable(text: str) -> str:
    """`text` without what differs from run to run: an object's address in its repr
    (« <function <lambda> at 0x7f…> » is « <function <lambda>> »), as an exception's
    message may hold."""
    return _ADDRESS.sub(r"\1>", text) if " at 0x" in text else text


_UNSHOWABLE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)
"""What a terminal obeys instead of showing: C0 and C1 controls (ESC starts a sequence that
can retitle a window, move the cursor or erase a line), line and paragraph separators, and
the bidi controls that reorder what is shown (a « 0 new findings » read backwards)."""


def terminal_safe(text: str) -> str:
    """`text` with each character a terminal would obey written as its escape (\\x1b, \\u202e)."""
    return _UNSHOWABLE.sub(_escape, str(text))


def _escape(match: re.Match) -> str:
    code = ord(match[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def source_line(path: Path | None, line: int) -> str:
    """The text of `line` (1-based) of `path`, or '' when unknown."""
    if path is None or line <= 0:
        return ""
    try:
        status = os.stat(path)
    except OSError:
        return ""
    key = (str(path), status.st_mtime_ns, status.st_size)
    kept = _LINES.get(key)
    now = time.time_ns()
    tick_over = status.st_mtime_ns + RACY_NS
    if kept is None or (kept[0] < tick_over <= now):
        # read when first asked, and once more, a tick after the write, when the first
        # reading was made within the write's tick: a second save in that tick keeps the
        # file's time (and its size when the edit keeps the length)
        kept = (now, _read_lines(key[0]))
        _LINES.pop(key, None)
        _LINES[key] = kept
        while len(_LINES) > 64:
            del _LINES[next(iter(_LINES))]
    lines = kept[1]
    return lines[line - 1] if line <= len(lines) else ""


RACY_NS = 2_000_000_000
"""The file system's clock tick, at most: a write is stamped with a clock that ticks every 1 to
10 ms on Linux, and every second or two on some file systems, so a second save in the tick of
the first keeps its time, and its size when the edit keeps the length; a reading made a tick or
more after the time a file shows comes after any save that time can stand for, and is kept
(git's "racy" files). The check's records sign their files by the same rule."""

_LINES: dict[tuple[str, int, int], tuple[int, list[str]]] = {}
"""The lines of the files findings quote, by (path, time, size): when they were read, and
them; the 64 used last."""


def _read_lines(path: str) -> list[str]:
    """The lines of a file (none for one that cannot be read)."""
    from build_tools.resources import Refused, read_bytes

    try:  # a FIFO or a device named by a finding is never read: it would hang or fill memory
        raw = read_bytes(Path(path), None, "INPUT_BYTES")
    except (OSError, Refused):
        return []
    text = raw.decode(_encoding_of(raw), errors="replace")
    # Raw lines (columns count a tab as one), split as a text file is: \n, \r\n or \r.
    return [line.rstrip("\n") for line in io.StringIO(text, newline=None)]


def _encoding_of(raw: bytes) -> str:
    """The encoding of an XML file: its byte order mark, else its XML declaration, else UTF-8."""
    for mark, encoding in (
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if raw.startswith(mark):
            return encoding
    declared = re.match(rb"<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"']", raw[:200])
    if declared:
        try:
            return codecs.lookup(declared.group(1).decode("ascii")).name
        except LookupError:
            pass
    return "utf-8"


QUOTED_AROUND = 100
"""How much of a long source line a finding quotes on each side of its column."""


def at_line(finding: Finding) -> Finding:
    """Fill `text` with the source line of the finding, keeping the caret under its column.

    A long line (a book written on one line) is quoted around the column only,
    with '…' where it is cut: the whole line, once per finding, would bury the output.
    """
    text = source_line(finding.file, finding.line)
    if not text:
        return finding
    caret = finding.column
    if len(text) > 3 * QUOTED_AROUND:
        start = max(0, caret - 1 - QUOTED_AROUND) if caret else 0
        end = start + 2 * QUOTED_AROUND
        before = "…" if start > 0 else ""
        text = before + text[start:end] + ("…" if end < len(text) else "")
        caret = caret - start + len(before) if caret else 0
    finding.text = text
    finding.caret = caret
    return finding


_TOML_PLACE = re.compile(r"\s*\(at line (\d+), column (\d+)\)")
_TOML_END = re.compile(r"\s*\(at end of document\)")


def toml_error_place(error: Exception, text: str = "") -> tuple[int, int, str]:
    """Where a TOML file fails to parse, as tomllib says it: (line, column, what is wrong),
    0 and 0 when it names no place; the reason without its « (at line …) ».

    A file that breaks at its end (a string or a table left open) is placed, given its
    `text`, after its last character, where tomllib says « at end of document »."""
    message = str(error)
    place = _TOML_PLACE.search(message)
    line, column = (int(place[1]), int(place[2])) if place else (0, 0)
    if not place and _TOML_END.search(message) and text.strip():
        lines = text.rstrip().splitlines()
        line, column = len(lines), len(lines[-1]) + 1
    return line, column, _TOML_END.sub("", _TOML_PLACE.sub("", message)).strip()


def counted(number: int, noun: str, plural: str = "") -> str:
    """« 1 error », « 31 errors », « 2 entries »: a number and its noun, singular or plural."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def unreadable_companion(
    path: Path, severity: str, category: str, what: str, error: Exception
) -> Finding:
    """The finding for a companion file (settings, ledger, deck) that cannot be read: refused by
    the gate (a link out of the folder, a FIFO, a bound passed), missing, or not UTF-8."""
    kind = getattr(error, "kind", None)
    if kind is not None:
        category = "limit" if kind == "limit" else "refused-access"
        cause = f"refused: {error}"
    elif isinstance(error, UnicodeDecodeError):
        category, cause = "encoding", f"it is not UTF-8 (byte {error.start})"
    else:
        cause = getattr(error, "strerror", None) or str(error)
    return Finding(severity, category, f"{what} cannot be read: {cause}", file=path, key=category)


def display_path(path: Path) -> str:
    """A path as an author would type it: relative to the current folder when under it."""
    try:
        return os.path.relpath(path)
    except ValueError:
        return str(path)


def differing_run(words: list[str], others: list[str]) -> tuple[int, int, int]:
    """(start, end in `words`, end in `others`) of the run that differs between two word
    sequences around their common prefix and suffix (`start` is the prefix's length): how
    a title or an id was edited (« cinq » → « six »)."""
    prefix = 0
    while prefix < min(len(words), len(others)) and words[prefix] == others[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < min(len(words), len(others)) - prefix and words[-1 - suffix] == others[-1 - suffix]
    ):
        suffix += 1
    return prefix, len(words) - suffix, len(others) - suffix


def changed_run(words: list[str], others: list[str]) -> tuple[int, int, int] | None:
    """(start, end in `words`, end in `others`) of the one run of at most two words that
    differs between two word sequences (`differing_run`), or None when they differ in more,
    or not at all: a title or an id edited in a word or two (`abbreviation-mp`, `-ma`)."""
    start, end, other_end = differing_run(words, others)
    if not 0 < max(end, other_end) - start <= 2:
        return None
    return start, end, other_end


def slug(text: str) -> str:
    """A lowercase ASCII identifier made of the words of `text`."""
    text = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


def _jsonable(value: Any) -> Any:
    from fractions import Fraction

    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else str(value)
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    return value
