"""Finding the books under `source/` and loading the game each book folder registers."""

from __future__ import annotations

import importlib.util
import os
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from build_tools.diagnostics import Finding, display_path
from build_tools.model.language import language_of
from build_tools.reader import UnreadableBook, main_file, read_book
from build_tools.settings import read_settings


class UsageError(Exception):
    """A command was asked for something that does not exist (exit status 2)."""


@dataclass
class Game:
    """What a book folder registers through its `setup(game)`: rules, bindings, settings."""

    name: str
    folder: Path
    rules: ModuleType | None = None
    binder: Any = None
    example_sections: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)
    sheet: Any = None
    """The character sheet's description (`build_tools.model.sheet.Description`)."""


@dataclass
class Book:
    """A book: a folder under `source/` and its main DocBook file."""

    name: str
    folder: Path
    main: Path
    note: str = ""
    """How the book was chosen, when the command line did not name it (a chapter of it)."""

    @property
    def ledger(self) -> Path:
        return self.folder / "ledger.toml"

    def summary(self) -> dict[str, Any]:
        """Title, language (`language_of`, '' for a book that cannot be read) and files, read
        with the book's own reader.

        The reader (not a bare parser) so that DocBook entities in the title read
        as their characters, and a title in an included file is found.
        """
        title, language = "", ""
        try:
            root = read_book(self.main).root
            title = (
                " ".join("".join(root.find("bookinfo/title").itertext()).split())
                if root.find("bookinfo/title") is not None
                else " ".join("".join(root.findtext("title") or "").split())
            )
            # as `examine` decides it, but for the game's settings (listing runs no game)
            language = language_of(root, read_settings(self.folder)[0])
        except UnreadableBook:
            pass
        files = sorted(
            str(path.relative_to(self.folder))
            for path in self.folder.rglob("*")
            if path.suffix in (".xml", ".dtd", ".ent") and path.is_file()
        )
        return {
            "book": self.name,
            "title": title,
            "lang": language,
            "main": str(self.main),
            "files": files,
        }


SOURCE = "source"
"""The folder of a project that holds its books: what `rulebook` looks for, as git `.git`."""


def project_folder(start: Path | None = None) -> Path | None:
    """The nearest folder holding `source/`, from `start` (the current folder) up, as git finds
    its repository; None when no folder up to the root holds one."""
    here = (start or Path.cwd()).absolute()
    for folder in (here, *here.parents):
        if (folder / SOURCE).is_dir():
            return folder
    return None


def source_root() -> Path:
    """The folder holding the books: $RULEBOOK_SOURCE, else the nearest source/ from the current
    folder up (relative when it is the current folder's own), else ./source (`rulebook new`
    makes it)."""
    if "RULEBOOK_SOURCE" in os.environ:
        return Path(os.environ["RULEBOOK_SOURCE"])
    project = project_folder()
    if project is None or project == Path.cwd().absolute():
        return Path(SOURCE)
    return project / SOURCE


def output_root() -> Path:
    """Where `build` and `serve` write when --out is not given: the project's generated/ (beside
    its source/, wherever in the project rulebook runs), else ./generated."""
    root = source_root()
    if "RULEBOOK_SOURCE" in os.environ or not root.is_absolute():
        return Path("generated")
    return root.parent / "generated"


def no_book_found() -> str:
    """What to say when no book is found, with where rulebook looked."""
    if "RULEBOOK_SOURCE" in os.environ:
        where = f"under {source_root().absolute()}/ (RULEBOOK_SOURCE)"
    elif project_folder() is None:
        where = f"in a source/ folder of {Path.cwd().absolute()} or of any folder above it"
    else:
        where = f"under {source_root().absolute()}/"
    return (
        f"no book found {where} (a book is a folder of source/ with a book.xml; run rulebook "
        "inside the project, or set RULEBOOK_SOURCE to the folder of the books)"
    )


def discover(root: Path | None = None) -> list[Book]:
    """Every book under `root`, by name."""
    root = root or source_root()
    if not root.is_dir():
        return []
    books = []
    for folder in sorted(path for path in root.iterdir() if path.is_dir()):
        try:
            main = main_file(folder)
        except OSError:  # unreadable: the reader will say why, for this book alone
            main = folder / "book.xml"
        if main is not None:
            books.append(Book(folder.name, folder.resolve(), folder.resolve() / main.name))
    return books


def select(arguments: list[str], root: Path | None = None) -> list[Book]:
    """The books named on the command line: names under `source/`, folders or files.

    A file that a book includes (a chapter) stands for that book, which is checked whole.
    """
    if not arguments:
        books = discover(root)
        if not books:
            if root is not None:
                raise UsageError(f"no book found under {root.absolute()}/")
            raise UsageError(no_book_found())
        return books
    known = {book.name: book for book in discover(root)}
    chosen = []
    for argument in arguments:
        path = Path(argument)
        if argument in known and not path.exists():
            chosen.append(known[argument])
        elif path.is_dir():
            main = main_file(path)
            if main is None and argument in known:
                # a folder of that name holds no book (the book's outputs, say): the name wins
                chosen.append(known[argument])
                continue
            if main is None:
                raise UsageError(
                    f"{argument}: no book.xml, and not exactly one .xml file at its top level"
                )
            chosen.append(Book(path.resolve().name, path.resolve(), path.resolve() / main.name))
        elif path.is_file():
            book = including_book(path)
            if book is None and path.suffix.lower() not in DOCBOOK_SUFFIXES:
                book = _book_holding(path, known.values())
                if book is None:
                    raise UsageError(
                        f"{argument}: not a DocBook file, nor a file of a book under source/ "
                        "(name a book, its folder, its main file or a chapter)"
                    )
            chosen.append(book or _book_of_file(path))
        elif argument in known:
            chosen.append(known[argument])
        else:
            names = ", ".join(known) or "none"
            raise UsageError(f"{argument}: no such book (books under source/: {names})")
    # One book named twice (cda, source/cda, a chapter of it) is checked and built once:
    # twice, two processes would write the same outputs at once.
    unique: dict[tuple[Path, Path], Book] = {}
    for book in chosen:
        unique.setdefault((book.folder.resolve(), book.main.resolve()), book)
    by_name: dict[str, Book] = {}
    for book in unique.values():
        other = by_name.setdefault(book.name, book)
        if other is not book:  # their reports would not tell them apart, nor generated/NAME
            raise UsageError(
                f"two books are named {book.name}: {other.main} and {book.main}; "
                "check or build them one at a time"
            )
    return list(unique.values())


DOCBOOK_SUFFIXES = (".xml", ".dbk", ".docbook")
"""What a DocBook file is named: any other file is not read as a book's main file."""


def _book_holding(path: Path, books) -> Book | None:
    """The book whose folder holds `path` (its ledger, a rules module, a character file…)."""
    target = path.resolve()
    for book in books:
        if target.is_relative_to(book.folder.resolve()):
            note = f"{path} is a file of {book.name}: the whole book is checked"
            return Book(book.name, book.folder, book.main, note)
    return None


def _book_of_file(path: Path) -> Book:
    folder = path.absolute().parent.resolve()
    return Book(folder.name, folder, folder / path.name)


SEARCHED_ABOVE = 3
"""How many folders, from a file's own up, may hold the book that includes it."""


def including_book(path: Path) -> Book | None:
    """The book that includes the file `path` (a chapter), if `path` is not a main file itself.

    The book is looked for in the file's folder and the folders above it, up to the first
    that holds a main file (`book.xml`, or its only top-level `.xml`).
    """
    target = path.resolve()
    for folder in [target.parent, *target.parent.parents][:SEARCHED_ABOVE]:
        main = main_file(folder)
        if main is None or main.resolve() == target:
            continue  # a chapter alone in its folder is that folder's only .xml
        try:
            files = {file.resolve() for file in read_book(main).files}
        except UnreadableBook:
            return None
        if target not in files:
            return None
        book = Book(folder.name, folder, folder / main.name)
        book.note = (
            f"{path} is a part of {folder.name} ({display_path(main)}): the whole book is checked"
        )
        return book
    return None


def load_game(book: Book) -> tuple[Game | None, list[Finding]]:
    """Import the book folder as a package and let it register its game, if it has one."""
    init = book.folder / "__init__.py"
    if not init.is_file():
        return None, []
    game = Game(book.name, book.folder)
    name = f"rulebook_games.{_identifier(book.name)}_{zlib.crc32(str(book.folder).encode()):08x}"
    if "rulebook_games" not in sys.modules:
        package = ModuleType("rulebook_games")
        package.__path__ = []  # a namespace for the games' packages, which are loaded by path
        sys.modules["rulebook_games"] = package
    try:
        spec = importlib.util.spec_from_file_location(
            name, init, submodule_search_locations=[str(book.folder)]
        )
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        if not callable(getattr(module, "setup", None)):
            return None, [_game_error(book, init, 1, "its __init__.py defines no setup(game)")]
        module.setup(game)
        wrong = _wrongly_registered(game)
        if wrong:
            what, line = wrong
            return None, [_game_error(book, init, line, what)]
    except Exception as error:  # a game that cannot load is a finding about that game
        import traceback

        frames = [
            frame
            for frame in traceback.extract_tb(error.__traceback__)
            if Path(frame.filename).resolve().is_relative_to(book.folder)
        ]
        frame = frames[-1] if frames else None
        file, line, column = (Path(frame.filename), frame.lineno, 0) if frame else (init, 0, 0)
        text = frame.line if frame else ""
        if isinstance(error, SyntaxError) and error.filename and error.lineno:
            # the place of the mistake, not of the import that met it
            file, line, column = Path(error.filename), error.lineno, error.offset or 0
            text = (error.text or "").rstrip("\n")
        return None, [
            Finding(
                "error",
                "game-error",
                f"the game of {book.name} cannot load: {type(error).__name__}: {error}",
                file=file,
                line=line,
                column=column,
                text=text,
                caret=column if text else 0,
                key="load",
            )
        ]
    return game, []


def _game_error(book: Book, file: Path, line: int, what: str) -> Finding:
    from build_tools.diagnostics import source_line

    return Finding(
        "error",
        "game-error",
        f"the game of {book.name} cannot load: {what}",
        file=file,
        line=line,
        text=source_line(file, line),
        key="load",
    )


def _wrongly_registered(game: Game) -> tuple[str, int] | None:
    """What `setup(game)` registered of the wrong kind (a module where a Binder goes…), and the
    line of __init__.py that did it; None when all is well."""
    from build_tools.checking.binder import Binder

    expected = {
        "binder": (Binder, "a Binder (bindings.binder, made by Binder())"),
        "rules": (ModuleType, "the rules package or module (from . import rules)"),
    }
    for attribute, (kind, said) in expected.items():
        value = getattr(game, attribute)
        if value is not None and not isinstance(value, kind):
            return (
                f"game.{attribute} must be {said}, not {type(value).__name__}",
                _line_holding(game.folder / "__init__.py", f"game.{attribute}"),
            )
    sheet = game.sheet
    if sheet is not None and not callable(getattr(sheet, "boxes", None)):
        return (
            "game.sheet must be the sheet's Description (rules/fiche.py), "
            f"not {type(sheet).__name__}",
            _line_holding(game.folder / "__init__.py", "game.sheet"),
        )
    return None


def _line_holding(file: Path, text: str) -> int:
    try:
        lines = file.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return 1
    return next((number for number, line in enumerate(lines, 1) if text in line), 1)


def _identifier(text: str) -> str:
    return "".join(character if character.isalnum() else "_" for character in text)
