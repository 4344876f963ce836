"""A filled text field's value drawn in the sheet's own face, for viewers that keep it.

A viewer that draws a field's value itself does so in a face of its own: MuPDF's is a
Helvetica whose encoding has no minus sign, and a character's « −2 » was drawn « ·2 ». The
field's appearance (/AP /N) draws its value in the face its /DA names, the sheet's, which
WeasyPrint embedded (a Type0 font whose glyphs are the embedded TrueType's, CID = glyph):
MuPDF keeps that appearance; poppler, PDFium and pdf.js draw their own from /V and /DA
(/NeedAppearances), as before. A value the embedded face cannot write whole (a glyph the
subset lacks), or a field of several lines, keeps the viewer's drawing.
"""

from __future__ import annotations

import io
import re

DA_FONT = re.compile(r"/(\S+)\s+([\d.]+)\s+Tf")
"""The font and size of a field's /DA (« /TPBOJQ 11 Tf »)."""
MULTILINE = 1 << 12
"""The /Ff bit of a text field of several lines."""
PADDING = 2.0
"""The room a viewer leaves between a field's edge and its value, in points."""


class Faces:
    """The embedded faces of one form, each read once: glyphs and advances by character."""

    def __init__(self, fonts) -> None:
        self.fonts = fonts
        self.read: dict[str, tuple | None] = {}

    def face(self, key: str) -> tuple | None:
        """(font object, character → glyph id, glyph id → advance in em, ascent, descent) of
        the font `key` of the form's resources; None when it is no embedded TrueType face."""
        if key not in self.read:
            self.read[key] = self._read(key)
        return self.read[key]

    def _read(self, key: str) -> tuple | None:
        from fontTools.ttLib import TTFont

        font = self.fonts.get("/" + key)
        if font is None or str(font.get("/Subtype")) != "/Type0":
            return None
        if str(font.get("/Encoding")) != "/Identity-H":
            return None
        descendant = font.DescendantFonts[0]
        if str(descendant.get("/CIDToGIDMap", "/Identity")) != "/Identity":
            return None
        program = descendant.FontDescriptor.get("/FontFile2")
        if program is None:
            return None
        face = TTFont(io.BytesIO(program.read_bytes()))
        units = face["head"].unitsPerEm
        glyphs = {code: face.getGlyphID(name) for code, name in face.getBestCmap().items()}
        advances = {
            face.getGlyphID(name): width / units
            for name, (width, _) in face["hmtx"].metrics.items()
        }
        ascent, descent = face["hhea"].ascent / units, face["hhea"].descent / units
        return font, glyphs, advances, ascent, descent


def drawn_value(field, value: str, faces: Faces, fitted: bool, width: float, height: float):
    """The content and resources of an appearance of `field` (`width` × `height`) showing
    `value` in the face its /DA names, at its size (at most that, for a `fitted` field: as
    much as fits its box), left-aligned, vertically centred as viewers set it; None when the
    face cannot write it (see the module)."""
    import pikepdf

    if int(field.get("/Ff", 0)) & MULTILINE or "\n" in value:
        return None
    named = DA_FONT.search(str(field.get("/DA", "")))
    face = faces.face(named.group(1)) if named else None
    if face is None:
        return None
    font, glyphs, advances, ascent, descent = face
    if any(ord(character) not in glyphs for character in value):
        return None
    ids = [glyphs[ord(character)] for character in value]
    ems = sum(advances.get(glyph, 0) for glyph in ids)
    size = float(named.group(2)) or 10.0
    if fitted and ems:
        size = min(size, (width - 2 * PADDING) / ems)
    baseline = (height - (ascent - descent) * size) / 2 - descent * size
    text = "".join(f"{glyph:04X}" for glyph in ids)
    glyph_string = b"<" + text.encode("ascii") + b">"  # a PDF hex string: the glyphs
    content = (
        (
            f"/Tx BMC q {PADDING / 2:.2f} {PADDING / 2:.2f} {width - PADDING:.2f} "
            f"{height - PADDING:.2f} re W n BT /{named.group(1)} {size:.2f} Tf 0 g "
            f"{PADDING:.2f} {baseline:.2f} Td "
        ).encode()
        + glyph_string
        + b" Tj ET Q EMC"
    )
    return content, pikepdf.Dictionary(Font=pikepdf.Dictionary({"/" + named.group(1): font}))
