"""The back-of-book index: terms out of the running text, into an index with links and pages."""

from __future__ import annotations

import re
from pathlib import Path

import lxml.html
import pytest

ROOT = Path(__file__).resolve().parent.parent
BOOK = (ROOT / "tests/fixtures/markup/index.xml").read_text(encoding="utf-8")
pytestmark = pytest.mark.xdist_group("index")  # one worker reads the one build; none waits idle


@pytest.fixture(scope="module")
def built(shared_build):
    """The book's HTML and PDF, built once for the run (its tests only read them)."""
    folder = shared_build.book("livre", {"book.xml": BOOK})
    return shared_build.run(folder, "--format", "html,pdf").folder / "livre"  # no image: exit 1


def index_lines(page: Path) -> list[str]:
    root = lxml.html.parse(str(page)).getroot()
    index = root.xpath("//section[contains(@class, 'index')]")[0]
    return [
        " ".join("".join(item.xpath("text() | a//text()")).split()) for item in index.iter("li")
    ]


def test_index_terms_are_not_in_the_running_text(built):
    page = lxml.html.parse(str(built / "livre.html")).getroot()
    paragraph = page.xpath("//p[contains(., 'pour installer')]")[0]
    assert " ".join(paragraph.text_content().split()) == "Utilisez apt-get pour installer."
    contents = " ".join(page.xpath("//nav")[0].text_content().split())
    assert "Second titre" not in contents and "Second" in contents


@pytest.mark.parametrize(
    "line",
    [
        "42, Second",  # a symbol sorts before the letters, under « Symboles »
        "apt-get, Premier, Second",  # one link per occurrence, to its section
        "arme, Détails (voir aussi Épée)",
        "combat, Détails",
        "donjon, Premier",  # a range: on screen, where it starts
        "Épée",  # primary › secondary › tertiary
        "longue",
        "bâtarde, Détails",
        "lame (voir Épée)",
        "titre, Second",  # a term inside a title is indexed, not printed in it
        "plan, Troisième",  # in an image's text: it points at the figure; no empty level
    ],
)
def test_the_html_index_lists_each_term_with_its_links(built, line):
    assert line in index_lines(built / "livre.html")


def test_the_index_sorts_without_case_or_accents_and_groups_by_letter(built):
    root = lxml.html.parse(str(built / "livre.html")).getroot()
    letters = [h.text_content() for h in root.xpath("//*[@class='index-letter']")]
    assert letters == ["Symboles", "A", "C", "D", "E", "L", "P", "T"]
    assert index_lines(built / "livre.html")[1:4] == [
        "apt-get, Premier, Second",
        "arme, Détails (voir aussi Épée)",
        "combat, Détails",
    ]


def test_every_index_link_resolves_on_the_split_pages(built):
    pages = {
        page.name: lxml.html.parse(str(page)).getroot() for page in (built / "html").glob("*.html")
    }
    index_page = next(
        root for root in pages.values() if root.xpath("//section[contains(@class, 'index')]")
    )
    links = index_page.xpath("//a[contains(@class, 'index-')]/@href")
    assert len(links) == 11
    for link in links:
        name, anchor = link.split("#")
        assert pages[name].xpath(f"//*[@id='{anchor}']"), link


def test_the_pdf_index_gives_page_numbers(built):
    import subprocess

    text = subprocess.run(
        ["pdftotext", "-layout", str(built / "livre.pdf"), "-"], capture_output=True, text=True
    ).stdout
    assert re.search(r"apt-get, \d+, \d+", text)
    assert re.search(r"combat, \d+\n", text)  # a range on one page is that page: « 5 », not « 5–5 »
    first, last = re.search(r"donjon, (\d+)–(\d+)", text).groups()  # a range over pages
    assert int(first) < int(last)
    assert re.search(r"bâtarde, \d+", text) and "lame (voir Épée)" in text
    assert "Index" in text and "apt-getapt-get" not in text


def test_an_index_keeps_what_its_author_wrote_in_it(tmp_path, rulebook):
    """As docbook-xsl: an index's paragraphs and lists stand before the entries the indexterms
    make, and an index of written indexdiv/indexentry keeps them (no generated entries then);
    the infos' dates and releases are printed (each of them, and a division's every title),
    and what no page prints is reported."""
    folder = tmp_path / "livre"
    folder.mkdir()
    source = ROOT / "tests/fixtures/markup/written_index.xml"
    (folder / "book.xml").write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    run = rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out"))
    root = lxml.html.parse(str(tmp_path / "out/livre/livre.html")).getroot()
    first, written = root.xpath("//section[contains(@class, 'index')]")
    text = " ".join(first.text_content().split())
    assert "Les pages en gras renvoient aux règles." in text and "Voir aussi le glossaire." in text
    assert text.index("Les pages en gras") < text.index("dé, Un")  # then the generated entries
    assert "dé, 12" in written.text_content() and "dé, Un" not in written.text_content()
    page = " ".join(root.text_content().split())
    assert "mars 2003" in page and "Version 2" in page and "2004" in page
    # an info's every release line, a division's every title (one a language), as docbook-xsl
    assert "Tirage 1" in page and "First printing" in page
    assert "A book" in page
    assert root.xpath("//p[@class='subtitle'][@lang='en'][.='One']")
    assert "<keywordset> of <bookinfo> is printed on no page" in run.out + run.err
