"""The three books' HTML speaks French only: what the tool adds is in the book's language.

No English sentence, Python name or source file name in what a reader sees or
hears (text, titles, labels); a ✓ stands only beside what the rules confirm,
in the text's own words; the ✗ of a table is in the cell that holds the
wrong number.
"""

from __future__ import annotations

import re
from pathlib import Path

import lxml.html
import pytest

from tests.book_language import foreign

BOOKS = ("cda", "harmonies", "edad")


@pytest.fixture(scope="module")
def built(html_books) -> Path:
    """The three books built to HTML, shared with the other modules that read them."""
    return html_books


def seen_and_heard(path: Path) -> str:
    """The text of a page, and the words of its titles, labels and image alternatives."""
    body = lxml.html.parse(str(path)).getroot().find("body")
    attributes = [
        value
        for element in body.iter()
        if isinstance(element.tag, str)
        for name, value in element.attrib.items()
        if name in ("title", "aria-label", "alt")
    ]
    return body.text_content() + "\n" + "\n".join(attributes)


@pytest.mark.parametrize("book", BOOKS)
def test_no_english_nor_python_in_the_html_of_a_french_book(built, book):
    pages = [built / book / f"{book}.html", *sorted((built / book / "html").glob("*.html"))]
    for page in pages:
        assert foreign(seen_and_heard(page), book) == {"english": [], "identifiers": []}, page


def test_the_check_would_find_them():
    # the words of the tool's developers, as the book once showed them
    shown = (
        "Pourquoi : the heading of the table writes « Mental (Mt) » "
        "jet_avec_de_critique(cible=16, de=18) = Jet(reussite=False, degre=20) (cda.xml:379)"
    )
    found = foreign(shown, "cda")
    assert {"heading", "writes"} - set(found["english"]) == {"heading", "writes"}
    assert {"the", "table"} & set(found["english"]) == {"the"}
    assert "jet_avec_de_critique" in found["identifiers"] and "cda.xml" in found["identifiers"]


@pytest.mark.parametrize("book", BOOKS)
def test_a_tick_quotes_the_text_it_confirms_never_a_contradicting_wording(built, book):
    page = lxml.html.parse(str(built / book / f"{book}.html")).getroot()
    agreed = page.xpath("//li[contains(@class, 'claim') and contains(@class, 'agreed')]")
    assert agreed
    for claim in agreed:
        if "disagreed" in claim.get("class"):
            continue
        # the text's words, then the tick (then the working and the rule's own sentence):
        # nothing the rules would word otherwise
        quoted = claim.xpath("q[@class='claim-text']")[0].text_content()
        for working in claim.xpath("ol[@class='working'] | p[@class='rule-cited']"):
            working.drop_tree()
        rest = claim.text_content().replace(quoted, "", 1)
        assert rest.strip() == "✓", rest


def test_the_cross_lands_in_the_cell_that_holds_the_wrong_number(write_book, rulebook, tmp_path):
    """A table written one row per line: each ✗ is in the cell of its number."""
    folder = write_book(
        "tableau",
        {
            "book.xml": """<?xml version="1.0" encoding="utf-8"?>
<book lang="fr"><title>Tableau</title>
<chapter id="c"><title>Les doubles</title>
<table id="doubles"><title>Les doubles</title>
<tgroup cols="3">
<thead><row><entry>n</entry><entry>double</entry><entry>triple</entry></row></thead>
<tbody>
<row><entry>1</entry><entry>2</entry><entry>3</entry></row>
<row><entry>2</entry><entry>5</entry><entry>6</entry></row>
<row><entry>3</entry><entry>6</entry><entry>8</entry></row>
</tbody></tgroup></table>
</chapter></book>
""",
            "__init__.py": """
import re
from pathlib import Path
from build_tools.checking.binder import Binder

binder = Binder()


@binder.table(title="Les doubles")
def doubles(check, state):
    for row in check.rows:
        n = row[0].given()
        row[1].claim("{}", 2 * n)
        row[2].claim("{}", 3 * n)


def setup(game):
    game.binder = binder
""",
        },
    )
    rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out"))
    page = lxml.html.parse(str(tmp_path / "out/tableau/tableau.html")).getroot()
    rows = page.xpath("//table[@id='doubles']/tbody/tr")
    crossed = [
        (index, position)
        for index, row in enumerate(rows)
        for position, cell in enumerate(row)
        if cell.xpath(".//span[@class='cell-erratum']")
    ]
    assert crossed == [(1, 1), (2, 2)]
    wrong = [m.text_content() for m in page.xpath("//mark[contains(@class, 'wrong-token')]")]
    assert wrong == ["5", "8"]


@pytest.mark.parametrize("book", BOOKS)
def test_every_ledger_entry_has_its_reason_in_the_book_language(book):
    """The ledger's reasons are the authors' English; a French book shows `reason_fr`."""
    import tomllib

    from tests.conftest import ROOT

    with open(ROOT / "source" / book / "ledger.toml", "rb") as handle:
        known = tomllib.load(handle)["known"]
    assert [entry["id"] for entry in known if not entry.get("reason_fr")] == []
    # written for a reader: no programmer's operator, subscript or attribute
    programmers = re.compile(r" // |\*\*|==|!=|\b[A-Za-z]+_[A-Za-z0-9]\b|\bid=|log10")
    assert [entry["reason_fr"] for entry in known if programmers.search(entry["reason_fr"])] == []


def test_the_working_is_the_book_arithmetic_with_the_rule_sentence(built):
    page = lxml.html.parse(str(built / "cda/html/errata.html")).getroot()
    fight = next(
        li
        for li in page.xpath("//li[contains(@class, 'erratum')]")
        if "Björn et Kröm" in li.xpath(".//p[@class='erratum-where']")[0].text_content()
        and li.xpath(".//ol/li")
    )
    working = [" ".join(step.text_content().split()) for step in fight.xpath(".//ol/li")]
    assert "TP = CA + BP − FA = 9 − 3 − 10 = −4" in working
    rule = " ".join(fight.xpath(".//p[@class='rule-cited']")[0].text_content().split())
    assert rule.startswith("Règle : « additionnée du bonus de parade")
    # the sentence's place, by the book's words and a link, never a file name
    link = fight.xpath(".//p[@class='rule-cited']/a")[0]
    assert link.get("href").split("#")[0].endswith(".html") and ".xml" not in rule


NUMBER = re.compile(r"[−-]?\d+(?:,\d+)?(?:/\d+)?")


def claims_and_workings(page) -> list[tuple[str, list[str]]]:
    """Each claim of a page that the rules contradict: its statement, and its working lines."""
    return [
        (
            " ".join(claim.xpath("strong")[0].text_content().split()),
            [" ".join(li.text_content().split()) for li in claim.xpath("ol[@class='working']/li")],
        )
        for claim in page.xpath("//li[contains(@class, 'claim') and contains(@class, 'disagreed')]")
    ]


@pytest.mark.parametrize("book", BOOKS)
def test_every_numeric_erratum_shows_the_rules_value_in_its_working(built, book):
    """« Le texte dit 22, les règles donnent 20 »: a line of the working gives the 20."""
    page = lxml.html.parse(str(built / book / f"{book}.html")).getroot()
    numeric = 0
    for statement, working in claims_and_workings(page):
        _, _, given = statement.partition("les règles donnent ")
        values = [value.split(" ≈ ")[0].removeprefix("+") for value in given.split(", ")]
        if not given or not all(NUMBER.fullmatch(value) for value in values):
            continue  # words, or a statement: the rule's own sentence is shown
        numeric += 1
        numbers = {number for line in working for number in NUMBER.findall(line)}
        assert set(values) <= numbers, (statement, working)
    assert numeric >= {"cda": 12, "harmonies": 6, "edad": 1}[book]


@pytest.mark.parametrize("book", BOOKS)
def test_the_working_is_written_in_the_books_notation_never_python(built, book):
    pages = [built / book / f"{book}.html", built / book / "html" / "errata.html"]
    lines = [
        " ".join(li.text_content().split())
        for page in pages
        for li in lxml.html.parse(str(page)).getroot().xpath("//ol[@class='working']/li")
    ]
    assert len(lines) > 20
    for line in lines:
        assert not re.search(r"\w=|_|\b[a-z]\w*\((?:\w+=|\))|\bNone\b", line), line
        assert foreign(line, book) == {"english": [], "identifiers": []}, line


@pytest.mark.parametrize(
    ("root", "settings", "working"),
    [("<book>", "", "en"), ("<book>", 'language = "fr"\n', "fr"), ('<book lang="fr-CA">', "", "fr"),
     ('<book lang="de">', "", "en")],
)  # fmt: skip
def test_the_working_is_written_in_the_language_the_pages_are(
    write_book, monkeypatch, root, settings, working
):
    """One decision of a book's language (model.language.language_of): its working's words
    (« oui », « yes ») are those of its pages while it is checked, English for a book that
    names no language (as its note says) or one the notation has no words for; and the
    language before is back after its check."""
    import build_tools.validation as validation
    from build_tools.books import select
    from build_tools.checking.notation import LANGUAGE
    from build_tools.examine import examine

    files = {"book.xml": f"{root}<chapter><title>C</title><para>x</para></chapter></book>"}
    if settings:
        files["book.toml"] = settings
    during, validate = [], validation.validate
    monkeypatch.setattr(
        validation, "validate", lambda *a: during.append(LANGUAGE.get()) or validate(*a)
    )
    before = LANGUAGE.get()
    examine(select([str(write_book("livre", files))])[0])
    assert during == [working]
    assert LANGUAGE.get() == before
