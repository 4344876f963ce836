"""`rulebook serve` builds in a child of the loaded server: the engine is not loaded again for
each change, and the book's Python, which the server never imports, is read anew each time."""

from __future__ import annotations

import os
import sys
import threading
import time

import pytest

from build_tools.books import select
from build_tools.commands.serve import Site, load_engine
from build_tools.render.context import Options

BOOK = (
    '<book lang="fr"><title>Règles</title>\n'
    '<chapter id="un"><title>Un</title><para>Premier jet.</para></chapter></book>\n'
)
GAME = "def setup(game):\n    from . import regles  # noqa: F401\n"


@pytest.fixture
def site(write_book, tmp_path, monkeypatch):
    folder = write_book(
        "regles",
        {"book.xml": BOOK, "__init__.py": GAME, "regles.py": "raise RuntimeError('cassé')\n"},
    )
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    load_engine()
    return Site(select([str(folder)]), tmp_path / "generated", Options()), folder


def test_each_build_reads_the_rules_as_they_are_now(site):
    site, folder = site
    before = set(sys.modules)
    site.build(["regles"])
    assert any("cassé" in finding["text"] for finding in site.findings["regles"])
    (folder / "regles.py").write_text("DE = 20\n", encoding="utf-8")
    site.build(["regles"])
    assert not any("cassé" in finding["text"] for finding in site.findings["regles"])
    page = (site.out / "regles" / "regles.html").read_text(encoding="utf-8")
    assert "Premier jet." in page
    # the server never imported the book's Python: the next child reads it anew
    assert not [name for name in set(sys.modules) - before if name.startswith("rulebook_games")]


def test_ctrl_c_ends_the_build_at_once_and_leaves_nothing_half_written(site, tmp_path, monkeypatch):
    site, folder = site
    writing = tmp_path / "writing"

    def stuck(descriptor):  # the child writes its first output, and never ends it
        writing.write_text(str(os.getpid()), encoding="utf-8")
        time.sleep(120)

    monkeypatch.setattr(os, "fsync", stuck)
    building = threading.Thread(target=site.build, args=(["regles"],))
    building.start()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (writing.exists() and writing.read_text()):
        time.sleep(0.02)
    child = int(writing.read_text())
    output = site.out / "regles"
    assert [path.name for path in output.rglob("*.part")]  # half-written, for now
    started = time.monotonic()
    site.end()  # what Ctrl-C does
    building.join(10)
    assert not building.is_alive() and time.monotonic() - started < 5
    with pytest.raises(ProcessLookupError):
        os.kill(child, 0)  # ended, and waited for
    assert not list(output.rglob("*.part"))
    assert site.generation == 0  # no build announced to the pages
    site.build(["regles"])  # stopped: nothing starts any more
    assert site.generation == 0 and not (output / "regles.html").exists()
