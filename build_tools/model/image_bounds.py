"""What an image file would cost to draw, read from its header before anyone decodes it: the
pixels a PNG, GIF, JPEG or WebP declares, the elements an SVG has once its `<use>` are expanded.

A 20 KB PNG may declare 13000 × 13000 pixels (1.4 GB decoded), an SVG of nested `<use>` a
billion shapes: such an image is a finding naming its bound (`limits.IMAGE_PIXELS`,
`limits.SVG_ELEMENTS`) and is not shown, in HTML as in the PDF.
"""

from __future__ import annotations

import struct
from pathlib import Path

from lxml import etree

from build_tools import limits
from build_tools.resources import Refused, open_regular

HEAD = 256 * 1024
"""How much of a raster image is read to find its size (a JPEG's frame header may follow its
metadata)."""
_SVG = "{http://www.w3.org/2000/svg}"
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_PARSER = etree.XMLParser(
    resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False, recover=True
)


def problem(path: Path, shown: str) -> str:
    """Why the image at `path` (named `shown` in the book) is too costly to draw, or ''."""
    try:
        with open_regular(path) as handle:
            head = handle.read(HEAD)
    except (OSError, Refused):
        return ""  # what cannot be read is image_file's to say
    if head.lstrip()[:1] == b"<" or path.suffix.lower() in (".svg", ".svgz"):
        return _svg_problem(path, shown)
    size = declared_size(head)
    if size is None:
        return ""
    width, height = size
    if width * height > limits.IMAGE_PIXELS:
        return (
            f"the image {shown!r} declares {width} × {height} pixels, more than "
            f"{limits.IMAGE_PIXELS} (rulebook.limits.IMAGE_PIXELS)"
        )
    return ""


def declared_size(head: bytes) -> tuple[int, int] | None:
    """The width and height a PNG, GIF, JPEG or WebP header declares, or None."""
    if head[:8] == b"\x89PNG\r\n\x1a\n" and len(head) >= 24:
        return struct.unpack(">II", head[16:24])
    if head[:6] in (b"GIF87a", b"GIF89a") and len(head) >= 10:
        return struct.unpack("<HH", head[6:10])
    if head[:4] == b"RIFF" and head[8:16] == b"WEBPVP8X" and len(head) >= 30:
        width = int.from_bytes(head[24:27], "little") + 1
        return width, int.from_bytes(head[27:30], "little") + 1
    if head[:2] == b"\xff\xd8":
        return _jpeg_size(head)
    return None


def _jpeg_size(head: bytes) -> tuple[int, int] | None:
    at = 2
    while at + 9 <= len(head):
        if head[at] != 0xFF:
            return None
        marker = head[at + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            at += 2
            continue
        length = int.from_bytes(head[at + 2 : at + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", head[at + 5 : at + 9])
            return width, height
        at += 2 + length
    return None


def _svg_problem(path: Path, shown: str) -> str:
    try:
        with open_regular(path) as handle:
            raw = handle.read(limits.INCLUDED_BYTES + 1)
        root = etree.fromstring(raw, _PARSER)
    except (OSError, Refused, etree.XMLSyntaxError, ValueError):
        return ""
    if root is None:
        return ""
    drawn = expanded_elements(root, limits.SVG_ELEMENTS)
    if drawn > limits.SVG_ELEMENTS:
        return (
            f"the image {shown!r} draws more than {limits.SVG_ELEMENTS} elements once its <use> "
            "are expanded (rulebook.limits.SVG_ELEMENTS)"
        )
    return ""


def expanded_elements(root: etree._Element, bound: int) -> int:
    """How many elements `root` draws, each `<use>` counted as the element it copies (counting
    stops past `bound`; a `<use>` inside what it copies counts as past it)."""
    # The ids of an SVG image, another document than the book: not the book's id map
    # (`model.ids`), whose rule is the book's (tests/test_ids.py allows this walk alone).
    ids = {element.get("id"): element for element in root.iter() if element.get("id")}
    # keyed by the elements themselves, which keeps their proxies alive: an id() of an lxml
    # proxy is reused once the proxy is gone
    sizes: dict[etree._Element, int] = {}
    open_: set[etree._Element] = set()

    def size(element: etree._Element) -> int:
        key = element
        if key in sizes:
            return sizes[key]
        if key in open_:
            return bound + 1  # a <use> that copies itself
        open_.add(key)
        total = 1
        for child in element:
            if isinstance(child.tag, str):
                total += size(child)
            if total > bound:
                break
        if element.tag in (f"{_SVG}use", "use"):
            target = (element.get("href") or element.get(_XLINK_HREF) or "").lstrip("#")
            if target in ids:
                total += size(ids[target])
        open_.discard(key)
        sizes[key] = min(total, bound + 1)
        return sizes[key]

    return size(root)
