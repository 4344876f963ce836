"""One examine per build: the cards and the sheet are checked when they are built (and by
`rulebook check`), not for a build of the book alone; a claim's working is written once."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest
from conftest import ROOT, first_cards

from build_tools.books import select
from build_tools.examine import PRODUCT_CATEGORIES, PRODUCTS, examine


@pytest.fixture
def harmonies(tmp_path, monkeypatch):
    """A copy of Harmonies whose deck file is not valid TOML."""
    folder = tmp_path / "harmonies"
    shutil.copytree(
        ROOT / "source" / "harmonies", folder, ignore=shutil.ignore_patterns("__pycache__")
    )
    deck = folder / "deck.toml"
    deck.write_text(deck.read_text(encoding="utf-8") + "\n[deck\n", encoding="utf-8")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    return folder


def test_a_broken_deck_is_found_by_check_and_by_the_cards_not_by_the_html(
    rulebook, harmonies, tmp_path
):
    status, out, _ = rulebook("check", str(harmonies))
    assert status == 1
    assert "deck.toml" in out and "not valid TOML" in out
    status, out, err = rulebook(
        "build", str(harmonies), "--format", "html", "--out", str(tmp_path / "out")
    )
    assert status == 0, err
    assert "new finding" not in err and "deck.toml" not in err
    assert (tmp_path / "out" / "harmonies" / "harmonies.html").is_file()
    status, out, err = rulebook(
        "build", str(harmonies), "--format", "cards", "--out", str(tmp_path / "out"), "--strict"
    )
    assert status == 1
    assert "1 new finding" in err


def test_the_ledger_entries_of_unchecked_products_are_not_stale():
    """cda's ledger knows an erratum its sheet's totals rest on: a build of the book alone
    finds the erratum without them, calls no entry stale, and everything else it finds is
    what `rulebook check` finds."""
    book = select(["cda"])[0]
    full = examine(book)
    alone = examine(book, products=())
    unchecked = {category for product in PRODUCTS for category in PRODUCT_CATEGORIES[product]}
    sheets = [f for f in full.findings if any(w.startswith("fiche de ") for w in f.derivation)]
    assert sheets and all(finding.known for finding in sheets)
    assert not [finding for finding in alone.findings if finding.category == "ledger-stale"]
    assert [(f.id, f.known) for f in alone.findings] == [
        (f.id, f.known) for f in full.findings if f.category not in unchecked
    ]


@pytest.mark.parametrize("product", PRODUCTS)
def test_every_category_a_product_check_gives_is_named(product):
    """The categories `examine` leaves unjudged without a product's check are all of them."""
    modules = {
        "cards": ("checking/cards.py", "checking/deck.py"),
        "sheets": ("checking/sheets.py", "checking/character.py"),
    }[product]
    given = set()
    for name in modules:
        tree = ast.parse((ROOT / "build_tools" / name).read_text(encoding="utf-8"))
        for call in ast.walk(tree):
            if (
                isinstance(call, ast.Call)
                and getattr(call.func, "id", None) == "Finding"
                and len(call.args) > 1
                and isinstance(call.args[1], ast.Constant)
            ):
                given.add(call.args[1].value)
    assert given and given <= set(PRODUCT_CATEGORIES[product])


def test_a_working_is_written_once_for_every_rendering(tmp_path):
    from build_tools.render.context import Options, RenderContext
    from build_tools.render.html.book import HtmlBook

    report = examine(select(["cda"])[0], products=())
    screen = HtmlBook.of(RenderContext(report, Options(), tmp_path))
    claims = [claim for v in report.verifications.values() for claim in v.claims]
    # and the errata a binding reports at words (`Check.erratum`: a level, a difficulty),
    # whose record is their place in the passage, not a claim
    claims += [
        screen.marks.claim_of[f.id]
        for f in report.findings
        if f.id in screen.marks.claim_of and screen.marks.claim_of[f.id] not in claims
    ]
    screen.marks.write_workings()  # before the page and the split pages, made at once
    assert {id(claim) for claim in claims} <= set(report.workings)
    first = [screen.marks.working(claim) for claim in claims]
    assert any(first) and len(report.workings) == len({id(claim) for claim in claims})
    written = dict(report.workings)
    paper = HtmlBook.of(RenderContext(report, Options(), tmp_path), medium="print")
    assert [paper.marks.working(claim) for claim in claims] == first
    assert all(report.workings[key] is written[key] for key in written)  # not written again


def test_the_html_build_skips_the_products(monkeypatch, tmp_path):
    """A build of HTML runs neither the deck's check (its dice distributions are costly)
    nor the sheet's."""
    from build_tools.checking import cards as cards_check
    from build_tools.checking import sheets as sheets_check
    from build_tools.commands import build

    def refuse(document, game):
        raise AssertionError("a product was checked for an HTML build")

    monkeypatch.setattr(cards_check, "check_cards", refuse)
    monkeypatch.setattr(sheets_check, "check_sheet", refuse)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    status, _, problems = build.build_book(
        select(["harmonies"])[0], ["html"], build.Options(), Path(tmp_path)
    )
    assert status == 0, problems


def test_a_build_of_the_cards_computes_the_deck_once(monkeypatch, tmp_path):
    """The check of the cards against the book and their rendering share one deck, and its
    ledger notes are worded from the one reading of the ledger (the report's); the settings
    are read once, for the options and the check."""
    from build_tools.checking import deck as cards_deck
    from build_tools.commands import build

    loaded = []
    load = cards_deck._load_deck

    def counted(game, text, ledger):
        loaded.append(game.name)
        return load(game, text, ledger)

    monkeypatch.setattr(cards_deck, "_load_deck", counted)
    from build_tools import ledger

    ledgers = []
    read_ledger = ledger.read_ledger

    def reading(path):
        ledgers.append(path.name)
        return read_ledger(path)

    monkeypatch.setattr(ledger, "read_ledger", reading)  # what examine's import finds
    from build_tools import settings
    from build_tools.commands import build as building

    read_settings = settings.read_settings

    def reading_settings(folder):
        ledgers.append("book.toml")
        return read_settings(folder)

    for module in (settings, building):
        monkeypatch.setattr(module, "read_settings", reading_settings)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    folder = tmp_path / "harmonies"  # its first card alone: the build lays out one card
    shutil.copytree(
        ROOT / "source" / "harmonies", folder, ignore=shutil.ignore_patterns("__pycache__")
    )
    assert first_cards(folder / "deck.toml", 1) > 1
    status, lines, problems = build.build_book(
        select([str(folder)])[0], ["cards"], build.Options(), tmp_path / "out"
    )
    assert status == 0, problems
    assert any(line.endswith("cards.pdf") for line in lines)
    assert loaded == ["harmonies"]
    assert sorted(ledgers) == ["book.toml", "ledger.toml"]  # the settings too: read once


def test_a_process_keeps_the_decks_it_used_last(monkeypatch, tmp_path):
    """A deck used again is not computed again; past `KEPT_DECKS`, the one used longest ago
    goes, and is computed again when it is asked for."""
    import collections
    from types import SimpleNamespace

    from build_tools.checking import deck as cards_deck

    computed = []

    def compute(game, text, ledger):
        computed.append(text)
        return object()

    monkeypatch.setattr(cards_deck, "_load_deck", compute)
    monkeypatch.setattr(cards_deck, "_DECKS", collections.OrderedDict())
    monkeypatch.setattr(cards_deck, "KEPT_DECKS", 2)
    (tmp_path / "deck.toml").write_text('[deck]\ntitle = "Aides"\n', encoding="utf-8")
    game = SimpleNamespace(rules=None, folder=tmp_path)
    french, english = (cards_deck.load_deck(game, [], language) for language in ("fr", "en"))
    assert cards_deck.load_deck(game, [], "fr") is french  # used again: now the last used
    cards_deck.load_deck(game, [], "es")  # a third: the English one, used longest ago, goes
    assert cards_deck.load_deck(game, [], "fr") is french
    assert cards_deck.load_deck(game, [], "en") is not english
    assert len(computed) == 4
