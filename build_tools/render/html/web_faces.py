"""The PDF's faces for the HTML book, shipped beside its pages: no font is fetched from anywhere.

Source Serif and Source Sans come with their pip packages as TrueType; the
web book gets them cut down to the characters a book in a Latin script uses
(fontTools' subsetter) and compressed as WOFF2, a few dozen kilobytes each.
The cut is made once per face and kept in the user's cache folder.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

from build_tools.output import write_atomic
from build_tools.render.caches import cache_folder
from build_tools.render.pdf.style import fonts

FOLDER = "fonts"
"""Where the faces go, beside the split pages (html/fonts/)."""
WANTED = {
    ("Source Serif Pro", "400", "normal"),
    ("Source Serif Pro", "400", "italic"),
    ("Source Serif Pro", "700", "normal"),
    ("Source Sans Pro", "600", "normal"),
}
"""The faces the screen stylesheet uses: the text, its italic and bold, the headings."""
CHARACTERS = [
    *range(0x20, 0x7F),
    *range(0xA0, 0x250),  # Latin-1 and Latin Extended-A and B: every French and European letter
    *range(0x2000, 0x2070),  # spaces, dashes, quotation marks, ellipsis, bullets
    *(0x20AC, 0x2113, 0x2122, 0x2190, 0x2191, 0x2192, 0x2212, 0x2248, 0x2260, 0x2264, 0x2265),
    *(0x00D7, 0x00F7, 0x221E, 0x2713, 0x2717, 0x25CC, 0x2022),
]
VERSION = "1"
"""Changes when CHARACTERS or the options do: the cached cuts are then made again."""


@dataclass(frozen=True)
class WebFace:
    family: str
    weight: str
    style: str
    name: str
    """The file name under html/fonts/."""
    source: Path


def faces() -> list[WebFace]:
    """The faces of the web book that this installation has (none without the font packages)."""
    found = []
    for face in fonts().faces:
        if (face.family, face.weight, face.style) not in WANTED:
            continue
        source = Path(face.url.removeprefix("file://"))
        found.append(WebFace(face.family, face.weight, face.style, f"{source.stem}.woff2", source))
    return found


def font_faces_css(prefix: str) -> str:
    """The `@font-face` rules of the web faces, their URLs under `prefix` ('fonts/')."""
    return "".join(
        f'@font-face {{ font-family: "{face.family}"; font-weight: {face.weight}; '
        f"font-style: {face.style}; font-display: swap; "
        f'src: url("{prefix}{face.name}") format("woff2"); }}\n'
        for face in faces()
    )


def cut(face: WebFace) -> bytes:
    """The face reduced to CHARACTERS, as WOFF2: from the cache, or made and cached."""
    stat = face.source.stat()
    key = hashlib.sha256(f"{VERSION}:{face.source}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    cache = cache_folder("faces")
    cached = cache / f"{face.source.stem}-{key.hexdigest()[:16]}.woff2" if cache else None
    if cached is not None and cached.is_file():
        return cached.read_bytes()
    data = _subset(face.source)
    if cached is not None:
        try:  # the one writer: atomic, its temporary named for this process, no link followed
            write_atomic(cached, data, root=cache)
        except OSError:
            pass  # no cache: the next build cuts the face again
    return data


def _subset(source: Path) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["kern", "liga", "onum", "lnum", "tnum", "pnum", "frac"]
    font = TTFont(str(source), recalcTimestamp=False)  # the same bytes at every build
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=CHARACTERS)
    subsetter.subset(font)
    buffer = io.BytesIO()
    font.flavor = "woff2"
    font.save(buffer)
    return buffer.getvalue()
