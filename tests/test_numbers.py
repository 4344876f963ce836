"""Numbers written and read in a book's language by one module (build_tools/model/numbers.py)."""

from __future__ import annotations

import ast
import re
from fractions import Fraction

import pytest
from conftest import ROOT

from build_tools.model.numbers import (
    decimal,
    decimal_mark,
    integer,
    short_decimal,
    value_of,
    with_mark,
)


@pytest.mark.parametrize(
    ("language", "half", "minus_a_quarter", "a_third"),
    [("fr", "0,5", "\u22120,25", "0,33"), ("fr-CA", "0,5", "\u22120,25", "0,33"),
     ("en", "0.5", "\u22120.25", "0.33"), ("de", "0.5", "\u22120.25", "0.33")],
)  # fmt: skip
def test_a_number_is_written_with_its_languages_mark_and_a_true_minus(
    language, half, minus_a_quarter, a_third
):
    assert short_decimal(Fraction(1, 2), language) == half
    assert short_decimal(Fraction(-1, 4), language) == minus_a_quarter
    assert short_decimal(Fraction(1, 3), language) == ""  # no short decimal: its writer rounds
    assert decimal(Fraction(1, 3), 2, language) == a_third
    assert integer(-4) == "\u22124" and with_mark("-5.5", language)[0] == "\u2212"


def test_a_decimal_is_rounded_half_away_from_zero_as_print_rounds():
    assert [decimal(Fraction(v), 0, "fr") for v in ("2.5", "-2.5", "0.5")] == ["3", "\u22123", "1"]
    assert decimal(Fraction("7.25"), 1, "fr") == "7,3"  # round() would give 7,2
    assert decimal(Fraction(3), 1, "fr", zeros=True) == "3,0"
    assert decimal(Fraction(3), 1, "en") == "3"


@pytest.mark.parametrize(
    ("text", "value"),
    [("12", 12), ("-3", -3), ("\u22123", -3), ("+2", 2), ("1,5", Fraction(3, 2)),
     ("1.5", Fraction(3, 2)), ("\u2212 5", -5), ("1\u202f000", 1000)],
)  # fmt: skip
def test_a_number_is_read_as_any_book_writes_it(text, value):
    assert value_of(text) == value


def test_what_is_written_reads_back():
    for value in (Fraction(-7, 4), Fraction(1, 8), Fraction(41, 10), Fraction(-3)):
        for language in ("fr", "en"):
            assert value_of(short_decimal(value, language)) == value
    assert decimal_mark("fr_FR") == ","


_BY_HAND = {(".", ","), (",", "."), ("-", "\u2212"), ("\u2212", "-")}
"""A decimal mark or a minus sign swapped in a string: what only model/numbers.py does."""


def test_no_module_writes_or_reads_a_number_by_hand():
    """The decimal mark and the minus sign are the numbers module's: a `.replace(".", ",")`
    or a `MINUS = "−"` anywhere else is a second writer (a JavaScript source in a string is
    not Python, and not read here)."""
    found = []
    for path in sorted((ROOT / "build_tools").rglob("*.py")):
        if path.relative_to(ROOT).as_posix() == "build_tools/model/numbers.py":
            continue
        text = path.read_text(encoding="utf-8")
        if not re.search(r"""replace\(\s*["'][.,\-\u2212]|\u2212|\\u2212""", text):
            continue  # nothing that could swap a mark: not parsed (the test stays quick)
        for node in ast.walk(ast.parse(text)):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "attr", "") == "replace"
                and len(node.args) == 2
                and all(isinstance(a, ast.Constant) for a in node.args)
                and (node.args[0].value, node.args[1].value) in _BY_HAND
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Constant)
                and node.value.value == "\u2212"
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, found
