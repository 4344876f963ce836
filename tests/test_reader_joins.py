# ruff: noqa: E501 (the books read best on one line each)
"""Books joined by SYSTEM entities and by XInclude with an xpointer: located, read, reported right."""

from __future__ import annotations

import pytest

MAIN = """<?xml version="1.0"?>
<!DOCTYPE book PUBLIC "-//OASIS//DTD DocBook XML V4.5//EN" "http://www.oasis-open.org/docbook/xml/4.5/docbookx.dtd" [
<!ENTITY ch1 SYSTEM "chapters/ch1.xml">
<!ENTITY sub SYSTEM "chapters/sub.xml">
]>
<book lang="en"><title>T &eacute;</title>
&ch1;
<chapter><title>Main</title><para>main <xref linkend="nowhere3"/></para></chapter>
</book>
"""
CHAPTER = """<?xml version="1.0" encoding="UTF-8"?>
<chapter id="c1"><title>Ch</title>

<para>line 4 &eacute; <xref linkend="nowhere"/></para>
&sub;
</chapter>
"""
SECTION = """<section><title>Sub</title>
<para>sub line 2 <xref linkend="nowhere2"/></para></section>
"""


def test_findings_in_entity_files_point_at_their_file_and_line(write_book, rulebook):
    folder = write_book(
        "joined",
        {"book.xml": MAIN, "chapters/ch1.xml": CHAPTER, "chapters/sub.xml": SECTION},
    )
    run = rulebook("check", str(folder))
    lines = [line for line in run.out.splitlines() if line.endswith("[broken-reference]")]
    assert [line.split(": error")[0].split("joined/")[-1] for line in lines] == [
        "book.xml:8:46",
        "chapters/ch1.xml:4:29",
        "chapters/sub.xml:2:24",
    ]
    assert '    <para>line 4 &eacute; <xref linkend="nowhere"/></para>' in run.out
    assert '    <para>sub line 2 <xref linkend="nowhere2"/></para></section>' in run.out


XINCLUDE = """<book lang="en" xmlns:xi="http://www.w3.org/2001/XInclude"><title>T</title>
<xi:include href="parts.xml" xpointer="second"/>
<xi:include href="parts.xml" xpointer="element(/1/1)"/>
</book>
"""
PARTS = """<parts>
<chapter id="first"><title>First</title><para>One.</para></chapter>
<chapter id="second"><title>Second</title><para>Two <xref linkend="gone"/>.</para></chapter>
</parts>
"""


@pytest.mark.parametrize(
    "pointer, first",
    [
        ("second", "Second"),
        ("xpointer(id('second'))", "Second"),
        ("element(second/2)", "Two ."),  # the second child of the element with that id
    ],
)
def test_an_xinclude_with_an_xpointer_takes_the_element_it_names(
    write_book, rulebook, pointer, first
):
    from build_tools.reader import read_book

    folder = write_book(
        "pointed", {"book.xml": XINCLUDE.replace('"second"', f'"{pointer}"'), "parts.xml": PARTS}
    )
    run = rulebook("check", str(folder))
    assert "parts.xml:3:59: error:" in run.out  # the xref in the part taken, where it is written
    root = read_book(folder / "book.xml").root
    taken = [
        child.findtext("title") or " ".join("".join(child.itertext()).split()) for child in root
    ]
    taken = taken[1:]
    assert taken == [first, "First"]  # element(/1/1): the first child of the root


def test_an_xpointer_naming_nothing_is_refused_in_those_words(write_book, rulebook):
    folder = write_book(
        "pointed", {"book.xml": XINCLUDE.replace('"second"', '"nothing"'), "parts.xml": PARTS}
    )
    run = rulebook("check", str(folder))
    assert run.status == 2
    assert (
        "book.xml:2:1: fatal: xi:include xpointer='nothing' selects no element of 'parts.xml'"
        in run.out
    )


def test_deep_nesting_is_named_as_such(write_book, rulebook):
    deep = "<blockquote>" * 300 + "<para>x</para>" + "</blockquote>" * 300
    folder = write_book(
        "deep",
        {"book.xml": f"<book><title>T</title><chapter><title>C</title>{deep}</chapter></book>"},
    )
    run = rulebook("check", str(folder))
    assert (
        "fatal: elements are nested more than 256 deep (beyond what the XML parser allows"
        in run.out
    )
    assert "entity" not in run.out and "XML_PARSE_HUGE" not in run.out


def test_an_entity_file_with_a_byte_order_mark_is_located_too(write_book, rulebook):
    folder = write_book("bom", {"book.xml": MAIN, "chapters/sub.xml": SECTION})
    (folder / "chapters/ch1.xml").write_bytes("\ufeff".encode() + CHAPTER.encode())
    run = rulebook("check", str(folder))
    assert "chapters/ch1.xml:4:29: error:" in run.out and "chapters/sub.xml:2:24: error:" in run.out


@pytest.mark.parametrize(
    "value, written",
    [("fr", "fr"), ("fr_FR", "fr-FR"), ("en-GB", "en-GB"), ("fr_prior_version", ""), ("", "")],
)
def test_a_lang_that_is_no_language_tag_is_left_out_of_the_html(value, written):
    from build_tools.model.language import html_language

    assert html_language(value) == written


def test_entities_declared_in_a_parameter_entity_file_are_located(write_book, rulebook):
    main = MAIN.replace(
        '<!ENTITY ch1 SYSTEM "chapters/ch1.xml">\n<!ENTITY sub SYSTEM "chapters/sub.xml">',
        '<!ENTITY % ch1 SYSTEM "chapters.ent">\n%ch1;',
    )
    declarations = (
        '<!ENTITY ch1 SYSTEM "chapters/ch1.xml">\n<!ENTITY sub SYSTEM "chapters/sub.xml">\n'
    )
    folder = write_book(
        "declared",
        {
            "book.xml": main,
            "chapters.ent": declarations,
            "chapters/ch1.xml": CHAPTER,
            "chapters/sub.xml": SECTION,
        },
    )
    run = rulebook("check", str(folder))
    assert "chapters/ch1.xml:4:29: error:" in run.out and "chapters/sub.xml:2:24: error:" in run.out


SUBSET_CHAPTER = """<?xml version="1.0"?>
<!DOCTYPE chapter PUBLIC "-//OASIS//DTD DocBook XML V4.2//EN"
"http://www.oasis-open.org/docbook/xml/4.2/docbookx.dtd"
[
<!ENTITY % local SYSTEM "local.dtd">
%local;
]>
<chapter id="c" xmlns:xi="http://www.w3.org/2003/XInclude"><title>Ch</title>
<para>Un jet de 3 &lt; 5{more}</para>
</chapter>
"""


SUBSET_BOOK = MAIN.replace(
    "&ch1;", '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="chapter.xml"/>'
).replace('<!ENTITY ch1 SYSTEM "chapters/ch1.xml">\n<!ENTITY sub SYSTEM "chapters/sub.xml">\n', "")
"""The book of one chapter, chapter.xml, included."""


def _read_both_ways(folder, monkeypatch):
    """The book read as rulebook reads it, and read with the whole DocBook DTD for every file."""
    from lxml import etree

    from build_tools import reader

    quick = reader.read_book(folder / "book.xml")
    with monkeypatch.context() as patched:
        patched.setattr(reader, "_dtd_needed", lambda raw: "all")
        slow = reader.read_book(folder / "book.xml")
    return etree.tostring(quick.root, encoding="unicode"), etree.tostring(
        slow.root, encoding="unicode"
    )


@pytest.mark.parametrize(
    ("more", "declarations", "read"),
    [
        # Harmonies' chapters: an internal subset that loads a file of declarations, no
        # entity. The DocBook DTD would change nothing in the tree: it is not needed.
        (
            "",
            '<!ATTLIST chapter xmlns:xi CDATA #FIXED "http://www.w3.org/2003/XInclude">\n',
            "Un jet de 3 &lt; 5</para>",
        ),
        # One DocBook entity (&eacute;) and one of the subset's file (&jeu;): it is read.
        (", d&eacute; de &jeu;", '<!ENTITY jeu "Harmonies">\n', "3 &lt; 5, dé de Harmonies"),
    ],
)
def test_a_chapter_with_an_internal_subset_reads_as_with_the_whole_docbook_dtd(
    write_book, monkeypatch, more, declarations, read
):
    files = {
        "book.xml": SUBSET_BOOK,
        "chapter.xml": SUBSET_CHAPTER.format(more=more),
        "local.dtd": declarations,
    }
    quick, slow = _read_both_ways(write_book("subset", files), monkeypatch)
    assert quick == slow and read in quick


def test_the_internal_subset_of_a_chapter_read_without_the_docbook_dtd_is_still_guarded(
    write_book, rulebook
):
    # Its subset names a file outside the book: refused, as when the whole DTD is read.
    folder = write_book(
        "subset-outside",
        {
            "book.xml": SUBSET_BOOK,
            "chapter.xml": SUBSET_CHAPTER.format(more="").replace("local.dtd", "../outside.dtd"),
        },
    )
    (folder.parent / "outside.dtd").write_text('<!ENTITY jeu "dehors">\n', encoding="utf-8")
    run = rulebook("check", str(folder))
    assert run.status != 0 and "refused to read" in run.out and "outside.dtd" in run.out
