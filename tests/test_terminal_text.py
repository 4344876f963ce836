"""The terminal gets text only: what a book holds (escape sequences, C1 controls, bidi
overrides, line breaks inside a value) is shown escaped in rulebook's text output, never
obeyed: a book cannot retitle the window, erase lines or print a forged « 0 new findings »."""

from __future__ import annotations

import os
import re
import time

import pytest

from build_tools.diagnostics import Finding, source_line, terminal_safe

OBEYED = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)
"""What must never reach the terminal raw (the line breaks rulebook writes itself aside)."""


def test_a_raw_escape_sequence_in_a_source_line_is_shown_escaped(rulebook, tmp_path):
    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "book.xml").write_bytes(
        b"<book><title>T</title><para>x\x1b]0;pwned\x07\x1b[2K y</para></book>\n"
    )
    status, out, err = rulebook("check", str(folder), "--no-rules")
    assert status == 2
    assert not OBEYED.search(out + err)
    assert r"x\x1b]0;pwned\x07\x1b[2K y" in out
    lines = out.split("\n")
    quoted = next(number for number, line in enumerate(lines) if "pwned" in line)
    # the caret stands under the escaped character the parser stopped at
    assert lines[quoted + 1].index("^") == lines[quoted].index("\\x1b")


def test_c1_controls_and_bidi_overrides_of_a_well_formed_book_are_escaped(rulebook, write_book):
    folder = write_book(
        "book",
        {
            "book.xml": "<book><title>T</title>\n"
            "<para>\u009b2J\u202e0 new findings\u202c <unknownthing>x</unknownthing></para>\n"
            '<para><ulink url="javascript:\u2028b1: 0 new findings">x</ulink></para>\n'
            "</book>\n"
        },
    )
    status, out, err = rulebook("check", str(folder), "--no-rules", "-v")
    assert not OBEYED.search(out + err), repr(out)
    assert r"\x9b2J\u202e0 new findings\u202c" in out
    assert "\nb1: 0 new findings" not in out


@pytest.mark.parametrize(
    "raw, shown",
    [("\x1b[31m", r"\x1b[31m"), ("\u202e", r"\u202e"), ("a\nb", r"a\x0ab"), ("é « » ’", "é « » ’")],
)
def test_terminal_safe_escapes_only_what_a_terminal_obeys(raw, shown):
    assert terminal_safe(raw) == shown
    assert terminal_safe(raw) in Finding("error", "x", raw).astext()


def test_a_source_line_edited_within_the_clock_tick_is_read_again(tmp_path, monkeypatch):
    """Two saves in one tick of the file system's clock, the same length, the first quoted
    between them: once the tick is over, the second one's line is quoted, not the first one's
    kept in the cache."""
    from build_tools import diagnostics

    source = tmp_path / "book.xml"
    written = time.time_ns() - 10**9
    clock = [written + 1_000_000]  # 1 ms after the first save
    monkeypatch.setattr(diagnostics.time, "time_ns", lambda: clock[0])
    source.write_text("<para>plus haut</para>\n", encoding="utf-8")
    os.utime(source, ns=(written, written))
    assert source_line(source, 1) == "<para>plus haut</para>"
    source.write_text("<para>plus bas!</para>\n", encoding="utf-8")
    os.utime(source, ns=(written, written))  # the same tick: the same time, the same size
    clock[0] = written + diagnostics.RACY_NS
    assert source_line(source, 1) == "<para>plus bas!</para>"
