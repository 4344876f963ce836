"""Incremental builds: which outputs of a book are up to date with everything they were made from.

After a book is built, `generated/BOOK/.rulebook-build.json` records, for each format, the
files it was made from (every file of the book's folder: sources, included files, ledger,
rules, bindings, settings; the tool's templates, stylesheets and fonts), the tool's own
code and the libraries that render with it (one digest of their content and versions), the
options and the tool's version, and the files it wrote. A format whose inputs
all match (same size and modification time, or else the same content) and whose outputs
are all still there as written is not built again; a format built again has the files it
no longer writes removed, so nothing stale is kept.
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import build_tools
from build_tools.assets import templates_folder
from build_tools.output import remove_output, write_atomic
from build_tools.resources import Refused, inputs, open_regular

MANIFEST = ".rulebook-build.json"
SCHEMA = 1
ENGINE = Path(__file__).resolve().parents[1]
"""The tool's code: a change to it (in a source tree) makes every output out of date. It is
recorded by its content (`engine_digest`), not by its files' times and paths."""


@dataclass
class Signature:
    """A file as last seen: size, modification time, and (computed when they differ) content."""

    size: int
    modified: int
    digest: str

    def as_list(self) -> list:
        return [self.size, self.modified, self.digest]


def signature(path: Path, known: list | None = None) -> Signature | None:
    """The signature of `path` (None if it is gone); `known`'s digest reused when size and
    time agree, so an unchanged file is not read at all."""
    try:
        status = path.stat()
    except OSError:
        return None
    if known and known[0] == status.st_size and known[1] == status.st_mtime_ns:
        return Signature(status.st_size, status.st_mtime_ns, known[2])
    import hashlib  # here, not at the top: loading OpenSSL costs a check that hashes nothing

    digest = hashlib.sha256()
    try:  # a FIFO or a device planted where a file was is changed, never read
        with open_regular(path.resolve(), path) as handle:
            while chunk := handle.read(1 << 20):
                digest.update(chunk)
    except (OSError, Refused):
        return None
    return Signature(status.st_size, status.st_mtime_ns, digest.hexdigest())


def book_inputs(folder: Path, out: Path | None = None) -> list[Path]:
    """Every file of a book's folder that a build may read: the gate's list (`resources.inputs`:
    regular files inside the folder, bounded in size; caches and hidden files aside), less the
    build's own outputs when `out` lies in the folder (else a build is never up to date)."""
    outputs = Path(out).resolve() if out is not None else None
    return [
        path for path in inputs(folder) if not (outputs and path.resolve().is_relative_to(outputs))
    ]


TEMPLATES_READ = {
    "html": ("html", "css"),
    "pdf": ("html", "pdf"),
    "errata": ("html", "pdf"),
    "cards": ("cards", "pdf"),
    "sheets": ("sheets", "pdf"),
}
"""The folders of templates/ each format reads: the web stylesheet (css/) is the HTML's alone,
the print stylesheets (pdf/) the printed formats'. A format not named reads them all."""


def tool_inputs(format_name: str) -> list[Path]:
    """The tool's own files a format is made with besides its code (`engine_digest`): its
    templates, stylesheets and fonts."""
    templates = templates_folder()
    read = TEMPLATES_READ.get(format_name)
    paths = [
        path
        for path in tree_files(templates)
        if not path.name.startswith(".")
        and (
            read is None or path.parent == templates or path.relative_to(templates).parts[0] in read
        )
    ]
    if format_name in ("pdf", "sheets", "cards"):
        try:
            from build_tools.render.pdf.style import fonts

            paths += [Path(face.url.removeprefix("file://")) for face in fonts().faces]
        except Exception:  # no font package: the fallback fonts are the system's
            pass
    return sorted(set(paths))


def engine_digest() -> str:
    """The tool's code and what renders with it, as one digest: each module's path in the
    package and its content, and the versions of the `LIBRARIES`. A reinstall, a checkout or
    a copy of the same code elsewhere gives the same digest, whatever the files' times and
    folder; an edit of any module, or another version of a library, another one."""
    import hashlib

    digest = hashlib.sha256()
    for path in sorted(path for path in tree_files(ENGINE) if path.suffix == ".py"):
        try:
            content = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:  # a module gone as it was listed: it is not part of the code
            continue
        digest.update(f"{path.relative_to(ENGINE).as_posix()} {content}\n".encode())
    digest.update(json.dumps(_library_versions(), sort_keys=True).encode())
    return digest.hexdigest()


def tree_files(folder: Path) -> list[Path]:
    """Every file under `folder`, but in `__pycache__` and hidden folders."""
    found = []
    for root, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if name != "__pycache__" and name[0] != "."]
        found += [Path(root) / name for name in names]
    return found


@dataclass
class Manifest:
    """What each format of a book was last built from, and what it wrote."""

    path: Path
    formats: dict[str, dict[str, Any]] = field(default_factory=dict)
    book: dict[str, Any] = field(default_factory=dict)
    """What the check of the book said at its last build: exit status and messages."""
    touched: bool = False
    """Whether an input was touched (new time, same content) since: worth saving."""

    @classmethod
    def load(cls, out: Path) -> Manifest:
        path = out / MANIFEST
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls(path)
        if not isinstance(data, dict) or data.get("schema") != SCHEMA:
            return cls(path)
        formats, book = data.get("formats"), data.get("book")
        return cls(
            path,
            formats if isinstance(formats, dict) else {},
            book if isinstance(book, dict) else {},
        )

    def save(self) -> None:
        data = {"schema": SCHEMA, "formats": self.formats, "book": self.book}
        write_atomic(self.path, json.dumps(data, indent=1, sort_keys=True) + "\n")

    def up_to_date(self, format_name: str, inputs: dict[str, list]) -> bool:
        """Whether `format_name` was built from exactly these inputs (a `snapshot`) and its
        outputs are still there as they were written."""
        record = self.formats.get(format_name)
        if not isinstance(record, dict) or _contents(record.get("inputs", {})) != _contents(inputs):
            return False
        for name, digest in record.get("outputs", {}).items():
            now = signature(self.path.parent / name)
            if now is None or now.digest != digest:
                return False  # an output deleted or edited by hand
        if record["inputs"] != inputs:  # touched, not changed: remember the new times
            record["inputs"] = inputs
            self.touched = True
        return True

    def known(self, format_name: str) -> dict[str, list]:
        record = self.formats.get(format_name)
        return record.get("inputs", {}) if isinstance(record, dict) else {}

    def record(
        self, format_name: str, inputs: dict[str, list], outputs: list[Path], messages: list[str]
    ) -> list[Path]:
        """Remember a format just built; remove the files it wrote last time and not now."""
        record = self.formats.get(format_name)
        previous = record.get("outputs", {}) if isinstance(record, dict) else {}
        # Outputs relative to the book's output folder: two builds elsewhere are byte-identical.
        folder = self.path.parent.absolute()
        written = {
            os.path.relpath(Path(path).absolute(), folder)
            for path in outputs
            if Path(path).exists()
        }
        others = {
            name
            for other, kept in self.formats.items()
            if other != format_name and isinstance(kept, dict)
            for name in kept.get("outputs", {})
        }
        stale = [folder / name for name in previous if name not in written | others]
        for path in stale:
            remove_output(path, folder)
        self.formats[format_name] = {
            "inputs": inputs,
            # Their content only: the times of two builds differ, and the manifest must not.
            "outputs": {name: signature(folder / name).digest for name in sorted(written)},
            "messages": messages,
        }
        return stale

    def discard(self, format_name: str) -> list[Path]:
        """Forget a format that could not be built, and remove what it wrote last time: a
        failed build leaves no older output that looks current. Returns the files removed."""
        record = self.formats.pop(format_name, None)
        previous = record.get("outputs", {}) if isinstance(record, dict) else {}
        folder = self.path.parent.absolute()
        others = {
            name
            for kept in self.formats.values()
            if isinstance(kept, dict)
            for name in kept.get("outputs", {})
        }
        removed = []
        for name in previous:
            if name not in others and remove_output(folder / name, folder):
                removed.append(folder / name)
        return removed

    def messages(self, format_name: str) -> list[str]:
        """What the last build of the format reported (replayed when it is not built again)."""
        record = self.formats.get(format_name)
        return record.get("messages", []) if isinstance(record, dict) else []


def _contents(inputs: dict[str, list]) -> dict[str, Any]:
    """The inputs without their times: what a file holds, not when it was written."""
    return {name: seen[-1] for name, seen in inputs.items()}


def snapshot(
    paths: list[Path], settings: str, known: dict[str, list], engine: str
) -> dict[str, list]:
    """The inputs of an output as the manifest records them: each file's signature, the
    settings (options, version) under the key "settings", and the tool's code and libraries
    (`engine`, from `engine_digest`: computed once for all the formats of a build) under
    "engine"."""
    files: dict[str, list] = {"settings": [settings], "engine": [engine]}
    for path in paths:
        seen = signature(path, known.get(str(path)))
        if seen is not None:
            files[str(path)] = seen.as_list()
    return files


def record_key(format_name: str, settings: str) -> str:
    """The manifest's key for a format built with given settings: `pdf 1a2b3c4d5e6f`."""
    import hashlib

    return f"{format_name} {hashlib.sha256(settings.encode()).hexdigest()[:12]}"


def settings_of(format_name: str, options: Any, strict: bool) -> str:
    """Everything besides files that an output depends on, as one comparable string."""
    return json.dumps(
        {
            "format": format_name,
            "version": build_tools.__version__,
            "options": _plain(options),
            "strict": strict,
            "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", ""),
        },
        sort_keys=True,
    )


LIBRARIES = ("lxml", "jinja2", "weasyprint", "font-source-serif-pro", "font-source-sans-pro")
"""What renders besides rulebook's own code: an upgrade of one builds the outputs again."""


def _library_versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    versions = {}
    for name in LIBRARIES:
        try:
            versions[name] = version(name)
        except PackageNotFoundError:
            versions[name] = ""
    return versions


def _plain(value: Any) -> Any:
    """`value` as JSON data, sets sorted: the same options give the same string in any process."""
    if dataclasses.is_dataclass(value):
        return {name: _plain(item) for name, item in sorted(vars(value).items())}
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in sorted(value.items())}
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(item) for item in value)
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value if isinstance(value, (str, int, float, bool, type(None))) else repr(value)
