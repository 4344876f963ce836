"""`rulebook serve` builds in a child of the loaded server: the engine is not loaded again for
each change, and the book's Python, which the server never imports, is read anew each time."""

from __future__ import annotations

import sys

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
