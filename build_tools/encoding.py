"""A source file's bytes against the encoding it declares: a mismatch is located, never garbled."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from pathlib import Path

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


_MARKS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16's, which begins it
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


@dataclass(frozen=True)
class SourceText:
    """A source file's text, and how to write an edited text back as the file was written."""

    text: str
    encoding: str
    mark: bytes = b""

    def encode(self, text: str) -> bytes:
        """`text` in the file's encoding, with its byte order mark if it had one; a character
        the encoding lacks (a correction's « é » in an ASCII file) as a character reference."""
        return self.mark + text.encode(self.encoding, errors="xmlcharrefreplace")


def read_source(path: Path) -> SourceText:
    """The text of an XML source in the encoding it declares (its mark, else its declaration).

    Line ends are kept as written (\\r\\n stays), so that an edit changes only what it
    corrects. Raises OSError, or UnicodeDecodeError when the bytes are not that encoding.
    """
    raw = Path(path).read_bytes()
    for mark, encoding in _MARKS:
        if raw.startswith(mark):
            return SourceText(raw[len(mark) :].decode(encoding), encoding, mark)
    declared = _DECLARATION.match(raw)
    encoding = "utf-8"
    if declared:
        try:
            encoding = codecs.lookup(declared[1].decode("ascii")).name
        except LookupError:
            pass
    return SourceText(raw.decode(encoding), encoding)


def lines_of(text: str) -> list[str]:
    """`text` cut into lines as XML counts them (\\n, \\r\\n or \\r), each with its end."""
    return re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z", text)


def _position(raw: bytes, offset: int) -> tuple[int, int]:
    """Line and column (in characters, both from 1) of byte `offset` of `raw`."""
    start = raw.rfind(b"\n", 0, offset) + 1
    return raw.count(b"\n", 0, offset) + 1, len(raw[start:offset].decode("utf-8", "replace")) + 1
