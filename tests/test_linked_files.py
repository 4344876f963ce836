# ruff: noqa: E501 (the expected messages read best whole)
"""Files the book links to (a script, an archive) are copied beside the pages and linked."""

from __future__ import annotations

import lxml.html

BOOK = """<book lang="fr"><title>Liens</title><chapter id="c"><title>C</title>
<para>Le <ulink url="scripts/run.sh#top">script</ulink>, <ulink url="absent.tar.gz">l'archive</ulink>,
<ulink url="https://example.org/">le site</ulink>, <ulink url="../outside.txt">dehors</ulink>.</para>
</chapter></book>
"""


def test_a_linked_file_is_copied_and_a_missing_or_outside_one_reported(
    write_book, rulebook, tmp_path
):
    folder = write_book("liens", {"book.xml": BOOK, "scripts/run.sh": "echo bonjour\n"})
    (folder.parent / "outside.txt").write_text("secret", encoding="utf-8")
    run = rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out"))
    out = tmp_path / "out/liens"
    assert (out / "files/scripts/run.sh").read_text(encoding="utf-8") == "echo bonjour\n"
    single = lxml.html.parse(str(out / "liens.html")).getroot()
    split = lxml.html.parse(str(out / "html/c.html")).getroot()
    assert single.xpath("//a[.='script']/@href") == ["files/scripts/run.sh#top"]
    assert split.xpath("//a[.='script']/@href") == ["../files/scripts/run.sh#top"]
    assert single.xpath("//a[.='le site']/@href") == ["https://example.org/"]
    assert not single.xpath('//a[.="l\'archive"]') and not single.xpath("//a[.='dehors']")
    assert (
        "book.xml:2:58: error: chapter « C »: the linked file 'absent.tar.gz' does not exist"
        in run.err
    )
    assert "the linked file '../outside.txt' is outside the book's folder" in run.err
    assert not (out / "files/outside.txt").exists()


def test_an_address_written_against_robots_is_shown_but_no_mailto_link(
    write_book, rulebook, tmp_path
):
    book = '<book lang="en"><title>T</title><chapter><title>C</title><para><email>jo (at) example org</email> and <email>jo@example.org</email>.</para></chapter></book>'
    folder = write_book("emails", {"book.xml": book})
    rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out"))
    page = lxml.html.parse(str(tmp_path / "out/emails/emails.html")).getroot()
    assert page.xpath("//a[@class='email']/@href") == ["mailto:jo@example.org"]
    assert "jo (at) example org" in page.text_content()


def test_the_check_reports_images_and_linked_files_as_the_build_does(
    write_book, rulebook, tmp_path
):
    book = """<book lang="en"><title>T</title><chapter><title>C</title>
<para><ulink url="absent.tar.gz">archive</ulink></para>
<mediaobject><imageobject><imagedata fileref="plan.eps"/></imageobject></mediaobject>
<mediaobject><imageobject><imagedata fileref="gone.png"/></imageobject></mediaobject>
<graphic fileref="missing.jpg"/>
</chapter></book>"""
    folder = write_book("files", {"book.xml": book})
    checked = rulebook("check", str(folder)).out
    built = rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out")).err
    expected = [
        "book.xml:2:7: error: chapter « C »: the linked file 'absent.tar.gz' does not exist; the link shows its words only [linked-file]",
        "book.xml:3:27: error: chapter « C »: no image of this media object is in a format a browser or WeasyPrint shows (EPS;",
        "book.xml:4:27: error: chapter « C »: the image 'gone.png' does not exist; its text alternative is shown instead [image]",
        "book.xml:5:1: error: chapter « C »: the image 'missing.jpg' does not exist; its text alternative is shown instead [image]",
    ]
    for line in expected:
        assert line in checked, line
        assert line in built, line
