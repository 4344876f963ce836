"""The one WeasyPrint engine every PDF goes through: what the gate refuses while a page is laid
out is a finding of that output, and WeasyPrint's warnings are said once, by book and output."""

from __future__ import annotations

from build_tools.render.pdf.engine import Engine
from build_tools.resources import Gate
from tests import pdf_text


def test_a_refused_file_is_a_finding_of_the_output_that_asked_for_it(tmp_path, capsys):
    book = tmp_path / "book"
    book.mkdir()
    (tmp_path / "secret.png").write_bytes(b"not a book's file")
    engine = Engine(Gate(book))
    page = f'<p>x</p><img src="{(tmp_path / "secret.png").as_uri()}">'
    with engine.running():
        engine.html(page, book.as_uri() + "/").render().write_pdf()
    findings = engine.report("jeu", "cards")
    assert [finding.category for finding in findings] == ["refused-access"]
    assert findings[0].message.startswith("cards: refused to read ")
    assert "secret.png" in findings[0].message
    # WeasyPrint's own warning about the image only repeats the refusal: not said again
    assert "secret.png" not in capsys.readouterr().err
    assert engine.report("jeu", "cards") == []  # each is reported once


PAGES_OF = """<style>
@page { size: A6; }
section { break-before: page; }
a.page::after { content: " p. " target-counter(attr(href url), page); }
</style>
<section id="one">Voir <a class="page" href="#three">plus loin</a>.</section>
<section id="two">Deux.</section>
<section id="three">Voir <a class="page" href="#two">plus haut</a>.</section>
"""


def test_a_page_is_laid_out_again_only_for_a_page_number_it_could_not_know(tmp_path):
    """Page 1 names page 3, which is not laid out yet: page 1 is laid out again with its
    number; page 3 names page 2, laid out before it: its number is written in at once."""
    from weasyprint.layout import page as pages

    engine, made = Engine(Gate(tmp_path)), []
    remake = pages.remake_page

    def counted(index, *arguments):
        made.append(index)
        return remake(index, *arguments)

    pages.remake_page = counted
    try:
        with engine.running():
            pdf = engine.html(PAGES_OF, tmp_path.as_uri() + "/").render().write_pdf()
    finally:
        pages.remake_page = remake
    (tmp_path / "pages.pdf").write_bytes(pdf)
    texts = [" ".join(text.split()) for text in pdf_text.page_texts(tmp_path / "pages.pdf")]
    assert texts == ["Voir plus loin p. 3.", "Deux.", "Voir plus haut p. 2."]
    assert made == [0, 1, 2, 0]
