"""The ledger of a book with rules: --no-rules leaves the rules' entries alone, and an
erratum whose value changed is reported once, as changed."""

from __future__ import annotations

import difflib
import json
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
    assert "le texte dit 51" in line
    ledger = (harmonies / "ledger.toml").read_text(encoding="utf-8").splitlines()
    (number,) = [n for n, text in enumerate(ledger, 1) if re.match(ERRATUM, text)]
    assert (
        f"(changed: the ledger, line {number}, knows this erratum with the text saying 50;" in line
    )


def test_accept_updates_a_changed_erratum_in_place_and_marks_its_reasons_for_review(
    rulebook, harmonies
):
    actions = harmonies / "actions.xml"
    lines = actions.read_text(encoding="utf-8").split("\n")
    lines[42] = lines[42].replace("50%", "51%")
    actions.write_text("\n".join(lines), encoding="utf-8")
    ledger = harmonies / "ledger.toml"
    before = ledger.read_text(encoding="utf-8")
    status, out, _ = rulebook("ledger", "accept", "harmonies")
    assert status == 0
    assert "1 changed erratum updated in place: review its reasons (TODO)" in out
    after = ledger.read_text(encoding="utf-8")
    diff = [
        line for line in difflib.ndiff(before.splitlines(), after.splitlines()) if line[:1] in "+-"
    ]
    assert len(diff) == 5, diff  # its id and its text_says rewritten, a review line added
    assert diff[0].startswith('- id = "erratum:') and diff[1].endswith('-lu-51"')
    assert diff[2:] == [
        '- text_says = "50"',
        '+ text_says = "51"',
        '+ review = "TODO: the text now says 51, not 50: check that the reasons still hold, '
        'then remove this line"',
    ]
    # the card noting the erratum (« La table du livre ») notes it by its new id
    deck = (harmonies / "deck.toml").read_text(encoding="utf-8")
    assert diff[1].removeprefix("+ id = ") in deck and diff[0].removeprefix("- id = ") not in deck
    status, out, _ = rulebook("check", "harmonies")
    assert status == 0  # the erratum known again at its new value, and no entry stale
    assert "[erratum]" not in out
    (warning,) = [line for line in out.splitlines() if "to be reviewed" in line]
    assert warning.startswith("source/harmonies/ledger.toml:")
    assert ": warning: the reasons of 'erratum:" in warning
    assert warning.endswith(
        "-lu-51' are to be reviewed: TODO: the text now says 51, not 50: check that the reasons "
        "still hold, then remove this line [ledger-reason]"
    )
    assert rulebook("check", "harmonies", "--strict").status == 1
    ledger.write_text(
        "".join(line for line in after.splitlines(keepends=True) if not line.startswith("review"))
    )
    assert rulebook("check", "harmonies", "--strict").status == 0


@pytest.fixture
def broken_rules(harmonies):
    """A syntax error in a rules module: the game cannot load, so its rules do not run."""
    combat = harmonies / "rules" / "combat.py"
    combat.write_text(combat.read_text(encoding="utf-8") + "\ndef parade(:\n", encoding="utf-8")
    return combat


def test_a_game_that_cannot_load_fails_the_check_first_and_judges_none_of_its_entries(
    rulebook, harmonies, broken_rules
):
    errata = len(
        re.findall(r'^id = "(erratum|rule-unstated|sheet-total):', _ledger(harmonies), re.M)
    )
    status, out, _ = rulebook("check", "harmonies")
    assert status == 1
    assert "no longer occurs" not in out and "ledger-stale" not in out
    lines = out.splitlines()
    assert (
        f"(its game cannot load: validated only; {errata} ledger entries of the rules not judged)"
        in out
    )
    (first,) = [n for n, line in enumerate(lines) if ": error: " in line][:1]
    assert lines[first].startswith("source/harmonies/rules/combat.py:")
    assert lines[first].endswith("[game-error]") and "SyntaxError" in lines[first]

    status, out, _ = rulebook("check", "harmonies", "--format", "json")
    findings = json.loads(out)["books"][0]["findings"]
    assert findings[0]["category"] == "game-error" and not findings[0]["known"]


def test_prune_and_accept_refuse_while_the_rules_did_not_run(rulebook, harmonies, broken_rules):
    before = (harmonies / "ledger.toml").read_bytes()
    for action in ("prune", "accept"):
        status, out, err = rulebook("ledger", action, "harmonies")
        assert status == 2, out + err
        assert "[game-error]" in err
        assert "its rules did not run" in err and "ledger left as it is" in err
        assert (harmonies / "ledger.toml").read_bytes() == before


def test_accept_never_records_an_error_of_the_games_code(rulebook, harmonies):
    actions = harmonies / "bindings" / "actions.py"
    text = actions.read_text(encoding="utf-8")
    crash = "def chance_a_difficulte_zero(para):\n"
    actions.write_text(text.replace(crash, crash + "    raise RuntimeError('oops')\n"))
    before = _ledger(harmonies)
    status, out, err = rulebook("ledger", "accept", "harmonies")
    assert status == 1
    assert "[binding-error]" in err
    assert "1 error of the game's code not recorded" in err
    assert "binding-error" not in _ledger(harmonies)
    assert _ledger(harmonies).startswith(before)


def test_a_ledger_entry_for_an_error_of_the_games_code_is_itself_an_error(rulebook, harmonies):
    ledger = harmonies / "ledger.toml"
    ledger.write_text(
        _ledger(harmonies) + '\n[[known]]\nid = "game-error:load"\nreason = "old mistake"\n',
        encoding="utf-8",
    )
    status, out, _ = rulebook("check", "harmonies")
    assert status == 1
    assert (
        "error: ledger entry 'game-error:load': an error of the game's code is not a defect of "
        "the book as authored" in out
    )


def _ledger(folder) -> str:
    return (folder / "ledger.toml").read_text(encoding="utf-8")
