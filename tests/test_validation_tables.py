"""CALS tables: rows fill `cols` columns, colspecs agree, spans count right, no empty column."""

from __future__ import annotations

from build_tools.reader import read_book
from build_tools.validation import tables


def table_findings(write_book, body: str, cols: int = 3, head: str = "", title: str = "Dégâts"):
    """The tables check on a book holding one table with `body` as its tgroup's content."""
    text = (
        f"<book>\n<title>T</title>\n<chapter>\n<title>C</title>\n<table>\n<title>{title}</title>\n"
        f'<tgroup cols="{cols}">\n{head}{body}</tgroup>\n</table>\n</chapter>\n</book>\n'
    )
    folder = write_book("book", {"book.xml": text})
    findings = tables.check(read_book(folder / "book.xml"))
    return findings, text.splitlines()


def rows(*cells: tuple[str, ...]) -> str:
    return (
        "<tbody>\n"
        + "".join("<row>" + "".join(f"<entry>{c}</entry>" for c in r) + "</row>\n" for r in cells)
        + "</tbody>\n"
    )


def test_a_regular_table_gives_no_finding(write_book):
    findings, _ = table_findings(write_book, rows(("1", "2", "3"), ("4", "5", "6")))
    assert findings == []


def test_a_short_row_is_reported_at_that_row_with_the_table_title(write_book):
    findings, lines = table_findings(write_book, rows(("1", "2", "3"), ("4", "5"), ("7", "8", "9")))
    (finding,) = findings
    assert finding.category == "table-row"
    assert finding.message == "row 2 of the body fill 2 column(s) of 3"
    assert finding.where == "table « Dégâts »"
    assert lines[finding.line - 1] == "<row><entry>4</entry><entry>5</entry></row>"
    assert finding.text[finding.column - 1 :].startswith("<row>")


def test_a_long_row_names_the_columns_beyond(write_book):
    (finding,) = table_findings(write_book, rows(("1", "2", "3", "4")))[0]
    assert finding.message == "row 1 of the body fill 4 column(s) of 3 (columns beyond 3: [4])"


def test_consecutive_short_rows_are_one_finding(write_book):
    findings, _ = table_findings(write_book, rows(("a", "b"), ("c", "d"), ("e", "f")))
    assert [f.message for f in findings if f.category == "table-row"] == [
        "rows 1 to 3 of the body fill 2 column(s) of 3"
    ]


def test_a_short_header_row(write_book):
    head = "<thead><row><entry>A</entry><entry>B</entry></row></thead>\n"
    findings, _ = table_findings(write_book, rows(("1", "2", "3")), head=head)
    assert [f.message for f in findings] == ["row 1 of the head fill 2 column(s) of 3"]


def test_an_empty_column(write_book):
    findings, _ = table_findings(write_book, rows(("1", "", "3"), ("4", "", "6")))
    (finding,) = findings
    assert (finding.category, finding.severity) == ("table-empty-column", "warning")
    assert finding.message == "column 2 is empty in every row of the body"


def test_too_many_colspecs(write_book):
    colspecs = "".join(f'<colspec colname="c{n}"/>\n' for n in (1, 2, 3, 4))
    findings, lines = table_findings(write_book, colspecs + rows(("1", "2", "3")))
    assert "4 colspecs for a table of cols=3" in [f.message for f in findings]
    (too_many,) = [f for f in findings if f.key == "colspec-count"]
    assert lines[too_many.line - 1] == '<colspec colname="c4"/>'


def test_a_colspec_beyond_cols(write_book):
    colspecs = '<colspec colnum="5" colname="far"/>\n'
    findings, _ = table_findings(write_book, colspecs + rows(("1", "2", "3")))
    assert [f.message for f in findings] == ["colspec for column 5 of a table of cols=3"]


def test_namest_or_nameend_naming_no_colspec(write_book):
    colspecs = '<colspec colname="a"/><colspec colname="b"/><colspec colname="c"/>\n'
    body = (
        "<tbody>\n"
        '<row><entry namest="a" nameend="z">1</entry><entry>3</entry></row>\n'
        '<row><entry namest="x" nameend="c">1</entry></row>\n'
        "</tbody>\n"
    )
    findings, _ = table_findings(write_book, colspecs + body)
    messages = [f.message for f in findings if f.category == "table"]
    assert "entry refers to colname 'z', which no colspec defines" in messages
    assert "entry refers to colname 'x', which no colspec defines" in messages


def test_spans_counted_right_give_no_finding(write_book):
    """namest/nameend, spanspec and morerows cover the columns they say, and no more."""
    colspecs = (
        '<colspec colname="c1"/><colspec colname="c2"/><colspec colname="c3"/>'
        '<colspec colname="c4"/>\n<spanspec spanname="middle" namest="c2" nameend="c3"/>\n'
    )
    head = (
        '<thead><row><entry morerows="1">Jet</entry><entry namest="c2" nameend="c4">Résultat'
        "</entry></row>\n<row><entry>A</entry><entry>B</entry><entry>C</entry></row></thead>\n"
    )
    body = (
        "<tbody>\n"
        '<row><entry morerows="2">1-3</entry><entry namest="c2" nameend="c3">raté</entry>'
        "<entry>0</entry></row>\n"
        '<row><entry spanname="middle">touché</entry><entry>1</entry></row>\n'
        '<row><entry>x</entry><entry morerows="1">y</entry><entry>2</entry></row>\n'
        '<row><entry>4</entry><entry>z</entry><entry colname="c4">3</entry></row>\n'
        "</tbody>\n"
    )
    findings, _ = table_findings(write_book, colspecs + body, cols=4, head=head)
    assert findings == []


def test_a_morerows_that_leaves_the_next_row_short_or_long(write_book):
    colspecs = '<colspec colname="c1"/><colspec colname="c2"/><colspec colname="c3"/>\n'
    body = (
        "<tbody>\n"
        '<row><entry morerows="1">1</entry><entry>2</entry><entry>3</entry></row>\n'
        "<row><entry>4</entry><entry>5</entry><entry>6</entry></row>\n"
        "</tbody>\n"
    )
    findings, _ = table_findings(write_book, colspecs + body)
    assert [f.message for f in findings] == [
        "row 2 of the body fill 4 column(s) of 3 (columns beyond 3: [4])"
    ]


def test_overlapping_entries(write_book):
    colspecs = '<colspec colname="c1"/><colspec colname="c2"/><colspec colname="c3"/>\n'
    body = (
        '<tbody><row><entry namest="c1" nameend="c2">1</entry><entry colname="c2">2</entry>'
        "<entry>3</entry></row></tbody>\n"
    )
    findings, _ = table_findings(write_book, colspecs + body)
    assert "entry overlaps column 2, already filled" in [f.message for f in findings]


def test_cols_that_is_not_a_number(write_book):
    findings, _ = table_findings(write_book, rows(("1",)), cols="trois")
    assert [f.message for f in findings] == ["tgroup cols='trois' is not a number of columns"]


def test_table_findings_through_the_command(rulebook, write_book, tmp_path, monkeypatch):
    text = (
        "<book>\n<title>T</title>\n<chapter>\n<title>C</title>\n<table>\n<title>Armes</title>\n"
        '<tgroup cols="2">\n<tbody>\n<row><entry>Épée</entry><entry>1d8</entry></row>\n'
        "<row><entry>Dague</entry></row>\n</tbody>\n</tgroup>\n</table>\n</chapter>\n</book>\n"
    )
    write_book("armes", {"book.xml": text})
    monkeypatch.chdir(tmp_path)
    status, out, _ = rulebook("check", "armes", "--no-rules")
    assert status == 1
    assert (
        "armes/book.xml:10:1: error: table « Armes »: "
        "row 2 of the body fill 1 column(s) of 2 [table-row]"
    ) in out
    assert "    <row><entry>Dague</entry></row>" in out


def test_a_row_on_a_line_with_other_rows_is_pointed_at(write_book):
    body = (
        "<tbody><row><entry>1</entry><entry>2</entry><entry>3</entry></row>"
        "<row><entry>4</entry></row></tbody>\n"
    )
    (finding,), lines = table_findings(write_book, body)
    assert finding.text[finding.column - 1 :].startswith("<row><entry>4</entry></row>")
