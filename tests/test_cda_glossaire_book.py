"""The glossary of Les Clefs de l'Aube checked against the rules, and mutated copies of it."""

from __future__ import annotations

import pytest
from test_cda_sante_book import (
    check_edited,
    checked_together,
    findings_by_id,
    new_findings,
)

from tests.book_language import french


@pytest.fixture(scope="module")
def book_findings() -> dict[str, dict]:
    return findings_by_id()


@pytest.mark.parametrize(
    "term, found, expected",
    [
        ("compagnon", 10, 15),
        ("disciple", 15, 10),
        ("échec automatique", 1, 2),
        ("facteur d'attaque", -10, 10),
    ],
)
def test_the_glossary_errata(book_findings, term, found, expected):
    (finding,) = [
        f for f in book_findings.values() if f["where"] == french(f"glossaire « {term} »")
    ]
    assert (finding["category"], finding["found"], finding["expected"]) == (
        "erratum",
        found,
        expected,
    )
    assert finding["known"]


def test_every_glossary_value_is_bound(checked_book):
    # what `rulebook check cda` prints (test_books runs that command itself), from the report
    from build_tools import reports

    output = reports.text([checked_book("cda")], reports.Settings())
    assert "glossary values 21/21" in output


GLOSSARY_VALUES = [
    # (pattern, new, found, expected, lot: the values of a lot are checked together, their
    # entries at least APART lines apart)
    (r"empêche de récupérer (3) <xref", "4", 4, 3, 1),  # blessure grave
    (r"peut normalement en recevoir (4) avant", "5", 5, 4, 2),  # blessure légère
    (r"au moins (1) mois", "2", 2, 1, 3),  # blessure critique
    (r"Bénificie d'un bonus de (\+5) sur", "+4", 4, 5, 1),  # manœuvre de parade
    (
        r"rend les coups plus mortels. Sa\s+valeur actuelle est de (0)",  # facteur de mortalité
        "1",
        1,
        0,
        2,
    ),
    (r"Un <xref linkend=\"nc\"/> valant (20)", "19", 19, 20, 1),  # maître
]


@pytest.mark.xdist_group("cda-glossary-values")
@pytest.mark.parametrize("pattern, new, found, expected, lot", GLOSSARY_VALUES)
def test_a_changed_glossary_value_is_caught(book_copy, pattern, new, found, expected, lot):
    edits = [(one, replacement) for one, replacement, *_, n in GLOSSARY_VALUES if n == lot]
    line, status, findings = checked_together(book_copy, edits, pattern, new)
    assert status == 1
    assert [(f["line"], f["found"], f["expected"]) for f in new_findings(findings)] == [
        (line, found, expected)
    ]


def test_a_corrected_glossary_value_leaves_a_stale_ledger_entry(book_copy):
    _, status, findings = check_edited(book_copy, r"Sa valeur actuelle est de (-10)\.", "10")
    assert status == 1
    (stale,) = new_findings(findings)
    assert stale["category"] == "ledger-stale"
    assert "erratum:glossary-facteur-d-attaque:valeur-actuelle-est-de" in stale["message"]
