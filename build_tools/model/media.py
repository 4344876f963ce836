"""The files a book shows or links to: which image a page can show, and which file of the book
an image or a link names (or the problem that keeps it from the page).

The HTML translator draws its images and links from these, and the check (`validation/files.py`)
reports the same problems in the same words.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urlparse

from lxml import etree

from build_tools import resources
from build_tools.model import image_bounds

SHOWN = frozenset(("PNG", "JPG", "JPEG", "GIF", "SVG", "WEBP", "BMP"))
"""The image formats both browsers and WeasyPrint show (not EPS, PS, PDF, TIFF…)."""

WORDS_ONLY = "the link shows its words only"
TEXT_INSTEAD = "its text alternative is shown instead"


def image_format(imagedata: etree._Element) -> str:
    """The format of an image: its `format`, else its file's extension, upper case."""
    named = imagedata.get("format", "").upper()
    if named:
        return {"LINESPECIFIC": ""}.get(named, named)
    return Path(imagedata.get("fileref", "")).suffix.lstrip(".").upper()


def showable(imagedata: etree._Element) -> bool:
    """Whether a browser and WeasyPrint can show the image (an unknown format is tried)."""
    found = image_format(imagedata)
    return not found or found in SHOWN or found in ("JPE", "SVGZ")


def image_file(document, imagedata: etree._Element) -> tuple[Path | None, str]:
    """The file an imagedata or graphic names, or the problem that keeps it from the page."""
    fileref = imagedata.get("fileref", "")
    try:
        source = resources.Gate(document.folder.resolve()).file(
            fileref, document.file_of(imagedata)
        )
    except resources.Refused as refusal:
        return None, f"the image {refusal}" if fileref else "an imagedata needs a fileref"
    if not source.is_file():
        return None, f"the image {fileref!r} does not exist"
    if not os.access(source, os.R_OK):
        return None, f"the image {fileref!r} cannot be read"
    costly = image_bounds.problem(source, fileref)
    if costly:
        return None, costly
    return source, ""


def format_problem(image: etree._Element) -> str:
    return (
        f"the image {image.get('fileref', '')!r} is in a format a browser or "
        f"WeasyPrint does not show ({image_format(image) or '?'})"
    )


def formats_problem(skipped: list[etree._Element]) -> str:
    return (
        "no image of this media object is in a format a browser or WeasyPrint shows "
        f"({', '.join(image_format(data) or '?' for data in skipped)}; "
        f"they show {', '.join(sorted(SHOWN))})"
    )


def link_url(url: str | None) -> str | None:
    """A link's URL as a page writes it: a web address broken over source lines is one
    address; elsewhere (a path, « mailto:jo at example org ») spaces are sent as a browser
    sends them."""
    if url is not None and any(character.isspace() for character in url):
        web = urlparse(url.strip()).scheme.lower() in ("http", "https")
        url = re.sub(r"\s+", "" if web else "%20", url.strip())
    return url


def linked_file(document, element: etree._Element, url: str | None) -> tuple[Path | None, str]:
    """The file of the book a link names (None for a web address, an anchor, a folder),
    or the problem with it."""
    if url is None or urlparse(url).scheme or url.startswith(("#", "/", "?")):
        return None, ""
    path = url.partition("#")[0]
    if not path:
        return None, ""
    try:
        source = resources.Gate(document.folder).file(path, document.file_of(element))
    except resources.Refused as refusal:
        return None, f"the linked file {refusal}"
    if source.is_dir():
        return None, ""
    if not source.is_file():
        return None, f"the linked file {path!r} does not exist"
    return source, ""
