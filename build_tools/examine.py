"""One book checked: read, validated, cross-checked against its rules, matched with its ledger."""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from build_tools.books import Book, Game, load_game
from build_tools.diagnostics import Finding
from build_tools.model.language import language_of, writing_in
from build_tools.reader import Document, UnreadableBook, read_book
from build_tools.settings import read_settings

if TYPE_CHECKING:
    from build_tools.ledger import Entry

# The checker (validation, checking, the ledger) is imported by `examine`, when a book is
# checked (the reader, the settings and the language come with `books` anyway): a
# `rulebook check` whose books are all remembered (commands/check_record.py) prints their
# reports without loading it.


@dataclass
class Report:
    """Everything `rulebook check` knows about one book."""

    book: Book
    document: Document | None
    game: Game | None
    findings: list[Finding] = field(default_factory=list)
    coverage: dict[str, Any] | None = None
    verifications: dict = field(default_factory=dict)
    """Element -> `Verification`: what the rules check established about each bound passage."""
    settings: dict[str, Any] = field(default_factory=dict)
    """The book's settings: its `book.toml`, over what its game's `setup` gives."""
    unjudged: int = 0
    """Ledger entries of the rules this run could not judge (--no-rules, or a game that
    cannot load): neither matched nor stale."""
    workings: dict[int, list[str]] = field(default_factory=dict, repr=False, compare=False)
    """A claim (by id) -> its working as the book prints it: written once, for every format."""
    ledger: list[Entry] = field(default_factory=list, repr=False, compare=False)
    """The entries of the book's ledger, read once: what the marks and the errata page say of
    a known finding (its reason)."""
    outcome: Any = field(default=None, repr=False, compare=False)
    """What the bindings' run gave (`runner.Outcome`): the passages read, the cited sentences."""
    language: str = ""
    """The book's language, decided once by its check (`language_of`): its pages, cards and
    sheets are written in it."""

    @property
    def rules_failed(self) -> bool:
        """Whether the book's rules should have run and could not (its game cannot load)."""
        return any(f.category == "game-error" for f in self.findings)

    @property
    def readable(self) -> bool:
        return self.document is not None

    def new(self, threshold: str = "error") -> list[Finding]:
        """The findings at or above `threshold` that the ledger does not know."""
        from build_tools.diagnostics import SEVERITIES

        rank = SEVERITIES.index(threshold)
        return [f for f in self.findings if f.rank >= rank and not f.known]


PRODUCTS = ("cards", "sheets")
"""What a game prints besides its book, each checked against the book by a check of its own."""
PRODUCT_CATEGORIES = {
    "cards": ("card", "card-erratum", "deck"),
    "sheets": ("sheet-character", "sheet-error", "sheet-source", "sheet-stale", "sheet-total"),
}
"""The categories of the findings each product's check gives (tests hold them to the checks)."""


def examine(
    book: Book,
    *,
    cross_check: bool = True,
    products: Collection[str] = PRODUCTS,
    game: Game | None = None,
    settings: tuple[dict[str, Any], list[Finding]] | None = None,
) -> Report:
    """Read, validate and (when the book has a game, and `cross_check`) cross-check `book`.

    Without `cross_check`, the book folder's Python is not imported at all. The cards
    and the sheet are checked against the book when they are among `products` (what
    `rulebook check` does, and a build of them): a build of the book alone leaves their
    checks, and the ledger's entries of their findings, alone. `game`, when given, is
    the book's game already loaded (the mutants check one book many times); `settings`, its
    settings and their findings as `read_settings` gave them (a build reads them first, for
    the options they give), else they are read here.
    """
    from build_tools.checking.passage import read_once
    from build_tools.checking.runner import fold_consequences, run_bindings
    from build_tools.ledger import read_ledger, reconcile
    from build_tools.model.said import in_language
    from build_tools.validation import decimals, validate

    try:
        document = read_book(book.main)
    except UnreadableBook as unreadable:
        return Report(book, None, None, unreadable.findings)
    settings, setting_findings = settings or read_settings(book.folder)
    game_findings: list[Finding] = []
    if cross_check and game is None:
        game, game_findings = load_game(book)
    elif not cross_check:
        game = None
    settings = {**(game.settings if game is not None else {}), **settings}
    # The book's language, decided once: its validation (its decimal mark), the working of its
    # claims (« oui », « yes »…), its pages, its cards and its sheet are written in it (English
    # for a book that names none, as its note says).
    language = language_of(document.root, settings)
    with writing_in(language):
        findings = list(document.findings)
        findings += validate(document, language)
        if settings.get("language"):  # the settings give the language the root does not
            findings = [f for f in findings if f.category != "no-language"]
        findings += setting_findings
        validated = {finding.category for finding in findings}
        findings += game_findings
        coverage, verifications, outcome = None, {}, None
        with read_once():  # the bindings, the sheet and the cards read the same passages
            if game is not None and game.binder is not None:
                outcome = run_bindings(document, game.binder, game.example_sections)
                findings += outcome.findings
                coverage = outcome.coverage
                verifications = outcome.verifications
            if cross_check and game is not None and game.sheet is not None and "sheets" in products:
                from build_tools.checking.sheets import check_sheet
                from build_tools.checking.sheets import fold as fold_sheet

                findings = fold_sheet(findings + check_sheet(document, game, language))
            entries, ledger_findings = read_ledger(book.ledger)
            if cross_check and game is not None and "cards" in products:
                from build_tools.checking.cards import check_cards, fold

                reported = frozenset(finding.id for finding in findings)
                findings = fold(findings, check_cards(document, game, entries, language, reported))
        findings = decimals.fold(findings)  # a number an erratum corrects: its decimal mark too
        _make_ids_unique(findings)
        findings.sort(key=lambda f: (str(f.file or ""), f.line, f.column, f.category))
        # A book with rules whose rules did not run (--no-rules, or a game that cannot load) has
        # only the entries of a kind the validation found judged by this run: the rules' entries
        # (errata, figures, sheets…) are not judged, whatever their category. The full check
        # judges them all.
        rules_ran = cross_check and game is not None
        unjudged = not rules_ran and (book.folder / "__init__.py").is_file()
        ignored = {
            entry.id for entry in entries if unjudged and category_of(entry.id) not in validated
        }
        # Nor are the entries of a product (cards, sheet) whose check this run leaves to its build.
        unchecked = {
            category
            for product in PRODUCTS
            if product not in products
            for category in PRODUCT_CATEGORIES[product]
        }
        stale = reconcile(
            findings,
            entries,
            book.ledger,
            ignore=lambda entry: entry.id in ignored or category_of(entry.id) in unchecked,
        )
        # Why the rules did not run comes first, then the ledger's own problems: either makes
        # every other line doubtful.
        game_errors = [f for f in findings if f.category == "game-error"]
        others = [f for f in findings if f.category != "game-error"]
        if outcome is not None:
            fold_consequences(others, outcome.lost)
        findings = game_errors + ledger_findings + stale + others
        in_language(findings, language, coverage, verifications)  # the one decided above
        found = {f.id for f in findings}
        return Report(
            book,
            document,
            game,
            findings,
            coverage,
            verifications,
            settings,
            len(ignored - found),
            ledger=entries,
            outcome=outcome,
            language=language,
        )


def category_of(identifier: str) -> str:
    """The category a finding id starts with (`category:where:key`)."""
    return identifier.split(":", 1)[0]


def _make_ids_unique(findings: list[Finding]) -> None:
    seen: dict[str, int] = {}
    for finding in findings:
        count = seen.get(finding.id, 0) + 1
        seen[finding.id] = count
        if count > 1:
            finding.id = f"{finding.id}#{count}"


class Elsewhere:
    """Stands for a document or a game that was read in another process: it was there."""

    def __repr__(self) -> str:
        return "Elsewhere()"


def examine_each(
    books: list[Book], *, cross_check: bool = True, jobs: int | None = None
) -> list[Report]:
    """`examine` of each book; several books are checked in parallel, in `jobs` processes at
    most (default: one per core), this one among them (`parallel.in_parallel`).

    The books are dealt into as many groups as processes, each book, the largest first, to
    the group with the least to do so far (`_weight`). What comes back from another process is
    what a report needs (the book, its findings, its coverage and settings), not its document
    nor its game; this process's reports are the same. Where a process cannot be used or a
    report cannot come back, the books are checked here, one after the other, with the same
    results.
    """
    from build_tools.parallel import can_fork, in_parallel

    workers = min(len(books), jobs or os.cpu_count() or 1)
    if workers > 1 and can_fork():
        groups = _dealt(books, workers)
        try:
            checked = in_parallel(
                [
                    functools.partial(_summaries, [books[index] for index in group], cross_check)
                    for group in groups
                ]
            )
        except Exception:  # a report that cannot cross processes: check the books here
            pass
        else:
            reports: list[Report | None] = [None] * len(books)
            for group, summaries in zip(groups, checked, strict=True):
                for index, summary in zip(group, summaries, strict=True):
                    reports[index] = summary
            return reports
    return [examine(book, cross_check=cross_check) for book in books]


def _dealt(books: list[Book], count: int) -> list[list[int]]:
    """The indexes of `books` in `count` groups of about equal work: each book, the heaviest
    first, goes to the group that weighs least so far (`_weight`)."""
    groups: list[list[int]] = [[] for _ in range(count)]
    loads = [0] * count
    weights = [_weight(book) for book in books]
    for index in sorted(range(len(books)), key=lambda index: -weights[index]):
        lightest = loads.index(min(loads))
        groups[lightest].append(index)
        loads[lightest] += weights[index]
    return [sorted(group) for group in groups]


WEIGHED = frozenset({".xml", ".ent", ".py", ".toml"})
"""The files of a book folder its check's work grows with: its text, its rules and bindings,
its ledger, deck and sheet (not its pictures)."""


def _weight(book: Book) -> int:
    """The bytes of the files of `book`'s folder that its check reads (`WEIGHED`)."""
    total = 0
    for folder, _, names in os.walk(book.folder):
        for name in names:
            if os.path.splitext(name)[1] in WEIGHED:
                with contextlib.suppress(OSError):
                    total += os.stat(os.path.join(folder, name)).st_size
    return total


def _summaries(books: list[Book], cross_check: bool) -> list[Report]:
    return [_summary(book, cross_check) for book in books]


def _summary(book: Book, cross_check: bool) -> Report:
    report = examine(book, cross_check=cross_check)
    return Report(
        report.book,
        Elsewhere() if report.document is not None else None,
        Elsewhere() if report.game is not None else None,
        report.findings,
        report.coverage,
        {},
        report.settings,
        report.unjudged,
        language=report.language,
    )
