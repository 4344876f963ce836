"""The sentences of the book that the rules cite: found, verified, and counted.

Every `@rule` and `constant` of a game's rules module cites the words of the
sentence of the book that states it. Before the bindings run, each cited
sentence is looked for in the book: found as written, its place is what the
working of a finding names; found reworded with a rule word or a number
changed, the book now contradicts its rules module (one finding at the changed
word, naming the rule); not found at all, the module states a rule the book
never does (one finding at the rule).
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction
from pathlib import Path

from build_tools.checking.claims import Context, Place, citing, claim_id
from build_tools.checking.matching import CLOSE_ENOUGH, align, could_hold
from build_tools.checking.notation import LANGUAGE
from build_tools.checking.passage import COUNT, Passage, TextPattern
from build_tools.checking.rule import CITATIONS, Citation
from build_tools.diagnostics import Finding, display_path, slug
from build_tools.model.docbook import as_read, normalize, title_of
from build_tools.model.numbers import number_value
from build_tools.model.said import closest_said, role_said, said_in
from build_tools.model.sentences import CITED, Prose
from build_tools.resources import module_inside

SAID = {
    "fr": {
        "unstated": "la règle « {statement} » cite une phrase que le livre ne contient pas : "
        "« {sentence} »",
        "now_says": "le livre dit maintenant « {says} » là où sa règle « {statement} » "
        "dit « {said} »",
        "states": "le livre énonce la règle : {text}",
        "module_says": "le module des règles dit {value} là où la phrase qu’il cite dit {numbers}",
    },
    "en": {
        "unstated": "the rule {rule!r} cites a sentence the book does not hold: « {sentence} »",
        "now_says": "the book now says « {says} » where its rule {rule!r} says « {said} »",
        "states": "the book states the rule: {text}",
        "module_says": "the rules module says {value} where the sentence it cites says {numbers}",
    },
}
"""A cited sentence's findings in the book's language: a French book names a rule by its
statement, never by its Python name."""


def resolve_citations(document, context: Context, prose: Prose, findings: list[Finding]) -> None:
    """Find the sentence each rule of the book's game cites; report those the book contradicts."""
    folder = Path(document.folder).resolve()
    chosen: dict[tuple[str, int], Citation] = {}
    ours: dict[str, bool] = {}  # every game the process imported registered its citations
    for citation in CITATIONS:
        if citation.file not in ours:
            ours[citation.file] = module_inside(citation.file, folder)
        if ours[citation.file]:
            chosen[(citation.file, citation.line)] = citation  # the last reading of a module
    context.citations = list(chosen.values())
    for citation in context.citations:
        if not citation.name:  # a constant: its name is the one assigned on its line
            for line, end, name in _declarations(citation.file):
                if line <= citation.line <= end:
                    citation.name = name
    texts = prose.texts
    tables: dict[str, object] = {}
    for element in document.root.iter("table", "informaltable"):
        tables.setdefault(title_of(element), element)
    stated = 0
    for citation in context.citations:
        sentences = sentences_of(citation)
        if not sentences:
            continue
        exact: list[Place] = []
        reworded = []
        for sentence in sentences:
            place = _find_exactly(document, sentence, prose, tables)
            if place is None:
                reworded.append(sentence)
            else:
                exact.append(place)
        if exact:
            context.places[id(citation)] = exact[0]
            context.all_places[id(citation)] = exact
            citation.book_place = exact[0]
            _check_value(citation, sentences, exact[0], findings)
        context.sentence_words[id(citation)] = " ".join(sentences)
        found = bool(exact)
        for sentence in reworded:
            stands = _reworded(document, context, citation, sentence, texts, findings, exact)
            found = found or stands
        stated += found
    rules, uncited = _uncited(context.citations)
    context.coverage = {
        "total": len(rules),
        "citing": len(rules) - len(uncited),
        "stated": stated,
        "uncited": [f"{display_path(Path(file))}:{line}" for file, line, _ in uncited],
    }


def sentences_of(citation: Citation) -> list[str]:
    """The sentences a rule cites: one, or several places where the book states it."""
    if not citation.cites:
        return []
    return [citation.cites] if isinstance(citation.cites, str) else list(citation.cites)


TABLE = re.compile(r"^table (?:« (.+) »|“(.+)”)$")
"""A rule stated by a whole table cites it by its title: « table « les difficultés » »."""


def _find_exactly(document, sentence: str, prose: Prose, tables: dict) -> Place | None:
    wanted = normalize(sentence)
    table = TABLE.match(wanted)
    if table:
        element = tables.get(normalize(table.group(1) or table.group(2)))
        if element is None:
            return None
        file, line, _ = document.locate(element)
        return Place(file, line, 0, f"« {table.group(1)} »", "table", element=element)
    innermost = prose.innermost(prose.containing(wanted), CITED)
    if not innermost:
        return None
    element = innermost[0]

    def line() -> int:
        passage = Passage.of(element, document.file_of(element))
        return passage.line_at(max(passage.text.find(wanted), 0))

    words = _short(as_read(element, wanted))
    return Place(document.file_of(element), 0, 0, f"« {words} »", "rule", line, element=element)


def _reworded(document, context, citation, sentence, texts, findings, others) -> bool:
    """The cited sentence, reworded: a finding for each rule word or number it changed.

    The finding's other places are the rule itself and the other sentences
    where the book states the rule as the rule says it (`others`).
    """
    literals = TextPattern(sentence).literals
    # the cheap test before aligning also asks for the cited prose words alone: a rule word said
    # otherwise (« retiré » for « ajouté ») is what the alignment is there to find
    prose_words = [_without_rule_words(literal, context.vocabulary) for literal in literals]
    words = said_in(SAID, LANGUAGE.get())
    best = None
    for element, text in texts.items():
        if element.tag not in CITED:
            continue
        if not could_hold(literals, text) and not could_hold(prose_words, text):
            continue
        alignment = align(literals, text, context.vocabulary, lambda start, end: True)
        if alignment is None:
            continue
        # A sentence the book words alike elsewhere (« … faire 10 », « … faire 20 »): the
        # one whose numbers and rule words still agree is the cited one, reworded; else the
        # one that differs least (one word edited, not a sentence that says two others).
        changed = {theirs.start for _, theirs in alignment.contradictions}
        changed |= {offset for *_, offset in _changed_numbers(sentence, text, alignment)}
        # a number the cited words do not hold, right after the words aligned, is a change too
        # (« ajouté au °R + 5. Une » for « ajouté au °R. Cette »: the rule beside it, not this
        # one said with another word)
        extra = bool(_NUMBER_AFTER.match(text, alignment.span[1]))
        rank = (alignment.accepted, -len(changed) - extra, alignment.score)
        if best is None or rank > best[3]:
            best = (element, alignment, text, rank)
    rule_place = Place(Path(citation.file), citation.line, 0, citation.statement, "rule")
    if TABLE.match(normalize(sentence)):
        best = None  # a table is cited by its title, found or not
    if best is None or not best[1].accepted:
        closest = ""
        if best is not None and best[1].score >= CLOSE_ENOUGH:
            start, end = best[1].span
            closest = closest_said(_short(best[2][start:end]), LANGUAGE.get())
        findings.append(
            Finding(
                "error",
                "rule-unstated",
                words["unstated"].format(
                    rule=citation.name or citation.statement,
                    statement=_short(citation.statement, 60),
                    sentence=_short(sentence),
                )
                + closest,
                file=Path(citation.file),
                line=citation.line,
                key=citation.name or slug(sentence),
            )
        )
        return False
    element, alignment, text, _ = best
    passage = Passage.of(element, document.file_of(element))
    # Offsets of the passage as a reader sees it (cross-references read as their words).
    aligned = align(literals, passage.text, context.vocabulary, lambda start, end: True)
    if aligned is not None and aligned.accepted:
        alignment, text = aligned, passage.text
    start, end = alignment.span
    if id(citation) not in context.places:
        context.places[id(citation)] = Place(
            passage.file,
            passage.line_at(start),
            0,
            f"« {_short(text[start:end])} »",
            "rule",
            element=element,
        )
        citation.book_place = context.places[id(citation)]
    changes = [(mine.text, theirs.text, theirs.start) for mine, theirs in alignment.contradictions]
    seen = {offset for _, _, offset in changes}
    changes += [c for c in _changed_numbers(sentence, text, alignment) if c[2] not in seen]
    for said, says, offset in changes:
        findings.append(
            Finding(
                "error",
                "contradiction",
                words["now_says"].format(
                    says=says,
                    rule=citation.name or citation.statement,
                    statement=_short(citation.statement, 60),
                    said=said,
                ),
                file=passage.file,
                line=passage.line_at(offset),
                column=passage.column_at(offset, says.split(" ")[0]),
                where=_where(element),
                text=_short(text[start:end], 120),
                key=f"{citation.name or 'rule'} {said}",
                id=claim_id("contradiction", _where(element), f"{citation.name} {said}"),
                expected=said,
                found=says,
                derivation=[f"{citation.statement}    {cites(sentence)}"],
                cites=(sentence,),
                related=[
                    {
                        "file": str(place.file),
                        "line": place.line,
                        "message": words["states"].format(text=place.text),
                    }
                    for place in others
                ]
                + [
                    {
                        "file": str(rule_place.file),
                        "line": rule_place.line,
                        "message": role_said("rule", citation.statement, LANGUAGE.get()),
                    }
                ],
            )
        )
    return True


def cites(sentence: str) -> str:
    """How a contradiction's working names the sentence its rule cites: « [cites « … »] »."""
    return citing(f"« {_short(sentence)} »")


def _check_value(citation: Citation, sentences: list[str], place: Place, findings) -> None:
    """A constant whose value is none of the numbers of the sentence it cites: the module
    and the book disagree (one finding at the rule, naming the sentence)."""
    said = said_in(SAID, LANGUAGE.get())
    values = citation.value if isinstance(citation.value, (tuple, list)) else [citation.value]
    values = [
        value
        for value in values
        if isinstance(value, (int, Fraction)) and not isinstance(value, bool)
    ]
    if not values:
        return
    numbers = [
        number_value(number)
        for sentence in sentences
        for number in re.findall(r"[+\-−]?\d+(?:[.,]\d+)?", sentence)
    ]
    # each whole number of the constant (a range's two bounds) must be one of the sentence's
    strangers = [value for value in values if value not in numbers and -value not in numbers]
    if not numbers or not strangers:
        return
    value = strangers[0]
    findings.append(
        Finding(
            "error",
            "contradiction",
            said["module_says"].format(
                value=value, numbers=", ".join(str(number) for number in numbers)
            ),
            file=Path(citation.file),
            line=citation.line,
            key=f"{citation.name} {value}",
            expected=numbers[0],
            found=value,
            derivation=[f"{citation.name} = {value}    {citing(place.text)}"],
            related=[
                {
                    "file": str(place.file),
                    "line": place.line,
                    "message": said["states"].format(text=place.text),
                }
            ],
        )
    )


def _without_rule_words(text: str, vocabulary) -> str:
    for word in reversed(vocabulary.find(text)):
        text = text[: word.start] + " " + text[word.end :]
    return text


_NUMBER_AFTER = re.compile(r"\s*[+\-−×/]?\s*\d")


def _changed_numbers(cited: str, text: str, alignment) -> list[tuple[str, str, int]]:
    numbers = COUNT.findall(cited)  # « deux » for « 2 » is the same number
    start, end = alignment.span
    found = list(COUNT.finditer(text[start:end]))
    changes = []
    for said, match in zip(numbers, found, strict=False):
        if number_value(said) != number_value(match.group()):
            changes.append((said, match.group(), start + match.start()))
    return changes


def _uncited(citations: list[Citation]) -> tuple[list, list]:
    """The rules and constants of the game's rules modules, and those that cite nothing."""
    cited_lines: dict[str, set[int]] = {}
    for citation in citations:
        if citation.cites:
            cited_lines.setdefault(citation.file, set()).add(citation.line)
    files = sorted({citation.file for citation in citations})
    rules, uncited = [], []
    for file in files:
        for line, end, name in _declarations(file):
            rules.append((file, line, name))
            if not any(line <= cited <= end for cited in cited_lines.get(file, ())):
                uncited.append((file, line, name))
    return rules, uncited


_CONSTANT = re.compile(r"^([A-Z][A-Z0-9_]+)\s*(?::[^=\n]+)?=(?!=)")
_RULE = re.compile(r"^@rule\b")
_DEF = re.compile(r"^def (\w+)")
_TOP_LEVEL = re.compile(r"^[^\s#)\]}\"']")


@functools.lru_cache(maxsize=64)
def _declarations(file: str) -> tuple[tuple[int, int, str], ...]:
    """The module-level constants (UPPER_CASE) and @rule functions of a rules module.

    Read line by line (not with `ast`, which cost more than the whole check of a book):
    a declaration runs to the next line that starts a top-level statement.
    """
    try:
        lines = Path(file).read_text(encoding="utf-8").split("\n")
    except OSError:
        return ()
    starts = [number for number, line in enumerate(lines, start=1) if _TOP_LEVEL.match(line)]
    found = []
    pending_rule = 0
    for position, number in enumerate(starts):
        line = lines[number - 1]
        following = starts[position + 1] - 1 if position + 1 < len(starts) else len(lines)
        constant = _CONSTANT.match(line)
        if constant:
            found.append((number, following, constant.group(1)))
        elif _RULE.match(line):
            pending_rule = pending_rule or number
        elif line.startswith("@"):
            continue
        else:
            definition = _DEF.match(line)
            if pending_rule and definition:
                found.append((pending_rule, number, definition.group(1)))
            pending_rule = 0
    return tuple(found)


def _where(element) -> str:
    from build_tools.model.docbook import where_of

    return where_of(element)


def _short(text: str, length: int = 80) -> str:
    """`text`, or its first words up to `length` characters and « … » (never half a word)."""
    if len(text) <= length:
        return text
    cut = text[: length - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > length // 2 else cut).rstrip(" ,;:") + " …"
