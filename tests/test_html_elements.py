"""No text is lost: every run of text of a book is in its HTML, for every supported element."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import lxml.html
import pytest

from build_tools.reader import read_book
from build_tools.render.html.book import supported_elements

ROOT = Path(__file__).resolve().parent.parent
BOOKS = {
    "cda": ROOT / "source/cda/cda.xml",
    "harmonies": ROOT / "source/harmonies/book.xml",
    "edad": ROOT / "source/edad/book.xml",
}
NOT_SHOWN = ("remark", "titleabbrev")
"""Remarks show only in a draft; an abbreviated title only in the navigation of the split pages."""

EVERYTHING = (ROOT / "tests/fixtures/html/everything.xml").read_text(encoding="utf-8")
"""A book that uses every element the HTML renderer supports, in English."""


def text_runs(root, shown_remarks: bool = False) -> list[str]:
    """Every run of text of the source that a reader must find, whitespace removed."""
    hidden = NOT_SHOWN if not shown_remarks else ("titleabbrev",)
    runs = []
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        if any(node.tag in hidden for node in (element, *element.iterancestors())):
            inside = True
        else:
            inside = False
        if element.text and not inside:
            runs.append(element.text)
        parent_hidden = any(
            node.tag in hidden for node in element.iterancestors() if isinstance(node.tag, str)
        )
        if element.tail and not parent_hidden:
            runs.append(element.tail)
    return [squeezed for run in runs if (squeezed := squeeze(run))]


def squeeze(text: str) -> str:
    """The text without its spaces, apostrophes, quotes and minus signs as typed (the output
    sets them)."""
    text = re.sub(r"[\s\u00a0\u202f]+", "", text).replace("’", "'").replace("−", "-")
    return text.replace("«", '"').replace("»", '"')


def output_text(path: Path) -> str:
    """The text a reader gets: what the page shows, and the text alternatives of its images."""
    body = lxml.html.parse(str(path)).getroot().find("body")
    alternatives = [image.get("alt", "") for image in body.iter("img")]
    titles = [
        e.get("title", "")
        for e in body.iter("span", "div")
        if "missing-image" in e.get("class", "")
    ]
    return squeeze(body.text_content() + "".join(alternatives + titles))


@pytest.mark.parametrize("book", BOOKS)
def test_every_run_of_text_of_the_books_is_on_the_single_page(html_books, book):
    shown = output_text(html_books / book / f"{book}.html")  # `rulebook build BOOK --format html`
    missing = [run for run in text_runs(read_book(BOOKS[book]).root) if run not in shown]
    assert missing == []


@pytest.fixture(scope="module")
def everything(tmp_path_factory, shared_build):
    """The test book built to HTML once per process, for the tests that read it: the build
    (its status and messages), its output folder, the book's folder."""
    folder = tmp_path_factory.mktemp("everything") / "everything"
    folder.mkdir()
    (folder / "book.xml").write_text(EVERYTHING, encoding="utf-8")
    shutil.copytree(ROOT / "tests/fixtures/html/images", folder / "images")
    run = shared_build.run(folder, "--format", "html")
    return run, run.folder / "everything", folder


def test_the_test_book_uses_every_supported_element(everything):
    _, _, folder = everything
    used = {e.tag for e in read_book(folder / "book.xml").root.iter() if isinstance(e.tag, str)}
    # the table parts are rendered by their table, never alone; the less common elements
    # are each tested on a snippet of their own (tests/test_elements.py)
    from test_elements import TESTED

    assert supported_elements() - used - TESTED == set()


def test_every_element_renders_with_all_its_text(everything):
    run, out, folder = everything
    assert "handles <" not in run.err and "only rendered inside" not in run.err
    shown = output_text(out / "everything.html")
    missing = [run for run in text_runs(read_book(folder / "book.xml").root) if run not in shown]
    assert missing == []
    split = "".join(output_text(page) for page in (out / "html").glob("*.html"))
    assert [run for run in text_runs(read_book(folder / "book.xml").root) if run not in split] == []


def test_an_english_book_gets_english_words(everything):
    _, out, _ = everything
    html = lxml.html.parse(str(out / "everything.html")).getroot()
    text = " ".join(html.text_content().split())
    assert "Table of Contents" in text and "Chapter 1" in text and "Appendix A" in text
    assert "Table 1.1. A table" in text and "Example 1.1. An example" in text
    assert "See Gloss." in text and "See also Other." in text
    assert "Part I" in text and "“a quote with ‘a quote’ inside”" in text
    assert "Mark™" in text and "Reg®" in text and "Serv℠" in text
    assert "“A section”" in text  # an xref to a section
    assert "the labelled paragraph" in text  # xreflabel
    assert "Chapitre" not in text and "Voir" not in text
    # a passage in French inside the English book is set the French way
    assert "Appendix text!" in text and "En français\u202f!" in html.text_content()


def test_cals_spans_morerows_and_footers(everything):
    _, out, _ = everything
    table = lxml.html.parse(str(out / "everything.html")).getroot().get_element_by_id("t1")
    head = table.find("thead/tr")
    assert [cell.get("colspan") for cell in head] == [None, "2", None]
    assert "align-right" in head[1].get("class")  # from the spanspec
    body = table.findall("tbody/tr")
    assert body[0][0].get("rowspan") == "2"
    # second row: b2 in column 2, column 3 empty (a filler), d2 in column 4
    assert [cell.text_content() for cell in body[1]] == ["b2", "", "d2"]
    assert "filler" in body[1][1].get("class")
    assert table.find("tfoot/tr/td").get("colspan") == "4"
    widths = [col.get("style") for col in table.iter("col")]
    assert widths == ["width: 40.00%", "width: 20.00%", "width: 20.00%", "width: 20.00%"]
    assert "frame-topbot" in table.get("class")


def test_remarks_and_profiling_in_the_test_book(write_book, rulebook, tmp_path):
    folder = write_book(
        "profiled",
        {
            "book.xml": EVERYTHING.replace(
                '<note id="n1">', '<note id="n1" condition="print">'
            ).replace("<tip>", '<tip userlevel="expert;advanced">')
        },
    )
    rulebook(
        "build",
        str(folder),
        "--format",
        "html",
        "--out",
        str(tmp_path / "web"),
        "--condition",
        "web",
        "--userlevel",
        "advanced",
        "--draft",
    )
    text = output_text(tmp_path / "web/profiled/profiled.html")
    assert "Anote." not in text and "Atip." in text and "aremark" in text
    # the xref to the note left out is plain words, not a dead anchor nor a sign
    html = lxml.html.parse(str(tmp_path / "web/profiled/profiled.html")).getroot()
    assert not any(a.get("href") == "#n1" for a in html.iter("a"))
    assert "n1" in html.text_content() and "⚠" not in html.text_content()


def test_an_edition_numbers_what_it_keeps_without_gaps():
    from lxml import etree

    from build_tools.model.numbering import number
    from build_tools.model.profiling import Profile

    root = etree.fromstring(
        "<book><chapter userlevel='advanced'><title>A</title>"
        "<example><title>x</title><para>1</para></example></chapter>"
        "<chapter><title>B</title><section condition='print'><title>s</title></section>"
        "<section><title>t</title></section><para>a<footnote><para>n</para></footnote></para>"
        "<example><title>y</title><para>2</para></example></chapter></book>"
    )
    first, second = root.findall("chapter")
    edition = number(root, left_out=Profile.of({"novice"}, {"web"}).leaves_out)
    assert edition.divisions == [second] and edition.labels[second] == "1"
    assert edition.labels[second.findall("section")[1]] == "1.1"
    assert edition.labels[second.find("example")] == "1.1"
    assert list(edition.footnotes.values()) == [1]
    whole = number(root)
    assert whole.labels[second] == "2" and whole.labels[second.find("example")] == "2.1"


def test_a_malformed_table_is_rendered_with_all_its_text(write_book, rulebook, tmp_path):
    folder = write_book(
        "malformed",
        {
            "book.xml": "<book lang='fr'><title>T</title><chapter><title>C</title>"
            "<table><title>Mal formée</title><tgroup cols='deux'>"
            "<colspec colnum='x' colwidth='n/a'/><colspec colname='b'/>"
            "<tbody><row><entry morerows='9'>haut</entry><entry namest='zz'>b1</entry></row>"
            "<row><entry morerows='-1'>b2</entry><entry>en trop</entry></row></tbody>"
            "</tgroup></table><glossary><glossentry id='g'><glossdef><para>sans terme"
            "</para></glossdef></glossentry></glossary></chapter></book>"
        },
    )
    run = rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path))
    shown = output_text(tmp_path / "malformed/malformed.html")
    for text in ("haut", "b1", "b2", "entrop", "sansterme"):
        assert text in shown, run.err
    cell = lxml.html.parse(str(tmp_path / "malformed/malformed.html")).getroot().find(".//td")
    assert cell.get("rowspan") == "2"  # clipped to the rows there are


def test_every_link_has_text(everything):
    _, out, _ = everything
    for page in [out / "everything.html", *(out / "html").glob("*.html")]:
        for anchor in lxml.html.parse(str(page)).getroot().iter("a"):
            assert anchor.text_content().strip() or anchor.get("aria-label"), (
                page.name,
                anchor.get("href"),
            )


def test_images_are_copied_beside_the_pages_and_a_missing_one_is_reported(everything):
    run, out, folder = everything
    assert "images/none.png' does not exist" in run.err and "book.xml:" in run.err
    assert (out / "media/images/dot.png").read_bytes() == (folder / "images/dot.png").read_bytes()
    for page in [out / "everything.html", *(out / "html").glob("*.html")]:
        for image in lxml.html.parse(str(page)).getroot().iter("img"):
            assert (page.parent / image.get("src")).resolve().is_file(), (page, image.get("src"))
            assert image.get("alt")


def test_profiling_on_any_docbook_attribute(tmp_path):
    from lxml import etree

    from build_tools.model.profiling import Profile

    root = etree.fromstring(
        '<chapter><para os="linux">L</para><para os="mac;win">M</para><para>All</para></chapter>'
    )
    edition = Profile.of(os={"win"})
    kept = [para.text for para in root if not edition.leaves_out(para)]
    assert kept == ["M", "All"]
    with pytest.raises(ValueError):
        Profile.of(colour={"red"})


def test_the_numbering_is_made_once_per_book_and_edition(monkeypatch):
    """The pages, the print page and the errata page of a build share one numbering; the
    anchors each makes as it renders are counted apart, so none depends on the others."""
    from lxml import etree

    from build_tools.model import numbering
    from build_tools.model.profiling import Profile

    root = etree.fromstring(
        "<book><chapter><title>A</title><para>a</para><para>b</para></chapter></book>"
    )
    made, number = [], numbering.number
    monkeypatch.setattr(numbering, "number", lambda *a, **k: made.append(a) or number(*a, **k))
    screen = numbering.numbering_of(root, Profile.of())
    printed = numbering.numbering_of(root, Profile.of())
    assert len(made) == 1 and screen.labels is printed.labels
    first, second = root.iter("para")
    assert (screen.anchor(second), printed.anchor(first)) == ("para-1", "para-1")
    numbering.numbering_of(root, Profile.of({"novice"}))  # another edition, its own numbers
    assert len(made) == 2
    renderers = (ROOT / "build_tools" / "render").rglob("*.py")
    assert not [path for path in renderers if re.search(r"\bnumber\(", path.read_text())]
