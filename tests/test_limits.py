"""Bounds on what a small book can make rulebook do: each is a finding with its place and its
limit, reached in well under a second, never memory filling up or minutes of work."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from build_tools import limits

XI = 'xmlns:xi="http://www.w3.org/2001/XInclude"'


def book(body: str, attributes: str = "") -> str:
    return (
        f'<?xml version="1.0"?>\n<book lang="fr" {attributes}>\n<title>T</title>\n'
        f'<chapter id="c"><title>C</title>\n{body}\n</chapter>\n</book>\n'
    )


def findings(rulebook, folder, *more) -> tuple[int, list[dict]]:
    status, out, _ = rulebook("check", str(folder), "--no-rules", "--format", "json", *more)
    return status, json.loads(out)["books"][0]["findings"]


def limit_finding(found: list[dict]) -> dict:
    bounded = [f for f in found if f["category"] == "limit"]
    assert len(bounded) == 1, found
    return bounded[0]


def timed(function, *arguments):
    start = time.perf_counter()
    result = function(*arguments)
    return result, time.perf_counter() - start


def test_a_billion_columns_is_a_finding_not_the_memory(rulebook, write_book, tmp_path):
    table = (
        '<informaltable><tgroup cols="1000000000"><tbody>'
        "<row><entry>a</entry></row></tbody></tgroup></informaltable>"
    )
    folder = write_book("cols", {"book.xml": book(table)})
    (status, found), seconds = timed(findings, rulebook, folder)
    finding = limit_finding(found)
    assert finding["line"] == 5 and f"limit of {limits.TABLE_COLUMNS}" in finding["message"]
    assert status == 1 and seconds < 5
    run, seconds = timed(rulebook, "build", str(folder), "--format", "html", "--out", str(tmp_path))
    assert run.status == 0 and seconds < 5


def test_a_table_in_a_cell_is_bounded_too(rulebook, write_book, tmp_path):
    table = (
        '<informaltable><tgroup cols="2"><tbody><row><entry>a</entry>'
        '<entrytbl cols="1000000000"><colspec colnum="999999999" colname="z"/>'
        '<tbody><row><entry namest="z">x</entry></row></tbody></entrytbl>'
        "</row></tbody></tgroup></informaltable>"
    )
    folder = write_book("cellule", {"book.xml": book(table)})
    (status, found), seconds = timed(findings, rulebook, folder)
    finding = limit_finding(found)
    assert finding["message"].startswith("entrytbl cols=1000000000") and seconds < 5
    run, seconds = timed(rulebook, "build", str(folder), "--format", "html", "--out", str(tmp_path))
    assert run.status == 0 and seconds < 5


def test_a_colspec_a_billion_columns_away(rulebook, write_book, tmp_path):
    table = (
        '<informaltable><tgroup cols="2">'
        '<colspec colnum="1000000000" colname="loin"/>'
        '<tbody><row><entry namest="loin">a</entry><entry>b</entry></row></tbody>'
        "</tgroup></informaltable>"
    )
    folder = write_book("colnum", {"book.xml": book(table)})
    (status, found), seconds = timed(findings, rulebook, folder)
    assert seconds < 5 and status == 1
    assert any("column 1000000000 of a table of cols=2" in f["message"] for f in found), found
    run, seconds = timed(rulebook, "build", str(folder), "--format", "html", "--out", str(tmp_path))
    assert run.status == 0 and seconds < 5
    page = (tmp_path / "colnum" / "colnum.html").read_text()
    assert page.count("<td") <= 4  # two columns, a filler at most per row


def test_xinclude_fan_out_stops_at_the_limit(rulebook, write_book, opened):
    """Six levels of a file including the next ten times: a million includes, refused early,
    after at most INCLUDES files of the book opened (the work, not the seconds, which a loaded
    machine would make fail)."""
    files = {}
    for level in range(6):
        following = f"level{level + 1}.xml"
        body = "".join(f'<xi:include href="{following}"/>' for _ in range(10))
        files[f"level{level}.xml"] = f"<section {XI}><title>N{level}</title>{body}</section>"
    files["level6.xml"] = "<para>feuille</para>"
    files["book.xml"] = book('<xi:include href="level0.xml"/>', XI)
    folder = write_book("fanout", files)
    status, found = findings(rulebook, folder)
    finding = limit_finding(found)
    read = [path for path in opened if Path(path).parent == folder]
    # one open per include up to the bound, and a few more of each file (its gate, its entities)
    assert status == 2 and limits.INCLUDES <= len(read) <= limits.INCLUDES + 3 * len(files)
    assert f"beyond the limit of {limits.INCLUDES}" in finding["message"]
    assert finding["file"].endswith(".xml") and finding["line"] == 1


def test_xinclude_depth_stops_at_the_limit(rulebook, write_book):
    depth = limits.INCLUDE_DEPTH + 3
    files = {
        f"f{n}.xml": f'<section {XI}><title>{n}</title><xi:include href="f{n + 1}.xml"/></section>'
        for n in range(depth)
    }
    files[f"f{depth}.xml"] = "<para>fond</para>"
    files["book.xml"] = book('<xi:include href="f0.xml"/>', XI)
    folder = write_book("deep", files)
    status, found = findings(rulebook, folder)
    finding = limit_finding(found)
    assert status == 2 and f"limit of {limits.INCLUDE_DEPTH}" in finding["message"]
    assert finding["file"].endswith(f"f{limits.INCLUDE_DEPTH - 1}.xml")


def test_the_bytes_a_book_reads_are_bounded(rulebook, write_book):
    folder = write_book("gros", {"book.xml": book(f'<xi:include href="gros.xml" {XI}/>')})
    with open(folder / "gros.xml", "wb") as huge:  # sparse: costs no disk, refused unread
        huge.truncate(limits.INCLUDED_BYTES + 1)
    (status, found), seconds = timed(findings, rulebook, folder)
    finding = limit_finding(found)
    assert status == 2 and seconds < 5
    assert str(limits.INCLUDED_BYTES) in finding["message"] and "'gros.xml'" in finding["message"]
    assert finding["file"].endswith("gros/book.xml") and finding["line"] == 5  # the xi:include


def nested(depth: int) -> str:
    # book > chapter > blockquote × n > para: depth = n + 3
    return "<blockquote>" * (depth - 3) + "<para>x</para>" + "</blockquote>" * (depth - 3)


def test_nesting_at_the_limit_builds_and_beyond_is_a_finding(rulebook, write_book, tmp_path):
    folder = write_book("niche", {"book.xml": book(nested(limits.NESTING))})
    status, found = findings(rulebook, folder)
    assert status in (0, 1) and not [f for f in found if f["category"] == "limit"]
    built = rulebook(
        "build", str(folder), "--format", "html,pdf", "--out", str(tmp_path)
    )  # HTML and PDF, no recursion
    assert built.status == 0, built.err
    (folder / "book.xml").write_text(book(nested(limits.NESTING + 1)))
    status, found = findings(rulebook, folder)
    assert status == 2
    assert f"more than {limits.NESTING} deep" in limit_finding(found)["message"]


def test_the_number_of_elements_is_bounded(rulebook, write_book, monkeypatch):
    monkeypatch.setattr(limits, "ELEMENTS", 50)
    folder = write_book("nombreux", {"book.xml": book("<para>x</para>\n" * 60)})
    status, found = findings(rulebook, folder)
    finding = limit_finding(found)
    assert status == 2 and "more than 50 elements" in finding["message"]
    assert finding["line"] == 5 + 50 - 4  # the 51st element: book, title, chapter, title, paras


def test_the_size_of_one_text_is_bounded(rulebook, write_book, monkeypatch):
    monkeypatch.setattr(limits, "TEXT_CHARACTERS", 1000)
    folder = write_book("long", {"book.xml": book("<para>court</para>\n<para>" + "x" * 1001)})
    (folder / "book.xml").write_text(book("<para>court</para>\n<para>" + "x" * 1001 + "</para>"))
    status, found = findings(rulebook, folder)
    finding = limit_finding(found)
    assert status == 2 and "1001 characters, more than 1000" in finding["message"]
    assert finding["line"] == 6


@pytest.mark.parametrize(
    ("bound", "documented"),
    [
        ("INCLUDE_DEPTH", 16),
        ("INCLUDES", 2000),
        ("NESTING", 60),
        ("TABLE_COLUMNS", 500),
        ("ATTRIBUTE_CHARACTERS", 10000),
        ("XREF_CHARACTERS_PER_SOURCE_BYTE", 20),
        ("IMAGE_PIXELS", 50000000),
        ("SVG_ELEMENTS", 100000),
        ("LONGEST_WORD", 100),
    ],
)
def test_the_bounds_are_the_documented_ones(bound, documented):
    """The README's security model states these numbers: a change must change it too."""
    from pathlib import Path

    readme = " ".join((Path(__file__).resolve().parent.parent / "README.md").read_text().split())
    assert getattr(limits, bound) == documented
    assert f"`{bound}` ({documented} " in readme
