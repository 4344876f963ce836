"""« Le combat » of Les Clefs de l'Aube checked against its rules, and mutated copies of it."""

from __future__ import annotations

import pytest
from test_cda_sante_book import (
    check,
    check_edited,
    checked_together,
    copy_of_the_game,
    findings_by_id,
    mutate,
    new_findings,
)

from tests.book_language import french

BJORN_ET_KROM = french("section « un example de combat entre Björn et Kröm »")
RESUME = french("tableau « Résumé des totaux de combats »")


@pytest.fixture(scope="module")
def book_findings() -> dict[str, dict]:
    return findings_by_id()


def test_the_fight_of_bjorn_and_krom_has_two_errata(book_findings):
    fight = [f for f in book_findings.values() if f["where"] in (BJORN_ET_KROM, RESUME)]
    assert all(f["known"] for f in fight)
    # Kröm's TP is -4, not -1; and the Dom of 28 is linked to the niveau de difficulté.
    assert [(f["line"], f["found"]) for f in fight] == [
        (1501, -1),
        (1505, "ce qui fait un niveau de difficulté de"),
    ]
    assert fight[0]["expected"] == -4
    assert "niveau de dommage (Dom = °R + BD = 28)" in fight[1]["message"]


def test_the_manoeuvre_de_dommage_contradicts_the_glossary(book_findings):
    finding = book_findings["erratum:paragraph-le-coup-qui-fait-mal:ajoute-au-r-et-represente"]
    assert (finding["found"], finding["expected"]) == (5, -5)
    assert "bonus_de_manoeuvre(manoeuvre='MD') = -5" in finding["derivation"][0]


# Checked together (`checked_together`): a cell of « Résumé des totaux de combats », a
# shot's base difficulty (« 5, 10 et 15 »).
TOGETHER = [
    (r"<entry>Björn</entry>\s*<entry>(10)</entry>", "11"),
    (r"de base:\s+5, (10) et 15", "12"),
]


def test_state_runs_from_the_text_into_the_summary_table(book_copy):
    # Kröm's axe with BP -2 instead of -3: his TP in the table (-4) must turn red.
    _, status, findings = check_edited(
        book_copy, r"un <xref\s+linkend=\"bp\"/> \(<acronym>BP</acronym>\) de (-3)", "-2"
    )
    assert status == 1
    red = [(f["where"], f["found"], f["expected"]) for f in new_findings(findings)]
    assert (RESUME, -4, -3) in red


@pytest.mark.xdist_group("cda-combat")
def test_a_changed_table_cell_is_caught(book_copy):
    line, status, findings = checked_together(book_copy, TOGETHER, *TOGETHER[0])
    assert status == 1
    new = new_findings(findings)
    assert ("erratum", line, 11, 10) in [
        (f["category"], f["line"], f["found"], f["expected"]) for f in new
    ]
    # Björn's example character prints this row too: his sheet may disagree, at the same cell.
    assert {(f["line"], f["found"], f["expected"]) for f in new} == {(line, 11, 10)}


def test_a_changed_claim_of_the_fight_is_caught(book_copy):
    line, status, findings = check_edited(book_copy, r"il\s+reçoit donc (19) de dommages", "18")
    assert status == 1
    assert [(f["line"], f["found"], f["expected"]) for f in new_findings(findings)] == [
        (line, 18, 19)
    ]


def test_a_changed_die_roll_changes_the_damage(book_copy):
    _, status, findings = check_edited(book_copy, r"Björn obtient (5), il", "6")
    assert status == 1
    assert [(f["found"], f["expected"]) for f in new_findings(findings)] == [(19, 18)]


@pytest.mark.xdist_group("cda-combat")
def test_a_changed_range_difficulty_is_caught(book_copy):
    line, status, findings = checked_together(book_copy, TOGETHER, *TOGETHER[1])
    assert status == 1
    assert [(f["line"], f["found"], f["expected"]) for f in new_findings(findings)] == [
        (line, 12, 10)
    ]


def test_a_retitled_example_is_reported_not_skipped(book_copy):
    _, status, findings = check_edited(book_copy, r"<title>un (example) de combat", "exemple")
    assert status == 1
    categories = {f["category"] for f in new_findings(findings)}
    assert "binding-stale" in categories


def test_a_changed_facteur_d_attaque_turns_the_combat_red(tmp_path):
    folder = copy_of_the_game(tmp_path)
    mutate(folder / "rules" / "avance.py", r"FACTEUR_D_ATTAQUE = constant\(\s*(10)", "9")
    status, findings = check(folder)
    assert status == 1
    red = {f["where"] for f in new_findings(findings)}
    assert RESUME in red  # the TP column
    # « une chance de 50% d'être touché » becomes 45 %, the TP of Kröm in the text too.
    assert any(where.startswith(french("paragraphe « Il existe deux facteurs")) for where in red)
    assert BJORN_ET_KROM in red
    assert any(
        where.startswith(french("paragraphe « Un personnage peut tenter d'esquiver"))
        for where in red
    )
    # and the constant no longer says what the sentence it cites says
    (changed,) = [f for f in new_findings(findings) if f["category"] == "contradiction"]
    assert changed["file"].endswith("avance.py") and changed["found"] == 9
    assert changed["related"][0]["line"] == 1412


def test_a_die_that_misses_makes_il_touche_wrong(book_copy):
    _, status, findings = check_edited(
        book_copy, r"Il lance le d20 et obtient (8), il touche", "11"
    )
    assert status == 1
    red = new_findings(findings)
    assert any(f["message"].startswith(french("le texte dit « il touche! »")) for f in red)
    assert not any(f["category"] == "binding-error" for f in red)
