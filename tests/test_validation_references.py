"""Ids and references: no id twice, every linkend, endterm and otherterm resolves, and
findings in an XIncluded chapter name that chapter's file and line."""

from __future__ import annotations

import json

from build_tools.reader import read_book
from build_tools.validation import references

BOOK = (
    '<book xmlns:xi="http://www.w3.org/2001/XInclude">\n'
    "<title>Harmonies</title>\n"
    '<chapter id="actions">\n<title>Les actions</title>\n'
    '<para>Voir <xref linkend="combat"/>.</para>\n</chapter>\n'
    '<xi:include href="chapters/combat.xml"/>\n'
    "</book>\n"
)
COMBAT = (
    '<chapter id="combat">\n'
    "<title>Le combat</title>\n"
    "<section>\n"
    "<title>Les dégâts</title>\n"
    "<para>Les dégâts dépendent de la\n"
    '<link linkend="classe">classe</link> de l\'arme.</para>\n'
    "</section>\n"
    "</chapter>\n"
)


def findings_of(write_book, files):
    folder = write_book("book", files)
    document = read_book(folder / "book.xml")
    return references.check(document), folder


def test_a_book_whose_references_all_resolve_gives_no_finding(write_book):
    findings, _ = findings_of(
        write_book, {"book.xml": BOOK, "chapters/combat.xml": COMBAT.replace("classe", "combat")}
    )
    assert findings == []


def test_a_broken_linkend_in_an_included_chapter_is_reported_in_that_chapter(write_book):
    findings, folder = findings_of(write_book, {"book.xml": BOOK, "chapters/combat.xml": COMBAT})
    (finding,) = findings
    assert finding.category == "broken-reference"
    assert finding.file == folder / "chapters" / "combat.xml"
    assert finding.line == 6
    assert finding.text == '<link linkend="classe">classe</link> de l\'arme.</para>'
    assert finding.text[finding.column - 1 :].startswith('linkend="classe"')
    assert finding.where == "section « Les dégâts »"
    assert "'classe'" in finding.message


def test_the_command_prints_the_included_file_and_its_line(
    rulebook, write_book, tmp_path, monkeypatch
):
    write_book("book", {"book.xml": BOOK, "chapters/combat.xml": COMBAT})
    monkeypatch.chdir(tmp_path)
    status, out, _ = rulebook("check", "book", "--no-rules")
    assert status == 1
    assert "book/chapters/combat.xml:6:7: error: section « Les dégâts »" in out
    assert "points at no element of the book [broken-reference]" in out

    status, out, _ = rulebook("check", "book", "--no-rules", "--format", "json")
    (finding,) = [
        f for f in json.loads(out)["books"][0]["findings"] if f["category"] == "broken-reference"
    ]
    assert (finding["file"], finding["line"], finding["column"]) == (
        "book/chapters/combat.xml",
        6,
        7,
    )


def test_nested_includes_keep_each_file(write_book):
    findings, folder = findings_of(
        write_book,
        {
            "book.xml": BOOK,
            "chapters/combat.xml": '<chapter id="combat" xmlns:xi="http://www.w3.org/2001/XInclude">'
            '\n<title>Le combat</title>\n<xi:include href="parts/armes.xml"/>\n</chapter>\n',
            "chapters/parts/armes.xml": "<section>\n<title>Armes</title>\n\n"
            '<para><xref linkend="nulle"/></para>\n</section>\n',
        },
    )
    (finding,) = findings
    assert finding.file == folder / "chapters" / "parts" / "armes.xml"
    assert (finding.line, finding.where) == (4, "section « Armes »")


def test_duplicate_ids_across_files_name_both_places(write_book):
    findings, folder = findings_of(
        write_book,
        {
            "book.xml": BOOK,
            "chapters/combat.xml": COMBAT.replace("<section>", '<section id="actions">'),
        },
    )
    duplicate = next(f for f in findings if f.category == "duplicate-id")
    assert duplicate.file == folder / "chapters" / "combat.xml"
    assert duplicate.line == 3
    assert "id 'actions' is already used at" in duplicate.message
    assert duplicate.message.endswith("book/book.xml:3")


def test_endterm_and_otherterm_must_resolve(write_book):
    text = (
        "<book>\n<title>T</title>\n"
        '<chapter id="c"><title id="c-title">Chapitre</title>\n'
        '<para><xref linkend="c" endterm="c-title"/> <xref linkend="c" endterm="nowhere"/></para>\n'
        "<glossary><title>Glossaire</title>\n"
        '<glossentry id="ca"><glossterm>Compétence</glossterm>\n'
        '<glossdef><para>Voir <glossterm otherterm="absent">Ailleurs</glossterm>.</para>'
        "</glossdef></glossentry>\n"
        "</glossary>\n</chapter>\n</book>\n"
    )
    findings, _ = findings_of(write_book, {"book.xml": text})
    assert sorted((f.line, f.key) for f in findings) == [
        (4, "endterm-nowhere"),
        (7, "otherterm-absent"),
    ]
    otherterm = next(f for f in findings if f.key == "otherterm-absent")
    assert otherterm.where == "glossary « Compétence »"
    assert otherterm.text[otherterm.column - 1 :].startswith('otherterm="absent"')


def test_a_tag_written_over_several_lines_is_located_at_its_attribute(write_book):
    text = (
        "<book>\n<title>T</title>\n<chapter><title>C</title>\n"
        "<para>Voir\n  <link\n     role='x'\n     linkend='ailleurs'>là</link>.</para>\n"
        "</chapter>\n</book>\n"
    )
    (finding,), _ = findings_of(write_book, {"book.xml": text})
    assert (finding.line, finding.column) == (7, 6)


def test_two_references_on_one_line_each_point_at_their_own(write_book):
    line = (
        '<para>Voir <xref linkend="a"/> et <xref linkend="b"/>, <link linkend="c">c</link>.</para>'
    )
    text = f"<book>\n<title>T</title>\n<chapter><title>C</title>\n{line}\n</chapter>\n</book>\n"
    findings, _ = findings_of(write_book, {"book.xml": text})
    columns = {f.key: f.column for f in findings}
    assert columns == {
        "linkend-a": line.index('linkend="a"') + 1,
        "linkend-b": line.index('linkend="b"') + 1,
        "linkend-c": line.index('linkend="c"') + 1,
    }


def test_a_book_on_one_line_is_quoted_around_each_finding(rulebook, write_book):
    references = " ".join(f'<xref linkend="n{n}"/>' for n in range(500))
    text = (
        f'<book lang="en"><title>T</title><chapter><title>C</title><para>{references}</para>'
        "</chapter></book>"
    )
    folder = write_book("book", {"book.xml": text})
    status, out, _ = rulebook("check", str(folder), "--no-rules", "--format", "json")
    assert status == 1
    findings = json.loads(out)["books"][0]["findings"]
    assert len(findings) == 500
    last = findings[-1]
    assert last["column"] == text.index('linkend="n499"') + 1
    assert len(last["text"]) < 300
    assert last["text"].startswith("…") and 'linkend="n499"' in last["text"]

    status, out, _ = rulebook("check", str(folder), "--no-rules")
    lines = out.splitlines()
    quoted = next(i for i, line in enumerate(lines) if "linkend='n499'" in line) + 1
    caret = lines[quoted + 1].index("^")
    assert lines[quoted][caret:].startswith('linkend="n499"')
