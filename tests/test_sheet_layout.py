"""The layout check of the sheets: every box 6 mm inside the trim, on A4 and on Letter, and
the pages balanced (no table split, no page ending far short of its foot).

The three games' sheets are laid out as the build lays them out and every box the
page draws is measured; a copy of a game whose table is too wide for the page is a
build error naming the section, its boxes and by how many millimetres, and writes no
sheet.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import weasyprint

from build_tools.books import discover, load_game
from build_tools.render.sheets.balance import (
    GAP_MOST,
    LEGEND_ROOM,
    NOTES_FRAME,
    NOTES_LEAST,
    measured,
    notes_alone,
    room_left,
)
from build_tools.render.sheets.layout import PRINTABLE, PX_TO_MM, outside_printable
from build_tools.render.sheets.pages import PAPERS, sheet_document

ROOT = Path(__file__).resolve().parent.parent


def _boxes(box):
    yield box
    for child in getattr(box, "children", ()):
        yield from _boxes(child)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("book", ["cda", "harmonies", "edad"])
def test_every_box_of_every_sheet_is_inside_the_printable_area(book, paper, monkeypatch):
    chosen = next(b for b in discover(ROOT / "source") if b.name == book)
    game = load_game(chosen)[0]
    layouts = []
    render = weasyprint.HTML.render
    monkeypatch.setattr(
        weasyprint.HTML, "render", lambda *a, **k: layouts.append(a) or render(*a, **k)
    )
    document = sheet_document(game.sheet, chosen.folder, paper)
    # balanced in one layout more than the first: where the Notes box goes is read from the
    # first layout's sections, not tried by laying out again (Edad's sheet took three)
    assert len(layouts) <= 2, (book, paper, len(layouts))
    assert outside_printable(document, game.sheet.title, paper) == []
    # no page spent on the Notes box alone where a Notes box fits on the page before
    # (Edad's third page on Letter); Harmonies' first A4 page is full to its foot, and its
    # Notes box then fills the page it has (it was a 45 mm strip atop a blank page)
    laid_out = measured(document).pages
    if len(laid_out) > 1 and notes_alone(laid_out[-1]):
        room = room_left(laid_out[-2])
        assert room < NOTES_FRAME + NOTES_LEAST, (book, paper, room)
        assert room_left(laid_out[-1]) <= LEGEND_ROOM + 1, (book, paper)
    # balanced: two pages, a section never split across them (Edad's Dons, Harmonies'
    # compétences on Letter), a page before the last never ending with more room than one
    # gap between its sections takes (cda's first A4 page ended 42 mm short), the Notes box
    # on the last page down to the legend (cda's ended 38 mm short)
    assert len(document.pages) == 2, (book, paper)
    pages = [page.names for page in laid_out]
    assert sorted(sum(pages, []), key=str) == sorted(
        [str(i) for i in range(len(game.sheet.sections))] + ["notes"], key=str
    ), pages
    for page in laid_out[:-1]:
        assert room_left(page) <= GAP_MOST, (book, paper, room_left(page))
    if "notes" in pages[-1]:
        assert room_left(laid_out[-1]) <= LEGEND_ROOM + 1, (book, paper)
    # Measured here too, by the fields alone: the form's boxes a player writes in.
    for page in document.pages:
        width = page.width * PX_TO_MM
        for box in _boxes(page._page_box):
            if getattr(box, "element_tag", "") != "input":
                continue
            right = (box.border_box_x() + box.border_width()) * PX_TO_MM
            assert right <= width - PRINTABLE, (box.element.get("name"), right, width)


@pytest.mark.slow
def test_a_table_too_wide_is_a_build_error_naming_its_section_and_boxes(tmp_path, rulebook):
    folder = tmp_path / "cda"
    shutil.copytree(ROOT / "source" / "cda", folder, ignore=shutil.ignore_patterns("__pycache__"))
    fiche = folder / "rules" / "fiche.py"
    text = fiche.read_text(encoding="utf-8")
    anchor = 'Box("PF", "Points de fatigue", "PF", minimum=0, cites=_S_FATIGUE),'
    assert text.count(anchor) == 1
    # two more columns of numbers: 22 mm more than the page has
    wider = anchor + "".join(f'Box("PF{n}", "Fatigue {n}", "PF{n}", minimum=0),' for n in (2, 3))
    fiche.write_text(text.replace(anchor, wider), encoding="utf-8")
    out = tmp_path / "out"
    run = rulebook("build", str(folder), "--format", "sheets", "--out", str(out))
    assert run.status == 1
    for paper in ("A4", "letter"):
        match = re.search(
            rf"error: sheet « Les Clefs de l’Aube — feuille de personnage » on {paper}, page 1: "
            r"section « Aspects, santé et fatigue » runs past the printable area by "
            r"([\d.]+) mm on the right \(boxes: ([^)]*)",
            run.err,
        )
        assert match, run.err
        assert 10 < float(match[1]) < 30
        assert "Handicap de fatigue" in match[2]
    assert "rulebook: cda: sheets: not built" in run.err
    assert not list((out / "cda").glob("sheet*.pdf"))
