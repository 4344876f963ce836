"""How much of a book its bindings account for: units bound, numbers and rule words read.

Every example, table and glossary value must be bound; every number of a bound
passage given, claimed or waived, and every rule word claimed or waived; what
is neither is an `unbound` finding at its place. Prose outside the units is
counted too (how many of its numbers prose bindings account for).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from build_tools.checking.check import Check, TableCheck
from build_tools.checking.counts import checked_counts, classes_of, in_names
from build_tools.checking.passage import COUNT, Passage, Token
from build_tools.checking.words import RELATIONS
from build_tools.diagnostics import Finding, display_path, slug
from build_tools.model.docbook import normalize
from build_tools.model.numbers import NUMBER_WORDS, number_value
from build_tools.model.said import said_in

UNIT_KINDS = ("examples", "tables", "glossary")
TALLY = ("total", "given", "claimed", "waived", "unbound", "not reached")


SAID = {
    "en": {
        "unit": "no binding checks this {noun}",
        "number": "the number {text} is neither given, claimed nor waived",
        "word": "the rule word « {text} » ({family}) is neither claimed nor waived",
        "count": "the count « {text} » is neither given, claimed nor waived",
    },
    "fr": {
        "unit": "aucune liaison ne vérifie {noun}",
        "number": "le nombre {text} n'est ni donné, ni réclamé, ni écarté",
        "word": "le mot de règle « {text} » ({family}) n'est ni réclamé, ni écarté",
        "count": "le nombre en lettres « {text} » n'est ni donné, ni réclamé, ni écarté",
    },
}
"""The unbound findings' messages, in the book's language (`said_in`)."""

UNITS = {
    "en": {"examples": "example", "tables": "table", "glossary": "glossary value"},
    "fr": {
        "examples": "cet exemple",
        "tables": "ce tableau",
        "glossary": "cette valeur du glossaire",
    },
}
"""A unit no binding checks, as its finding names it (English: « this example »)."""


def coverage_of(
    document,
    units,
    bound,
    prose_checks,
    unit_elements,
    word_findings,
    vocabulary,
    findings,
    cited: dict[int, list[str]] | None = None,
) -> dict[str, Any]:
    """Units bound by kind, numbers and rule words by how they were read, prose numbers bound;
    `cited`, the sentences a rule cites in each element (by its id): their count words are
    claimed, the citation holds them to the rule."""
    coverage: dict[str, Any] = {kind: {"total": 0, "bound": 0} for kind in UNIT_KINDS}
    numbers = dict.fromkeys(TALLY, 0)
    words = dict.fromkeys(TALLY, 0)
    kinds = {
        "terms": dict.fromkeys(TALLY, 0),
        "relations": dict.fromkeys(TALLY, 0),
        "counts": dict.fromkeys(TALLY, 0),
    }
    classes = classes_of(Path(document.folder))  # the game's classes, once for every passage
    waivers: list[dict[str, Any]] = []
    for unit in units:
        coverage[unit.kind]["total"] += 1
        check = bound.get(unit.element)
        if check is None:
            file, line, column = document.locate(unit.element)
            noun = UNITS["en"][unit.kind]  # the id's words: English, whatever the book's
            findings.append(
                Finding(
                    "error",
                    "unbound",
                    said_in(SAID, vocabulary.language)["unit"].format(
                        noun=said_in(UNITS, vocabulary.language)[unit.kind]
                    ),
                    file=file,
                    line=line,
                    column=column,
                    where=unit.where,
                    key=f"unbound-{noun}",
                )
            )
            read = [
                Passage.of(
                    unit.element, document.file_of(unit.element), unit_elements - {unit.element}
                )
            ]
        else:
            coverage[unit.kind]["bound"] += 1
            read = passages(check)
            for passage in read:
                _count_words(passage, unit.where, vocabulary, words, word_findings, kinds)
                _count_counts(
                    passage, unit.where, vocabulary, classes, words, kinds, word_findings, cited
                )
                waivers += _waivers(passage, unit.where)
        for passage in read:
            _count(passage, unit.where, numbers, findings, vocabulary.language)
    for check in prose_checks:
        for passage in passages(check):
            _count(passage, check.where, numbers, findings, vocabulary.language)
            _count_words(passage, check.where, vocabulary, words, word_findings, kinds)
            _count_counts(
                passage, check.where, vocabulary, classes, words, kinds, word_findings, cited
            )
            waivers += _waivers(passage, check.where)
    coverage["numbers"] = numbers
    coverage["words"] = words
    coverage.update(kinds)
    coverage["waivers"] = waivers
    coverage["prose"] = _prose_coverage(document, unit_elements, prose_checks)
    return coverage


def passages(check: Check) -> list[Passage]:
    """The passages a check read: its own, and a table's cells."""
    if isinstance(check, TableCheck):
        return [check.passage] + [cell.passage for cell in check.cells()]
    return [check.passage]


def _tally(passage: Passage, accounting: dict, tally: dict[str, int], findings, unbound) -> None:
    """Add `accounting` (how each token was read) to `tally`; a finding for each unbound one,
    made by `unbound(token, context, repeat)` (repeat: how many times that context came)."""
    for how, tokens in accounting.items():
        tally[how] += len(tokens)
        tally["total"] += len(tokens)
    seen: dict[str, int] = {}
    for token in accounting["unbound"]:
        context = _context(passage.text, token)
        seen[context] = seen.get(context, 0) + 1
        findings.append(unbound(token, context, seen[context]))


def _count(passage: Passage, where: str, numbers: dict, findings: list, language: str) -> None:
    """The numbers of a passage: given, claimed, waived, or an unbound-number finding."""

    def unbound(token, context, repeat) -> Finding:
        return Finding(
            "error",
            "unbound",
            said_in(SAID, language)["number"].format(text=token.text),
            file=passage.file,
            line=token.line,
            column=passage.column_at(token.start, token.text),
            where=where,
            text=context,
            key=f"number-{slug(context)}" + (f"#{repeat}" if repeat > 1 else ""),
        )

    accounting = passage.accounting()
    _claimed_where_stated(passage, accounting, findings, lambda token: token.text)
    _tally(passage, accounting, numbers, findings, unbound)


def _claimed_where_stated(passage, accounting, findings, first_word) -> None:
    """A number or rule word the check already found contradicting the rules is claimed by
    that finding: no second finding at the same word (« dépasser » for « atteindre » in a cited
    sentence, the 8 of « ±d8° » where the rules give ±d10°)."""
    if not accounting["unbound"]:
        return
    stated = {
        (str(finding.file), finding.line, finding.column)
        for finding in findings
        if finding.category in ("erratum", "contradiction")
    }
    if not stated:
        return
    for token in list(accounting["unbound"]):
        column = passage.column_at(token.start, first_word(token))
        if (str(passage.file), passage.line_at(token.start), column) in stated:
            accounting["unbound"].remove(token)
            accounting["claimed"].append(token)


def _count_words(passage, where, vocabulary, words, findings, kinds) -> None:
    """The rule words of a bound passage: claimed, waived, or an unbound-word finding;
    tallied in all (`words`) and apart for the game's terms and the relation words (`kinds`)."""

    def unbound(word, context, repeat) -> Finding:
        return Finding(
            "error",
            "unbound",
            said_in(SAID, vocabulary.language)["word"].format(text=word.text, family=word.family),
            file=passage.file,
            line=passage.line_at(word.start),
            column=passage.column_at(word.start, word.text.split(" ")[0]),
            where=where,
            text=context,
            key=f"word {word.lemma} {context}"[:60] + (f" #{repeat}" if repeat > 1 else ""),
        )

    accounting = passage.word_accounting(vocabulary)
    _claimed_where_stated(passage, accounting, findings, lambda word: word.text.split(" ")[0])
    _tally(passage, accounting, words, findings, unbound)
    relations = RELATIONS.get(vocabulary.language, {})
    for how, found in accounting.items():
        for word in found:
            if word.family in COUNT_FAMILIES:
                tally = kinds["counts"]  # « moitié », « double »: a number in words
            else:
                tally = kinds["relations" if word.family in relations else "terms"]
            tally[how] += 1
            tally["total"] += 1


COUNT_FAMILIES = ("fraction",)
"""The relation words that are numbers in words (« moitié », « double », « tiers »): counted
with the counts."""


def _count_counts(passage, where, vocabulary, classes, words, kinds, findings, cited) -> None:
    """The numbers a bound passage writes in words (« deux », « trois fois »): given or claimed
    by a binding's pattern, claimed by the check of what they count (`counts`), waived with a
    reason, or an unbound finding at the word; tallied with the rule words (`words`) and apart
    with the fractions (`kinds`)."""
    language = vocabulary.language
    found = [match for match in COUNT.finditer(passage.text) if match.group()[0].isalpha()]
    if not found:
        return
    names = in_names(passage.text, language)
    taken = [(word.start, word.end) for word in vocabulary.find(passage.text)]
    checked = checked_counts(passage, classes, language)
    stated = None  # where the cited sentences stand: looked for at the first unbound count word
    seen: dict[str, int] = {}
    for match in found:
        start, end = match.span()
        if any(a <= start < b for a, b in (*passage.generated, *names, *taken)):
            continue
        how = _how_counted(passage, start, end, checked)
        if how == "unbound":
            if stated is None:
                stated = _cited_spans(passage, (cited or {}).get(id(passage.element), []))
            if any(low <= start and end <= high for low, high in stated):
                how = "claimed"  # in a sentence a rule cites: the citation holds it to the rule
        for tally in (words, kinds["counts"]):
            tally[how] += 1
            tally["total"] += 1
        if how == "unbound":
            token = Token(start, end, match.group(), passage.line_at(start))
            context = _context(passage.text, token)
            seen[context] = seen.get(context, 0) + 1
            findings.append(
                Finding(
                    "error",
                    "unbound",
                    said_in(SAID, language)["count"].format(text=token.text),
                    file=passage.file,
                    line=token.line,
                    column=passage.column_at(start, token.text),
                    where=where,
                    text=context,
                    key=f"count-{slug(context)}"
                    + (f"#{seen[context]}" if seen[context] > 1 else ""),
                )
            )


def _cited_spans(passage, sentences: list[str]) -> list[tuple[int, int]]:
    """Where the sentences a rule cites stand in the passage's text, as written but for a
    number in digits or in words (« 3 » for « trois ») and the apostrophe's form."""
    spans = []
    for sentence in sentences:
        found = _as_cited(normalize(sentence)).search(passage.text)
        if found:
            spans.append(found.span())
    return spans


@functools.lru_cache(maxsize=1024)
def _as_cited(sentence: str) -> re.Pattern:
    pieces, position = [], 0
    for number in COUNT.finditer(sentence):
        pieces.append(re.escape(sentence[position : number.start()]))
        value = number_value(number.group())
        forms = {number.group(), str(value)} | {w for w, v in NUMBER_WORDS.items() if v == value}
        pieces.append("(?:" + "|".join(map(re.escape, sorted(forms, key=len, reverse=True))) + ")")
        position = number.end()
    pieces.append(re.escape(sentence[position:]))
    return re.compile("".join(pieces).replace("'", "['’]"), re.IGNORECASE)


def _how_counted(passage, start: int, end: int, checked) -> str:
    """How a number in words of a passage was read: given, claimed, waived, not reached or
    unbound, as a number or a rule word is."""
    for low, high, kind in passage.consumed:
        if low <= start and end <= high and kind != "not reached":
            return kind
    for low, high, kind in passage.anchors:
        if low <= start and end <= high:
            return "waived" if kind == "waived" else "claimed"
    if (start, end) in checked:
        return "claimed"
    if any(low <= start < high for low, high in (*passage.word_waivers, *passage.labels)):
        return "waived"
    if passage.read_whole:
        return "given"
    if any(kind == "not reached" for _, _, kind in passage.consumed):
        return "not reached"
    return "unbound"


def _waivers(passage: Passage, where: str) -> list[dict[str, Any]]:
    """What a binding waived in a passage, with its reason, for --format json."""
    if not passage.waivers:
        return []
    file = str(display_path(Path(passage.file)))
    return [
        {
            "where": where,
            "file": file,
            "line": passage.line_at(start),
            "text": passage.text[start:end],
            "reason": reason,
        }
        for start, end, reason in passage.waivers
    ]


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
        for passage in passages(check)
        for how, tokens in passage.accounting().items()
        if how != "unbound"
    )
    return {"total": len(outside.tokens), "bound": bound}
