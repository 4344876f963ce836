"""The print page as the HTML translator writes it for the PDF, without laying anything out (fast).

What is checked is what the printed book then shows: the PDF's metadata, the
running heads and bookmarks, page 1, the inline elements paper does not style,
no link pointing nowhere, long code lines wrapped. (The verification marks and
the footnotes at their calls are the print variant too: tests/test_pdf.py and
tests/test_pdf_breaks.py read them in the PDF.)
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lxml import etree
from lxml import html as lxml_html

from build_tools.books import select
from build_tools.examine import examine
from build_tools.render.context import Options, RenderContext
from build_tools.render.html.book import HtmlBook
from build_tools.render.html.print_markup import BODY_START
from build_tools.render.pdf.book import output_name

BOOK = """<?xml version="1.0" encoding="utf-8"?>
<book lang="fr"><bookinfo>
<title>Le Livre</title><subtitle>L'art d'écrire</subtitle>
<authorgroup><author><firstname>Ada</firstname><surname>Lovelace</surname></author>
<corpauthor>la Loge d'Aube</corpauthor></authorgroup>
<revhistory><revision><revnumber>1.3</revnumber><date>2004-01-19</date></revision></revhistory>
</bookinfo>
<preface id="avant"><title>Avant-propos</title><para>Lire d'abord.</para></preface>
<chapter id="un"><title>les personnages</title>
<para>Le <acronym>PJ</acronym> dit <quote>oui</quote> à <trademark>Truc</trademark>.</para>
<section id="pourquoi"><title>Pourquoi?</title><para>Parce que.</para></section>
</chapter>
<appendix id="annexe"><title>Tables</title><para>Rien.</para></appendix>
</book>
"""


def book_page(folder: Path, out: Path, medium: str, **options) -> etree._Element:
    """The single page the translator writes for `medium`, read back."""
    context = RenderContext(examine(select([str(folder)])[0]), Options(**options), out)
    return lxml_html.document_fromstring(HtmlBook.of(context, medium=medium).single_page())


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("print") / "livre"
    folder.mkdir()
    (folder / "book.xml").write_text(BOOK, encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def printed(folder, tmp_path_factory, monkeypatch_module) -> etree._Element:
    monkeypatch_module.setenv("SOURCE_DATE_EPOCH", "1700000000")
    return book_page(folder, tmp_path_factory.mktemp("out"), "print")


@pytest.fixture(scope="module")
def screen(folder, tmp_path_factory) -> etree._Element:
    return book_page(folder, tmp_path_factory.mktemp("out"), "screen")


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_the_print_page_carries_the_pdf_metadata_in_the_books_typography(printed):
    meta = {(m.get("name"), m.get("content")) for m in printed.xpath("//meta[@name]")}
    assert ("author", "Ada Lovelace") in meta and ("author", "la Loge d’Aube") in meta
    assert ("description", "L’art d’écrire") in meta
    assert ("dcterms.created", "2023-11-14T22:13:20Z") in meta
    assert ("dcterms.modified", "2023-11-14T22:13:20Z") in meta


def test_the_print_page_has_no_screen_stylesheet_nor_script(printed, screen):
    assert not printed.xpath("//style | //link[@rel='stylesheet'] | //script")
    assert screen.xpath("//style")  # the screen's single page works alone: its style inside


def test_headings_carry_their_running_head_and_bookmark(printed, screen):
    chapter = printed.xpath("//section[@id='un']/h2")[0]
    assert chapter.get("data-running") == "les personnages"
    assert chapter.get("data-bookmark") == "1. les personnages"
    section = printed.xpath("//section[@id='pourquoi']/h3")[0]
    assert section.get("data-bookmark") == "1.1 Pourquoi\u202f?"  # set as the heading is
    assert printed.xpath("//section[@id='annexe']/h2")[0].get("data-bookmark") == "A. Tables"
    assert printed.xpath("//section[@id='avant']/h2")[0].get("data-bookmark") == "Avant-propos"
    assert not screen.xpath("//*[@data-bookmark or @data-running]")


def test_page_one_starts_at_the_first_division_after_the_front_matter(printed, screen):
    anchor = printed.get_element_by_id(BODY_START)
    assert anchor.getparent().get("id") == "avant"
    assert "body-start" in anchor.getparent().get("class").split()
    assert len(printed.xpath("//*[contains(@class, 'body-start')]")) == 1
    assert not screen.xpath(f"//*[@id='{BODY_START}']")


def test_paper_writes_acronyms_quotes_and_trademarks_as_their_text(printed, screen):
    paragraph = printed.xpath("//section[@id='un']/p")[0]
    assert not paragraph.xpath(".//abbr | .//q | .//span[@class='trademark']")
    assert "Le PJ dit «\u00a0oui\u00a0» à Truc™." in paragraph.text_content()
    on_screen = screen.xpath("//section[@id='un']/p")[0]
    assert on_screen.xpath(".//abbr") and on_screen.xpath(".//q")
    assert on_screen.xpath(".//span[@class='trademark']")


LINKS = """<?xml version="1.0" encoding="utf-8"?>
<book lang="fr"><title>Liens</title>
<chapter id="un"><title>Un</title>
<para id="avance" userlevel="adv">Pour les avancés.</para>
<para>Voir <link linkend="avance">le passage avancé</link>, <link linkend="deux">le chapitre
deux</link>, <ulink url="regles.txt">les règles</ulink>, <ulink url="#deux">plus loin</ulink>,
<ulink url="#nulle-part">nulle part</ulink>,
<ulink url="https://example.org/">le site</ulink>.</para>
</chapter>
<chapter id="deux"><title>Deux</title><para>Fin.</para></chapter>
</book>
"""


def links_of(page: etree._Element) -> dict[str, str | None]:
    """The words of the chapter's paragraph -> the link they are (None: plain text)."""
    paragraph = page.xpath("//section[@id='un']/p")[-1]
    found = {}
    for node in paragraph.iter():
        words = " ".join(node.text_content().split())
        if node.tag == "a":
            found[words] = node.get("href")
    for words in ("les règles", "nulle part", "plus loin", "le site", "le chapitre deux"):
        found.setdefault(words, None)
    return found


def test_paper_writes_as_plain_text_the_links_it_cannot_follow(tmp_path):
    folder = tmp_path / "liens"
    folder.mkdir()
    (folder / "book.xml").write_text(LINKS, encoding="utf-8")
    (folder / "regles.txt").write_text("Les règles.", encoding="utf-8")
    pages = {
        medium: book_page(folder, tmp_path / medium, medium, userlevel={"base"})
        for medium in ("print", "screen")
    }
    screen, printed = links_of(pages["screen"]), links_of(pages["print"])
    # a file of the book, copied beside the site; a place the page does not have
    assert screen["les règles"] == "files/regles.txt" and printed["les règles"] is None
    assert screen["nulle part"] == "#nulle-part" and printed["nulle part"] is None
    for followed, href in (("plus loin", "#deux"), ("le chapitre deux", "#deux")):
        assert screen[followed] == printed[followed] == href
    assert screen["le site"] == printed["le site"] == "https://example.org/"
    # what this edition leaves out is its words in both, never a link
    for page in pages.values():
        assert "le passage avancé" in page.text_content()
        assert not page.xpath("//a[contains(., 'le passage avancé')]")


FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize(
    "source",
    ["html/everything.xml", "markup/snippets.xml", "markup/index.xml", "markup/article.xml"],
)
def test_every_link_of_the_print_page_lands_in_it(tmp_path, source):
    """The old pass that unlinked dead links is gone: the translator must write none."""
    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "book.xml").write_text((FIXTURES / source).read_text(encoding="utf-8"))
    images = (FIXTURES / source).parent / "images"
    if images.is_dir():
        shutil.copytree(images, folder / "images")
    page = book_page(folder, tmp_path / "out", "print")
    ids = set(page.xpath("//@id"))
    hrefs = page.xpath("//a/@href")
    assert hrefs
    assert [href for href in hrefs if href.startswith("#") and href[1:] not in ids] == []
    assert [
        href for href in hrefs if not href.startswith(("#", "http:", "https:", "mailto:"))
    ] == []


def test_output_names_by_paper():
    assert output_name("cda", Options(paper="a4")) == "cda.pdf"
    assert output_name("cda", Options(paper="letter")) == "cda-letter.pdf"
    assert Path(output_name("edad", Options())).suffix == ".pdf"


def test_the_print_variant_lays_out_the_front_matter(tmp_path):
    """Title page alone with its version line, copyright and legal notice on its verso, the
    history after them, then the contents: made by the translator's print variant."""
    tree = book_page(select(["cda"])[0].folder, tmp_path, "print")
    header = tree.xpath("//header[contains(@class, 'titlepage')]")[0]
    assert header.xpath("p[@class='edition']")[0].text == "Version 1.3 · 19 janvier 2004"
    assert "Copyright" not in header.text_content()
    colophon = tree.xpath("//section[contains(@class, 'colophon')]")[0]
    assert "Copyright" in colophon.text_content() and colophon.xpath(".//*[@class='legalnotice']")
    order = [
        element.get("class")
        for element in tree.xpath("//main/*[self::header or self::section or self::nav]")[:4]
    ]
    assert order == ["titlepage", "colophon front", "history front", "toc front"]
