"""Bindings: functions that tie a passage of a book to the rules, and what they may call.

A game's `bindings.py` makes a `Binder` and decorates one function per
example, table, glossary entry or rule sentence. The runner calls each with a
`Check` of its passage; the function reads givens from the text, claims the
rules' results, waives what is no rule (a year, a label). See docs/bindings.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from build_tools.checking.passage import Passage, compile_pattern, number_value
from build_tools.checking.rule import Trace
from build_tools.diagnostics import Finding

KINDS = ("example", "section", "table", "glossary", "prose")


@dataclass
class Binding:
    """One decorated function and the passage of the book it is about."""

    kind: str
    selector: dict[str, str]
    function: Callable
    file: Path
    line: int

    @property
    def name(self) -> str:
        return self.function.__name__

    def describe(self) -> str:
        key, value = next(iter(self.selector.items()))
        return f"{self.kind} {key}={value!r}"


class Binder:
    """Collects the bindings of one book."""

    def __init__(self) -> None:
        self.bindings: list[Binding] = []

    def example(self, *, title: str | None = None, id: str | None = None) -> Callable:
        """Bind an `example` (or an example section) found by its title or id."""
        return self._register("example", title=title, id=id)

    def section(self, *, title: str | None = None, id: str | None = None) -> Callable:
        """Bind a section (usually an example section) found by its title or id."""
        return self._register("section", title=title, id=id)

    def table(self, *, title: str | None = None, id: str | None = None) -> Callable:
        """Bind a `table` or `informaltable` found by its title or id."""
        return self._register("table", title=title, id=id)

    def glossary(self, *, term: str) -> Callable:
        """Bind the `glossentry` whose `glossterm` is `term`."""
        return self._register("glossary", term=term)

    def prose(self, *, contains: str) -> Callable:
        """Bind the paragraph (or table entry, or list item) whose text contains `contains`."""
        return self._register("prose", contains=contains)

    def _register(self, kind: str, **selector: str | None) -> Callable:
        chosen = {key: value for key, value in selector.items() if value is not None}
        if len(chosen) != 1:
            raise TypeError(f"binder.{kind}() takes exactly one of {', '.join(selector)}")

        def decorate(function: Callable) -> Callable:
            # co_firstlineno is the decorator's line: cheap, unlike inspect.getsourcelines,
            # which tokenises the whole file for every binding.
            source = Path(function.__code__.co_filename)
            line = function.__code__.co_firstlineno
            self.bindings.append(Binding(kind, chosen, function, source, line))
            return function

        return decorate


@dataclass
class Claim:
    """One claim a binding made: what the text says, what the rules give, and the working."""

    text: str
    found: tuple
    expected: tuple
    agreed: bool
    working: list[str]


class StaleBinding(Exception):
    """A pattern of a binding no longer matches the book's text."""


@dataclass
class Check:
    """What a binding receives: a passage of the book, and the means to account for its numbers."""

    passage: Passage
    where: str
    trace: Trace
    findings: list[Finding]
    claims: list[Claim] = field(default_factory=list)
    label: str = ""
    """For a table cell: its row and column, so that a finding's id says which cell."""
    _repeats: dict[str, int] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The passage's text, whitespace collapsed."""
        return self.passage.text

    def given(self, pattern: str | re.Pattern = "{}") -> Any:
        """The number(s) the text states at `pattern`: inputs of the rules."""
        values, _ = self._take(pattern, "given")
        return values[0] if len(values) == 1 else tuple(values)

    def claim(
        self, pattern: str | re.Pattern, expected: Any, *, within: Any = 0, key: str | None = None
    ) -> bool:
        """Compare the number(s) at `pattern` with what the rules give; a mismatch is an erratum.

        `key` names the claim in the finding's id (default: the pattern's text).
        """
        values, match = self._take(pattern, "claimed")
        expectations = expected if isinstance(expected, tuple) else (expected,)
        if len(expectations) != len(values):
            raise TypeError(
                f"pattern {_pattern_text(pattern)!r} has {len(values)} hole(s), "
                f"{len(expectations)} expected value(s) given"
            )
        steps = self._working()
        agreed = True
        for index, (found, wanted) in enumerate(zip(values, expectations, strict=True)):
            if _agrees(found, wanted, within):
                continue
            agreed = False
            offset = match.start(index + 1) if match.re.groups else match.start()
            key_name = key or _pattern_text(pattern)
            if self.label and not re.search(r"[^\W\d_]", key_name):
                key_name = (
                    f"{self.label} {key_name}"  # a bare "{}" says nothing of where: name the cell
                )
            if len(values) > 1:
                key_name += (
                    f" hole {index + 1}"  # which number of the claim, not how many failed before
                )
            self._repeats[key_name] = self._repeats.get(key_name, 0) + 1
            if self._repeats[key_name] > 1:
                key_name += f"#{self._repeats[key_name]}"
            tolerance = f" (within {_show(within)})" if within else ""
            self.findings.append(
                Finding(
                    "error",
                    "erratum",
                    f"the text says {_show(found)}, the rules give {_show(wanted)}{tolerance}",
                    file=self.passage.file,
                    line=self.passage.line_at(offset),
                    column=self.passage.column_at(offset, match.group(index + 1)),
                    where=self.where,
                    text=_excerpt(self.passage.text, match.start(), match.end()),
                    key=key_name,
                    expected=wanted,
                    found=found,
                    derivation=steps,
                )
            )
        self.claims.append(Claim(match.group(), tuple(values), tuple(expectations), agreed, steps))
        return agreed

    def affirm(
        self, phrase: str | re.Pattern, holds: bool, *, rules_give: str, key: str | None = None
    ) -> bool:
        """A statement the text makes in words (« un échec ! ») that the rules must hold.

        When `holds` is false the statement is an erratum: the text says the
        phrase, the rules give `rules_give`, with the working since the last claim.
        The phrase's numbers are not accounted for by this call.
        """
        match = self._search(phrase)
        steps = self._working()
        self.claims.append(Claim(match.group(), (match.group(),), (rules_give,), holds, steps))
        if not holds:
            first_word = match.group().split(" ")[0]
            self.findings.append(
                Finding(
                    "error",
                    "erratum",
                    f"the text says « {match.group()} », the rules give {rules_give}",
                    file=self.passage.file,
                    line=self.passage.line_at(match.start()),
                    column=self.passage.column_at(match.start(), first_word),
                    where=self.where,
                    text=_excerpt(self.passage.text, match.start(), match.end()),
                    key=key or _pattern_text(phrase),
                    expected=rules_give,
                    found=match.group(),
                    derivation=steps,
                )
            )
        return holds

    def peek(self, pattern: str | re.Pattern) -> Any:
        """The number(s) at `pattern`, read without accounting for them (a later call will)."""
        match = self._search(pattern)
        values = [number_value(match.group(group)) for group in range(1, match.re.groups + 1)]
        return values[0] if len(values) == 1 else tuple(values)

    def note(self, category: str, message: str) -> None:
        """A figure to print with every check (an info finding): a table's gap from the dice."""
        line = self.passage.line_at(0)
        self.findings.append(
            Finding(
                "info",
                category,
                message,
                file=self.passage.file,
                line=line,
                where=self.where,
                key=category,
            )
        )

    def waive(self, pattern: str | re.Pattern, reason: str) -> None:
        """Account for the numbers at `pattern` without checking them, for `reason`."""
        if not reason:
            raise TypeError("waive() needs a reason")
        match = self._search(pattern)
        self.passage.consumed.append((match.start(), match.end(), "waived"))

    def _working(self) -> list[str]:
        """The rule steps since the previous claim of this binding (cells of a table share them)."""
        steps = [str(step) for step in self.trace.since(self.trace.mark)]
        self.trace.mark = len(self.trace.steps)
        return steps

    def _take(self, pattern: str | re.Pattern, kind: str) -> tuple[list, re.Match]:
        match = self._search(pattern)
        groups = range(1, (match.re.groups or 0) + 1)
        if not groups:
            raise TypeError(f"pattern {_pattern_text(pattern)!r} has no {{}} hole")
        for group in groups:
            self.passage.consumed.append((match.start(group), match.end(group), kind))
        return [number_value(match.group(group)) for group in groups], match

    def _search(self, pattern: str | re.Pattern) -> re.Match:
        match = self.passage.search(compile_pattern(pattern))
        if match is None:
            raise StaleBinding(_pattern_text(pattern))
        return match


@dataclass
class TableCheck(Check):
    """A table: its title as a passage, and its rows of cells, each a `Check` of its own."""

    head_rows: list[list[Check]] = field(default_factory=list)
    rows: list[list[Check]] = field(default_factory=list)

    def cells(self) -> list[Check]:
        return [cell for row in self.head_rows + self.rows for cell in row]

    def all_claims(self) -> list[Claim]:
        return self.claims + [claim for cell in self.cells() for claim in cell.claims]


def _agrees(found: Any, wanted: Any, within: Any) -> bool:
    if isinstance(wanted, (int, Fraction)) and not isinstance(wanted, bool):
        return abs(Fraction(found) - Fraction(wanted)) <= Fraction(within)
    if isinstance(wanted, float):
        raise TypeError("rules give exact values (int or Fraction), not floats")
    return found == wanted


def _show(value: Any) -> str:
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{float(value):.4g} (= {value})"
    return str(value)


def _pattern_text(pattern) -> str:
    return pattern if isinstance(pattern, str) else pattern.pattern


def _excerpt(text: str, start: int, end: int, margin: int = 40) -> str:
    left = max(0, start - margin)
    right = min(len(text), end + margin)
    return ("…" if left else "") + text[left:right] + ("…" if right < len(text) else "")
