"""Every output is markup by construction: no renderer writes HTML in a plain string.

A fragment is `Markup("<em>{}</em>").format(value)` or a `Markup.join`, so that any
plain string joined in (a source value) is escaped on the way; only
`build_tools/render/markup.py` turns a string into markup without escaping it. This
reads the source of the renderers (and of `serve`, which writes pages too) and fails
on the forms that would bring back a page assembled from strings: an f-string,
`str.format`, `%` or `+` on a string literal holding a tag, `Markup(...)` of anything
but a literal, and `html.escape` (markupsafe's escaping is the one).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "build_tools" / "render").rglob("*.py")) + [
    ROOT / "build_tools" / "commands" / "serve.py"
]
TRUSTED = ROOT / "build_tools" / "render" / "markup.py"
TAG = re.compile(r"(?<![?P])<(?:[A-Za-z/]|!--|!doctype)", re.IGNORECASE)
"""The start of an HTML tag, a comment or a doctype (not a regular expression's `(?<!…)` or
`(?P<name>…)`)."""


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _builds_a_tag(node: ast.JoinedStr) -> bool:
    """Whether an f-string writes a tag: a literal one, or `<{name}…>` with its name made."""
    parts = node.values
    for index, part in enumerate(parts):
        text = _literal(part)
        if text is None:
            continue
        if TAG.search(text):
            return True
        following = parts[index + 1] if index + 1 < len(parts) else None
        if text.endswith(("<", "</")) and isinstance(following, ast.FormattedValue):
            if any(">" in (_literal(later) or "") for later in parts[index + 1 :]):
                return True
    return False


def _is_markup_call(node: ast.Call) -> bool:
    return isinstance(node.func, ast.Name) and node.func.id == "Markup"


def html_in_strings(source: str) -> list[tuple[int, str]]:
    """(line, what) for each place `source` assembles HTML outside markup."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr) and _builds_a_tag(node):
            found.append((node.lineno, "an f-string writes a tag"))
        elif isinstance(node, ast.Call):
            function = node.func
            if (
                isinstance(function, ast.Attribute)
                and function.attr == "format"
                and TAG.search(_literal(function.value) or "")
            ):
                found.append((node.lineno, "str.format of a tag (Markup(...).format escapes)"))
            elif _is_markup_call(node) and node.args and _literal(node.args[0]) is None:
                found.append((node.lineno, "Markup() of a string made elsewhere"))
            elif (
                isinstance(function, ast.Attribute)
                and function.attr == "escape"
                and isinstance(function.value, ast.Name)
                and function.value.id == "html"
            ):
                found.append((node.lineno, "html.escape (markupsafe escapes)"))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
            if any(TAG.search(_literal(side) or "") for side in (node.left, node.right)):
                found.append((node.lineno, "a tag joined with + or %"))
        elif isinstance(node, ast.ImportFrom) and node.module == "html":
            if any(name.name == "escape" for name in node.names):
                found.append((node.lineno, "html.escape imported (markupsafe escapes)"))
    return sorted(found)


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_renderer_writes_html_in_a_string(path):
    found = html_in_strings(path.read_text(encoding="utf-8"))
    if path == TRUSTED:
        found = [(line, what) for line, what in found if what.startswith("Markup()")]
        assert len(found) == 4, found  # rendered, written, element_name, style_text
        return
    assert not found, "\n".join(f"{path.relative_to(ROOT)}:{line}: {what}" for line, what in found)


@pytest.mark.parametrize(
    "source",
    [
        "html = f'<a href=\"{url}\">{words}</a>'",
        'html = f"<{tag}>{content}</{tag}>"',
        "html = '<span class=\"x\">{}</span>'.format(words)",
        "html = '<p>' + words + '</p>'",
        "html = '<p>%s</p>' % words",
        "html = Markup(words)",
        "html = Markup(f'<em>{words}</em>')",
        "html = html.escape(words)",
        "from html import escape",
    ],
)
def test_the_check_finds_html_in_strings(source):
    assert html_in_strings(source)


@pytest.mark.parametrize(
    "source",
    [
        "html = Markup('<a href=\"{}\">{}</a>').format(url, words)",
        "html = Markup().join(parts) + Markup('<br>')",
        'message = f"{shown} is only rendered inside {parent}"',
        'sign = f"<{NARROW}" + shown',  # a less-than sign of a card's text, not a tag
        "words = f'{label} {title}'",
    ],
)
def test_the_check_leaves_markup_and_text_alone(source):
    assert not html_in_strings(source)
