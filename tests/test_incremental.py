"""Incremental builds: an output is built again when, and only when, one of its inputs changed;
and what a build no longer writes is removed."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from conftest import ROOT

import build_tools
from build_tools.render import incremental

BOOK = """<book xmlns:xi="http://www.w3.org/2001/XInclude" lang="fr">
<title>Règles</title>
<xi:include href="un.xml"/>
<xi:include href="deux.xml"/>
</book>
"""
ONE = '<chapter id="un"><title>Un</title><para>Premier chapitre.</para></chapter>\n'
TWO = '<chapter id="deux"><title>Deux</title><para>Second chapitre.</para></chapter>\n'
GAME = "def setup(game):\n    from . import regles  # noqa: F401\n"


@pytest.fixture
def book(write_book, tmp_path, monkeypatch):
    folder = write_book(
        "regles",
        {
            "book.xml": BOOK,
            "un.xml": ONE,
            "deux.xml": TWO,
            "__init__.py": GAME,
            "regles.py": "DE = 20\n",
        },
        root=tmp_path / "source",
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    return folder


@pytest.fixture
def build(rulebook, book):
    """`build(*options)`: the formats built again, and those up to date."""

    def run(*options: str) -> tuple[set[str], set[str]]:
        status, out, err = rulebook("build", "regles", "--format", "html", *options)
        assert status == 0, err
        lines = out.splitlines()
        fresh = {line.split(": ")[1] for line in lines if not line.endswith(": up to date")}
        kept = {line.split(": ")[1] for line in lines if line.endswith(": up to date")}
        return fresh, kept

    return run


def edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_nothing_changed_nothing_built(build, tmp_path):
    assert build() == ({"html"}, set())
    page = tmp_path / "generated" / "regles" / "html" / "un.html"
    written = page.stat().st_mtime_ns
    assert build() == (set(), {"html"})
    assert page.stat().st_mtime_ns == written
    assert build("--force") == ({"html"}, set())


@pytest.mark.parametrize(
    "change",
    ["chapter", "main file", "ledger", "rules", "a new file", "a touched file"],
)
def test_each_kind_of_book_input_rebuilds(build, book, tmp_path, change):
    build()
    if change == "chapter":
        edit(book / "un.xml", "Premier chapitre.", "Premier chapitre, revu.")
    elif change == "main file":
        edit(book / "book.xml", "<title>Règles</title>", "<title>Les règles</title>")
    elif change == "ledger":
        (book / "ledger.toml").write_text("# rien de connu\n", encoding="utf-8")
    elif change == "rules":
        edit(book / "regles.py", "DE = 20", "DE = 12")
    elif change == "a new file":
        (book / "cartes.toml").write_text("[deck]\n", encoding="utf-8")
    else:  # the same content, a new time: nothing to rebuild
        os.utime(book / "un.xml", ns=(1, 1))
        assert build() == (set(), {"html"})
        return
    assert build() == ({"html"}, set())
    assert build() == (set(), {"html"})


def test_the_page_shows_the_edit(build, book, tmp_path):
    build()
    edit(book / "deux.xml", "Second chapitre.", "Second chapitre, réécrit.")
    build()
    page = (tmp_path / "generated" / "regles" / "html" / "deux.html").read_text(encoding="utf-8")
    assert "Second chapitre, réécrit." in page


def test_options_version_templates_and_code_rebuild(build, book, tmp_path, monkeypatch):
    build()
    assert build("--draft") == ({"html"}, set())  # other options, another output
    assert build("--draft") == (set(), {"html"})
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert build("--draft") == ({"html"}, set())

    monkeypatch.setattr(build_tools, "__version__", "99.0")
    assert build("--draft") == ({"html"}, set())

    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates)
    monkeypatch.setattr(incremental, "templates_folder", lambda: templates)
    build("--draft")
    assert build("--draft") == (set(), {"html"})
    edit(
        templates / "css" / "book.css",
        "}",
        "}\n/* a change */",
    )
    assert build("--draft") == ({"html"}, set())

    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "module.py").write_text("X = 1\n", encoding="utf-8")
    monkeypatch.setattr(incremental, "ENGINE", engine)
    build("--draft")
    (engine / "module.py").write_text("X = 2\n", encoding="utf-8")
    assert build("--draft") == ({"html"}, set())


def test_the_same_code_elsewhere_with_other_times_builds_nothing_again(
    build, tmp_path, monkeypatch
):
    """A reinstall or a checkout gives the code new times, and maybe a new folder, not new
    content: the outputs stay up to date, and the manifest records no file of the code."""
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "module.py").write_text("X = 1\n", encoding="utf-8")
    monkeypatch.setattr(incremental, "ENGINE", engine)
    assert build() == ({"html"}, set())
    reinstalled = tmp_path / "reinstalled"
    shutil.copytree(engine, reinstalled)
    os.utime(reinstalled / "module.py", ns=(1, 1))
    monkeypatch.setattr(incremental, "ENGINE", reinstalled)
    assert build() == (set(), {"html"})
    manifest = tmp_path / "generated" / "regles" / incremental.MANIFEST
    recorded = json.loads(manifest.read_text(encoding="utf-8"))["formats"]
    names = [name for kept in recorded.values() for name in kept["inputs"]]
    assert not [name for name in names if "module.py" in name], names
    monkeypatch.setattr(incremental, "_library_versions", lambda: {"weasyprint": "0.1"})
    assert build() == ({"html"}, set())  # another version of a library that renders


def test_nothing_stale_is_kept(build, book, tmp_path):
    build()
    pages = tmp_path / "generated" / "regles" / "html"
    assert (pages / "deux.html").is_file()
    edit(book / "book.xml", '<xi:include href="deux.xml"/>\n', "")
    build()
    assert (pages / "un.html").is_file()
    assert not (pages / "deux.html").exists()  # the chapter is gone, and so is its page


def test_an_output_deleted_or_edited_is_built_again(build, tmp_path):
    build()
    page = tmp_path / "generated" / "regles" / "html" / "un.html"
    page.unlink()
    assert build() == ({"html"}, set())
    assert page.is_file()
    page.write_text("edited by hand", encoding="utf-8")
    assert build() == ({"html"}, set())
    assert "Premier chapitre." in page.read_text(encoding="utf-8")


def test_an_up_to_date_build_still_reports_what_the_check_found(rulebook, book):
    edit(book / "un.xml", "Premier chapitre.", '<xref linkend="nulle-part"/>')
    for _ in range(2):
        status, _, err = rulebook("build", "regles", "--format", "html", "--strict")
        assert status == 1
        assert "rulebook: regles: 1 new finding" in err


def test_outputs_inside_the_books_folder_are_not_its_inputs(build, book):
    # `--out source/regles/site`: the first build's files must not make the second one stale
    out = str(book / "site")
    assert build("--out", out) == ({"html"}, set())
    assert build("--out", out) == (set(), {"html"})
    edit(book / "un.xml", "Premier", "Tout premier")
    assert build("--out", out) == ({"html"}, set())


def test_a_stylesheet_rebuilds_only_the_format_that_reads_it(rulebook, book, tmp_path, monkeypatch):
    """The web stylesheet is the HTML's alone, the print stylesheet the PDF's alone."""
    templates = tmp_path / "templates"
    shutil.copytree(ROOT / "templates", templates)
    monkeypatch.setattr(incremental, "templates_folder", lambda: templates)

    def build() -> tuple[set[str], set[str]]:
        status, out, err = rulebook("build", "regles", "--format", "html,pdf")
        assert status == 0, err
        lines = out.splitlines()
        fresh = {line.split(": ")[1] for line in lines if not line.endswith(": up to date")}
        kept = {line.split(": ")[1] for line in lines if line.endswith(": up to date")}
        return fresh, kept

    build()
    edit(templates / "css" / "book.css", "}", "}\n/* a change */")
    assert build() == ({"html"}, {"pdf"})
    edit(templates / "pdf" / "print.css", "}", "}\n/* a change */")
    assert build() == ({"pdf"}, {"html"})
    page = templates / "html" / "book.html"
    page.write_text(page.read_text(encoding="utf-8") + "{# a change #}\n", encoding="utf-8")
    assert build() == ({"html", "pdf"}, set())  # the pages' templates: both formats
