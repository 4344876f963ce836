"""`rulebook new GAME`: a new game folder under `source/`, ready to check and build.

The files come from `templates/new/` (Jinja2): a minimal DocBook book, its settings, an
empty ledger, a rules package with rules citing their sentences, the bindings of the
book's example, a character sheet and a quick-reference deck. No engine file is touched.
With `--example`, the files come from `templates/example/`: a whole small game in English
(docs/tutorial.md builds it step by step).
"""

from __future__ import annotations

import argparse
import functools
import re
from pathlib import Path

from build_tools.assets import templates_folder
from build_tools.books import UsageError, source_root
from build_tools.commands.parsing import EXIT_OK, verbosity
from build_tools.diagnostics import display_path
from build_tools.render import templating

NAME = re.compile(r"^[a-z][a-z0-9_-]{0,39}$")


EXAMPLE_TITLE = "Ember Roads"
"""The example game's title when --title does not give one."""


def scaffold(root: Path, name: str, title: str | None = None, example: bool = False) -> list[Path]:
    """Write the game folder `root/name` (the example game with `example`); the files written,
    in order."""
    if not NAME.match(name):
        raise UsageError(
            f"{name!r}: a game's name is its folder's: lowercase letters, digits, - and _, "
            "starting with a letter (e.g. mon-jeu)"
        )
    if title is not None and (not title.strip() or re.search(r'["\\\x00-\x1f\x7f]', title)):
        # The title is written into Python and TOML strings and comments as it is typed.
        raise UsageError(
            f'--title {title!r}: a title is one line of text without " nor \\ '
            "(quote with « », as the book would)"
        )
    from build_tools.output import write_atomic

    folder = root / name
    if folder.exists():
        raise UsageError(f"{folder}: already exists; rulebook new writes a new folder only")
    source = templates_folder() / ("example" if example else "new")
    environment = _templates(source)
    default = EXAMPLE_TITLE if example else name.replace("-", " ").replace("_", " ").title()
    values = {"name": name, "title": title or default}
    written = []
    templates = [
        path
        for path in source.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts  # compiled by pip on install
    ]
    for template in sorted(templates):
        relative = template.relative_to(source)
        if relative.name == "README.md" and relative.parent == Path("."):
            continue  # the description of the templates, not a file of the game
        text = environment.get_template(relative.as_posix()).render(values)
        if template.suffix == ".xml":
            text = text.replace(values["title"], _xml_escaped(values["title"]))
        written.append(write_atomic(folder / relative, text, root=folder))
    return written


def _xml_escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# -- the command ------------------------------------------------------------------------


def add(commands, common) -> None:
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
    new.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    written = scaffold(source_root(), arguments.game, arguments.title, arguments.example)
    if not arguments.quiet:
        for path in written:
            print(f"{arguments.game}: wrote {display_path(path)}")
        print(
            f"{arguments.game}: next: rulebook check {arguments.game} && "
            f"rulebook build {arguments.game}"
        )
    return EXIT_OK


@functools.cache
def _templates(source: Path):
    """The templates of a new game, compiled once per process (Jinja2 compiles a template
    again when its file changes)."""
    return templating.environment(source, escaped=False, keep_trailing_newline=True)
