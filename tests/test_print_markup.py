# ruff: noqa: E501 (the book reads best on one line)
"""Paper: long code lines wrap after a visible mark; a character no font has is a warning."""

from __future__ import annotations

import subprocess

import pytest
from lxml import html

from build_tools.render.pdf_code import MARK, MEASURE, wrap_long_lines

GLYPHS = """<book lang="fr"><title>Glyphes</title><chapter><title>C</title>
<para>Un dé ⚀ et un hiéroglyphe 𓀀 ici.</para>
<programlisting>une ligne très longue qui dépasse largement la mesure de la page imprimée, avec encore des mots, et encore des mots, et toujours plus_de_code_sans_espace_aucun_pour_voir</programlisting>
</chapter></book>
"""


@pytest.mark.parametrize("length", [10, MEASURE, MEASURE + 1, 3 * MEASURE + 5])
def test_a_code_line_never_exceeds_the_measure_and_keeps_every_character(length):
    code = "".join(chr(ord("a") + n % 26) for n in range(length))
    tree = html.fromstring(
        f"<div><pre>first\n{code[:20]}<span>{code[20:30]}</span>{code[30:]}\nlast</pre></div>"
    )
    breaks = wrap_long_lines(tree)
    text = tree.find("pre").text_content()
    assert max(len(line) for line in text.split("\n")) <= MEASURE
    assert breaks == text.count(MARK) == max(0, -(-(length - MEASURE) // (MEASURE - len(MARK))))
    assert text.replace(MARK, "").replace("\n", "") == f"first{code}last"


def test_a_line_breaks_after_a_space_near_the_measure():
    words = "mot " * 30
    tree = html.fromstring(f"<div><pre>{words}</pre></div>")
    wrap_long_lines(tree)
    first = tree.find("pre").text_content().split("\n")[0]
    assert first.endswith("mot ") and len(first) <= MEASURE


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    from build_tools.cli import main

    folder = tmp_path_factory.mktemp("glyphs") / "glyphes"
    folder.mkdir()
    (folder / "book.xml").write_text(GLYPHS, encoding="utf-8")
    out = tmp_path_factory.mktemp("out")
    main(["build", str(folder), "--format", "pdf", "--out", str(out)])
    text = subprocess.run(
        ["pdftotext", "-layout", str(out / "glyphes/glyphes.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return folder, text


def test_the_pdf_wraps_the_long_line_with_a_mark(printed):
    _, text = printed
    lines = [line for line in text.splitlines() if "↪" in line]
    assert len(lines) == 2
    joined = "".join(line.strip().removeprefix("↪").strip() for line in text.splitlines())
    assert "plus_de_code_sans_espace_aucun_pour_voir" in joined


def test_a_character_no_font_has_is_a_warning_at_its_line(printed, rulebook):
    folder, _ = printed
    run = rulebook("build", str(folder), "--format", "pdf", "--out", str(folder.parent / "again"))
    assert (
        "book.xml:2:1: warning: chapter « C »: the character '𓀀' (U+13000 EGYPTIAN HIEROGLYPH A001) "
        "is in no installed font: the PDF prints it as an empty box"
    ) in run.err + run.out
    assert "U+2680" not in run.err + run.out  # DejaVu has the die: no finding
