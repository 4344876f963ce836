"""`rulebook check --diff` and `--fix`: the corrections the rules determine, on a copy."""

from __future__ import annotations

import codecs
import contextlib
import dataclasses
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import NamedTuple

import pytest

from tests.conftest import ROOT, Run

BOOKS = ("cda", "harmonies", "edad")


@pytest.fixture
def copy(tmp_path, monkeypatch):
    """A copy of a book of source/, checked from the folder that holds it."""

    def make(name: str):
        shutil.copytree(
            ROOT / "source" / name,
            tmp_path / name,
            ignore=shutil.ignore_patterns("__pycache__"),
        )
        monkeypatch.chdir(tmp_path)
        return tmp_path / name

    return make


class Standing(NamedTuple):
    """What `rulebook check` says of a book as it stands, once for the tests of this module."""

    sarif: dict
    """Its `--format sarif` (run from the project: paths under source/)."""
    diff: Run
    """Its `--diff`, run from the folder that holds a copy of it (paths NAME/...)."""
    unchanged: bool
    """Whether the copy's folder held the same files, byte for byte, after the --diff."""


STANDING: dict[str, Standing] = {}


@pytest.fixture
def standing(rulebook, tmp_path_factory):
    """`standing(name)`: the book's Standing, checked once per test process."""

    def of(name: str) -> Standing:
        if name not in STANDING:
            sarif = json.loads(rulebook("check", name, "--format", "sarif").out)
            holder = tmp_path_factory.mktemp(f"standing-{name}")
            folder = holder / name
            shutil.copytree(
                ROOT / "source" / name, folder, ignore=shutil.ignore_patterns("__pycache__")
            )
            files = _contents(folder)
            with contextlib.chdir(holder):
                diff = rulebook("check", name, "--diff")
            now = _contents(folder)
            STANDING[name] = Standing(sarif, diff, now == files)
        return STANDING[name]

    return of


def _contents(folder: Path) -> dict[Path, bytes]:
    """Every file of a book's folder with its bytes, but the bytecode Python caches beside
    the game's modules when it imports them (as any import of the game does, not rulebook's
    writing)."""
    return {
        path: path.read_bytes()
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def errata(sarif: dict) -> set[str]:
    """The ids of the known findings of a SARIF log: its errata and what follows from them."""
    return {
        result["partialFingerprints"]["rulebookFindingId"]
        for result in sarif["runs"][0]["results"]
        if "suppressions" in result
    }


@pytest.mark.slow
@pytest.mark.xdist_group("corrections")
@pytest.mark.parametrize("name", BOOKS)
def test_the_patch_applied_fixes_those_errata_and_nothing_else_breaks(
    rulebook, copy, standing, name
):
    before = errata(standing(name).sarif)
    run = standing(name).diff
    folder = copy(name)
    assert run.status == 0
    # --diff changes nothing by itself: not a byte of the book's folder, nor a file added
    assert standing(name).unchanged
    # Edad's one number to correct (« au delà de 20 » → 19) is printed on the card of chances
    # as « 20 et plus », which the corrected text says too: the correction stands.
    assert run.out.startswith(f"--- a/{name}/"), run.out[:200]
    # a correction is made once, over the text as written: never a sign over a sign (« - -5 »)
    added = [line[1:] for line in run.out.splitlines() if line.startswith("+ ")]
    assert not [line for line in added if re.search(r"[-+−]\s*[-−]\d", line)], added
    # the patch takes the fixed errata's entries out of the ledger too
    removed = set(re.findall(r'^-id = "([^"]+)"$', run.out, re.M))
    assert removed, "the patch fixed no erratum"
    assert removed <= before
    subprocess.run(
        ["git", "apply", "-p1", "-"], input=run.out, text=True, cwd=folder.parent, check=True
    )
    after = rulebook("check", name, "--format", "json", "-v")
    assert after.status == 0  # applied, the patch leaves the check green
    findings = json.loads(after.out)["books"][0]["findings"]
    assert not [f for f in findings if not f["known"] and f["severity"] in ("error", "fatal")]
    assert not removed & {f["id"] for f in findings}  # what it fixed is gone from the book


@pytest.mark.slow
def test_fix_applies_the_patch_and_drops_the_fixed_entries_from_the_ledger(rulebook, copy):
    folder = copy("cda")
    ledger_before = (folder / "ledger.toml").read_text(encoding="utf-8")
    # what a --fix killed while writing left beside the source: removed by the next
    (folder / ".cda.xml.k3j9x.part").write_text("<book>", encoding="utf-8")
    (folder / "cda.xml").chmod(0o640)  # the authors' mode: --fix keeps it
    run = rulebook("check", "cda", "--fix")
    assert (folder / "cda.xml").stat().st_mode & 0o777 == 0o640
    assert not list(folder.glob("*.part")) and not list(folder.glob(".*.part"))
    assert run.status == 0
    assert "fixed erratum:example-maladresse-exceptionnelle" in run.err
    text = (folder / "cda.xml").read_text(encoding="utf-8")
    assert "pour un total de +20!" in text and "pour un total de +22!" not in text
    ledger = (folder / "ledger.toml").read_text(encoding="utf-8")
    assert "maladresse-exceptionnelle" not in ledger
    assert ledger.count("[[known]]") < ledger_before.count("[[known]]")
    # words the rules say otherwise are corrected too (« inférieur » → « inférieur ou égal »)
    assert "glossary-degre-de-reussite" not in ledger
    assert "lorsque celui-ci est\n inférieur ou égal à la" in text
    # words across line ends and links, corrected where they differ, the links kept
    assert "glossary-niveau-de-dommage" not in ledger
    assert 'Un niveau duquel le <xref\n linkend="dr"/> du <xref linkend="encaisse"/> est ' in text
    # words a link writes, by its target (« niveau de difficulté » → « niveau de dommage »)
    assert 'ce qui fait un <xref linkend="dom"/> de\n 28!' in text
    # a card's note on an erratum now fixed goes with it (every one of cda's is: a note on
    # one left stays, held on Harmonies' by the UTF-16 test)
    deck = (folder / "deck.toml").read_text(encoding="utf-8")
    noted = set(re.findall(r'^ledger = "([^"]+)"$', deck, re.M))
    assert "erratum:glossary-echec-automatique:est-inferieure-a" not in noted
    assert all(f'id = "{identifier}"' in ledger for identifier in noted)
    assert rulebook("check", "cda").status == 0


def test_sarif_results_carry_the_fix(rulebook, copy):
    copy("harmonies")
    run = rulebook("check", "harmonies", "--format", "sarif")
    results = json.loads(run.out)["runs"][0]["results"]
    fixed = {r["partialFingerprints"]["rulebookFindingId"]: r for r in results if "fixes" in r}
    # the note's three signs (−B−1 → −B+1 …), the table's 0.7 → 0.8, Goliath's 5 → 3 (with
    # the round's later numbers that follow from it), David's weapon, « Épée » → « Dague »,
    # and the table's decimal points, each number « 0.5 » → « 0,5 » (the 0.7 → 0,8)
    assert len(fixed) == 7
    sign = next(r for key, r in fixed.items() if "tranche-de-0-a-3" in key)
    replacement = sign["fixes"][0]["artifactChanges"][0]["replacements"][0]
    assert replacement["insertedContent"]["text"] == "+1"
    region = sign["locations"][0]["physicalLocation"]["region"]
    assert replacement["deletedRegion"]["startLine"] == region["startLine"]


@pytest.mark.slow
def test_a_book_in_utf16_with_crlf_lines_is_corrected_in_its_own_encoding(rulebook, copy):
    """--diff and --fix read a chapter as it declares itself, and write it back the same way."""
    folder = copy("harmonies")
    chapter = folder / "actions.xml"
    text = chapter.read_text(encoding="utf-8").replace(
        '<?xml version="1.0"?>', '<?xml version="1.0" encoding="UTF-16"?>', 1
    )
    lines = text.count("\n")
    chapter.write_bytes(codecs.BOM_UTF16_BE + text.replace("\n", "\r\n").encode("utf-16-be"))

    patch = rulebook("check", "harmonies", "--diff")
    assert patch.status == 0
    assert "+        -B, si 0 &lt; B-A &lt;= 3, la difficulté est de -B+1, si 3\r\n" in patch.out

    run = rulebook("check", "harmonies", "--fix")
    assert run.status == 0, run.err
    raw = chapter.read_bytes()
    assert raw.startswith(codecs.BOM_UTF16_BE)
    fixed = raw[2:].decode("utf-16-be")
    # every line still ends in \r\n, and only the corrected numbers changed
    assert fixed.count("\r\n") == lines and fixed.count("\n") == lines
    assert "la difficulté est de -B+1, si 3" in fixed and "-B-1" not in fixed
    assert "<entry>0,8%</entry>" in fixed and "<entry>0,5%</entry>" in fixed
    corrected = re.sub(r"<entry>(\d+)\.(\d)%", r"<entry>\1,\2%", text)
    corrected = corrected.replace("|Épée |", "|Dague |").replace("\n", "\r\n")
    assert fixed.replace("-B+", "-B-").replace("0,8%", "0,7%") == corrected
    # a card's note on an erratum left (no correction writes its 50 %) stays
    deck = (folder / "deck.toml").read_text(encoding="utf-8")
    assert 'ledger = "erratum:paragraph-la-difficulte-d-une-action:a-difficulte-0-lu-50"' in deck
    assert rulebook("check", "harmonies").status == 0


def test_a_correction_the_files_encoding_lacks_is_written_as_a_character_reference(tmp_path):
    from lxml import etree

    from build_tools.commands.fix import apply
    from build_tools.diagnostics import Correction
    from build_tools.encoding import read_source

    chapter = tmp_path / "chapitre.xml"
    chapter.write_bytes(b'<?xml version="1.0" encoding="US-ASCII"?>\n<para>en Pu/Rs.</para>\n')
    edit = Correction(chapter, 2, 13, "Rs", "Ré", "erratum:moyens")
    ((before, after),) = apply([edit]).values()
    written = read_source(chapter).encode(after)
    assert written.decode("ascii").endswith("<para>en Pu/R&#233;.</para>\n")
    assert etree.fromstring(written).text == "en Pu/Ré."


def test_diff_and_fix_refuse_no_rules_which_would_import_the_book(rulebook, copy):
    folder = copy("harmonies")
    init = folder / "__init__.py"
    init.write_text("raise SystemExit('imported')\n" + init.read_text(encoding="utf-8"))
    for option in ("--diff", "--fix"):
        status, out, err = rulebook("check", "harmonies", "--no-rules", option)
        assert (status, out) == (2, "")
        assert f"{option} corrects what the rules give: it cannot go with --no-rules" in err


def test_words_with_markup_inside_are_corrected_where_they_differ(tmp_path):
    """« <link>Mental</link> (Mt) »: the rules give « Mental (Me) », the patch changes « (Mt) »."""
    from build_tools.checking.correction import correction_of
    from build_tools.commands.fix import apply
    from build_tools.diagnostics import Finding

    line = ' <entry><link linkend="me">Mental</link> (Mt)</entry>'
    source = tmp_path / "book.xml"
    source.write_text(f"<row>\n{line}\n</row>\n", encoding="utf-8")
    finding = Finding(
        "error", "erratum", "header", file=source, line=2, column=line.index("Mental") + 1,
        key="mental", found="Mental (Mt)", expected="« Mental (Me) »",
    )  # fmt: skip
    correction = correction_of(finding)
    assert (correction.old, correction.new) == ("(Mt)", "(Me)")
    assert correction.column == line.index("(Mt)") + 1
    ((before, after),) = apply([correction]).values()
    assert after.splitlines()[1] == line.replace("(Mt)", "(Me)")


@pytest.fixture
def new_game(rulebook, tmp_path, monkeypatch):
    """`rulebook new jeu`, its example's total written wrong: a new erratum, 18 for 17."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    assert rulebook("new", "jeu").status == 0
    book = tmp_path / "source" / "jeu" / "book.xml"
    book.write_text(book.read_text(encoding="utf-8").replace("total de 17", "total de 18"))
    return book


def test_every_output_corrects_the_new_erratum(rulebook, new_game):
    sarif = json.loads(rulebook("check", "jeu", "--format", "sarif").out)
    (result,) = sarif["runs"][0]["results"]
    assert result["ruleId"] == "erratum" and "suppressions" not in result  # a new one
    (change,) = result["fixes"][0]["artifactChanges"]
    assert change["replacements"][0]["insertedContent"]["text"] == "17"
    diff = rulebook("check", "jeu", "--diff")
    assert diff.status == 0  # once applied, nothing new is wrong
    assert "-      <para>Avec une compétence de 4, un jet de 13 donne un total de 18" in diff.out
    assert "+      <para>Avec une compétence de 4, un jet de 13 donne un total de 17" in diff.out
    status, out, err = rulebook("check", "jeu", "--diff", "--select", "erratun")
    assert (status, out) == (2, "")
    assert "--select erratun: no finding of this id or category (did you mean `erratum`?)" in err
    run = rulebook("check", "jeu", "--fix", "--new-only")
    assert run.status == 0
    assert run.err == "rulebook: jeu: corrected new erratum:example-un-jet:total-de\n"
    assert "total de 17" in new_game.read_text(encoding="utf-8")
    assert rulebook("check", "jeu").status == 0


@pytest.mark.slow
def test_select_and_new_only_choose_what_is_corrected(rulebook, copy):
    copy("edad")
    table = "erratum:table-categories-d-ecart:au-dela-de"
    run = rulebook("check", "edad", "--diff", "--select", table)
    assert run.status == 0
    assert "+      <row><entry>et terrible</entry><entry>au delà de 19.</entry></row>" in run.out
    assert "Résistance" not in run.out  # the other erratum's correction is left out
    assert re.findall(r'^-id = "([^"]+)"$', run.out, re.M) == [table]  # and its entry kept
    assert rulebook("check", "edad", "--diff", "--new-only").out == ""  # every one is known
    status, _, err = rulebook("check", "edad", "--select", table)
    assert status == 2 and "--select chooses what --diff or --fix corrects" in err


def test_text_json_github_and_junit_print_the_correction_sarif_and_diff_make(rulebook, new_game):
    # One record: the edit SARIF offers and --diff makes is the one every other format prints.
    sarif = json.loads(rulebook("check", "jeu", "--format", "sarif").out)
    (result,) = sarif["runs"][0]["results"]
    (change,) = result["fixes"][0]["artifactChanges"]
    region = change["replacements"][0]["deletedRegion"]
    place = f"{region['startLine']}:{region['startColumn']}"
    line = f"fix: source/jeu/book.xml:{place}: « 18 » → « 17 »"
    assert line in rulebook("check", "jeu").out
    (finding,) = json.loads(rulebook("check", "jeu", "--format", "json").out)["books"][0][
        "findings"
    ]
    assert finding["corrections"] == [
        {
            "file": "source/jeu/book.xml",
            "line": region["startLine"],
            "column": region["startColumn"],
            "old": "18",
            "new": "17",
        }
    ]
    assert line in rulebook("check", "jeu", "--format", "github").out.replace("%0A", "\n")
    assert line in rulebook("check", "jeu", "--format", "junit").out


def test_diff_and_fix_refuse_a_game_that_cannot_load(rulebook, new_game):
    rules = new_game.parent / "rules" / "jets.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\ndef total(:\n", encoding="utf-8")
    before = new_game.read_bytes()
    for option in ("--diff", "--fix"):
        status, out, err = rulebook("check", "jeu", option)
        assert (status, out) == (2, "")
        assert "[game-error]" in err and "no correction: its rules did not run" in err
    assert new_game.read_bytes() == before


def sarif_corrections(sarif: dict, ids: set[str] | None = None) -> dict[str, list]:
    """Finding id -> the corrections a SARIF log prints for it (each a Correction); the id of
    every finding it prints is added to `ids`."""
    from build_tools.diagnostics import Correction

    corrections = {}
    for result in sarif["runs"][0]["results"]:
        if ids is not None:
            ids.add(result["partialFingerprints"]["rulebookFindingId"])
        identifier = result["partialFingerprints"]["rulebookFindingId"]
        for fix in result.get("fixes", []):
            for change in fix["artifactChanges"]:
                file = ROOT / change["artifactLocation"]["uri"]
                for replacement in change["replacements"]:
                    region = replacement["deletedRegion"]
                    old = file.read_text(encoding="utf-8").splitlines()[region["startLine"] - 1][
                        region["startColumn"] - 1 : region["endColumn"] - 1
                    ]
                    corrections.setdefault(identifier, []).append(
                        Correction(
                            file,
                            region["startLine"],
                            region["startColumn"],
                            old,
                            replacement["insertedContent"]["text"],
                            identifier,
                        )  # fmt: skip
                    )
    return corrections


@pytest.mark.slow
@pytest.mark.xdist_group("corrections")
@pytest.mark.parametrize("name", BOOKS)
def test_sarif_prints_the_corrections_diff_makes(copy, standing, name):
    """What SARIF prints is what --diff applies (one record): that each correction fixes its
    erratum and raises no other is tests/test_errata_corrections.py's, in lots of the book's
    copy; that the whole patch leaves the check green, test_the_patch_applied_fixes_…'s."""
    from build_tools.commands.fix import apply, unified_diff

    printed = sarif_corrections(standing(name).sarif)
    assert printed, f"{name}: no correction printed"
    diff = standing(name).diff.out
    folder = copy(name)
    edits = [
        dataclasses.replace(edit, file=folder / edit.file.relative_to(ROOT / "source" / name))
        for corrections in printed.values()
        for edit in corrections
    ]
    sources = "".join(  # the patch of the sources, without its ledger side (nor the deck's
        "--- a/" + part  # notes of the errata it fixes)
        for part in diff.split("--- a/")[1:]
        if not part.startswith((f"{name}/ledger", f"{name}/deck.toml"))
    )
    assert sources == unified_diff(apply(edits)), "--diff and SARIF print other corrections"
    # a correction no patch makes: SARIF's message reads it, --diff says it is not applied
    for result in standing(name).sarif["runs"][0]["results"]:
        for line in result["message"]["text"].splitlines():
            if line.endswith(")") and "(not applied automatically: " in line:
                identifier = result["partialFingerprints"]["rulebookFindingId"]
                new, old = re.match(r"read « (.+) » for « (.+) » \(", line).groups()
                said = f"{identifier}: « {old} » → « {new} »: not applied automatically: "
                assert said in standing(name).diff.err, (said, standing(name).diff.err)


@pytest.mark.slow
@pytest.mark.xdist_group("corrections")
def test_the_physique_of_marie_pierre_is_corrected_whole(standing, html_books):
    """« de 6 à 7 (il lui reste 3 PX) » from a Physique of 5 reads 5 → 6 with 4 PX left, in
    every output; the example's panel no longer marks the 7 verified."""
    printed = sarif_corrections(standing("cda").sarif)
    (key,) = [key for key in printed if "augmenter-son-physique" in key]
    assert [(c.old, c.new) for c in printed[key]] == [("6", "5"), ("7", "6"), ("3", "4")]
    page = (html_books / "cda" / "html" / "errata.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", page)
    assert (
        "augmenter son Physique de 5 à 6 (il lui reste 4\u00a0PX" in text.replace(" PX", "\u00a0PX")
        or "augmenter son Physique de 5 à 6 (il lui reste 4 PX" in text
    )
    assert "Physique de 5 à 7" not in text
    book = (html_books / "cda" / "cda.html").read_text(encoding="utf-8")
    panel = book[book.index("Physique de") :][:4000]
    assert not re.search(r'claim agreed"><q class="claim-text">[^<]*7 \(il lui reste', panel)


@pytest.mark.parametrize("name", BOOKS)
def test_every_format_prints_each_erratums_corrections_alike(checked_book, name):
    """For every finding of the three books, the edits its JSON `corrections` and its SARIF
    `fixes` give, and those the text, GitHub and JUnit formats print for a finding they
    detail (a new one), are the same, drawn from the one record: the formats are printed
    from the one report in process, no check run again."""
    from build_tools import reports

    report = checked_book(name)
    settings = reports.Settings(verbosity=1, root=ROOT)
    edits = {
        f.id: [(c.line, c.column, c.old, c.new) for c in f.corrections] for f in report.findings
    }
    assert any(edits.values()), f"{name}: no finding corrected"
    findings = json.loads(reports.as_json([report], settings))["books"][0]["findings"]
    assert {f["id"]: [(c["line"], c["column"], c["old"], c["new"]) for c in f["corrections"]]
            for f in findings} == edits  # fmt: skip
    by_sarif = {}
    for result in json.loads(reports.sarif([report], settings))["runs"][0]["results"]:
        made = by_sarif.setdefault(result["partialFingerprints"]["rulebookFindingId"], [])
        for fix in result.get("fixes", []):
            for change in fix["artifactChanges"]:
                for replacement in change["replacements"]:
                    region = replacement["deletedRegion"]
                    made.append((region["startLine"], region["startColumn"],
                                 region["endColumn"] - region["startColumn"],
                                 replacement["insertedContent"]["text"]))  # fmt: skip
    sized = {f.id: [(c.line, c.column, len(c.old), c.new) for c in f.corrections if not c.by_hand]
             for f in report.findings}  # fmt: skip
    assert by_sarif == sized
    # a correction no patch makes is no SARIF fix: its message says it, as JSON does
    by_hand = [(f, c) for f in report.findings for c in f.corrections if c.by_hand]
    messages = {
        result["partialFingerprints"]["rulebookFindingId"]: result["message"]["text"]
        for result in json.loads(reports.sarif([report], settings))["runs"][0]["results"]
    }
    unapplied = {
        (f["id"], c["old"]): c.get("not_applied") for f in findings for c in f["corrections"]
    }
    for finding, edit in by_hand:
        assert (
            f"read « {edit.new} » for « {edit.old} » (not applied automatically: "
            in (messages[finding.id])
        )
        assert unapplied[finding.id, edit.old] == edit.by_hand
    # text, GitHub and JUnit detail the new findings: every one is, with the ledger taken away
    fresh = dataclasses.replace(
        report, findings=[dataclasses.replace(f, known=False) for f in report.findings]
    )
    text = reports.text([fresh], settings)
    github = reports.github([fresh], settings).replace("%0A", "\n")
    junit = reports.junit([fresh], settings)
    for finding in report.findings:
        for line in finding.correction_lines():
            assert line in text and line in github and _xml(line) in junit, line


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
