"""The command as an author types it: « did you mean », each command's own help, -q or -v,
colour on a terminal, counts that agree with what is listed, Ctrl-C in serve."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest
from conftest import ROOT

BOOK = """<book lang="fr">
<title>Règles</title>
<chapter>
<title>Le combat</title>
<para>Voir <xref linkend="armes"/> et <xref linkend="armures"/>.</para>
</chapter>
</book>
"""


@pytest.fixture
def book(write_book, tmp_path, monkeypatch):
    folder = write_book("regles", {"book.xml": BOOK}, root=tmp_path / "source")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    for name in ("NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    return folder


@pytest.mark.parametrize(
    ("argv", "usage", "said"),
    [
        (["chek"], "usage: rulebook [-h]", "invalid choice: 'chek' (did you mean `check`?)"),
        (["check", "--strcit"], "usage: rulebook check", "unrecognized argument: --strcit (did "),
        (["check", "--format", "sarf"], "usage: rulebook check", "'sarf' (did you mean `sarif`?)"),
        (["ledger", "acept"], "usage: rulebook ledger", "'acept' (did you mean `accept`?)"),
        (["build", "--forse"], "usage: rulebook build", "--forse (did you mean `--force`?)"),
    ],
)
def test_a_mistyped_command_or_option_is_answered_with_what_was_meant(
    rulebook, book, argv, usage, said
):
    status, out, err = rulebook(*argv)
    assert status == 2 and out == ""
    assert err.startswith(usage)
    assert said in err
    if argv[1:] == ["--strcit"]:
        assert (
            "rulebook check: error: unrecognized argument: --strcit (did you mean `--strict`?)"
            in err
        )


def test_quiet_and_verbose_together_are_refused(rulebook, book):
    status, _, err = rulebook("check", "regles", "--no-rules", "-q", "-v")
    assert status == 2
    assert "argument -v/--verbose: not allowed with argument -q/--quiet" in err


@pytest.mark.parametrize(
    "argv",
    [["list"], ["new"], ["ledger", "accept"], ["ledger", "prune"], ["sheet"], ["build"]]
    + [["mutants"]],
)
def test_each_command_has_its_own_help(rulebook, book, argv):
    status, out, _ = rulebook(*argv, "--help")
    assert status == 0
    assert "say only what fails (new findings)" not in out  # check's words, not theirs
    assert "also list the known findings" not in out
    if argv == ["mutants"]:
        assert "-v, --verbose" in out and "the mutants the check killed" in out
    if argv[0] in ("build", "ledger"):
        assert re.search(r"\n  BOOK +a book name, folder or main file \(default: all\)\n", out)
    if argv == ["list"]:
        assert "-q" not in out and "-v" not in out  # it prints the same either way


def run_check(*argv: str, **environment: str) -> subprocess.CompletedProcess:
    """`rulebook check` in a new process, its stdout a pipe (not a terminal)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **environment}
    for name in ("NO_COLOR", "FORCE_COLOR"):
        if name not in environment:
            env.pop(name, None)
    return subprocess.run(
        [sys.executable, "-m", "build_tools", "check", *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_colour_by_severity_when_forced_and_never_with_no_color(book):
    plain = run_check("regles", "--no-rules")
    assert plain.returncode == 1 and "\x1b[" not in plain.stdout  # not a terminal
    coloured = run_check("regles", "--no-rules", FORCE_COLOR="1")
    assert coloured.returncode == 1
    (line,) = [line for line in coloured.stdout.splitlines() if "armes" in line and "error" in line]
    assert line.startswith("\x1b[1msource/regles/book.xml:5:18: \x1b[0m\x1b[1;31merror:\x1b[0m")
    assert line.endswith("[\x1b[1;31mbroken-reference\x1b[0m]")
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured.stdout) == plain.stdout  # the same words
    assert "\x1b[" not in run_check("regles", "--no-rules", FORCE_COLOR="1", NO_COLOR="1").stdout
    sarif = run_check("regles", "--no-rules", "--format", "sarif", FORCE_COLOR="1")
    assert "\x1b[" not in sarif.stdout  # a machine's format is never painted


def test_the_counts_agree_with_what_is_listed_singular_and_plural(rulebook, book):
    status, out, _ = rulebook("check", "regles", "--no-rules")
    listed = [
        line for line in out.splitlines() if re.match(r"source/regles/book\.xml:\d+:\d+: ", line)
    ]
    assert len(listed) == 2
    assert out.startswith("regles: 2 new findings (2 errors), 0 known (in the ledger)\n")
    (book / "ledger.toml").write_text(
        '[[known]]\nid = "broken-reference:chapter-le-combat:linkend-armes"\nreason = "r"\n',
        encoding="utf-8",
    )
    status, out, _ = rulebook("check", "regles", "--no-rules")
    assert out.startswith("regles: 1 new finding (1 error), 1 known (in the ledger)\n")
    assert "regles: 1 known finding not listed (-v lists them)" in out
    assert "(s)" not in out


def test_a_ledger_that_breaks_at_its_end_is_placed_at_its_line_and_column(rulebook, book):
    (book / "ledger.toml").write_text('[[known]]\nid = "x"\nreason = "y"\n[[known', "utf-8")
    status, out, _ = rulebook("check", "regles", "--no-rules")
    assert status == 2
    assert (
        "source/regles/ledger.toml:4:8: fatal: the ledger is not valid TOML: Expected ']]' " in out
    )
    assert "(at end of document)" not in out


STUCK = """import os, pathlib, time
pathlib.Path({marker!r}).write_text(str(os.getpid()))
time.sleep(120)
"""
"""A rules module whose import never ends: the build is running, for sure, when Ctrl-C comes."""


@pytest.mark.slow
@pytest.mark.parametrize("when", ["building", "serving"])
def test_ctrl_c_stops_serve_with_status_130(book, write_book, tmp_path, when):
    marker = tmp_path / "building"
    write_book(
        "regles",
        {
            "__init__.py": "def setup(game):\n    from . import regles  # noqa: F401\n",
            "regles.py": STUCK.format(marker=str(marker)),
        },
        root=tmp_path / "source",
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "build_tools", "serve", "regles", "--port", "0"]
        + (["--no-rules"] if when == "serving" else []),
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        if when == "serving":
            for line in process.stdout:
                if "serving http://" in line:
                    break
        else:  # the first build runs, in its child, importing the book's rules
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and not (marker.exists() and marker.read_text()):
                time.sleep(0.05)
            child = int(marker.read_text())
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
    finally:
        process.kill()
    assert (process.returncode, err.strip()) == (130, "rulebook: serve stopped")
    if when == "building":  # the building child ended with it, never left behind
        with pytest.raises(ProcessLookupError):
            os.kill(child, 0)
