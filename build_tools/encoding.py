"""A source file's bytes against the encoding it declares: a mismatch is located, never garbled."""

from __future__ import annotations

import codecs
import re

_DECLARATION = re.compile(rb"""^<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._\-]+)["']""")
SINGLE_BYTE = {"iso8859-1", "latin-1", "iso8859-15", "cp1252"}
"""Encodings where any byte is a character: UTF-8 read as one of them is garbled, not refused."""


def mismatch(raw: bytes) -> tuple[str, int, int] | None:
    """What is wrong with `raw` for the encoding it declares, and the line and column where."""
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE)):
        return None  # libxml2 reads these by their mark
    if not raw.removeprefix(codecs.BOM_UTF8).lstrip().startswith(b"<"):
        return None  # not XML at all: the parser says so ("Start tag expected")
    declared = _DECLARATION.match(raw.lstrip(codecs.BOM_UTF8))
    name = declared[1].decode("ascii") if declared else "UTF-8"
    try:
        canonical = codecs.lookup(name).name
    except LookupError:
        return None  # libxml2 says it better: "unsupported encoding"
    if canonical == "utf-8":
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError as error:
            line, column = _position(raw, error.start)
            said = f"says it is {name}" if declared else "declares no encoding, which means UTF-8"
            return (
                f"byte 0x{raw[error.start]:02X} is not UTF-8: the file {said}; save it as "
                "UTF-8, or declare the encoding it is written in",
                line,
                column,
            )
        return None
    if canonical in SINGLE_BYTE and re.search(rb"[\x80-\xff]", raw):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return None  # truly single-byte text
        first = next(index for index, byte in enumerate(raw) if byte >= 0x80)
        line, column = _position(raw, first)
        character = text[len(raw[:first].decode("utf-8"))]
        garbled = character.encode("utf-8").decode(canonical, errors="replace")
        return (
            f"the file says it is {name}, but its bytes are UTF-8: {character!r} would read "
            f'as {garbled!r}; declare encoding="UTF-8"',
            line,
            column,
        )
    return None


def _position(raw: bytes, offset: int) -> tuple[int, int]:
    """Line and column (in characters, both from 1) of byte `offset` of `raw`."""
    start = raw.rfind(b"\n", 0, offset) + 1
    return raw.count(b"\n", 0, offset) + 1, len(raw[start:offset].decode("utf-8", "replace")) + 1
