"""One id map: the book's ids are walked by `build_tools.ids` alone (the reader's XPointers and
bounds, and `model.ids` for every floor above), the first carrier of an id naming it."""

from __future__ import annotations

import ast

from conftest import ROOT
from lxml import etree

from build_tools.ids import XML_ID, carriers, first_carriers
from build_tools.xpointer import pointed

WALKS = frozenset({"iter", "iterdescendants", "itersiblings", "xpath", "findall", "iterfind"})
"""The calls that walk a tree."""

ALLOWED = {
    "build_tools/ids.py": "the one walk",
    "build_tools/model/image_bounds.py": "an SVG image's ids: another document than the book",
    "build_tools/render/html/translator.py": "the elements under one element that carry an id, "
    "to write their anchors (`.//*[@id]`)",
    "build_tools/render/html/structures.py": "what a <citation> names: a bibliography entry's "
    "abbrev, xreflabel or id",
    "build_tools/render/html/index.py": "an index range's start read by its id, to pair it "
    "with its end (`startref`)",
}
"""The modules that may walk a tree for its ids, and why."""


def _id_walks(tree: ast.AST) -> list[int]:
    """The lines that read ids while walking a tree: an element's `id` (or `xml:id`) read in a
    loop or a comprehension over a walk, and every XPath naming `@id`."""
    lines = []

    def reads_id(node: ast.AST) -> bool:
        return any(
            isinstance(inner, ast.Call)
            and isinstance(inner.func, ast.Attribute)
            and inner.func.attr == "get"
            and inner.args
            and (
                (isinstance(inner.args[0], ast.Constant) and inner.args[0].value == "id")
                or (isinstance(inner.args[0], ast.Name) and inner.args[0].id == "XML_ID")
            )
            for inner in ast.walk(node)
        )

    def walks(iterable: ast.AST) -> bool:
        return any(
            isinstance(inner, ast.Call)
            and isinstance(inner.func, ast.Attribute)
            and inner.func.attr in WALKS
            for inner in ast.walk(iterable)
        )

    for node in ast.walk(tree):
        if isinstance(node, ast.For) and walks(node.iter) and any(map(reads_id, node.body)):
            lines.append(node.lineno)
        elif isinstance(node, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            if any(walks(generator.iter) for generator in node.generators) and reads_id(node):
                lines.append(node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "@id" in node.value:
            lines.append(node.lineno)
    return lines


def test_the_books_ids_are_walked_in_one_place():
    found = {
        f"{relative}:{line}"
        for path in sorted((ROOT / "build_tools").rglob("*.py"))
        if (relative := str(path.relative_to(ROOT))) not in ALLOWED
        and "id" in (text := path.read_text(encoding="utf-8"))
        for line in _id_walks(ast.parse(text))
    }
    assert found == set()
    for module in set(ALLOWED) - {"build_tools/ids.py"}:  # (which reads the id it is asked)
        assert _id_walks(ast.parse((ROOT / module).read_text(encoding="utf-8"))), module
    # the walks of old: the bound on cross-references, the XPointer, an XPath
    seen = (
        "for element in root.iter():\n    labels.setdefault(element.get('id'), 0)",
        "next(e for e in root.iter() if e.get(XML_ID) == name)",
        "tree.xpath('//@id')",
    )
    assert [_id_walks(ast.parse(source)) for source in seen] == [[1], [1], [1]]
    # an element's own id, its ancestors' (a finding's anchor) are no walk of the tree
    assert _id_walks(ast.parse("while element is not None:\n    element.get('id')")) == []


BOOK = """<book><chapter id="a" xreflabel="Premier"><title>Un</title>
<para id="a">Doublon.</para><para xml:id="x">Deux.</para><para id="b"/></chapter></book>"""


def test_the_first_carrier_names_an_id_for_the_reader_as_for_the_model():
    root = etree.fromstring(BOOK)
    chapter, duplicate, second, empty = root.iter("chapter", "para")
    assert carriers(root) == {"a": [chapter, duplicate], "b": [empty]}
    assert first_carriers(root) == {"a": chapter, "b": empty}
    assert first_carriers(root, XML_ID) == {"x": second}
    assert pointed(root, "a") is chapter
    assert pointed(root, "xpointer(id('x'))") is second
    assert pointed(root, "element(a/1)") is chapter.find("title")
