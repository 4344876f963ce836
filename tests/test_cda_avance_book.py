"""« Les règles avancées » of Les Clefs de l'Aube checked against its rules, and mutated copies."""

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

HEROISME_ET_CA = french("exemple « Héroïsme et cible à atteindre »")


@pytest.fixture(scope="module")
def book_findings() -> dict[str, dict]:
    return findings_by_id()


def test_the_disciple_of_the_heroism_example_is_a_compagnon(book_findings):
    """The example's +5 of BC and the héroïsme that follows are a compagnon's: the one erratum
    is the level it names, at its word (a link, corrected by its target), not the BC, which
    corrected alone would make the rest of the example another story."""
    finding = book_findings["erratum:example-heroisme-et-cible-a-atteindre:niveau-de-connaissance"]
    assert (finding["line"], finding["column"]) == (1766, 48)
    assert (finding["found"], finding["expected"]) == ("disciple", "compagnon")
    assert finding["message"] == french(
        "le texte dit disciple, dont le BC est 0 ; le BC de +5 qu'il donne, et l'héroïsme qui "
        "en suit, sont ceux d'un compagnon"
    )
    assert [(c["old"], c["new"]) for c in finding["corrections"]] == [("disciple", "compagnon")]
    assert "not_applied" not in finding["corrections"][0]
    worked = [line for line in finding["derivation"] if line.startswith("  «")]
    assert worked == [
        french(line)
        for line in [
            "  « Niveau de connaissance « disciple » → NC 10 "
            "(tableau « le niveau de compétence ») »",
            "  « BC = NC − 10 = 10 − 10 = 0 »",
            "  « Niveau de connaissance « compagnon » → NC 15 "
            "(tableau « le niveau de compétence ») »",
            "  « BC = NC − 10 = 15 − 10 = 5 »",
        ]
    ]


def test_the_rest_of_the_chapter_agrees_with_the_rules(book_findings):
    chapter = [f for f in book_findings.values() if 1657 <= f["line"] < 1827]
    assert [f["id"] for f in chapter] == [
        "erratum:example-heroisme-et-cible-a-atteindre:niveau-de-connaissance"
    ]


# Checked together (`checked_together`): a notation of the heroic levels, a cell of their
# table, a die of « Héroïsme et cible à atteindre ».
TOGETHER = [
    (r"<literal>Ph 8h(2)</literal>", "3"),
    (r"<entry>légende / cachalot</entry>\s*<entry>(3)</entry>", "4"),
    (r"Lançant le dé, il obtient (5)", "6"),
]


@pytest.mark.xdist_group("cda-avance")
def test_a_changed_notation_is_caught(book_copy):
    line, status, findings = checked_together(book_copy, TOGETHER, *TOGETHER[0])
    assert status == 1
    assert [(f["line"], f["found"], f["expected"]) for f in new_findings(findings)] == [
        (line, 3, 2)
    ]


def test_an_omitted_level_written_out_is_not_silent(book_copy):
    # « My 7h1 »: the rules omit the 1, so the 1 is a number no binding accounts for.
    _, status, findings = check_edited(book_copy, r"<literal>My\s+7h()</literal>", "1")
    assert status == 1
    assert [f["category"] for f in new_findings(findings)] == ["unbound"]


def test_a_changed_heroic_level_changes_the_total(book_copy):
    # Legolas' Ph 6h2: his total d'héroïsme becomes 2 + 1 - 1 = 2, the text's (1+1-1=) 1 is wrong.
    _, status, findings = check_edited(book_copy, r"qui a Ph 6h(), Ma", "2")
    assert status == 1
    assert sorted((f["found"], f["expected"]) for f in new_findings(findings)) == [(1, 2), (1, 2)]


@pytest.mark.xdist_group("cda-avance")
def test_a_changed_table_cell_is_caught(book_copy):
    line, status, findings = checked_together(book_copy, TOGETHER, *TOGETHER[1])
    assert status == 1
    assert [(f["line"], f["found"], f["expected"]) for f in new_findings(findings)] == [
        (line, 4, 3)
    ]


@pytest.mark.xdist_group("cda-avance")
def test_a_changed_die_roll_in_the_heroism_example_is_caught(book_copy):
    _, status, findings = checked_together(book_copy, TOGETHER, *TOGETHER[2])
    assert status == 1
    red = {(f["where"], f["found"], f["expected"]) for f in new_findings(findings)}
    assert (HEROISME_ET_CA, 2, 3) in red  # « 5-3 = 2 » is now 6-3 = 3


def test_a_changed_heroism_constant_turns_the_heroic_passages_red(tmp_path):
    folder = copy_of_the_game(tmp_path)
    mutate(folder / "rules" / "avance.py", r"POINTS_PAR_TOTAL_D_HEROISME = constant\((20),", "10")
    status, findings = check(folder)
    assert status == 1
    red = {f["where"] for f in new_findings(findings)}
    assert HEROISME_ET_CA in red
    assert any(where.startswith(french("paragraphe « Le sert à augmenter")) for where in red)
    assert any(where.startswith(french("paragraphe « Lorsqu'un personnage à une")) for where in red)


HEROISM_SLIPS = [
    # (the words edited, what they become, the line, the text's number, the rules')
    ("pugilat, soit +5 de", "pugilat, soit +3 de", 1767, 3, 5),
    ("pugilat, soit +5 de", "pugilat, soit +0 de", 1767, 0, 5),
    ("de 14 + 4 + 5 = 23", "de 14 + 4 + 3 = 23", 1768, 3, 5),
    ("de 14 + 4 + 5 = 23", "de 14 + 4 + 5 = 24", 1768, 24, 23),
]


@pytest.mark.parametrize("before, after, line, says, gives", HEROISM_SLIPS)
def test_one_slip_of_the_heroism_examples_bc_is_one_finding_at_its_number(
    book_copy, before, after, line, says, gives
):
    """The example goes on with the BC its sum's total is made of: a slip of the « +5 », of
    the sum's term or of its total is one erratum at that number, never the rest of the story
    reported again, and the known erratum (the level, « disciple ») stays as it was."""
    copy = book_copy("cda")
    baseline = {f.id for f in copy.examine().findings}
    report = copy.examine_replaced([("cda.xml", before, after)])
    new = [f for f in report.findings if f.id not in baseline]
    assert [(f.category, f.line, f.found, f.expected) for f in new] == [
        ("erratum", line, says, gives)
    ]
    assert [c.by_hand for c in new[0].corrections] == [""]  # a patch: the story is the text's
    assert "erratum:example-heroisme-et-cible-a-atteindre:niveau-de-connaissance" in {
        f.id for f in report.findings
    }


def test_the_heroism_example_corrected_by_its_level_is_the_rules(book_copy):
    copy = book_copy("cda")
    baseline = {f.id for f in copy.examine().findings}
    report = copy.examine_replaced(
        [
            (
                "cda.xml",
                'maintenant <xref linkend="disciple"/>',
                'maintenant <xref linkend="compagnon"/>',
            )
        ]
    )
    found = {f.id for f in report.findings}
    assert "erratum:example-heroisme-et-cible-a-atteindre:niveau-de-connaissance" not in found
    assert {i for i in found - baseline if not i.startswith("ledger-stale")} == set()
