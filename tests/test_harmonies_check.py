"""`rulebook check harmonies`: both chapters fully bound, the ledger's defects and nothing else."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest

from build_tools.diagnostics import SEVERITIES
from tests.book_language import french

BOOK = Path(__file__).resolve().parents[1] / "source" / "harmonies"


@pytest.fixture(scope="module")
def rapport(checked_book):
    return checked_book("harmonies")


def test_the_check_exits_0_with_the_ledger_in_place(rulebook, monkeypatch):
    monkeypatch.chdir(BOOK.parents[1])
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    run = rulebook("check", "harmonies")
    assert run.status == 0, run.out
    assert "harmonies: 0 new findings, 1 note, 17 known (in the ledger)" in run.out
    # the mace's Classe in « Calcul des dégâts » waived: no rule gives it
    assert "numbers: 317 in all: 110 given, 200 claimed, 7 waived, 0 unbound" in run.out
    # The distance of the table of chances from the dice, as a figure, on every run.
    assert (
        french(
            "info: tableau « Chances de réussite d'une action »: les chances imprimées sont en "
            "moyenne à 1,3 points des chances de ±d10°, à 7,4 au plus (à −2 : 30,0\u202f% "
            "imprimés, 37,4\u202f% aux dés) ; de −20 à 0 elles sont sous les dés sauf à −8"
        )
        in run.out
    )


def test_without_its_ledger_the_check_fails_on_each_defect(rulebook, tmp_path):
    copie = tmp_path / "harmonies"
    shutil.copytree(BOOK, copie, ignore=shutil.ignore_patterns("__pycache__", "ledger.toml"))
    run = rulebook("check", str(copie))
    assert run.status == 1
    assert "harmonies: 17 new findings (17 errors), 1 note, 0 known (in the ledger)" in run.out


def test_every_example_table_and_number_of_both_chapters_is_bound(rulebook):
    run = rulebook("check", str(BOOK), "--format", "json")
    coverage = json.loads(run.out)["books"][0]["coverage"]
    assert coverage["examples"] == {"total": 6, "bound": 6}
    assert coverage["tables"] == {"total": 4, "bound": 4}
    assert coverage["numbers"]["unbound"] == 0
    assert coverage["numbers"]["total"] == 317
    assert coverage["prose"] == {"total": 32, "bound": 32}


def test_the_findings_are_exactly_the_ledger(rapport):
    ledger = tomllib.loads((BOOK / "ledger.toml").read_text(encoding="utf-8"))
    connus = {entry["id"] for entry in ledger["known"]}
    erreurs = [f for f in rapport.findings if f.rank >= SEVERITIES.index("error")]
    assert {finding.id for finding in erreurs} == connus
    assert all(finding.known for finding in erreurs)


def test_no_binding_is_stale_or_broken(rapport):
    categories = {f.category for f in rapport.findings if f.rank >= SEVERITIES.index("error")}
    # rule-unstated: the rules the chapters never state (the open roll, the scale of the
    # Mesures), each in the ledger; Goliath's sheet total folds into the table's erratum.
    assert categories <= {
        "erratum",
        "broken-reference",
        "rule-unstated",
        "sheet-total",
        "typography",  # the table's decimal point, an erratum of the book's typography
    }


def test_the_errata_say_what_the_text_says_and_what_the_rules_give(rapport):
    messages = {f.id.split(":")[-1]: f.message for f in rapport.findings if f.category == "erratum"}
    assert messages["a-difficulte-0-lu-50"].startswith("le texte dit 50, les règles donnent 54,55")
    assert messages["difficulte-18-lu-0-7"].startswith(
        "le texte dit 0,7 (= 7/10), les règles donnent 0,8"
    )
    assert messages["tranche-de-0-a-3-lu-1"] == "le texte dit −1, les règles donnent 1"
    assert (
        messages["table-de-goliath-lue-5-4-5-5-1-5-7-10-15-20-4"]
        == "le texte dit 5, les règles donnent 3"
    )
    assert messages["arme-de-david-lue-epee"] == (
        french("le texte dit « Épée », les règles donnent l’arme de David (dague)")
    )


def test_the_distance_of_the_table_from_the_dice_is_in_the_working(rapport):
    finding = next(f for f in rapport.findings if f.id.endswith("a-difficulte-0-lu-50"))
    working = "\n".join(finding.derivation)
    assert "6/11" in working
    # the notes of the working are the book's French: the reader sees them beside the erratum
    assert (
        "est sous les dés à chaque difficulté de −20 à 0 sauf −18 (0,8\u202f% pour 0,798\u202f%), "
        "−8 (8,0\u202f% pour 7,980\u202f%)"
    ) in working
    assert (
        "le plus grand écart est de 7,4\u202f% à −2 "
        "(30,0\u202f% dans la table, 37,4\u202f% aux dés)"
    ) in working
