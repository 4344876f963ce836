"""The blank sheet as a form in the viewers players use: ticks that show, totals that compute.

A tick box is ticked as a viewer ticks it (/V and /AS set to its on state) and the page
is drawn by four engines, poppler (pdftoppm: Evince, Okular), MuPDF (mutool), PDFium
(pypdfium2, forms drawn: Chromium's viewer) and pdf.js (Firefox's viewer, in node): the
ticked box is dark inside, its unticked neighbour white. The calculate actions are
read from the PDF (/CO, each field's /AA /C) and run by node, as a viewer runs them,
on the fields an example character's player would write: each gives the rules' value.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
from pypdf import PdfReader

from build_tools.books import discover, load_game
from build_tools.checking.totals import totals
from build_tools.model.sheet import printed
from build_tools.render.sheets.scripts import HELPERS
from tests.test_sheets import prints_its_totals

pikepdf = pytest.importorskip("pikepdf")

ROOT = Path(__file__).resolve().parent.parent
DPI = 100


def _game(name: str):
    book = next(b for b in discover(ROOT / "source") if b.name == name)
    return book, load_game(book)[0]


@pytest.fixture(scope="module")
def forms(shared_build):
    """The blank A4 form of each game, as the build writes it (the build of tests/test_sheets.py,
    shared for the run)."""
    names = ("cda", "harmonies", "edad")  # each worker builds another first: none waits idle
    out = shared_build.books(names, "--format", "sheets", env={"SOURCE_DATE_EPOCH": "1700000000"})
    return {name: (out / name / "sheet.pdf").read_bytes() for name in names}


def _fields(pdf: bytes) -> dict[str, object]:
    document = pikepdf.open(io.BytesIO(pdf))
    return document, {str(field.T): field for field in document.Root.AcroForm.Fields}


def _pgm(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and grey bytes of a binary PGM (P5)."""
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P5", parts[0]
    width, height = int(parts[1]), int(parts[2])
    return width, height, parts[4][-width * height :]


PDFJS = Path(os.environ.get("RULEBOOK_PDFJS", Path.home() / ".cache/rulebook/pdfjs"))
"""Where npm installed pdfjs-dist and @napi-rs/canvas (.ci/run: npm install --prefix)."""


def _drawn(pdf: Path, engine: str, tmp_path: Path) -> tuple[int, int, bytes]:
    if engine == "pdf.js":
        script = Path(__file__).with_name("pdfjs_draw.mjs")
        command = ["node", str(script), str(pdf), str(PDFJS), str(DPI)]
        drawn = subprocess.run(command, check=True, capture_output=True, timeout=60).stdout
        size, _, grey = drawn.partition(b"\n")
        width, height = (int(number) for number in size.split())
        return width, height, grey
    if engine == "pdfium":  # Chromium's engine, forms drawn as its viewer draws them
        import pypdfium2

        document = pypdfium2.PdfDocument(str(pdf))
        document.init_forms()
        bitmap = document[0].render(scale=DPI / 72, may_draw_forms=True, grayscale=True)
        rows = bytes(bitmap.buffer)
        grey = b"".join(
            rows[row * bitmap.stride : row * bitmap.stride + bitmap.width]
            for row in range(bitmap.height)
        )
        return bitmap.width, bitmap.height, grey
    if engine == "pdftoppm":
        out = tmp_path / "poppler"
        command = ["pdftoppm", "-gray", "-r", str(DPI), "-f", "1", "-l", "1", str(pdf), str(out)]
        subprocess.run(command, check=True, capture_output=True, timeout=60)
        return _pgm(next(tmp_path.glob("poppler*.pgm")).read_bytes())
    out = tmp_path / "mupdf.pgm"
    command = ["mutool", "draw", "-q", "-r", str(DPI), "-c", "gray", "-o", str(out), str(pdf), "1"]
    subprocess.run(command, check=True, capture_output=True, timeout=60)
    return _pgm(out.read_bytes())


def _darkness(image, rect, page_height: float) -> float:
    """The share of dark pixels inside a field (its middle half, clear of its border)."""
    width, height, grey = image
    scale = DPI / 72
    left, bottom, right, top = (float(v) for v in rect)
    x0, x1 = sorted((left, right))
    y0, y1 = sorted((page_height - top, page_height - bottom))
    inset_x, inset_y = (x1 - x0) / 4, (y1 - y0) / 4
    pixels = [
        grey[row * width + column]
        for row in range(int((y0 + inset_y) * scale), int((y1 - inset_y) * scale))
        for column in range(int((x0 + inset_x) * scale), int((x1 - inset_x) * scale))
    ]
    return sum(pixel < 128 for pixel in pixels) / len(pixels)


@pytest.mark.parametrize(
    "engine",
    # pdf.js starts node and loads its 2 MB library for one page: seconds, not a tenth of one
    ["pdftoppm", "mutool", "pdfium", pytest.param("pdf.js", marks=pytest.mark.slow)],
)
def test_a_ticked_box_shows_its_tick_and_an_unticked_one_none(forms, engine, tmp_path):
    if engine == "pdfium":
        pytest.importorskip("pypdfium2")
    elif engine == "pdf.js":
        if shutil.which("node") is None or not (PDFJS / "node_modules" / "pdfjs-dist").is_dir():
            pytest.skip(f"pdf.js is not installed in {PDFJS} (.ci/run installs it)")
    elif shutil.which(engine) is None:
        pytest.skip(f"{engine} is not installed (.ci/run installs it)")
    document, fields = _fields(forms["cda"])
    ticked, unticked = fields["aspects-Ph-legeres-1"], fields["aspects-Ph-legeres-2"]
    on = next(key for key in ticked.AP.N.keys() if key != "/Off")
    ticked.V = ticked.AS = pikepdf.Name(on)
    path = tmp_path / "ticked.pdf"
    document.save(path)
    page_height = float(document.pages[0].MediaBox[3])
    image = _drawn(path, engine, tmp_path)
    assert _darkness(image, ticked.Rect, page_height) > 0.15
    assert _darkness(image, unticked.Rect, page_height) < 0.02


def test_every_tick_box_has_both_states_the_viewer_s_glyph_and_its_font(forms):
    for name, pdf in forms.items():
        document, fields = _fields(pdf)
        assert "/ZaDb" in document.Root.AcroForm.DR.Font
        boxes = [f for f in fields.values() if f.FT == "/Btn"]
        assert boxes or name == "edad"  # Edad's sheet has no track
        for box in boxes:
            assert set(box.AP.N.keys()) == set(box.AP.D.keys()) >= {"/Off"}
            assert len(box.AP.N.keys()) == 2
            assert str(box.MK.CA) == "4" and str(box.DA).startswith("/ZaDb")
        for text in (f for f in fields.values() if f.FT == "/Tx"):
            assert "/N" in text.AP and "/DA" in text


def _written(character, prefix: str = "") -> dict[str, object]:
    """The fields a player writes in the form, by name (`armes-0-BA`)."""
    found = {}
    items = character.items() if isinstance(character, dict) else enumerate(character)
    for key, value in items:
        name = f"{prefix}{key}"
        if isinstance(value, dict | list):
            found |= _written(value, f"{name}-")
        elif not isinstance(value, bool):
            found[name] = value
    return found


_HARNESS = """
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const values = input.values;
const form = new Set(input.fields);  // every field of the form, written or blank
const doc = {
  getField(name) { return form.has(name) ? { value: name in values ? values[name] : "" } : null; },
};
for (const [field, script] of input.scripts) {
  const event = { value: "" };
  new Function("event", script).call(doc, event);
  values[field] = event.value;
}
process.stdout.write(JSON.stringify(values));
"""


@pytest.mark.parametrize(
    ("name", "file"),
    [
        ("cda", "personnages/krom.toml"),
        ("cda", "personnages/bjorn.toml"),
        ("cda", "personnages/marie-pierre.toml"),
        ("edad", "personnages/j1.toml"),
        ("harmonies", "personnages/david.toml"),
        # shields, armours, a magic weapon, compétences tied by the book, the file or nothing
        ("edad", "../../tests/fixtures/characters/edad-equipee.toml"),
    ],
)
def test_the_form_s_calculations_give_the_rules_values(forms, name, file):
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    book, game = _game(name)
    character = tomllib.loads((book.folder / file).read_text(encoding="utf-8"))
    # a character the rules accept (Edad's PVs left of an object were a KeyError)
    assert not game.sheet.check(character), game.sheet.check(character)
    expected = {
        path.replace(".", "-"): value
        for path, value in totals(game.sheet, character).items()
        if value is not None
    }
    document, fields = _fields(forms[name])
    order = [str(field.T) for field in document.Root.AcroForm.CO]
    assert order, "the form computes nothing"
    calculated = {field: str(fields[field].AA.C.JS) for field in order}
    for field in order:
        assert int(fields[field].Ff) & 1, f"{field} is computed: read-only"
    # The player writes what the file holds, and the totals no script computes.
    values = _written(character) | {k: v for k, v in expected.items() if k not in calculated}
    # as a viewer holds them: numbers, and the rest as the sheet prints it (« 1,9 »)
    values = {
        k: v if isinstance(v, int | str) else printed(v) for k, v in values.items() if k in fields
    }
    run = subprocess.run(
        ["node", "-e", _HARNESS],
        input=json.dumps(
            {"values": values, "fields": list(fields), "scripts": list(calculated.items())}
        ),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    computed = json.loads(run.stdout)
    blank = [  # what the rules leave blank (no state without PVs left, no parade for a weapon)
        path.replace(".", "-")
        for path, value in totals(game.sheet, character).items()
        if value is None and path.replace(".", "-") in calculated
    ]
    assert all(computed[field] == "" for field in blank), {f: computed[f] for f in blank}
    checked = [field for field in order if field in expected]
    assert checked, "no calculation of this character's boxes"
    for field in checked:
        # a number as a number; a state or a yes/no as the sheet prints it (« mourant », « oui »)
        value = expected[field]
        wanted = value if isinstance(value, int) and not isinstance(value, bool) else printed(value)
        assert computed[field] == wanted, (field, computed[field], wanted)
    # the look-ups and the cases ran: a weapon's CA through its moyen and compétence, the
    # Esquive through the BC of Évitement, Harmonies' bases through the Niveau, Edad's state
    assert {"armes-0-CA", "combat-Esq", "armes-0-A", "vie-etat"} & set(checked) or name == "edad"
    if file.endswith("edad-equipee.toml"):  # every kind of source Edad's scripts read
        assert {
            "equipement-3-PV",  # the rules' table by sorte and taille, + 100 × altération
            "equipement-0-parade",  # a shield's, and none for the weapon (row 4)
            "equipement-4-parade",
            "vie-bouclier",  # the best of the shields, and of the armours
            "vie-armure",
            "armes-0-action",  # Arme rapide taken for the épée longue, not for the dague
            "armes-1-action",
            "competences-0-bonus",  # Agilité tied to Dex by the book
            "competences-1-bonus",  # the file's Dex
            "competences-3-bonus",  # Survie, tied to nothing
            "vie-esquive",  # the Agilité's bonus
            "vie-inconscient",  # the rules' constant, 0
        } <= set(checked) | set(blank)


ROUNDED = {
    Fraction(1, 8): "0,13",  # printed « 0,12 » (half to even, through a float); the form's 0,13
    Fraction(-1, 8): "−0,13",
    Fraction(201, 200): "1,01",  # 1.005 as a float is a hair under the half: still 1,01
    Fraction(57, 200): "0,29",
    Fraction(2, 3): "0,67",
    Fraction(5, 2): "2,5",
    Fraction(-9, 4): "−2,25",
    Fraction(-1, 400): "0",
    Fraction(7): "7",
}
"""Quotients, and how a sheet writes each: two decimals at most, a half away from zero."""


def test_a_quotient_is_written_alike_on_paper_and_by_the_form():
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    quotients = [[value.numerator, value.denominator] for value in ROUNDED]
    script = HELPERS + (
        'const q = JSON.parse(require("fs").readFileSync(0, "utf8"));\n'
        "process.stdout.write(JSON.stringify(q.map(([n, d]) => p(n / d))));\n"
    )
    run = subprocess.run(
        ["node", "-e", script],
        input=json.dumps(quotients),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    written = dict(zip(ROUNDED, json.loads(run.stdout), strict=True))
    assert {value: printed(value) for value in ROUNDED} == ROUNDED, "on paper"
    assert written == ROUNDED, "by the form's script"


SUM = "a sum over a table's rows"
DONS = "a sum over the dons of a value the rules look up by each don's name, as they resolve it"
UNSCRIPTED = {
    "cda": {
        "aspects.*.valeur": "a rule that loops (+1 while the PX reach aspect + 1), two values",
        "aspects.*.reste": "a rule that loops (+1 while the PX reach aspect + 1), two values",
        "experience.depenses": SUM + " of a sum over the levels each compétence climbed",
    },
    "harmonies": {},
    "edad": {
        "vie.PV": "the greatest niveau of the dons the rules resolve to Robustesse (« n »)",
        "vie.Init": DONS + " (its initiative bonus)",
        "armes.*.toucher": DONS + " (its bonus au toucher), taken for the weapon",
    },
}
"""The derived boxes whose rule's formula the form does not compute, each with its reason;
they stay editable (docs/sheets.md lists them too)."""


@pytest.mark.parametrize("name", sorted(UNSCRIPTED))
def test_every_derived_box_is_computed_by_the_form_but_the_known_few(forms, name):
    _, game = _game(name)
    document, fields = _fields(forms[name])
    computed = {str(field.T) for field in document.Root.AcroForm.CO}
    derived = {
        path.replace("*", "0")
        for path, box in game.sheet.boxes()
        if box.derived and path.replace("*", "0").replace(".", "-") in fields
    }
    left = {  # a table's boxes by column: `armes.*.CA`, `aspects.*.valeur`
        re.sub(r"^(\w+)\.\w+\.(\w+)$", r"\1.*.\2", path)
        for path in derived
        if path.replace(".", "-") not in computed
    }
    assert left == set(UNSCRIPTED[name])
    for path in derived:
        field = fields[path.replace(".", "-")]
        assert bool(int(field.get("/Ff", 0)) & 1) == (path.replace(".", "-") in computed), path


def test_a_filled_sheet_keeps_its_fields_its_calculations_and_all_its_notes(
    tmp_path, rulebook, monkeypatch
):
    # One `rulebook sheet` run holds five claims (each was a run of its own): the filled
    # form, all of a long Notes text (in the form and printed whole), -q's silence, the
    # layouts it takes, and Kröm's totals printed where his book prints them (as every
    # example character's: tests/test_sheets.py, where his notes are none of the totals
    # it looks for).
    import weasyprint

    notes = " ".join(f"Kröm, épisode {number}." for number in range(1, 201))
    text = (ROOT / "source" / "cda" / "personnages" / "krom.toml").read_text(encoding="utf-8")
    file = tmp_path / "krom.toml"
    file.write_text(text.replace("\n[aspects.Ph]", f'notes = "{notes}"\n\n[aspects.Ph]', 1))
    out = tmp_path / "krom.pdf"
    layouts, render = [], weasyprint.HTML.render
    monkeypatch.setattr(
        weasyprint.HTML, "render", lambda *a, **k: layouts.append(1) or render(*a, **k)
    )
    run = rulebook("sheet", str(file), "--out", str(out), "-q")
    assert (run.status, run.out, run.err) == (0, "", ""), "-q says nothing, as every command"
    # each of the two sheets is balanced in one layout more than its first (there were 5:
    # notes taller than the shortest Notes field, the sheet for print was first laid out
    # with the form's placement, which it could not take)
    assert len(layouts) == 4
    document, fields = _fields(out.read_bytes())
    _, game = _game("cda")
    values = totals(game.sheet, tomllib.loads(file.read_text(encoding="utf-8")))
    assert str(fields["nom"].V) == "Kröm"
    # drawn once, by the viewer from the field: printed under it too, it showed twice
    form_text = subprocess.run(
        ["pdftotext", str(out), "-"], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    assert form_text.split().count("Kröm") == 1, form_text
    # the notes too: the textarea's text printed under its field showed it twice, offset
    assert " ".join(form_text.split()).count("épisode 7.") == 1, form_text
    assert str(fields["armes-0-BA"].V) == "+1" and not int(fields["armes-0-BA"].get("/Ff", 0)) & 1
    assert str(fields["armes-0-TA"].V) == printed(values["armes.0.TA"], signed=False)
    assert int(fields["armes-0-TA"].Ff) & 1 and "/AA" in fields["armes-0-TA"]
    # the form's Notes field holds them all, to read and edit in a viewer
    assert str(fields["notes"].V).endswith("épisode 200.")
    flat = pikepdf.open(tmp_path / "krom-print.pdf")
    assert "/AcroForm" not in flat.Root or not list(flat.Root.AcroForm.get("/Fields", []))
    printed_text = subprocess.run(
        ["pdftotext", str(tmp_path / "krom-print.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    assert "épisode 200." in " ".join(printed_text.split())  # was cut at the box's 45 mm
    prints_its_totals("cda/personnages/krom.toml", out)


def test_a_filled_form_s_french_spaces_are_drawn_by_mupdf(tmp_path, rulebook):
    # A viewer draws a field's value in a face of its own: MuPDF's Helvetica has no U+202F,
    # the narrow no-break space before « ; », and drew it « · » (« loups·; »). The field holds
    # a no-break space, which every face has; the sheet for print keeps the narrow one.
    if shutil.which("mutool") is None:
        pytest.skip("mutool (mupdf-tools) is not installed")
    text = (ROOT / "source" / "cda" / "personnages" / "krom.toml").read_text(encoding="utf-8")
    file = tmp_path / "krom.toml"
    notes = 'notes = "Mordu par les loups ; à soigner !"\n'
    file.write_text(text.replace("\n[aspects.Ph]", f"{notes}\n[aspects.Ph]", 1), encoding="utf-8")
    out = tmp_path / "krom.pdf"
    assert rulebook("sheet", str(file), "--out", str(out), "-q").status == 0
    pages = len(pikepdf.open(out).pages)
    drawn = subprocess.run(
        ["mutool", "draw", "-q", "-F", "txt", "-o", "-", str(out), f"1-{pages}"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    (line,) = [line for line in drawn.splitlines() if "Mordu par les loups" in line]
    assert "\u00b7" not in line, line
    # pypdf keeps the page's spaces as they are (pdftotext writes plain ones)
    printed_text = "".join(
        page.extract_text() for page in PdfReader(out.with_stem("krom-print")).pages
    )
    assert "loups\u202f;" in printed_text, printed_text


def test_a_filled_form_s_minus_signs_are_drawn_by_mupdf_in_the_sheet_s_face(tmp_path, rulebook):
    # MuPDF drew a field's value in its own Helvetica, whose encoding has no minus sign:
    # Kröm's moyens « −2 » read « ·2 ». A filled field's appearance draws its value in the
    # sheet's embedded face, which MuPDF keeps (the other viewers draw their own).
    if shutil.which("mutool") is None:
        pytest.skip("mutool (mupdf-tools) is not installed")
    out = tmp_path / "krom.pdf"
    file = ROOT / "source" / "cda" / "personnages" / "krom.toml"
    assert rulebook("sheet", str(file), "--out", str(out), "-q").status == 0
    drawn = subprocess.run(
        ["mutool", "draw", "-q", "-F", "txt", "-o", "-", str(out), "1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    assert "\u00b7" not in drawn, [line for line in drawn.splitlines() if "\u00b7" in line]
    assert drawn.count("\u22122") >= 3  # Kröm's Ma, Ex and Pe
    with pikepdf.open(out) as document:
        (manoeuvre,) = [f for f in document.Root.AcroForm.Fields if str(f.T) == "moyens-Ma"]
        assert str(manoeuvre.V) == "\u22122"
        (font,) = manoeuvre.AP.N.Resources.Font.values()
        assert "Source-Sans-Pro" in str(font.BaseFont)


def test_a_value_too_long_for_its_field_is_drawn_whole_inside_it(tmp_path, rulebook):
    # Kröm's « Hache de guerre à deux mains », set smaller on two lines on the sheet for
    # print, was cut at its box's edge in the form (« Hache de guerre à deux n »): its field's
    # value is sized by the viewer to fit (/DA font size 0), as poppler draws it here.
    out = tmp_path / "krom.pdf"
    file = ROOT / "source" / "cda" / "personnages" / "krom.toml"
    assert rulebook("sheet", str(file), "--out", str(out), "-q").status == 0
    _, fields = _fields(out.read_bytes())
    words = subprocess.run(
        ["pdftotext", "-bbox", "-f", "1", "-l", "1", str(out), "-"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    with pikepdf.open(out) as document:
        height = float(document.pages[0].MediaBox[3])
    drawn = [
        (float(x0), height - float(y1), float(x1), height - float(y0), word)
        for x0, y0, x1, y1, word in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
            words,
        )
    ]
    for name in ("armes-0-nom", "armes-0-competence"):
        x0, y0, x1, y1 = (float(v) for v in fields[name].Rect)  # its corners, in either order
        left, bottom, right, top = min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)
        inside = [w for w in drawn if left <= w[0] < right and bottom <= w[1] and w[3] <= top]
        assert [w[4] for w in inside] == "Hache de guerre à deux mains".split(), (name, inside)
        assert max(w[2] for w in inside) <= right, (name, inside)
