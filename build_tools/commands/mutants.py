"""Mutation testing of a book's bindings: change one rule-bearing word, check, see who notices.

Each mutant is one edit a proofreader would fear (a number ±1, a die for another,
a count word for its neighbour, a relation word for its opposite, a term for a
rival of its class) or one a rewording author makes (digits in words, typography,
a synonym, an aside), made on a copy of the book and checked there. A killed
mutant is a rule the bindings protect; a survivor is one they do not; a rewording
must stay silent. See docs/words.md.

Over 500 lines, for a reason: every kind of mutant (numbers, dice, counts, relations,
terms, rewordings) is made and judged beside the others, so that a kind's edit and its
verdict read together.
"""

from __future__ import annotations

import argparse
import bisect
import json
import multiprocessing
import os
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path

from build_tools.books import Book, load_game, select, source_root
from build_tools.checking.citations import sentences_of
from build_tools.checking.counts import in_names
from build_tools.checking.passage import Passage
from build_tools.checking.words import RELATIONS
from build_tools.commands.parsing import EXIT_FINDINGS, EXIT_OK, add_jobs, positive, verbosity
from build_tools.model.docbook import normalize

KINDS = ("number", "die", "count", "relation", "term")
"""The kinds of rule-bearing token a mutant changes; `rewording` mutants change no rule."""

DIE = re.compile(r"(?<![\w])(?P<count>\d+)?(?P<sign>±)?d(?P<faces>\d+)(?![\d])")
FACES = (4, 6, 8, 10, 12, 20, 100)

COUNTS = {
    "fr": [
        "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
        "douze", "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit",
        "dix-neuf", "vingt", "trente", "quarante", "cinquante", "soixante", "cent", "mille",
    ]
}  # fmt: skip
"""Numbers written in words, in order (« un », « une » are mostly the article: not counted)."""

FRACTIONS = {"fr": {"double": "triple", "triple": "double", "moitié": "tiers", "tiers": "quart",
                    "quart": "tiers", "demi": "quart"}}  # fmt: skip
"""A count of the « fraction » family and the neighbour a mutant writes for it."""

DIGITS_IN_WORDS = {"fr": dict(enumerate(["zéro", "un", *COUNTS["fr"][:19]]))}
"""The words a rewording mutant writes for the digits 0 to 20."""

OPPOSITES = {
    "fr": {
        "whole": {
            "dépasse": "atteint", "dépassent": "atteignent", "dépasser": "atteindre",
            "dépassé": "atteint", "atteint": "dépasse", "atteignent": "dépassent",
            "atteindre": "dépasser", "atteinte": "dépassée", "enlève": "ajoute",
            "enlever": "ajouter", "soustrait": "ajoute", "soustraire": "ajouter",
            "additionne": "retranche", "additionner": "retrancher", "égaux": "supérieurs",
            "arrondi au plus proche": "arrondi à l'inférieur",
        },
        "roots": [
            ("inférieur", "supérieur"), ("supérieur", "inférieur"), ("au-dessus", "au-dessous"),
            ("au-dessous", "au-dessus"), ("en dessous", "au-dessus"), ("au moins", "au plus"),
            ("au plus", "au moins"), ("minimum", "maximum"), ("maximum", "minimum"),
            ("moins", "plus"), ("plus haut", "plus bas"), ("plus bas", "plus haut"),
            ("élevé", "faible"), ("faible", "élevé"), ("grand", "petit"), ("petit", "grand"),
            ("plus", "moins"), ("égal", "supérieur"), ("ajout", "retir"), ("retir", "ajout"),
            ("multipli", "divis"), ("divis", "multipli"), ("défaut", "excès"),
            ("excès", "défaut"), ("avant", "après"), ("après", "avant"),
            ("devant", "derrière"), ("derrière", "devant"), ("en tête", "en queue"),
            ("en queue", "en tête"),
        ],
    }
}  # fmt: skip
"""How a relation word is turned into its opposite: whole words first, else a root."""

SYNONYMS = {"fr": {"lorsque": "quand", "quand": "lorsque", "donc": "ainsi", "ainsi": "donc",
                   "également": "aussi"}}  # fmt: skip
ASIDE = {"fr": " (rappelons-le)"}


@dataclass
class Mutant:
    """One edit of a book's source, and what the check of the edited copy said."""

    kind: str
    file: str
    """The source file, relative to the book's folder."""
    line: int
    column: int
    offset: int
    before: str
    after: str
    waived: str = ""
    """The reason a binding gave for waiving the token, when it did."""
    verdict: str = ""
    """killed, survived or equivalent; silent or loud for a rewording; « not run »."""
    finding: str = ""
    """The first new finding of a killed or loud mutant, as `file:line:col: message`."""
    findings: int = 0


# -- finding the mutants ------------------------------------------------------------------


def mutants_of(report) -> list[Mutant]:
    """Every mutant of the rule-bearing tokens of a checked book (`examine`'s `Report`)."""
    outcome, document = report.outcome, report.document
    if outcome is None:
        return []
    vocabulary = outcome.vocabulary
    language = vocabulary.language
    sources = _Sources(report.book.folder)
    sites: list[tuple[Passage, int, int]] = [
        (passage, 0, len(passage.text)) for passage, _ in outcome.read
    ]
    for element, citation in outcome.cited:
        passage = Passage.of(element, document.file_of(element))
        for sentence in sentences_of(citation):
            start = passage.text.find(normalize(sentence))
            if start >= 0:
                sites.append((passage, start, start + len(normalize(sentence))))
    found: dict[tuple, Mutant] = {}
    for passage, low, high in sites:
        for kind, start, end, text, rivals in _tokens(passage, low, high, vocabulary):
            if any(a <= start < b for a, b in passage.generated):
                continue
            place = sources.locate(passage, start, text)
            if place is None:
                continue
            waived = _reason(passage, start, end)
            for after in rivals:
                mutant = Mutant(kind, *place, after=after, waived=waived)
                found.setdefault((mutant.file, mutant.offset, mutant.after), mutant)
        for mutant in _rewordings(passage, low, high, sources, language):
            found.setdefault((mutant.file, mutant.offset, mutant.after), mutant)
    return sorted(found.values(), key=lambda m: (KINDS + ("rewording",)).index(m.kind))


def _tokens(passage: Passage, low: int, high: int, vocabulary):
    """(kind, start, end, text, the texts a mutant writes instead) of each token in the span."""
    text = passage.text
    language = vocabulary.language
    dice = [match for match in DIE.finditer(text, low, high)]
    for match in dice:
        yield "die", match.start(), match.end(), match.group(), [_other_die(match)]
    in_die = [(match.start(), match.end()) for match in dice]
    for token in passage.tokens:
        if low <= token.start < high and not any(a <= token.start < b for a, b in in_die):
            yield "number", token.start, token.end, token.text, _other_numbers(token.text)
    words = [word for word in vocabulary.find(text) if low <= word.start < high]
    relations = RELATIONS.get(language, {})
    for word in words:
        if word.family == "fraction":
            neighbour = FRACTIONS[language].get(word.text.lower().rstrip("s"))
            if neighbour:
                yield "count", word.start, word.end, word.text, [_cased(neighbour, word.text)]
        elif word.family in relations:
            opposite = _opposite(word.text, language)
            if opposite:
                yield "relation", word.start, word.end, word.text, [opposite]
        else:
            rival = _rival(vocabulary, word)
            if rival:
                yield "term", word.start, word.end, word.text, [rival]
    taken = [(word.start, word.end) for word in words] + in_names(text, language)
    counts = COUNTS.get(language, [])
    pattern = re.compile(
        r"(?i)(?<![\w-])(?:" + "|".join(sorted(counts, key=len)[::-1]) + r")(?![\w-])"
    )
    for match in pattern.finditer(text, low, high):
        if any(a <= match.start() < b for a, b in taken):
            continue
        index = counts.index(match.group().lower())
        neighbour = counts[index + 1] if index + 1 < len(counts) else counts[index - 1]
        yield "count", match.start(), match.end(), match.group(), [_cased(neighbour, match.group())]


def _other_numbers(text: str) -> list[str]:
    """A number ±1 and a far one, written as the book writes it (« 1,5 » → « 2,5 »)."""
    whole, _, decimals = text.partition(",") if "," in text else text.partition(".")
    separator = "," if "," in text else "."
    value = int(whole)
    values = [value + 1, value - 1, value * 10 + 7] if value > 0 else [value + 1, value + 10]
    return [str(v) + (separator + decimals if decimals else "") for v in values]


def _other_die(match: re.Match) -> str:
    faces = int(match.group("faces"))
    if match.group("count"):
        return f"{int(match.group('count')) + 1}d{faces}"
    smaller = [f for f in FACES if f < faces]
    other = smaller[-1] if smaller else next(f for f in FACES if f > faces)
    return f"{match.group('sign') or ''}d{other}"


def _opposite(text: str, language: str) -> str | None:
    table = OPPOSITES.get(language)
    if not table:
        return None
    lowered = text.lower()
    if lowered in table["whole"]:
        return _cased(table["whole"][lowered], text)
    for root, other in table["roots"]:
        if root in lowered:
            return _cased(lowered.replace(root, other, 1), text)
    return None


def _rival(vocabulary, word) -> str | None:
    """The same form (name, abbreviation, plural) of the next term of the word's class."""
    members = vocabulary.terms.get(word.family, {})
    lemmas = list(members)
    if len(lemmas) < 2 or word.lemma not in members:
        return None
    forms = members[word.lemma]
    index = next((i for i, form in enumerate(forms) if form == word.text), 0)
    rival = members[lemmas[(lemmas.index(word.lemma) + 1) % len(lemmas)]]
    return rival[min(index, len(rival) - 1)]


def _cased(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def _reason(passage: Passage, start: int, end: int) -> str:
    for low, high, reason in passage.waivers:
        if low <= start and end <= high:
            return reason
    if any(low <= start < high for low, high in passage.labels):
        return "a name (a title, a term): it states no rule"
    return ""


def _rewordings(passage, low, high, sources, language) -> list[Mutant]:
    """Edits that change no rule: digits in words, typography, a synonym, an aside."""
    found = []
    for token in passage.tokens:
        if not low <= token.start < high or token.text not in map(str, range(2, 21)):
            continue
        before, after = passage.text[token.start - 1 : token.start], passage.text[token.end :]
        if before == " " and re.match(r" [^\W\d]{3,}", after):
            place = sources.locate(passage, token.start, token.text)
            if place:
                words = DIGITS_IN_WORDS[language][int(token.text)]
                found.append(Mutant("rewording", *place, after=words))
                break
    region = sources.region(passage, low, high)
    if region is None:
        return found
    file, start, end = region
    text = sources.text(file)
    edits = []
    apostrophe = re.compile(r"(?<=\w)['’](?=\w)").search(text, start, end)
    if apostrophe:
        edits.append(
            (apostrophe.start(), apostrophe.group(), "’" if apostrophe.group() == "'" else "'")
        )
    synonyms = SYNONYMS.get(language, {})
    synonym = re.compile(r"(?<![\w])(" + "|".join(synonyms) + r")(?![\w])").search(text, start, end)
    if synonym:
        edits.append((synonym.start(), synonym.group(), synonyms[synonym.group()]))
    comma = re.compile(r"(?<=[^\W\d]),(?= [^\W\d])").search(text, start, end)
    if comma:
        edits.append((comma.start(), ",", ASIDE[language] + ","))
    for offset, before, after in edits:
        if _in_text(text, offset):
            line, column = sources.line_column(file, offset)
            found.append(Mutant("rewording", file, line, column, offset, before, after))
    return found


def _in_text(text: str, offset: int) -> bool:
    """Whether `offset` of an XML source stands in text, not inside a tag or a comment."""
    return text.rfind("<", 0, offset) <= text.rfind(">", 0, offset) and text.rfind(
        "<!--", 0, offset
    ) <= text.rfind("-->", 0, offset)


class _Sources:
    """The book's source files as text, and where a passage's token stands in them."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder.resolve()
        self._texts: dict[str, tuple[str, list[int]]] = {}
        self._relatives: dict[object, str | None] = {}

    def text(self, file: str) -> str:
        return self._load(file)[0]

    def _load(self, file: str) -> tuple[str, list[int]]:
        if file not in self._texts:
            text = (self.folder / file).read_text(encoding="utf-8")
            starts = [0] + [match.end() for match in re.finditer("\n", text)]
            self._texts[file] = (text, starts)
        return self._texts[file]

    def line_column(self, file: str, offset: int) -> tuple[int, int]:
        starts = self._load(file)[1]
        line = bisect.bisect_right(starts, offset)
        return line, offset - starts[line - 1] + 1

    def _relative(self, passage: Passage) -> str | None:
        if passage.file not in self._relatives:  # resolved once per file, not per token
            try:
                relative = str(Path(passage.file).resolve().relative_to(self.folder))
            except (ValueError, OSError):
                relative = None
            self._relatives[passage.file] = relative
        return self._relatives[passage.file]

    def locate(self, passage: Passage, start: int, token: str):
        """(file, line, column, offset, source text) of the token at `start` of the passage."""
        file = self._relative(passage)
        if file is None or not token.strip():
            return None
        text, starts = self._load(file)
        line = passage.line_at(start)
        if not 0 < line <= len(starts):
            return None
        words = [re.escape(part).replace("'", "['’]") for part in token.split(" ")]
        pattern = re.compile(r"(?<![\w.,])" + r"\s+".join(words) + r"(?![\w])")
        earlier = sum(
            1
            for match in pattern.finditer(passage.text, 0, start)
            if passage.line_at(match.start()) == line
        )
        line_end = starts[line] if line < len(starts) else len(text)
        # The token's matches that start on its line: its first word is looked for on the line
        # alone, and the whole token where it stands (scanning the rest of the file for each
        # token was a quarter of the run).
        first = re.compile(r"(?<![\w.,])" + words[0])
        on_line, resume = [], starts[line - 1]
        for candidate in first.finditer(text, resume, line_end + len(token.split(" ")[0])):
            if candidate.start() >= line_end:
                break
            match = pattern.match(text, candidate.start())
            if match is None or match.start() < resume:
                continue
            resume = match.end()
            if _in_text(text, match.start()):
                on_line.append(match)
        if not on_line:
            return None
        match = on_line[min(earlier, len(on_line) - 1)]
        return file, line, match.start() - starts[line - 1] + 1, match.start(), match.group()

    def region(self, passage: Passage, low: int, high: int):
        """(file, start, end): the lines of the source a span of the passage stands on."""
        file = self._relative(passage)
        if file is None or not passage.text:
            return None
        text, starts = self._load(file)
        first, last = passage.line_at(low), passage.line_at(max(high - 1, low))
        if not 0 < first <= last <= len(starts):
            return None
        return file, starts[first - 1], starts[last] if last < len(starts) else len(text)


# -- running them -------------------------------------------------------------------------

_worker: dict = {}


def judge(
    book: Book,
    mutants: list[Mutant],
    jobs: int,
    budget: float | None,
    tick=None,
    baseline: set[str] | None = None,
) -> None:
    """Check each mutant on a copy of the book (one copy per worker); fill in its verdict.

    `baseline`: the ids of the new findings of the unmutated book, when the caller has checked
    it already (the report the mutants were made from); else each worker checks its copy.
    """
    deadline = time.monotonic() + budget if budget else None
    with _terminated_as_exit():
        root = tempfile.mkdtemp(prefix="rulebook-mutants-")
        try:
            workers = max(1, min(jobs, len(mutants)))
            if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
                context = multiprocessing.get_context("fork")
                with context.Pool(workers, _start_worker, (book, root, baseline)) as pool:
                    results = pool.imap_unordered(_check, list(enumerate(mutants)), 1)
                    _collect(results, mutants, deadline, tick)
                    pool.terminate()
            else:
                _start(book, root, baseline)
                _collect(map(_check, enumerate(mutants)), mutants, deadline, tick)
        finally:
            shutil.rmtree(root, ignore_errors=True)
    for mutant in mutants:
        mutant.verdict = mutant.verdict or "not run"


@contextmanager
def _terminated_as_exit():
    """While the mutants run, SIGTERM (a CI job cancelled, `kill`) unwinds like Ctrl-C, exit
    143, so that the book's copies are removed; Python's default would leave them behind."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _exit_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _exit_terminated(number, frame) -> None:
    raise SystemExit(128 + signal.SIGTERM)


def _collect(results, mutants, deadline, tick) -> None:
    for index, verdict, finding, count in results:
        mutants[index].verdict, mutants[index].finding, mutants[index].findings = (
            verdict,
            finding,
            count,
        )
        if tick:
            tick(mutants[index])
        if deadline is not None and time.monotonic() > deadline:
            return


def _start_worker(book: Book, root: str, baseline: set[str] | None) -> None:
    """`_start` in a forked worker, which the pool ends with SIGTERM: its default again."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _start(book, root, baseline)


def _start(book: Book, root: str, baseline: set[str] | None) -> None:
    """A worker's copy of the book, its game loaded once, and what its unmutated check says
    (`baseline` when given: the copy's check would say the same)."""
    from build_tools.examine import examine

    copy = Path(tempfile.mkdtemp(dir=root)) / book.folder.name
    shutil.copytree(book.folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
    copied = Book(book.name, copy, copy / book.main.relative_to(book.folder))
    game, _ = load_game(copied)
    if baseline is None:
        baseline = {f.id for f in examine(copied, game=game).new()}
    _worker.update(book=copied, game=game, baseline=baseline, texts={}, written=None)


def _check(item: tuple[int, Mutant]) -> tuple[int, str, str, int]:
    from build_tools.examine import examine

    index, mutant = item
    book, texts = _worker["book"], _worker["texts"]
    path = book.folder / mutant.file
    if path not in texts:
        texts[path] = path.read_text(encoding="utf-8")
    original = texts[path]
    if original[mutant.offset : mutant.offset + len(mutant.before)] != mutant.before:
        return index, "not run", "", 0
    edited = (
        original[: mutant.offset] + mutant.after + original[mutant.offset + len(mutant.before) :]
    )
    try:
        path.write_text(edited, encoding="utf-8")
        report = examine(book, game=_worker["game"])
    finally:
        path.write_text(original, encoding="utf-8")
    added = [f for f in report.new() if f.id not in _worker["baseline"]]
    first = ""
    if added:
        finding = added[0]
        where = Path(finding.file).resolve() if finding.file else None
        shown = (
            str(where.relative_to(book.folder.resolve()))
            if where and where.is_relative_to(book.folder.resolve())
            else str(finding.file or "")
        )
        first = f"{shown}:{finding.line}:{finding.column}: {finding.message} [{finding.category}]"
    if mutant.kind == "rewording":
        verdict = "loud" if added else "silent"
    elif added:
        verdict = "killed"
    else:
        verdict = "equivalent" if mutant.waived else "survived"
    return index, verdict, first, len(added)


# -- the report ---------------------------------------------------------------------------


def scores(mutants: list[Mutant]) -> dict[str, dict[str, float]]:
    """Per kind: how many mutants had each verdict, and the score (killed, or silent, in %)."""
    table: dict[str, dict[str, float]] = {}
    for kind in (*KINDS, "rewording"):
        of_kind = [m for m in mutants if m.kind == kind]
        if not of_kind:
            continue
        counts = {verdict: 0 for verdict in _VERDICTS[kind]}
        for mutant in of_kind:
            counts[mutant.verdict] = counts.get(mutant.verdict, 0) + 1
        good, bad = ("silent", "loud") if kind == "rewording" else ("killed", "survived")
        judged = counts[good] + counts[bad]
        counts["score"] = round(100 * counts[good] / judged, 1) if judged else 100.0
        table[kind] = counts
    return table


_VERDICTS = {
    **{kind: ("killed", "survived", "equivalent", "not run") for kind in KINDS},
    "rewording": ("silent", "loud", "not run"),
}


def sample(mutants: list[Mutant], size: int) -> list[Mutant]:
    """`size` mutants of each kind, spread evenly over the book (the same ones every run)."""
    chosen = []
    for kind in (*KINDS, "rewording"):
        of_kind = [m for m in mutants if m.kind == kind]
        if len(of_kind) <= size:
            chosen += of_kind
        else:
            chosen += [of_kind[index * len(of_kind) // size] for index in range(size)]
    return chosen


def as_text(book: Book, mutants: list[Mutant], shown: Path, verbosity: int = 0) -> str:
    lines = [f"{book.name}: {len(mutants)} mutants"]
    for kind, counts in scores(mutants).items():
        figures = ", ".join(
            f"{counts[v]} {v}" for v in _VERDICTS[kind] if counts.get(v) or v != "not run"
        )
        lines.append(f"  {kind:<10} {counts['score']:5.1f} %  ({figures})")
    for mutant in mutants:
        place = f"{shown / mutant.file}:{mutant.line}:{mutant.column}"
        change = f"« {' '.join(mutant.before.split())} » → « {mutant.after} »"
        if mutant.verdict == "survived":
            lines.append(f"{place}: survived: {change} ({mutant.kind})")
        elif mutant.verdict == "loud":
            lines.append(f"{place}: loud rewording: {change}")
            lines.append(f"    {mutant.finding}")
        elif verbosity > 0 and mutant.verdict == "equivalent":
            lines.append(f"{place}: equivalent: {change} ({mutant.waived})")
        elif verbosity > 0 and mutant.verdict == "killed":
            lines.append(f"{place}: killed: {change}")
            lines.append(f"    {mutant.finding}")
    return "\n".join(lines) + "\n"


def as_json(book: Book, mutants: list[Mutant]) -> dict:
    return {
        "book": book.name,
        "scores": scores(mutants),
        "mutants": [asdict(mutant) for mutant in mutants],
    }


class Counter:
    """Shows on the terminal how many mutants of a book have been checked."""

    def __init__(self, book: str, total: int) -> None:
        self.book, self.total, self.done = book, total, 0

    def __call__(self, mutant: Mutant) -> None:
        self.done += 1
        print(f"\r{self.book}: {self.done}/{self.total}", end="", file=sys.stderr, flush=True)


def default_jobs() -> int:
    return os.cpu_count() or 1


# -- the command ------------------------------------------------------------------------


def add(commands, common) -> None:
    command = commands.add_parser(
        "mutants",
        parents=[common],
        help="measure a book's bindings: change each rule-bearing word, check, count who notices",
    )
    command.add_argument("books", nargs="*", metavar="BOOK", help="a book (default: all)")
    command.add_argument(
        "--sample", type=positive, metavar="N", help="only N mutants of each kind, spread evenly"
    )
    command.add_argument(
        "--budget", type=float, metavar="SECONDS", help="start no mutant after SECONDS"
    )
    command.add_argument(
        "--min-score",
        type=float,
        metavar="PERCENT",
        help="exit 1 when a kind's kill score (or the rewordings' silence) is under PERCENT",
    )
    command.add_argument(
        "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )
    verbosity(
        command,
        quiet="no progress on the terminal",
        verbose="also list the mutants the check killed and the equivalent ones, with why",
    )
    add_jobs(command, "check N mutants at once (default: one per core)")
    command.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    from build_tools.examine import examine

    reports_of_books, failing = [], False
    for book in select(arguments.books):
        report = examine(book)
        if report.outcome is None:
            print(f"rulebook: {book.name} has no bindings to measure", file=sys.stderr)
            continue
        found = mutants_of(report)
        if arguments.sample:
            found = sample(found, arguments.sample)
        shown_progress = arguments.verbose - arguments.quiet >= 0 and sys.stderr.isatty()
        progress = Counter(book.name, len(found)) if shown_progress else None
        jobs = arguments.jobs or default_jobs()
        baseline = {finding.id for finding in report.new()}
        judge(book, found, jobs, arguments.budget, progress, baseline)
        if progress:
            print(file=sys.stderr)
        if arguments.format == "json":
            reports_of_books.append(as_json(book, found))
        else:
            shown = book.folder.absolute().relative_to(source_root().absolute().parent)
            print(as_text(book, found, shown, arguments.verbose), end="")
        if arguments.min_score is not None:
            failing |= any(
                counts["score"] < arguments.min_score for counts in scores(found).values()
            )
    if arguments.format == "json":
        print(json.dumps(reports_of_books, ensure_ascii=False, indent=2))
    return EXIT_FINDINGS if failing else EXIT_OK
