"""`rulebook build`: check each book once, then render it in every format whose inputs changed
(the formats themselves: `render/`, looked up by name in `render/context.py`)."""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import os
import signal
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from build_tools.books import Book, UsageError, output_root, select
from build_tools.commands.parsing import add_jobs, add_output, verbosity
from build_tools.diagnostics import counted
from build_tools.output import remove_leftovers, writing_into
from build_tools.progress import Progress
from build_tools.render import incremental
from build_tools.render.context import (
    Options,
    RenderContext,
    RenderError,
    available_formats,
    renderer,
)
from build_tools.settings import read_settings

if TYPE_CHECKING:
    from build_tools.examine import Report


def add(commands, common) -> None:
    formats = available_formats()
    build = commands.add_parser(
        "build", parents=[common], help="validate, then render the books into generated/BOOK/"
    )
    build.add_argument(
        "books",
        nargs="*",
        metavar="BOOK",
        help="a book name, folder or main file (default: all)",
    )
    verbosity(
        build,
        quiet="no progress and no list of what was written: only what fails",
        verbose="also a line for each step (a book's check, each format) with its time",
    )
    build.add_argument(
        "--format",
        default=None,
        help=f"comma-separated, among: {','.join(formats)} (default: every one of them: "
        "the cards for a book with a deck, the sheets for a book with a game)",
    )
    build.add_argument(
        "--paper",
        choices=("a4", "letter"),
        default=None,
        help="the paper of the PDF and the cards (default: the book's settings, else a4), "
        "and of the sheets (default: both)",
    )
    add_output(build)
    build.add_argument(
        "--no-rules",
        action="store_true",
        help="render without running the rules nor importing the book folder's Python "
        "(the way to build a book you do not trust)",
    )
    build.add_argument(
        "--userlevel",
        default=None,
        help="profiling: keep only elements whose userlevel is one of these (comma-separated)",
    )
    build.add_argument(
        "--condition",
        default=None,
        help="profiling: keep only elements whose condition is one of these (comma-separated)",
    )
    build.add_argument(
        "--profile",
        action="append",
        metavar="ATTRIBUTE=VALUES",
        help="profiling on another DocBook attribute, e.g. --profile os=linux;mac (repeatable)",
    )
    build.add_argument(
        "--tagged",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="PDF: accessible tagged PDF, PDF/UA-1 (the default; --no-tagged for an untagged one)",
    )
    build.add_argument(
        "--card-size",
        choices=("poker", "tarot", "a6"),
        default=None,
        help="cards: poker (63×88 mm), tarot (70×120 mm) or A6 "
        "(default: the book's settings, else the deck's own)",
    )
    build.add_argument(
        "--previews", action="store_true", help="cards: also write a PNG preview of each card"
    )
    build.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 when the books have new findings (errors or warnings), as check --strict",
    )
    build.add_argument(
        "--force",
        action="store_true",
        help="build every output again, even those whose inputs did not change",
    )
    add_jobs(build, "build N books at once (default: one per core)")
    build.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    return build_books(select(arguments.books), arguments)


def build_books(books: list[Book], arguments: argparse.Namespace) -> int:
    """Build every book, one process per book up to the number of cores; print what was written."""
    offered = available_formats()
    given = arguments.format is not None
    formats = [name.strip() for name in (arguments.format or "").split(",") if name.strip()]
    if not given:
        formats = offered
    elif not formats:
        raise UsageError(
            f"--format {arguments.format!r}: no format (formats: {', '.join(offered)})"
        )
    for name in formats:  # an unknown format is a usage error before any work starts
        if name not in offered:
            raise UsageError(f"unknown format {name!r} (formats: {', '.join(offered)})")
    options = Options(
        paper=arguments.paper,
        paper_given=arguments.paper is not None,
        draft=arguments.draft,
        userlevel=_set(arguments.userlevel),
        condition=_set(arguments.condition),
        profile=_profiles(getattr(arguments, "profile", None) or []),
        tagged=getattr(arguments, "tagged", None) is not False,
        card_size=getattr(arguments, "card_size", None),
        previews=getattr(arguments, "previews", False),
        rules=not getattr(arguments, "no_rules", False),
    )
    for option, needs in (
        ("--previews", "cards") if getattr(arguments, "previews", False) else (None, None),
        ("--card-size", "cards") if getattr(arguments, "card_size", None) else (None, None),
        ("--tagged", "pdf") if getattr(arguments, "tagged", None) else (None, None),
    ):
        if option and needs not in formats:  # an option that would silently do nothing
            print(
                f"rulebook: warning: {option} is for --format {needs}, which this build does "
                f"not make (formats: {','.join(formats)})",
                file=sys.stderr,
            )
    check_source_date()
    out = check_out(Path(arguments.out) if arguments.out else output_root(), books)
    strict = getattr(arguments, "strict", False)
    force = getattr(arguments, "force", False)
    jobs = [
        (book, formats if given else formats_of(book, formats), options, out, strict, force)
        for book in books
    ]
    workers = min(len(jobs), getattr(arguments, "jobs", None) or os.cpu_count() or 1)
    verbosity = getattr(arguments, "verbose", 0) - getattr(arguments, "quiet", 0)
    progress = Progress(sum(len(job[1]) + 1 for job in jobs), verbosity)
    statuses = []

    def show(result) -> None:
        book_status, lines, problems = result
        if verbosity >= 0:
            for line in lines:
                progress.write(line)
        for line in problems:
            progress.write(line, error=True)
        statuses.append(book_status)

    try:
        if workers > 1:
            _build_in_pool(jobs, workers, progress, show)
        else:
            for job in jobs:
                show(build_book(*job, notify=progress.step))
    finally:
        progress.close()
    return max(statuses, default=0)


def formats_of(book: Book, formats: list[str]) -> list[str]:
    """The formats a build with no --format makes of `book`: all of them, but the cards when the
    book has no deck and the sheets when its folder holds no game (both would only say so)."""
    from build_tools.checking.deck import deck_file

    has = {"cards": deck_file(book.folder) is not None}
    has["sheets"] = (book.folder / "__init__.py").is_file()
    return [name for name in formats if has.get(name, True)]


def _build_in_pool(jobs, workers: int, progress: Progress, show) -> None:
    """Build the books in `workers` processes; show each book's result as soon as it and those
    before it are done (the output keeps the books' order), and each step as it ends."""
    context = multiprocessing.get_context("fork")
    steps = context.SimpleQueue()

    def drain() -> None:
        while not steps.empty():
            progress.step(*steps.get())

    # A pool that can be ended at once: Ctrl-C must not wait for the books being built.
    with context.Pool(workers, initializer=_worker, initargs=(steps,)) as pool:
        pending = [pool.apply_async(build_book, job, {"notify": _to_queue}) for job in jobs]
        shown = 0
        while shown < len(pending):
            drain()
            if pending[shown].ready():
                show(pending[shown].get())
                shown += 1
            else:
                pending[shown].wait(0.05)
        drain()


_STEPS = None
"""In a worker process: the queue its steps are reported through."""


def _worker(steps) -> None:
    global _STEPS
    _STEPS = steps
    _quiet_interrupt()


def _to_queue(book: str, what: str, seconds: float, pages: int = 0) -> None:
    if _STEPS is not None:
        _STEPS.put((book, what, seconds, pages))


def build_book(
    book: Book,
    formats: list[str],
    options: Options,
    out_root: Path,
    strict: bool = False,
    force: bool = False,
    notify=None,
):
    """Check one book and render it in each format whose inputs changed since its last build:
    (status, lines for stdout, lines for stderr). Nothing is written or removed outside
    `out_root`, nor through a symbolic link inside it (`output.writing_into`)."""
    with writing_into(out_root):
        return _build_book(book, formats, options, out_root, strict, force, notify)


def _build_book(book, formats, options, out_root, strict, force, notify):
    out = out_root / book.name
    book_settings = read_settings(book.folder)  # once: the options and the check take them
    options = for_book(options, book_settings[0])
    remove_leftovers(out)
    manifest = incremental.Manifest.load(out)
    sources = incremental.book_inputs(book.folder, out_root)
    # One record per format and options: an A4 and a Letter PDF are two outputs, both kept.
    settings = {name: incremental.settings_of(name, options, strict) for name in formats}
    keys = {name: incremental.record_key(name, settings[name]) for name in formats}
    engine = incremental.engine_digest()  # every module read and hashed: once, not per format
    inputs = {
        name: incremental.snapshot(
            sources + incremental.tool_inputs(name),
            settings[name],
            manifest.known(keys[name]),
            engine,
        )
        for name in formats
    }
    todo = [name for name in formats if force or not manifest.up_to_date(keys[name], inputs[name])]
    started = time.monotonic()

    def step(what: str, pages: int = 0) -> None:
        nonlocal started
        if notify is not None:
            notify(book.name, what, time.monotonic() - started, pages)
        started = time.monotonic()

    if not todo and manifest.book:
        for name in ["check", *formats]:
            step(f"{name}: up to date")
        lines = [f"{book.name}: {name}: up to date" for name in formats]
        problems = list(manifest.book.get("problems", []))
        for name in formats:
            problems += manifest.messages(keys[name])
        if manifest.touched:
            manifest.save()
        return manifest.book.get("status", 0), lines, problems
    from build_tools.examine import PRODUCTS, examine  # not needed when all is up to date

    # The cards and the sheet are checked against the book when they are built, not for
    # a book alone: one examine for every format of the build.
    products = [name for name in PRODUCTS if name in formats]
    report = examine(book, cross_check=options.rules, products=products, settings=book_settings)
    step("checked")
    if not report.readable:
        problems = [finding.astext() for finding in report.findings]
        problems.append(f"rulebook: {book.name}: not built: the book cannot be read")
        return 2, [], problems
    new = report.new("warning" if strict else "error")
    problems = unused_profiling(report, options)
    if new:
        problems.append(
            f"rulebook: {book.name}: {counted(len(new), 'new finding')}; the book is built, "
            f"run `rulebook check {book.name}` to see them"
        )
    status = 1 if strict and new else 0
    manifest.book = {
        "status": status,
        "problems": list(problems),
        # The new findings themselves, which `rulebook serve` shows in the page, each with
        # the id of its element (or of the closest one above it that has an id): its place.
        "new": [{"text": finding.astext(), "anchor": _anchor(finding)} for finding in new],
    }
    context = RenderContext(report, options, out)
    lines = []
    for name in formats:
        if name not in todo:
            lines.append(f"{book.name}: {name}: up to date")
            problems += manifest.messages(keys[name])
            step(f"{name}: up to date")
            continue
        before, pages = len(context.findings), context.pages
        try:
            written = renderer(name).render(context)
        except RenderError as error:
            # The format cannot be written (a card overflows): the others still are.
            context.findings += error.findings
            problems += [finding.astext() for finding in context.findings[before:]]
            removed = manifest.discard(keys[name])
            gone = (
                f" (removed the previous {', '.join(p.name for p in removed)})" if removed else ""
            )
            problems.append(f"rulebook: {book.name}: {name}: not built{gone}")
            status = 1
            step(f"{name}: not built")
            continue
        for path in written:
            lines.append(f"{book.name}: {name}: {path}")
        messages = [finding.astext() for finding in context.findings[before:]]
        problems += messages
        manifest.record(keys[name], inputs[name], written, messages)
        # a PDF's pages as its renderer laid them out; a web book's, one file each
        pages = context.pages - pages or sum(path.suffix == ".html" for path in written)
        step(f"{name}: built", pages)
    manifest.save()
    return status, lines, problems


def for_book(options: Options, settings: dict[str, Any]) -> Options:
    """The options, with what the command line left open taken from the book's `settings`."""
    return dataclasses.replace(
        options,
        paper=options.paper or settings.get("paper") or "a4",
        card_size=options.card_size or settings.get("card_size"),
    )


def unused_profiling(report: Report, options: Options) -> list[str]:
    """A warning for each profiling value asked for that no element of the book carries."""
    asked = {"userlevel": options.userlevel, "condition": options.condition, **options.profile}
    warnings = []
    for attribute, values in asked.items():
        if not values:
            continue
        used = {
            value
            for element in report.document.root.iter()
            if isinstance(element.tag, str) and element.get(attribute)
            for value in element.get(attribute).split(";")
        }
        for value in sorted(set(values) - used):
            option = (
                f"--{attribute} {value}"
                if attribute in ("userlevel", "condition")
                else f"--profile {attribute}={value}"
            )
            warnings.append(
                f"rulebook: warning: {book_name(report)}: {option}: no element of the "
                f"book has {attribute}={value!r} (values used: {', '.join(sorted(used)) or 'none'})"
            )
    return warnings


def book_name(report: Report) -> str:
    return report.book.name


def check_out(out: Path, books: list[Book]) -> Path:
    """`--out` as a folder rulebook can write into, made if need be; else a usage error, now.

    Checked before anything is rendered: a mistyped --out should not cost a build.
    """
    where = [out] + [out / book.name for book in books]
    for folder in where:
        if folder.exists() and not folder.is_dir():
            raise UsageError(f"--out {out}: {folder} is a file, not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out, prefix=".rulebook-", suffix=".part"):
            pass
    except OSError as error:
        raise UsageError(f"--out {out}: cannot write there: {error.strerror or error}") from None
    return out


def check_source_date() -> None:
    """SOURCE_DATE_EPOCH, when set, must be a date: whole seconds since 1970."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch:
        return
    try:
        datetime.fromtimestamp(int(epoch), tz=UTC)
    except (ValueError, OverflowError, OSError):
        raise UsageError(
            f"SOURCE_DATE_EPOCH={epoch!r} is not a date: give whole seconds since "
            "1970-01-01 UTC (e.g. $(git log -1 --format=%ct)), or unset it"
        ) from None


def _anchor(finding) -> str:
    """The id of the element a finding is about, or of the closest one around it with an id:
    every source id is an anchor of the HTML book ('' when the finding has no element)."""
    element = finding.element
    while element is not None and hasattr(element, "getparent"):
        identifier = element.get("id") if isinstance(element.tag, str) else None
        if identifier:
            return identifier
        element = element.getparent()
    return ""


def _quiet_interrupt() -> None:
    """In a worker, Ctrl-C ends the process at once: the main process says it, once."""
    signal.signal(signal.SIGINT, lambda *_: os._exit(130))


def _profiles(items: list[str]) -> dict[str, set[str]]:
    """`--profile revision=2;3 --profile os=linux` as {"revision": {"2", "3"}, "os": {"linux"}}."""
    from build_tools.model.profiling import ATTRIBUTES

    profile: dict[str, set[str]] = {}
    for item in items:
        name, _, values = item.partition("=")
        if name not in ATTRIBUTES or not values or name in ("userlevel", "condition"):
            raise UsageError(
                f"--profile {item!r}: expected ATTRIBUTE=VALUE[;VALUE…] with ATTRIBUTE one of "
                + ", ".join(a for a in ATTRIBUTES if a not in ("userlevel", "condition"))
                + " (userlevel and condition have options of their own)"
            )
        profile.setdefault(name, set()).update(v for v in values.split(";") if v)
    return profile


def _set(value: str | None) -> set[str] | None:
    return {item.strip() for item in value.split(",") if item.strip()} if value else None
