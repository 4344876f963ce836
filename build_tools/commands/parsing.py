"""What the commands' parsers share: the exit statuses, -q and -v, -j, and a parser that says
« did you mean … »."""

from __future__ import annotations

import argparse
import difflib

EXIT_OK, EXIT_FINDINGS, EXIT_UNREADABLE, EXIT_INTERNAL = 0, 1, 2, 3


EXIT_INTERRUPTED = 130


BOOK_HELP = "a book name, folder or main file (default: all)"


def verbosity(parser: argparse.ArgumentParser, quiet: str, verbose: str = "") -> None:
    """-q (and -v, when the command has more to say), in the command's own words; not both."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("-q", "--quiet", action="count", default=argparse.SUPPRESS, help=quiet)
    if verbose:
        group.add_argument(
            "-v", "--verbose", action="count", default=argparse.SUPPRESS, help=verbose
        )


class Parser(argparse.ArgumentParser):
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


def port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, not {text}")
    return value


def add_output(parser: argparse.ArgumentParser) -> None:
    """--out and --draft, as every command that renders a book takes them."""
    parser.add_argument(
        "--out",
        default=None,
        help="output folder (default: the project's generated/, beside its source/)",
    )
    parser.add_argument("--draft", action="store_true", help="show remarks (author notes)")


def add_jobs(parser: argparse.ArgumentParser, help: str) -> None:
    parser.add_argument("-j", "--jobs", type=positive, default=None, metavar="N", help=help)


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of jobs from 1 up, not {text}")
    return value
