"""Readying the single-page HTML for paper, without laying anything out (fast).

What is checked is what the printed book then shows: no link pointing nowhere,
the PDF's metadata. (The verification marks and the footnotes at their calls are
the HTML translator's print variant: tests/test_pdf.py and tests/test_pdf_breaks.py
read them in the PDF.)
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from lxml import etree
from lxml import html as lxml_html

from build_tools.render import pdf_markup
from build_tools.render.build import Options
from build_tools.render.pdf import output_name

BOOKINFO = """<book lang="fr"><bookinfo>
<title>Le Livre</title><subtitle>Un sous-titre</subtitle>
<authorgroup><author><firstname>Ada</firstname><surname>Lovelace</surname></author>
<corpauthor>la Loge de l'Aube</corpauthor></authorgroup>
<revhistory><revision><revnumber>1.3</revnumber><date>2004-01-19</date></revision></revhistory>
</bookinfo><chapter id="un"><title>Un</title><para>x</para></chapter></book>"""

PAGE = """<!DOCTYPE html><html lang="fr">
<head><title>Le Livre</title><style>p{}</style></head><body>
<main class="book one-page">
<header class="titlepage"><h1 class="book-title">Le Livre</h1>
<p class="copyright">Copyright © 2004 Ada</p></header>
<section class="legalnotice" aria-label="Mentions légales"><p>Libre.</p></section>
<nav class="toc"><h2 id="toc-title">Table des matières</h2>
<ol><li><a href="#un">Un</a></li></ol></nav>
<section id="un" class="chapter"><h2 class="title"><span class="label">Chapitre 1</span> les
 personnages</h2>
<p>Mettre 10 points<sup class="footnote-reference"
><a id="footnote-1-ref" href="#footnote-1">1</a></sup>
 partout.</p>
<details class="verification verified" id="check-1">
<summary><span class="verification-sign">✓</span>
<span class="verification-summary visually-hidden">vérifié</span></summary>
<div class="verification-body"><p>working</p></div></details>
<p>Le texte dit 6.</p>
<details class="verification erratum" id="check-2"><summary><span class="verification-sign">✗</span>
<span class="verification-summary">Le texte dit 6, les règles donnent 5</span></summary></details>
<p>Voir <a class="xref" href="#nulle-part">ailleurs</a>.</p>
<aside class="footnotes"><ol><li id="footnote-1" value="1"><p>Une note
 sur deux lignes.</p> <a class="footnote-back" href="#footnote-1-ref">↑</a></li></ol></aside>
</section>
<section class="errata" id="errata"><h2 class="title">Errata</h2><ol class="errata-list">
<li class="erratum"><p class="erratum-where"><a href="#check-2">paragraphe</a></p></li>
</ol></section>
</main></body></html>"""


def printed() -> etree._Element:
    root = etree.fromstring(BOOKINFO)
    context = SimpleNamespace(document=SimpleNamespace(root=root), options=Options())
    return lxml_html.document_fromstring(pdf_markup.for_print(PAGE, context))


def test_no_link_points_nowhere():
    tree = printed()
    ids = set(tree.xpath("//@id"))
    assert all(href[1:] in ids for href in tree.xpath("//a/@href[starts-with(., '#')]"))
    assert tree.xpath("//a[contains(@class, 'unlinked')]")[0].text == "ailleurs"


def test_front_matter_and_running_heads():
    tree = printed()
    heading = tree.xpath("//section[@id='un']/h2")[0]
    assert heading.get("data-running") == "les personnages"
    assert heading.get("data-bookmark") == "1. les personnages"
    assert tree.get_element_by_id(pdf_markup.BODY_START).getparent().get("id") == "un"


def test_metadata_for_the_pdf(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    tree = printed()
    meta = {(m.get("name"), m.get("content")) for m in tree.xpath("//meta[@name]")}
    assert ("author", "Ada Lovelace") in meta and ("author", "la Loge de l’Aube") in meta
    assert ("description", "Un sous-titre") in meta
    assert ("dcterms.created", "2023-11-14T22:13:20Z") in meta
    assert not tree.xpath("//style | //link[@rel='stylesheet']")


def test_output_names_by_paper():
    assert output_name("cda", Options(paper="a4")) == "cda.pdf"
    assert output_name("cda", Options(paper="letter")) == "cda-letter.pdf"
    assert Path(output_name("edad", Options())).suffix == ".pdf"


def test_the_print_variant_lays_out_the_front_matter(tmp_path):
    """Title page alone with its version line, copyright and legal notice on its verso, the
    history after them, then the contents: made by the translator's print variant."""
    from build_tools.books import select
    from build_tools.examine import examine
    from build_tools.render.build import RenderContext

    context = RenderContext(examine(select(["cda"])[0]), Options(), tmp_path)
    page, _ = pdf_markup.single_page(context)
    tree = lxml_html.document_fromstring(page)
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
