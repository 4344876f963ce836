"""`rulebook check` gives a book's findings again from its record while nothing they came from
changed, and checks it again at any change (commands/check_record.py)."""

from __future__ import annotations

import os
import pickle

import pytest
from conftest import DOCBOOK_42

CHAPTER = """<chapter id="combat"><title>Combat</title>
<para>Voir <xref linkend="{target}"/>.</para>
</chapter>
"""
BOOK = f"""<?xml version="1.0" encoding="utf-8"?>
{DOCBOOK_42}
<book lang="fr" xmlns:xi="http://www.w3.org/2001/XInclude"><title>Règles</title>
<chapter id="armes"><title>Armes</title><para>Une épée.</para></chapter>
<xi:include href=".combat.xml"/>
</book>
"""


@pytest.fixture
def book(write_book, tmp_path, monkeypatch):
    """A book whose one chapter, a hidden file, points at a missing id: one finding."""
    folder = write_book(
        "regles",
        {"book.xml": BOOK, ".combat.xml": CHAPTER.format(target="armures")},
        root=tmp_path / "source",
    )
    monkeypatch.chdir(tmp_path)
    for name in ("RULEBOOK_SOURCE", "RULEBOOK_NO_CHECK_RECORD", "NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    return folder


RECORD = os.path.join("generated", "regles", ".rulebook-check")


def _written_an_hour_ago(folder):
    """A file just written is hashed again at every check (an edit within the clock's tick
    would keep its time): these are not, as a book's files seldom are."""
    for path in folder.iterdir():
        os.utime(path, (path.stat().st_atime - 3600, path.stat().st_mtime - 3600))


def test_a_second_check_reads_nothing_of_the_book_and_says_the_same(rulebook, book, opened):
    _written_an_hour_ago(book)
    first = rulebook("check", "--format", "json")
    assert first.status == 1 and "armures" in first.out
    assert os.path.isfile(RECORD)
    opened.clear()
    second = rulebook("check", "--format", "json")
    assert second == first
    assert not [path for path in opened if os.path.abspath(path).startswith(str(book))]


def test_a_change_of_the_tool_checks_the_book_again(rulebook, book, opened, monkeypatch, tmp_path):
    from build_tools.commands import check_record

    tool = tmp_path / "tool"
    tool.mkdir()
    (tool / "module.py").write_text("SEUIL = 1\n", encoding="utf-8")
    monkeypatch.setattr(check_record, "TOOL", (*check_record.TOOL, tool))
    _written_an_hour_ago(book)
    _written_an_hour_ago(tool)
    expected = rulebook("check")
    opened.clear()
    assert rulebook("check") == expected
    assert str(book / "book.xml") not in opened  # the record stood
    (tool / "module.py").write_text("SEUIL = 2\n", encoding="utf-8")
    opened.clear()
    assert rulebook("check") == expected
    assert str(book / "book.xml") in opened  # read again: the record did not stand


def test_an_edit_is_seen_even_when_it_keeps_the_size_and_the_time(rulebook, book):
    rulebook("check")
    chapter = book / ".combat.xml"
    status = chapter.stat()
    chapter.write_text(CHAPTER.format(target="armurez"), encoding="utf-8")
    os.utime(chapter, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert chapter.stat().st_size == status.st_size
    again = rulebook("check")
    assert "linkend-armurez" in again.out and "linkend-armures" not in again.out
    chapter.write_text(CHAPTER.format(target="armes"), encoding="utf-8")
    assert rulebook("check").status == 0


def test_the_ledger_is_read_again_when_it_changes(rulebook, book):
    assert rulebook("check").status == 1
    assert rulebook("ledger", "accept").status == 0
    assert rulebook("check").status == 0


def test_a_planted_record_runs_nothing_and_is_replaced(rulebook, book, tmp_path):
    expected = rulebook("check")
    planted = tmp_path / "planted"

    class Planted:
        def __reduce__(self):
            return (os.system, (f"touch {planted}",))

    with open(RECORD, "wb") as handle:
        pickle.dump({"schema": 1, "report": Planted()}, handle)
    assert rulebook("check") == expected
    assert not planted.exists()
    assert rulebook("check") == expected


def test_a_link_planted_as_the_record_is_neither_read_nor_written_through(
    rulebook, book, tmp_path, opened
):
    expected = rulebook("check")
    outside = tmp_path / "outside"
    outside.write_bytes(open(RECORD, "rb").read())
    os.remove(RECORD)
    os.symlink(outside, RECORD)
    before = outside.read_bytes()
    opened.clear()
    assert rulebook("check") == expected
    assert str(outside) not in opened
    assert outside.read_bytes() == before and not os.path.islink(RECORD)
