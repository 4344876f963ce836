"""The `rulebook` command: list, check and build the books under `source/`.

Exit status:
  0  nothing new is wrong
  1  findings that the book's ledger does not know, or ledger entries that no longer occur
  2  a book cannot be read at all (not well-formed, missing file, refused access), or bad usage
  2  also: the machine failed (permission, disk full, read-only, invalid SOURCE_DATE_EPOCH…)
  3  rulebook itself failed (a bug: run again with --traceback and report it)
  130 interrupted (Ctrl-C)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback

from build_tools import reports
from build_tools.books import UsageError, discover, select
from build_tools.examine import examine

EXIT_OK, EXIT_FINDINGS, EXIT_UNREADABLE, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_INTERRUPTED = 130


def main(argv: list[str] | None = None) -> int:
    try:
        parser = _parser()
        arguments = parser.parse_args(argv)
    except SystemExit as exit:  # argparse exits 2 on bad usage, 0 on --help
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
    except Exception:
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


def run_list(arguments: argparse.Namespace) -> int:
    books = [book.summary() for book in discover()]
    if arguments.format == "json":
        print(json.dumps({"books": books}, ensure_ascii=False, indent=2))
        return EXIT_OK
    for book in books:
        print(f"{book['book']}: {book['title']} [{book['lang'] or '?'}]")
        print(f"  main: {book['main']}")
        print(f"  files: {', '.join(book['files'])}")
    return EXIT_OK


def run_check(arguments: argparse.Namespace) -> int:
    books = select(arguments.books)
    results = [examine(book, cross_check=not arguments.no_rules) for book in books]
    if arguments.diff or arguments.fix:
        from build_tools import corrections

        return corrections.run(results, write=arguments.fix)
    threshold = "warning" if arguments.strict else "error"
    print(reports.FORMATS[arguments.format](results, threshold), end="")
    return exit_status(results, threshold)


def run_build(arguments: argparse.Namespace) -> int:
    from build_tools.render import build

    books = select(arguments.books)
    return build.run(books, arguments)


def exit_status(results, threshold: str) -> int:
    if any(
        not result.readable or any(f.severity == "fatal" for f in result.findings)
        for result in results
    ):
        return EXIT_UNREADABLE
    if any(result.new(threshold) for result in results):
        return EXIT_FINDINGS
    return EXIT_OK


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulebook",
        description="Read, validate, cross-check against the rules, and render DocBook rulebooks.",
        epilog="Exit status: 0 nothing new is wrong; 1 new findings or stale ledger entries; "
        "2 unreadable book or bad usage; 3 internal error.",
    )
    parser.add_argument(
        "--traceback", action="store_true", help="show Python tracebacks on internal errors"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    listing = commands.add_parser("list", help="the books found under source/")
    listing.add_argument("--format", choices=("text", "json"), default="text")
    listing.set_defaults(run=run_list)

    check = commands.add_parser(
        "check", help="validate the books and cross-check them against their rules"
    )
    check.add_argument(
        "books", nargs="*", metavar="BOOK", help="a book name, folder or main file (default: all)"
    )
    check.add_argument("--format", choices=sorted(reports.FORMATS), default="text")
    check.add_argument(
        "--strict", action="store_true", help="new warnings fail too, not only errors"
    )
    check.add_argument(
        "--no-rules", action="store_true", help="validate only; do not run the rules bindings"
    )
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
    check.set_defaults(run=run_check)

    build = commands.add_parser(
        "build", help="validate, then render the books into generated/BOOK/"
    )
    build.add_argument("books", nargs="*", metavar="BOOK")
    build.add_argument(
        "--format",
        default="html,pdf",
        help="comma-separated: html,pdf,cards,sheets (default: html,pdf)",
    )
    build.add_argument("--paper", choices=("a4", "letter"), default="a4")
    build.add_argument("--out", default="generated", help="output folder (default: generated/)")
    build.add_argument("--draft", action="store_true", help="show remarks (author notes)")
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
        "--tagged", action="store_true", help="PDF: accessible tagged PDF (PDF/UA-1)"
    )
    build.add_argument(
        "--card-size",
        choices=("poker", "tarot", "a6"),
        default=None,
        help="cards: poker (63×88 mm), tarot (70×120 mm) or A6 (default: the deck's own)",
    )
    build.add_argument(
        "--previews", action="store_true", help="cards: also write a PNG preview of each card"
    )
    build.set_defaults(run=run_build)

    from build_tools.render import sheets

    sheet = sheets.add_command(commands)

    for sub in (listing, check, build, sheet):
        sub.add_argument(
            "--traceback", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS
        )
    return parser
