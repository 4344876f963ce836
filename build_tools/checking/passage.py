"""The text of one element of a book, the numbers in it, and the line each number is on."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from lxml import etree

from build_tools.diagnostics import source_line

NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
"""A number as the coverage counts them: a run of digits, with a decimal part if any."""

HOLE = r"((?:[+\-−]|(?<![\d.,]))\d+(?:[.,]\d+)?)"
"""A number in a pattern: a sign may follow a digit (`2d6+3`); an unsigned number may not."""
HOLE_END = r"(?![\d]|[.,]\d)"

_SPACES = re.compile(r"\s+")
_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "\u00a0": " ", "\u202f": " ", "\u2009": " "})


@dataclass
class Token:
    """One number of a passage: where it is in the passage's text and in the source."""

    start: int
    end: int
    text: str
    line: int


@dataclass
class Passage:
    """The whitespace-normalised text of an element, with a line for every character.

    Descendants listed in `exclude` (nested examples, tables…) are left out, so
    that each number belongs to the innermost unit that holds it.
    """

    element: etree._Element
    file: Path
    text: str
    lines: list[int]
    consumed: list[tuple[int, int, str]] = field(default_factory=list)

    @classmethod
    def of(cls, element: etree._Element, file: Path, exclude: frozenset = frozenset()) -> Passage:
        characters: list[str] = []
        lines: list[int] = []

        def emit(text: str | None, line: int) -> int:
            for character in text or "":
                blank = character.isspace() or character in "\u00a0\u202f"
                if blank:
                    if characters and characters[-1] != " ":
                        characters.append(" ")
                        lines.append(line)
                else:
                    characters.append(character)
                    lines.append(line)
                if character == "\n":
                    line += 1
            return line

        def walk(node: etree._Element, line: int) -> int:
            line = node.sourceline or line
            line = emit(node.text, line)
            for child in node:
                if isinstance(child.tag, str) and child not in exclude:
                    line = walk(child, line)
                elif isinstance(child.tag, str):
                    # An excluded unit still ends somewhere: resynchronise on its last line.
                    line = max(line, _last_line(child))
                    if characters and characters[-1] != " ":
                        characters.append(" ")
                        lines.append(line)
                line = emit(child.tail, line)
            return line

        walk(element, element.sourceline or 0)
        text = "".join(characters).translate(_APOSTROPHES)
        start = len(text) - len(text.lstrip())
        end = len(text.rstrip())
        return cls(element, file, text[start:end], lines[start:end])

    @property
    def tokens(self) -> list[Token]:
        return [
            Token(match.start(), match.end(), match.group(), self.line_at(match.start()))
            for match in NUMBER.finditer(self.text)
        ]

    def line_at(self, offset: int) -> int:
        if not self.lines:
            return self.element.sourceline or 0
        return self.lines[min(offset, len(self.lines) - 1)]

    def column_at(self, offset: int, token: str) -> int:
        """The column of `token` (which starts at `offset` in the text) on its source line.

        The same number may stand several times on a line: count how many
        times it appears before `offset` on that line, and take that occurrence.
        """
        line = self.line_at(offset)
        alone = re.compile(r"(?<![\d.,])" + re.escape(token) + r"(?![\d])")
        earlier = sum(
            1
            for match in alone.finditer(self.text, 0, offset)
            if self.line_at(match.start()) == line
        )
        occurrences = list(alone.finditer(source_line(self.file, line)))
        if not occurrences:
            return 0
        return occurrences[min(earlier, len(occurrences) - 1)].start() + 1

    def search(self, pattern: re.Pattern) -> re.Match | None:
        """The first match of `pattern` that overlaps nothing already consumed."""
        position = 0
        while position <= len(self.text):
            match = pattern.search(self.text, position)
            if match is None:
                return None
            if not any(
                match.start() < end and start < match.end() for start, end, _ in self.consumed
            ):
                return match
            position = match.start() + 1
        return None

    def accounting(self) -> dict[str, list[Token]]:
        """Every token of the passage, sorted into given, claimed, waived and unbound."""
        sorted_tokens: dict[str, list[Token]] = {
            "given": [],
            "claimed": [],
            "waived": [],
            "unbound": [],
        }
        for token in self.tokens:
            how = "unbound"
            for start, end, kind in self.consumed:
                if start <= token.start and token.end <= end:
                    how = kind
                    break
            sorted_tokens[how].append(token)
        return sorted_tokens


def compile_pattern(pattern: str | re.Pattern) -> re.Pattern:
    """A pattern of literal text with `{}` holes, as a regular expression."""
    if isinstance(pattern, re.Pattern):
        return pattern
    pieces = []
    for index, literal in enumerate(pattern.translate(_APOSTROPHES).split("{}")):
        if index:
            pieces.append(HOLE + HOLE_END)
        pieces.append(_SPACES.sub(r"\\s+", re.escape(literal).replace("\\ ", " ")))
    return re.compile("".join(pieces))


def number_value(text: str) -> int | Fraction:
    """The value of a number as the book writes it: `12`, `-3`, `−1`, `+2`, `1,5`."""
    text = text.replace("−", "-").replace(",", ".").lstrip("+")
    value = Fraction(text)
    return int(value) if value.denominator == 1 and "." not in text else value


def _last_line(element: etree._Element) -> int:
    last = element.sourceline or 0
    for node in element.iter():
        if node.sourceline:
            last = max(last, node.sourceline)
    return last
