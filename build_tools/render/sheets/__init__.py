"""The character sheets: blank, fillable, and filled from a character file.

The format's entry point, `render(context)`, is looked up by name (`render/context.py`); the
work is in `pages`, imported when the format is built.
"""

from __future__ import annotations


def render(context):
    """Write this format of the book of `context`; the files written."""
    from build_tools.render.sheets.pages import render as render_book

    return render_book(context)
