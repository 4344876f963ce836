"""The `rulebook` command: list, check, build and keep the ledger of the books under `source/`.

Each command is a module of this package (`check`, `build`, `serve`, `sheet`, `ledger`, `new`,
`mutants`; `fix` is check's --diff and --fix) with a function `add(commands, common)` that
declares its arguments and the `run(arguments)` that carries it out; this module makes the
parser of them all and turns what goes wrong into one line and an exit status.

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
import importlib
import json
import os
import sys
import traceback

import build_tools
from build_tools.books import UsageError, discover, no_book_found
from build_tools.commands.parsing import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_UNREADABLE,
    Parser,
)


def main(argv: list[str] | None = None) -> int:
    try:
        argv = sys.argv[1:] if argv is None else argv
        parser = _parser(argv)
        arguments = parser.parse_args(argv)
    except SystemExit as exit:  # argparse exits 2 on bad usage, 0 on --help and --version
        return int(exit.code or 0)
    except KeyboardInterrupt:
        return interrupted()
    try:
        _check_arguments(argv)
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


# -- the parser ---------------------------------------------------------------------------


COMMANDS = ("list", "check", "mutants", "build", "serve", "new", "sheet", "ledger")
"""The subcommands, in the order `rulebook --help` lists them: each (but `list`, here) a module
of this package whose `add(commands, common)` adds it to the parser."""


def _adder(name: str):
    if name == "list":
        return add_list
    return importlib.import_module(f"build_tools.commands.{name}").add


class _Version(argparse.Action):
    """`--version`: the version is looked up only when asked for (see build_tools.__getattr__)."""

    def __init__(self, option_strings, dest, **_) -> None:
        help = "show program's version number and exit"
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        print(f"rulebook {build_tools.__version__}")
        parser.exit()


def _parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser of every command; of the one command `argv` starts with, if it does: the
    others' modules, and what they import (the server, the builds' renderers), are not loaded
    for it (`rulebook check` loads neither the server nor the builds)."""
    parser = Parser(
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
    common = Parser(add_help=False)
    common.add_argument(
        "--traceback", action="store_true", default=argparse.SUPPRESS, help=argparse.SUPPRESS
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in [argv[0]] if argv and argv[0] in COMMANDS else COMMANDS:
        _adder(name)(commands, common)
    return parser
