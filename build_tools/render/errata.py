"""The errata sheet: the book's errata on their own, as `errata.html` and `errata.pdf`.

`rulebook build BOOK --format errata` writes a publisher's errata to print and
slip into the book: by chapter, each erratum with its page in the printed book,
« Au lieu de : … », « Lire : … » (or the reason when the rules do not say the
right wording). The pages come from the PDF's layout: the one made in the same
build, or a layout made for the purpose when the PDF is not being built.
"""

from __future__ import annotations

from pathlib import Path

from build_tools.output import write_atomic
from build_tools.render.html.book import HtmlBook
from build_tools.render.pdf import book as pdf
from build_tools.render.pdf import style as pdf_style
from build_tools.render.pdf.engine import Engine
from build_tools.resources import Gate

HTML_NAME = "errata.html"
PDF_NAME = "errata.pdf"


def render(context) -> list[Path]:
    """Write `errata.html` and `errata.pdf` for the book of `context`."""
    if not context.folios:
        pdf.lay_out(context)
    book = HtmlBook.of(context, medium="print")
    page = book.errata_sheet(context.folios, pdf_style.errata_stylesheet(context.options))
    written = [write_atomic(context.out / HTML_NAME, page)]
    # Every URL the PDF engine opens goes through the book's gate, as for the book itself.
    engine = Engine(Gate(context.document.folder, assets=pdf_style.asset_folders()))
    base_url = Path(context.out).absolute().as_uri() + "/"
    with engine.running():
        document = engine.html(page, base_url).render()
        pdf_bytes = document.write_pdf(**_options())
    context.findings += engine.report(context.book.name, "errata")
    context.pages += len(document.pages)
    written.append(write_atomic(context.out / PDF_NAME, pdf_bytes))
    context.written.extend(written)
    return written


def _options() -> dict:
    return {"full_fonts": False, "hinting": False}
