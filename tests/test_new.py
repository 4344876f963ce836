"""`rulebook new GAME`: a game folder that checks and builds at once, touching no engine file."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

from tests.book_language import french


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    return tmp_path


def engine_files() -> dict[str, int]:
    return {
        str(path): path.stat().st_mtime_ns
        for folder in ("build_tools", "templates")
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_a_new_game_checks_clean_and_builds(rulebook, project):
    before = engine_files()
    status, out, _ = rulebook("new", "mon-jeu", "--title", "Mon Jeu & Cie")
    assert status == 0
    game = project / "source" / "mon-jeu"
    written = {line.split("wrote ")[1] for line in out.splitlines() if "wrote" in line}
    assert written == {str(path.relative_to(project)) for path in game.rglob("*") if path.is_file()}
    assert {"book.xml", "book.toml", "ledger.toml", "__init__.py", "bindings.py", "deck.toml"} <= {
        path.name for path in game.iterdir()
    }
    assert engine_files() == before  # a new game touches no engine file

    status, out, _ = rulebook("check", "mon-jeu")
    assert status == 0, out
    assert out.startswith("mon-jeu: 0 new findings, 0 known")
    assert "coverage: examples 1/1 bound, tables 1/1" in out
    assert "5 cite a sentence of the book (5 found in it)" in out  # each rule cites its sentence
    assert "terms: 4 in all: 3 given, 1 claimed, 0 waived, 0 unbound" in out

    status, out, err = rulebook("build", "mon-jeu", "--format", "html")
    assert status == 0, err
    page = (project / "generated" / "mon-jeu" / "mon-jeu.html").read_text(encoding="utf-8")
    assert "Mon Jeu &amp; Cie" in page and "un total de 17" in page


def test_the_binding_catches_a_wrong_number(rulebook, project):
    rulebook("new", "mon-jeu")
    book = project / "source" / "mon-jeu" / "book.xml"
    book.write_text(book.read_text(encoding="utf-8").replace("total de 17", "total de 18"))
    status, out, _ = rulebook("check", "mon-jeu")
    assert status == 1
    assert "le texte dit 18, les règles donnent 17 [erratum]" in out


def test_the_binding_catches_a_wrong_term(rulebook, project):
    # the scaffold's terms: a difficulty the text names is a rule word the rules check
    rulebook("new", "mon-jeu")
    book = project / "source" / "mon-jeu" / "book.xml"
    book.write_text(book.read_text(encoding="utf-8").replace("Moyenne (15)", "Difficile (15)"))
    status, out, _ = rulebook("check", "mon-jeu")
    assert status == 1
    assert french("book.xml:28:9: error: exemple « Un jet »: le texte dit « Difficile », ") in out
    assert french("les règles donnent « Moyenne » [erratum]") in out


@pytest.mark.slow
def test_a_build_with_no_format_leaves_out_only_what_the_book_has_not(
    rulebook, project, write_book
):
    # a book with no game nor deck: HTML, PDF and errata, and no warning about cards or sheets
    folder = write_book(
        "nu",
        {
            "book.xml": "<book><title>Nu</title><chapter><title>Un</title>"
            "<para>Texte.</para></chapter></book>"
        },
    )
    status, out, err = rulebook("build", str(folder), "-v")
    assert status == 0, err
    steps = re.findall(r"nu: (\w+): built", err)
    assert steps == ["html", "pdf", "errata"], err
    assert "no cards" not in err and "no sheet" not in err


@pytest.mark.parametrize(
    "name, message",
    [("Mon Jeu", "a game's name is its folder's"), ("cda", "already exists")],
)
def test_a_name_that_cannot_be_a_new_game(rulebook, project, name, message):
    (project / "source" / "cda").mkdir(parents=True)
    status, out, err = rulebook("new", name)
    assert status == 2 and message in err


@pytest.mark.parametrize("title", ['Le "jeu"', "Jeu\\ombre", "Deux\nlignes", " "])
def test_a_title_that_would_break_the_games_files_is_refused(rulebook, project, title):
    # (it is written as typed into Python and TOML strings: a " made a game that cannot load)
    status, out, err = rulebook("new", "mon-jeu", "--title", title)
    assert (status, out) == (2, "")
    assert 'a title is one line of text without " nor \\' in err
    assert not (project / "source" / "mon-jeu").exists()
