"""The one gate every file and URL a book names goes through: its folder and the tool's assets only.

The reader (XIncludes, entities, xml:base), the renderers (images) and the
PDF engine (WeasyPrint's URL fetcher: images, SVG references, stylesheets,
fonts) all resolve what a book names with `Gate.file`. A file is allowed
when, with its symbolic links followed, it lies inside the book's folder or
inside one of the tool's own asset folders (its templates, its fonts); the
network is never allowed, nor any other scheme that would read something.

The attribute values that end up in HTML or CSS pass through the two
sanitizers here: `length` (a CSS length, parsed) and `link` (a URL whose
scheme is http, https or mailto, or a relative one).
"""

from __future__ import annotations

import functools
import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import unquote, urlparse

from build_tools import limits
from build_tools.assets import templates_folder

TEMPLATES = templates_folder()
"""The tool's templates: stylesheets a page may name are read from here."""


LINK_SCHEMES = ("http", "https", "mailto")
"""What a link in a book may point at, besides a relative URL."""

_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*):")
_INVISIBLE = re.compile(r"[\x00-\x20\x7f\u00a0\u200b-\u200d\u2060\ufeff]+")
_LENGTH = re.compile(
    r"^\s*(\d{1,5}(?:\.\d{1,4})?|\.\d{1,4})\s*(in|cm|mm|pt|pc|px|em|%)?\s*$", re.ASCII
)
LARGEST_LENGTH = 10000
"""The largest number a length may have, in any unit: beyond it, a typo or an attack."""


class Refused(Exception):
    """A file or URL the gate does not let through; the message says why, for an author.

    `kind` says which door it tried: "network" (a URL of another scheme or
    another machine), "loop" (symbolic links that loop), "outside" (a file
    outside the book's folder and the tool's assets), "empty", "special" (a
    FIFO, a device, a socket: not a regular file) or "limit" (a file larger
    than its bound in `limits`).
    """

    def __init__(self, message: str, kind: str):
        super().__init__(message)
        self.kind = kind


def resolved(path: Path) -> Path | None:
    """`path` absolute, with its symbolic links followed, or None when they loop."""
    try:
        return Path(path).resolve()
    except (RuntimeError, OSError):  # Python before 3.13 raises on a loop of links
        return None


def module_inside(file: str, folder: Path) -> bool:
    """Whether the file of a module already imported lies inside `folder` (resolved), its links
    followed once for the process: each check asks which of the process's modules and rules
    are its game's, and a long run (the tests, a preview) has imported many games."""
    real = _module_file(file)
    home = str(folder)
    return real is not None and (real == home or real.startswith(home.rstrip(os.sep) + os.sep))


@functools.cache
def _module_file(file: str) -> str | None:
    real = resolved(Path(file))
    return None if real is None else str(real)


def inside(path: Path, folder: Path) -> bool:
    """Whether `path`, its links followed, lies inside `folder` (its links followed too)."""
    target, home = resolved(path), resolved(folder)
    return target is not None and home is not None and target.is_relative_to(home)


class Gate:
    """What a book may read: files inside its folder, and the tool's own assets."""

    def __init__(self, folder: Path, assets: Iterable[Path] = ()):
        self.folder = resolved(folder) or Path(folder).absolute()
        self.assets = tuple(resolved(asset) or Path(asset) for asset in assets)
        # The folders with their links followed, once: a book's DTD asks for dozens of files.
        self._homes = tuple(
            home
            for home in (resolved(place) for place in (self.folder, *self.assets))
            if home is not None
        )

    def allows(self, path: Path) -> bool:
        target = resolved(path)
        return target is not None and any(target.is_relative_to(home) for home in self._homes)

    def file(self, reference: str, base: Path) -> Path:
        """The file `reference` (a path or a `file:` URL, relative to the file `base`) names.

        Raises `Refused` when it names the network, another scheme, a loop of
        links, or a file outside the book's folder and the tool's assets.
        """
        if not reference:
            raise Refused("an empty reference names no file", "empty")
        parsed = urlparse(reference)
        scheme = parsed.scheme.lower()
        if len(scheme) == 1 and reference[1:2] == ":":  # C:\… read as a scheme: a path
            scheme = ""
        if scheme not in ("", "file"):
            raise Refused(
                f"{_shown(reference)} is not a file of the book: a book never reads the network"
                if scheme in ("http", "https", "ftp", "ftps")
                else f"{_shown(reference)} is not a file of the book (scheme {scheme!r})",
                "network",
            )
        if scheme == "file" and parsed.netloc not in ("", "localhost"):
            raise Refused(
                f"{_shown(reference)} names another machine: a book never reads it", "network"
            )
        written = unquote(parsed.path if scheme == "file" else reference)
        if "\x00" in written:  # no file's name holds one: the OS would refuse the path
            raise Refused(f"{_shown(reference)} holds a NUL character: it names no file", "empty")
        return self.checked(Path(base).parent / written, reference)

    def checked(self, path: Path, reference: str | None = None) -> Path:
        """`path` with its links followed, when the gate allows it; else `Refused`."""
        shown = _shown(reference if reference is not None else str(path))
        target = resolved(path)
        if target is None:
            raise Refused(f"{shown} is a loop of symbolic links", "loop")
        if not self.allows(target):
            raise Refused(f"{shown} is outside the book's folder ({self.folder})", "outside")
        return target


def read_bytes(path: Path, folder: Path | None, limit: str) -> bytes:
    """The bytes of `path`, read through the gate: a regular file inside `folder` (when
    given), its links followed, of at most `limits.<limit>` bytes; else `Refused`.

    The file is opened without blocking and checked before a byte is read: a
    FIFO never hangs the tool, a link to /dev/zero never fills the memory, and
    a link out of the folder is refused, not followed. OSError (missing file,
    permission) is left to the caller, who knows what the file is for.
    """
    bound = getattr(limits, limit)
    target = resolved(path)
    if target is None:
        raise Refused(f"{_shown(str(path))} is a loop of symbolic links", "loop")
    if folder is not None and not inside(target, folder):
        raise Refused(
            f"{_shown(str(path))} leads outside the book's folder ({resolved(folder)})", "outside"
        )
    with open_regular(target, path) as handle:
        data = handle.read(bound + 1)
    if len(data) > bound:
        raise Refused(
            f"{_shown(str(path))} is larger than {bound} bytes (rulebook.limits.{limit})", "limit"
        )
    return data


def open_regular(target: Path, named: Path | None = None):
    """`target` (its links already followed) open for reading, when it is a regular file;
    else `Refused` ("special"), before a byte is read: opening never blocks on a FIFO."""
    descriptor = os.open(target, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise Refused(f"{_shown(str(named or target))} is not a regular file", "special")
    return os.fdopen(descriptor, "rb")


def read_text(path: Path, folder: Path | None, limit: str) -> str:
    """`read_bytes` decoded as UTF-8 (UnicodeDecodeError to the caller)."""
    return read_bytes(path, folder, limit).decode("utf-8")


def inputs(folder: Path, limit: str = "INPUT_BYTES") -> list[Path]:
    """The files under `folder` the gate would let a build read: regular files inside it (links
    followed and still inside), of at most `limits.<limit>` bytes, hidden files and caches aside.

    What is not on this list (a link out, a FIFO, a device, a huge file) is never read
    by the change detection, so it cannot hang it, fill its memory or leak into it.
    """
    home = resolved(folder)
    if home is None:
        return []
    bound = getattr(limits, limit)
    found = []
    for root, folders, names in os.walk(home):
        folders[:] = sorted(name for name in folders if name != "__pycache__" and name[0] != ".")
        for name in names:
            path = Path(root) / name
            if name.startswith("."):
                continue
            target = resolved(path)
            if target is None or not target.is_relative_to(home):
                continue
            try:
                status = target.stat()
            except OSError:
                continue
            if stat.S_ISREG(status.st_mode) and status.st_size <= bound:
                found.append(path)
    return sorted(found)


def length(value: str | None) -> str | None:
    """`value` as a CSS length ('70px', '50%', '2.5cm'), or None when it is not one.

    A number alone is in pixels, as DocBook reads it; nothing but a number and
    a unit ever reaches a stylesheet.
    """
    if value is None:
        return None
    match = _LENGTH.match(value)
    if not match or float(match[1]) > LARGEST_LENGTH:
        return None
    number = match[1].lstrip("0") or "0"
    if number.startswith("."):
        number = "0" + number
    return f"{number}{match[2] or 'px'}"


def link(url: str | None) -> str | None:
    """`url` when a link may point at it (http, https, mailto or relative), else None.

    The scheme is read as a browser reads it, with spaces, tabs and line
    breaks removed and in any case: 'Java\tScript :' is refused like 'javascript:'.
    """
    if url is None:
        return None
    compact = _INVISIBLE.sub("", url)
    scheme = _SCHEME.match(compact)
    if scheme is None:
        # A ':' before any '/', '?' or '#' would make a browser read a scheme.
        head = re.split(r"[/?#]", compact, maxsplit=1)[0]
        if ":" in head or not (relative_inside(compact) and relative_inside(url.strip())):
            return None
        return url.strip()
    return url.strip() if scheme[1].lower() in LINK_SCHEMES else None


def relative_inside(url: str) -> bool:
    """Whether a URL without a scheme is a path relative to the page, inside the book: not
    protocol-relative (`//host/x`, another machine), not absolute (`/etc/passwd`, the root of
    whatever serves or opens the page), a browser's `\\` read as `/`, and no NUL."""
    path = url.replace("\\", "/")
    if path.startswith("/"):
        return False
    return not any(ord(character) < 0x20 for character in unquote(path.split("#", 1)[0]))


def is_web_link(url: str) -> bool:
    """Whether `url` is an allowed link with its scheme written (http, https, mailto)."""
    return link(url) is not None and _SCHEME.match(_INVISIBLE.sub("", url)) is not None


def _shown(reference: str) -> str:
    return repr(reference if len(reference) <= 120 else reference[:117] + "…")
