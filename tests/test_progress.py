"""A build's progress: a bar on a terminal, plain lines in logs and CI, nothing with -q."""

from __future__ import annotations

import io
import sys

import pytest

from build_tools.commands.cli import main

BOOK = (
    '<book lang="fr"><title>{0}</title>'
    "<chapter><title>C</title><para>{0}.</para></chapter></book>\n"
)


@pytest.fixture
def books(write_book, tmp_path, monkeypatch):
    for name in ("alpha", "beta", "gamma"):
        write_book(name, {"book.xml": BOOK.format(name.title())}, root=tmp_path / "source")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    monkeypatch.delenv("CI", raising=False)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_plain_lines_in_a_log_with_v(rulebook, books):
    status, out, err = rulebook("build", "--format", "html", "-v", "-j", "2")
    assert status == 0
    for name in ("alpha", "beta", "gamma"):
        assert f"rulebook: {name}: checked (" in err
        assert f"rulebook: {name}: html: built (" in err
    # The books' outputs in the books' order, though built in two processes.
    books_in_order = [line.split(":")[0] for line in out.splitlines()]
    assert books_in_order == sorted(books_in_order)


def test_no_step_lines_without_v_and_nothing_with_q(rulebook, books):
    status, out, err = rulebook("build", "--format", "html")
    assert "checked (" not in err and "alpha: html: " in out
    status, out, err = rulebook("build", "--format", "html", "-q", "--force")
    assert (status, out, err) == (0, "", "")


def test_a_bar_on_a_terminal_but_not_in_ci(books, monkeypatch, capsys):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["build", "--format", "html", "-j", "1"]) == 0
    drawn = terminal.getvalue()
    assert "/6 [" in drawn and "6/6" in drawn  # three books, a check and one format each
    assert "alpha: html: " in capsys.readouterr().out

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setenv("CI", "true")
    assert main(["build", "--format", "html", "--force"]) == 0
    assert terminal.getvalue() == ""


def test_the_progress_counts_the_pages_laid_out(rulebook, books, tmp_path, monkeypatch):
    import re

    import pypdf

    status, _, err = rulebook("build", "alpha", "--format", "html,pdf", "-v")
    assert status == 0, err
    printed = int(re.search(r"rulebook: alpha: pdf: built \([\d.]+ s, (\d+) pages?\)", err)[1])
    assert printed == len(pypdf.PdfReader(tmp_path / "generated" / "alpha" / "alpha.pdf").pages)
    web = re.search(r"rulebook: alpha: html: built \([\d.]+ s, (\d+) pages\)", err)
    assert int(web[1]) == len(list((tmp_path / "generated" / "alpha").rglob("*.html")))

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["build", "alpha", "--format", "pdf", "--force"]) == 0
    assert f"{printed} pages" in terminal.getvalue()  # beside the bar
