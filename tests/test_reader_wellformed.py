"""A book that is not well-formed XML: exit 2, the exact file:line:column, the offending text."""

from __future__ import annotations

import json
import re
import shutil

from conftest import ROOT

HARMONIES_ACTIONS = ROOT / "tests" / "fixtures" / "originals" / "003_42cb36cce8c9b5a1.txt"
STRUCT_DTD = ROOT / "source" / "harmonies" / "struct.dtd"


def located(out: str, name: str) -> tuple[int, int]:
    """The line and column that the text report gives for file `name`."""
    match = re.search(rf"{re.escape(name)}:(\d+):(\d+): fatal: .*\[not-well-formed\]$", out, re.M)
    assert match, out
    return int(match[1]), int(match[2])


def test_the_untouched_harmonies_actions_chapter_is_refused_at_its_first_raw_less_than(
    rulebook, tmp_path, monkeypatch
):
    folder = tmp_path / "harmonies"
    folder.mkdir()
    shutil.copy(HARMONIES_ACTIONS, folder / "actions.xml")
    shutil.copy(STRUCT_DTD, folder / "struct.dtd")
    monkeypatch.chdir(tmp_path)

    status, out, _ = rulebook("check", "harmonies", "--no-rules")

    assert status == 2
    line, column = located(out, "harmonies/actions.xml")
    assert line == 383
    text = HARMONIES_ACTIONS.read_text(encoding="utf-8").splitlines()[line - 1]
    assert text[column - 1] == "<"
    assert column == text.index("<") + 1  # the first raw '<' of the line
    assert text in out  # the offending line is quoted
    caret = out.splitlines()[out.splitlines().index("    " + text) + 1]
    assert caret == " " * (4 + column - 1) + "^"


def test_json_gives_the_same_position(rulebook, tmp_path, monkeypatch):
    folder = tmp_path / "harmonies"
    folder.mkdir()
    shutil.copy(HARMONIES_ACTIONS, folder / "actions.xml")
    shutil.copy(STRUCT_DTD, folder / "struct.dtd")
    monkeypatch.chdir(tmp_path)

    status, out, _ = rulebook("check", str(folder / "actions.xml"), "--format", "json")

    assert status == 2
    (book,) = json.loads(out)["books"]
    assert book["readable"] is False
    (finding,) = book["findings"]
    assert finding["severity"] == "fatal"
    assert finding["category"] == "not-well-formed"
    assert (finding["file"], finding["line"]) == ("harmonies/actions.xml", 383)
    assert "A <= B" in finding["text"]
    assert finding["text"][finding["column"] - 1] == "<"


def test_mismatched_tag(rulebook, write_book):
    folder = write_book(
        "book",
        {"book.xml": "<book>\n  <title>T</title>\n  <para>Une <emphasis>phrase</para>\n</book>\n"},
    )
    status, out, _ = rulebook("check", str(folder), "--no-rules")
    assert status == 2
    assert "book.xml:3:" in out
    assert "Opening and ending tag mismatch: emphasis" in out
    assert "<para>Une <emphasis>phrase</para>" in out


def test_column_counts_characters_not_bytes(rulebook, write_book, tmp_path, monkeypatch):
    line = "  <para>Dégâts élevés : A <= B</para>"
    write_book("book", {"book.xml": f"<book>\n{line}\n</book>\n"})
    monkeypatch.chdir(tmp_path)
    status, out, _ = rulebook("check", "book", "--no-rules")
    assert status == 2
    assert located(out, "book/book.xml") == (2, line.index("<=") + 1)


def test_column_counts_a_tab_as_one_character_and_the_caret_still_points_at_it(
    rulebook, write_book, tmp_path, monkeypatch
):
    line = "<para>\t\tA <= B</para>"
    write_book("book", {"book.xml": f"<book>\n{line}\n</book>\n"})
    monkeypatch.chdir(tmp_path)

    status, out, _ = rulebook("check", "book", "--no-rules")

    assert status == 2
    line_number, column = located(out, "book/book.xml")
    assert (line_number, column) == (2, line.index("<=") + 1)
    lines = out.splitlines()
    shown = next(index for index, text in enumerate(lines) if "A <= B" in text)
    assert lines[shown + 1].index("^") == lines[shown].index("<=")


def test_undefined_entity_says_where_entities_come_from(rulebook, write_book):
    folder = write_book("book", {"book.xml": "<book>\n<para>Caf&eacute;</para>\n</book>\n"})
    status, out, _ = rulebook("check", str(folder), "--no-rules")
    assert status == 2
    assert "book.xml:2:" in out
    assert "Entity 'eacute' not defined" in out
    assert "DocBook DTD" in out


def test_a_file_that_is_not_xml_at_all(rulebook, tmp_path):
    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "book.xml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR binary")
    status, out, _ = rulebook("check", str(folder))
    assert status == 2
    assert "book.xml:1:1: fatal: " in out and "[not-well-formed]" in out


def test_plain_text_and_empty_files(rulebook, write_book):
    folder = write_book("prose", {"book.xml": "Ceci n'est pas du XML.\n"})
    status, out, _ = rulebook("check", str(folder))
    assert status == 2
    assert "book.xml:1:1: fatal: Start tag expected" in out and "[not-well-formed]" in out

    folder = write_book("empty", {"book.xml": ""})
    status, out, _ = rulebook("check", str(folder))
    assert status == 2
    assert "[not-well-formed]" in out


def test_not_well_formed_included_chapter_is_reported_in_its_own_file(rulebook, write_book):
    folder = write_book(
        "book",
        {
            "book.xml": '<book xmlns:xi="http://www.w3.org/2001/XInclude">\n'
            "<title>T</title>\n"
            '<xi:include href="chapters/one.xml"/>\n'
            "</book>\n",
            "chapters/one.xml": "<chapter>\n<title>Un</title>\n<para>si A < B</para>\n</chapter>\n",
        },
    )
    status, out, _ = rulebook("check", str(folder), "--format", "json")
    assert status == 2
    (finding,) = json.loads(out)["books"][0]["findings"]
    assert finding["file"].endswith("chapters/one.xml")
    assert finding["line"] == 3
    assert finding["text"][finding["column"] - 1] == "<"
    assert finding["column"] == len("<para>si A ") + 1
