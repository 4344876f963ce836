"""The errata sheet (`--format errata`): every erratum of the ledger, its page, what to read."""

from __future__ import annotations

import re
import tomllib

import lxml.html
import pytest

from tests import pdf_text
from tests.conftest import ROOT

pypdf = pytest.importorskip("pypdf")


# one worker reads the one build, the one laying out Harmonies for tests/test_pdf.py too
pytestmark = pytest.mark.xdist_group("pdf-harmonies")

EPOCH = {"SOURCE_DATE_EPOCH": "1700000000"}
"""As tests/test_pdf.py builds: its test of two builds compares this book's PDF with its own."""


@pytest.fixture(scope="module")
def sheet(shared_build):
    return shared_build("harmonies", "--format", "pdf,errata", env=EPOCH) / "harmonies"


def ledger_errata(book: str) -> list[dict]:
    with open(ROOT / "source" / book / "ledger.toml", "rb") as handle:
        known = tomllib.load(handle)["known"]
    return [entry for entry in known if entry["id"].startswith(("erratum:", "typography:"))]


@pytest.mark.slow
def test_the_sheet_lists_every_ledger_erratum_with_its_page_and_correction(sheet):
    page = lxml.html.parse(str(sheet / "errata.html")).getroot()
    entries = page.xpath("//li[contains(@class, 'erratum')]")
    assert len(entries) == len(ledger_errata("harmonies"))
    reader = pypdf.PdfReader(sheet / "harmonies.pdf")
    book = pdf_text.page_texts(sheet / "harmonies.pdf")
    for entry in entries:
        text = " ".join(entry.text_content().split())
        folio = entry.xpath(".//span[@class='erratum-page']")[0].text_content()
        number = re.fullmatch(r"p\.\s(\d+)", folio.replace("\u00a0", " "))
        assert number, folio
        assert "Au lieu de" in text
        assert "Lire" in text or "Pourquoi" in text
        # the page is the printed book's: the place it names is on that page
        place = entry.xpath(".//p[@class='erratum-where']")[0].text_content()
        label = re.search(r"(Tableau|Exemple) (\d+\.\d+)", place)
        if label:
            printed = book[reader.page_labels.index(number.group(1))]
            assert f"{label.group(1)} {label.group(2)}" in printed
    # grouped by chapter, in French, with what to read where the rules determine it
    chapters = [h.text_content() for h in page.xpath("//h2[@class='errata-chapter']")]
    assert chapters == ["Chapitre 1. La résolution des actions", "Chapitre 2. Le combat"]
    read = [" ".join(p.text_content().split()) for p in page.xpath("//p[@class='erratum-read']")]
    assert any("−B+1" in text for text in read)


@pytest.mark.slow
def test_the_sheet_is_a_pdf_too(sheet):
    text = " ".join(pdf_text.page_texts(sheet / "errata.pdf"))
    assert "Errata" in text and "Au lieu de" in text and "Harmonies" in text


@pytest.mark.slow
def test_each_line_of_an_entry_starts_where_its_place_does(sheet):
    """The page in a column of its own; place, « Au lieu de », « Lire », « Pourquoi » in line."""
    starts = {
        round(x)
        for lines in pdf_text.read(sheet / "errata.pdf")["runs"]
        for x, _, text in lines
        if re.match(r"(Au lieu de|Lire|Pourquoi|Tableau \d|Exemple \d|Un passage)\b", text)
    }
    assert len(starts) == 1, starts


@pytest.mark.slow
def test_every_link_of_the_sheet_resolves_in_it_and_the_rules_keep_their_pages(sheet):
    """The sheet holds none of the book's places: the rules it quotes give their printed pages,
    with no link to an anchor that is not on the sheet (WeasyPrint's « No anchor » in the PDF)."""
    page = lxml.html.parse(str(sheet / "errata.html")).getroot()
    ids = set(page.xpath("//@id"))
    links = [href[1:] for href in page.xpath("//a/@href") if href.startswith("#")]
    assert [anchor for anchor in links if anchor not in ids] == []
    places = [" ".join(p.text_content().split()) for p in page.xpath("//p[@class='rule-cited']")]
    assert places and all(re.search(r", p\.\s\d+\)$", place) for place in places), places
    reader = pypdf.PdfReader(sheet / "errata.pdf")
    named = set(reader.named_destinations)
    for pdf_page in reader.pages:
        for annotation in pdf_page.get("/Annots") or []:
            action = annotation.get_object().get("/A") or {}
            if action.get("/S") == "/GoTo":
                assert str(action["/D"]) in named
