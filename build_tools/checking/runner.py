"""Run a book's bindings against its text: find the units, call the bindings, count coverage.

Finding (which passages must be bound), running (calling each binding with its
passage) and judging (the claims inside `Check`) stay apart, as in doctest.
"""

from __future__ import annotations

import functools
import re
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from lxml import etree

from build_tools.checking.binder import Binder, Binding, Check, StaleBinding, TableCheck
from build_tools.checking.passage import Passage, Token
from build_tools.checking.rule import Trace, tracing
from build_tools.diagnostics import Finding, slug
from build_tools.docbook import EXAMPLES, SECTIONS, TABLES, normalize, text_of, title_of, where_of
from build_tools.reader import Document

PROSE = (
    "para",
    "simpara",
    "entry",
    "term",
    "listitem",
    "glossdef",
    "title",
    # front matter: years, dates and revision numbers can be waived too
    "copyright",
    "year",
    "date",
    "pubdate",
    "revnumber",
    "revremark",
    "releaseinfo",
    "edition",
    "subtitle",
)
UNIT_KINDS = ("examples", "tables", "glossary")


@dataclass
class Unit:
    """A passage that must be bound: an example, an example section, a table, a glossary value."""

    kind: str  # one of UNIT_KINDS
    element: etree._Element
    where: str


@dataclass
class Verification:
    """What the check established about one passage, for renderers to show beside it."""

    where: str
    claims: list = field(default_factory=list)
    unbound: int = 0
    failed: bool = False  # the binding is stale or raised

    @property
    def status(self) -> str:
        """'erratum', 'incomplete' (a binding failed, a number unchecked) or 'verified'."""
        if any(not claim.agreed for claim in self.claims):
            return "erratum"
        if self.failed or self.unbound:
            return "incomplete"
        return "verified"


@dataclass
class Outcome:
    """What running a book's bindings gave: findings, coverage, what each passage verified."""

    findings: list[Finding] = field(default_factory=list)
    coverage: dict[str, Any] = field(default_factory=dict)
    verifications: dict[etree._Element, Verification] = field(default_factory=dict)


def find_units(document: Document, example_sections: str | None) -> list[Unit]:
    """Every passage of the book that a binding must account for, in document order."""
    pattern = re.compile(example_sections) if example_sections else None
    units = []
    for element in document.root.iter():
        if not isinstance(element.tag, str):
            continue
        tag = element.tag
        if tag in EXAMPLES or (tag in SECTIONS and pattern and pattern.search(title_of(element))):
            units.append(Unit("examples", element, where_of(element)))
        elif tag in TABLES:
            units.append(Unit("tables", element, where_of(element)))
        elif tag == "glossentry" and re.search(r"\d", text_of(element.find("glossdef"))):
            units.append(Unit("glossary", element, where_of(element)))
    return units


def run_bindings(
    document: Document, binder: Binder | None, example_sections: str | None
) -> Outcome:
    """Call every binding of `binder` on its passage of `document`, and count what is covered."""
    outcome = Outcome()
    units = find_units(document, example_sections)
    unit_elements = frozenset(unit.element for unit in units)
    order = {element: index for index, element in enumerate(document.root.iter())}
    targets: list[tuple[int, Binding, etree._Element]] = []

    targets_index = _Targets(document.root)
    for binding in binder.bindings if binder else []:
        element = _resolve(document, binding, targets_index, outcome.findings)
        if element is not None:
            targets.append((order[element], binding, element))
    bound: dict[etree._Element, Check] = {}
    prose_checks: list[Check] = []
    checked: set[etree._Element] = set()
    state = SimpleNamespace()
    for _, binding, element in sorted(targets, key=lambda target: target[0]):
        if element in checked:
            outcome.findings.append(
                _binding_finding(
                    binding,
                    "binding-twice",
                    f"{binding.describe()} binds a passage already bound",
                    element,
                    document,
                )
            )
            continue
        check = _check_for(document, element, unit_elements - {element}, binding, outcome.findings)
        before = len(outcome.findings)
        _run(binding, check, state, document, outcome.findings)
        failed = any(
            f.category in ("binding-stale", "binding-error") for f in outcome.findings[before:]
        )
        claims = check.all_claims() if isinstance(check, TableCheck) else check.claims
        unbound = sum(len(p.accounting()["unbound"]) for p in _passages(check))
        checked.add(element)
        if claims or failed or unbound:
            # A passage whose numbers are only read or waived verified nothing to show.
            outcome.verifications[element] = Verification(check.where, claims, unbound, failed)
        if element in unit_elements:
            bound[element] = check
        else:
            prose_checks.append(check)
    outcome.coverage = _coverage(
        document, units, bound, prose_checks, unit_elements, outcome.findings
    )
    return outcome


class _Targets:
    """The elements a binding may name, indexed once a run (by id, title, term and text).

    Looking each binding's target up in the whole tree made the check quadratic in
    the book's size: a book ten times longer has ten times the bindings.
    """

    def __init__(self, root: etree._Element) -> None:
        self.root = root

    @functools.cached_property
    def ids(self) -> dict[str, list[etree._Element]]:
        index: dict[str, list[etree._Element]] = {}
        for element in self.root.iter():
            if isinstance(element.tag, str) and element.get("id") is not None:
                index.setdefault(element.get("id"), []).append(element)
        return index

    @functools.cached_property
    def titles(self) -> dict[str, list[etree._Element]]:
        index: dict[str, list[etree._Element]] = {}
        for element in self.root.iter(*EXAMPLES, *SECTIONS, *TABLES):
            index.setdefault(title_of(element), []).append(element)
        return index

    @functools.cached_property
    def terms(self) -> dict[str, list[etree._Element]]:
        index: dict[str, list[etree._Element]] = {}
        for element in self.root.iter("glossentry"):
            index.setdefault(text_of(element.find("glossterm")), []).append(element)
        return index

    @functools.cached_property
    def prose_texts(self) -> dict[etree._Element, str]:
        """The text of every element a prose binding may name."""
        return {element: text_of(element) for element in self.root.iter(*PROSE)}


def _resolve(
    document: Document,
    binding: Binding,
    targets: _Targets,
    findings: list[Finding],
):
    """The one element a binding is about; a finding when there is none, or more than one."""
    key, value = next(iter(binding.selector.items()))
    if key == "id":
        candidates = targets.ids.get(value, [])
    elif key == "title":
        wanted = normalize(value)
        tags = {
            "example": EXAMPLES + SECTIONS,
            "section": SECTIONS,
            "table": TABLES,
        }[binding.kind]
        candidates = [el for el in targets.titles.get(wanted, []) if el.tag in tags]
        if binding.kind == "example" and len(candidates) > 1:
            # An example titled like the section that holds it: the example is meant.
            examples = [el for el in candidates if el.tag in EXAMPLES]
            candidates = examples or candidates
    elif key == "term":
        candidates = targets.terms.get(normalize(value), [])
    else:  # contains
        wanted = normalize(value)
        containing = {el for el, text in targets.prose_texts.items() if wanted in text}
        # the innermost: an element none of whose descendants also contains the phrase
        candidates = [
            el
            for el in containing
            if not any(other in containing for other in el.iterdescendants(*PROSE))
        ]
    if len(candidates) == 1:
        return candidates[0]
    problem = "is not in the book" if not candidates else f"matches {len(candidates)} passages"
    findings.append(
        Finding(
            "error",
            "binding-stale" if not candidates else "binding-ambiguous",
            f"binding {binding.name}: {binding.describe()} {problem}",
            file=binding.file,
            line=binding.line,
            where="",
            key=f"{binding.name}",
        )
    )
    return None


def _check_for(document, element, exclude, binding, findings) -> Check:
    file = document.file_of(element)
    where = where_of(element)
    trace = Trace()
    if element.tag not in TABLES:
        return Check(Passage.of(element, file, exclude), where, trace, findings)
    # A table's own passage is its title; each entry is a passage of its own.
    title = element.find("title")
    title_passage = Passage.of(title, file) if title is not None else Passage(element, file, "", [])
    table = TableCheck(title_passage, where, trace, findings)
    for row in element.iter("row"):
        entries = [entry for entry in row if entry.tag in ("entry", "entrytbl")]
        in_head = row.getparent() is not None and row.getparent().tag == "thead"
        headers = table.head_rows[-1] if table.head_rows and not in_head else []
        row_label = text_of(entries[0])[:30] if entries else ""
        cells = []
        for index, entry in enumerate(entries):
            column = headers[index].text[:30] if index < len(headers) else f"column {index + 1}"
            label = f"row « {row_label} », {column}:"
            cells.append(
                Check(Passage.of(entry, file, exclude), where, trace, findings, label=label)
            )
        (table.head_rows if in_head else table.rows).append(cells)
    return table


def _run(
    binding: Binding,
    check: Check,
    state: SimpleNamespace,
    document: Document,
    findings: list[Finding],
) -> None:
    with tracing(check.trace):
        try:
            binding.function(check, state)
        except StaleBinding as stale:
            findings.append(
                _binding_finding(
                    binding,
                    "binding-stale",
                    f"binding {binding.name}: the text no longer says {str(stale)!r}",
                    check.passage.element,
                    document,
                    key=f"{binding.name}:{stale}",
                )
            )
        except Exception as error:  # a binding that crashes is a finding, not a crash
            frames = [
                frame
                for frame in traceback.extract_tb(error.__traceback__)
                if Path(frame.filename).resolve().is_relative_to(document.folder)
            ]
            frame = frames[-1] if frames else None
            findings.append(
                Finding(
                    "error",
                    "binding-error",
                    f"binding {binding.name} raised {type(error).__name__}: {error}",
                    file=Path(frame.filename) if frame else binding.file,
                    line=frame.lineno if frame else binding.line,
                    where=check.where,
                    text=frame.line if frame else "",
                    key=binding.name,
                )
            )


def _binding_finding(binding, category, message, element, document, key=None) -> Finding:
    file, line, column = document.locate(element)
    return Finding(
        "error",
        category,
        message,
        file=file,
        line=line,
        column=column,
        where=where_of(element),
        key=key or binding.name,
    )


def _coverage(document, units, bound, prose_checks, unit_elements, findings) -> dict[str, Any]:
    coverage: dict[str, Any] = {kind: {"total": 0, "bound": 0} for kind in UNIT_KINDS}
    numbers = {"total": 0, "given": 0, "claimed": 0, "waived": 0, "unbound": 0}
    for unit in units:
        coverage[unit.kind]["total"] += 1
        check = bound.get(unit.element)
        if check is None:
            file, line, column = document.locate(unit.element)
            noun = {"examples": "example", "tables": "table", "glossary": "glossary value"}[
                unit.kind
            ]
            findings.append(
                Finding(
                    "error",
                    "unbound",
                    f"no binding checks this {noun}",
                    file=file,
                    line=line,
                    column=column,
                    where=unit.where,
                    key=f"unbound-{noun}",
                )
            )
            passages = [
                Passage.of(
                    unit.element, document.file_of(unit.element), unit_elements - {unit.element}
                )
            ]
        else:
            coverage[unit.kind]["bound"] += 1
            passages = _passages(check)
        for passage in passages:
            _count(passage, unit.where, numbers, findings)
    for check in prose_checks:
        for passage in _passages(check):
            _count(passage, check.where, numbers, findings)
    coverage["numbers"] = numbers
    coverage["prose"] = _prose_coverage(document, unit_elements, prose_checks)
    return coverage


def _passages(check: Check) -> list[Passage]:
    if isinstance(check, TableCheck):
        return [check.passage] + [cell.passage for cell in check.cells()]
    return [check.passage]


def _count(passage: Passage, where: str, numbers: dict[str, int], findings: list[Finding]) -> None:
    accounting = passage.accounting()
    for how, tokens in accounting.items():
        numbers[how] += len(tokens)
        numbers["total"] += len(tokens)
    seen: dict[str, int] = {}
    for token in accounting["unbound"]:
        context = _context(passage.text, token)
        seen[context] = seen.get(context, 0) + 1
        findings.append(
            Finding(
                "error",
                "unbound",
                f"the number {token.text} is neither given, claimed nor waived",
                file=passage.file,
                line=token.line,
                column=passage.column_at(token.start, token.text),
                where=where,
                text=context,
                key=f"number-{slug(context)}" + (f"#{seen[context]}" if seen[context] > 1 else ""),
            )
        )


def _context(text: str, token: Token, margin: int = 25) -> str:
    left = max(0, token.start - margin)
    right = min(len(text), token.end + margin)
    return ("…" if left else "") + text[left:right] + ("…" if right < len(text) else "")


def _prose_coverage(document, unit_elements, prose_checks) -> dict[str, int]:
    """Numbers outside the units: how many there are, how many prose bindings account for."""
    outside = Passage.of(document.root, document.main, unit_elements)
    bound = sum(
        len(tokens)
        for check in prose_checks
        for passage in _passages(check)
        for how, tokens in passage.accounting().items()
        if how != "unbound"
    )
    return {"total": len(outside.tokens), "bound": bound}
