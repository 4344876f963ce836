"""What the rules check established, shown to the book's readers in the book's language.

Each passage a binding checked carries a discreet mark (✓ verified, ✗ erratum,
◌ incomplete). On screen it opens on the claims: a ✓ quotes the text's own
words the rules confirm; a ✗ gives what the text says and what the rules give,
side by side. The wrong number itself is marked where it stands, in its
sentence or its table cell: each claim carries its errata with their spans in
the passage, and the passage knows where each of its words stands in the
document (`Spot.origin`), so no mark is placed by a line number or by the
passage's name. In print the mark is a small sign at the end of the
passage, and an erratum's sign gives the page of its entry on the errata page.

The errata page is a publisher's errata: for each erratum of the ledger, its
place, « Au lieu de : … », « Lire : … » when the rules determine the right
wording (`build_tools.commands.fix`), otherwise the reason, grouped by chapter.

Nothing here is in the developers' language: the working shown is the one in
the book's notation that the claim carries (when it carries one), the reasons
are the ledger's in the book's language, numbers are written as the book's
language writes them (1/3 ≈ 0,333; −4).

Over 500 lines, for a reason: every mark a reader sees of the rules check (the inline
mark, the panel, the errata page and its « Lire ») is drawn here from the claim records,
in one module, so that they tell one story.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from lxml import etree
from markupsafe import Markup, escape

from build_tools.checking.correction import edited_spans
from build_tools.checking.matching import words_given
from build_tools.checking.rule import reading_order
from build_tools.diagnostics import Correction, Finding
from build_tools.dice import Distribution
from build_tools.ledger import Entry
from build_tools.model.numbers import MINUS, integer, short_decimal, with_mark
from build_tools.model.typography import Typography
from build_tools.render.reading_notation import for_readers

ERRATUM = "erratum"
TYPOGRAPHY = "typography"
"""A typographic erratum of the book (a decimal point in French): on the errata page too."""
DEFECTS = ("table-empty-column", "table-row")
"""Findings that leave part of a checked table with nothing to check."""
WORKING_STEPS = 12
"""The steps of a working shown beside a passage."""


@dataclass
class Wrong:
    """A wrong number (or words) in one run of text: its span there, and what the rules give."""

    start: int
    end: int
    statement: str
    anchor: str


@dataclass
class Marks:
    """The verification of each checked element, ready to render for screen or print."""

    verifications: dict
    findings: list[Finding]
    entries: dict[str, Entry]
    words: dict[str, str]
    typography: Typography = field(default_factory=Typography)
    medium: str = "screen"
    """'screen' (a mark that opens on the claims) or 'print' (a sign and a page number)."""
    document: Any = None
    ids: dict[etree._Element, str] = field(default_factory=dict)
    errata_page: str | None = None
    """Where the errata are: '' on the single page, 'errata.html' when split."""
    cells: dict[etree._Element, list[str]] = field(default_factory=dict)
    """A table entry -> what is wrong in it, so the cell itself shows the erratum."""
    wrong: dict[tuple[etree._Element, int], list[Wrong]] = field(default_factory=dict)
    """(element, -1 for its text or i for the tail of its child i) -> the wrong tokens in it."""
    numbers: dict[str, int] = field(default_factory=dict)
    beside: dict[etree._Element, list[etree._Element]] = field(default_factory=dict)
    """A block -> the passages around it whose mark stands at its end, beside their errata."""
    moved: dict[etree._Element, etree._Element] = field(default_factory=dict)
    """A passage whose mark is not at its heading but beside its errata -> that block."""
    """Finding id -> its number on the errata page (`erratum-N`)."""
    errata_of: dict[etree._Element, list] = field(default_factory=dict)
    """A checked element -> its errata as the check placed them (`Spot`s: finding and span)."""
    element_of: dict[str, etree._Element] = field(default_factory=dict)
    """Finding id -> the checked element whose mark shows it."""
    claim_of: dict[str, Any] = field(default_factory=dict)
    """Finding id -> the claim that gave it: its working and the rule sentences it cites."""
    defects: dict[etree._Element, list[Finding]] = field(default_factory=dict)
    """A table's defects of form (an empty column, a short row): it is not all verified."""
    workings: dict[int, list[str]] = field(default_factory=dict)
    """A claim (by id) -> its working: the report's, shared by the book's every rendering."""

    @classmethod
    def of(cls, report, words: dict[str, str], typography: Typography, medium: str = "screen"):
        entries = report.ledger
        marks = cls(
            verifications=report.verifications,
            findings=[f for f in report.findings if f.category in (ERRATUM, TYPOGRAPHY)],
            entries={entry.id: entry for entry in entries},
            words=words,
            typography=typography,
            medium=medium,
            document=report.document,
            workings=report.workings,
        )
        for count, element in enumerate(report.verifications, start=1):
            marks.ids[element] = f"check-{count}"
        reported = {id(finding) for finding in marks.findings}
        for element, verification in report.verifications.items():
            spots = [spot for spot in verification.errata if id(spot.finding) in reported]
            marks.errata_of[element] = spots
            for spot in spots:
                marks.element_of.setdefault(spot.finding.id, element)
            for claim in verification.claims:
                for spot in claim.errata:
                    marks.claim_of.setdefault(spot.finding.id, claim)
            for spot in spots:  # an erratum stated otherwise: its own working and rules
                marks.claim_of.setdefault(spot.finding.id, spot)
        for finding in marks.findings:  # a typographic erratum stands where its table does
            table = _table_of(finding.element) if finding.category == TYPOGRAPHY else None
            if table in marks.ids:
                marks.element_of.setdefault(finding.id, table)
        # Numbered in book order, the ledger's first: chapter by chapter as the book reads, and
        # in a chapter as its text goes (never by file name, which an XInclude's order ignores).
        order = {element: rank for rank, element in enumerate(report.document.root.iter())}

        def in_book(finding: Finding) -> tuple:
            element = marks.element_of.get(finding.id)
            place = order.get(element, len(order)) if element is not None else len(order)
            return (not finding.known, place, finding.line or 0, finding.column or 0)

        marks.findings.sort(key=in_book)
        marks.numbers = {
            finding.id: number for number, finding in enumerate(marks.findings, start=1)
        }
        for finding in report.findings:
            table = _table_of(finding.element) if finding.category in DEFECTS else None
            if table is not None:
                marks.defects.setdefault(table, []).append(finding)
        marks._place_wrong_tokens()
        marks._place_summaries(order)
        return marks

    # -- where the wrong number stands -------------------------------------------------

    def _place_wrong_tokens(self) -> None:
        """Mark each erratum's wrong words where the check found them (its span in the passage)."""
        for element, spots in self.errata_of.items():
            for spot in spots:
                statement = self._finding_statement(spot.finding)
                anchor = self._anchor(spot.finding)
                # the words where they stand, a piece a line or a stretch between markup
                for owner, slot, start, end in spot.origins():
                    self.wrong.setdefault((owner, slot), []).append(
                        Wrong(start, end, statement, anchor)
                    )
                cell = _cell_of(spot.passage.element)
                if cell is not None and element.tag in ("table", "informaltable"):
                    self.cells.setdefault(cell, []).append(statement)

    def _place_summaries(self, order: dict[etree._Element, int]) -> None:
        """A section's, an example's or a note's mark, when it gives errata, stands at the end of
        the block that holds the last of them (cda's « Exemple : la soie… »: its summary of two
        errata stood under the heading, two paragraphs and a table above them), not at the
        passage's title: the summary is read beside what it summarises."""
        for element, spots in self.errata_of.items():
            if element.tag not in MOVABLE:
                continue
            owners = [owner for spot in spots for owner, *_ in spot.origins()]
            if not owners:
                continue
            last = max(owners, key=lambda owner: order.get(owner, -1))
            path = []
            for node in (last, *last.iterancestors()):
                if node is element:
                    break
                path.append(node)
            blocks = [node for node in path if node.tag in BESIDE + AFTER]
            if blocks and path[-1].getparent() is element:
                block = blocks[-1]  # the outermost: a table's caption, not one of its cells
                self.moved[element] = block
                self.beside.setdefault(block, []).append(element)

    def pieces(self, element: etree._Element, slot: int, text: str) -> list[tuple[str, Any]]:
        """`text` cut around its wrong tokens: (text, None) and (token, Wrong) in order."""
        wrongs = self.wrong.get((element, slot))
        if not wrongs:
            return [(text, None)]
        pieces, last = [], 0
        for wrong in sorted(wrongs, key=lambda w: w.start):
            if wrong.start < last:
                continue
            pieces.append((text[last : wrong.start], None))
            pieces.append((text[wrong.start : wrong.end], wrong))
            last = wrong.end
        pieces.append((text[last:], None))
        return pieces

    def cell(self, entry: etree._Element, translator) -> Markup:
        """The erratum sign of a table entry the check found wrong, with what the rules give."""
        statements = self.cells.get(entry)
        if not statements:
            return Markup()
        return translator.blocks.cell_erratum(
            statement="\u202f; ".join(statements), medium=self.medium
        )

    # -- the mark of a passage ---------------------------------------------------------

    def render(self, element: etree._Element, translator) -> Markup:
        """The mark of `element` (empty when no binding checked it, or when it stands beside
        its errata), then those of the passages around it whose errata end in it."""
        own = (
            Markup() if self._shown_beside(element, translator) else self._mark(element, translator)
        )
        return own + (self.after(element, translator) if element.tag in BESIDE else Markup())

    def _shown_beside(self, element: etree._Element, translator) -> bool:
        """Whether the mark of `element` stands beside its errata: their block is printed (an
        edition that leaves it out keeps the mark at the passage's title)."""
        block = self.moved.get(element)
        if block is None:
            return False
        path = [block, *block.iterancestors()]
        return not any(translator.excluded(node) for node in path[: path.index(element)])

    def after(self, block: etree._Element, translator) -> Markup:
        """The marks of the passages whose errata end in `block`, written at its end (a
        paragraph's, a table's mark) or, for a block with no mark of its own (`AFTER`: a
        listing, a list), after it."""
        return Markup().join(
            self._mark(around, translator)
            for around in self.beside.get(block, ())
            if self._shown_beside(around, translator)
        )

    def _mark(self, element: etree._Element, translator) -> Markup:
        verification = self.verifications.get(element)
        if verification is None:
            return Markup()
        # an erratum standing at several places (each « Rs » it corrects) is one erratum
        errata = list({id(s.finding): s.finding for s in self.errata_of.get(element, [])}.values())
        shown = {id(finding) for finding in errata}
        claims, used, shown_claims = [], set(), []
        for claim in verification.claims:
            found = [spot.finding for spot in claim.errata if id(spot.finding) in shown]
            if not found and not translator.draft and _unprinted(claim):
                continue  # words of an author's remark: the reader does not see them
            shown_claims.append(claim)
            used.update(id(finding) for finding in found)
            claims.append(self._claim(claim, found[0] if found else None))
            claims[-1]["rules"] = self.rules(claim, translator)
        # Errata a binding stated in words rather than through a numeric claim.
        for finding in errata:
            if id(finding) not in used:
                claims.append(self._stated(finding))
                claims[-1]["rules"] = self.rules(finding, translator)
        if not claims:
            return Markup()  # all it checked stands in remarks this edition does not print
        status = ERRATUM if any(not claim["agreed"] for claim in claims) else verification.status
        notes = []
        if verification.unbound:
            notes.append(self.words["unchecked_numbers"].format(count=verification.unbound))
        if verification.failed:
            notes.append(self.words["binding_failed"])
        if self.defects.get(element):
            # a column no row fills cannot be verified: the passage is not all checked
            notes.append(self.words["table_defect"])
            if status == "verified":
                status = "incomplete"
        # a number that follows an erratum is part of that erratum, not one more
        wrong = [claim for claim in claims if not claim["agreed"] and not claim.get("follows")]
        summary = {
            "verified": self.words["verified_short"],
            "incomplete": self.words["incomplete_short"],
            ERRATUM: wrong[0]["statement"]
            if len(wrong) == 1
            else self.words["errata_count"].format(count=len(wrong))
            + self.typography.apply(" : ")
            + "\u202f; ".join(claim["short"] for claim in wrong),
        }[status]
        title = {
            "verified": self.words["verified"],
            "incomplete": self.words["incomplete"],
            ERRATUM: self.words["erratum"],
        }[status]
        if status == "verified" and element.tag in ("table", "informaltable"):
            title, summary = self.checked_against(element, shown_claims, translator)
        anchors = [claim["anchor"] for claim in wrong if claim["anchor"]]
        return translator.blocks.verification(
            id=self.ids[element],
            status=status,
            title=title,
            summary=summary,
            claims=claims,
            notes=notes,
            errata_href=anchors[0] if anchors else "",
            medium=self.medium,
        )

    def checked_against(self, table: etree._Element, claims, translator) -> tuple[str, str]:
        """The title and short word of a verified table's mark, saying what its cells were
        checked against: the dice (a rule that rolls them), another table, a rule the book states
        elsewhere; a table whose rules only take it as it stands is not « verified »
        (« Repris tel quel par les règles : rien d'autre ne le vérifie »)."""
        dice, tables, rules, itself = False, [], set(), False
        for claim in claims:
            dice = dice or any(_rolls(step) for step in claim.steps)
            for place in claim.cites:
                cited = place.element
                if cited is not None and cited.tag in ("title", "titleabbrev"):
                    cited = cited.getparent()
                if _cites_itself(claim.element, cited):
                    itself = True
                    continue
                other = _table_of(cited)
                if other is not None and other is not table:
                    if other not in tables:
                        tables.append(other)
                elif cited is not None:
                    rules.add(place.text)
        sources = [self.words["checked_dice"]] if dice else []
        for other in tables:  # « d'après le tableau 2.1, « … » », « against Table 2.1, « … » »
            place = str(translator.place(other))
            lower = place[:1].lower() + place[1:]
            sources.append(self.words["checked_table"].format(place=place, lower=lower))
        if rules:
            sources.append(self.words["checked_rule" if len(rules) == 1 else "checked_rules"])
        if not sources:
            if itself:
                return self.words["taken_by_rules"], self.words["taken_short"]
            return self.words["verified"], self.words["verified_short"]
        title = self.words["verified_against"].format(sources=self._joined(sources))
        if itself:
            title += self.words["rest_taken_by_rules"]
        return title, self.words["verified_short"]

    def _joined(self, items: list[str]) -> str:
        """« a, b et c »."""
        if len(items) == 1:
            return items[0]
        return ", ".join(items[:-1]) + self.words["and"] + items[-1]

    def statement(self, found: Any, expected: Any) -> str:
        """« Le texte dit 12, les règles donnent 11 »."""
        found_shown, expected_shown = self._signed(found, expected)
        return (
            f"{self.words['text_says']} {found_shown}, {self.words['rules_give']} {expected_shown}"
        )

    def _signed(self, found: Any, expected: Any) -> tuple[str, str]:
        """Both values shown; when the sign is what is wrong, « −1 » and « +1 », not « 1 »."""
        shown = (self.show(found), self.show(expected))
        values = tuple(
            value[0] if isinstance(value, tuple) and len(value) == 1 else value
            for value in (found, expected)
        )
        scalars = all(
            isinstance(value, (int, Fraction)) and not isinstance(value, bool) for value in values
        )
        if scalars and min(values) < 0 < max(values):
            return (
                f"+{shown[0]}" if values[0] > 0 else shown[0],
                f"+{shown[1]}" if values[1] > 0 else shown[1],
            )
        return shown

    def _claim(self, claim, finding: Finding | None) -> dict[str, Any]:
        follows = getattr(claim, "follows", False)  # a number an earlier erratum's fix changes
        if finding is not None and len(claim.found) == 1:
            statement = self._finding_statement(finding)
        elif follows:
            wrong = [(f, c) for f, c in zip(claim.found, claim.corrected, strict=True) if f != c]
            found, corrected = zip(*wrong, strict=True)
            statement = self.statement(tuple(found), tuple(corrected))
        elif claim.agreed:
            statement = ""
        elif _numbers(claim.found) and _numbers(claim.expected):
            # only the numbers that are wrong: « Le texte dit 22, les règles donnent 20 »
            wrong = [(f, e) for f, e in zip(claim.found, claim.expected, strict=False) if f != e]
            found, expected = zip(*wrong, strict=True) if wrong else (claim.found, claim.expected)
            statement = self.statement(tuple(found), tuple(expected))
        else:
            statement = self._quoted_statement(claim.text, claim.expected[0])
        return {
            "text": self.typography.apply(claim.text),
            "agreed": claim.agreed and not follows,
            "statement": statement,
            "short": self._short(
                claim.found, claim.corrected if follows else claim.expected, finding
            ),
            "follows": follows,
            "working": self.working(claim),
            "known": bool(finding and finding.known),
            "reason": self.reason(finding) if finding else "",
            "anchor": self._anchor(finding) if finding else "",
        }

    def _stated(self, finding: Finding) -> dict[str, Any]:
        return {
            "text": self.typography.apply((finding.text or "").strip("…")),
            "agreed": False,
            "statement": self._finding_statement(finding),
            "short": self._short(finding.found, finding.expected, finding),
            "working": self.working(finding),
            "known": finding.known,
            "reason": self.reason(finding),
            "anchor": self._anchor(finding),
        }

    def _short(self, found: Any, expected: Any, finding: Finding | None = None) -> str:
        """« 22 → 20 », « « Mt » → « Me » »: what is wrong and what it should be (only what is
        wrong when nothing says what is right)."""
        if _numbers(found) and _numbers(expected):
            pairs = zip(found, expected, strict=False) if isinstance(found, tuple) else []
            wrong = [(f, e) for f, e in pairs if f != e] or [(found, expected)]
            return self._listed("{} → {}".format(*self._signed(f, e)) for f, e in wrong)
        if isinstance(found, tuple) and found and isinstance(found[0], str):
            found = found[0]
        if isinstance(found, str):
            right = _corrected_words(finding) if finding is not None else None
            right = right or words_given(expected[0] if isinstance(expected, tuple) else expected)
            return self.quote(found) + (f" → {self.quote(right)}" if right else "")
        return self.words["erratum"].lower()

    def _finding_statement(self, finding: Finding) -> str:
        """What is wrong, in the book's language: never the developers' message."""
        if right := _corrected_words(finding):
            return (
                f"{self.words['text_says']} {self.quote(finding.found)}, "
                f"{self.words['read_instead']} {self.quote(right)}"
            )
        if _numbers(finding.found) and _numbers(finding.expected):
            return self.statement(finding.found, finding.expected)
        if isinstance(finding.found, str) and finding.found:
            return self._quoted_statement(finding.found, finding.expected, self.reason(finding))
        return self.words["erratum_stated"]

    def _quoted_statement(self, found: str, expected: Any, reason: str = "") -> str:
        """« Le texte dit « Mt », les règles donnent « Me » » when the rules give words; else
        what the text says, the reason (`reason`, printed after it) saying what is wrong."""
        said = f"{self.words['text_says']} {self.quote(found)}"
        given = words_given(expected)
        if given is not None:
            return f"{said}, {self.words['rules_give']} {self.quote(given)}"
        return said if reason else f"{said}{self.words['rules_disagree']}"

    def quote(self, text: str) -> str:
        return f"{self.words['quote_open']}{self.typography.apply(text)}{self.words['quote_close']}"

    def reason(self, finding: Finding | None) -> str:
        """The ledger's reason for `finding`, in the book's language (none if it has none)."""
        entry = self.entries.get(finding.id) if finding is not None else None
        if entry is None:
            return ""
        reason = self.typography.apply(entry.reason_in(self.typography.language))
        return for_readers(reason, self.typography.language)

    def write_workings(self) -> None:
        """Every claim's working written now, once: renderings made at the same time in copies
        of this process (`render.parallel`) then share them instead of each writing them."""
        for verification in self.verifications.values():
            for claim in verification.claims:
                self.working(claim)
        for finding in self.findings:
            self.working(finding)

    def working(self, source) -> list[str]:
        """The working in the book's notation (« °É = 18 − 16 + 18 = 20 »), from the claim's steps.

        Each step as its rule's formula writes it (arithmetic, a look-up in a table
        of the book, a decision), and the binding's notes, which are in the book's
        language; a step its rule gives no formula for is not shown, nor a line another
        already says: the developers' form (function calls) is for `rulebook check --verbose`.
        """
        claim = self.claim_of.get(source.id) if isinstance(source, Finding) else source
        if claim is None:
            return []
        written = self.workings.get(id(claim))
        if written is None:
            written = self.workings[id(claim)] = self._working(claim)
        return list(written)

    def _working(self, claim) -> list[str]:
        steps = getattr(claim, "steps", None) or []
        lines = []
        for step in reading_order(steps):
            line = self.typography.apply(step.in_book())
            if line and line not in lines:
                lines.append(line)
        lines = [line for line in lines if not any(_says(other, line) for other in lines)]
        lines = [for_readers(line, self.typography.language) for line in lines]
        if len(lines) <= WORKING_STEPS:
            return lines
        more = self.words["more_steps"].format(count=len(lines) - WORKING_STEPS)
        return lines[:WORKING_STEPS] + [more]

    def rules(self, source, translator) -> list[dict[str, Any]]:
        """The sentences of the book that state the rules of the working, each with its place."""
        claim = self.claim_of.get(source.id) if isinstance(source, Finding) else source
        found, seen = [], set()
        for place in getattr(claim, "cites", None) or []:
            if not place.text or place.text in seen:
                continue
            seen.add(place.text)
            holder = _holder(place.element) if place.element is not None else None
            cited = place.element
            if cited is not None and cited.tag in ("title", "titleabbrev"):
                cited = cited.getparent()  # the table's title: the table cited whole
            if _cites_itself(getattr(claim, "element", None), cited):
                continue  # a table checked against itself proves nothing: not its « Règle »
            found.append(
                {
                    "text": self.typography.apply(place.text.strip("«» ")),
                    "where": translator.place(holder) if holder is not None else "",
                    "href": translator.href(holder) if holder is not None else "",
                }
            )
        return found

    def show(self, values: tuple | Any) -> str:
        """Numbers as the book's language writes them: 1/3 ≈ 0,333; −4; a list « 1,6 ; 0,7 »."""
        if not isinstance(values, tuple):
            values = (values,)
        return self._listed(self._number(value) for value in values)

    def _listed(self, items) -> str:
        """Items of a list: « ; » between them in French, where « , » is the decimal mark."""
        return ("\u202f; " if self.typography.french else "; ").join(items)

    def _number(self, value: Any) -> str:
        if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
            return self.quote(str(value)) if isinstance(value, str) else str(value)
        if isinstance(value, Fraction) and value.denominator != 1:
            language = self.typography.language
            exact = short_decimal(value, language)  # a short decimal: 0,7
            if exact:
                return exact
            sign = MINUS if value < 0 else ""
            approximate = with_mark(f"{float(abs(value)):.3g}", language)
            return f"{sign}{abs(value)} ≈ {sign}{approximate}"
        return integer(value)

    def _anchor(self, finding: Finding | None) -> str:
        """The link to `finding`'s entry on the errata page."""
        if finding is None or finding.id not in self.numbers:
            return ""
        return f"{self.errata_page or ''}#erratum-{self.numbers[finding.id]}"

    # -- the errata page ---------------------------------------------------------------

    def errata(
        self,
        link,
        describe,
        division_of,
        division_title,
        folios: dict | None = None,
        translator=None,
        rule_links: bool = True,
    ) -> list[dict[str, Any]]:
        """The errata of the book, grouped by chapter: the ledger's first, then the others.

        `link(element, anchor)` makes the link to the mark of a checked element;
        `describe(element)` names it in the book's words (« Tableau 1.1, « … » »);
        `division_of(element)` is its chapter, `division_title(chapter)` names it;
        `folios` (anchor -> printed folio) gives each its page in the printed book;
        `rule_links` false leaves the places of the rules cited unlinked (a page of its own,
        the errata sheet, holds none of them: their printed pages say where they are).
        """
        groups: dict[Any, dict[str, Any]] = {}
        ordered = sorted(self.findings, key=lambda f: self.numbers.get(f.id, 0))
        for finding in ordered:
            element = self.element_of.get(finding.id)
            division = division_of(element) if element is not None else None
            key = (finding.known, division)
            if key not in groups:
                title = division_title(division) if division is not None else ""
                groups[key] = {"title": title, "known": finding.known, "entries": []}
            entry = self._entry(finding, element, link, describe)
            entry["rules"] = self.rules(finding, translator) if translator is not None else []
            if folios and element is not None:
                entry["page"] = folios.get(self.ids[element], "")
            if folios:
                for rule in entry["rules"]:
                    rule["page"] = folios.get(rule["href"].partition("#")[2], "")
            if not rule_links:
                for rule in entry["rules"]:
                    rule["href"] = ""
            groups[key]["entries"].append(entry)
        return list(groups.values())

    def _entry(self, finding: Finding, element, link, describe) -> dict[str, Any]:
        excerpt = (finding.text or "").strip()
        corrections = finding.corrections

        # Its edits in its excerpt: a follow-on edit where the record places it, the others
        # where their words stand.
        def placed_in(context: str) -> list[tuple[int, int, Correction]]:
            return [(c.at, c.at + len(c.read()[0]), c) for c in corrections if c.context == context]

        placed = placed_in(excerpt)
        found = edited_spans(excerpt, [c for c in corrections if not c.context])
        spans = placed + [
            span for span in found if not any(span[0] < e and s < span[1] for s, e, _ in placed)
        ]
        spans.sort(key=lambda span: span[0])
        instead = self._marked(excerpt, spans, old=True) if excerpt else Markup("")
        read = self._marked(excerpt, spans) if excerpt and corrections else ""
        # The numbers the erratum changes further on, each in the words around it.
        contexts = dict.fromkeys(c.context for c in corrections if c.context not in ("", excerpt))
        further = []
        for context in contexts:
            edits = placed_in(context)
            further.append(
                {
                    "instead": self._marked(context, edits, old=True),
                    "read": self._marked(context, edits),
                }
            )
        return {
            "number": self.numbers.get(finding.id, 0),
            "anchor": f"erratum-{self.numbers.get(finding.id, 0)}",
            "where": _capitalised(describe(element)) if element is not None else "",
            "href": link(element, self.ids[element]) if element is not None else "",
            "instead": instead,
            "read": read,
            "further": further,
            "statement": self._finding_statement(finding),
            "reason": self.reason(finding),
            "working": self.working(finding),
            "known": finding.known,
            "id": finding.id,
            "page": "",
        }

    def _marked(self, excerpt: str, spans: list, old: bool = False) -> Markup:
        """`excerpt`, set, with the wrong (or the right) token of each (start, end, correction)
        of `spans` marked."""
        if not spans:
            return escape(self.typography.apply(excerpt))
        pieces, last = Markup(), 0
        for start, end, correction in spans:
            token = correction.read()[0 if old else 1]
            if token == "-" and re.match(r"\s?\d", excerpt[end:]):
                token = MINUS  # a sign a correction writes alone: the minus of the arithmetic
            between = self.typography.apply(excerpt[last:start])
            pieces += escape(self.typography.glued(between) if last else between)
            pieces += Markup('<mark class="erratum-token">')
            pieces += escape(self.typography.apply(token)) + Markup("</mark>")
            last = end
        return pieces + escape(self.typography.glued(self.typography.apply(excerpt[last:])))


def _corrected_words(finding: Finding) -> str | None:
    """The words the book should say where `finding` quotes others, as its record's
    correction writes them (« supérieur » → « supérieur ou égal »); None when its record
    corrects no words (the rules do not determine them, or no patch can write them)."""
    if not finding.reads or not isinstance(finding.found, str):
        return None
    words = finding.found
    for correction in finding.corrections:
        wrong, right = correction.read()
        whole = r"(?<!\w)" + re.escape(wrong) + r"(?!\w)"
        words, count = re.subn(whole, lambda _, new=right: new, words)
        if correction.context not in ("", finding.text) or count != 1:
            return None
    return words if finding.corrections else None


MOVABLE = (
    "section", "sect1", "sect2", "sect3", "sect4", "sect5", "simplesect", "example",
    "informalexample", "sidebar", "note", "tip", "important", "caution", "warning",
)  # fmt: skip
"""Passages whose mark would stand at their title, away from the errata in their body."""
BESIDE = ("para", "simpara", "formalpara", "table", "informaltable", "listitem", "varlistentry")
"""Blocks that carry a mark at their end: a passage's summary goes to the one of its errata."""
AFTER = (
    "screen", "programlisting", "literallayout", "synopsis", "blockquote", "itemizedlist",
    "orderedlist", "variablelist", "simplelist", "procedure", "mediaobject", "figure",
)  # fmt: skip
"""Blocks with no mark of their own: a passage's summary is written after the block."""
HOLDERS = (
    "section", "sect1", "sect2", "sect3", "sect4", "sect5", "simplesect", "chapter", "appendix",
    "preface", "glossary", "glossentry", "example", "table", "informaltable", "varlistentry",
)  # fmt: skip
"""What a reader finds a sentence by: its section, example, table or glossary entry."""


def _holder(element: etree._Element) -> etree._Element | None:
    for node in (element, *element.iterancestors()):
        if node.tag not in HOLDERS or (node.tag == "informaltable" and not node.get("id")):
            continue
        if node.tag in HOLDERS[:7] and node.find("title") is None:
            continue  # an untitled section: the reader finds it by the section around it
        return node
    return None


def _cell_of(element: etree._Element) -> etree._Element | None:
    """The table entry `element` is, or is in (a table cell's passage is the entry itself)."""
    for node in (element, *element.iterancestors()):
        if node.tag == "entry":
            return node
    return None


def _table_of(element: etree._Element | None) -> etree._Element | None:
    """The table a finding about one of its parts (a row, a column group) is about."""
    if element is None or not isinstance(element.tag, str):
        return None
    for node in (element, *element.iterancestors()):
        if node.tag in ("table", "informaltable"):
            return node
    return None


def _says(line: str, other: str) -> bool:
    """Whether `line` already says `other`, as its outcome (« 13 > 10 : échec, °É = dé − CA =
    13 − 10 = 3 » says « °É = dé − CA = 13 − 10 = 3 », the line of the rule nested in it)."""
    return (
        line != other and line.endswith(other) and line[: -len(other)].rstrip().endswith((":", ","))
    )


def _is_within(element, table) -> bool:
    """Whether `element` is `table` (a table, cited whole) or one of its cells."""
    if element is None or table is None or table.tag not in ("table", "informaltable"):
        return False
    return element is table or any(node is table for node in element.iterancestors())


def _cites_itself(element, cited) -> bool:
    """Whether a claim on `element` cites its own table: the table whole, or one of its cells
    that is no more than a cell of it (a row's label: « épique / éléphant »), not a sentence
    spanning the table's columns (« Si l'arme est magique, il faut lui rajouter … »)."""
    table = _table_of(cited)
    if table is None or not _is_within(element, table):
        return False
    cell = _cell_of(cited)
    return cell is None or not (cell.get("namest") or cell.get("spanname"))


def _rolls(step) -> bool:
    """Whether a step of a working rolled the dice: a distribution among its values."""
    return any(isinstance(value, Distribution) for value in (step.result, *step.arguments.values()))


def _unprinted(claim) -> bool:
    """Whether all the words of `claim` stand in an author's remark (printed in drafts only)."""
    passage = getattr(claim, "passage", None)
    if passage is None or claim.span == (0, 0):
        return False
    pieces = passage.origins(*claim.span)
    return bool(pieces) and all(
        owner.tag == "remark" or next(owner.iterancestors("remark"), None) is not None
        for owner, _, _, _ in pieces
    )


def _capitalised(words: str) -> str:
    """`words` as the start of a line: « Au chapitre 4, … », « La terminologie, … »."""
    return words[:1].upper() + words[1:] if words[:1].isalpha() else words


def _numbers(value: Any) -> bool:
    values = value if isinstance(value, tuple) else (value,)
    return bool(values) and all(
        isinstance(item, (int, Fraction)) and not isinstance(item, bool) for item in values
    )
