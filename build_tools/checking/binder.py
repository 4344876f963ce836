"""Bindings: functions that tie a passage of a book to the rules, and what they may call.

A game's bindings make a `Binder` and decorate one function per example,
table, glossary entry or rule sentence. The runner calls each with a `Check` of
its passage (and, like pytest fixtures, with what the bindings it names as
parameters returned); the function reads givens from the text, claims the
rules' results, waives what is no rule (a year, a label). Every claim is one
`Claim` record, from which findings, reports and renderers are drawn. See
docs/bindings.md.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from build_tools.checking.matching import CLOSE_ENOUGH, align, differing_words
from build_tools.checking.passage import (
    Passage,
    TextMatch,
    TextPattern,
    compile_pattern,
    excerpt,
    number_value,
)
from build_tools.checking.rule import Citation, Constant, Step, Trace, Working
from build_tools.checking.words import Vocabulary
from build_tools.diagnostics import Finding, slug

KINDS = ("example", "section", "table", "glossary", "prose")


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


class Binder:
    """Collects the bindings of one book, and the game's terms (its own rule words)."""

    def __init__(self, terms: dict[str, dict[str, list[str]]] | None = None) -> None:
        self.bindings: list[Binding] = []
        self.vocabulary = Vocabulary(terms)
        self.accounts_words = terms is not None
        """A game accounts for its rule words once it gives its terms (even none)."""

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
            # What it needs: its parameters after the passage, as pytest fixtures; or, for a
            # binding made in a loop, the names it declares in `function.needs`.
            parameters = getattr(function, "needs", None)
            if parameters is None:
                parameters = list(inspect.signature(function).parameters)[1:]
            self.bindings.append(Binding(kind, chosen, function, source, line, tuple(parameters)))
            return function

        return decorate


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
    def verdict(self) -> str:
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
    context: Context | None = None
    binding: Binding | None = None
    _repeats: dict[str, int] = field(default_factory=dict)
    reached: int = 0
    """How far in the passage the binding has read: where a lost anchor is looked for."""
    read: list[tuple[Any, int, str]] = field(default_factory=list)
    """Every number read (value, offset, text), to place an impossible value."""
    spots: list[Spot] = field(default_factory=list)
    """Every erratum of the passage where it stands, its claims' and those stated otherwise."""
    resting_on: list[Step] | None = field(default=None, repr=False)
    """The working the claim being read names, for a rule word reworded in its pattern."""

    @property
    def text(self) -> str:
        """The passage's text, whitespace collapsed.

        A table cell read whole gives its words to the rules (a label the rules
        look up, « très difficile »): its rule words count as given.
        """
        if self.label:
            self.passage.read_whole = True
        return self.passage.text

    def given(self, pattern: str | re.Pattern = "{}") -> Any:
        """The number(s) the text states at `pattern`: inputs of the rules."""
        values, _ = self._take(pattern, "given")
        return values[0] if len(values) == 1 else tuple(values)

    def claim(
        self,
        pattern: str | re.Pattern,
        expected: Any,
        *,
        within: Any = 0,
        key: str | None = None,
        working: list[Step] | None = None,
    ) -> bool:
        """Compare the number(s) at `pattern` with what the rules give; a mismatch is an erratum.

        `within` is a tolerance that applies only where the text itself says its
        figure is approximate (« environ »…); `key` names the claim in its id;
        `working` the steps it rests on (`Check.working()`), when they are not the
        steps run since the previous claim.
        """
        findings_before = len(self.findings)
        self.resting_on = working
        values, match = self._take(pattern, "claimed")
        expectations = expected if isinstance(expected, tuple) else (expected,)
        if len(expectations) != len(values):
            raise TypeError(
                f"pattern {_pattern_text(pattern)!r} has {len(values)} hole(s), "
                f"{len(expectations)} expected value(s) given"
            )
        approximate = ""
        if within and self.context is not None:
            before = self.passage.text[max(0, match.start() - 80) : match.end() + 20]
            approximate = self.context.vocabulary.approximation(before)
        tolerance = within if approximate else 0
        steps = self._steps(working)
        agreed = True
        for index, (found, wanted) in enumerate(zip(values, expectations, strict=True)):
            if _agrees(found, wanted, tolerance):
                continue
            agreed = False
            offset = match.start(index + 1) if match.re.groups else match.start()
            if key or not isinstance(pattern, str):
                key_name = self._key(key or _anchor_words(pattern), index, len(values))
            else:
                key_name = self._key(_anchor_words(pattern, index), index, 1)
            allowed = f" (« {approximate} »: within {_show(tolerance)})" if approximate else ""
            self._report(
                "erratum",
                f"the text says {_show(found)}, the rules give {_show(wanted)}{allowed}",
                offset,
                match.group(index + 1),
                (match.start(), match.end()),
                key_name,
                wanted,
                found,
                steps,
                chosen=bool(key) or not isinstance(pattern, str),
            )
        self._record(
            match,
            "number",
            tuple(values),
            tuple(expectations),
            agreed,
            steps,
            approximate,
            own=self.findings[findings_before:],
        )
        return agreed

    def affirm(
        self,
        phrase: str | re.Pattern,
        holds: bool,
        *,
        rules_give: str,
        key: str | None = None,
        working: list[Step] | None = None,
    ) -> bool:
        """A statement the text makes in words (« un échec ! ») that the rules must hold.

        When `holds` is false the statement is an erratum: the text says the
        phrase, the rules give `rules_give`, with the working since the last claim
        (or `working`, as for `claim`). The phrase's numbers are not accounted for
        by this call.
        """
        findings_before = len(self.findings)
        self.resting_on = working
        match = self._search(phrase, "affirmed")
        steps = self._steps(working)
        if not holds:
            first_word = match.group().split(" ")[0]
            self._report(
                "erratum",
                f"the text says « {match.group()} », the rules give {rules_give}",
                match.start(),
                first_word,
                (match.start(), match.end()),
                self._key(key or _anchor_words(phrase), 0, 1),
                rules_give,
                match.group(),
                steps,
                chosen=bool(key),
                spot=(match.start(), match.end()),
            )
        self._record(
            match,
            "statement",
            (match.group(),),
            (rules_give,),
            holds,
            steps,
            own=self.findings[findings_before:],
        )
        return holds

    def word(
        self,
        pattern: str,
        expected: str,
        *,
        key: str | None = None,
        working: list[Step] | None = None,
    ) -> bool:
        """The rule word at the `[]` of `pattern` must be `expected` (a lemma of the vocabulary).

        The hole matches any word of `expected`'s family, so that when the text
        says a rival (« For » for « Con »), the claim finds it and reports it.
        """
        findings_before = len(self.findings)
        vocabulary = self._vocabulary()
        family = vocabulary.family_of(expected)
        if family is None:
            raise TypeError(f"{expected!r} is no rule word of this book's vocabulary")
        before, _, after = pattern.partition("[]")
        located = None
        for candidate in vocabulary.find(self.passage.text):
            if candidate.family != family:
                continue
            if not self._free(candidate.start, candidate.end):
                continue
            head = self.passage.text[: candidate.start].rstrip()
            tail = self.passage.text[candidate.end :].lstrip()
            if head.endswith(before.strip()) and tail.startswith(after.strip()):
                located = candidate
                break
        if located is None:
            raise StaleBinding(pattern)
        self.passage.consumed.append((located.start, located.end, "claimed"))
        self.reached = max(self.reached, located.end)
        steps = self._steps(working)
        agreed = located.lemma == expected
        match = TextMatch(TextPattern(pattern), self.passage.text, (located.start, located.end), [])
        if not agreed:
            self._report(
                "erratum",
                f"the text says « {located.text} », the rules give « {expected} »",
                located.start,
                located.text,
                (located.start, located.end),
                key or slug(expected),
                expected,
                located.text,
                steps,
                related=self._places_saying(family, expected),
                extra=[
                    f"{family}: the rules give « {expected} » here; "
                    f"the text says « {located.text} » ({located.lemma})"
                ],
            )
        self._record(
            match,
            "word",
            (located.lemma,),
            (expected,),
            agreed,
            steps,
            own=self.findings[findings_before:],
        )
        return agreed

    def erratum(
        self,
        span: tuple[int, int],
        message: str,
        key: str,
        *,
        expected: Any = None,
        found: Any = None,
        since: int = 0,
        quoted: tuple[int, int] | None = None,
        working: list[Step] | None = None,
    ) -> Finding:
        """An erratum at `span` of the passage's text, for words a game reads itself.

        For a statement the number patterns cannot read (a feat's name, the order
        of a queue): reported like a claim's erratum, with the working from step
        `since` of the trace (or `working`, as for `claim`), and placed where it
        stands for the reader's mark. `quoted` is the statement to quote around it
        (the span by default).
        """
        start, end = span
        steps = list(working) if working is not None else self.trace.since(since)
        finding = Finding(
            "error",
            "erratum",
            message,
            file=self.passage.file,
            line=self.passage.line_at(start),
            column=self.passage.column_at(start, self.passage.text[start:end].split(" ")[0]),
            where=self.where,
            text=excerpt(self.passage.text, *(quoted or span)),
            key=key,
            expected=expected,
            found=found,
            derivation=_derivation(steps),
        )
        self.findings.append(finding)
        self.place(finding, span, steps)
        return finding

    def place(self, finding: Finding, span: tuple[int, int], steps: list[Step]) -> None:
        """Record where an erratum stands (`span` of the passage's text) and its working.

        Words the rules give otherwise only in part (« Mental (Mt) » for « Mental (Me) »)
        stand where they differ: the words both agree on are not the erratum.
        """
        start, end = _differing(self.passage.text, span, finding.found, finding.expected)
        self.spots.append(Spot(finding, self.passage, start, end, steps, self._cited(steps)))

    def peek(self, pattern: str | re.Pattern) -> Any:
        """The number(s) at `pattern`, read without accounting for them (a later call will)."""
        match = self._search(pattern, None)
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
        """Account for the numbers and rule words at `pattern`, unchecked, for `reason`."""
        if not reason:
            raise TypeError("waive() needs a reason")
        match = self._search(pattern, "waived")
        self.passage.consumed.append((match.start(), match.end(), "waived"))

    def waive_words(self, reason: str, *lemmas: str) -> None:
        """Account for the rule words of the passage (all, or those of `lemmas`) as no rule here.

        For a narration whose « avant » and « plus » tell a story rather than a
        rule; the reason is required, as for `waive`.
        """
        if not reason:
            raise TypeError("waive_words() needs a reason")
        for word in self._vocabulary().find(self.passage.text):
            if lemmas and word.lemma not in lemmas and word.text not in lemmas:
                continue
            if self._free(word.start, word.end):
                self.passage.word_waivers.append((word.start, word.end))

    # -- the record -----------------------------------------------------------

    def _record(self, match, kind, found, expected, agreed, steps, approximate="", own=()) -> Claim:
        offset = match.start(1) if match.re.groups else match.start()
        token = match.group(1) if match.re.groups else match.group().split(" ")[0]
        claim = Claim(
            match.group(),
            found,
            expected,
            agreed,
            [str(step) for step in steps],
            kind=kind,
            element=self.passage.element,
            span=(match.start(), match.end()),
            file=self.passage.file,
            line=self.passage.line_at(offset),
            steps=steps,
            cites=self._cited(steps, expected),
            approximate=approximate,
            passage=self.passage,
            offset=offset,
            token=token,
        )
        if own:  # the findings this claim gave: its id, its errata, and its other places
            claim.id = own[0].id
            claim.errata = [spot for spot in self.spots if any(spot.finding is f for f in own)]
            claim.related = [
                Place(Path(r["file"]) if r.get("file") else None, r["line"], 0, r["message"])
                for finding in own
                for r in finding.related
            ]
        self.claims.append(claim)
        return claim

    def _report(
        self,
        category,
        message,
        offset,
        token,
        span,
        key_name,
        expected,
        found,
        steps,
        related: list[Place] | None = None,
        chosen: bool = False,
        extra: list[str] | None = None,
        spot: tuple[int, int] | None = None,
    ) -> None:
        """An erratum at `token` (at `offset`), marked over `spot` (the token by default)."""
        related = list(related or []) + [
            place for place in self._cited(steps) if place not in (related or [])
        ]
        finding = Finding(
            "error",
            category,
            message,
            file=self.passage.file,
            line=self.passage.line_at(offset),
            column=self.passage.column_at(offset, token),
            where=self.where,
            text=excerpt(self.passage.text, *span),
            key=key_name,
            id=claim_id(category, self.where, key_name, chosen=chosen),
            expected=expected,
            found=found,
            derivation=_derivation(steps) + list(extra or []),
            related=_unique(
                {
                    "file": str(place.file) if place.file else None,
                    "line": place.line,
                    "message": f"{place.role}: {place.text}" if place.role else place.text,
                }
                for place in related
            ),
        )
        self.findings.append(finding)
        self.place(finding, spot or (offset, offset + len(token)), steps)

    def _cited(self, steps: list[Step], expected: tuple = ()) -> list[Place]:
        """The places of the book stating the rules of `steps`, and the constants of the rules
        that are among the `expected` values (each place once)."""
        if self.context is None:
            return []
        citations = [step.citation for step in steps if step.citation is not None]
        constants = [value.citation for value in expected if isinstance(value, Constant)]
        places: dict[int, Place] = {}
        for citation in citations + constants:
            if id(citation) not in self.context.places:
                continue
            for place in self.context.all_places.get(id(citation)) or [
                self.context.places[id(citation)]
            ]:
                if citation in constants and citation not in citations and self._holds(place):
                    continue  # the sentence the constant comes from is the claim's own
                places.setdefault(id(place), place)
        return list(places.values())

    def _holds(self, place: Place) -> bool:
        """Whether `place` is in this passage (or holds it)."""
        element = self.passage.element
        if place.element is None or element is None:
            return False
        return any(node is element for node in place.element.iterancestors()) or any(
            node is place.element for node in element.iter()
        )

    def _places_saying(self, family: str, lemma: str) -> list[Place]:
        """Sentences cited by the rules that state `lemma` of `family`: the other place."""
        if self.context is None:
            return []
        places = []
        for citation in self.context.citations:
            # The sentence's rule words, found only when a contradiction asks for them.
            words = self.context.vocabulary.find(self.context.sentence_words.get(id(citation), ""))
            place = self.context.places.get(id(citation))
            if place is None or place.line == 0:
                continue
            if any(word.family == family and word.lemma == lemma for word in words):
                if place not in places:
                    places.append(place)
        if not places and self.binding is not None:
            places.append(Place(self.binding.file, self.binding.line, 0, f"« {lemma} »", "binding"))
        return places[:2]

    def _key(self, key_name: str, index: int, holes: int) -> str:
        if self.label and not re.search(r"[^\W\d_]", key_name):
            key_name = f"{self.label} {key_name}"  # a bare "{}" says nothing of where: the cell
        if holes > 1:
            key_name += f" {index + 1}"  # which number of the claim, not how many failed before
        self._repeats[key_name] = self._repeats.get(key_name, 0) + 1
        if self._repeats[key_name] > 1:
            key_name += f" #{self._repeats[key_name]}"
        return key_name

    @contextmanager
    def working(self) -> Iterator[Working]:
        """Keep the rule steps run inside apart, for the claims that name them.

        `with ex.working() as round_1: r1 = rules.round(...)`, then
        `ex.claim(..., working=round_1.of(rules.total, result=r1.total))`: a
        computation made once, whose results the text states one by one, gives
        each claim its own steps. A claim that names none takes none of them.
        """
        start = len(self.trace.steps)
        kept = Working()
        try:
            yield kept
        finally:
            end = len(self.trace.steps)
            kept.extend(self.trace.steps[start:end])
            self.trace.apart.append((start, end))

    def _steps(self, working: list[Step] | None = None) -> list[Step]:
        """The claim's working: `working` when the binding names it, else the rule steps since
        the previous claim of this binding (cells of a table share them)."""
        self.resting_on = None
        steps = list(working) if working is not None else list(self.trace.since(self.trace.mark))
        self.trace.mark = len(self.trace.steps)
        return steps

    # -- reading the text -------------------------------------------------------

    def _take(self, pattern: str | re.Pattern, kind: str) -> tuple[list, re.Match]:
        match = self._search(pattern, kind)
        groups = range(1, (match.re.groups or 0) + 1)
        if not groups:
            raise TypeError(f"pattern {_pattern_text(pattern)!r} has no {{}} hole")
        for group in groups:
            self.passage.consumed.append((match.start(group), match.end(group), kind))
        values = [number_value(match.group(group)) for group in groups]
        for group, value in zip(groups, values, strict=True):
            self.read.append((value, match.start(group), match.group(group)))
        return values, match

    def _search(self, pattern: str | re.Pattern, kind: str | None) -> re.Match | TextMatch:
        compiled = compile_pattern(pattern)
        match = self.passage.search(compiled)
        if match is None and isinstance(compiled, TextPattern):
            match = self._reworded(compiled, kind)
        if match is None:
            raise StaleBinding(_pattern_text(pattern))
        if kind is not None:
            # The pattern's own words are the binding's: its rule words are claimed (or waived).
            self.passage.anchors.append((match.start(), match.end(), kind))
            self.reached = max(self.reached, match.end())
        return match

    def _reworded(self, pattern: TextPattern, kind: str | None) -> TextMatch | None:
        """The pattern found in a reworded sentence; its rule words that changed are reported."""
        vocabulary = self._vocabulary()
        alignment = align(pattern.literals, self.passage.text, vocabulary, self._free)
        if alignment is None or not alignment.accepted or len(alignment.holes) != pattern.groups:
            if alignment is not None and alignment.score >= CLOSE_ENOUGH:
                start, end = alignment.span
                raise StaleBinding(pattern.pattern, start, self.passage.text[start:end])
            return None
        match = TextMatch(pattern, self.passage.text, alignment.span, alignment.holes)
        if kind not in (None, "waived"):
            for mine, theirs in alignment.contradictions:
                self._report(
                    "erratum",
                    f"the text says « {theirs.text} », the rules say « {mine.text} »",
                    theirs.start,
                    theirs.text,
                    alignment.span,
                    slug(mine.lemma),
                    mine.lemma,
                    theirs.lemma,
                    list(
                        self.resting_on
                        if self.resting_on is not None
                        else self.trace.since(self.trace.mark)
                    ),
                    related=self._places_saying(mine.family, mine.lemma),
                    extra=[
                        f"{mine.family}: the binding and the rules read « {mine.text} » here; "
                        f"the text says « {theirs.text} » ({theirs.lemma})"
                    ],
                )
                self.passage.consumed.append((theirs.start, theirs.end, "claimed"))
        return match

    def _free(self, start: int, end: int) -> bool:
        """Whether a span overlaps nothing consumed (nor a statement already affirmed)."""
        if any(start < stop and begin < end for begin, stop, _ in self.passage.consumed):
            return False
        # A statement already affirmed is not found again in a reworded pattern's place.
        return not any(
            start <= begin and stop <= end
            for begin, stop, kind in self.passage.anchors
            if kind == "affirmed"
        )

    def _vocabulary(self) -> Vocabulary:
        return self.context.vocabulary if self.context is not None else Vocabulary()


@dataclass
class TableCheck(Check):
    """A table: its title as a passage, and its rows of cells, each a `Check` of its own."""

    head_rows: list[list[Check]] = field(default_factory=list)
    rows: list[list[Check]] = field(default_factory=list)

    def cells(self) -> list[Check]:
        return [cell for row in self.head_rows + self.rows for cell in row]

    def all_claims(self) -> list[Claim]:
        return self.claims + [claim for cell in self.cells() for claim in cell.claims]

    def all_spots(self) -> list[Spot]:
        return self.spots + [spot for cell in self.cells() for spot in cell.spots]


def _differing(text: str, span: tuple[int, int], found: Any, expected: Any) -> tuple[int, int]:
    """`span`, narrowed to the words where `found` (the text there) and `expected` differ."""
    start, end = span
    if not (isinstance(found, str) and isinstance(expected, str)) or text[start:end] != found:
        return span
    differing = differing_words(found, expected.strip("«»\u00a0\u202f "))  # « … », as quoted
    return (start + differing[0], start + differing[1]) if differing else span


def _unique(places) -> list[dict]:
    """Each other place once (by file and line), in the order first named."""
    seen: dict[tuple, dict] = {}
    for place in places:
        seen.setdefault((place["file"], place["line"]), place)
    return list(seen.values())


def _derivation(steps: list[Step]) -> list[str]:
    """The working as lines: each step, then its arithmetic and the sentence it cites."""
    lines = []
    for step in steps:
        lines.append(str(step))
        arithmetic = step.arithmetic()
        if arithmetic:
            lines.append(f"{'  ' * step.depth}  « {arithmetic} »")
        if step.place:
            lines.append(f"{'  ' * step.depth}  (stated at {step.place})")
    return lines


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


SHORT_KEY_WORDS = 5
SHORT_PLACE_WORDS = 6


def claim_id(category: str, where: str, key: str, *, chosen: bool = False) -> str:
    """A claim's finding id: short, stable, readable (« erratum:example-maladresse-exceptionnelle:
    pour-un-total-de-5 »): the passage's first words, then the claim's."""
    place = "-".join(slug(where).split("-")[:SHORT_PLACE_WORDS])
    what = slug(key) if chosen else "-".join(slug(key).split("-")[: SHORT_KEY_WORDS + 4])
    return ":".join(part for part in (category, place, what) if part)


def _anchor_words(pattern, index: int = 0) -> str:
    """A short, stable name for a claim: the words either side of its hole.

    The words nearest the number say what it is (« bonus de compétence de {} »,
    « {} en Ma/Pr »): up to four before it and two after are enough to tell the
    claims of a passage apart, and survive an edit of the rest of the sentence.
    """
    text = _pattern_text(pattern)
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
