"""The PDF book: WeasyPrint lays out the single-page HTML book under the print stylesheet.

The pipeline, in the order it runs:

1. the HTML translator's print variant writes the whole book as one page (same
   document model, templates and profiling as the HTML book; marks as signs,
   footnotes at their calls, the front matter as paper wants it, running heads
   and bookmarks, long code lines broken after ↪, no link paper cannot follow,
   the PDF's metadata with dates from SOURCE_DATE_EPOCH, no screen stylesheet);
   it is taken as written, never read back;
2. `pdf_style` fills `templates/pdf/print.css` with the paper size and the fonts;
3. WeasyPrint lays the pages out (`engine`: a page laid out again only for a page
   number it could not know, a hyphenated line at a page's foot carried over to the
   next page); the page of each erratum's entry beside its ✗ is the stylesheet's
   target-counter(), in a box of fixed width, and a note keeps its call's page by the
   markup. What only the layout shows is then written in and the book laid out again,
   when there is any: « (suite) » over a table's continued rows, an index range on one
   page printed as that page, a word still hyphenated across a page turn kept whole
   (`page_turns`);
4. the PDF is written (PDF/UA-1 when tagged), with page labels that match the
   printed folios (i, ii… then 1, 2…), replacing `generated/BOOK/BOOK.pdf` (or
   `BOOK-letter.pdf`) atomically.

Time: WeasyPrint's layout and drawing are three quarters of a build (see
`bench/pdf_benchmark.py`); their cost follows the number of lines and inline
boxes, so the stylesheet avoids multi-column layout and floats other than
footnotes, and the print page unwraps the inline elements paper does not style.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from markupsafe import Markup

from build_tools.model.numbering import roman
from build_tools.output import write_atomic
from build_tools.render.html import print_markup as pdf_markup
from build_tools.render.html.book import HtmlBook
from build_tools.render.html.media import IMAGES
from build_tools.render.pdf import glyphs as pdf_glyphs
from build_tools.render.pdf import page_turns
from build_tools.render.pdf import style as pdf_style
from build_tools.render.pdf.engine import Engine
from build_tools.resources import Gate

PAPERS = ("a4", "letter")


def render(context) -> list[Path]:
    """Render the book of `context` to one PDF, in the paper its options ask for."""
    engine = book_engine(context)
    document = lay_out(context, engine)
    # Drawing fetches what layout did not (the images an SVG names): through the gate too.
    with engine.running():
        pdf = document.write_pdf(
            finisher=_page_labels(_page_of(document, pdf_markup.BODY_START)),
            **_pdf_options(context.options),
        )
    context.findings += engine.report(context.book.name, "pdf")
    context.pages += len(document.pages)
    written = [write_atomic(context.out / output_name(context.book.name, context.options), pdf)]
    context.written.extend(written)
    return written


def book_engine(context) -> Engine:
    """WeasyPrint for the book of `context`: every URL through the book's gate, the page's
    image folder read from the book's folder, so that a PDF built alone has its images."""
    gate = Gate(context.document.folder, assets=pdf_style.asset_folders())
    return Engine(gate, media=(Path(context.out).absolute(), IMAGES))


def lay_out(context, engine: Engine | None = None):
    """The book of `context` laid out for print (WeasyPrint's document); its folios kept.

    `context.folios` (anchor -> printed folio) then serves what refers to the
    printed book, as the errata sheet does. What the gate refuses is reported; the
    `engine` goes on collecting while the PDF is drawn.
    """
    engine = engine or book_engine(context)
    from weasyprint.text.fonts import FontConfiguration

    page = HtmlBook.of(context, medium="print").single_page()
    # The page's relative URLs resolve from beside the PDF, where the single page is written.
    base = Path(context.out).absolute()
    base_url = base.as_uri() + "/"  # a folder: relative URLs resolve inside it, existing or not
    fonts = FontConfiguration()
    stylesheet = engine.css(
        pdf_style.stylesheet(context.options, _language(context), context.report.settings),
        font_config=fonts,
        base_url=base_url,
    )
    page = keep_notes_with_calls(page)

    def lay(html: str):
        return engine.html(html, base_url).render(stylesheets=[stylesheet], font_config=fonts)

    with engine.running():
        document = lay(page)
        # The pages the marks give for the errata's entries are the stylesheet's
        # target-counter(), in boxes of one width, and the notes stay with their calls by the
        # page's own markup: one layout, unless a long table broke (« (suite) » over its
        # continued rows), an index range fell on one page (« 5 », not « 5–5 ») or a page still
        # ends on a hyphenated word (one its paragraph's orphans kept there).
        moved = join_ranges(continue_tables(page, document), document)
        # a word the layout could not carry over a page turn is kept whole in the one that follows
        moved = page_turns.keep_whole(moved, page_turns.hyphenated_page_turns(document))
        if moved != page:
            document = lay(moved)
    glyphs = pdf_glyphs.check(context.document, pdf_style.fonts())
    context.findings.extend(glyphs)
    context.findings += engine.report(context.book.name, "pdf", [f.key for f in glyphs])
    context.folios = folios(document)
    return document


def folios(document) -> dict[str, str]:
    """Anchor -> the folio printed on its page: i, ii… in the front matter, then 1, 2…"""
    body = _page_of(document, pdf_markup.BODY_START)
    return {
        anchor: str(index - body + 1) if index >= body else roman(index + 1).lower()
        for anchor, index in anchor_pages(document).items()
    }


def anchor_pages(document) -> dict[str, int]:
    """Anchor -> the index of the page `document` set it on (its first, if several)."""
    pages: dict[str, int] = {}
    for index, laid_out in enumerate(document.pages):
        for anchor in laid_out.anchors:
            pages.setdefault(anchor, index)
    return pages


LOOSENED = 20
"""Paragraphs after a note's call whose widows and orphans may go, so the note can stay."""


def keep_notes_with_calls(page: Markup) -> Markup:
    """`page` loosened after each note's call, so that the note keeps its call's page.

    WeasyPrint makes room for a paragraph's last lines (widows, orphans) by
    sending the page's last footnote to the next page; a reader then looks for
    it in vain. After a call, the next paragraphs may break anywhere, so the note
    stays on its call's page in the one layout, which need not be made twice.
    """
    if "footnote-call" not in page:
        return page
    for note in re.findall(r'<span class="footnote-call" id="([^"]+)-call">', page):
        start = page.find(Markup(' id="{}-call"').format(unescape(note)))
        head, tail = page[:start], page[start:]
        page = head + _edited(tail, _PARAGRAPH, lambda match: LOOSE, LOOSENED)
    return page


_PARAGRAPH = re.compile(r"<p(?=[\s>])")
LOOSE = Markup('<p data-loose=""')


def _edited(page: Markup, pattern: re.Pattern, edit, count: int = 0) -> Markup:
    """`page` with the first `count` (0: every) matches of `pattern` replaced by their
    `edit(match)`, markup: what the page holds between them is kept as it is."""
    pieces, last = [], 0
    for number, match in enumerate(pattern.finditer(page)):
        if count and number == count:
            break
        pieces += [page[last : match.start()], edit(match)]
        last = match.end()
    return Markup().join([*pieces, page[last:]])


def continue_tables(page: Markup, document) -> Markup:
    """`page` with each long table split where `document` broke it, the rest under « (suite) ».

    A page a table runs onto then says which table it is: the caption again,
    with « (suite) », above the repeated header row.
    """
    if "data-continued=" not in page:
        return page
    pages = anchor_pages(document)
    named = re.compile(r'<table class="([^"]*)" id="([^"]+)"[^>]*data-continued="([^"]*)"')
    for classes, identifier, caption in named.findall(page):
        classes, identifier, caption = unescape(classes), unescape(identifier), unescape(caption)
        start = page.find(Markup(' id="{}"').format(identifier))
        own = re.compile(re.escape(identifier) + r"-row-\d+")
        rows = [unescape(row) for row in re.findall(r'<tr id="([^"]+)"', page)]
        rows = [row for row in rows if own.fullmatch(row)]
        breaks = [
            row
            for before, row in zip(rows, rows[1:], strict=False)
            if row in pages and before in pages and pages[row] != pages[before]
        ]
        if not breaks:
            continue
        segment = page[start : page.find("</table>", start)]
        colgroup = re.search(r"<colgroup>.*?</colgroup>", segment, re.S)
        head = re.search(r"<thead>.*?</thead>", segment, re.S)
        opening = Markup(
            '</tbody></table><table class="{} continued"><caption class="continued">{}</caption>'
        ).format(classes, caption)
        opening += segment[colgroup.start() : colgroup.end()] if colgroup else Markup()
        opening += segment[head.start() : head.end()] if head else Markup()
        opening += Markup("<tbody>")
        for row in breaks:
            marker = Markup('<tr id="{}"').format(row)
            page = page.replace(marker, opening + marker, 1)
    return page


RANGE_END = re.compile(r'<a class="index-range-end" href="#([^"]+)" data-from="#([^"]+)"></a>')
"""The end of an index range, after the locator of its start: it prints « –15 »."""


def join_ranges(page: Markup, document) -> Markup:
    """`page` with each index range that `document` set on one page printed as that page.

    « combat, 5 », never « combat, 5–5 »: the end of such a range is left out.
    """
    if "index-range-end" not in page:
        return page
    pages = anchor_pages(document)

    def join(match: re.Match) -> Markup:
        end, start = unescape(match[1]), unescape(match[2])
        same = start in pages and pages[start] == pages.get(end)
        return Markup() if same else page[match.start() : match.end()]

    return _edited(page, RANGE_END, join)


def _language(context) -> str:
    return context.report.language


def output_name(book: str, options) -> str:
    """`BOOK.pdf` for A4, the default paper; `BOOK-letter.pdf` for US Letter."""
    if options.paper not in PAPERS:
        raise ValueError(f"unknown paper {options.paper!r} (papers: {', '.join(PAPERS)})")
    return f"{book}.pdf" if options.paper == "a4" else f"{book}-{options.paper}.pdf"


def _pdf_options(options) -> dict:
    """WeasyPrint's PDF options: subset fonts, and the PDF/UA-1 variant for a tagged book."""
    chosen = {"full_fonts": False, "hinting": False, "optimize_images": True}
    if options.tagged:
        chosen["pdf_variant"] = "pdf/ua-1"
    return chosen


def _page_of(document, anchor: str) -> int:
    """The index of the page where `anchor` is (0 when there is none)."""
    for index, page in enumerate(document.pages):
        if anchor in page.anchors:
            return index
    return 0


def _page_labels(body: int):
    """A finisher giving the PDF the folios printed on its pages: i, ii… then 1, 2… from `body`.

    A viewer then shows and accepts « page 12 » for the page printed 12, and the
    table of contents' numbers are the viewer's page numbers.
    """
    import pydyf

    def finish(document, pdf) -> None:
        ranges = [0, pydyf.Dictionary({"S": "/r"})] if body else []
        ranges += [body, pydyf.Dictionary({"S": "/D"})]
        pdf.catalog["PageLabels"] = pydyf.Dictionary({"Nums": pydyf.Array(ranges)})
        # The book opens with its bookmarks shown: the reader sees the chapters at once.
        pdf.catalog["PageMode"] = "/UseOutlines"

    return finish
