"""A sheet's derived values computed once, by the rule each box declares.

A box with `rule=` and `arguments=` is computed by the engine from the rule: its
value cannot be anything the rule would not give, a hand-written `compute` for it
too is the game's mistake, and a derived box that nothing computes is a finding.
Copies of the Clefs de l'Aube are edited as a game author would and checked.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from build_tools.books import discover, load_game
from build_tools.checking.totals import totals, uncomputed

ROOT = Path(__file__).resolve().parent.parent


def _cda(tmp_path: Path) -> Path:
    folder = tmp_path / "cda"
    shutil.copytree(ROOT / "source" / "cda", folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_each_box_with_arguments_holds_its_rule_s_value_for_every_example():
    import tomllib

    for book in discover(ROOT / "source"):
        game = load_game(book)[0]
        description = game.sheet
        for example in description.examples:
            character = tomllib.loads((book.folder / example.file).read_text(encoding="utf-8"))
            values = totals(description, character)
            assert uncomputed(description, character, values) == []
            tp = values.get("armes.0.TP")
            if book.name == "cda" and tp is not None:
                # Björn's shield adds its BP to his weapon's (TP = CA + BP − 10)
                arme, bouclier = character["armes"][0], character.get("combat", {}).get("BP", 0)
                assert tp == values["armes.0.CA"] + arme["BP"] + bouclier - 10


def test_a_value_written_by_hand_beside_its_rule_is_the_game_s_mistake(tmp_path, rulebook):
    folder = _cda(tmp_path)
    _edit(
        folder / "rules" / "fiche.py",
        "    return totaux\n\n\ndef _typographie",
        '    totaux["armes.0.TA"] = 99\n    return totaux\n\n\ndef _typographie',
    )
    run = rulebook("check", str(folder))
    assert run.status == 1
    assert (
        "armes.0.TA: computed by its rule (arguments=) and by the sheet's compute too: "
        "a derived value is written once, by its rule"
    ) in run.out, run.out
    out = tmp_path / "krom.pdf"
    sheet = rulebook("sheet", str(folder / "personnages" / "krom.toml"), "--out", str(out))
    assert sheet.status == 2 and not out.exists()


def test_a_derived_box_that_nothing_computes_is_a_finding(tmp_path, rulebook):
    folder = _cda(tmp_path)
    _edit(
        folder / "rules" / "fiche.py",
        '                    arguments={"cible": "CA", "bonus_d_attaque": "BA"},\n',
        "",
    )
    run = rulebook("check", str(folder))
    assert run.status == 1
    assert (
        "personnages/krom.toml: the sheet computes no value for armes.0.TA: its box declares "
        "no rule with arguments, and the sheet's compute gives none"
    ) in run.out, run.out
