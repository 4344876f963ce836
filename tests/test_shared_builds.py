"""The build cache the tests share (tests/conftest.py): one build per arguments for the whole
run, whichever worker asks first, and a failed build is the asking test's failure."""

from __future__ import annotations

import pytest

from tests import conftest
from tests.conftest import DOCBOOK_42, Builds

BOOK = f"""<?xml version="1.0" encoding="utf-8"?>
{DOCBOOK_42}
<book lang="fr"><title>Petit</title><chapter id="un"><title>Un</title><para>Texte.</para>
</chapter></book>
"""


def test_a_build_is_made_once_for_every_worker(write_book, tmp_path, monkeypatch):
    folder = write_book("petit", {"book.xml": BOOK})
    cache = tmp_path / "cache"
    cache.mkdir()
    first = Builds(cache).run(folder, "--format", "html", "--no-rules")
    assert first.status == 0, first.err
    assert (first.folder / "petit" / "petit.html").is_file()

    def again(*arguments):
        raise AssertionError("built a second time")

    monkeypatch.setattr(conftest, "_build", again)
    other_worker = Builds(cache)  # a second process reading the same cache
    assert other_worker.run(folder, "--format", "html", "--no-rules") == first
    assert other_worker(folder, "--format", "html", "--no-rules") == first.folder
    with pytest.raises(AssertionError, match="built a second time"):
        other_worker.run(folder, "--format", "pdf", "--no-rules")  # other arguments: built


def test_a_failed_build_fails_the_test_that_asked_with_its_messages(write_book, tmp_path):
    folder = write_book("casse", {"book.xml": BOOK.replace("</para>", "")})
    cache = tmp_path / "cache"
    cache.mkdir()
    with pytest.raises(AssertionError, match=r"(?s)exited 2\n.*book\.xml:\d+"):
        Builds(cache)(folder, "--format", "html", "--no-rules")
    with pytest.raises(AssertionError, match="exited 2"):  # and in each test asking after it
        Builds(cache)(folder, "--format", "html", "--no-rules")
