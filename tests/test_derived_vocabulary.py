"""The game's terms drawn from its rules module and book, counted apart from relation words.

The rules modules' enumerations (ASPECTS, DONS, ATTRIBUTS_DU_DEPASSEMENT…) are
classes of rival terms without any game listing them; an edit of such a term
in a bound passage is one finding at the edited word.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from build_tools.books import select
from tests.book_language import french

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def reports(checked_book):
    return {book.name: checked_book(book.name) for book in select([])}


def test_the_rules_enumerations_are_terms(reports):
    cda = reports["cda"].outcome.vocabulary
    assert cda.terms["attribut du depassement"]["Difficulté de l'effet"] == [
        "Difficulté de l'effet",
        "Diff",
    ]
    edad = reports["edad"].outcome.vocabulary
    assert "Sens de l'initiative" in edad.terms["don"]
    assert "Estimation" in edad.terms["competence"]
    # « courte » alone is every other sentence's adjective: not a term unless the book marks it
    assert not any("courte" in members for members in cda.terms.values())
    # the game's own list wins: its forms are kept, the derived class adds none of its terms
    assert cda.terms["aspect"]["Physique"] == ["Physique", "Ph"]
    assert not any(
        "Physique" in members for family, members in cda.terms.items() if family != "aspect"
    )


@pytest.mark.parametrize("book", ["cda", "harmonies", "edad"])
def test_coverage_counts_terms_relation_words_and_count_words_apart(reports, book):
    coverage = reports[book].coverage
    terms, relations, counts = coverage["terms"], coverage["relations"], coverage["counts"]
    assert terms["total"] > 0 and relations["total"] > 0 and counts["total"] > 0
    assert terms["unbound"] == relations["unbound"] == counts["unbound"] == 0
    assert terms["total"] + relations["total"] + counts["total"] == coverage["words"]["total"]
    assert all(waiver["reason"] for waiver in coverage["waivers"])


def test_json_lists_every_waiver_with_its_reason(rulebook):
    run = rulebook("check", "edad", "--format", "json")
    [book] = json.loads(run.out)["books"]
    waivers = book["coverage"]["waivers"]
    reason = (
        "the concentration's test of Volonté is the magic's, which no rule of the module states"
    )
    [waiver] = [w for w in waivers if w["reason"] == reason and w["text"] == "Volonté"]
    assert waiver["file"] == "source/edad/book.xml" and waiver["line"] == 388


def test_a_derived_term_edited_is_one_finding_at_its_word(book_copy):
    copy = book_copy("cda")
    text = copy.text("cda.xml")
    assert text.count("puisque °R > Diff,") == 1
    with copy.edited("cda.xml", text.replace("puisque °R > Diff,", "puisque °R > Eff,")):
        report = copy.examine()
    [finding] = report.new()
    line = next(n for n, row in enumerate(text.split("\n"), 1) if "puisque °R > Diff" in row)
    assert (finding.category, finding.line) == ("erratum", line)
    assert finding.column == text.split("\n")[line - 1].index("Diff") + 1
    assert french("« Eff »") in finding.message and "Difficulté de l'effet" in finding.message
