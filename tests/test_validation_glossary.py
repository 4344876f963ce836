"""Glossary and terminology: terms used have an entry; terms and abbreviations pair one to one."""

from __future__ import annotations

from build_tools.reader import read_book
from build_tools.validation import glossary

GLOSSARY = (
    "<glossary>\n<title>Glossaire</title>\n"
    '<glossentry id="g-ca"><glossterm>Classe d\'armure</glossterm><acronym>CA</acronym>\n'
    "<glossdef><para>Ce qu'il faut dépasser pour toucher.</para></glossdef></glossentry>\n"
    '<glossentry id="g-nd"><glossterm>Niveau de difficulté</glossterm><acronym>ND</acronym>\n'
    "<glossdef><para>Le seuil d'une action.</para></glossdef></glossentry>\n"
    "</glossary>\n"
)


def glossary_findings(write_book, chapter: str):
    text = (
        "<book>\n<title>T</title>\n<chapter>\n<title>Les actions</title>\n"
        f"{chapter}</chapter>\n{GLOSSARY}</book>\n"
    )
    folder = write_book("book", {"book.xml": text})
    return glossary.check(read_book(folder / "book.xml")), text.splitlines()


def test_terms_used_as_the_glossary_has_them_give_no_finding(write_book):
    findings, _ = glossary_findings(
        write_book,
        "<para>La <glossterm>classe d'armure</glossterm> (<acronym>CA</acronym>) et le\n"
        '<glossterm baseform="Niveau de difficulté">niveaux de difficulté</glossterm>.</para>\n'
        '<para><xref linkend="g-nd"/> (<acronym>ND</acronym>).</para>\n',
    )
    assert findings == []


def test_a_glossterm_missing_from_the_glossary(write_book):
    findings, lines = glossary_findings(
        write_book, "<para>Lancez le <glossterm>dé critique</glossterm>.</para>\n"
    )
    (finding,) = findings
    assert (finding.category, finding.severity) == ("glossary-missing", "warning")
    assert finding.message == "glossterm « dé critique » has no entry in the glossary"
    assert finding.line == 5
    assert finding.text[finding.column - 1 :].startswith("<glossterm>dé critique")
    assert finding.where == "chapter « Les actions »"


def test_one_abbreviation_used_for_two_terms(write_book):
    findings, lines = glossary_findings(
        write_book,
        "<para>La <firstterm>compétence d'attaque</firstterm> (<acronym>CA</acronym>)\n"
        "s'ajoute au jet.</para>\n",
    )
    (finding,) = findings
    assert finding.category == "terminology"
    assert finding.message == (
        "the abbreviation 'CA' stands for « classe d'armure » and « compétence d'attaque »"
    )
    assert finding.line == 5  # the second use, in the chapter
    assert "(<acronym>CA</acronym>)" in finding.text


def test_one_term_written_with_two_abbreviations(write_book):
    findings, lines = glossary_findings(
        write_book,
        "<variablelist><varlistentry>\n"
        "<term>Niveau de difficulté (<abbrev>NdD</abbrev>)</term>\n"
        "<listitem><para>Le seuil.</para></listitem></varlistentry></variablelist>\n",
    )
    (finding,) = findings
    assert finding.category == "terminology"
    assert finding.message == "« niveau de difficulté » is abbreviated 'ND' and 'NdD' in the book"
    assert finding.line == 6
    assert "<abbrev>NdD</abbrev>" in finding.text


def test_terminology_through_the_command(rulebook, write_book, tmp_path, monkeypatch):
    chapter = (
        "<para>La <glossterm>compétence d'attaque</glossterm> (<acronym>CA</acronym>).</para>\n"
    )
    text = (
        "<book>\n<title>T</title>\n<chapter>\n<title>Les actions</title>\n"
        f"{chapter}</chapter>\n{GLOSSARY}</book>\n"
    )
    write_book("book", {"book.xml": text})
    monkeypatch.chdir(tmp_path)
    status, out, _ = rulebook("check", "book", "--no-rules")
    assert status == 1
    assert (
        "book/book.xml:5:10: warning: chapter « Les actions »: "
        "glossterm « compétence d'attaque » has no entry in the glossary [glossary-missing]"
    ) in out
    assert "[terminology]" in out
    assert (
        "the abbreviation 'CA' stands for « classe d'armure » and « compétence d'attaque »" in out
    )
