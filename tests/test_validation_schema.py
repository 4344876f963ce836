"""DocBook DTD validity when the DTD is installed, and a plain 'skipped' note when it is not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import DOCBOOK_42

import build_tools.reader
from build_tools.reader import read_book
from build_tools.validation import schema

DTD_42 = Path("/usr/share/xml/docbook/schema/dtd/4.2/docbookx.dtd")
needs_dtd = pytest.mark.skipif(
    not DTD_42.is_file(), reason="the DocBook 4.2 DTD is not installed (Debian: docbook-xml)"
)

VALID = (
    f'<?xml version="1.0" encoding="utf-8"?>\n{DOCBOOK_42}\n'
    '<book lang="fr">\n<title>Règles</title>\n'
    '<chapter id="un">\n<title>Un</title>\n<para>Caf&eacute; &mdash; voir <xref linkend="un"/>.'
    "</para>\n</chapter>\n</book>\n"
)


@needs_dtd
def test_a_valid_docbook_42_book_gives_no_dtd_finding(write_book):
    folder = write_book("book", {"book.xml": VALID})
    document = read_book(folder / "book.xml")
    assert document.docbook_version == "4.2"
    assert "Café —" in "".join(document.root.itertext())  # the DTD's entities work
    assert schema.check(document) == []


@needs_dtd
def test_an_element_out_of_place_is_reported_where_it_is(write_book):
    text = VALID.replace("<para>Caf", "<para><section><title>X</title></section>Caf")
    folder = write_book("book", {"book.xml": text})
    findings = schema.check(read_book(folder / "book.xml"))
    assert findings, "a section inside a para is not valid DocBook"
    finding = findings[0]
    assert (finding.category, finding.severity) == ("dtd", "error")
    # in the book's language, libxml2's words too (its spaces are set by `examine`)
    assert finding.message == (
        "n’est pas du DocBook 4.2 valide : l’élément section n’est pas un enfant possible de para"
    )
    assert finding.line == 8
    assert finding.text.startswith("<para><section>")
    assert finding.where == "chapter « Un »"


@needs_dtd
def test_an_unknown_element_in_an_included_chapter_names_that_chapter(
    rulebook, write_book, tmp_path, monkeypatch
):
    book = (
        f'<?xml version="1.0"?>\n{DOCBOOK_42}\n'
        '<book xmlns:xi="http://www.w3.org/2001/XInclude">\n<title>Règles</title>\n'
        '<xi:include href="combat.xml"/>\n</book>\n'
    )
    chapter = (
        "<chapter>\n<title>Combat</title>\n"
        "<para>Un <frobnicate>mot</frobnicate>.</para>\n</chapter>\n"
    )
    write_book("book", {"book.xml": book, "combat.xml": chapter})
    monkeypatch.chdir(tmp_path)
    status, out, _ = rulebook("check", "book", "--no-rules", "--format", "json")
    assert status == 1
    dtd = [f for f in json.loads(out)["books"][0]["findings"] if f["category"] == "dtd"]
    assert dtd, out
    assert {(f["file"], f["line"]) for f in dtd} == {("book/combat.xml", 3)}
    assert any("frobnicate" in f["message"] for f in dtd)


@needs_dtd
def test_the_dtd_leaves_unknown_ids_to_the_references_check(write_book):
    folder = write_book("book", {"book.xml": VALID.replace('linkend="un"', 'linkend="deux"')})
    assert schema.check(read_book(folder / "book.xml")) == []


def test_without_the_dtd_validation_is_skipped_with_a_note(
    rulebook, write_book, tmp_path, monkeypatch
):
    monkeypatch.setattr(
        build_tools.reader, "DOCBOOK_DTD_FOLDERS", (str(tmp_path / "none/{version}"),)
    )
    text = VALID.replace("Caf&eacute; &mdash; voir", "Voir")  # no DTD: no DocBook entities
    write_book("book", {"book.xml": text})
    monkeypatch.chdir(tmp_path)

    document = read_book(tmp_path / "book" / "book.xml")
    (finding,) = schema.check(document)
    assert (finding.severity, finding.category) == ("info", "dtd-skipped")
    assert "DocBook 4.2 DTD is not installed" in finding.message
    assert "docbook-xml" in finding.message

    status, out, _ = rulebook("check", "book", "--no-rules")
    assert status == 0  # a note, not a failure
    assert "book/book.xml: info: DocBook DTD validation skipped" in out
    assert "[dtd-skipped]" in out
    assert "1 note" in out


def test_without_the_dtd_a_docbook_entity_says_how_to_get_it(rulebook, write_book, monkeypatch):
    monkeypatch.setattr(build_tools.reader, "docbook_dtd", lambda version: None)
    folder = write_book("book", {"book.xml": VALID})
    status, out, _ = rulebook("check", str(folder), "--no-rules")
    assert status == 2
    assert "Entity 'eacute' not defined" in out
    assert "docbook-xml" in out
