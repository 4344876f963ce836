"""Characters the PDF's fonts lack: a warning naming each, where the book first writes it.

The print stylesheet sets the text in Source Serif and Source Sans (DejaVu where they
are missing), code in DejaVu Sans Mono. A character none of them draws is printed by
Pango in whatever installed face has it (a fallback, noted as info), or, when no face
has it, as an empty box: that is a warning, with the character's name and code point.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import unicodedata
from pathlib import Path
from urllib.parse import unquote, urlparse

from lxml import etree

from build_tools.diagnostics import Finding, at_line
from build_tools.model.docbook import enclosing

SYSTEM_FACES = ("DejaVu Serif", "DejaVu Sans", "DejaVu Sans Mono")
INVISIBLE = {"\n", "\r", "\t", "\u00ad", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"}


def check(document, fonts) -> list[Finding]:
    """The findings for the characters of `document` that the faces of `fonts` lack."""
    covered = _covered(tuple(_face_files(fonts)))
    if not covered:
        return []  # no font could be read: nothing sound to say
    findings, seen = [], set()
    for element, text in _texts(document.root):
        for character in sorted(set(text) - covered - INVISIBLE - seen):
            if unicodedata.category(character) in ("Cc", "Cf", "Zs", "Zl", "Zp"):
                continue
            seen.add(character)
            findings.append(_finding(document, element, character, _fallback(character)))
    return findings


def _finding(document, element, character: str, fallback: str) -> Finding:
    name = unicodedata.name(character, "unnamed character")
    code = f"U+{ord(character):04X}"
    if fallback:
        severity = "info"
        message = (
            f"the character {character!r} ({code} {name}) is in none of the book's fonts: "
            f"it is printed in the fallback face {fallback}"
        )
    else:
        severity = "warning"
        message = (
            f"the character {character!r} ({code} {name}) is in no installed font: "
            "the PDF prints it as an empty box (install a font that has it)"
        )
    file, line, column = document.locate(element)
    return at_line(
        Finding(
            severity,
            "missing-glyph",
            message,
            file=file,
            line=line,
            column=column,
            where=enclosing(element),
            key=code,
        )
    )


def _texts(root: etree._Element):
    """(element, its own text) and (parent, a child's tail), in document order."""
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        if element.text:
            yield element, element.text
        if element.tail and element.getparent() is not None:
            yield element.getparent(), element.tail


def _face_files(fonts) -> list[str]:
    files = []
    for face in fonts.faces:
        parsed = urlparse(face.url)
        if parsed.scheme in ("", "file"):
            files.append(unquote(parsed.path))
    for family in SYSTEM_FACES:
        found = _fontconfig("fc-match", "-f", "%{file}", family)
        if found:
            files.append(found.strip())
    return files


@functools.lru_cache(maxsize=8)
def _covered(files: tuple[str, ...]) -> frozenset[str]:
    from fontTools.ttLib import TTFont, TTLibError

    characters: set[str] = set()
    for file in files:
        if not Path(file).is_file():
            continue
        try:
            with TTFont(file, lazy=True) as font:
                characters.update(chr(code) for code in font.getBestCmap() or {})
        except (TTLibError, OSError, KeyError):
            continue
    return frozenset(characters)


@functools.lru_cache(maxsize=512)
def _fallback(character: str) -> str:
    """An installed face that draws `character`, as fontconfig finds it ('' when none)."""
    found = _fontconfig("fc-list", f":charset={ord(character):x}", "family")
    return found.splitlines()[0].split(",")[0].strip() if found.strip() else ""


def _fontconfig(*arguments: str) -> str:
    if shutil.which(arguments[0]) is None:
        return ""
    try:
        return subprocess.run(
            list(arguments), capture_output=True, text=True, timeout=10, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
