"""No engine module over 500 lines without its reason at its top."""

from __future__ import annotations

import ast

from conftest import ROOT

LIMIT = 500


def test_a_long_module_says_why_at_its_top():
    unexplained = []
    for path in sorted((ROOT / "build_tools").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") <= LIMIT:
            continue
        docstring = ast.get_docstring(ast.parse(text)) or ""
        if "lines, for a reason" not in docstring:
            unexplained.append(f"{path.relative_to(ROOT)}: {text.count(chr(10))} lines")
    assert not unexplained, unexplained
