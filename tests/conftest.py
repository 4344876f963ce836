"""Shared fixtures: run the `rulebook` command in-process, and write small books to disk."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import io
import json
import os
import re
import shutil
import sys
import threading
import traceback
from pathlib import Path
from typing import NamedTuple

import pytest

from build_tools.commands.cli import main

ROOT = Path(__file__).resolve().parent.parent
os.environ["RULEBOOK_NO_CHECK_RECORD"] = "1"
"""`rulebook check` remembers a book's findings while nothing they came from changed
(commands/check_record.py); the tests patch the engine in-process, which no record can see, so
each check runs in full, here and in the commands the tests start, but in the tests of the
records themselves (tests/test_check_record.py)."""
DOCBOOK_42 = (
    '<!DOCTYPE book PUBLIC "-//OASIS//DTD DocBook XML V4.2//EN"\n'
    ' "http://www.oasis-open.org/docbook/xml/4.2/docbookx.dtd">'
)
"""A DocBook 4.2 DOCTYPE as authors write it: the reader maps it to the installed DTD."""


class Run(NamedTuple):
    status: int
    out: str
    err: str


@pytest.fixture
def rulebook(capsys):
    """`rulebook(*argv)` runs the command and returns its exit status, stdout and stderr.

    Whatever the arguments, rulebook must never show a Python traceback nor fail
    as an internal error (exit 3): every test run through this fixture checks it.
    """

    def run(*argv: str) -> Run:
        status = main(list(argv))
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err, out + err
        assert status != 3, out + err
        return Run(status, out, err)

    return run


_opened: list[str] = []
_recording = threading.Event()


def _audit(event: str, arguments: tuple) -> None:
    if event == "open" and _recording.is_set() and arguments and arguments[0] is not None:
        path = arguments[0]
        _opened.append(os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else "")


sys.addaudithook(_audit)  # an audit hook cannot be removed: it records only while asked to


@pytest.fixture
def opened():
    """The paths the process opens while the test runs (Python's `open` and `os.open`), as an
    audit hook sees them: proof of what was read, not of what was quoted."""
    _opened.clear()
    _recording.set()
    yield _opened
    _recording.clear()


@pytest.fixture
def write_book(tmp_path):
    """`write_book(name, {"file.xml": text, ...})` writes a book folder and returns it."""

    def write(name: str, files: dict[str, str], root: Path | None = None) -> Path:
        folder = (root or tmp_path) / name
        folder.mkdir(parents=True, exist_ok=True)
        for relative, text in files.items():
            path = folder / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        return folder

    return write


class Build(NamedTuple):
    """One `rulebook build` of the shared cache: its --out folder and what it said."""

    folder: Path
    status: int
    out: str
    err: str
    layouts: int
    """How many documents WeasyPrint laid out in the building process."""


class Builds:
    """`rulebook build` run once per test run for each argument list, whichever worker asks
    first: the others wait for it and read the same folder (xdist runs a session fixture once
    per worker; the cache lives in the folder the workers' temporary folders share). A folder
    it returns is read by the tests, never written: a test that writes builds its own."""

    def __init__(self, root: Path, scratch=None):
        self.root = root
        self.scratch = scratch
        """`scratch(name)`: a new folder of this process (tmp_path_factory.mktemp)."""
        self.known: dict[str, Build] = {}
        self.values: dict[str, object] = {}

    def __call__(self, book: str | Path, *options: str, env: dict[str, str] | None = None) -> Path:
        """The --out folder of `rulebook build BOOK OPTIONS` (BOOK/ inside it), built with
        `env` added to the environment; a build that exits 2 or more fails the asking test."""
        build = self.run(book, *options, env=env)
        assert build.status in (0, 1), (
            f"rulebook build {book} {' '.join(options)} exited {build.status}\n"
            f"{build.out}{build.err}"
        )
        return build.folder

    def run(self, book: str | Path, *options: str, env: dict[str, str] | None = None) -> Build:
        """The build with its exit status and output; like the `rulebook` fixture, it fails the
        asking test on a traceback or an internal error (exit 3)."""
        argv = ["build", str(book), *options]
        key = json.dumps([argv, sorted((env or {}).items())])
        if key not in self.known:
            self.known[key] = self._shared(key, argv, env or {})
        build = self.known[key]
        assert "Traceback" not in build.out + build.err, build.out + build.err
        assert build.status != 3, build.out + build.err
        return build

    def books(self, names, *options: str, env: dict[str, str] | None = None) -> Path:
        """A folder of this process holding each book's folder of its shared build, as one
        `rulebook build` of them all writes it (a test may add a file beside them, never into
        them)."""
        out = self.scratch("books")
        worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
        names = list(names)
        start = worker % len(names)
        for name in names[start:] + names[:start]:  # each worker builds another one first
            folder = self(name, *options, env=env) / Path(name).name
            (out / Path(name).name).symlink_to(folder, target_is_directory=True)
        return out

    def computed(self, name: str, make):
        """`make()`, a value JSON keeps, computed once per run by the first worker asking for
        `name`: what is slow to read out of a shared build (the text of a PDF's pages)."""
        if name not in self.values:
            digest = hashlib.sha256(name.encode()).hexdigest()[:16]
            record = self.root / f"computed-{digest}.json"
            with (self.root / f"computed-{digest}.lock").open("w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)
                if not record.is_file():  # make() raising fails the asking test, and writes none
                    written = record.with_suffix(".partial")
                    written.write_text(json.dumps(make()), encoding="utf-8")
                    written.replace(record)
            self.values[name] = json.loads(record.read_text(encoding="utf-8"))
        return self.values[name]

    def book(self, name: str, files: dict[str, str]) -> Path:
        """A fixture book written once for the run (`write_book`'s arguments), so that its
        builds are shared as a source book's are; like them, read, never written."""
        key = json.dumps([name, sorted(files.items())])
        folder = self.root / f"book-{hashlib.sha256(key.encode()).hexdigest()[:16]}" / name
        with (self.root / f"{folder.parent.name}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not folder.parent.is_dir():
                written = folder.parent.with_suffix(".partial")
                shutil.rmtree(written, ignore_errors=True)
                for relative, text in files.items():
                    path = written / name / relative
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_text(text, encoding="utf-8")
                written.replace(folder.parent)
        return folder

    def _shared(self, key: str, argv: list[str], env: dict[str, str]) -> Build:
        name = hashlib.sha256(key.encode()).hexdigest()[:16]
        folder, record = self.root / name, self.root / f"{name}.json"
        with (self.root / f"{name}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
            if not record.is_file():
                shutil.rmtree(folder, ignore_errors=True)  # what a killed worker left
                written = record.with_suffix(".partial")
                written.write_text(json.dumps(_build(argv, env, folder)), encoding="utf-8")
                written.replace(record)
        done = json.loads(record.read_text(encoding="utf-8"))
        return Build(folder, done["status"], done["out"], done["err"], done["layouts"])


def _build(argv: list[str], env: dict[str, str], folder: Path) -> dict:
    """Run `rulebook ARGV --out FOLDER` in this process: its status, output and layouts."""
    import weasyprint

    out, err, layouts = io.StringIO(), io.StringIO(), []
    render = weasyprint.HTML.render

    def counted(document, *arguments, **settings):
        layouts.append(1)
        return render(document, *arguments, **settings)

    previous = {name: os.environ.get(name) for name in env}
    os.environ.update(env)
    weasyprint.HTML.render = counted
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main([*argv, "--out", str(folder)])
    except BaseException:  # said in the test that asked, and in every one asking after it
        status = 3
        err.write(traceback.format_exc())
    finally:
        weasyprint.HTML.render = render
        for name, value in previous.items():
            if value is None:
                del os.environ[name]
            else:
                os.environ[name] = value
    return {"status": status, "out": out.getvalue(), "err": err.getvalue(), "layouts": len(layouts)}


@pytest.fixture(scope="session")
def shared_build(tmp_path_factory) -> Builds:
    """`shared_build(book, *options, env=None)`: the --out folder of that build, made once per
    run of the suite."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the run's folder, above each worker's own
    root = base / "shared-builds"
    root.mkdir(exist_ok=True)
    return Builds(root, tmp_path_factory.mktemp)


@pytest.fixture(scope="session")
def html_books(shared_build) -> Path:
    """The three books of source/ built to HTML (one page and chunked) once for the run: a
    folder of this process holding each book's folder of the shared builds (a test may add a
    file beside them, never into them)."""
    return shared_build.books(("cda", "harmonies", "edad"), "--format", "html")


@pytest.fixture(scope="module")
def chromium(tmp_path_factory):
    """One headless Chromium for the module's tests (tests/chromium.py): it starts in about a
    second, so a module starts it once; each test takes a browser context (`browser`)."""
    from tests.chromium import Browser

    browser = Browser(tmp_path_factory.mktemp("chromium") / "profile")
    yield browser
    browser.close()


@pytest.fixture
def browser(chromium):
    """The module's Chromium in a browser context of the test's own: as fresh as a new profile
    (no cookie, storage or cache of the tests before), its tabs closed after the test."""
    chromium.new_context()
    yield chromium
    chromium.end_context()


@pytest.fixture(scope="session")
def book_copy(tmp_path_factory):
    """`book_copy(name)`: one copy per test process of book `name` of source/, its game loaded
    once, for the tests that edit its text, check it and undo the edit (tests/book_copies.py).
    A test that edits the rules module makes a copy of its own."""
    from book_copies import BookCopy

    copies: dict[str, BookCopy] = {}

    def copy(name: str) -> BookCopy:
        if name not in copies:
            copies[name] = BookCopy(name, tmp_path_factory.mktemp(f"copy-{name}"))
        return copies[name]

    return copy


@pytest.fixture(autouse=True, scope="session")
def _no_fsync():
    """The outputs are written as a build writes them (a temporary file, renamed into place),
    but not forced to the disk: no test pulls the power, and the thousands of fsyncs of the
    suite's builds and new games cost it more wall time than the checks of most files.
    tests/test_machine_failures.py makes fsync fail in its own tests."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", lambda descriptor: None)
        yield


@pytest.fixture(scope="session")
def checked_book():
    """`checked_book(name)`: `examine` of book `name` of source/ as it stands, once per test
    process, for the tests that only read its report (its findings, coverage, document)."""
    from build_tools.books import select
    from build_tools.examine import examine

    reports = {}

    def checked(name: str):
        if name not in reports:
            (book,) = select([str(ROOT / "source" / name)])
            reports[name] = examine(book)
        return reports[name]

    return checked


def deck_of(book, game):
    """The deck of `book` as its check computes it: its ledger's notes, in its language."""
    from build_tools.checking.deck import load_deck
    from build_tools.ledger import read_ledger
    from build_tools.model.language import folder_language

    return load_deck(game, read_ledger(book.ledger)[0], folder_language(book.folder))


def first_cards(deck: Path, count: int) -> int:
    """Keep the first `count` cards of the `deck` file of a book's copy, so that its build lays
    out only the cards the test reads (a build lays each card out up to six times); returns how
    many cards it had."""
    text = deck.read_text(encoding="utf-8")
    starts = [match.start() for match in re.finditer(r"^\[\[card\]\]$", text, re.M)]
    if len(starts) > count:
        deck.write_text(text[: starts[count]], encoding="utf-8")
    return len(starts)
