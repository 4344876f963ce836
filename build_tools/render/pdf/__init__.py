"""The PDF book: the print HTML laid out by WeasyPrint, every URL it opens through the gate
(`fetching`), its fonts and stylesheet (`style`), its glyphs checked (`glyphs`).

The format's entry point, `render(context)`, is looked up by name (`render/context.py`); the
work is in `book`, imported when the format is built.
"""

from __future__ import annotations


def render(context):
    """Write this format of the book of `context`; the files written."""
    from build_tools.render.pdf.book import render as render_book

    return render_book(context)
