# ruff: noqa: E501 (the book reads best on one line)
"""Paper: long code lines wrap after a visible mark; a character no font has is a warning."""

from __future__ import annotations

import subprocess

import pytest
from lxml import html

from build_tools.render.html.print_code import MARK, MEASURE, NARROWER, Lines

GLYPHS = """<book lang="fr"><title>Glyphes</title><chapter><title>C</title>
<para>Un dé ⚀ et un hiéroglyphe 𓀀 ici.</para>
<programlisting>une ligne très longue qui dépasse largement la mesure de la page imprimée, avec encore des mots, et encore des mots, et toujours plus_de_code_sans_espace_aucun_pour_voir</programlisting>
</chapter></book>
"""


def wrapped(*runs: str, measure: int = MEASURE) -> tuple[str, int]:
    """The text of a `<pre>` whose runs (the second one inside a `<span>`) are written by one
    `Lines`, as the print page shows it; and the number of breaks made."""
    lines = Lines(measure)
    pieces = [lines.wrap(run) for run in runs]
    if len(pieces) > 1:
        pieces[1] = f"<span>{pieces[1]}</span>"
    pre = html.fragment_fromstring(f"<pre>{''.join(pieces)}</pre>")
    return pre.text_content(), sum(lines.breaks)


@pytest.mark.parametrize("length", [10, MEASURE, MEASURE + 1, 3 * MEASURE + 5])
def test_a_code_line_never_exceeds_the_measure_and_keeps_every_character(length):
    code = "".join(chr(ord("a") + n % 26) for n in range(length))
    text, breaks = wrapped(f"first\n{code[:20]}", code[20:30], f"{code[30:]}\nlast")
    assert max(len(line) for line in text.split("\n")) <= MEASURE
    assert breaks == text.count(MARK) == max(0, -(-(length - MEASURE) // (MEASURE - len(MARK))))
    assert text.replace(MARK, "").replace("\n", "") == f"first{code}last"


def test_a_line_breaks_after_a_space_near_the_measure():
    text, _ = wrapped("mot " * 30)
    first = text.split("\n")[0]
    assert first.endswith("mot ") and len(first) <= MEASURE


LONG = (
    "une_ligne(" + ",".join(f"argument_{n}" for n in range(12)) + ")"
)  # no space: cut at the measure
NESTED = f"""<book lang="fr"><title>Code</title><chapter id="c"><title>C</title>
<programlisting id="seul">{LONG}</programlisting>
<itemizedlist><listitem><para>Dans une liste :</para>
<programlisting id="liste">{LONG}</programlisting></listitem></itemizedlist>
<informaltable><tgroup cols="2"><tbody><row><entry>
<programlisting id="tableau">{LONG}</programlisting></entry><entry>b</entry></row></tbody></tgroup>
</informaltable>
</chapter></book>
"""


@pytest.mark.parametrize(
    "listing, narrower", [("seul", 0), ("liste", NARROWER["li"]), ("tableau", NARROWER["td"])]
)
def test_the_print_page_breaks_a_listing_at_the_measure_of_the_blocks_around_it(
    tmp_path, listing, narrower
):
    from build_tools.books import select
    from build_tools.examine import examine
    from build_tools.render.context import Options, RenderContext
    from build_tools.render.html.book import HtmlBook

    folder = tmp_path / "code"
    folder.mkdir()
    (folder / "book.xml").write_text(NESTED, encoding="utf-8")
    context = RenderContext(examine(select([str(folder)])[0]), Options(), tmp_path / "out")
    pages = {
        medium: html.document_fromstring(HtmlBook.of(context, medium=medium).single_page())
        for medium in ("print", "screen")
    }
    lines = pages["print"].get_element_by_id(listing).text_content().split("\n")
    assert len(lines) > 1 and all(line.startswith(MARK) for line in lines[1:])
    assert len(lines[0]) == MEASURE - narrower  # the measure, no space before it to break at
    assert all(len(line) <= MEASURE - narrower for line in lines)
    assert "".join(line.removeprefix(MARK) for line in lines) == LONG
    assert pages["screen"].get_element_by_id(listing).text_content() == LONG  # the screen scrolls


@pytest.fixture(scope="module")
def printed(shared_build):
    """The book's PDF build (shared for the run): what it said, and the PDF's text."""
    folder = shared_build.book("glyphes", {"book.xml": GLYPHS})
    build = shared_build.run(folder, "--format", "pdf")
    text = subprocess.run(
        ["pdftotext", "-layout", str(build.folder / "glyphes/glyphes.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return build, text


def test_the_pdf_wraps_the_long_line_with_a_mark(printed):
    _, text = printed
    lines = [line for line in text.splitlines() if "↪" in line]
    assert len(lines) == 2
    joined = "".join(line.strip().removeprefix("↪").strip() for line in text.splitlines())
    assert "plus_de_code_sans_espace_aucun_pour_voir" in joined


def test_a_character_no_font_has_is_a_warning_at_its_line(printed):
    run, _ = printed
    assert (
        "book.xml:2:1: warning: chapter « C »: the character '𓀀' (U+13000 EGYPTIAN HIEROGLYPH A001) "
        "is in no installed font: the PDF prints it as an empty box"
    ) in run.err + run.out
    assert "U+2680" not in run.err + run.out  # DejaVu has the die: no finding
