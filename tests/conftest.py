"""Shared fixtures: run the `rulebook` command in-process, and write small books to disk."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from build_tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
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


@pytest.fixture(scope="session")
def html_books(tmp_path_factory) -> Path:
    """The three books of source/ built to HTML (one page and chunked) once for the test
    process, for every test that reads them; none of those tests writes into a book's folder."""
    out = tmp_path_factory.mktemp("html-books")
    for book in ("cda", "harmonies", "edad"):  # one at a time: failures show here
        assert main(["build", book, "--format", "html", "--out", str(out)]) in (0, 1)
    return out


@pytest.fixture(autouse=True)
def _working_language():
    """Each test starts with the working's language it had before: a check of an English book
    (`examine` sets it) leaves no English working to the French tests run after it."""
    from build_tools.checking.notation import LANGUAGE

    token = LANGUAGE.set(LANGUAGE.get())
    yield
    LANGUAGE.reset(token)
