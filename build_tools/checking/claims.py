"""The records of the rules check: a claim, where an erratum stands, the places a claim names.

Each `claim`, `affirm` and `word` of a binding leaves one `Claim`; each erratum
its `Spot` (the finding and the span of its wrong words); `Place`s name the
sentences of the book a claim rests on. Findings, reports and renderers are
drawn from these records, and claim ids are made here (`claim_id`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from build_tools.checking.matching import differing_words, words_given
from build_tools.checking.notation import LANGUAGE
from build_tools.checking.passage import (
    Passage,
)
from build_tools.checking.rule import Citation, Step
from build_tools.checking.words import Vocabulary
from build_tools.diagnostics import Finding, slug
from build_tools.model.said import said_in


@dataclass
class Binding:
    """One decorated function, the passage of the book it is about, and the bindings it needs."""

    kind: str
    selector: dict[str, str]
    function: Callable
    file: Path
    line: int
    needs: tuple[str, ...] = ()
    """Names of the bindings whose results this one takes as parameters."""

    @property
    def name(self) -> str:
        return self.function.__name__

    def describe(self) -> str:
        key, value = next(iter(self.selector.items()))
        return f"{self.kind} {key}={value!r}"


@dataclass
class Place:
    """A place of the book (or of a rules module) that a claim names: file, line, column, words."""

    file: Path | None
    known_line: int
    column: int = 0
    text: str = ""
    role: str = ""
    """What this place is to the claim: « règle » (the sentence stating the rule), « liaison »…"""
    finder: Callable[[], int] | None = field(default=None, repr=False, compare=False)
    """Works the line out when first asked (most places are never shown)."""
    element: Any = field(default=None, repr=False, compare=False)
    """The element of the book that holds the words, for a renderer to link to."""

    @property
    def line(self) -> int:
        if not self.known_line and self.finder is not None:
            self.known_line = self.finder()
        return self.known_line

    def __str__(self) -> str:
        location = f"{self.file}:{self.line}" + (f":{self.column}" if self.column else "")
        return f"{location}: {self.text}" if self.text else location


@dataclass
class Spot:
    """Where an erratum stands: its finding, and the span of the wrong words in their passage.

    A renderer marks the wrong number where it stands from this, through
    `passage.origins(start, end)`: never by looking the finding's line up again.
    """

    finding: Finding
    passage: Passage = field(repr=False)
    start: int
    end: int
    steps: list[Step] = field(default_factory=list, repr=False)
    """The working that gave the erratum (the rules called since the previous claim)."""
    cites: list[Place] = field(default_factory=list, repr=False)
    """The sentences of the book stating the rules of that working."""

    def origins(self) -> list:
        """(element, slot, start, end) of the wrong words in the document, a piece a line."""
        return self.passage.origins(self.start, self.end)


@dataclass
class Claim:
    """One claim of a binding, judged once; every output is drawn from this record.

    `text`/`found`/`expected`/`agreed`/`working` are what the text says at the
    claim, what the rules give, the verdict and the working as lines of text;
    `steps` are the same working as `Step`s (formula, arithmetic, cited
    sentence); `element`/`span` place the claim in the passage, and
    `file`/`line`/`column` at its first number (or word) in the source XML.
    """

    text: str
    found: tuple
    expected: tuple
    agreed: bool
    working: list[str]
    kind: str = "number"
    """number (a claimed value), word (a rule word), statement (affirm), impossible."""
    element: Any = None
    span: tuple[int, int] = (0, 0)
    file: Path | None = None
    line: int = 0
    steps: list[Step] = field(default_factory=list)
    cites: list[Place] = field(default_factory=list)
    """The sentences of the book stating the rules of the working."""
    related: list[Place] = field(default_factory=list)
    """For a contradiction: the other place of the book that says otherwise."""
    id: str = ""
    approximate: str = ""
    """The words of the text that make its figure approximate (« environ »), if any."""
    errata: list[Spot] = field(default_factory=list)
    """The errata this claim gave, one per wrong number (or word), each where it stands."""
    corrected: tuple = ()
    """What the rules give once the passage's earlier erratum is corrected, when the binding
    worked `expected` from the text's wrong number (`Check.claim(once_corrected=…)`)."""

    passage: Any = field(default=None, repr=False, compare=False)
    offset: int = 0
    token: str = ""

    @property
    def column(self) -> int:
        """The column of the claim's first number or word on its source line (read on demand:
        most claims agree, and their columns are never shown)."""
        if self.passage is None:
            return 0
        return self.passage.column_at(self.offset, self.token)

    @property
    def follows(self) -> bool:
        """Agreeing with the text's own numbers, but not with the text once corrected: the
        claim is part of an earlier erratum's correction, not a verified number."""
        return self.agreed and bool(self.corrected) and self.corrected != self.found

    @property
    def verdict(self) -> str:
        if self.follows:
            return "follows"
        return "agreed" if self.agreed else ("contradiction" if self.related else "erratum")


class StaleBinding(Exception):
    """A pattern of a binding no longer matches the book's text.

    `near` is the offset in the passage of the closest text found (or of the
    place the binding had reached), `closest` that text.
    """

    def __init__(self, pattern: str, near: int = -1, closest: str = ""):
        super().__init__(pattern)
        self.near = near
        self.closest = closest


@dataclass
class Context:
    """What every check of one run shares: the book's rule words and the rules' citations."""

    vocabulary: Vocabulary
    citations: list[Citation] = field(default_factory=list)
    places: dict[int, Place] = field(default_factory=dict)
    """id(citation) -> the place of the book where its (first) sentence stands."""
    all_places: dict[int, list[Place]] = field(default_factory=dict)
    """id(citation) -> every place where the book states the rule, when it cites several."""
    sentence_words: dict[int, str] = field(default_factory=dict)
    """id(citation) -> the words of its sentence(s), whose rule words a contradiction reads."""
    coverage: dict[str, Any] = field(default_factory=dict)
    """How many rules and constants cite a sentence of the book, and which do not."""


def differing_span(text: str, span: tuple[int, int], found: Any, expected: Any) -> tuple[int, int]:
    """`span`, narrowed to the words where `found` (the text there) and `expected` differ."""
    start, end = span
    if not (isinstance(found, str) and isinstance(expected, str)) or text[start:end] != found:
        return span
    differing = differing_words(found, words_given(expected) or expected)
    return (start + differing[0], start + differing[1]) if differing else span


def unique_places(places) -> list[dict]:
    """Each other place once (by file and line), in the order first named."""
    seen: dict[tuple, dict] = {}
    for place in places:
        seen.setdefault((place["file"], place["line"]), place)
    return list(seen.values())


STATED = {"fr": "énoncée à {place}", "en": "stated at {place}"}
"""Where the book states a step's rule, in the working's language."""
CITES = {"fr": "[cite {text}]", "en": "[cites {text}]"}
"""The sentence a rule or constant cites, after its line of working (`sheets.fold` reads it)."""


def citing(text: str) -> str:
    """« [cite « … »] »: the sentence `text` a line of working's rule cites, in its language."""
    return said_in(CITES, LANGUAGE.get()).format(text=text)


def derivation(steps: list[Step]) -> list[str]:
    """The working as lines: each step, then its arithmetic and the sentence it cites."""
    lines = []
    for step in steps:
        lines.append(str(step))
        arithmetic = step.arithmetic()
        if arithmetic:
            lines.append(f"{'  ' * step.depth}  « {arithmetic} »")
        if step.place:
            stated = said_in(STATED, LANGUAGE.get()).format(place=step.place)
            lines.append(f"{'  ' * step.depth}  ({stated})")
    return lines


def agrees(found: Any, wanted: Any, within: Any) -> bool:
    if isinstance(wanted, (int, Fraction)) and not isinstance(wanted, bool):
        return abs(Fraction(found) - Fraction(wanted)) <= Fraction(within)
    if isinstance(wanted, float):
        raise TypeError("rules give exact values (int or Fraction), not floats")
    return found == wanted


def shown(value: Any) -> str:
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):.4g} (= {value})"
    return str(value)


def pattern_text(pattern) -> str:
    return pattern if isinstance(pattern, str) else pattern.pattern


SHORT_KEY_WORDS = 5
SHORT_PLACE_WORDS = 6


def claim_id(category: str, where: str, key: str, *, chosen: bool = False) -> str:
    """A claim's finding id: short, stable, readable (« erratum:example-maladresse-exceptionnelle:
    pour-un-total-de-5 »): the passage's first words, then the claim's."""
    place = "-".join(slug(where).split("-")[:SHORT_PLACE_WORDS])
    what = slug(key) if chosen else "-".join(slug(key).split("-")[: SHORT_KEY_WORDS + 4])
    return ":".join(part for part in (category, place, what) if part)


def anchor_words(pattern, index: int = 0) -> str:
    """A short, stable name for a claim: the words either side of its hole.

    The words nearest the number say what it is (« bonus de compétence de {} »,
    « {} en Ma/Pr »): up to four before it and two after are enough to tell the
    claims of a passage apart, and survive an edit of the rest of the sentence.
    """
    text = pattern_text(pattern)
    comment = re.match(r"\(\?#([^)]*)\)", text)
    if comment:  # a regular expression names itself in its leading comment
        return comment.group(1)
    pieces = text.split("{}")
    if len(pieces) == 1:
        words = re.findall(r"[^\W\d_]+", text)
        return " ".join(words[:SHORT_KEY_WORDS]) or text
    before = re.findall(r"[^\W\d_]+", pieces[index])[-4:]
    after = re.findall(r"[^\W\d_]+", pieces[index + 1])[:2] if index + 1 < len(pieces) else []
    words = before + after
    if not words:
        words = re.findall(r"[^\W\d_]+", text)[:SHORT_KEY_WORDS]
    return " ".join(words) + (f" {index + 1}" if len(pieces) > 2 and not before else "")
