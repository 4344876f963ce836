"""The blank sheet's PDF form finished for every common viewer: appearances and calculations.

WeasyPrint writes a form whose tick boxes have an appearance for their ticked state
only, and no /DA nor /MK /CA: viewers that draw appearances themselves (poppler's
Evince and Okular) show no tick at all. This pass, on the PDF WeasyPrint wrote, gives

- every tick box an appearance for both states (/AP /N and /D, /on and /Off), the
  check mark as the viewer's own glyph (/MK /CA, ZapfDingbats « 4 ») and its /DA;
- every text field an appearance (a filled one its value in the sheet's face, `field_faces`),
  and its /DA;
- every derived field that the rules' formula computes (sheets.scripts) a
  calculate action (/AA /C, JavaScript), read-only (/Ff 1), and the form its
  calculation order (/CO), each field after those it reads.

pikepdf (qpdf) edits the objects; the file is written again with a deterministic id, so
two builds stay byte-identical.
"""

from __future__ import annotations

import io
import re
from collections.abc import Set

from build_tools.model.sheet import Description
from build_tools.render.sheets.field_faces import Faces, drawn_value
from build_tools.render.sheets.scripts import scripts

READ_ONLY = 1
"""The /Ff bit of a field the player cannot edit."""
NARROW_NO_BREAK, NO_BREAK = "\u202f", "\u00a0"
"""A French value's space before ; ! ?, and the one its field holds: a viewer draws a field's
value in a face of its own (MuPDF's Helvetica), where U+202F is missing (« loups·; »)."""
AUTO_SIZE = re.compile(r"[\d.]+ Tf")
"""The font size of a field's /DA, which 0 makes the viewer's to fit the value to the field."""
CHECK = "4"
"""The check mark of ZapfDingbats, the glyph every viewer has for a tick box."""


def finish_form(pdf: bytes, description: Description, fitted: Set[str] = frozenset()) -> bytes:
    """The form of `pdf` with every field's appearances and the derived fields' calculations;
    the `fitted` fields' values (too long for their box at the sheet's size) sized by the
    viewer to fit their field (a font size of 0: « Hache de guerre à deux mains » whole, where
    the form drew « Hache de guerre à deux n »)."""
    import pikepdf

    calculations = {script.field: script for script in scripts(description)}
    with pikepdf.open(io.BytesIO(pdf)) as document:
        form = document.Root.AcroForm
        resources = _entry(form, "/DR", pikepdf.Dictionary())
        fonts = _entry(resources, "/Font", pikepdf.Dictionary())
        for key, base in (("/ZaDb", "/ZapfDingbats"), ("/Helv", "/Helvetica")):
            fonts[key] = document.make_indirect(
                pikepdf.Dictionary(
                    Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name(base)
                )
            )
        by_name = {}
        faces = Faces(fonts)
        for field in form.Fields:
            name = str(field.get("/T", ""))
            by_name[name] = field
            if field.get("/FT") == pikepdf.Name.Btn:
                _tick_box(document, field)
            elif field.get("/FT") == pikepdf.Name.Tx:
                _text_field(document, field, calculations.get(name), faces, name in fitted)
        form["/CO"] = pikepdf.Array([by_name[name] for name in calculations if name in by_name])
        out = io.BytesIO()
        document.save(out, deterministic_id=True)
    return out.getvalue()


def _entry(dictionary, key: str, default):
    """The entry `key` of a PDF dictionary, set to `default` when it has none."""
    if key not in dictionary:
        dictionary[key] = default
    return dictionary[key]


def _size(field) -> tuple[float, float]:
    left, bottom, right, top = (float(value) for value in field.Rect)
    return abs(right - left), abs(top - bottom)


def _stream(document, field, content: bytes, resources=None):
    import pikepdf

    width, height = _size(field)
    stream = pikepdf.Stream(document, content)
    stream["/Type"] = pikepdf.Name.XObject
    stream["/Subtype"] = pikepdf.Name.Form
    stream["/BBox"] = pikepdf.Array([0, 0, width, height])
    if resources is not None:
        stream["/Resources"] = resources
    return stream


def _tick_box(document, field) -> None:
    """Both states drawn (WeasyPrint's tick as the on state), the viewer's glyph and /DA."""
    import pikepdf

    appearances = field.get("/AP", pikepdf.Dictionary())
    normal = appearances.get("/N", pikepdf.Dictionary())
    on_states = [key for key in normal.keys() if key != "/Off"] or ["/on"]
    on = on_states[0]
    if on not in normal:
        width, height = _size(field)
        normal[on] = _stream(document, field, _tick(width, height))
    normal["/Off"] = _stream(document, field, b"")
    appearances["/N"] = normal
    appearances["/D"] = pikepdf.Dictionary({on: normal[on], "/Off": normal["/Off"]})
    field["/AP"] = appearances
    characteristics = field.get("/MK", pikepdf.Dictionary())
    characteristics["/CA"] = pikepdf.String(CHECK)
    field["/MK"] = characteristics
    field["/DA"] = pikepdf.String("/ZaDb 0 Tf 0 g")
    _entry(field, "/V", pikepdf.Name.Off)
    _entry(field, "/AS", pikepdf.Name.Off)


def _tick(width: float, height: float) -> bytes:
    """A check mark filling the box, in black."""
    points = [(0, 0.5), (0.5, 0), (1, 1), (0.43, 0.33)]
    path = " ".join(
        f"{x * width:.3f} {y * height:.3f} {'m' if i == 0 else 'l'}"
        for i, (x, y) in enumerate(points)
    )
    return f"0 0 0 rg {path} h f".encode()


def _text_field(document, field, calculation, faces: Faces, fitted: bool) -> None:
    """An appearance for the field, empty or filled in; a derived one computed and
    read-only."""
    import pikepdf

    _entry(field, "/DA", pikepdf.String("/Helv 10 Tf 0 g"))
    value = str(field.get("/V", ""))
    if NARROW_NO_BREAK in value:  # drawn by viewers in their own face: MuPDF's lacks it
        value = value.replace(NARROW_NO_BREAK, NO_BREAK)
        field["/V"] = pikepdf.String(value)
    if not value:
        field["/AP"] = pikepdf.Dictionary(N=_stream(document, field, b"/Tx BMC EMC"))
    elif (drawn := drawn_value(field, value, faces, fitted, *_size(field))) is not None:
        # its value in the sheet's face (field_faces): MuPDF keeps it, where its own face
        # drew « −2 » as « ·2 »; the others draw theirs from /V and /DA (/NeedAppearances).
        # The page prints no value under it (sheet.css), which would show twice.
        field["/AP"] = pikepdf.Dictionary(N=_stream(document, field, *drawn))
    if fitted:  # a font size of 0: the viewer fits the value to the field
        field["/DA"] = pikepdf.String(AUTO_SIZE.sub("0 Tf", str(field.DA)))
    if calculation is None:
        return
    field["/Ff"] = int(field.get("/Ff", 0)) | READ_ONLY
    action = pikepdf.Dictionary(
        S=pikepdf.Name.JavaScript, JS=pikepdf.String(calculation.javascript)
    )
    field["/AA"] = pikepdf.Dictionary(C=action)
