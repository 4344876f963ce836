"""The numbers a card prints: rounded half up, a fixed number of decimals per column, and
compared with the book at the book's own precision.
"""

from __future__ import annotations

import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import deck_of

from build_tools.books import discover, load_game
from build_tools.checking.cards import _agree
from build_tools.checking.deck import Cell, decimal, percent

ROOT = Path(__file__).resolve().parents[1]
NARROW = "\u202f"


@pytest.mark.parametrize(
    ("chance", "places", "printed"),
    [
        (Fraction(725, 10000), None, "7,3"),  # 7,25 % : half up, not half to even (« 7,2 »)
        (Fraction(125, 1000), None, "13"),  # 12,5 % : « 13 », not « 12 »
        (Fraction(135, 1000), None, "14"),
        (Fraction(2, 100), None, "2,0"),  # a fixed decimal keeps its zero
        (Fraction(1, 3), 2, "33,33"),
        (Fraction(1, 8), 0, "13"),
        (Fraction(1, 3000), None, f"<{NARROW}0,1"),  # neither nil nor « 0 % »
        (Fraction(1, 3000), 0, f"<{NARROW}1"),
        (Fraction(9995, 10000), None, f">{NARROW}99,9"),  # 99,95 % is not certain: not « 100 »
    ],
)
def test_a_chance_is_rounded_half_up_to_its_decimals(chance, places, printed):
    assert percent(chance, places) == f"{printed}{NARROW}%"


def test_a_decimal_is_rounded_half_away_from_zero_with_a_true_minus():
    assert decimal(Fraction(5, 2), 0) == "3"
    assert decimal(Fraction(-5, 2), 0) == "\u22123"
    assert decimal(Fraction(15, 4), 1) == "3,8"
    assert decimal(Fraction(3), 1, zeros=True) == "3,0"


def _decks():
    books = {book.name: (book, load_game(book)[0]) for book in discover(ROOT / "source")}
    return {name: deck_of(*books[name]) for name in ("cda", "harmonies", "edad")}


def test_every_column_of_chances_prints_one_number_of_decimals():
    for name, deck in _decks().items():
        for card in deck.cards:
            for block in card.blocks:
                if block.kind != "chances":
                    continue
                for index in range(len(block.columns)):
                    column = [row[index].text for row in block.rows if row[index].bar is not None]
                    decimals = {
                        len(match[1]) if match[1] else 0
                        for text in column
                        if (match := re.search(r"\d+(?:,(\d+))?", text))
                    }
                    assert len(decimals) <= 1, (name, card.title, index, column)


@pytest.mark.parametrize(
    ("exact", "book", "agree"),
    [
        (Fraction(277, 10000), "3 %", True),  # the card's 2,8 % is the book's 3 %
        (Fraction(25, 1000), "3 %", True),  # 2,5 % rounds half up to 3
        (Fraction(245, 10000), "3 %", False),  # 2,45 % is 2 % whole, though it prints 2,5 %
        (Fraction(277, 10000), "2,8 %", True),
        (Fraction(277, 10000), "2,7 %", False),
        (Fraction(277, 10000), "2 %", False),
    ],
)
def test_a_card_is_compared_at_the_book_s_own_precision(exact, book, agree):
    card = Cell(percent(exact, 1), exact, float(exact) * 100)
    assert _agree(card, book) is agree


def _harmonies_with(tmp_path: Path, line: str) -> tuple[Path, int]:
    """A copy of Harmonies whose chances block has `line` added: its folder and that line."""
    folder = tmp_path / "harmonies"
    shutil.copytree(ROOT / "source" / "harmonies", folder)
    deck = folder / "deck.toml"
    text = deck.read_text(encoding="utf-8")
    anchor = "book_columns = [1, 0, 2]\n"
    deck.write_text(text.replace(anchor, f"{anchor}{line}\n"), encoding="utf-8")
    return folder, text[: text.index(anchor)].count("\n") + 2


def test_a_deck_sets_the_decimals_of_a_column_and_the_book_still_agrees(tmp_path, rulebook):
    # Harmonies' « livre » column, held to the book's whole percentages, printed to a decimal.
    folder, _ = _harmonies_with(tmp_path, "decimals = [0, 2, 1]")
    assert rulebook("check", str(folder)).status == 0
    book = next(b for b in discover(tmp_path) if b.name == "harmonies")
    deck = deck_of(book, load_game(book)[0])
    block = next(b for card in deck.cards for b in card.blocks if b.kind == "chances")
    assert all(re.fullmatch(rf"\d+,\d\d{NARROW}%", row[1].text) for row in block.rows)
    assert all(re.fullmatch(rf"\d+,\d{NARROW}%", row[2].text) for row in block.rows)


def test_a_wrong_decimals_is_a_deck_finding_at_its_line(tmp_path, rulebook):
    folder, line = _harmonies_with(tmp_path, "decimals = [1, 2]")
    run = rulebook("check", str(folder))
    assert run.status == 1
    assert (
        f"deck.toml:{line}: error: card «\u00a0Chances de réussite\u00a0»: decimals = [1, 2]: "
        "expected a number from 0 to 4, or a list of 3 of them (one per column)"
    ) in run.out, run.out
