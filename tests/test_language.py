"""The book's language is decided once (`model.language.language_of`: its root's `lang`, else
its settings', else English) and every output takes it from there: a book whose language is in
its book.toml alone is written in it everywhere, as one whose root names it."""

from __future__ import annotations

import ast
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import ROOT
from lxml import html as lxml_html

from build_tools.books import select
from build_tools.examine import examine
from build_tools.model.language import language_of
from build_tools.model.sentences import Citations
from build_tools.render.context import Options, RenderContext
from build_tools.render.html.book import HtmlBook

MINI = Path(__file__).parent / "fixtures" / "books" / "mini"

SAID = {
    "fr": (
        "le texte dit 16, les règles donnent 15",
        "Version 1.3 · 19 janvier 2004",
        "« Exemple de combat », book.xml:",
        "règle introuvable dans le livre\u00a0: « nulle part »",
    ),
    "en": (
        "the text says 16, the rules give 15",
        "Version 1.3 · January 19, 2004",
        "“Exemple de combat”, book.xml:",
        "rule not found in the book: “nulle part”",
    ),
}
"""What the mini book's check, title page and places say in each language."""


def _mini_without_lang(tmp_path: Path, language: str) -> Path:
    """The mini book, its root naming no language, its book.toml naming `language`; with a
    version line and a decimal point (« 0.5 % ») in its combat section."""
    folder = tmp_path / "mini"
    shutil.copytree(MINI, folder, ignore=shutil.ignore_patterns("__pycache__"))
    text = (MINI / "book.xml").read_text(encoding="utf-8")
    revision = "<revhistory><revision><revnumber>1.3</revnumber><date>2004-01-19</date></revision>"
    for old, new in (
        ('<book lang="fr">', "<book>"),
        ("<title>Mini</title>", f"<title>Mini</title>{revision}</revhistory>"),
        ("pour 7 points.", "pour 7 points, 0.5 % des fois."),
    ):
        assert old in text
        text = text.replace(old, new)
    (folder / "book.xml").write_text(text, encoding="utf-8")
    (folder / "book.toml").write_text(f'language = "{language}"\n', encoding="utf-8")
    return folder


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_book_whose_language_is_in_its_settings_alone_is_written_in_it(tmp_path, language):
    book = select([str(_mini_without_lang(tmp_path, language))])[0]
    report = examine(book)
    document = report.document
    assert document.root.get("lang") is None
    erratum, found, place, missing = SAID[language]
    categories = [finding.category for finding in report.findings]
    assert "no-language" not in categories  # the settings gave it
    # the check's messages (notation) and the vocabulary its bindings read the book with
    assert any(erratum in finding.message for finding in report.findings), report.findings
    assert language_of(document.root, report.settings) == language
    # the decimal mark: a point is an erratum of a book in French only
    decimal = [f for f in report.findings if f.key.startswith("decimal-point")]
    assert [f.text for f in decimal] == (["0.5 %"] if language == "fr" else [])
    if decimal:  # and the validation's words
        assert decimal[0].message.endswith(
            "«\u00a00.5 %\u00a0» est écrit avec un point décimal dans un "
            "livre dont la langue écrit une virgule décimale"
        )
    # the sentences' places (a sheet's sources, a character's rules)
    citations = Citations(document, language_of(document.root, report.settings))
    assert citations.place("Björn frappe pour 7 points").startswith(place)
    assert citations.place("nulle part") == missing
    # the printed title page's version line
    context = RenderContext(report, Options(), tmp_path / "out")
    page = lxml_html.document_fromstring(HtmlBook.of(context, medium="print").single_page())
    header = page.xpath("//header[contains(@class, 'titlepage')]")[0]
    assert header.xpath("p[@class='edition']")[0].text == found
    assert page.get("lang") == language
    # and the list of the books
    assert book.summary()["lang"] == language


def _lang_readings(tree: ast.AST) -> list[int]:
    """The lines reading a `lang` attribute other than an element's own (`element.get("lang")`:
    a passage the book gives in another language), and every `@lang` of an XPath."""
    lines = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value == "lang"
            and not (isinstance(node.func.value, ast.Name) and node.func.value.id == "element")
        ):
            lines.append(node.lineno)
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            if node.slice.value == "lang" and getattr(node.value, "attr", "") == "attrib":
                lines.append(node.lineno)  # root.attrib["lang"]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if "@lang" in node.value or "@xml:lang" in node.value:
                lines.append(node.lineno)
    return lines


def test_the_roots_lang_is_read_by_the_language_module_alone():
    allowed = ROOT / "build_tools" / "model" / "language.py"
    found = {
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "build_tools").rglob("*.py"))
        if path != allowed and "lang" in (text := path.read_text(encoding="utf-8"))
        for line in _lang_readings(ast.parse(text))
    }
    assert found == set()
    # the test would see one
    assert _lang_readings(ast.parse('language = document.root.get("lang", "")')) == [1]
    assert _lang_readings(ast.parse('tree.xpath("/*/@lang")')) == [1]
    assert _lang_readings(ast.parse('root.attrib["lang"]')) == [1]
    assert _lang_readings(ast.parse('element.get("lang")')) == []


def test_the_language_the_engine_writes_in_is_one_and_given_back():
    """One language is in force while a book is read, checked or carded (the working, the
    deck's words, a character file's mistakes): `model.language.LANGUAGE`, set by
    `writing_in`, which gives the one before back. No module keeps a language of its own."""
    from build_tools.checking import character, deck, notation
    from build_tools.model.language import LANGUAGE, writing_in

    before = LANGUAGE.get()
    with writing_in("en-GB"):
        assert notation.message_of({"fr": {"a": "oui"}, "en": {"a": "yes"}}, "a") == "yes"
        assert deck.french_value(Fraction(-3, 2)) == "−1.5"
        assert "not a regular file" in character._say("not_regular")
        with writing_in("de"):  # no words for it: English
            assert LANGUAGE.get() == "en"
        with writing_in("fr_CA"):
            assert deck.french_value(Fraction(-3, 2)) == "−1,5"
            assert character._say("not_regular") != character.MESSAGES["en"]["not_regular"]
        assert LANGUAGE.get() == "en"
    assert LANGUAGE.get() == before
    kept = {
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in sorted((ROOT / "build_tools").rglob("*.py"))
        if path.name != "language.py" or path.parent.name != "model"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", "")) == "ContextVar"
        and "lang" in ast.unparse(node).lower()
    }
    assert kept == set()
