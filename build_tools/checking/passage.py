"""The text of one element of a book, the numbers in it, and the line each number is on."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from build_tools.checking.symbols import standing_alone
from build_tools.diagnostics import source_line
from build_tools.model.docbook import around_in_entry, cross_reference_words
from build_tools.model.numbers import NUMBER_WORDS

NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
"""A number as the coverage counts them: a run of digits, with a decimal part if any."""

NUMBER_IN_WORDS = (
    r"(?i:(?<![\w-])(?:" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")(?![\w-]))"
)
HOLE = r"((?:[+\-−]|(?<![\d.,]))\d+(?:[.,]\d+)?|" + NUMBER_IN_WORDS + ")"
COUNT = re.compile(
    r"[+\-−]?\d+(?:[.,]\d+)?|(?i:(?<![\w-])(?:"
    + "|".join(sorted(set(NUMBER_WORDS) - {"un", "une", "one"}, key=len, reverse=True))
    + r")(?![\w-]))"
)
"""A number in digits or in words, but the article (« un », « une »): what a rewording keeps."""
"""A number in a pattern: a sign may follow a digit (`2d6+3`); an unsigned number may not;
a number written in words (« deux », « Cinq ») reads as its value."""
HOLE_END = r"(?![\d]|[.,]\d)"

_SPACES = re.compile(r"\s+")
LABELS = frozenset(("glossterm", "acronym", "abbrev", "title", "titleabbrev"))
"""Elements that name a passage: their rule words name, they state no rule."""
_RUNS = re.compile(r"\S+(?:[^\S\n]+\S+)*|\s+")
"""Words and the spaces between them up to the end of a line, or a run of whitespace."""
_INNER_SPACES = re.compile(r"[^\S\n]+")
_APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "\u00a0": " ", "\u202f": " ", "\u2009": " "})


WIDEN = 20
"""How far an excerpt reaches past its margin to end on a whole word."""


def excerpt(text: str, start: int, end: int, margin: int = 40) -> str:
    """`text[start:end]` with about `margin` characters either side, cut between two words.

    « … des actions particulièrement difficiles … », never « …ifficulté »: a cut
    that would split a word takes the whole word (up to `WIDEN` characters more),
    or leaves it out when it is longer.
    """
    left, right = max(0, start - margin), min(len(text), end + margin)
    if left and not text[left - 1].isspace():
        reach = left
        while reach > 0 and left - reach < WIDEN and not text[reach - 1].isspace():
            reach -= 1
        if reach == 0 or text[reach - 1].isspace():
            left = reach
        else:
            while left < start and not text[left].isspace():
                left += 1
    if right < len(text) and not text[right].isspace():
        reach = right
        while reach < len(text) and reach - right < WIDEN and not text[reach].isspace():
            reach += 1
        if reach == len(text) or text[reach].isspace():
            right = reach
        else:
            while right > end and not text[right - 1].isspace():
                right -= 1
    piece = text[left:right].strip()
    if right < len(text):
        piece = piece.rstrip(",;:")  # « domaine), … » reads « domaine) … »
    return ("… " if left else "") + piece + (" …" if right < len(text) else "")


def _plain(text: str) -> str:
    """`text.translate(_APOSTROPHES)`, by `str.replace`: translate is slow on non-ASCII text."""
    for character, replacement in _APOSTROPHES.items():
        text = text.replace(chr(character), replacement)
    return text


_READINGS: ContextVar[dict | None] = ContextVar("readings", default=None)
"""(element, file, exclude) -> how `Passage.of` read it, while `read_once` is in force."""


@contextmanager
def read_once() -> Iterator[None]:
    """Within it, each element's text is read once: the check asks for the same passage many
    times (its binding, the cards, the citations, the coverage), and a reading costs the
    walk of the element. The document must not change meanwhile; outside it nothing is kept.
    """
    if _READINGS.get() is not None:
        yield
        return
    token = _READINGS.set({})
    try:
        yield
    finally:
        _READINGS.reset(token)


@dataclass
class Token:
    """One number of a passage: where it is in the passage's text and in the source."""

    start: int
    end: int
    text: str
    line: int


def _source_offset(source: str, offset: int) -> int | None:
    """The offset in `source` of character `offset` of it as a passage reads it (a run of
    spaces reads as one space); None when it is past its end."""
    if offset < 0:
        return None
    read = 0
    for position, character in enumerate(source):
        if character.isspace() and position and source[position - 1].isspace():
            continue  # a run of spaces reads as its first
        if read == offset:
            return position
        read += 1
    return len(source) if read == offset else None


@dataclass
class Passage:
    """The whitespace-normalised text of an element, with a line for every character.

    Descendants listed in `exclude` (nested examples, tables…) are left out, so
    that each number belongs to the innermost unit that holds it. An empty
    `xref` reads as the words a reader sees in its place (the glossary term, the
    title it points at); those words are the target's, so their digits are not
    numbers of this passage.
    """

    element: etree._Element
    file: Path
    text: str
    lines: Sequence[int]
    consumed: list[tuple[int, int, str]] = field(default_factory=list)
    generated: Sequence[tuple[int, int]] = field(default_factory=list)
    """Spans of `text` that stand for cross-references: not the passage's own numbers."""
    anchors: list[tuple[int, int, str]] = field(default_factory=list)
    """Spans a binding's patterns matched (given, claimed, affirmed, waived): their rule words."""
    word_waivers: list[tuple[int, int]] = field(default_factory=list)
    """Rule words a binding waived as telling no rule here."""
    waivers: list[tuple[int, int, str]] = field(default_factory=list)
    """Every span a binding waived (numbers or rule words), with the reason it gave."""
    read_whole: bool = False
    """A table cell a binding read whole: its words went to the rules as given."""
    labels: Sequence[tuple[int, int]] = field(default_factory=list)
    """Spans of names (a glossary entry's term, a title): their words name, they state no rule."""
    runs: Sequence[tuple] = field(default_factory=list, repr=False)
    """Where each stretch of words of `text` stands in the document: (its offset in `text`
    before `run_shift`, the element whose text (slot -1) or child's tail (slot i) holds it,
    slot, its offset there, its words as the source writes them, its length in `text`)."""
    run_shift: int = 0

    @classmethod
    def of(cls, element: etree._Element, file: Path, exclude: frozenset = frozenset()) -> Passage:
        """The passage of `element`: a fresh one (what a binding consumes of it is its own),
        whose reading is shared within `read_once`."""
        readings = _READINGS.get()
        if readings is None:
            return cls(element, file, **_read(element, exclude))
        key = (element, file, exclude)
        reading = readings.get(key)
        if reading is None:
            reading = readings[key] = _read(element, exclude)
        return cls(element, file, **reading)

    def origins(self, start: int, end: int) -> list[tuple[etree._Element, int, int, int]]:
        """Where `text[start:end]` stands in the document: (element, slot, start, end) pieces.

        One piece per stretch of the source it runs over (a line, the text around
        markup); `slot` is -1 for an element's own text, i for the tail of its child
        i; `start`/`end` are offsets in that text as the source writes it. Words a
        cross-reference stands for are no piece: the source does not hold them.
        """
        pieces = []
        start, end = start + self.run_shift, end + self.run_shift
        index = max(bisect.bisect_right(self.runs, start, key=lambda run: run[0]) - 1, 0)
        for at, owner, slot, offset, source, length in self.runs[index:]:
            if at >= end:
                break
            low, high = max(start, at), min(end, at + length)
            if low >= high:
                continue
            first, last = _source_offset(source, low - at), _source_offset(source, high - at)
            if first is not None and last is not None:
                pieces.append((owner, slot, offset + first, offset + last))
        return pieces

    @property
    def tokens(self) -> list[Token]:
        # The spans are in text order and do not overlap: find each number's by bisection
        # (a whole book is one passage; comparing every number with every span was quadratic).
        starts = [start for start, _ in self.generated]
        return [
            Token(match.start(), match.end(), match.group(), self.line_at(match.start()))
            for match in NUMBER.finditer(self.text)
            if not self._generated_at(starts, match.start())
        ]

    def _generated_at(self, starts: list[int], offset: int) -> bool:
        index = bisect.bisect_right(starts, offset) - 1
        return index >= 0 and offset < self.generated[index][1]

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
        earlier = sum(
            1 for start in standing_alone(self.text, token, offset) if self.line_at(start) == line
        )
        occurrences = list(standing_alone(source_line(self.file, line), token))
        if not occurrences:
            return 0
        return occurrences[min(earlier, len(occurrences) - 1)] + 1

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
            "not reached": [],
        }
        for token in self.tokens:
            how = "unbound"
            for start, end, kind in self.consumed:
                if start <= token.start and token.end <= end:
                    how = kind
                    break
            sorted_tokens[how].append(token)
        return sorted_tokens

    def word_accounting(self, vocabulary) -> dict[str, list]:
        """Every rule word of the passage, sorted into claimed, waived and unbound."""
        sorted_words: dict[str, list] = {
            "given": [],
            "claimed": [],
            "waived": [],
            "unbound": [],
            "not reached": [],
        }
        for word in vocabulary.find(self.text):
            if any(a <= word.start < b for a, b in self.generated):
                continue
            how = "given" if self.read_whole else "unbound"
            if any(a <= word.start < b for a, b in self.labels):
                how = "waived"
            for start, end, kind in self.consumed:
                if start <= word.start and word.end <= end and kind in ("claimed", "given"):
                    how = kind  # a claim's word, or a term the text gives the rules
                    break
            if how == "unbound":
                for start, end, kind in self.anchors:
                    if start <= word.start and word.end <= end:
                        how = "waived" if kind == "waived" else "claimed"
                        break
            if how == "unbound" and any(
                start <= word.start and word.end <= end for start, end in self.word_waivers
            ):
                how = "waived"
            if how == "unbound" and any(kind == "not reached" for _, _, kind in self.consumed):
                how = "not reached"  # its binding failed: counted, never listed
            sorted_words[how].append(word)
        return sorted_words


def _read(element: etree._Element, exclude: frozenset) -> dict:
    """What `Passage.of` reads of `element`: the fields of its passage, the lists as tuples
    (a reading may be shared; what a binding consumes goes to the passage's own lists)."""
    pieces: list[str] = []
    lines: list[int] = []
    generated: list[tuple[int, int]] = []
    labels: list[tuple[int, int]] = []
    runs: list[tuple] = []
    size = 0
    spaced = True  # nothing read yet, or a space last: no space to add

    def emit(text: str | None, line: int, owner=None, slot: int = -1) -> int:
        nonlocal size, spaced
        if not text:
            return line
        # A stretch of words on one line at a time, not character by character: the
        # check reads every passage, and the whole book's once more for the coverage.
        position = 0  # the runs tile the text: each starts where the one before ends
        for run in _RUNS.findall(text):
            length = len(run)
            position += length
            if not run[0].isspace():
                source = run
                if not run.isprintable() or "  " in run:  # else no space to fold
                    run = _INNER_SPACES.sub(" ", run)
                    length = len(run)
                if owner is not None:
                    runs.append((size, owner, slot, position - len(source), source, length))
                pieces.append(run)
                lines.extend([line] * length)
                size += length
                spaced = False
                continue
            if not spaced:
                pieces.append(" ")
                lines.append(line)
                size += 1
                spaced = True
            line += run.count("\n")
        return line

    def read_between(words: str, line: int) -> None:
        """Words the reader reads that the source does not write (`around_in_entry`): read
        as a link's are, no number or rule word of the passage's own."""
        if words:
            start = size
            emit(words, line)
            generated.append((start, size))

    def walk(node: etree._Element, line: int) -> int:
        nonlocal size, spaced
        line = node.sourceline or line
        if node.tag == "xref" and not len(node) and not node.text:
            start = size
            emit(cross_reference_words(node), line)
            generated.append((start, size))
        label_start = size if node.tag in LABELS and node is not element else -1
        line = emit(node.text, line, node, -1)
        for index, child in enumerate(node):
            if isinstance(child.tag, str) and child not in exclude:
                before, after = around_in_entry(node, child)
                read_between(before, child.sourceline or line)
                line = walk(child, line)
                read_between(after, line)
            elif isinstance(child.tag, str):
                # An excluded unit still ends somewhere: resynchronise on its last line.
                line = max(line, last_line(child))
                if not spaced:
                    pieces.append(" ")
                    lines.append(line)
                    size += 1
                    spaced = True
            line = emit(child.tail, line, node, index)
        if label_start >= 0:
            labels.append((label_start, size))
        return line

    walk(element, element.sourceline or 0)
    text = _plain("".join(pieces))
    start = len(text) - len(text.lstrip())
    end = len(text.rstrip())
    spans = [(max(a - start, 0), min(b - start, end - start)) for a, b in generated if b > a]
    names = [(max(a - start, 0), min(b - start, end - start)) for a, b in labels if b > a]
    return {
        "text": text[start:end],
        "lines": tuple(lines[start:end]),
        "generated": tuple(spans),
        "labels": tuple(names),
        "runs": tuple(runs),
        "run_shift": start,
    }


def compile_pattern(pattern: str | re.Pattern) -> re.Pattern | TextPattern:
    """A pattern of literal text with `{}` holes, ready to search a passage's text.

    A `re.Pattern` is used as it is; a string becomes a `TextPattern`.
    """
    if isinstance(pattern, (re.Pattern, TextPattern)):
        return pattern
    return TextPattern(pattern)


HOLE_AT = re.compile(HOLE + HOLE_END)


class TextPattern:
    """Literal text and number holes, matched with `str.find` rather than the regex compiler.

    A book's bindings hold hundreds of patterns; compiling each into a regular
    expression cost more than running all the checks. Passages are whitespace-
    normalised, so a run of whitespace in the pattern is one space in the text.
    """

    def __init__(self, source: str):
        self.pattern = source
        pieces = source.translate(_APOSTROPHES).split("{}")
        self.literals = [_SPACES.sub(" ", piece) for piece in pieces]
        self.groups = len(pieces) - 1

    def search(self, text: str, position: int = 0) -> TextMatch | None:
        """The first match at or after `position`."""
        first = self.literals[0]
        if first:
            start = text.find(first, position)
            while start >= 0:
                match = self._match_at(text, start)
                if match is not None:
                    return match
                start = text.find(first, start + 1)
            return None
        for number in HOLE_AT.finditer(text, position):
            match = self._match_at(text, number.start())
            if match is not None:
                return match
        return None

    def _match_at(self, text: str, start: int) -> TextMatch | None:
        if not text.startswith(self.literals[0], start):
            return None
        position = start + len(self.literals[0])
        spans = []
        for literal in self.literals[1:]:
            number = HOLE_AT.match(text, position)
            if number is None:
                return None
            spans.append(number.span(1))
            position = number.end()
            if not text.startswith(literal, position):
                return None
            position += len(literal)
        return TextMatch(self, text, (start, position), spans)


class TextMatch:
    """A match of a `TextPattern`, with the part of `re.Match`'s interface bindings use."""

    def __init__(self, pattern: TextPattern, text: str, span: tuple[int, int], holes: list):
        self.re = pattern
        self.string = text
        self._spans = [span, *holes]

    def span(self, group: int = 0) -> tuple[int, int]:
        return self._spans[group]

    def start(self, group: int = 0) -> int:
        return self._spans[group][0]

    def end(self, group: int = 0) -> int:
        return self._spans[group][1]

    def group(self, group: int = 0) -> str:
        start, end = self._spans[group]
        return self.string[start:end]

    def groups(self) -> tuple[str, ...]:
        return tuple(self.group(index) for index in range(1, len(self._spans)))


def last_line(element: etree._Element) -> int:
    last = element.sourceline or 0
    for node in element.iter():
        if node.sourceline:
            last = max(last, node.sourceline)
    return last
