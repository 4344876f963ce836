"""Every file rulebook opens goes through the gate: crafted books try to make it read a canary
file outside their folder, through the companion files (book.toml, ledger.toml, deck.toml, a
character file), external entities, the installed DTD's files and the change detection.

The proof is an audit hook (`sys.addaudithook`, the `opened` fixture of conftest.py) that
records every `open` of the process: the canary is never opened, not only never quoted.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "fixtures" / "books" / "mini"
SECRET = "CANARY-7f3a-never-to-be-read"
DTD_ENTITY_FILE = next(
    (
        path
        for path in (
            Path("/usr/share/xml/entities/xml-iso-entities-8879.1986/isolat1.ent"),
            Path("/usr/share/xml/docbook/schema/dtd/4.5/dbcentx.mod"),
        )
        if path.is_file()
    ),
    Path("/usr/share/xml/entities/xml-iso-entities-8879.1986/isolat1.ent"),
)
"""A file of the installed DocBook DTD: the resolver lets it through, as part of the DTD."""


@pytest.fixture
def canary(tmp_path) -> Path:
    """A file outside every book folder of the test, which no book may get read."""
    outside = tmp_path / "outside"
    outside.mkdir()
    path = outside / "canary.toml"
    path.write_text(f'secret = "{SECRET}"\nlanguage = "{SECRET}"\n', encoding="utf-8")
    return path


def never_read(canary: Path, opened: list[str], *outputs: str) -> None:
    assert not [path for path in opened if Path(path).name == canary.name], opened
    for output in outputs:
        assert SECRET not in output


def mini_game(tmp_path: Path) -> Path:
    folder = tmp_path / "books" / "mini"
    shutil.copytree(MINI, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


@pytest.mark.parametrize("companion", ["book.toml", "ledger.toml"])
def test_a_companion_file_linking_out_of_the_folder_is_refused_unread(
    rulebook, tmp_path, canary, opened, companion
):
    folder = mini_game(tmp_path)
    (folder / companion).symlink_to(canary)
    status, out, err = rulebook("check", str(folder), "--format", "json")
    never_read(canary, opened, out, err)
    findings = json.loads(out)["books"][0]["findings"]
    refused = [finding for finding in findings if finding["category"] == "refused-access"]
    assert len(refused) == 1, findings
    assert refused[0]["file"].endswith(f"mini/{companion}")
    assert "outside the book's folder" in refused[0]["message"]
    assert status == (2 if companion == "ledger.toml" else 1)


def test_a_deck_linking_out_of_the_folder_is_refused_unread(rulebook, tmp_path, canary, opened):
    folder = mini_game(tmp_path)
    (folder / "deck.toml").symlink_to(canary)
    status, out, err = rulebook("check", str(folder), "--format", "json")
    never_read(canary, opened, out, err)
    findings = json.loads(out)["books"][0]["findings"]
    deck = [f for f in findings if f["file"] and f["file"].endswith("mini/deck.toml")]
    assert [f["category"] for f in deck] == ["refused-access"], findings
    assert status == 1


def test_a_character_file_linking_out_of_the_folder_is_refused_unread(
    rulebook, tmp_path, canary, opened
):
    folder = tmp_path / "source" / "cda"
    shutil.copytree(ROOT / "source" / "cda", folder, ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "personnages" / "intrus.toml").symlink_to(canary)
    status, out, err = rulebook("check", str(folder), "--format", "json")
    never_read(canary, opened, out, err)
    findings = json.loads(out)["books"][0]["findings"]
    refused = [f for f in findings if f["file"] and f["file"].endswith("intrus.toml")]
    assert len(refused) == 1, findings
    assert "hors du dossier du livre" in refused[0]["message"]
    assert status == 1


def test_a_companion_fifo_or_device_never_hangs_the_check(rulebook, tmp_path):
    folder = mini_game(tmp_path)
    os.mkfifo(folder / "ledger.toml")
    (folder / "book.toml").symlink_to("/dev/zero")
    status, out, _ = rulebook("check", str(folder), "--format", "json")
    findings = json.loads(out)["books"][0]["findings"]
    refused = {Path(f["file"]).name: f for f in findings if f["category"] == "refused-access"}
    assert set(refused) == {"book.toml", "ledger.toml"}, findings
    assert "leads outside the book's folder" in refused["book.toml"]["message"]
    assert "not a regular file" in refused["ledger.toml"]["message"]
    assert status == 2


def test_an_external_entity_outside_the_folder_is_never_opened(
    rulebook, write_book, canary, opened
):
    folder = write_book(
        "book",
        {
            "book.xml": f'<!DOCTYPE book [ <!ENTITY x SYSTEM "{canary}"> ]>\n'
            "<book><title>T</title><para>&x;</para></book>\n"
        },
    )
    status, out, err = rulebook("check", str(folder), "--no-rules")
    never_read(canary, opened, out, err)
    assert status == 2 and "[refused-access]" in out


@pytest.mark.skipif(not DTD_ENTITY_FILE.is_file(), reason="the DocBook 4.5 DTD is not installed")
def test_a_file_of_the_docbook_dtd_named_as_an_entity_text_is_refused(rulebook, write_book, opened):
    folder = write_book(
        "book",
        {
            "book.xml": "<!DOCTYPE book [\n"
            f'  <!ENTITY % lat SYSTEM "{DTD_ENTITY_FILE}">\n'
            f'  <!ENTITY lat SYSTEM "{DTD_ENTITY_FILE}">\n'
            "]>\n<book><title>T</title><para>&lat;</para></book>\n"
        },
    )
    status, out, err = rulebook("check", str(folder), "--no-rules", "--format", "json")
    findings = json.loads(out)["books"][0]["findings"]
    assert status == 2
    assert [(f["category"], f["line"]) for f in findings] == [("refused-access", 3)]
    assert "&lat;" in findings[0]["message"]
    assert "aacute" not in out  # a line of the DTD's file is never quoted
    assert str(DTD_ENTITY_FILE) not in opened


def test_the_change_detection_reads_only_the_gates_inputs(rulebook, tmp_path, canary, opened):
    """A FIFO, a link to /dev/zero and a link out in the book's folder: the build neither
    hangs, nor fills its memory, nor reads the canary into its manifest."""
    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "book.xml").write_text("<book><title>T</title><para>x</para></book>\n")
    os.mkfifo(folder / "pipe.xml")
    (folder / "zero.ent").symlink_to("/dev/zero")
    (folder / "stolen.txt").symlink_to(canary)
    out = tmp_path / "out"
    status, stdout, err = rulebook(
        "build", str(folder / "book.xml"), "--no-rules", "--format", "html", "--out", str(out)
    )
    assert status == 0, stdout + err
    never_read(canary, opened, stdout, err)
    assert "/dev/zero" not in opened
    manifest = json.loads((out / "book" / ".rulebook-build.json").read_text())
    records = manifest["formats"].values()
    inputs = {Path(name).name for record in records for name in record["inputs"]}
    assert "book.xml" in inputs
    assert not inputs & {"pipe.xml", "zero.ent", "stolen.txt"}
