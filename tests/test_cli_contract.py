"""The `rulebook` command's contract: which books it finds, how BOOK is named, exit statuses."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT

ALPHA = (
    '<book lang="fr" xmlns:xi="http://www.w3.org/2001/XInclude">\n'
    "<bookinfo><title>Les  Clefs\n de l'Aube</title></bookinfo>\n"
    '<xi:include href="chapitres/un.xml"/>\n</book>\n'
)
CHAPTER = "<chapter><title>Un</title><para>Texte.</para></chapter>\n"
BETA = '<book lang="en"><title>Edad</title><chapter><title>One</title><para/></chapter></book>\n'
BROKEN = "<book>\n<para>A < B</para>\n</book>\n"


@pytest.fixture
def source(write_book, tmp_path, monkeypatch):
    """A source tree: alpha (book.xml + a chapter), beta (its only .xml), and two non-books."""
    root = tmp_path / "source"
    write_book("alpha", {"book.xml": ALPHA, "chapitres/un.xml": CHAPTER}, root=root)
    write_book("beta", {"edad.xml": BETA, "notes.txt": "pas un livre"}, root=root)
    write_book("gamma", {"a.xml": BETA, "b.xml": BETA}, root=root)  # two candidates: no book
    write_book("delta", {"README.md": "rien"}, root=root)
    (root / "stray.xml").write_text(BETA, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    return root


def test_list_names_each_book_with_title_language_and_files(rulebook, source):
    status, out, _ = rulebook("list")
    assert status == 0
    assert "alpha: Les Clefs de l'Aube [fr]" in out
    assert "beta: Edad [en]" in out
    assert "gamma" not in out and "delta" not in out and "stray" not in out
    assert "  files: book.xml, chapitres/un.xml" in out


def test_list_as_json(rulebook, source):
    status, out, _ = rulebook("list", "--format", "json")
    assert status == 0
    books = json.loads(out)["books"]
    assert [b["book"] for b in books] == ["alpha", "beta"]
    alpha, beta = books
    assert (alpha["title"], alpha["lang"]) == ("Les Clefs de l'Aube", "fr")
    assert alpha["files"] == ["book.xml", "chapitres/un.xml"]
    assert alpha["main"] == str(source / "alpha" / "book.xml")
    assert (beta["title"], beta["lang"], beta["files"]) == ("Edad", "en", ["edad.xml"])
    assert beta["main"].endswith("beta/edad.xml")


def test_rulebook_source_points_elsewhere(rulebook, source, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("RULEBOOK_SOURCE", str(source))
    out = rulebook("list", "--format", "json").out
    assert [b["book"] for b in json.loads(out)["books"]] == ["alpha", "beta"]


def checked(out: str) -> list[str]:
    return [book["book"] for book in json.loads(out)["books"]]


@pytest.mark.parametrize(
    "argument",
    ["beta", "source/beta", "source/beta/", "source/beta/edad.xml"],
    ids=["name", "folder", "folder/", "main file"],
)
def test_check_one_book_by_name_folder_or_main_file(rulebook, source, argument):
    status, out, _ = rulebook("check", argument, "--no-rules", "--format", "json")
    assert status == 0
    assert checked(out) == ["beta"]
    assert json.loads(out)["books"][0]["main"].endswith("beta/edad.xml")


def test_a_folders_main_file_is_book_xml_before_any_other(rulebook, source):
    (source / "alpha" / "autre.xml").write_text(BROKEN, encoding="utf-8")
    status, out, _ = rulebook("check", "source/alpha", "--no-rules", "--format", "json")
    assert status == 0
    assert json.loads(out)["books"][0]["main"].endswith("alpha/book.xml")


def test_no_book_means_every_book(rulebook, source):
    status, out, _ = rulebook("check", "--no-rules", "--format", "json")
    assert status == 0
    assert checked(out) == ["alpha", "beta"]


def test_several_books_and_the_worst_status_wins(rulebook, source, write_book):
    write_book("casse", {"book.xml": BROKEN}, root=source)
    status, out, _ = rulebook("check", "alpha", "casse", "--no-rules", "--format", "json")
    assert status == 2
    assert checked(out) == ["alpha", "casse"]


def test_a_book_named_beside_a_folder_of_that_name_holding_no_book(rulebook, source):
    """`rulebook check alpha` from a folder holding `alpha/` (the book's outputs, say): the name
    means the book under source/; a folder of that name holding a book would win."""
    (source.parent / "alpha").mkdir()
    (source.parent / "alpha" / "alpha.html").write_text("<html></html>", encoding="utf-8")
    status, out, err = rulebook("check", "alpha", "--no-rules", "--format", "json")
    assert status == 0, err
    assert checked(out) == ["alpha"]


def test_an_unknown_book(rulebook, source):
    status, out, err = rulebook("check", "omega")
    assert status == 2
    assert out == ""
    assert err == "rulebook: error: omega: no such book (books under source/: alpha, beta)\n"


def test_a_folder_that_holds_no_book(rulebook, source):
    status, _, err = rulebook("check", "source/gamma")
    assert status == 2
    assert "source/gamma: no book.xml, and not exactly one .xml file at its top level" in err


def test_no_books_at_all(rulebook, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RULEBOOK_SOURCE", str(tmp_path / "nowhere"))
    status, _, err = rulebook("check")
    assert status == 2
    assert "no book found under" in err


@pytest.mark.parametrize(
    "argv",
    [[], ["publish"], ["check", "--format", "docx"], ["build", "--paper", "a0"]],
    ids=["no command", "unknown command", "unknown format", "unknown paper"],
)
def test_bad_usage_exits_2(rulebook, source, argv):
    status, out, err = rulebook(*argv)
    assert status == 2
    assert "usage: rulebook" in err


def test_build_refuses_an_unreadable_book_and_writes_nothing(
    rulebook, source, write_book, tmp_path
):
    write_book("casse", {"book.xml": BROKEN}, root=source)
    out_folder = tmp_path / "generated"
    status, out, err = rulebook("build", "casse", "--format", "html", "--out", str(out_folder))
    assert status == 2
    assert "casse/book.xml:2:" in err and "[not-well-formed]" in err
    assert "rulebook: casse: not built: the book cannot be read" in err
    assert not out_folder.exists() or not any(out_folder.rglob("*"))


def test_build_with_an_unknown_format_is_bad_usage(rulebook, source, tmp_path):
    status, _, err = rulebook("build", "beta", "--format", "docx", "--out", str(tmp_path / "g"))
    assert status == 2
    assert "unknown format 'docx'" in err
    assert not (tmp_path / "g").exists()


def environment(source) -> dict[str, str]:
    return {**os.environ, "RULEBOOK_SOURCE": str(source), "PYTHONPATH": str(ROOT)}


def test_python_dash_m_build_tools(source, tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "build_tools", "check", "--no-rules", "--format", "json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=environment(source),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert checked(done.stdout) == ["alpha", "beta"]


def test_the_installed_rulebook_command_end_to_end(source, write_book, tmp_path):
    command = shutil.which("rulebook")
    if command is None:
        pytest.skip("the rulebook command is not installed (pip install -e .)")
    write_book("casse", {"book.xml": BROKEN}, root=source)
    done = subprocess.run(
        [command, "check", "casse"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=environment(source),
        timeout=60,
    )
    assert done.returncode == 2
    assert "source/casse/book.xml:2:9: fatal: " in done.stdout
    assert "[not-well-formed]" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_list_reads_entities_in_the_title(rulebook, source, write_book):
    text = (
        '<!DOCTYPE book [ <!ENTITY eacute "&#233;"> ]>\n'
        "<book><title>Caf&eacute; &amp; Cie</title><chapter><title>C</title></chapter></book>\n"
    )
    write_book("cafe", {"book.xml": text}, root=source)
    books = json.loads(rulebook("list", "--format", "json").out)["books"]
    assert {b["book"]: b["title"] for b in books}["cafe"] == "Café & Cie"


def test_list_still_lists_an_unreadable_book(rulebook, source, write_book):
    write_book("casse", {"book.xml": BROKEN}, root=source)
    status, out, _ = rulebook("list")
    assert status == 0
    assert "casse:  [?]" in out


def test_build_of_a_readable_and_an_unreadable_book(rulebook, source, write_book, tmp_path):
    write_book("casse", {"book.xml": BROKEN}, root=source)
    out_folder = tmp_path / "generated"
    status, out, err = rulebook(
        "build", "beta", "casse", "--format", "html", "--out", str(out_folder)
    )
    assert status == 2
    assert "rulebook: casse: not built: the book cannot be read" in err
    assert not (out_folder / "casse").exists()
    assert (out_folder / "beta" / "html" / "index.html").is_file()
    assert f"beta: html: {out_folder / 'beta' / 'html' / 'index.html'}" in out


def test_a_closed_pipe_is_not_an_internal_error():
    """`rulebook check | head`: the reader goes away early; no traceback, no internal error."""
    run = subprocess.run(
        f"{sys.executable} -m build_tools check --format json | head -c 10",
        shell=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert "internal error" not in run.stderr and "Traceback" not in run.stderr


def test_version(rulebook):
    from build_tools import __version__

    status, out, _ = rulebook("--version")
    assert (status, out) == (0, f"rulebook {__version__}\n")


def test_list_outside_a_project_says_where_it_looked(rulebook, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    status, out, err = rulebook("list")
    assert (status, out) == (2, "")
    assert f"rulebook: no book found in a source/ folder of {tmp_path} or of any folder " in err
    assert "set RULEBOOK_SOURCE" in err


def test_rulebook_finds_the_project_from_a_subfolder_as_git_does(rulebook, source, monkeypatch):
    monkeypatch.chdir(source / "alpha" / "chapitres")
    status, out, _ = rulebook("list")
    assert status == 0 and "alpha: Les Clefs de l'Aube [fr]" in out
    status, out, _ = rulebook("check", "alpha", "--no-rules")
    assert status in (0, 1) and "alpha: " in out
    # a path is the shell's, from where rulebook runs; the outputs go beside source/
    status, out, err = rulebook("build", "un.xml", "--format", "html", "--no-rules")
    assert status == 0, err
    assert (source.parent / "generated" / "alpha" / "alpha.html").is_file()
    assert not (source / "alpha" / "chapitres" / "generated").exists()


def test_rulebook_source_wins_over_the_search(rulebook, source, tmp_path, monkeypatch):
    monkeypatch.setenv("RULEBOOK_SOURCE", str(tmp_path / "nowhere"))
    status, _, err = rulebook("list")
    assert status == 2
    assert f"no book found under {tmp_path / 'nowhere'}/ (RULEBOOK_SOURCE)" in err


def test_a_chapter_alone_is_checked_as_part_of_its_book(rulebook, source):
    status, out, _ = rulebook("check", "source/alpha/chapitres/un.xml", "--no-rules")
    assert status == 0
    assert out.startswith("alpha: 0 new findings")
    assert "(source/alpha/chapitres/un.xml is a part of alpha (source/alpha/book.xml)" in out
    out = rulebook("check", "source/alpha/chapitres/un.xml", "--no-rules", "--format", "json").out
    (book,) = json.loads(out)["books"]
    assert book["book"] == "alpha" and "is a part of alpha" in book["note"]


def test_a_main_file_alone_is_its_own_book(rulebook, source):
    out = rulebook("check", "source/beta/edad.xml", "--no-rules").out
    assert out.startswith("beta: 0 new findings")
    assert "is a part of" not in out


def test_build_advertises_only_the_formats_it_has(rulebook, source):
    from build_tools.render.context import FORMATS, available_formats

    status, out, _ = rulebook("build", "--help")
    advertised = out.split("among:")[1].split("(default")[0].split()[0].split(",")
    assert advertised == available_formats()
    for name in set(FORMATS) - set(available_formats()):
        status, _, err = rulebook("build", "beta", "--format", name)
        assert status == 2 and f"unknown format {name!r}" in err


def test_build_quiet_strict_and_an_unused_profiling_value(rulebook, source, write_book, tmp_path):
    write_book(
        "lien",
        {
            "book.xml": '<book><title>T</title><chapter userlevel="novice"><title>C</title>'
            '<para><xref linkend="nulle-part"/></para></chapter></book>\n'
        },
        root=source,
    )
    out_folder = str(tmp_path / "generated")
    status, out, err = rulebook("build", "lien", "--format", "html", "--out", out_folder, "-q")
    assert (status, out) == (0, "")  # new findings do not fail a build…
    assert "rulebook: lien: 1 new finding; the book is built" in err
    status, _, err = rulebook(
        "build",
        "lien",
        "--format",
        "html",
        "--out",
        out_folder,
        "--strict",
        "--userlevel",
        "novice,expert",
        "-j",
        "1",
    )
    assert status == 1  # …unless --strict
    assert (
        "rulebook: warning: lien: --userlevel expert: no element of the book has "
        "userlevel='expert' (values used: novice)" in err
    )
    assert "--userlevel novice:" not in err


def test_quiet_and_verbose_check(rulebook, source, write_book):
    write_book(
        "lien",
        {"book.xml": BETA.replace("<para/>", '<para><xref linkend="z"/></para>')},
        root=source,
    )
    quiet = rulebook("check", "lien", "--no-rules", "-q").out
    assert quiet.startswith("source/lien/book.xml:1:") and "new finding" not in quiet
    assert rulebook("check", "beta", "--no-rules", "-q").out == ""
    normal = rulebook("check", "lien", "--no-rules").out
    assert normal.splitlines()[0].startswith("lien: 1 new finding (1 error), 0 known")


def test_check_takes_jobs_as_build_does(rulebook, source):
    together = rulebook("check", "alpha", "beta")
    for jobs in ("1", "2"):
        assert rulebook("check", "alpha", "beta", "-j", jobs) == together
    for wrong in ("0", "deux"):
        status, _, err = rulebook("check", "-j", wrong)
        assert status == 2
        assert f"argument -j/--jobs: expected a number of jobs from 1 up, not {wrong}" in err


def test_profiling_warnings_name_the_option_as_typed_and_an_empty_format_is_refused(
    rulebook, source, tmp_path
):
    out = str(tmp_path / "generated")
    status, _, err = rulebook(
        "build", "beta", "--format", "html", "--profile", "os=linux", "--out", out
    )
    assert status == 0
    assert (
        "rulebook: warning: beta: --profile os=linux: no element of the book has os='linux'" in err
    )
    status, _, err = rulebook("build", "beta", "--format", " , ", "--out", out)
    assert status == 2
    assert "--format ' , ': no format (formats: html, pdf" in err


def test_a_game_that_does_not_load_is_reported_where_its_mistake_is(rulebook, source, tmp_path):
    game = source / "beta"
    (game / "__init__.py").write_text("def setup(game):\n    game.rules = (\n", encoding="utf-8")
    (game / "deck.toml").write_text('[[card]]\ntitle = "Agir"\n', encoding="utf-8")
    status, out, _ = rulebook("check", "beta")
    assert status == 1
    assert "beta/__init__.py:2:" in out, out  # the open parenthesis, not the import
    assert "the game of beta cannot load: SyntaxError" in out
    assert "(its game cannot load: validated only)" in out
    status, _, err = rulebook("build", "beta", "--format", "cards,sheets", "--out", str(tmp_path))
    assert "no cards for beta: its game cannot load (rulebook check says why)" in err
    assert "beta: no sheet: its game cannot load (rulebook check says why)" in err


def test_a_file_of_a_book_that_is_not_docbook_stands_for_its_book(rulebook, source, tmp_path):
    # the ledger, a character file, a rules module: the book they belong to is checked
    (source / "alpha" / "ledger.toml").write_text("# rien\n", encoding="utf-8")
    status, out, _ = rulebook("check", "source/alpha/ledger.toml")
    assert status == 0, out
    assert out.startswith("alpha: 0 new findings")
    assert "(source/alpha/ledger.toml is a file of alpha: the whole book is checked)" in out
    # a file of no book, that is no DocBook either, is not read as a book named after its folder
    stray = tmp_path / "notes.txt"
    stray.write_text("pas un livre\n", encoding="utf-8")
    status, out, err = rulebook("check", str(stray))
    assert (status, out) == (2, "")
    assert f"{stray}: not a DocBook file, nor a file of a book under source/" in err


def test_serve_says_a_port_in_use_at_once_and_refuses_a_port_that_is_none(
    rulebook, source, tmp_path
):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        out = tmp_path / "site"
        status, _, err = rulebook("serve", "beta", "--port", str(port), "--out", str(out))
    assert status == 2
    assert f"--port {port}: cannot serve on 127.0.0.1:{port}: Address already in use" in err
    assert not out.exists()  # said before any book is built
    status, _, err = rulebook("serve", "beta", "--port", "99999")
    assert status == 2  # was an internal error (OverflowError), after building the books
    assert "argument --port: expected a port from 0 to 65535, not 99999" in err


def test_an_option_for_a_format_not_built_is_a_warning(rulebook, source, tmp_path):
    out = str(tmp_path / "generated")
    status, _, err = rulebook("build", "beta", "--format", "html", "--previews", "--out", out)
    assert status == 0
    assert (
        "rulebook: warning: --previews is for --format cards, which this build does not make "
        "(formats: html)"
    ) in err
    _, _, err = rulebook("build", "beta", "--format", "html", "--card-size", "tarot", "--out", out)
    assert "--card-size is for --format cards" in err


def test_a_book_named_twice_is_checked_and_built_once(rulebook, source, tmp_path):
    status, out, _ = rulebook("check", "alpha", "source/alpha", "source/alpha/chapitres/un.xml")
    assert status == 0
    assert out.count("alpha: 0 new findings") == 1
    # built twice, two processes wrote the same files at once
    _, out, _ = rulebook(
        "build", "alpha", "source/alpha", "--format", "html", "--out", str(tmp_path)
    )
    assert out.count("alpha.html") == 1


def test_two_books_of_one_name_are_refused(rulebook, source, tmp_path, write_book):
    other = write_book("alpha", {"book.xml": BETA}, root=tmp_path / "ailleurs")
    status, out, err = rulebook("build", "alpha", str(other), "--out", str(tmp_path / "site"))
    assert (status, out) == (2, "")
    assert "two books are named alpha: " in err  # both would be written to site/alpha/


def _imported_by(*argv: str) -> tuple[list[str], set[str]]:
    """What `rulebook ARGV` prints, and the modules it imported (run in a fresh interpreter)."""
    script = (
        f"import sys; sys.argv = ['rulebook', *{list(argv)!r}]\n"
        "from build_tools.entry import main\n"
        "main()\n"
        "print(sorted(sys.modules))"
    )
    run = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    *printed, modules = run.stdout.splitlines()
    return printed, set(ast.literal_eval(modules))


def test_version_imports_nothing_of_the_cli():
    """`rulebook --version` answers before the CLI and its libraries are imported."""
    printed, modules = _imported_by("--version")
    assert printed[0].startswith("rulebook ")
    ours = {name for name in modules if name.split(".")[0] in ("build_tools", "lxml", "jinja2")}
    assert ours == {"build_tools", "build_tools.entry"}


def test_check_imports_no_renderer_library():
    """`rulebook check` lays nothing out and fills no template: WeasyPrint and Jinja2 stay out."""
    _, modules = _imported_by("check", "harmonies", "-q")
    assert "build_tools.examine" in modules  # it did check
    assert not {name.split(".")[0] for name in modules} & {"weasyprint", "jinja2", "pydyf"}
    # The element table is data of the model: the check loads no HTML translator, no PDF.
    renderers = ("build_tools.render.html", "build_tools.render.pdf")
    assert not [name for name in modules if name.startswith(renderers)]


def test_a_profiler_run_of_the_command_still_writes_its_profile(tmp_path):
    """The command ends its process at once when done, but not under a profiler, which writes
    its data at shutdown (`python -m cProfile -o F -m build_tools …`)."""
    profile = tmp_path / "check.prof"
    done = subprocess.run(
        [sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "build_tools", "--version"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout.startswith("rulebook ")
    assert profile.stat().st_size > 0
