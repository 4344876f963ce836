"""The quick-reference cards: a game's deck, computed and imposed for printing.

The format's entry point, `render(context)`, is looked up by name (`render/context.py`); the
work is in `pages`, imported when the format is built.
"""

from __future__ import annotations


def render(context):
    """Write this format of the book of `context`; the files written."""
    from build_tools.render.cards.pages import render as render_book

    return render_book(context)
