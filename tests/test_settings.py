"""A book's settings (`book.toml`): language, paper, apostrophes, fonts, card size."""

from __future__ import annotations

import pytest

BOOK = (
    "<book><title>Règles</title><chapter id='un'><title>Un</title>"
    "<para>L'aube se lève.</para></chapter></book>\n"
)
SETTINGS = """# The settings of this book.
language = "fr"
paper = "letter"
typographic_apostrophes = true

[fonts]
serif = "DejaVu Sans Mono"
"""


@pytest.fixture
def book(write_book, tmp_path, monkeypatch):
    folder = write_book(
        "regles", {"book.xml": BOOK, "book.toml": SETTINGS}, root=tmp_path / "source"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    return folder


def test_the_language_and_apostrophes_come_from_the_settings(rulebook, book, tmp_path):
    status, out, _ = rulebook("check", "regles")
    assert status == 0
    assert "no-language" not in out  # the settings give the language the root does not
    rulebook("build", "regles", "--format", "html")
    page = (tmp_path / "generated" / "regles" / "regles.html").read_text(encoding="utf-8")
    assert 'lang="fr"' in page
    assert "L’aube se lève." in page


@pytest.mark.slow
def test_the_paper_and_the_fonts_come_from_the_settings(rulebook, book, tmp_path):
    pypdf = pytest.importorskip("pypdf")
    assert rulebook("build", "regles", "--format", "pdf").status == 0
    pdf = pypdf.PdfReader(tmp_path / "generated" / "regles" / "regles-letter.pdf")
    box = pdf.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)  # Letter
    fonts = {
        str(font.get_object()["/BaseFont"])
        for page in pdf.pages
        for font in (page["/Resources"].get("/Font") or {}).values()
    }
    assert any("DejaVu-Sans-Mono" in name for name in fonts), fonts
    # the command line still has the last word
    assert rulebook("build", "regles", "--format", "pdf", "--paper", "a4").status == 0
    box = pypdf.PdfReader(tmp_path / "generated" / "regles" / "regles.pdf").pages[0].mediabox
    assert round(float(box.width)) == 595
    assert (tmp_path / "generated" / "regles" / "regles-letter.pdf").is_file()  # both kept


@pytest.mark.parametrize(
    "text, line, message",
    [
        ('paper = "a3"\n', 1, "error: paper = 'a3': expected a4 or letter [settings]"),
        ('\n[cards]\nsise = "poker"\n', 3, "warning: unknown setting 'cards.sise'"),
        ('[fonts]\nserif = "Evil; } body { color: red"\n', 2, "expected a font family name"),
        ('language = "fr\n', 1, "error: the book's settings are not valid TOML"),
    ],
    ids=["a paper", "a misspelt key", "a family that is not a name", "not TOML"],
)
def test_a_mistake_in_the_settings_is_a_finding_at_its_line(rulebook, book, text, line, message):
    (book / "book.toml").write_text(text, encoding="utf-8")
    status, out, _ = rulebook("check", "regles")
    assert f"regles/book.toml:{line}:" in out
    assert message in out
