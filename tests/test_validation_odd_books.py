"""Odd but possible books: each gives findings in every output format, never an internal error."""

from __future__ import annotations

import json

import pytest
from lxml import etree

from build_tools.reports import FORMATS


def table(tgroup: str) -> str:
    return (
        "<book><title>T</title><chapter><title>C</title><table><title>Tableau</title>"
        f"{tgroup}</table></chapter></book>\n"
    )


TWO_COLUMNS = '<colspec colname="a"/><colspec colname="b"/>'
ODD = {
    "morerows that is not a number": (
        table(
            '<tgroup cols="2"><tbody><row><entry morerows="abc">1</entry><entry>2</entry>'
            "</row></tbody></tgroup>"
        ),
        "morerows='abc' is not a number of rows",
    ),
    "negative cols": (
        table('<tgroup cols="-3"><tbody><row><entry>1</entry></row></tbody></tgroup>'),
        "tgroup cols='-3' is not a number of columns",
    ),
    "spanname that no spanspec defines": (
        table(
            f'<tgroup cols="2">{TWO_COLUMNS}<tbody><row><entry spanname="tout">1</entry>'
            "</row></tbody></tgroup>"
        ),
        "entry refers to spanname 'tout', which no spanspec defines",
    ),
    "span that goes backwards": (
        table(
            f'<tgroup cols="2">{TWO_COLUMNS}<tbody><row><entry namest="b" nameend="a">1'
            "</entry></row></tbody></tgroup>"
        ),
        "entry spans from colname 'b' back to 'a', an earlier column",
    ),
    "glossterm as the root": ("<glossterm>Aube</glossterm>\n", "glossterm « Aube » has no entry"),
    "xi:include as the root": (
        '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="c.xml"/>\n',
        "a file's root element cannot be an xi:include",
    ),
    "form feed in a line": (
        "<book><title>T</title><chapter><title>C</title>\n"
        '<para>\x0c<xref linkend="nulle"/></para></chapter></book>\n',
        "PCDATA invalid Char value 12",  # not even allowed in XML: junit must still be XML
    ),
    "utf-16": (None, "<xref linkend='z'> points at no element"),
}


@pytest.mark.parametrize("name", list(ODD))
def test_an_odd_book_gives_its_finding_in_every_format(rulebook, write_book, name):
    text, message = ODD[name]
    folder = write_book("book", {"c.xml": "<chapter><title>Inclus</title></chapter>\n"})
    if text is None:
        book = '<?xml version="1.0" encoding="UTF-16"?>\n<book><title>Tè</title>\n<para>'
        (folder / "book.xml").write_bytes(
            (book + '<xref linkend="z"/></para></book>\n').encode("utf-16")
        )
    else:
        (folder / "book.xml").write_text(text, encoding="utf-8")
    for form in FORMATS:
        out = rulebook("check", str(folder), "--no-rules", "--format", form).out
        if form == "json":
            messages = [f["message"] for f in json.loads(out)["books"][0]["findings"]]
            assert any(message in m for m in messages), messages
        elif form == "junit":
            etree.fromstring(out.encode())
        elif form == "sarif":
            json.loads(out)
        else:
            assert message in out


def test_a_latin_1_book_is_quoted_in_its_own_characters(rulebook, tmp_path, monkeypatch):
    folder = tmp_path / "livre"
    folder.mkdir()
    line = 'Épée <xref linkend="nulle"/>'
    text = (
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n<book><title>T</title>'
        f"<chapter><title>Dégâts</title>\n<para>{line}</para></chapter></book>\n"
    )
    (folder / "book.xml").write_bytes(text.encode("latin-1"))
    monkeypatch.chdir(tmp_path)
    status, out, _ = rulebook("check", "livre", "--no-rules")
    assert status == 1
    column = len("<para>") + line.index("linkend") + 1
    assert f"livre/book.xml:3:{column}: error: chapter « Dégâts »" in out
    assert "[broken-reference]" in out
    assert f"    <para>{line}</para>" in out
