"""The checking engine on a tiny book: claims, givens, waivers, coverage, stale bindings, ledger."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from build_tools.commands.cli import main
from tests.book_language import french

MINI = Path(__file__).parent / "fixtures" / "books" / "mini"


@pytest.fixture
def book(tmp_path: Path) -> Path:
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def check(folder: Path, capsys) -> tuple[int, dict]:
    status = main(["check", str(folder), "--format", "json"])
    report = json.loads(capsys.readouterr().out)["books"][0]
    return status, report


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def errata(report: dict) -> list[dict]:
    return [f for f in report["findings"] if f["category"] == "erratum"]


def test_a_wrong_table_cell_is_an_erratum_with_its_working(book, capsys):
    status, report = check(book, capsys)
    assert status == 1
    (finding,) = errata(report)
    assert finding["where"] == french("tableau « Les cibles »")
    assert finding["message"] == "le texte dit 16, les règles donnent 15"
    assert (finding["found"], finding["expected"]) == (16, 15)
    assert finding["line"] == 23 and finding["file"].endswith("book.xml")
    assert "cible(aspect=12, bonus=3) = 15    [cible = aspect + bonus]" in finding["derivation"]


def test_the_text_report_reads_like_a_compiler_error(book, capsys):
    assert main(["check", str(book)]) == 1
    out = capsys.readouterr().out
    assert "book.xml:23:" in out
    said = "error: tableau « Les cibles »: le texte dit 16, les règles donnent 15 [erratum]"
    assert french(said) in out
    assert "cible(aspect=12, bonus=3) = 15" in out


def test_coverage_counts_every_unit_and_number(book, capsys):
    _, report = check(book, capsys)
    coverage = report["coverage"]
    assert coverage["examples"] == {"total": 2, "bound": 2}
    assert coverage["tables"] == {"total": 1, "bound": 1}
    assert coverage["glossary"] == {"total": 1, "bound": 1}
    # example: 13, 2, 15 / 1,5 / 2006; table: 10 1 11 12 3 16; section: 7; glossary: 20; prose: 20
    assert coverage["numbers"] == {
        "total": 14,
        "given": 6,
        "claimed": 6,
        "waived": 2,
        "unbound": 0,
        "not reached": 0,
    }


def test_a_changed_given_is_followed(book, capsys):
    edit(book / "book.xml", "13 en Physique", "14 en Physique")
    _, report = check(book, capsys)
    messages = {f["where"]: f["message"] for f in errata(report)}
    assert messages[french("exemple « Un jet »")] == "le texte dit 15, les règles donnent 16"
    # the state carried to the combat section follows too: 16 - 8 = 8, the text says 7
    assert (
        messages[french("section « Exemple de combat »")] == "le texte dit 7, les règles donnent 8"
    )


def test_a_changed_claim_is_caught(book, capsys):
    edit(book / "book.xml", "Au plus 20.", "Au plus 21.")
    _, report = check(book, capsys)
    assert any(
        f["where"] == french("glossaire « cible »") and f["found"] == 21 and f["expected"] == 20
        for f in errata(report)
    )


def test_a_changed_rule_constant_turns_dependent_passages_red(book, capsys):
    edit(book / "rules.py", "ASPECT_MAXIMUM = 20", "ASPECT_MAXIMUM = 18")
    _, report = check(book, capsys)
    wheres = {f["where"] for f in errata(report)}
    assert french("glossaire « cible »") in wheres
    assert any(where.startswith(french("paragraphe « La cible à atteindre")) for where in wheres)


def test_reworded_text_makes_the_binding_stale_not_silent(book, capsys):
    edit(book / "book.xml", "un bonus de 2", "une aide de 2")
    status, report = check(book, capsys)
    stale = [f for f in report["findings"] if f["category"] == "binding-stale"]
    assert status == 1
    assert stale and "un bonus de {}" in stale[0]["message"]
    assert stale[0]["where"] == french("exemple « Un jet »")


def test_a_title_that_no_longer_exists_is_a_stale_binding(book, capsys):
    edit(book / "book.xml", "<title>Un jet</title>", "<title>Un lancer</title>")
    _, report = check(book, capsys)
    stale = [f for f in report["findings"] if f["category"] == "binding-stale"]
    assert any("example title='Un jet' is not in the book" in f["message"] for f in stale)
    assert any(
        f["category"] == "unbound"
        and f["where"] == french("exemple « Un lancer »")
        and f["message"] == "aucune liaison ne vérifie cet exemple"
        for f in report["findings"]
    )


def test_a_crashing_binding_is_reported_apart_from_wrong_numbers(book, capsys):
    edit(book / "bindings.py", "    section.claim(", "    1 / 0\n    section.claim(")
    _, report = check(book, capsys)
    (crash,) = [f for f in report["findings"] if f["category"] == "binding-error"]
    assert "ZeroDivisionError" in crash["message"]
    assert crash["file"].endswith("bindings.py") and crash["text"] == "1 / 0"


def test_a_new_number_is_unbound_with_its_position(book, capsys):
    edit(book / "book.xml", "frappe pour 7 points.", "frappe pour 7 points, deux fois sur 3.")
    _, report = check(book, capsys)
    (unbound,) = [f for f in report["findings"] if f["category"] == "unbound"]
    assert unbound["message"] == "le nombre 3 n'est ni donné, ni réclamé, ni écarté"
    assert unbound["line"] == 29
    line = (book / "book.xml").read_text(encoding="utf-8").splitlines()[28]
    assert line[unbound["column"] - 1] == "3"


def test_the_ledger_makes_known_errata_pass_and_stale_entries_fail(book, capsys):
    _, report = check(book, capsys)
    (finding,) = errata(report)
    ledger = book / "ledger.toml"
    ledger.write_text(
        f'[[known]]\nid = "{finding["id"]}"\nreason = "12 + 3 = 15, the table says 16"\n',
        encoding="utf-8",
    )
    status, report = check(book, capsys)
    assert status == 0
    assert errata(report)[0]["known"] is True
    edit(book / "book.xml", "<entry>16</entry>", "<entry>15</entry>")
    status, report = check(book, capsys)
    assert status == 1
    assert [f["category"] for f in report["findings"]] == ["ledger-stale"]


def test_another_wrong_number_at_a_known_place_is_new(book, capsys):
    _, report = check(book, capsys)
    (finding,) = errata(report)
    (book / "ledger.toml").write_text(
        f'[[known]]\nid = "{finding["id"]}"\ntext_says = "16"\nreason = "12 + 3 = 15"\n',
        encoding="utf-8",
    )
    assert check(book, capsys)[0] == 0
    edit(book / "book.xml", "<entry>16</entry>", "<entry>17</entry>")
    status, report = check(book, capsys)
    assert status == 1
    (wrong,) = errata(report)
    assert (wrong["found"], wrong["known"]) == (17, False)
    # Reported once, as a change of the known entry, not beside a stale one.
    assert "the ledger, line 2, knows this erratum with the text saying 16" in wrong["message"]
    assert [f["category"] for f in report["findings"]] == ["erratum"]


def test_two_bindings_of_one_paragraph_are_reported(book, capsys):
    bindings = book / "bindings.py"
    bindings.write_text(
        bindings.read_text(encoding="utf-8")
        + '\n\n@binder.prose(contains="La cible à atteindre")\ndef encore(para, state):\n'
        + '    para.claim("au plus {}", rules.ASPECT_MAXIMUM)\n',
        encoding="utf-8",
    )
    _, report = check(book, capsys)
    twice = [f for f in report["findings"] if f["category"] == "binding-twice"]
    assert len(twice) == 1 and "binds a passage already bound" in twice[0]["message"]
    assert report["coverage"]["prose"] == {"total": 1, "bound": 1}


def test_a_binding_takes_what_another_returned_and_is_not_run_when_it_failed(book, capsys):
    # The combat section declares that it needs the example « Un jet » (a parameter named
    # after its binding), instead of reading a shared namespace.
    bindings = book / "bindings.py"
    text = bindings.read_text(encoding="utf-8")
    text = text.replace(
        '    ex.waive("en {}", "a year")\n',
        '    ex.waive("en {}", "a year")\n    return state.cible\n',
    )
    text = text.replace(
        'def combat(section, state):\n    section.claim("pour {} points", state.cible - 8)',
        'def combat(section, un_jet):\n    section.claim("pour {} points", un_jet - 8)',
    )
    bindings.write_text(text, encoding="utf-8")
    _, report = check(book, capsys)
    assert [f["where"] for f in errata(report)] == [french("tableau « Les cibles »")]
    # The example loses its sentence: one finding at that place; the combat is not run.
    edit(
        book / "book.xml",
        "Gaël a 13 en Physique et un bonus de 2 : sa cible est de\n        15.",
        "Gaël joue.",
    )
    _, report = check(book, capsys)
    new = [f for f in report["findings"] if f["where"] != french("tableau « Les cibles »")]
    assert [f["category"] for f in new] == ["binding-stale"], new
    assert "bindings.py:" in new[0]["message"] and "nombre(s) non atteint(s)" in new[0]["message"]
    assert report["coverage"]["numbers"]["not reached"] >= 2  # the example's and the combat's


def test_a_contradiction_names_its_other_place_in_sarif(book, capsys):
    # The rule sentence says « au plus 20 »; the glossary comes to say « Au moins 20 ».
    edit(book / "book.xml", "<para>Au plus 20.</para>", "<para>Au moins 20.</para>")
    main(["check", str(book), "--format", "sarif"])
    results = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    (changed,) = [r for r in results if french("« Au moins »") in r["message"]["text"]]
    assert changed["locations"][0]["physicalLocation"]["region"]["startLine"] == 36
    assert changed.get("relatedLocations"), changed
    # The other place is located as the finding is (here outside the project root: an
    # absolute URI), never relative to wherever the check runs from.
    (other,) = changed["relatedLocations"]
    here = changed["locations"][0]["physicalLocation"]["artifactLocation"]
    there = other["physicalLocation"]["artifactLocation"]
    assert here["uri"].startswith("file:///") and there["uri"].startswith("file:///"), other


def test_a_cell_below_an_entry_spanning_rows_is_named_as_the_page_lays_it_out(book, capsys):
    """« 12 » spans two rows: the second row's cells are bonus and cible, under « 12 »."""
    edit(
        book / "book.xml",
        "<row><entry>12</entry><entry>3</entry><entry>16</entry></row>",
        "<row><entry>3</entry><entry>16</entry></row>",
    )
    edit(
        book / "book.xml",
        "<row><entry>10</entry><entry>1</entry><entry>11</entry></row>",
        '<row><entry morerows="1">12</entry><entry>1</entry><entry>13</entry></row>',
    )
    edit(
        book / "bindings.py",
        """    for row in table.rows:
        aspect, bonus = row[0].given(), row[1].given()
        row[2].claim("{}", rules.cible(aspect, bonus))""",
        """    for row in table.rows:
        if len(row) == 3:  # the row that starts « 12 »; the next one is under it
            aspect = row.pop(0).given()
        row[1].claim("{}", rules.cible(aspect, row[0].given()))""",
    )
    status, report = check(book, capsys)
    (finding,) = errata(report)
    assert finding["message"] == "le texte dit 16, les règles donnent 15"
    assert finding["id"] == "erratum:table-les-cibles:row-12-cible"
    assert main(["build", str(book), "--format", "html", "--out", str(book / "out")]) in (0, 1)
    page = (book / "out" / "mini" / "mini.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S)
    cells = [re.findall(r"<t[dh]([^>]*)>(.*?)</t[dh]>", row, re.S) for row in rows]
    # the page's second body row: bonus 3 and cible 16 (the erratum), beside « 12 » above
    assert cells[1][0] == (' rowspan="2"', "12")
    (bonus, _), (cible, words) = cells[2]
    assert (bonus, cible) == ("", ' class="erratum"') and words.startswith("<mark")
