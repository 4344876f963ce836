"""bench/real_books.py measures a book as the README says: elements, words, links."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_script():
    spec = importlib.util.spec_from_file_location("real_books", ROOT / "bench/real_books.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow  # two rulebook processes
def test_the_script_measures_a_book_and_counts_an_unsupported_element(write_book, tmp_path):
    article = (ROOT / "tests/fixtures/markup/article.xml").read_text(encoding="utf-8")
    article = article.replace("<para>Use text.</para>", "<para>Use <td>cell</td> text.</para>")
    folder = write_book("howto", {"book.xml": article})
    out = tmp_path / "figures.json"
    load_script().main([str(folder / "book.xml"), "--no-pdf", "--no-vnu", "--json", str(out)])
    [row] = json.loads(out.read_text(encoding="utf-8"))
    assert row["root"] == "article" and row["build_status"] == 0
    assert row["unsupported"] == {"td": 1}  # an HTML table cell: no DocBook 4.5 renderer
    assert row["unsupported_without_finding"] == {}  # the check reported it
    assert row["html_words_%"] == 100.0 and row["broken_links"] == 0
    assert row["words"] == 22  # the title, author, abstract and text; not the index terms
