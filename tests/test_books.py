"""Every book under source/ passes `rulebook check`: a new erratum fails CI."""

from __future__ import annotations

import pytest

from build_tools.books import discover
from build_tools.commands.cli import main

BOOKS = [book.name for book in discover()]


def test_there_are_books():
    assert {"cda", "harmonies", "edad"} <= set(BOOKS)


@pytest.mark.parametrize("name", BOOKS)
def test_book_has_nothing_new_wrong(name, capsys):
    status = main(["check", name])
    output = capsys.readouterr().out
    assert status == 0, output
