"""`rulebook sheet CHARACTER_FILE`: read a character file, check it against its game's rules,
and write its sheet (the sheet itself: `render/sheets/`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from build_tools.books import Book, UsageError, discover, load_game, output_root
from build_tools.checking.character import (
    UnusableCharacter,
    book_named_by,
    misplaced,
    read_character,
    unknown_book,
)
from build_tools.commands.build import check_source_date
from build_tools.commands.parsing import verbosity
from build_tools.diagnostics import counted
from build_tools.model.language import language_of
from build_tools.model.sentences import Citations
from build_tools.output import write_atomic
from build_tools.reader import main_file
from build_tools.settings import read_settings


def add(commands, common) -> None:
    """The `sheet` subcommand (with the options every command has, from `common`)."""
    sheet = commands.add_parser(
        "sheet",
        parents=[common],
        help="check a character file against its game's rules and print its sheet",
    )
    sheet.add_argument("character", metavar="CHARACTER_FILE", help="a character file (TOML)")
    sheet.add_argument(
        "--out", default=None, help="the PDF to write (default: generated/BOOK/NAME.pdf)"
    )
    sheet.add_argument("--paper", choices=("a4", "letter"), default="a4")
    verbosity(sheet, quiet="do not print where the sheet was written")
    sheet.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    """Read, check and total a character, then write its sheet: 0, or 2 for a bad file."""
    from build_tools.reader import UnreadableBook, read_book
    from build_tools.render.sheets.pages import character_pdfs, sheet_engine  # WeasyPrint

    check_source_date()  # before any work, as `build` checks it: the sheet's dates are its
    path = Path(arguments.character)
    try:
        book = _book_of(path, book_named_by(path, lambda: [book.name for book in discover()]))
        game, problems = load_game(book)
        description = getattr(game, "sheet", None)
        if description is None:
            raise UsageError(
                f"{path}: the game of {book.name} describes no character sheet"
                + "".join(f"\n{p.astext()}" for p in problems)
            )
        try:
            document = read_book(book.main)
        except UnreadableBook as unreadable:
            for finding in unreadable.findings:
                print(finding.astext(), file=sys.stderr)
            raise UsageError(f"{book.name}: the book cannot be read") from None
        # decided as `examine` decides it: the book's settings over its game's
        language = language_of(document.root, {**game.settings, **read_settings(book.folder)[0]})
        place = Citations(document, language).place
        character = read_character(path, description, place, None, language)
    except UnusableCharacter as unusable:
        for diagnostic in unusable.diagnostics:
            print(diagnostic.astext(), file=sys.stderr)
        print(
            f"rulebook: {path}: {counted(len(unusable.diagnostics), 'error')}; no sheet written",
            file=sys.stderr,
        )
        return 2
    out = Path(arguments.out) if arguments.out else output_root() / book.name / f"{path.stem}.pdf"
    # The character's form, filled in and still editable, and beside it the sheet for print.
    printed_out = out.with_name(f"{out.stem}-print{out.suffix or '.pdf'}")
    engine = sheet_engine(book.folder)
    form, flat = character_pdfs(
        description, book.folder, character, arguments.paper, language, engine
    )
    for refusal in engine.report(book.name, "sheet"):
        print(refusal.astext(), file=sys.stderr)
    write_atomic(out, form)
    write_atomic(printed_out, flat)
    if not getattr(arguments, "quiet", 0):
        print(f"{book.name}: sheet: {out} (form), {printed_out} (print)")
    return 0


def _book_of(path: Path, name: str) -> Book:
    """The book a character file names: a folder above the file of that name, else source/BOOK."""
    for folder in Path(path).resolve().parents:
        if folder.name == name and main_file(folder) is not None:
            return Book(name, folder, folder / main_file(folder).name)
    # By name only: a character file is data, and a path there must not make rulebook import
    # the Python of a folder it names (select() would take "/elsewhere/jeu" as a book).
    known = {book.name: book for book in discover()}
    target = Path(path).resolve()
    for book in known.values():
        if target.is_relative_to(book.folder.resolve()) and book.name != name:
            # checked against another book's rules, its sheet would be that book's
            raise UnusableCharacter([misplaced(path, name, book.name)])
    if name in known:
        return known[name]
    raise UnusableCharacter([unknown_book(path, name, known)])
