"""The text of a PDF's pages as a viewer copies it, and where each of its lines is drawn.

Read with PDFium (pypdfium2), in C: pypdf's extraction took some 20 s for one whole book, a
tenth of the suite's time. The text is given as pypdf gave it: one line of the page per line,
a word the layout hyphenated at a line end as « compé-\\ntence », the spaces PDFium adds between
letter-spaced capitals left out (« VERSION », not « V E R S I O N »).
"""

from __future__ import annotations

import ctypes
from pathlib import Path

import pypdfium2
import pypdfium2.raw as pdfium

HYPHENS = (0xFFFE, 0x02)
"""What PDFium reads a hyphen ending a line as (the line break with it)."""


def read(pdf: Path | str | bytes) -> dict[str, list]:
    """{"texts": the text of each page, "runs": [(x, y, line) of each line of the page]}, x and
    y the origin of its first letter in PDF points (y up from the foot of the page), of the PDF
    at path `pdf` (or of those bytes)."""
    texts, runs = [], []
    document = pypdfium2.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        for page in document:
            text, lines = _page(page.get_textpage())
            texts.append(text)
            runs.append(lines)
    finally:
        document.close()
    return {"texts": texts, "runs": runs}


def page_texts(pdf: Path | str | bytes) -> list[str]:
    return read(pdf)["texts"]


def _page(textpage) -> tuple[str, list[tuple[float, float, str]]]:
    handle = textpage.raw
    count = pdfium.FPDFText_CountChars(handle)
    x, y = ctypes.c_double(), ctypes.c_double()
    lines: list[list] = []  # [x, y, characters] of each line
    line = None
    for index in range(count):
        code = pdfium.FPDFText_GetUnicode(handle, index)
        generated = pdfium.FPDFText_IsGenerated(handle, index)
        if code in (10, 13) and generated:
            line = None
            continue
        if generated and code == 32 and _letter_spaced(handle, index, count):
            continue
        if line is None:
            pdfium.FPDFText_GetCharOrigin(handle, index, x, y)
            line = [x.value, y.value, []]
            lines.append(line)
        if code in HYPHENS:
            line[2].append("-")
            line = None
            continue
        line[2].append(chr(code))
    texts = ["".join(characters) for _, _, characters in lines]
    return "\n".join(texts), [
        (left, base, text) for (left, base, _), text in zip(lines, texts, strict=True) if text
    ]


def _letter_spaced(handle, index: int, count: int) -> bool:
    """Whether the space PDFium added at `index` only stands for letter spacing: it stands
    between two letters or digits, one of them alone between added spaces (« V E R S I O N »:
    a line's edge is no space, « Chapitre 1 » keeps its), closer than three tenths of the type's
    size (the words of such a line are further apart)."""
    if index < 1 or index + 1 >= count:
        return False
    before, after = index - 1, index + 1
    if not (_letter(handle, before, count) and _letter(handle, after, count)):
        return False
    if not (_added_space(handle, before - 1, count) or _added_space(handle, after + 1, count)):
        return False
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    pdfium.FPDFText_GetCharBox(handle, before, left, right, bottom, top)
    end = right.value
    pdfium.FPDFText_GetCharBox(handle, after, left, right, bottom, top)
    size = pdfium.FPDFText_GetFontSize(handle, after) or 10.0
    return left.value - end < 0.3 * size


def _code(handle, index: int) -> int:
    return pdfium.FPDFText_GetUnicode(handle, index)


def _letter(handle, index: int, count: int) -> bool:
    """A letter, a digit, or the point of a number (« 1 . 3 », the leaders' « . . 3 » not)."""
    if chr(_code(handle, index)).isalnum():
        return True
    if _code(handle, index) != ord(".") or index < 2 or index + 2 >= count:
        return False
    return all(chr(_code(handle, side)).isdigit() for side in (index - 2, index + 2))


def _added_space(handle, index: int, count: int) -> bool:
    """Whether `index` is a space PDFium added (not the line's edge, nor a line break)."""
    if not 0 <= index < count:
        return False
    return _code(handle, index) == 32 and bool(pdfium.FPDFText_IsGenerated(handle, index))
