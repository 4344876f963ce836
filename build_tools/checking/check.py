"""What a binding receives: a passage of the book, and the means to read, claim and waive it.

`Check.given` reads the text's numbers, `claim`/`affirm`/`word` judge what the
text says against the rules (one `Claim` each), `waive` accounts for what is no
rule; `TableCheck` gives a table's cells, each a `Check`. See docs/bindings.md.

Over 500 lines, for a reason: `Check` is the one API bindings are written
against, and each of its methods makes one record with the helpers beside it.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from build_tools.checking.claims import (
    Binding,
    Claim,
    Context,
    Place,
    Spot,
    StaleBinding,
    agrees,
    anchor_words,
    citing,
    claim_id,
    derivation,
    differing_span,
    pattern_text,
    shown,
    unique_places,
)
from build_tools.checking.correction import correction_at, correction_of, replaced_words
from build_tools.checking.counts import in_names
from build_tools.checking.matching import CLOSE_ENOUGH, align, read_as, words_given
from build_tools.checking.passage import (
    COUNT,
    Passage,
    TextMatch,
    TextPattern,
    compile_pattern,
    excerpt,
)
from build_tools.checking.rule import Constant, Step, Trace, Working
from build_tools.checking.words import Vocabulary
from build_tools.diagnostics import Correction, Finding, slug, source_line
from build_tools.model.docbook import cross_reference_target, cross_reference_words
from build_tools.model.numbers import decimal_mark, number_value, with_mark
from build_tools.model.said import role_said, said_in

SAID = {
    "fr": {
        "number": "le texte dit {found}, les règles donnent {given}",
        "within": " (« {approximate} » : à {tolerance} près)",
        "statement": "le texte dit « {found} », les règles donnent {given}",
        "impossible": "le texte dit {found} : {why}",
        "word": "le texte dit « {found} », les règles donnent « {given} »",
        "word_working": "{family} : les règles donnent « {given} » ici ; le texte dit « {found} »",
    },
    "en": {
        "number": "the text says {found}, the rules give {given}",
        "within": " (« {approximate} »: within {tolerance})",
        "statement": "the text says « {found} », the rules give {given}",
        "impossible": "the text says {found}: {why}",
        "word": "the text says « {found} », the rules give « {given} »",
        "word_working": "{family}: the rules give « {given} » here; the text says « {found} »",
    },
}
"""An erratum's message in the book's language, as its author reads it: a number the rules give
otherwise (`number`, with the tolerance of an approximate figure, `within`), a statement the
rules do not hold, a value they cannot produce, a rule word the text says where the rules give
another (and its working line); English for a language the engine has no words for (with the
spaces of the report's other quotes: the errata page sets its own typography)."""


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
    said_otherwise: set[tuple[int, int]] = field(default_factory=set)
    """The spans of the rule words already reported as the text saying another than the rules:
    a later pattern of the binding may rest on them reworded, never report them again."""
    affirmed_at: dict[str, tuple[int, int]] = field(default_factory=dict, repr=False)
    """Where each pattern was affirmed: the same pattern read there again (its numbers, after
    its statement) is not another statement's place."""
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
        """The number(s) the text states at `pattern`: inputs of the rules.

        A hole naming a class of terms, « {niveau de connaissance} », « {aspect} », reads the
        word of that class the text states there instead, as its lemma (`given_word`)."""
        if isinstance(pattern, str):
            named = _TERM_HOLE.search(pattern)
            if named and named.group(1) in self._vocabulary().terms:
                return self.given_word(pattern, named.group(1))
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
        once_corrected: Any = None,
        written: Any = None,
        by_hand: str = "",
    ) -> bool:
        """Compare the number(s) at `pattern` with what the rules give; a mismatch is an erratum.

        `within` is a tolerance that applies only where the text itself says its
        figure is approximate (« environ »…); `key` names the claim in its id;
        `working` the steps it rests on (`Check.working()`), when they are not the
        steps run since the previous claim. `once_corrected` is what the rules give
        here once the passage's earlier erratum is corrected, when `expected` was worked
        from the text's own (wrong) number so that one slip stays one finding: a number
        that differs from it is no second erratum, but part of the first one's correction.
        `written` is what the text should write at the hole(s) where the rules' value is not
        written as the book writes such a figure (« autour de 30 » for the border 30,5 of
        two wounds, the book's damage figures going by fives; a whole percentage): the text
        that writes it agrees, and an erratum's correction writes it.
        `by_hand` is why the right number is no correction by itself: what follows from it
        in the passage is a story the rules do not write (a fail that becomes a success);
        its correction is printed (« lire : … »), never made, the working saying why (`note`).
        """
        findings_before = len(self.findings)
        self.resting_on = working
        values, match = self._take(pattern, "claimed")
        expectations = expected if isinstance(expected, tuple) else (expected,)
        if len(expectations) != len(values):
            raise TypeError(
                f"pattern {pattern_text(pattern)!r} has {len(values)} hole(s), "
                f"{len(expectations)} expected value(s) given"
            )
        if isinstance(pattern, str):  # its holes read numbers: the rules must give numbers
            for wanted in expectations:
                if isinstance(wanted, bool) or not isinstance(wanted, (int, float, Fraction)):
                    raise TypeError(
                        f"claim({pattern_text(pattern)!r}): the rules give {wanted!r}, which is "
                        "no number; a {} hole reads a number (affirm() or word() say words)"
                    )
        approximate = ""
        if within and self.context is not None:
            before = self.passage.text[max(0, match.start() - 80) : match.end() + 20]
            approximate = self.context.vocabulary.approximation(before)
        tolerance = within if approximate else 0
        steps = self._steps(working)
        agreed = True
        figures = written if isinstance(written, tuple) else (written,) * len(values)
        for index, (found, wanted) in enumerate(zip(values, expectations, strict=True)):
            # the rules' value, or the figure the book writes for it (its rounding)
            if agrees(found, wanted, tolerance) or (
                written is not None and agrees(found, figures[index], 0)
            ):
                continue
            agreed = False
            offset = match.start(index + 1) if match.re.groups else match.start()
            if key or not isinstance(pattern, str):
                key_name = self._key(key or anchor_words(pattern), index, len(values))
            else:
                key_name = self._key(anchor_words(pattern, index), index, 1)
            said = self.said("number", found=self.number(found), given=self.number(wanted))
            if approximate:
                said += self.said(
                    "within", approximate=approximate, tolerance=self.number(tolerance)
                )
            self._report(
                "erratum",
                said,
                offset,
                match.group(index + 1),
                (match.start(), match.end()),
                key_name,
                wanted,
                found,
                steps,
                related=self._cited([], (wanted,)),
                chosen=bool(key) or not isinstance(pattern, str),
                extra=[] if steps else _constant_working(wanted),
                rounds=bool(approximate),
                cites=() if steps else _constant_sentence(wanted),
            )
            if written is not None:
                self._write_instead(self.findings[-1], figures[index])
        claim = self._record(
            match,
            "number",
            tuple(values),
            tuple(expectations),
            agreed,
            steps,
            approximate,
            own=self.findings[findings_before:],
        )
        if once_corrected is not None:
            self._follow(claim, match, values, once_corrected)
        if by_hand:
            for finding in self.findings[findings_before:]:
                finding.corrections = [
                    dataclasses.replace(edit, by_hand=by_hand) for edit in finding.corrections
                ]
        return agreed

    def _write_instead(self, finding: Finding, figure: Any) -> None:
        """`finding`'s correction writes `figure`, the rules' value as the book writes such a
        figure, which the claim accepts (so that the correction made is found no more)."""
        edit = correction_at(
            Path(finding.file), finding.line, finding.column, finding.found, figure, finding.id,
            mark=self._decimal_mark(),
        )  # fmt: skip
        finding.corrections = [edit] if edit is not None else []

    def _follow(self, claim: Claim, match, values: list, once_corrected: Any) -> None:
        """The numbers of `claim` that change once the earlier erratum is corrected: edits of
        that erratum's correction, and the claim is not verified (it follows the erratum)."""
        corrected = once_corrected if isinstance(once_corrected, tuple) else (once_corrected,)
        # A rule word said otherwise is no number the claims after it were worked from.
        spot = next(
            (
                spot
                for earlier in reversed(self.claims)
                for spot in earlier.errata
                if (spot.start, spot.end) not in self.said_otherwise
            ),
            None,
        )
        erratum = spot.finding if spot is not None else None
        claim.corrected = tuple(corrected)
        for index, (found, wanted) in enumerate(zip(values, corrected, strict=True)):
            if found == wanted or erratum is None:
                continue
            offset = match.start(index + 1) if match.re.groups else match.start()
            token = match.group(index + 1)
            edit = correction_at(
                Path(self.passage.file),
                self.passage.line_at(offset),
                self.passage.column_at(offset, token),
                found,
                wanted,
                erratum.id,
            )
            if edit is not None:
                context, at = self._place_in_words(spot, match, offset, token)
                # no patch of the erratum's own number, none of what follows from it either
                by_hand = next((c.by_hand for c in erratum.corrections if c.by_hand), "")
                erratum.corrections.append(
                    dataclasses.replace(edit, context=context, at=at, by_hand=by_hand)
                )

    def _place_in_words(self, spot, match, offset: int, token: str) -> tuple[str, int]:
        """The words a reader finds a follow-on edit in, and where it starts in them: the
        erratum's own excerpt when it stands there, else the words around its claim."""
        text, shown = self.passage.text, spot.finding.text or ""
        if spot.passage is self.passage:
            at = self._in_excerpt(shown, spot.start, offset, len(token))
            if at is not None:
                return shown, at
        around = excerpt(text, match.start(), match.end())
        return around, around.find(text[match.start() : match.end()]) + offset - match.start()

    def _in_excerpt(self, shown: str, near: int, offset: int, length: int) -> int | None:
        """Where the `length` characters at `offset` of the passage's text stand in `shown`,
        its excerpt cut around `near`; None when they stand outside it."""
        prefix = "… " if shown.startswith("… ") else ""
        piece = shown.removeprefix("… ").removesuffix(" …")
        left = self.passage.text.find(piece, max(0, near - len(piece))) if piece else -1
        if 0 <= left <= offset and offset + length <= left + len(piece):
            return len(prefix) + offset - left
        return None

    def _correct_each(self, erratum: Finding, match, rules_give: str) -> None:
        """The edits of the word `erratum`'s phrase misspells, wherever else it stands in the
        passage (« en Pu/Rs » for « en Pu/Ré »: each « Rs » of the passage), each a `Spot` of
        the erratum, so that the reader sees each marked where it stands."""
        given = words_given(rules_give)
        said, meant = re.findall(r"\w+", match.group()), re.findall(r"\w+", given or "")
        wrong = [(old, new) for old, new in zip(said, meant, strict=False) if old != new]
        if len(said) != len(meant) or len(wrong) != 1:
            return
        old, new = wrong[0]
        last = match.end()
        edits: list[tuple[Correction, int]] = []
        for other in re.finditer(rf"(?<!\w){re.escape(old)}(?!\w)", self.passage.text):
            if match.start() <= other.start() < match.end():
                continue
            last = max(last, other.end())
            edit = correction_at(
                Path(self.passage.file),
                self.passage.line_at(other.start()),
                self.passage.column_at(other.start(), old),
                old,
                f"« {new} »",
                erratum.id,
            )
            if edit is not None:
                edits.append((edit, other.start()))
                # marked where it stands too, as the first: one erratum, every place of it
                self.spots.append(Spot(erratum, self.passage, other.start(), other.end()))
        # the excerpt holds every place it corrects, so that each is marked where it is read,
        # each edit at its own words there (the phrase's « en Pu/Rs » is not the third's)
        erratum.text = shown = excerpt(self.passage.text, match.start(), last)
        if erratum.corrections and not erratum.corrections[0].context:
            first = erratum.corrections[0]
            edits.insert(0, (first, self.passage.text.find(first.read()[0], match.start())))
            del erratum.corrections[0]
        for edit, offset in edits:
            at = self._in_excerpt(shown, match.start(), offset, len(edit.read()[0]))
            if offset >= 0 and at is not None:
                edit = dataclasses.replace(edit, context=shown, at=at)
            erratum.corrections.append(edit)

    def affirm(
        self,
        phrase: str | re.Pattern,
        holds: bool,
        *,
        rules_give: str,
        key: str | None = None,
        working: list[Step] | None = None,
        reads: str = "",
        everywhere: bool = False,
    ) -> bool:
        """A statement the text makes in words (« un échec ! ») that the rules must hold.

        When `holds` is false the statement is an erratum: the text says the
        phrase, the rules give `rules_give`, with the working since the last claim
        (or `working`, as for `claim`); `reads` is what the book should say there,
        in its language, for its readers (« lire : … »); `everywhere` when the phrase
        stands several times in the passage, each the same slip (an abbreviation
        misspelt): its one finding's correction corrects every one. The phrase's
        numbers are not accounted for by this call.
        """
        findings_before = len(self.findings)
        self.resting_on = working
        found = None
        if reads and not holds:
            found = self.passage.search(compile_pattern(phrase))
            if found is None:
                # the text says what the rules do (its erratum corrected): the statement holds
                found = self.passage.search(compile_pattern(reads))
                holds = found is not None
        if found is not None:
            match = self._claimed(found, "affirmed")
        else:
            match = self._search(phrase, "affirmed")
        steps = self._steps(working)
        if not holds:
            first_word = match.group().split(" ")[0]
            self._report(
                "erratum",
                self.said("statement", found=match.group(), given=rules_give),
                match.start(),
                first_word,
                (match.start(), match.end()),
                self._key(key or anchor_words(phrase), 0, 1),
                rules_give,
                match.group(),
                steps,
                chosen=bool(key),
                spot=(match.start(), match.end()),
                reads=reads,
            )
            if everywhere:
                self._correct_each(self.findings[-1], match, rules_give)
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
        says a rival (« For » for « Con »), the claim finds it and reports it. A hole
        naming the class, « {aspect} », is the same as `[]`.
        """
        findings_before = len(self.findings)
        vocabulary = self._vocabulary()
        family = vocabulary.family_of(expected)
        if family is None:
            raise TypeError(f"{expected!r} is no rule word of this book's vocabulary")
        pattern = pattern.replace("{" + family + "}", "[]")
        located, before, after = self._locate_word(pattern, family)
        # The pattern's own words are the binding's, as for `_search`: its terms are claimed;
        # reworded on one side, the other side's words still there are its own (« à zéro »).
        text = self.passage.text
        written_before, _, written_after = pattern.partition("[]")
        if text[: located.start].rstrip().endswith(written_before.strip()):
            before = written_before
        if text[located.end :].lstrip().startswith(written_after.strip()):
            after = written_after
        first = len(text[: located.start].rstrip()) - len(before.strip())
        last = len(text) - len(text[located.end :].lstrip()) + len(after.strip())
        self.passage.anchors.append((first, last, "claimed"))
        self.passage.consumed.append((located.start, located.end, "claimed"))
        self.reached = max(self.reached, located.end)
        steps = self._steps(working)
        agreed = located.lemma == expected
        match = TextMatch(TextPattern(pattern), self.passage.text, (located.start, located.end), [])
        if not agreed:
            message, line = self._rule_word_said(family, located.text, expected, located.lemma)
            self._report(
                "erratum",
                message,
                located.start,
                located.text,
                (located.start, located.end),
                key or slug(expected),
                expected,
                located.text,
                steps,
                related=self._places_saying(family, expected),
                extra=[line],
                # a rule word: the book's own language, in the form the text writes (« My » for
                # « Ph », not « Mystique »)
                reads=_in_form(vocabulary.terms.get(family, {}), located, expected),
            )
            self.said_otherwise.add((located.start, located.end))
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

    def given_word(self, pattern: str, family: str) -> str:
        """The term of `family` (a class: « aspect », « niveau de connaissance ») the text
        states at the `[]` of `pattern`, as its lemma: an input of the rules, as `given` reads
        a number; `given("… {aspect} …")` is the same.

        The rules then judge it where they use it: a claim of what they give from it, or
        `word` where they would name another term there (« le texte dit Physique, les
        règles donnent Mental »)."""
        if family not in self._vocabulary().terms:
            raise TypeError(f"{family!r} is no class of terms of this book's vocabulary")
        located, _, _ = self._locate_word(pattern.replace("{" + family + "}", "[]"), family)
        self.passage.consumed.append((located.start, located.end, "given"))
        self.reached = max(self.reached, located.end)
        if self.trace is not None:
            self.trace.steps.append(
                Step(f"{family} : le texte dit « {located.text} »", {}, None, "", self.trace.depth)
            )
        return located.lemma

    def _locate_word(self, pattern: str, family: str):
        """(the word of `family` at the `[]` of `pattern`, the words before and after the hole
        as they matched): as written, else reworded around it; StaleBinding when not there."""
        vocabulary = self._vocabulary()
        before, _, after = pattern.partition("[]")
        located = None
        candidates = [
            candidate
            for candidate in vocabulary.find(self.passage.text)
            if candidate.family == family and self._free(candidate.start, candidate.end)
        ]
        # As written first; else reworded around it: the words next to the hole still there
        # (« Lorsqu'elle est [] à zéro » in « Quand elle est inférieure à zéro »).
        for head_words, tail_words in ((before.strip(), after.strip()), _nearest(before, after)):
            reworded = (head_words, tail_words) != (before.strip(), after.strip())
            fitting, either = [], []
            for candidate in candidates:
                head = self.passage.text[: candidate.start].rstrip()
                tail = self.passage.text[candidate.end :].lstrip()
                if reworded:  # an aside before the hole is no word
                    head = _ASIDE.sub("", head)
                fits = head.endswith(head_words), tail.startswith(tail_words)
                if all(fits):
                    fitting.append(candidate)
                elif reworded and any(fits):
                    either.append(candidate)
            if fitting or either:
                # Reworded, the word whose sentence keeps the most of the pattern's words (« cette
                # dernière soit [] à zéro », not the next sentence's « Lorsqu'elle est [] à zéro »)
                kept = functools.partial(self._words_kept, before, after)
                located = max(fitting, key=kept) if fitting else None
                best = max(either, key=kept) if either else None
                if best is not None and (located is None or kept(best) > kept(located)):
                    located = best
                before, after = head_words, tail_words
                break
        if located is None:
            raise StaleBinding(pattern)
        return located, before, after

    def _words_kept(self, before: str, after: str, word) -> int:
        """How many of the words of a pattern around its hole stand by `word` in its sentence
        (the first of several words that do as many: the book's order)."""
        text = self.passage.text
        start = max(text.rfind(mark, 0, word.start) for mark in ".;?!") + 1
        ends = [end for end in (text.find(mark, word.end) for mark in ".;?!") if end >= 0]
        head, tail = text[start : word.start], text[word.end : min(ends or [len(text)])]
        return len(set(_WORDS.findall(before)) & set(_WORDS.findall(head))) + len(
            set(_WORDS.findall(after)) & set(_WORDS.findall(tail))
        )

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
        reads: str = "",
        by_hand: str = "",
    ) -> Finding:
        """An erratum at `span` of the passage's text, for words a game reads itself.

        For a statement the number patterns cannot read (a feat's name, the order
        of a queue): reported like a claim's erratum, with the working from step
        `since` of the trace (or `working`, as for `claim`), and placed where it
        stands for the reader's mark. `quoted` is the statement to quote around it
        (the span by default); `reads` the words the book should say at `span`, in its
        language (« lire : … »); `by_hand` why no patch may write them by itself (the
        story's later lines would then be wrong: its correction is printed, never made).
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
            derivation=derivation(steps),
            related=self._related(self._cited(steps)),  # the places stating its rules
            reads=reads,
        )
        self.findings.append(finding)
        self.place(finding, span, steps)
        if by_hand:
            finding.corrections = [
                dataclasses.replace(edit, by_hand=by_hand) for edit in finding.corrections
            ]
        return finding

    def place(
        self, finding: Finding, span: tuple[int, int], steps: list[Step], *, rounds: bool = False
    ) -> None:
        """Record where an erratum stands (`span` of the passage's text) and its working.

        Words the rules give otherwise only in part (« Mental (Mt) » for « Mental (Me) »)
        stand where they differ: the words both agree on are not the erratum.
        """
        start, end = differing_span(self.passage.text, span, finding.found, finding.expected)
        # The record owns its correction, computed as the erratum is judged: the words it
        # should read (`reads`) where it says others, else what the rules give.
        correction = correction_of(finding, "" if rounds else self._decimal_mark())
        edits: list[Correction] = []
        # the fewest whole words to replace for it to read so: found once, for either edit
        replaced = (
            replaced_words(self.passage.text[span[0] : span[1]], finding.reads)
            if finding.reads
            else None
        )
        if replaced is not None and (written := self._words_correction(finding, span, replaced)):
            correction, start, end = written
        elif finding.reads and correction is None:
            edits = self._pieces_correction(finding, span)
            if not edits and replaced is not None:
                correction = self._read_correction(finding, span, replaced)
        self.spots.append(Spot(finding, self.passage, start, end, steps, self._cited(steps)))
        finding.corrections = edits or ([correction] if correction is not None else [])

    def _pieces_correction(self, finding: Finding, span: tuple[int, int]) -> list[Correction]:
        """The edits that make the words at `span` read `finding.reads` when they run across
        line ends and links the correction keeps (« qui une fois soustrait à la <xref/> du
        <xref/> donne » → « duquel le <xref/> du <xref/> est soustrait pour donner »): one
        edit per stretch of words that differ, each on one source line and no link's; none
        unless every stretch can be written so."""
        start, end = span
        said = list(re.finditer(r"\S+", self.passage.text[start:end]))
        reads = finding.reads.split()
        matcher = difflib.SequenceMatcher(None, [w.group() for w in said], reads, autojunk=False)
        edits = []
        for kind, first, last, read_first, read_last in matcher.get_opcodes():
            if kind == "equal":
                continue
            if first == last:  # words added: with the word they follow
                if not first:
                    return []
                first, read_first = first - 1, read_first - 1
            low, high = start + said[first].start(), start + said[last - 1].end()
            old = self.passage.text[low:high]
            line = self.passage.line_at(low)
            if self.passage.line_at(high - 1) != line or any(
                a < high and low < b for a, b in self.passage.generated
            ):
                return []
            new = " ".join(reads[read_first:read_last])
            edit = correction_at(
                Path(self.passage.file), line, self.passage.column_at(low, old), old,
                f"« {new} »", finding.id,
            )  # fmt: skip
            at = self._in_excerpt(finding.text, start, low, len(old))
            if edit is None or edit.old != old or at is None:
                return []
            edits.append(dataclasses.replace(edit, context=finding.text, at=at))
        return edits

    def _words_correction(
        self, finding: Finding, span: tuple[int, int], replaced: tuple[int, int, str]
    ) -> tuple[Correction, int, int] | None:
        """The edit that makes the words at `span` of the passage read `finding.reads`, the
        fewest whole words (`replaced`: their bounds in the span, and the words to write), and
        where they stand in the text; None when those words are not written as read on one
        line of the source (markup or a line end among them)."""
        start = span[0]
        first, last, words = replaced
        old = self.passage.text[start + first : start + last]
        line = self.passage.line_at(start + first)
        if not old or self.passage.line_at(start + last - 1) != line:
            return None
        column = self.passage.column_at(start + first, old)
        edit = correction_at(Path(self.passage.file), line, column, old, f"« {words} »", finding.id)
        if edit is None or edit.old != old:
            return None
        # placed in its excerpt at its own words (« de » may stand there more than once)
        at = self._in_excerpt(finding.text, start, start + first, len(old))
        if at is not None:
            edit = dataclasses.replace(edit, context=finding.text, at=at)
        return edit, start + first, start + last

    def _read_correction(
        self, finding: Finding, span: tuple[int, int], replaced: tuple[int, int, str]
    ) -> Correction | None:
        """The words the reader should read at `span` (`finding.reads`; `replaced` as for
        `_words_correction`), as the reader reads them, when no patch of one source line can
        write them: a link's words among them, or a line end; the record says so
        (`Correction.by_hand`), at its erratum's place."""
        if finding.file is None:
            return None
        start = span[0]
        first, last, words = replaced
        old = self.passage.text[start + first : start + last]
        at = self._in_excerpt(finding.text, start, start + first, len(old))
        if at is not None and (
            relinked := self._link_correction(finding, start + first, old, words)
        ):
            return dataclasses.replace(relinked, context=finding.text, at=at)
        line = self.passage.line_at(start + first)
        why = (
            "the words run across line ends and markup of the source"
            if self.passage.line_at(start + last - 1) != line
            else "the words are a link's, which the element it points to writes"
        )
        edit = Correction(
            Path(finding.file), finding.line, finding.column, old, words, finding.id, by_hand=why
        )
        return dataclasses.replace(edit, context=finding.text, at=at) if at is not None else edit

    def _link_correction(
        self, finding: Finding, offset: int, old: str, new: str
    ) -> Correction | None:
        """When `old`, at `offset` of the passage's text, are words of one empty xref and the
        book has one element whose xref reads them corrected (« niveau de difficulté » →
        « niveau de dommage »): the edit of the xref's target, that writes them."""
        span = next(
            ((a, b) for a, b in self.passage.generated if a <= offset and offset + len(old) <= b),
            None,
        )
        if span is None:
            return None
        said = self.passage.text[span[0] : span[1]]
        line = self.passage.line_at(span[0])
        links = [
            xref
            for xref in self.passage.element.iter("xref")
            if xref.sourceline == line and not len(xref) and not xref.text
            and " ".join(cross_reference_words(xref).split()) == said
        ]  # fmt: skip
        if len(links) != 1 or not links[0].get("linkend") or links[0].get("endterm"):
            return None
        corrected = said[: offset - span[0]] + new + said[offset - span[0] + len(old) :]
        target = cross_reference_target(self.passage.element.getroottree().getroot(), corrected)
        if target is None:
            return None
        source = source_line(self.passage.file, line)
        linkend = re.escape(links[0].get("linkend"))
        written = list(re.finditer(rf"""linkend\s*=\s*(["']){linkend}\1""", source))
        if len(written) != 1:
            return None
        attribute = written[0]
        quote = attribute.group(1)
        return Correction(
            Path(self.passage.file), line, attribute.start() + 1, attribute.group(),
            f"linkend={quote}{target}{quote}", finding.id, seen=(old, new),
        )  # fmt: skip

    def find(self, pattern: re.Pattern) -> re.Match:
        """The first match of a regular expression in the passage, its words claimed (the game
        reads them itself: a feat's name, a kind of action); `StaleBinding` when there is none."""
        match = self.passage.search(pattern)
        if match is None:
            raise StaleBinding(pattern.pattern)
        self.passage.anchors.append((match.start(), match.end(), "claimed"))
        return match

    def inform(self, message: str, key: str, derivation: list[str], category: str = "figure"):
        """A note about the passage (not an erratum): how far a printed table is from the dice."""
        self.findings.append(
            Finding(
                "info",
                category,
                message,
                file=self.passage.file,
                line=self.passage.line_at(0),
                where=self.where,
                key=key,
                derivation=derivation,
            )
        )

    def match(self, pattern: str | re.Pattern) -> re.Match | TextMatch:
        """Where the binding would read `pattern` (as written; else with one rule word said
        otherwise, before the first match as written; else reworded), reading nothing:
        `StaleBinding` when it is not there."""
        return self._search(pattern, None)

    def peek(self, pattern: str | re.Pattern) -> Any:
        """The number(s) at `pattern`, read without accounting for them (a later call will)."""
        match = self._search(pattern, None)
        values = [number_value(match.group(group)) for group in range(1, match.re.groups + 1)]
        return values[0] if len(values) == 1 else tuple(values)

    def note(self, category: str, message: str) -> None:
        """A figure to print with every check (an info finding): a table's gap from the dice."""
        self.inform(message, key=category, derivation=[], category=category)

    def waive(self, pattern: str | re.Pattern, reason: str) -> None:
        """Account for the numbers and rule words at `pattern`, unchecked, for `reason`."""
        if not reason:
            raise TypeError("waive() needs a reason")
        match = self._search(pattern, "waived")
        self.passage.consumed.append((match.start(), match.end(), "waived"))
        self.passage.waivers.append((match.start(), match.end(), reason))

    def waive_words(self, reason: str, *lemmas: str) -> None:
        """Account for the rule words of the passage (all, or those of `lemmas`) as no rule here.

        For a narration whose « avant » and « plus » tell a story rather than a
        rule; the reason is required, as for `waive`. Without `lemmas`, the numbers
        it writes in words (« deux flèches ») are waived too.
        """
        if not reason:
            raise TypeError("waive_words() needs a reason")
        for word in self._vocabulary().find(self.passage.text):
            if lemmas and word.lemma not in lemmas and word.text not in lemmas:
                continue
            if self._free(word.start, word.end):
                self.passage.word_waivers.append((word.start, word.end))
                self.passage.waivers.append((word.start, word.end, reason))
        if lemmas:
            return
        names = in_names(self.passage.text, self._vocabulary().language)
        for count in COUNT.finditer(self.passage.text):
            start, end = count.span()
            if any(a <= start < b for a, b in names):
                continue  # « à deux mains »: a name's word, no count
            if count.group()[0].isalpha() and self._free(start, end):
                if not any(a <= start < b for a, b, _ in self.passage.waivers):
                    self.passage.word_waivers.append((start, end))
                    self.passage.waivers.append((start, end, reason))

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
        reads: str = "",
        rounds: bool = False,
        cites: tuple[str, ...] = (),
    ) -> None:
        """An erratum at `token` (at `offset`), marked over `spot` (the token by default);
        `reads`, the words the book should say there (its correction); `rounds`, whether the
        text says its figure is approximate (no decimal is then written for it); `cites`, the
        sentence its rules' constant cites (`Finding.cites`)."""
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
            derivation=derivation(steps) + list(extra or []),
            related=self._related(related),
            reads=reads,
            cites=cites,
        )
        self.findings.append(finding)
        self.place(finding, spot or (offset, offset + len(token)), steps, rounds=rounds)

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
            raise TypeError(f"pattern {pattern_text(pattern)!r} has no {{}} hole")
        for group in groups:
            self.passage.consumed.append((match.start(group), match.end(group), kind))
        values = [number_value(match.group(group)) for group in groups]
        for group, value in zip(groups, values, strict=True):
            self.read.append((value, match.start(group), match.group(group)))
        return values, match

    def _search(self, pattern: str | re.Pattern, kind: str | None) -> re.Match | TextMatch:
        compiled = compile_pattern(pattern)
        match = self.passage.search(compiled)
        if isinstance(compiled, TextPattern):
            if match is not None and compiled.groups and kind != "waived":
                match = self._misread(compiled, match, report=kind is not None) or match
            if match is None:
                match = self._reworded(compiled, kind)
        if match is None:
            raise StaleBinding(pattern_text(pattern))
        return self._claimed(match, kind)

    def _claimed(self, match: re.Match | TextMatch, kind: str | None) -> re.Match | TextMatch:
        if kind is not None:
            # The pattern's own words are the binding's: its rule words are claimed (or waived).
            self.passage.anchors.append((match.start(), match.end(), kind))
            if kind == "affirmed":
                self.affirmed_at[match.re.pattern] = (match.start(), match.end())
            self.reached = max(self.reached, match.end())
        return match

    def _reworded(self, pattern: TextPattern, kind: str | None) -> TextMatch | None:
        """The pattern found in a reworded sentence; its rule words that changed are reported."""
        vocabulary = self._vocabulary()
        said = self.said_otherwise
        alignment = align(
            pattern.literals,
            self.passage.text,
            vocabulary,
            lambda start, end: self._free(start, end, said, self.affirmed_at.get(pattern.pattern)),
        )
        if alignment is None or not alignment.accepted or len(alignment.holes) != pattern.groups:
            if alignment is not None and alignment.score >= CLOSE_ENOUGH:
                start, end = alignment.span
                raise StaleBinding(pattern.pattern, start, self.passage.text[start:end])
            return None
        match = TextMatch(pattern, self.passage.text, alignment.span, alignment.holes)
        if kind not in (None, "waived"):
            self._said_otherwise(alignment.contradictions, alignment.span)
        return match

    def _misread(self, pattern: TextPattern, match: TextMatch, report: bool) -> TextMatch | None:
        """The pattern before its first match `match`, with one rule word of it said otherwise
        (« (FR: +3, FF: +3) » for « (FD: {}, FF: {}) »): where the binding reads it, reported
        there, so that the binding reads on from there and what follows is not read one place
        further (every later claim of the example wrong, and the last pattern lost).

        Only a pattern with holes (what it reads is what would shift), as written but for that
        one word, a rival of its family: a text that says more than that differs is another
        passage; the word is reported once (`report`), and a later pattern of the binding may
        rest on it."""
        text = self.passage.text
        vocabulary = self._vocabulary()
        mine_of = {
            (word.family, word.text): word
            for literal in pattern.literals
            for word in vocabulary.find(literal)
        }
        if not mine_of:
            return None
        families = {family for family, _ in mine_of}
        for theirs in vocabulary.find(text):
            if theirs.start >= match.start():
                return None
            if theirs.family not in families:
                continue
            for (family, written), mine in mine_of.items():
                if family != theirs.family or mine.lemma == theirs.lemma:
                    continue
                found = read_as(pattern, text, theirs, written)
                # free as a match as written is (`Passage.search`), but for the word said
                said = (theirs.start, theirs.end)
                if found is not None and not any(
                    found.start() < end and start < found.end() and (start, end) != said
                    for start, end, _ in self.passage.consumed
                ):
                    if report:
                        self._said_otherwise([(mine, theirs)], found.span(), corrected=True)
                    return found
        return None

    def _said_otherwise(
        self, contradictions: list, span: tuple[int, int], corrected: bool = False
    ) -> None:
        """Each rule word of a pattern the text says otherwise (a rival of its family), reported
        once at the text's word; `corrected`: the pattern's word is its correction (the text
        says the pattern but for that word)."""
        said = self.said_otherwise
        for mine, theirs in contradictions:
            if (theirs.start, theirs.end) in said:
                continue  # « son Mental » read by two patterns: one finding, the first
            said.add((theirs.start, theirs.end))
            message, line = self._rule_word_said(mine.family, theirs.text, mine.text, theirs.lemma)
            self._report(
                "erratum",
                message,
                theirs.start,
                theirs.text,
                span,
                slug(mine.lemma),
                mine.lemma,
                theirs.lemma,
                list(
                    self.resting_on
                    if self.resting_on is not None
                    else self.trace.since(self.trace.mark)
                ),
                related=self._places_saying(mine.family, mine.lemma),
                extra=[line],
                reads=mine.text if corrected else "",
            )
            self.passage.consumed.append((theirs.start, theirs.end, "claimed"))

    def _free(
        self,
        start: int,
        end: int,
        ignoring: set[tuple[int, int]] = frozenset(),
        mine: tuple[int, int] | None = None,
    ) -> bool:
        """Whether a span overlaps nothing consumed (but the spans `ignoring`), nor a statement
        already affirmed (but `mine`, where the same pattern was)."""
        if any(
            start < stop and begin < end and (begin, stop) not in ignoring
            for begin, stop, _ in self.passage.consumed
        ):
            return False
        # A statement already affirmed is not found again in a reworded pattern's place.
        return not any(
            start <= begin and stop <= end
            for begin, stop, kind in self.passage.anchors
            if kind == "affirmed" and (begin, stop) != mine
        )

    def said(self, name: str, **fields: Any) -> str:
        """The erratum message `name` of `SAID` in the book's language (English for a language
        the engine has no words for), its `fields` filled in."""
        return said_in(SAID, self._vocabulary().language)[name].format(**fields)

    def _related(self, places: list[Place]) -> list[dict]:
        """A finding's other places, each once, named by what they are to it."""
        return unique_places(
            {
                "file": str(place.file) if place.file else None,
                "line": place.line,
                "message": self.role(place.role, place.text) if place.role else place.text,
            }
            for place in places
        )

    def role(self, role: str, text: str) -> str:
        """Another place of a claim: what it is to the claim (`role`) and its words, as the
        book's language names it (« règle : « … » »)."""
        return role_said(role, text, self._vocabulary().language)

    def number(self, value: Any) -> str:
        """A number of an erratum's message as the book's language writes it: « −5,5 (= −11/2) »
        in French (decimal comma, true minus), « -5.5 (= -11/2) » in English."""
        language = self._vocabulary().language
        own_marks = language in SAID and language != "en"  # decimal comma, true minus
        return with_mark(shown(value), language) if own_marks else shown(value)

    def _decimal_mark(self) -> str:
        """The decimal mark of the book's language: a correction's decimal where the text
        writes a whole number."""
        return decimal_mark(self._vocabulary().language)

    def _rule_word_said(self, family: str, found: str, given: str, lemma: str) -> tuple[str, str]:
        """The message and working line of a rule word the text says where the rules give
        another, in the book's language."""
        line = self.said("word_working", family=family, given=given, found=found)
        if lemma != found:
            line += f" ({lemma})"
        return self.said("word", found=found, given=given), line

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


_WORDS = re.compile(r"[\w'’-]+")
_ASIDE = re.compile(r"\s*\([^()\d]*\)(?=[,;:.]?$)")


def _constant_working(wanted: Any) -> list[str]:
    """The working of a claim no rule was called for, when the rules' constant gives its
    number (« FACTEUR_D_ATTAQUE = 10 »), with the sentence the constant cites."""
    if not isinstance(wanted, Constant):
        return []
    citation = wanted.citation
    (sentence,) = _constant_sentence(wanted)
    return [f"{citation.name or 'constant'} = {int(wanted)}    {citing(f'« {sentence} »')}"]


def _constant_sentence(wanted: Any) -> tuple[str, ...]:
    """The sentence the rules' constant `wanted` cites (its first), else none."""
    if not isinstance(wanted, Constant):
        return ()
    cites = wanted.citation.cites
    return (cites if isinstance(cites, str) else cites[0],)


def _in_form(members: dict[str, list[str]], located, lemma: str) -> str:
    """`lemma` in the form the text's word has: a term's name or abbreviation, a verb of the
    relations conjugated as the text's (« retirent » for « ajoutent », not « retirer »)."""
    forms, written = members.get(lemma), members.get(located.lemma, [])
    if forms and located.text in written:
        return forms[min(written.index(located.text), len(forms) - 1)]
    stem = located.lemma[:-2]
    if not (located.lemma.endswith("er") and lemma.endswith("er") and " " not in lemma):
        return lemma
    if not located.text.lower().startswith(stem) or " " in located.text:
        return lemma
    conjugated = lemma[:-2] + located.text[len(stem) :]
    return conjugated[:1].upper() + conjugated[1:] if located.text[:1].isupper() else conjugated


_TERM_HOLE = re.compile(r"\{([^{}\d][^{}]*)\}")
"""A hole naming a class of terms in a pattern: « {aspect} »."""


def _nearest(before: str, after: str) -> tuple[str, str]:
    """The word just before a pattern's hole and the word just after it."""
    head, tail = before.split(), after.split()
    return (head[-1] if head else ""), (tail[0] if tail else "")
