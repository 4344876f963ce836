# ruff: noqa: E501 (the crafted books read best on one line each)
"""A bound for every resource a book can make rulebook spend, each passed as a finding naming
its limit in `build_tools.limits`: attribute length, what the cross-references write per byte
of the book, pixels an image declares, SVG elements once `<use>` are expanded, the longest word
given to the hyphenator, the size of a character file and of a deck."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import pytest

from build_tools import limits
from build_tools.model.image_bounds import expanded_elements
from tests import pdf_text

ROOT = Path(__file__).resolve().parent.parent


def findings_of(rulebook, folder: Path) -> tuple[int, list[dict]]:
    run = rulebook("check", str(folder), "--no-rules", "--format", "json")
    return run.status, json.loads(run.out)["books"][0]["findings"]


def png_declaring(width: int, height: int) -> bytes:
    """A PNG whose header declares `width` × `height` (its one row of data says otherwise)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00\x00\x00\x00"))
        + chunk(b"IEND", b"")
    )


def test_a_long_attribute_is_refused_naming_its_bound(rulebook, write_book):
    role = "x" * (limits.ATTRIBUTE_CHARACTERS + 1)
    folder = write_book(
        "book", {"book.xml": f'<book><title>T</title>\n<para role="{role}">x</para></book>\n'}
    )
    status, found = findings_of(rulebook, folder)
    assert status == 2
    assert [(f["category"], f["line"]) for f in found] == [("limit", 2)]
    assert "rulebook.limits.ATTRIBUTE_CHARACTERS" in found[0]["message"]


def test_a_long_label_referenced_many_times_is_refused_before_it_is_written(rulebook, write_book):
    label = "L" * 9000
    xrefs = '<xref linkend="t"/> ' * 3000
    folder = write_book(
        "book",
        {
            "book.xml": f'<book><title>T</title><chapter id="t" xreflabel="{label}"><title>C</title>\n'
            f"<para>{xrefs}</para></chapter></book>\n"
        },
    )
    status, found = findings_of(rulebook, folder)
    assert status == 2
    assert [f["category"] for f in found] == ["limit"]
    assert "rulebook.limits.XREF_CHARACTERS_PER_SOURCE_BYTE" in found[0]["message"]
    out = folder.parent / "out"
    assert rulebook("build", str(folder / "book.xml"), "--no-rules", "--out", str(out)).status == 2
    assert not (out / "book" / "book.html").exists()


def test_an_image_declaring_too_many_pixels_is_a_finding_and_not_shown(rulebook, write_book):
    folder = write_book(
        "book",
        {
            "book.xml": "<book><title>T</title><chapter><title>C</title>\n"
            '<mediaobject><imageobject><imagedata fileref="big.png"/></imageobject>'
            "<textobject><phrase>grande</phrase></textobject></mediaobject>\n"
            '<mediaobject><imageobject><imagedata fileref="small.png"/></imageobject></mediaobject>\n'
            "</chapter></book>\n"
        },
    )
    (folder / "big.png").write_bytes(png_declaring(13000, 13000))
    (folder / "small.png").write_bytes(png_declaring(2, 2))
    status, found = findings_of(rulebook, folder)
    big = [f for f in found if "big.png" in f["message"]]
    assert len(big) == 1 and big[0]["line"] == 2
    assert (
        "13000 × 13000" in big[0]["message"] and "rulebook.limits.IMAGE_PIXELS" in big[0]["message"]
    )
    assert not [f for f in found if "small.png" in f["message"]]
    out = folder.parent / "out"
    rulebook("build", str(folder / "book.xml"), "--no-rules", "--format", "html", "--out", str(out))
    page = (out / "book" / "book.html").read_text(encoding="utf-8")
    assert "small.png" in page and "big.png" not in page.split("<body", 1)[1].split("grande")[0]


def nested_uses(levels: int, width: int) -> str:
    shapes = ['<g id="l0"><rect width="1" height="1"/></g>']
    for level in range(1, levels + 1):
        uses = "".join(f'<use href="#l{level - 1}" x="{n}"/>' for n in range(width))
        shapes.append(f'<g id="l{level}">{uses}</g>')
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs>'
        + "".join(shapes)
        + f'</defs><use href="#l{levels}"/></svg>\n'
    )


def test_an_svg_of_nested_uses_is_a_finding_and_not_shown(rulebook, write_book):
    folder = write_book(
        "book",
        {
            "book.xml": "<book><title>T</title><chapter><title>C</title>\n"
            '<mediaobject><imageobject><imagedata fileref="bomb.svg"/></imageobject></mediaobject>\n'
            "</chapter></book>\n",
            "bomb.svg": nested_uses(9, 10),
        },
    )
    status, found = findings_of(rulebook, folder)
    bomb = [f for f in found if "bomb.svg" in f["message"]]
    assert len(bomb) == 1 and "rulebook.limits.SVG_ELEMENTS" in bomb[0]["message"]


def test_use_expansion_counts_each_copy_and_stops_at_a_loop():
    from lxml import etree

    # svg, defs, l0 (g, rect), l1 (g, three uses of l0: 3 × 3), the last use of l1 (1 + 10)
    assert expanded_elements(etree.fromstring(nested_uses(1, 3)), 10**6) == 1 + 1 + 2 + 10 + 11
    assert expanded_elements(etree.fromstring(nested_uses(9, 10)), 10**5) == 10**5 + 1
    loop = etree.fromstring('<svg><g id="a"><use href="#a"/></g></svg>')
    assert expanded_elements(loop, 1000) > 1000


def test_a_word_too_long_for_the_hyphenator_is_a_warning_naming_its_bound(rulebook, write_book):
    word = "anticonstitutionnellement" * 400  # 10,000 characters, and its full stop
    folder = write_book(
        "book",
        {
            "book.xml": f"<book><title>T</title><chapter><title>C</title>\n<para>Un {word}.</para></chapter></book>\n"
        },
    )
    status, found = findings_of(rulebook, folder)
    assert status == 0
    found = [f for f in found if f["category"] != "no-language"]
    assert [(f["category"], f["severity"], f["line"]) for f in found] == [("limit", "warning", 2)]
    assert "rulebook.limits.LONGEST_WORD" in found[0]["message"] and "10001" in found[0]["message"]


@pytest.mark.slow
def test_a_word_of_ten_thousand_characters_is_printed_without_hyphenation(rulebook, write_book):
    word = "anticonstitutionnellement" * 400
    folder = write_book(
        "book",
        {
            "book.xml": f'<book lang="fr"><title>T</title><chapter><title>C</title><para>Un {word}.</para></chapter></book>\n'
        },
    )
    out = folder.parent / "out"
    run = rulebook(
        "build", str(folder / "book.xml"), "--no-rules", "--format", "pdf", "--out", str(out)
    )
    assert run.status == 0, run.err
    text = "".join(pdf_text.page_texts(out / "book" / "book.pdf"))
    assert "anticonstitutionnellement" in text and "-\n" not in text


@pytest.mark.parametrize("companion", ["deck.toml", "character"])
def test_a_deck_or_a_character_file_larger_than_its_bound_is_refused_unread(
    rulebook, tmp_path, companion
):
    import shutil

    folder = tmp_path / "source" / "cda"
    shutil.copytree(ROOT / "source" / "cda", folder, ignore=shutil.ignore_patterns("__pycache__"))
    big = "# " + "x" * (limits.COMPANION_BYTES + 10) + "\n"
    if companion == "deck.toml":
        (folder / "deck.toml").write_text(big + (folder / "deck.toml").read_text())
        run = rulebook("build", str(folder), "--format", "cards", "--out", str(tmp_path / "out"))
        assert "rulebook.limits.COMPANION_BYTES" in run.out + run.err
        assert run.status in (1, 2)
    else:
        character = folder / "personnages" / "geant.toml"
        character.write_text(big + 'livre = "cda"\n')
        run = rulebook("sheet", str(character), "--out", str(tmp_path / "geant.pdf"))
        assert run.status == 2
        assert "rulebook.limits.COMPANION_BYTES" in run.err
        assert not (tmp_path / "geant.pdf").exists()
