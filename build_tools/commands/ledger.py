"""`rulebook ledger accept|prune`: record the new findings in a book's ledger, or remove its
entries that no longer occur (the ledger file itself: `build_tools/ledger.py`)."""

from __future__ import annotations

import argparse
import sys

from build_tools.books import select
from build_tools.commands.parsing import (
    BOOK_HELP,
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_UNREADABLE,
    verbosity,
)
from build_tools.diagnostics import counted


def add(commands, common) -> None:
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
    accept.set_defaults(run=run_accept)
    prune = actions.add_parser(
        "prune", parents=[common], help="remove the ledger entries that no longer occur"
    )
    prune.add_argument("books", nargs="*", metavar="BOOK", help=BOOK_HELP)
    verbosity(prune, quiet="print nothing when no entry is removed")
    prune.set_defaults(run=run_prune)


def run_accept(arguments: argparse.Namespace) -> int:
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


def run_prune(arguments: argparse.Namespace) -> int:
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
