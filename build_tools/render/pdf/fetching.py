"""WeasyPrint's URL fetcher for a book: every URL the PDF engine opens goes through the gate."""

from __future__ import annotations

import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlparse

from build_tools.model import image_bounds
from build_tools.render.pdf.weasyprint_loading import load_weasyprint
from build_tools.resources import Gate, Refused

load_weasyprint()  # by its sonames, before weasyprint.urls would import it the slow way
from weasyprint.urls import URLFetcher, URLFetcherResponse  # noqa: E402


class GateFetcher(URLFetcher):
    """Opens `file:` URLs the gate allows and `data:` URLs; refuses the rest, network included."""

    def __init__(self, gate: Gate, media: tuple[Path, str] | None, refusals: list):
        super().__init__(timeout=1, allowed_protocols=("file", "data"))
        self.gate = gate
        self.media = media
        self.refusals = refusals

    def fetch(self, url, headers=None):
        scheme = urlparse(url).scheme.lower()
        if scheme == "data":
            return super().fetch(url, headers)
        try:
            path = self._path(url) if scheme == "file" else None
            if path is None:
                raise Refused(f"{url!r}: the PDF never reads the network", "network")
            target = self.gate.checked(path, url)
            if not target.is_file():  # missing, or a pipe that would be read forever
                raise Refused(f"{url!r}: not a regular file of the book", "outside")
            costly = image_bounds.problem(target, target.name)  # an SVG's own images too
            if costly:
                raise Refused(costly, "limit")
        except Refused as refusal:
            message = f"refused to read {refusal}"
            if message not in self.refusals:
                self.refusals.append(message)
            raise ValueError(message) from None
        content_type = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        return URLFetcherResponse(
            target.as_uri(), target.read_bytes(), headers={"Content-Type": content_type}
        )

    def _path(self, url: str) -> Path | None:
        """The local file `url` names; one in the page's image folder is the book's own file."""
        parsed = urlparse(url)
        if parsed.netloc not in ("", "localhost"):
            return None
        path = Path(unquote(parsed.path))
        if self.media is not None:
            root, images = self.media
            copies = Path(root).absolute() / images
            if path.is_relative_to(copies):
                return self.gate.folder / path.relative_to(copies)
        return path


def gate_fetcher(
    gate: Gate, media: tuple[Path, str] | None = None, refusals: list | None = None
) -> GateFetcher:
    """A WeasyPrint URL fetcher that reads through `gate` and nothing else.

    `media` is (the folder a page's relative URLs resolve against, the
    name of its image folder): an URL into that image folder is read from
    the book's folder instead, so that a PDF has its images whatever else
    was built. Each refusal's message is appended to `refusals`.
    """
    return GateFetcher(gate, media, refusals if refusals is not None else [])
