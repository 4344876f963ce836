"""The example game (`rulebook new GAME --example`, templates/example/): an English game written
from docs/ alone. It checks clean with its three deliberate errata known, each found at its word
with its working; it builds every format; none of its outputs holds a French word of the engine."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from build_tools.commands.cli import main
from tests import pdf_text

FRENCH = frozenset(
    """le la les des du de et ou pour avec au aux est sur dans règle règles texte erreur erreurs
    vérifié vérification chapitre tableau lire lieu pourquoi calcul oui non sinon réussite échec
    dé feuille joueur livre carte aide jeu moins à cases trait totaux calculés formule appui
    connu connus affirmation incomplet exemple annexe voir suite rechercher précédent suivant
    sommaire accueil remarque nombre nombres étapes""".split()
)
"""Words of the engine's French (labels, marks, working, errata) that English never writes."""

ERRATA = {
    # (file, line, column): what the text says, what the rules give, a line of the working
    ("characters.xml", 15, 56): ("17", "18", "Health = 10 + 2 × Might = 10 + 2 × 4 = 18"),
    ("tests.xml", 29, 90): ("8", "7", "total = dice + attribute = 7 + 0 = 7"),
    ("combat.xml", 9, 79): ("7", "6", "damage = weapon + margin = 3 + 3 = 6"),
}


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("example")
    source = folder / "source"
    source.mkdir()
    from build_tools.commands.new import scaffold

    scaffold(source, "ember", example=True)
    return folder


def run(project: Path, capsys, *argv: str) -> tuple[int, str, str]:
    status = main([*argv])
    out, err = capsys.readouterr()
    assert status != 3 and "Traceback" not in out + err, out + err
    return status, out, err


@pytest.fixture
def in_project(project, monkeypatch):
    monkeypatch.chdir(project)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    return project


def test_the_example_checks_clean_with_its_three_errata_known(in_project, capsys):
    status, out, _ = run(in_project, capsys, "check", "ember")
    assert status == 0, out
    assert out.startswith("ember: 0 new findings, 3 known (in the ledger)")
    assert "coverage: examples 5/5 bound, tables 1/1" in out
    assert "0 unbound" in out


def test_each_erratum_is_found_at_its_word_with_its_working(in_project, capsys):
    status, out, _ = run(in_project, capsys, "check", "ember", "--format", "json", "-v")
    assert status == 0
    (book,) = json.loads(out)["books"]
    errata = {
        (Path(finding["file"]).name, finding["line"], finding["column"]): finding
        for finding in book["findings"]
        if finding["category"] == "erratum"
    }
    assert set(errata) == set(ERRATA)
    for place, (says, gives, working) in ERRATA.items():
        finding = errata[place]
        assert f"the text says {says}, the rules give {gives}" in finding["message"]
        assert any(working in line for line in finding["derivation"]), finding["derivation"]
        assert finding["known"]


def test_the_examples_findings_speak_english_only(in_project, capsys):
    # the reverse of tests/test_findings_language.py: what `check -v` says of an English book,
    # as text and JSON (message, place, other places, working), holds no French word of the
    # engine, no no-break space of French typography and no decimal comma (its report quotes
    # with « », as every book's does)
    _, out, _ = run(in_project, capsys, "check", "ember", "-v")
    _, printed, _ = run(in_project, capsys, "check", "ember", "-v", "--format", "json")
    (book,) = json.loads(printed)["books"]
    said = [out] + [
        line
        for finding in book["findings"]
        for line in [finding["where"], finding["message"], *finding["derivation"]]
        + [place["message"] for place in finding["related"]]
    ]
    assert len(said) > 10 and any("stated at" in line for line in said), said
    own = source_words(in_project / "source" / "ember")
    for line in said:
        french = {word.lower() for word in re.findall(r"[^\W\d_]+", line)} & FRENCH
        assert not french - own, (french - own, line)
        assert not re.search("[\u00a0\u202f]|\\d,\\d", line), line


def test_a_wrong_number_edited_into_the_example_is_a_new_erratum(in_project, capsys):
    chapter = in_project / "source" / "ember" / "tests.xml"
    original = chapter.read_text(encoding="utf-8")
    try:
        chapter.write_text(original.replace("margin of 2", "margin of 3"), encoding="utf-8")
        status, out, _ = run(in_project, capsys, "check", "ember")
        assert status == 1
        assert "tests.xml:25:" in out and "the text says 3, the rules give 2 [erratum]" in out
        assert "margin = total − difficulty = 12 − 10 = 2" in out
    finally:
        chapter.write_text(original, encoding="utf-8")


def output_texts(folder: Path) -> dict[str, str]:
    """The reader's text of every output: the PDFs' text, the HTML's text and attributes."""
    texts = {}
    for path in sorted(folder.rglob("*")):
        if path.suffix == ".pdf":
            text = "\n".join(pdf_text.page_texts(path))
            # a word hyphenated at a line's end (« de-\nfender ») is read whole
            texts[path.name] = re.sub(r"(?<=[^\W\d_])[-\u2010]\n(?=[^\W\d_])", "", text)
        elif path.suffix == ".html":
            page = re.sub(r"<(style|script)\b.*?</\1>", "", path.read_text(), flags=re.S)
            shown = " ".join(re.findall(r'(?:title|aria-label|alt)="([^"]*)"', page))
            texts[str(path.relative_to(folder))] = html.unescape(
                re.sub(r"<[^>]+>", " ", page) + " " + shown
            )
    return texts


def source_words(game: Path) -> set[str]:
    """Every word the author wrote: the book and the game's own files (the deck, the sheet)."""
    written = " ".join(
        path.read_text(encoding="utf-8")
        for path in game.rglob("*")
        if path.suffix in (".xml", ".toml", ".py")
    )
    return {word.lower() for word in re.findall(r"[^\W\d_]+", written)}


@pytest.mark.slow
def test_the_example_builds_every_format_in_english_only(in_project, capsys):
    status, out, err = run(in_project, capsys, "build", "ember")
    assert status == 0, err
    folder = in_project / "generated" / "ember"
    for name in (
        "ember.html",
        "html/index.html",
        "ember.pdf",
        "errata.html",
        "errata.pdf",
        "cards.pdf",
        "cards-single.pdf",
        "sheet.pdf",
        "sheet-letter.pdf",
    ):
        assert (folder / name).is_file(), name
    status, _, err = run(in_project, capsys, "sheet", "source/ember/characters/mara.toml")
    assert status == 0, err
    texts = output_texts(folder)
    assert "Health = 10 + 2 × Might" in texts["sheet.pdf"]
    # Health, Resolve: printed on the sheet for print (mara.pdf is the filled-in form)
    assert "14" in texts["mara-print.pdf"] and "7" in texts["mara-print.pdf"]
    own = source_words(in_project / "source" / "ember")
    for name, text in texts.items():
        french = sorted({word.lower() for word in re.findall(r"[^\W\d_]+", text)} & FRENCH)
        assert not [word for word in french if word not in own], (name, french)
        assert "«" not in text and "»" not in text, (name, text[text.find("«") - 80 :][:200])
        assert not re.search(r"\d,\d", text), (name, re.search(r".{40}\d,\d.{20}", text))


def test_the_errata_go_in_book_order_not_file_name_order(in_project, capsys, tmp_path):
    # characters.xml, tests.xml, combat.xml: by file name, combat would come before tests
    status, _, err = run(in_project, capsys, "build", "ember", "--format", "html")
    assert status == 0, err
    for page in ("ember.html", "html/errata.html"):
        text = (in_project / "generated" / "ember" / page).read_text(encoding="utf-8")
        errata = text[text.index('id="errata"') :]
        places = [
            errata.find(f"Chapter {n}. {title}")
            for n, title in ((1, "Characters"), (2, "Tests"), (3, "Combat"))
        ]
        assert -1 not in places and places == sorted(places), (page, places)
        numbers = [int(n) for n in re.findall(r'id="erratum-(\d+)"', errata)]
        assert numbers == sorted(numbers) and len(numbers) == 3, (page, numbers)
