"""The HTML book: the DocBook translator and its parts, one page and a page per chapter.

The format's entry point, `render(context)`, is looked up by name (`render/context.py`); the
work is in `book`, imported when the format is built.
"""

from __future__ import annotations


def render(context):
    """Write this format of the book of `context`; the files written."""
    from build_tools.render.html.book import render as render_book

    return render_book(context)
