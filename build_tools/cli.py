"""The `rulebook` command: list, check, build and keep the ledger of the books under `source/`.

Each command is a function `add_COMMAND(commands, common)` that declares its arguments and
the `run_COMMAND(arguments)` that carries it out: a new command or flag is added beside them.

Exit status:
  0  nothing new is wrong
  1  findings that the book's ledger does not know, or ledger entries that no longer occur
  2  a book cannot be read at all (not well-formed, missing file, refused access), or bad usage
  2  also: the machine failed (permission, disk full, read-only, invalid SOURCE_DATE_EPOCH…)
  3  rulebook itself failed (a bug: run again with --traceback and report it)
  130 interrupted (Ctrl-C)

Over 500 lines, for a reason: every command's arguments, help and exit status, so that
the command line's contract reads in one file (a `commands` package is the next step).
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
import traceback

import build_tools
from build_tools import reports
from build_tools.books import (
    UsageError,
    discover,
    no_book_found,
    output_root,
    select,
    source_root,
)
from build_tools.diagnostics import counted

EXIT_OK, EXIT_FINDINGS, EXIT_UNREADABLE, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_INTERRUPTED = 130


def main(argv: list[str] | None = None) -> int:
    try:
        parser = _parser()
        arguments = parser.parse_args(argv)
    except SystemExit as exit:  # argparse exits 2 on bad usage, 0 on --help and --version
        return int(exit.code or 0)
    except KeyboardInterrupt:
        return interrupted()
    try:
        _check_arguments(sys.argv[1:] if argv is None else argv)
        return arguments.run(arguments)
    except UsageError as error:
        print(f"rulebook: error: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    except KeyboardInterrupt:
        return interrupted()
    except BrokenPipeError:
        # The reader went away (`rulebook list | head`): not an error of ours.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except OSError as error:
        # The machine, not rulebook: a full disk, a read-only folder, a permission.
        print(f"rulebook: error: {os_error(error)}", file=sys.stderr)
        return EXIT_UNREADABLE
    except UnicodeEncodeError as error:
        if not _undecodable_path(error):
            return internal_error(arguments)
        print(f"rulebook: error: {_undecodable_path(error)}", file=sys.stderr)
        return EXIT_UNREADABLE
    except Exception:
        return internal_error(arguments)


def internal_error(arguments: argparse.Namespace) -> int:
    """A bug of rulebook: one line saying so (the traceback with --traceback), exit 3."""
    if arguments.traceback:
        traceback.print_exc()
    else:
        kind, value, _ = sys.exc_info()
        print(
            f"rulebook: internal error: {kind.__name__}: {value}\n"
            "  (this is a bug in rulebook; run again with --traceback to see where)",
            file=sys.stderr,
        )
    return EXIT_INTERNAL


def interrupted() -> int:
    """Ctrl-C: one line, and the status a shell gives a command ended by SIGINT."""
    print("rulebook: interrupted", file=sys.stderr)
    return EXIT_INTERRUPTED


def os_error(error: OSError) -> str:
    """An OS error as one line: the path it is about, and the cause in words."""
    cause = error.strerror or str(error)
    paths = [name for name in (error.filename, error.filename2) if name is not None]
    if not paths:
        return cause
    shown = " → ".join(
        os.fsdecode(path) if isinstance(path, bytes) else str(path) for path in paths
    )
    return f"{shown.encode('utf-8', 'backslashreplace').decode('utf-8')}: {cause}"


def _undecodable_path(error: UnicodeEncodeError) -> str:
    """The message for a file name the OS gave with bytes that are not UTF-8 ('' if not that).

    Python keeps such bytes as lone surrogates (U+DC80–U+DCFF); they fail only
    when printed, so the failure is the name's, not rulebook's.
    """
    text = error.object if isinstance(error.object, str) else ""
    if not any("\udc80" <= character <= "\udcff" for character in text[error.start : error.end]):
        return ""
    start = max(text.rfind("\n", 0, error.start) + 1, error.start - 80)
    end = text.find("\n", error.end)
    name = text[start : end if end >= 0 else error.end + 40]
    shown = name.encode("utf-8", "surrogateescape")
    return (
        f"{shown!r}: a file name here is not valid UTF-8; rename it (rulebook names every "
        "file it reads or writes in its messages and outputs)"
    )


def _check_arguments(argv: list[str]) -> None:
    """A path with bytes that are not UTF-8 is refused here, not as a crash while printing it."""
    for argument in argv:
        try:
            argument.encode("utf-8")
        except UnicodeEncodeError:
            shown = argument.encode("utf-8", "surrogateescape")
            raise UsageError(
                f"{shown!r}: this path is not valid UTF-8; rename it (rulebook names every "
                "file it reads or writes in its messages and outputs)"
            ) from None


# -- list ---------------------------------------------------------------------------------


def add_list(commands, common) -> None:
    listing = commands.add_parser("list", parents=[common], help="the books found under source/")
    listing.add_argument(
        "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )
    listing.set_defaults(run=run_list)


def run_list(arguments: argparse.Namespace) -> int:
    books = [book.summary() for book in discover()]
    if not books:
        print(f"rulebook: {no_book_found()}", file=sys.stderr)
        return EXIT_UNREADABLE
    if arguments.format == "json":
        print(json.dumps({"books": books}, ensure_ascii=False, indent=2))
        return EXIT_OK
    for book in books:
        print(f"{book['book']}: {book['title']} [{book['lang'] or '?'}]")
        print(f"  main: {book['main']}")
        print(f"  files: {', '.join(book['files'])}")
    return EXIT_OK


# -- check --------------------------------------------------------------------------------


def add_check(commands, common) -> None:
    check = commands.add_parser(
        "check",
        parents=[common],
        help="validate the books and cross-check them against their rules",
    )
    check.add_argument(
        "books",
        nargs="*",
        metavar="BOOK",
        help="a book name, folder, main file, or a chapter of a book (default: all)",
    )
    check.add_argument(
        "--format",
        choices=list(reports.FORMATS),
        default="text",
        help="what to print: text (default), github (workflow annotations), json, junit, sarif",
    )
    for name in reports.FORMATS:
        if name != "text":
            check.add_argument(
                f"--{name}",
                metavar="FILE",
                dest=f"report_{name}",
                help=f"also write the {name} report to FILE",
            )
    check.add_argument(
        "--strict", action="store_true", help="new warnings fail too, not only errors"
    )
    verbosity(
        check,
        quiet="say only what fails (new findings), and nothing when all is well",
        verbose="also list the known findings, and each finding's whole working",
    )
    check.add_argument(
        "--no-rules",
        action="store_true",
        help="validate only: the rules are not run (nor the book folder's Python imported), "
        "and the ledger's entries for the rules are left alone",
    )
    _add_jobs(check, "check N books at once (default: one per core)")
    corrections = check.add_mutually_exclusive_group()
    corrections.add_argument(
        "--diff",
        action="store_true",
        help="print a patch of the sources that corrects every erratum the rules determine",
    )
    corrections.add_argument(
        "--fix",
        action="store_true",
        help="apply that patch, and remove the errata it fixes from the ledger",
    )
    check.add_argument(
        "--select",
        action="append",
        default=[],
        metavar="ID|CATEGORY",
        help="--diff, --fix: correct only this finding, or the findings of this category "
        "(repeatable)",
    )
    check.add_argument(
        "--new-only",
        action="store_true",
        help="--diff, --fix: correct only the new errata, not those the ledger knows",
    )
    check.set_defaults(run=run_check)


def run_check(arguments: argparse.Namespace) -> int:
    from build_tools.examine import examine, examine_each

    if (arguments.diff or arguments.fix) and arguments.no_rules:
        # the corrections are the rules' values: they would import the book's Python
        option = "--diff" if arguments.diff else "--fix"
        raise UsageError(f"{option} corrects what the rules give: it cannot go with --no-rules")
    if (arguments.select or arguments.new_only) and not (arguments.diff or arguments.fix):
        option = "--select" if arguments.select else "--new-only"
        raise UsageError(f"{option} chooses what --diff or --fix corrects: give one of them")
    books, cross_check = select(arguments.books), not arguments.no_rules
    if arguments.diff or arguments.fix:
        from build_tools import corrections

        results = [examine(book, cross_check=cross_check) for book in books]
        _check_selection(arguments.select, results)
        chosen = corrections.chosen_by(arguments.select, arguments.new_only)
        threshold = "warning" if arguments.strict else "error"
        return corrections.run(results, arguments.fix, chosen, threshold)
    results = examine_each(books, cross_check=cross_check, jobs=arguments.jobs)
    settings = report_settings(arguments)
    print(reports.FORMATS[arguments.format](results, settings), end="")
    write_reports(arguments, results, settings)
    return exit_status(results, settings.threshold)


def _check_selection(select: list[str], results) -> None:
    """Each --select names a finding or a category of these books, or it is a usage error."""
    names = {name for result in results for f in result.findings for name in (f.id, f.category)}
    for wanted in select:
        if wanted not in names:
            close = difflib.get_close_matches(wanted, sorted(names), n=1, cutoff=0.6)
            hint = f" (did you mean `{close[0]}`?)" if close else ""
            raise UsageError(
                f"--select {wanted}: no finding of this id or category{hint} "
                "(`rulebook check --format json` lists them)"
            )


def report_settings(arguments: argparse.Namespace) -> reports.Settings:
    return reports.Settings(
        threshold="warning" if arguments.strict else "error",
        verbosity=arguments.verbose - arguments.quiet,
        root=source_root().absolute().parent,
        colour=arguments.format == "text" and reports.colour_wanted(sys.stdout),
    )


def write_reports(arguments: argparse.Namespace, results, settings: reports.Settings) -> None:
    """The reports asked for with --json FILE, --junit FILE, --sarif FILE…, beside the text."""
    from build_tools.render.output import write_atomic

    for name, render in reports.FORMATS.items():
        path = getattr(arguments, f"report_{name}", None)
        if path:
            write_atomic(path, render(results, settings))


def exit_status(results, threshold: str) -> int:
    return reports.exit_status(results, threshold)


# -- build --------------------------------------------------------------------------------


def add_build(commands, common) -> None:
    from build_tools.render.build import available_formats

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
    build.add_argument(
        "--out",
        default=None,
        help="output folder (default: the project's generated/, beside its source/)",
    )
    build.add_argument("--draft", action="store_true", help="show remarks (author notes)")
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
    _add_jobs(build, "build N books at once (default: one per core)")
    build.set_defaults(run=run_build)


def run_build(arguments: argparse.Namespace) -> int:
    from build_tools.render import build

    return build.run(select(arguments.books), arguments)


# -- serve --------------------------------------------------------------------------------


def add_serve(commands, common) -> None:
    serve = commands.add_parser(
        "serve",
        parents=[common],
        help="serve the HTML books on 127.0.0.1, built again and reloaded as their sources change",
    )
    serve.add_argument("books", nargs="*", metavar="BOOK", help="(default: all)")
    serve.add_argument(
        "--port", type=_port, default=8000, help="the port on 127.0.0.1 (default 8000; 0: any free)"
    )
    serve.add_argument(
        "--out",
        default=None,
        help="output folder (default: the project's generated/, beside its source/)",
    )
    serve.add_argument("--draft", action="store_true", help="show remarks (author notes)")
    serve.add_argument(
        "--no-rules",
        action="store_true",
        help="do not run the rules (nor import the book folder's Python): for an untrusted book",
    )
    serve.set_defaults(run=run_serve)


def run_serve(arguments: argparse.Namespace) -> int:
    from pathlib import Path

    from build_tools.render.build import Options
    from build_tools.serve import serve

    options = Options(draft=arguments.draft, rules=not arguments.no_rules)
    out = Path(arguments.out) if arguments.out else output_root()
    return serve(select(arguments.books), out, options, arguments.port)


# -- new ----------------------------------------------------------------------------------


def add_new(commands, common) -> None:
    new = commands.add_parser(
        "new",
        parents=[common],
        help="start a new game: source/GAME/ with a book, rules, bindings, a sheet and cards",
    )
    new.add_argument("game", metavar="GAME", help="the game's folder name, e.g. mon-jeu")
    new.add_argument("--title", default=None, help="the book's title (default: from GAME)")
    new.add_argument(
        "--example",
        action="store_true",
        help="the example game instead (English, every feature, three deliberate errata; "
        "docs/tutorial.md builds it step by step)",
    )
    verbosity(new, quiet="print nothing when all is well")
    new.set_defaults(run=run_new)


def run_new(arguments: argparse.Namespace) -> int:
    from build_tools.diagnostics import display_path
    from build_tools.scaffold import scaffold

    written = scaffold(source_root(), arguments.game, arguments.title, arguments.example)
    if not arguments.quiet:
        for path in written:
            print(f"{arguments.game}: wrote {display_path(path)}")
        print(
            f"{arguments.game}: next: rulebook check {arguments.game} && "
            f"rulebook build {arguments.game}"
        )
    return EXIT_OK


# -- ledger -------------------------------------------------------------------------------


BOOK_HELP = "a book name, folder or main file (default: all)"


def add_ledger(commands, common) -> None:
    ledger = commands.add_parser(
        "ledger", parents=[common], help="keep the books' ledgers of known findings"
    )
    actions = ledger.add_subparsers(dest="action", required=True, metavar="ACTION")
    accept = actions.add_parser(
        "accept",
        parents=[common],
        help="record the new findings in the ledger, each with a reason to fill in",
    )
    accept.add_argument("books", nargs="*", metavar="BOOK", help=BOOK_HELP)
    accept.add_argument("--strict", action="store_true", help="new warnings too, not only errors")
    verbosity(accept, quiet="print nothing when there is nothing new to record")
    accept.set_defaults(run=run_ledger_accept)
    prune = actions.add_parser(
        "prune", parents=[common], help="remove the ledger entries that no longer occur"
    )
    prune.add_argument("books", nargs="*", metavar="BOOK", help=BOOK_HELP)
    verbosity(prune, quiet="print nothing when no entry is removed")
    prune.set_defaults(run=run_ledger_prune)


def run_ledger_accept(arguments: argparse.Namespace) -> int:
    from build_tools.examine import examine
    from build_tools.ledger import NOT_OF_THE_BOOK, accept

    threshold = "warning" if arguments.strict else "error"
    status = EXIT_OK
    for book in select(arguments.books):
        result = examine(book)
        if _unusable(result):
            status = EXIT_UNREADABLE
            continue
        fresh = [f for f in result.new(threshold) if not f.category.startswith("ledger")]
        code = [f for f in fresh if f.category in NOT_OF_THE_BOOK]
        for finding in code:
            print(finding.astext(), file=sys.stderr)
        if code:
            print(
                f"rulebook: {book.name}: {counted(len(code), 'error')} of the game's code not "
                "recorded: a defect of the game is fixed, not accepted",
                file=sys.stderr,
            )
            status = EXIT_FINDINGS
        fresh = [f for f in fresh if f.category not in NOT_OF_THE_BOOK]
        added, updated = accept(book.ledger, fresh)
        if not arguments.quiet or added or updated:
            print(
                f"{book.name}: {counted(added, 'new finding')} recorded in {_shown(book.ledger)}"
                + (": fill in each reason (TODO)" if added else "")
                + (
                    f"; {counted(updated, 'changed erratum', 'changed errata')} updated in "
                    "place: review " + ("its" if updated == 1 else "their") + " reasons (TODO)"
                    if updated
                    else ""
                )
            )
    return status


def run_ledger_prune(arguments: argparse.Namespace) -> int:
    from build_tools.examine import examine
    from build_tools.ledger import prune

    status = EXIT_OK
    for book in select(arguments.books):
        result = examine(book)
        if _unusable(result):
            status = EXIT_UNREADABLE
            continue
        stale = {f.key for f in result.findings if f.category == "ledger-stale"}
        removed = prune(book.ledger, stale) if stale else []
        for identifier in removed:
            print(f"{book.name}: removed {identifier}")
        if not arguments.quiet or removed:
            print(f"{book.name}: {counted(len(removed), 'entry', 'entries')} removed")
    return status


def _unusable(result) -> bool:
    """Whether a book cannot be matched with its ledger (it cannot be read, or its rules did
    not run, so that their entries cannot be judged); the findings that say why printed if so."""
    fatal = [f for f in result.findings if f.severity == "fatal"]
    game = [f for f in result.findings if f.category == "game-error"]
    for finding in fatal + game:
        print(finding.astext(), file=sys.stderr)
    if fatal:
        print(f"rulebook: {result.book.name}: ledger left as it is", file=sys.stderr)
    elif game:
        print(
            f"rulebook: {result.book.name}: its rules did not run, so the ledger's entries of "
            "the rules cannot be judged: ledger left as it is (fix the game first)",
            file=sys.stderr,
        )
    return bool(fatal or game) or not result.readable


def _shown(path) -> str:
    from build_tools.diagnostics import display_path

    return display_path(path)


# -- sheet --------------------------------------------------------------------------------


def add_sheet(commands, common) -> None:
    from build_tools.render.sheets import pages as sheets

    sheet = sheets.add_command(commands, parents=[common])  # --traceback, as every command
    verbosity(sheet, quiet="do not print where the sheet was written")


# -- the parser ---------------------------------------------------------------------------


def add_mutants(commands, common) -> None:
    mutants = commands.add_parser(
        "mutants",
        parents=[common],
        help="measure a book's bindings: change each rule-bearing word, check, count who notices",
    )
    mutants.add_argument("books", nargs="*", metavar="BOOK", help="a book (default: all)")
    mutants.add_argument(
        "--sample", type=_positive, metavar="N", help="only N mutants of each kind, spread evenly"
    )
    mutants.add_argument(
        "--budget", type=float, metavar="SECONDS", help="start no mutant after SECONDS"
    )
    mutants.add_argument(
        "--min-score",
        type=float,
        metavar="PERCENT",
        help="exit 1 when a kind's kill score (or the rewordings' silence) is under PERCENT",
    )
    mutants.add_argument(
        "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )
    verbosity(
        mutants,
        quiet="no progress on the terminal",
        verbose="also list the mutants the check killed and the equivalent ones, with why",
    )
    _add_jobs(mutants, "check N mutants at once (default: one per core)")
    mutants.set_defaults(run=run_mutants)


def run_mutants(arguments: argparse.Namespace) -> int:
    from build_tools import mutants
    from build_tools.examine import examine

    reports_of_books, failing = [], False
    for book in select(arguments.books):
        report = examine(book)
        if report.outcome is None:
            print(f"rulebook: {book.name} has no bindings to measure", file=sys.stderr)
            continue
        found = mutants.mutants_of(report)
        if arguments.sample:
            found = mutants.sample(found, arguments.sample)
        shown_progress = arguments.verbose - arguments.quiet >= 0 and sys.stderr.isatty()
        progress = mutants.Counter(book.name, len(found)) if shown_progress else None
        jobs = arguments.jobs or mutants.default_jobs()
        baseline = {finding.id for finding in report.new()}
        mutants.run(book, found, jobs, arguments.budget, progress, baseline)
        if progress:
            print(file=sys.stderr)
        if arguments.format == "json":
            reports_of_books.append(mutants.as_json(book, found))
        else:
            shown = book.folder.absolute().relative_to(source_root().absolute().parent)
            print(mutants.as_text(book, found, shown, arguments.verbose), end="")
        if arguments.min_score is not None:
            failing |= any(
                counts["score"] < arguments.min_score for counts in mutants.scores(found).values()
            )
    if arguments.format == "json":
        print(json.dumps(reports_of_books, ensure_ascii=False, indent=2))
    return EXIT_FINDINGS if failing else EXIT_OK


COMMANDS = (
    add_list,
    add_check,
    add_mutants,
    add_build,
    add_serve,
    add_new,
    add_sheet,
    add_ledger,
)
"""Each adds its subcommand to the parser, in the order `rulebook --help` lists them."""


class _Version(argparse.Action):
    """`--version`: the version is looked up only when asked for (see build_tools.__getattr__)."""

    def __init__(self, option_strings, dest, **_) -> None:
        help = "show program's version number and exit"
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(f"rulebook {build_tools.__version__}")
        parser.exit()


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rulebook",
        description="Read, validate, cross-check against the rules, and render DocBook rulebooks.",
        epilog="Exit status: 0 nothing new is wrong; 1 new findings or stale ledger entries; "
        "2 unreadable book or bad usage; 3 internal error.",
    )
    parser.add_argument("--version", action=_Version)
    parser.add_argument(
        "--traceback", action="store_true", help="show Python tracebacks on internal errors"
    )
    parser.set_defaults(quiet=0, verbose=0)
    common = _Parser(add_help=False)
    common.add_argument(
        "--traceback", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in COMMANDS:
        add(commands, common)
    return parser


def verbosity(parser: argparse.ArgumentParser, quiet: str, verbose: str = "") -> None:
    """-q (and -v, when the command has more to say), in the command's own words; not both."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("-q", "--quiet", action="count", default=argparse.SUPPRESS, help=quiet)
    if verbose:
        group.add_argument(
            "-v", "--verbose", action="count", default=argparse.SUPPRESS, help=verbose
        )


class _Parser(argparse.ArgumentParser):
    """argparse's parser, which says « did you mean … » for a mistyped command, choice or
    option, and reports an unknown option with the usage of the command it was given to."""

    def _check_value(self, action: argparse.Action, value) -> None:
        if action.choices is not None and value not in action.choices:
            choices = [str(choice) for choice in action.choices]
            close = difflib.get_close_matches(str(value), choices, n=1, cutoff=0.6)
            hint = f" (did you mean `{close[0]}`?)" if close else ""
            shown = ", ".join(choices)
            raise argparse.ArgumentError(
                action, f"invalid choice: {value!r}{hint}; choose from {shown}"
            )
        super()._check_value(action, value)

    def parse_known_args(self, args=None, namespace=None):
        namespace, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(self._unrecognized(extras))
        return namespace, extras

    def _unrecognized(self, extras: list[str]) -> str:
        said = []
        for extra in extras:
            option = extra.split("=", 1)[0]
            close = (
                difflib.get_close_matches(option, list(self._option_string_actions), 1, 0.6)
                if option.startswith("-")
                else []
            )
            said.append(f"{extra} (did you mean `{close[0]}`?)" if close else extra)
        noun = "argument" if len(extras) == 1 else "arguments"
        return f"unrecognized {noun}: {' '.join(said)}"


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, not {text}")
    return value


def _add_jobs(parser: argparse.ArgumentParser, help: str) -> None:
    parser.add_argument("-j", "--jobs", type=_positive, default=None, metavar="N", help=help)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of jobs from 1 up, not {text}")
    return value
