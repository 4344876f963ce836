"""Where a string becomes markup without being escaped: the only such places of the renderers.

Every output is assembled as `markupsafe.Markup`: a fragment is a template
`Markup("<em>{}</em>").format(value)` or a `Markup.join`, and any plain string
joined in (a source value: a text, an id, a URL, a title) is escaped on the way.
Four things are markup without being made so: the page Jinja renders (every
value not markup itself escaped by autoescape), the page the build wrote when
`serve` reads it back, an HTML element's name the code gives, and a stylesheet of
rulebook's written inside `<style>`. Each is made here,
with the check that keeps it markup; `tests/test_markup_by_construction.py` holds
that no other module turns a string into markup or writes HTML in an f-string.
"""

from __future__ import annotations

import re
from typing import Any

from markupsafe import Markup


def rendered(template: Any, **values: Any) -> Markup:
    """The page a Jinja template of an autoescaping environment renders with `values`."""
    if not _autoescapes(template):
        raise ValueError(f"{template.name} is rendered without autoescape")
    return Markup(template.render(**values))


def written(page: str) -> Markup:
    """A page the build wrote (one of its manifest's outputs, rendered as above), read back to
    be served with the preview's additions."""
    return Markup(page)


def element_name(name: str) -> Markup:
    """`name`, the name of an HTML element the code gives (never the book), as markup."""
    if not _HTML_NAME.fullmatch(name):
        raise ValueError(f"{name!r} is not the name of an HTML element")
    return Markup(name)


def style_text(css: str) -> Markup:
    """A stylesheet of rulebook's (its templates, with the book's settings), as the text of a
    `<style>`: markup, once nothing in it can end the element."""
    if "</" in css:
        raise ValueError("a stylesheet holding « </ » cannot be the text of a <style>")
    return Markup(css)


def _autoescapes(template: Any) -> bool:
    autoescape = template.environment.autoescape
    return autoescape(template.name) if callable(autoescape) else bool(autoescape)


_HTML_NAME = re.compile(r"[a-z][a-z0-9]*")
