"""`rulebook check`: validate the books, cross-check them against their rules, print the
reports; with --diff or --fix, the corrections their records carry (`commands/fix.py`)."""

from __future__ import annotations

import argparse
import difflib
import sys

from build_tools import reports
from build_tools.books import UsageError, select, source_root
from build_tools.commands.parsing import add_jobs, verbosity


def add(commands, common) -> None:
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
    add_jobs(check, "check N books at once (default: one per core)")
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
    check.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    from build_tools.commands.check_record import examine_each_remembered
    from build_tools.examine import examine

    if (arguments.diff or arguments.fix) and arguments.no_rules:
        # the corrections are the rules' values: they would import the book's Python
        option = "--diff" if arguments.diff else "--fix"
        raise UsageError(f"{option} corrects what the rules give: it cannot go with --no-rules")
    if (arguments.select or arguments.new_only) and not (arguments.diff or arguments.fix):
        option = "--select" if arguments.select else "--new-only"
        raise UsageError(f"{option} chooses what --diff or --fix corrects: give one of them")
    books, cross_check = select(arguments.books), not arguments.no_rules
    if arguments.diff or arguments.fix:
        from build_tools.commands import fix as corrections

        results = [examine(book, cross_check=cross_check) for book in books]
        _check_selection(arguments.select, results)
        chosen = corrections.chosen_by(arguments.select, arguments.new_only)
        threshold = "warning" if arguments.strict else "error"
        return corrections.run(results, arguments.fix, chosen, threshold)
    results = examine_each_remembered(books, cross_check=cross_check, jobs=arguments.jobs)
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
    from build_tools.output import write_atomic

    for name, render in reports.FORMATS.items():
        path = getattr(arguments, f"report_{name}", None)
        if path:
            write_atomic(path, render(results, settings))


def exit_status(results, threshold: str) -> int:
    return reports.exit_status(results, threshold)
