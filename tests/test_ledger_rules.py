"""The ledger of a book with rules: --no-rules leaves the rules' entries alone, and an
erratum whose value changed is reported once, as changed."""

from __future__ import annotations

import re
import shutil

import pytest
from conftest import ROOT

ERRATUM = r'id = "erratum:paragraph-la-difficulte-d-une-action[^"]*:a-difficulte-0-lu-50"'


@pytest.fixture
def harmonies(tmp_path, monkeypatch):
    folder = tmp_path / "source" / "harmonies"
    shutil.copytree(ROOT / "source" / "harmonies", folder)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    return folder


def test_no_rules_passes_on_a_clean_book_and_leaves_the_errata_alone(rulebook, harmonies):
    status, out, _ = rulebook("check", "harmonies", "--no-rules")
    assert status == 0, out
    assert "no longer occurs" not in out
    assert "validated only" in out


def test_no_rules_imports_nothing_of_the_book_folder(rulebook, harmonies):
    (harmonies / "__init__.py").write_text("raise SystemExit('imported')\n", encoding="utf-8")
    status, out, _ = rulebook("check", "harmonies", "--no-rules")
    assert status == 0, out


def test_no_rules_still_reports_a_fixed_reference(rulebook, harmonies):
    actions = harmonies / "actions.xml"
    text = actions.read_text(encoding="utf-8")
    actions.write_text(text.replace("</chapter>", '<para id="bclasse"/></chapter>', 1))
    combat = harmonies / "combat.xml"
    text = combat.read_text(encoding="utf-8")
    assert "bclasse" in text
    status, out, _ = rulebook("check", "harmonies", "--no-rules")
    assert status == 1
    assert "broken-reference:section-les-degats:linkend-bclasse', which no longer occurs" in out


def test_an_erratum_whose_value_changed_is_reported_once_as_changed(rulebook, harmonies):
    actions = harmonies / "actions.xml"
    lines = actions.read_text(encoding="utf-8").split("\n")
    assert "aura 50% de" in lines[42]
    lines[42] = lines[42].replace("50%", "51%")
    actions.write_text("\n".join(lines), encoding="utf-8")
    status, out, _ = rulebook("check", "harmonies")
    assert status == 1
    assert "no longer occurs" not in out
    (line,) = [line for line in out.splitlines() if line.endswith("[erratum]")]  # once
    assert line.startswith("source/harmonies/actions.xml:43:63: error: ")
    assert "the text says 51" in line
    ledger = (harmonies / "ledger.toml").read_text(encoding="utf-8").splitlines()
    (number,) = [n for n, text in enumerate(ledger, 1) if re.match(ERRATUM, text)]
    assert (
        f"(changed: the ledger, line {number}, knows this erratum with the text saying 50;" in line
    )


def test_accept_updates_a_changed_erratum_in_place(rulebook, harmonies):
    actions = harmonies / "actions.xml"
    lines = actions.read_text(encoding="utf-8").split("\n")
    lines[42] = lines[42].replace("50%", "51%")
    actions.write_text("\n".join(lines), encoding="utf-8")
    ledger = harmonies / "ledger.toml"
    before = ledger.read_text(encoding="utf-8")
    status, out, _ = rulebook("ledger", "accept", "harmonies")
    assert status == 0
    assert "1 changed erratum(s) updated in place" in out
    after = ledger.read_text(encoding="utf-8")
    changed = [
        (old, new)
        for old, new in zip(before.splitlines(), after.splitlines(), strict=False)
        if old != new
    ]
    assert len(changed) == 2  # its id and its text_says; its reason kept
    assert changed[1] == ('text_says = "50"', 'text_says = "51"')
    assert changed[0][1].endswith('-lu-51"')
    status, out, _ = rulebook("check", "harmonies")
    assert status == 0  # the erratum known again at its new value, and no entry stale
    assert "[erratum]" not in out
