"""Run a book's bindings against its text: find the units, call the bindings, count coverage.

Finding (which passages must be bound), running (calling each binding with its
passage) and judging (the claims inside `Check`) stay apart, as in doctest.

Over 500 lines, for a reason: finding the units, resolving each binding to its one
element and running the bindings in dependency order are one pass over the book, whose
steps share the run's indexes (ids, titles, terms, prose).
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

from build_tools.checking.binder import Binder
from build_tools.checking.check import Check, TableCheck
from build_tools.checking.citations import resolve_citations, sentences_of
from build_tools.checking.claims import Binding, Context, StaleBinding
from build_tools.checking.counts import count_findings
from build_tools.checking.coverage import coverage_of, passages
from build_tools.checking.derived import book_language, derived_vocabulary
from build_tools.checking.notation import LANGUAGE, message_of
from build_tools.checking.passage import Passage, excerpt, last_line, read_once
from build_tools.checking.renamed import renamed_entries, renamed_finding, term_of
from build_tools.checking.rule import ImpossibleValue, Trace, tracing
from build_tools.checking.words import Vocabulary
from build_tools.diagnostics import Finding, changed_run, display_path, source_line
from build_tools.model.docbook import (
    EXAMPLES,
    SECTIONS,
    TABLES,
    normalize,
    text_of,
    title_of,
    where_of,
)
from build_tools.model.grid import group_of, lay_out
from build_tools.model.ids import id_carriers
from build_tools.model.said import closest_said, said_in
from build_tools.model.sentences import RULES, Prose, prose_of
from build_tools.reader import Document

SAID = {
    "fr": {
        "not_reached": " ; {count} nombre(s) non atteint(s)",
        "title": "le titre dit maintenant « {says} » là où la liaison {binding} nomme {kind} "
        "« {title} » (« {named} ») : trouvé par ses autres mots et vérifié",
        "near": " ; le texte près de là où il devrait être : « {text} »",
        "stale": "liaison {binding} ({location}) : le texte ne dit plus « {stale} »",
    },
    "en": {
        "not_reached": "; {count} number(s) not reached",
        "title": "the title now says « {says} » where binding {binding} names the {kind} "
        "« {title} » (« {named} »): found by its other words and checked",
        "near": "; the text near where it should be: « {text} »",
        "stale": "binding {binding} ({location}): the text no longer says « {stale} »",
    },
}
"""A binding's findings (its anchor lost, its title reworded) in the book's language."""
KINDS = {
    "fr": {
        "example": "l’exemple",
        "section": "la section",
        "table": "le tableau",
        "glossary": "l’entrée du glossaire",
        "prose": "le passage",
    },
    "en": {},
}
"""The passage a binding names, as its finding names it."""


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
    failed: bool = False  # the binding is stale, raised, or was not run
    errata: list = field(default_factory=list)
    """Every erratum of the passage as a `Spot` (its finding, where it stands), claimed or not."""

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
    read: list[tuple[Passage, str]] = field(default_factory=list)
    """Every passage the bindings read (units and prose), with its place's name."""
    cited: list[tuple[etree._Element, Any]] = field(default_factory=list)
    """Every element where the book states a rule it cites, with the rule's `Citation`."""
    vocabulary: Vocabulary | None = None
    """The book's rule words: the engine's relations, the game's terms and the derived ones."""
    lost: list[tuple[Finding, Path, int, int]] = field(default_factory=list)
    """Each binding-stale finding of a lost anchor with a closest text, and the lines of the
    source that text stands on (`fold_lost`)."""


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
    with read_once():
        return _run_bindings(document, binder, example_sections)


def _run_bindings(
    document: Document, binder: Binder | None, example_sections: str | None
) -> Outcome:
    outcome = Outcome()
    units = find_units(document, example_sections)
    unit_elements = frozenset(unit.element for unit in units)
    order = {element: index for index, element in enumerate(document.root.iter())}
    targets: list[tuple[int, Binding, etree._Element]] = []
    vocabulary = (
        derived_vocabulary(document, binder)
        if binder
        else Vocabulary(language=book_language(document))
    )
    outcome.vocabulary = vocabulary
    context = Context(vocabulary)

    targets_index = _Targets(document.root)
    resolve_citations(document, context, targets_index.prose, outcome.findings)
    named = {binding.name for binding in binder.bindings} if binder else set()
    renamed = renamed_entries(binder.bindings, targets_index.terms) if binder else {}
    for binding in binder.bindings if binder else []:
        # A parameter naming no binding at all (a typo, a binding renamed): its one finding,
        # at the binding; the binding is not run.
        strangers = [name for name in binding.needs if name != "state" and name not in named]
        if strangers:
            outcome.findings.append(
                Finding(
                    "error",
                    "binding-error",
                    f"binding {binding.name} needs {', '.join(strangers)}, which no binding is "
                    f"named (its parameters after the passage name the bindings it needs: "
                    f"{', '.join(sorted(named - {binding.name}))})",
                    file=binding.file,
                    line=binding.line,
                    key=f"{binding.name}:needs",
                )
            )  # its passage is still its own: not run, its numbers not reached, no cascade
        element = _resolve(document, binding, targets_index, outcome.findings, vocabulary, renamed)
        if element is not None:
            targets.append((order[element], binding, element))
            if "title" in binding.selector and title_of(element) != normalize(
                binding.selector["title"]
            ):
                outcome.findings.append(_retitled_finding(binding, element, document))
            if binding.name in renamed:
                where = _where_titled(element, binding)
                outcome.findings.append(renamed_finding(binding, element, document, where))
    bound: dict[etree._Element, Check] = {}
    prose_checks: list[Check] = []
    checked: set[etree._Element] = set()
    results: dict[str, Any] = {}
    failures: set[str] = {binding.name for binding in binder.bindings} if binder else set()
    failures -= {binding.name for _, binding, _ in targets}
    state = SimpleNamespace()
    for binding, element in _in_dependency_order(targets):
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
        _share(check, context, binding)
        missing = [name for name in binding.needs if name != "state" and name in failures]
        unknown = [name for name in binding.needs if name != "state" and name not in results]
        before = len(outcome.findings)
        if missing or unknown:
            failures.add(binding.name)
            ran = False
        else:
            arguments = [state if name == "state" else results[name] for name in binding.needs]
            ran, result = _run(binding, check, arguments, document, outcome.findings, outcome.lost)
            if ran:
                results[binding.name] = result
            else:
                failures.add(binding.name)
        failed = not ran or any(
            f.category in ("binding-stale", "binding-error") for f in outcome.findings[before:]
        )
        claims = check.all_claims() if isinstance(check, TableCheck) else check.claims
        read = passages(check)
        unbound = sum(len(passage.accounting()["unbound"]) for passage in read)
        if failed:
            # What a failed binding did not read is "not reached", counted, never listed.
            for passage in read:
                passage.consumed.append((0, len(passage.text), "not reached"))
            _count_in(outcome.findings[before:], unbound)
        checked.add(element)
        spots = check.all_spots() if isinstance(check, TableCheck) else check.spots
        if claims or spots or failed or unbound:
            # A passage whose numbers are only read or waived verified nothing to show.
            outcome.verifications[element] = Verification(
                check.where, claims, 0 if failed else unbound, failed, spots
            )
        if element in unit_elements:
            bound[element] = check
        else:
            prose_checks.append(check)
    if binder is not None and binder.accounts_words:
        outcome.findings += count_findings(
            _rule_bearing(document, context, [*bound.values(), *prose_checks]),
            Path(document.folder),
            vocabulary.language,
        )
    _merge_contradictions(outcome.findings)
    for citation in context.citations:
        places = context.all_places.get(id(citation)) or [context.places.get(id(citation))]
        outcome.cited += [(place.element, citation) for place in places if place is not None]
    cited: dict[int, list[str]] = {}
    for element, citation in outcome.cited:
        cited.setdefault(id(element), []).extend(sentences_of(citation))
    outcome.coverage = coverage_of(
        document,
        units,
        bound,
        prose_checks,
        unit_elements,
        outcome.findings if binder and binder.accounts_words else [],
        vocabulary,
        outcome.findings,
        cited,
    )
    outcome.coverage["rules"] = context.coverage
    outcome.read = [
        (passage, check.where)
        for check in [*bound.values(), *prose_checks]
        for passage in passages(check)
    ]
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
        return id_carriers(self.root)

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

    @property
    def prose(self) -> Prose:
        """The elements a prose binding may name, with their words (read once per book)."""
        return prose_of(self.root, RULES)


def _rule_bearing(document, context: Context, checks: list[Check]) -> list[tuple[Passage, str]]:
    """The passages the bindings read and the elements where the book states a cited rule."""
    places = [(passage, check.where) for check in checks for passage in passages(check)]
    read = {passage.element for passage, _ in places}
    stated = [*context.places.values()]
    stated += [place for found in context.all_places.values() for place in found]
    for place in stated:
        element = getattr(place, "element", None)
        if element is not None and element not in read and element.tag != "table":
            read.add(element)
            places.append((Passage.of(element, document.file_of(element)), where_of(element)))
    return places


def _merge_contradictions(findings: list[Finding]) -> None:
    """One finding per changed word or number of the book.

    Several rules citing one sentence, and a binding's claim at the same word,
    each see the change. The binding's erratum stays (its id is what a ledger
    lists) and takes the others' working and places; without one, the first
    contradiction found there does.
    """
    groups: dict[tuple, list[Finding]] = {}
    for finding in findings:
        if finding.category in ("erratum", "contradiction") and finding.line:
            groups.setdefault((str(finding.file), finding.line, finding.column), []).append(finding)
    _join_overlapping(groups)
    for group in groups.values():
        if len(group) < 2 or not any(f.category == "contradiction" for f in group):
            continue
        errata = [f for f in group if f.category == "erratum"]
        survivor = errata[0] if errata else group[0]
        for other in group:
            if other is survivor or (other.category == "erratum" and other is not survivor):
                continue
            survivor.derivation += [d for d in other.derivation if d not in survivor.derivation]
            survivor.cites += tuple(c for c in other.cites if c not in survivor.cites)
            named = {(r.get("file"), r.get("line")) for r in survivor.related}
            survivor.related += [
                r for r in other.related if (r.get("file"), r.get("line")) not in named
            ]
            findings.remove(other)


def _join_overlapping(groups: dict[tuple, list[Finding]]) -> None:
    """Join a contradiction at a word to the erratum whose words hold it (a binding's claim of
    a whole sentence, « La somme du … plus le Facteur de Finesse », and a cited rule's word
    « plus » in it; or a contradiction's « action simple » holding the erratum's « simple »):
    one changed word, one finding."""
    extents = {place: _extent(group[0]) for place, group in groups.items()}
    for place, group in list(groups.items()):
        if place not in groups or not any(f.category == "contradiction" for f in group):
            continue
        for other, others in list(groups.items()):
            if other == place or other[0] != place[0] or other not in groups:
                continue
            if not any(f.category == "erratum" for f in others):
                continue
            if _within(place[1:], extents[other]):
                # The contradiction names the word: the erratum (its id the ledger's) stands
                # there, as precise.
                for erratum in others:
                    erratum.line, erratum.column = place[1:]
                others += groups.pop(place)
                break
            if _within(other[1:], extents[place]):
                others += groups.pop(place)
                break


def _extent(finding: Finding) -> tuple[int, int, int, int]:
    """(line, column, end line, end column) of the words a finding is at: its `found` text as
    the source writes it from its place, or its first word."""
    said = finding.found if isinstance(finding.found, str) else ""
    words = said.split() or [""]
    lines = [source_line(finding.file, finding.line)[max(finding.column - 1, 0) :]]
    lines += [source_line(finding.file, finding.line + n) for n in range(1, 6)]
    source = "\n".join(lines)
    end = _held(source, words) if said else None
    if end is None:
        return finding.line, finding.column, finding.line, finding.column
    held = source[:end]
    end_line = finding.line + held.count("\n")
    tail = held.rsplit("\n", 1)[-1]
    end_column = (finding.column + len(tail)) if "\n" not in held else len(tail) + 1
    return finding.line, finding.column, end_line, end_column


def _held(source: str, words: list[str]) -> int | None:
    """Where `words` end when `source` starts with them as the source writes them, or None:
    markup may stand between two letters (« le <link …>Niveau de Compétence</link>, »),
    spaces or markup between two words, and « ' » is also « ’ »."""
    at = 0
    for number, word in enumerate(words):
        if number:  # one space or tag at least
            after = _past_markup(source, at, spaces=True)
            if after == at:
                return None
            at = after
        for index, letter in enumerate(word):
            if index:
                at = _past_markup(source, at, spaces=False)
            if at < len(source) and (source[at] == letter or (letter == "'" and source[at] == "’")):
                at += 1
            else:
                return None
    return at


def _past_markup(source: str, at: int, spaces: bool) -> int:
    """`at` moved past the tags (and, with `spaces`, the white space) that start there."""
    while at < len(source):
        if spaces and source[at].isspace():
            at += 1
        elif source[at] == "<" and (close := source.find(">", at)) >= 0:
            at = close + 1
        else:
            break
    return at


def _within(place: tuple[int, int], extent: tuple[int, int, int, int]) -> bool:
    line, column = place
    first, start, last, end = extent
    return (first, start) <= (line, column) < (last, end) or (line, column) == (first, start)


def _share(check: Check, context: Context, binding: Binding) -> None:
    """Give a check (and each cell of a table) the run's context and its binding."""
    check.context, check.binding = context, binding
    if isinstance(check, TableCheck):
        for cell in check.cells():
            cell.context, cell.binding = context, binding


def _in_dependency_order(targets):
    """Bindings in document order, each after the bindings it names as parameters."""
    ordered = sorted(targets, key=lambda target: target[0])
    by_name: dict[str, tuple] = {}
    for _, binding, element in ordered:
        by_name.setdefault(binding.name, (binding, element))
    done: set[int] = set()
    result = []

    def visit(binding, element, path=()):
        if id(binding) in done or id(binding) in path:
            return
        for name in binding.needs:
            if name in by_name:
                visit(*by_name[name], (*path, id(binding)))
        done.add(id(binding))
        result.append((binding, element))

    for _, binding, element in ordered:
        visit(binding, element)
    return result


def _count_in(findings: list[Finding], count: int) -> None:
    """Say in a failed binding's one finding how many numbers it did not reach."""
    for finding in findings:
        if finding.category in ("binding-stale", "binding-error") and count:
            finding.message += message_of(SAID, "not_reached", count=count)
            break


def _resolve(
    document: Document,
    binding: Binding,
    targets: _Targets,
    findings: list[Finding],
    vocabulary: Vocabulary,
    renamed: dict[str, etree._Element],
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
        if not candidates:
            candidates = _retitled(wanted, targets.titles, tags)
        if binding.kind == "example" and len(candidates) > 1:
            # An example titled like the section that holds it: the example is meant.
            examples = [el for el in candidates if el.tag in EXAMPLES]
            candidates = examples or candidates
    elif key == "term":
        # A glossary entry renamed to this term is another binding's (`renamed_entries`).
        taken = [entry for name, entry in renamed.items() if name != binding.name]
        candidates = [e for e in targets.terms.get(normalize(value), []) if e not in taken]
        if not candidates and binding.name in renamed:
            candidates = [renamed[binding.name]]
    else:  # contains
        wanted = normalize(value)
        # the innermost: an element none of whose descendants also contains the phrase
        candidates = targets.prose.innermost(list(dict.fromkeys(targets.prose.containing(wanted))))
        if not candidates:
            # Reworded: the paragraph that still holds the phrase's rule words and numbers.
            candidates = _reworded_prose(value, targets.prose.texts, vocabulary)
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


def _retitled(wanted: str, titles: dict, tags) -> list:
    """The one element whose title is `wanted` with one run of at most two words changed
    (« cinq » → « six » in « combat contre cinq gobelins »), its other words all kept: at
    least three, two thirds of the title (« Oren the Small » is not « Oren the Tall »)."""
    words = wanted.split()
    found = []
    for title, elements in titles.items():
        other = title.split()
        if abs(len(other) - len(words)) > 2:
            continue
        changed = changed_run(words, other)
        kept = len(words) - (changed[1] - changed[0]) if changed else 0
        if kept >= 3 and 3 * kept >= 2 * len(words):
            found += [el for el in elements if el.tag in tags]
    return found if len(found) == 1 else []


def _where_titled(element: etree._Element, binding: Binding) -> str:
    """The passage's name as its binding's title (or glossary term) writes it: its findings'
    ids keep it."""
    where = where_of(element)
    title = binding.selector.get("title")
    if title is None and element.tag == "glossentry" and "term" in binding.selector:
        title, named = binding.selector["term"], term_of(element)  # a renamed entry's term
    else:
        named = title_of(element)
    if title is None or named == normalize(title):
        return where
    return where.replace(f"« {named} »", f"« {normalize(title)} »", 1)


def _retitled_finding(binding: Binding, element: etree._Element, document) -> Finding:
    """One finding at the title's changed word: the passage is checked all the same."""
    wanted = normalize(binding.selector["title"]).split()
    title = title_of(element).split()
    start, end, other_end = changed_run(wanted, title)
    says = " ".join(title[start:other_end]) or "(rien)"
    named = " ".join(wanted[start:end]) or "(rien)"
    heading = element.find("title")
    file, line, column = document.locate(element)
    if heading is not None:
        passage = Passage.of(heading, document.file_of(heading))
        offset = len(" ".join(title[:start])) + (1 if start else 0)
        offset = min(offset, max(len(passage.text) - 1, 0))
        token = title[min(start, len(title) - 1)]
        line = passage.line_at(offset)
        column = passage.column_at(offset, token) or column
    return Finding(
        "error",
        "binding-stale",
        message_of(
            SAID,
            "title",
            says=says,
            binding=binding.name,
            kind=said_in(KINDS, LANGUAGE.get()).get(binding.kind, binding.kind),
            title=normalize(binding.selector["title"]),
            named=named,
        ),
        file=file,
        line=line,
        column=column,
        where=_where_titled(element, binding),
        text=source_line(file, line) if line else "",
        key=f"{binding.name}:title",
        related=[
            {
                "file": str(binding.file),
                "line": binding.line,
                "message": f"binding {binding.name}: {binding.describe()}",
            }
        ],
    )


def _reworded_prose(phrase: str, texts: dict, vocabulary: Vocabulary) -> list:
    from build_tools.checking.matching import align, could_hold
    from build_tools.checking.passage import TextPattern

    literals = TextPattern(phrase).literals
    best, best_score = None, 0.0
    for element, text in texts.items():
        if element.tag not in ("para", "simpara", "entry", "listitem", "glossdef"):
            continue
        if not could_hold(literals, text):
            continue
        alignment = align(literals, text, vocabulary, lambda start, end: True)
        if alignment is not None and alignment.accepted and alignment.score > best_score:
            best, best_score = element, alignment.score
    return [best] if best is not None else []


def _check_for(document, element, exclude, binding, findings) -> Check:
    file = document.file_of(element)
    # Retitled (found by its other words), its findings keep the ids its binding's title gives
    # them, which the ledger lists: the one fault is the title's word.
    where = _where_titled(element, binding)
    trace = Trace()
    if element.tag not in TABLES:
        return Check(Passage.of(element, file, exclude), where, trace, findings)
    # A table's own passage is its title; each entry is a passage of its own.
    title = element.find("title")
    title_passage = Passage.of(title, file) if title is not None else Passage(element, file, "", [])
    table = TableCheck(title_passage, where, trace, findings)
    # A cell is named by its row's first column and its column's header, read in the table's
    # grid as the page lays it out (an entry spanning rows down is the first column below it).
    layouts: dict = {}  # section -> its layout, and where each of its rows stands in it
    head_checks: dict = {}  # entry of the head -> its Check
    headers: dict[int, Check] = {}
    for row in element.iter("row"):
        section = row.getparent()
        if section not in layouts:
            rows = section.findall("row")
            layout = lay_out(rows, group_of(section.getparent()))
            layouts[section] = (layout, {row: index for index, row in enumerate(rows)})
        layout, positions = layouts[section]
        index = positions[row]
        in_head = section.tag == "thead"
        leftmost = layout.at(index, 1)
        row_label = text_of(leftmost.entry)[:30] if leftmost is not None else ""
        cells = []
        for cell in layout.cells(index):
            header = headers.get(cell.start) if not in_head else None
            column = header.text[:30] if header is not None else f"column {cell.start}"
            label = f"row « {row_label} », {column}:"
            check = Check(
                Passage.of(cell.entry, file, exclude), where, trace, findings, label=label
            )
            head_checks[cell.entry] = check
            cells.append(check)
        if in_head:
            headers = {
                column: head_checks[cell.entry]
                for column, cell in layout.covered[index].items()
                if cell.entry in head_checks
            }
        (table.head_rows if in_head else table.rows).append(cells)
    return table


def _run(
    binding: Binding,
    check: Check,
    arguments: list,
    document: Document,
    findings: list[Finding],
    lost: list,
) -> tuple[bool, Any]:
    """Call a binding; (whether it ran to its end, what it returned)."""
    with tracing(check.trace):
        try:
            return True, binding.function(check, *arguments)
        except StaleBinding as stale:
            findings.append(_stale_finding(binding, check, stale, document))
            passage = _stale_passage(check, stale)
            if isinstance(check, TableCheck) and passage is check.passage:
                # lost in no cell of its own: somewhere in the table's rows
                table = check.passage.element
                table = table if table.tag in TABLES else table.getparent()
                if table is not None and table.sourceline:
                    lost.append((findings[-1], passage.file, table.sourceline, last_line(table)))
            elif stale.near >= 0 and stale.closest and passage.lines:
                last = passage.line_at(stale.near + max(len(stale.closest) - 1, 0))
                lost.append((findings[-1], passage.file, passage.line_at(stale.near), last))
        except ImpossibleValue as impossible:
            findings.append(_impossible_finding(check, impossible))
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
    return False, None


def _stale_finding(binding: Binding, check: Check, stale: StaleBinding, document) -> Finding:
    """One finding for a lost anchor: at the closest text (or where the binding had read to)."""
    passage = _stale_passage(check, stale)
    offset = stale.near
    if offset < 0:
        # Nothing resembles the pattern: it stood after what the binding had read.
        after = re.compile(r"[\s.,;:!?)»]*").match(passage.text, check.reached)
        offset = after.end() if after else check.reached
    offset = min(max(offset, 0), max(len(passage.text) - 1, 0))
    if stale.closest:
        closest = closest_said(stale.closest, LANGUAGE.get())
    else:
        closest = message_of(SAID, "near", text=_excerpt_at(passage.text, offset))
    location = f"{display_path(binding.file)}:{binding.line}"
    if passage.lines:
        line = passage.line_at(offset)
        file = passage.file
    else:
        file, line, _ = document.locate(passage.element)
    return Finding(
        "error",
        "binding-stale",
        message_of(SAID, "stale", binding=binding.name, location=location, stale=stale) + closest,
        file=file,
        line=line,
        where=check.where,
        text=_excerpt_at(passage.text, offset),
        key=f"{binding.name}",
    )


def fold_consequences(findings: list[Finding], lost: list[tuple[Finding, Path, int, int]]) -> None:
    """One finding per fault, once the ledger is read: what follows from an erratum or
    contradiction the check reports is part of its working, not a finding of its own.

    - a binding's anchor lost at the word the finding is about (« Physique » edited to
      « Mental » in the words its pattern reads);
    - an abbreviation standing for two terms (terminology) where the rules find that very
      abbreviation wrong (« La Finesse (FD) » where the rules give FF: FD now stands for
      « finesse » and « dommages »).

    - a glossterm of the text left without its entry (glossary-missing), and a link's text
      (the entry's new term where the rules give the old one), where the entry of that term
      was renamed to another's (`renamed`): its binding's one finding.

    Only a new finding takes them: a known erratum says nothing of the edit that made them.
    """
    renamed = {
        f.expected.lower(): f
        for f in findings
        if f.category == "binding-stale" and f.key.endswith(":term") and not f.known
    }
    renamings = {(f.found.lower(), f.expected.lower()): f for f in renamed.values()}
    for finding in [f for f in findings if not f.known]:
        said = (str(finding.found).lower(), str(finding.expected).lower())
        if finding.category == "glossary-missing" and finding.key in renamed:
            renamed[finding.key].derivation.append(finding.message)
            findings.remove(finding)
        elif finding.category == "erratum" and said in renamings:
            renamings[said].derivation.append(finding.message)  # a link's text: the entry's
            findings.remove(finding)
    new = [f for f in findings if f.category in ("erratum", "contradiction") and not f.known]
    if not new:
        return
    for finding in [f for f in findings if f.category == "terminology" and not f.known]:
        spelling = finding.key.removeprefix("abbreviation-")
        if spelling != finding.key and any(f.found == spelling for f in new):
            next(f for f in new if f.found == spelling).derivation.append(finding.message)
            findings.remove(finding)
    for stale, file, first, last in lost:
        if stale not in findings:
            continue
        at = [
            finding
            for finding in new
            if finding.file is not None
            and Path(finding.file) == Path(file)
            and first <= finding.line <= last
        ]
        if at:
            at[0].derivation.append(stale.message)
            findings.remove(stale)


def _stale_passage(check: Check, stale: StaleBinding) -> Passage:
    """The passage (a table's cell, or the check's own) whose pattern was lost."""
    if isinstance(check, TableCheck):
        for cell in check.cells():
            if stale.near >= 0 and stale.closest and stale.closest in cell.passage.text:
                return cell.passage
    return check.passage


def _impossible_finding(check: Check, impossible: ImpossibleValue) -> Finding:
    """An impossible value is an erratum at the number the text reads (its last reading)."""
    cells = check.cells() if isinstance(check, TableCheck) else []
    place = None
    for candidate in [check, *cells]:
        for value, offset, text in candidate.read:
            if value == impossible.shown:
                place = (candidate, offset, text)
    candidate, offset, text = place or (check, check.reached, str(impossible.shown))
    passage = candidate.passage
    finding = Finding(
        "error",
        "erratum",
        check.said("impossible", found=check.number(impossible.shown), why=impossible),
        file=passage.file,
        line=passage.line_at(offset),
        column=passage.column_at(offset, text),
        where=check.where,
        text=_excerpt_at(passage.text, offset),
        key=f"impossible {text}",
        expected=impossible.possible,
        found=impossible.shown,
        derivation=[str(step) for step in check.trace.since(check.trace.mark)] + [str(impossible)],
    )
    if place is not None:
        candidate.place(finding, (offset, offset + len(text)), check.trace.since(check.trace.mark))
    return finding


def _excerpt_at(text: str, offset: int, margin: int = 40) -> str:
    return excerpt(text, offset, offset, margin)


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
