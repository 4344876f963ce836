"""A book's settings: `book.toml` in its folder, read as data (no code), checked key by key.

```toml
language = "fr"                  # the book's language when its root element has no lang
paper = "a4"                     # a4 | letter: the paper when `build` is given no --paper
typographic_apostrophes = true   # ' set as ’ in the text (the sources are not touched)

[fonts]                          # PDF: families tried first (installed on the machine)
serif = "Linux Libertine O"      # text
sans = "Linux Biolinum O"        # titles, running heads, tables

[cards]
size = "poker"                   # poker | tarot | a6: when `build` is given no --card-size
```

Every key is optional. An unknown key or a value of the wrong kind is a finding at its
line; the renderers get the settings as one flat dictionary (`fonts.serif` → "font_serif").
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

from build_tools.diagnostics import Finding, source_line, toml_error_place, unreadable_companion
from build_tools.resources import Refused, read_text

FILE = "book.toml"
LANGUAGE = re.compile(r"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$")
FAMILY = re.compile(r"^[\w][\w .-]{0,62}$")
"""A font family name: letters, digits, spaces, dots and hyphens (it goes into the CSS)."""

KEYS: dict[str, tuple[str, Any]] = {
    "language": ("a language tag such as fr or fr-CA", LANGUAGE),
    "paper": ("a4 or letter", ("a4", "letter")),
    "typographic_apostrophes": ("true or false", bool),
    "fonts.serif": ("a font family name", FAMILY),
    "fonts.sans": ("a font family name", FAMILY),
    "cards.size": ("poker, tarot or a6", ("poker", "tarot", "a6")),
}
"""Each key, what it accepts in words, and how that is checked."""


def read_settings(folder: Path) -> tuple[dict[str, Any], list[Finding]]:
    """The settings of the book in `folder` (flat: "fonts.serif" as "font_serif"), and findings."""
    path = folder / FILE
    if not os.path.lexists(path):  # a FIFO or a link is there: the gate says why it is refused
        return {}, []
    try:
        text = read_text(path, folder, "COMPANION_BYTES")
    except (Refused, OSError, UnicodeDecodeError) as error:
        return {}, [unreadable_companion(path, "error", "settings", "the settings", error)]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, column, reason = toml_error_place(error, text)
        return {}, [
            Finding(
                "error",
                "settings",
                f"the book's settings are not valid TOML: {reason} (the settings are ignored)",
                file=path,
                line=line,
                column=column,
                text=source_line(path, line),
                caret=column,
                key="toml",
            )
        ]
    settings, findings = {}, []
    lines = text.splitlines()
    for key, value in _flat(data):
        line = _line_of(lines, key)
        if key not in KEYS:
            findings.append(
                _finding(
                    path,
                    line,
                    "warning",
                    f"unknown setting {key!r} (settings: {', '.join(KEYS)})",
                    key,
                )
            )
            continue
        words, accepted = KEYS[key]
        if not _accepts(accepted, value):
            findings.append(
                _finding(path, line, "error", f"{key} = {value!r}: expected {words}", key)
            )
            continue
        settings[_name(key)] = value
    return settings, findings


def _flat(data: dict, prefix: str = "") -> list[tuple[str, Any]]:
    items = []
    for key, value in data.items():
        if isinstance(value, dict):
            items += _flat(value, f"{prefix}{key}.")
        else:
            items.append((f"{prefix}{key}", value))
    return items


def _accepts(accepted: Any, value: Any) -> bool:
    if accepted is bool:
        return isinstance(value, bool)
    if isinstance(accepted, tuple):
        return value in accepted
    return isinstance(value, str) and bool(accepted.match(value))


def _name(key: str) -> str:
    """The renderers' name for a key: `fonts.serif` → `font_serif`, `cards.size` → `card_size`."""
    section, _, name = key.rpartition(".")
    return f"{section.removesuffix('s')}_{name}" if section else name


def _line_of(lines: list[str], key: str) -> int:
    name = key.rpartition(".")[2]
    pattern = re.compile(rf"^\s*({re.escape(name)}|{re.escape(key)})\s*=")
    return next((number for number, text in enumerate(lines, 1) if pattern.match(text)), 0)


def _finding(path: Path, line: int, severity: str, message: str, key: str) -> Finding:
    return Finding(
        severity,
        "settings",
        message,
        file=path,
        line=line,
        text=source_line(path, line),
        key=key,
    )
