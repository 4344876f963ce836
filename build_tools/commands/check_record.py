"""What `rulebook check` found in a book, kept in the book's output folder and given again while
nothing the findings came from has changed.

`generated/BOOK/.rulebook-check` (`.rulebook-check-no-rules` for --no-rules) holds the report
of the book's last check and what it was made from: every entry of the book's folder (the
content of each regular file, hidden ones too, as a build's manifest keeps it, so that a file
touched but not changed still matches; the kind, size and time of a link out, a FIFO or a huge
file, never read), the tool's code and templates, the DocBook DTD and entity sets the
validation reads, the versions of Python, lxml and libxml2, the working folder and the book's
paths as given. A check whose record matches all of it prints the record's findings without
reading the book; any difference, and the book is checked again and its record replaced. The
findings printed are the same either way, byte for byte: the record holds what a book checked
in another process sends back.

Nothing outside the book's folder is read but the tool's files and the DTD, and only their
signatures. The record is read through an unpickler that builds findings, their corrections,
paths and fractions and nothing else, so that a planted record cannot run code; a record that
cannot be read, or a folder that cannot be written, only means the book is checked again.
`RULEBOOK_NO_CHECK_RECORD=1` turns records off (the test suite does: its tests patch the engine
in-process, which no signature can see).
"""

from __future__ import annotations

import glob
import io
import os
import pickle
import stat
import sys
import time
from pathlib import Path
from typing import Any

from build_tools import limits
from build_tools.assets import templates_folder
from build_tools.books import Book, output_root, source_root
from build_tools.diagnostics import RACY_NS, Finding
from build_tools.examine import Elsewhere, Report, examine_each
from build_tools.output import write_atomic
from build_tools.reader import DOCBOOK_DTD_FOLDERS, SYSTEM_ENTITY_FOLDERS
from build_tools.render.incremental import signature, tree_files
from build_tools.resources import Refused, open_regular, resolved

SCHEMA = 1
NAME = ".rulebook-check"
OFF = "RULEBOOK_NO_CHECK_RECORD"
TOOL = (Path(__file__).resolve().parents[1], templates_folder())
"""The tool's code and its templates (the deck's check reads the icons there): a change to
either (a source tree edited, a new version installed) checks the books again."""
LARGEST_RECORD = 16 * limits.COMPANION_BYTES
"""A record larger than this is not read: the books' are a few tens of kilobytes."""
LARGEST_FOLDER = 5000
"""Entries of a book's folder beyond which no record is kept: signing a folder that holds a
whole repository would cost more than the check it saves."""
ALLOWED = {
    ("build_tools.diagnostics", "Finding"),
    ("build_tools.diagnostics", "Correction"),
    ("fractions", "Fraction"),
    ("pathlib", "PosixPath"),
    ("pathlib", "PurePosixPath"),
    ("builtins", "int"),
}
"""The only classes a record may build: a finding and what it holds."""


def examine_each_remembered(
    books: list[Book], *, cross_check: bool = True, jobs: int | None = None
) -> list[Report]:
    """`examine_each`, each book whose record matches given from its record, the others
    checked (in parallel, as `examine_each` does) and their records written."""
    if os.environ.get(OFF):
        return examine_each(books, cross_check=cross_check, jobs=jobs)
    fixed = _fixed(cross_check)
    kept = [index for index, book in enumerate(books) if _kept(book)]
    records = {index: _load(_record_path(books[index], cross_check)) for index in kept}
    known = {
        name: seen
        for record in records.values()
        if record
        for name, seen in record.get("inputs", {}).items()
    }
    # The tool's files and the DTD are the same for every book: signed once.
    shared = _shared_inputs(known) if kept else {}
    reports: dict[int, Report] = {}
    signatures: dict[int, dict[str, list] | None] = dict.fromkeys(range(len(books)))
    for index in kept:
        book, record = books[index], records[index]
        inputs_now = _book_inputs(book, known)
        if inputs_now is None:
            continue
        inputs_now.update(shared)
        signatures[index] = inputs_now
        if record and _matches(record, fixed, book, inputs_now):
            report = _report(book, record.get("report"))
            if report is not None:
                reports[index] = report
    todo = [index for index in range(len(books)) if index not in reports]
    checked = (
        examine_each([books[index] for index in todo], cross_check=cross_check, jobs=jobs)
        if todo
        else []
    )
    for index, report in zip(todo, checked, strict=True):
        reports[index] = report
        if signatures[index] is not None:
            _save(books[index], cross_check, fixed, signatures[index], report)
    return [reports[index] for index in range(len(books))]


def _kept(book: Book) -> bool:
    """Whether `book` is one of the project's books, under its source/: the check of a folder
    anywhere else leaves nothing behind (it has no output folder of its own)."""
    home, books = resolved(book.folder), resolved(source_root())
    return home is not None and books is not None and home.is_relative_to(books)


def _record_path(book: Book, cross_check: bool) -> Path:
    return output_root() / book.name / (NAME if cross_check else NAME + "-no-rules")


def _fixed(cross_check: bool) -> str:
    """What a check depends on besides files: the interpreter, the XML library, the mode."""
    from lxml import etree

    return repr(
        (
            SCHEMA,
            sys.version,
            etree.LXML_VERSION,
            etree.LIBXML_VERSION,
            cross_check,
            os.getcwd(),
        )
    )


def _matches(record: dict, fixed: str, book: Book, inputs_now: dict[str, list]) -> bool:
    return (
        record.get("schema") == SCHEMA
        and record.get("fixed") == fixed
        and record.get("book") == [book.name, str(book.folder), str(book.main)]
        and _contents(record.get("inputs", {})) == _contents(inputs_now)
    )


def _contents(inputs_seen: dict[str, list]) -> dict[str, Any]:
    """The inputs without their times: what a file holds, not when it was written."""
    return {name: seen[-1] for name, seen in inputs_seen.items()}


def _book_inputs(book: Book, known: dict[str, list]) -> dict[str, list] | None:
    """Every entry of the book's folder, signed; None for a folder too large."""
    home = resolved(book.folder)
    if home is None:
        return None
    signed: dict[str, list] = {}
    entries = 0
    for root, folders, names in os.walk(home):
        folders[:] = sorted(name for name in folders if name != "__pycache__")
        for name in sorted(names) + [name for name in folders if os.path.islink(root + "/" + name)]:
            entries += 1
            if entries > LARGEST_FOLDER:
                return None
            path = Path(root) / name
            try:
                status = os.lstat(path)
            except OSError:
                continue
            if _readable(path, status, home):
                _sign(signed, path, known)
            else:  # a link out, a huge file, a FIFO: never read, only what it is
                signed[str(path)] = [_entry(status)]
    return signed


def _readable(path: Path, status: os.stat_result, home: Path) -> bool:
    """Whether a check may read `path` (the gate's files, `resources.inputs`, and hidden ones,
    which a book may include too): a regular file inside the book's folder, or a link to one,
    no larger than a book's input may be."""
    if stat.S_ISLNK(status.st_mode):
        target = resolved(path)
        if target is None or not target.is_relative_to(home):
            return False
        try:
            status = target.stat()
        except OSError:
            return False
    return stat.S_ISREG(status.st_mode) and status.st_size <= limits.INPUT_BYTES


def _shared_inputs(known: dict[str, list]) -> dict[str, list]:
    """The tool's files and the DocBook DTD and entity sets, signed."""
    signed: dict[str, list] = {}
    for path in _tool_files():
        _sign(signed, path, known)
    for folder in _system_folders():
        for root, _, names in os.walk(folder, followlinks=True):
            for name in sorted(names):
                try:
                    signed[os.path.join(root, name)] = [_entry(os.stat(os.path.join(root, name)))]
                except OSError:
                    continue
    return signed


def _sign(signed: dict[str, list], path: Path, known: dict[str, list]) -> None:
    before = known.get(str(path))
    seen = signature(path, before if before and len(before) == 3 else None)
    if seen is None:
        signed[str(path)] = ["gone"]
        return
    modified = seen.modified
    if modified >= time.time_ns() - RACY_NS:
        modified = 0  # racy: hashed again next time
    signed[str(path)] = [seen.size, modified, seen.digest]


def _entry(status: os.stat_result) -> str:
    return f"{stat.S_IFMT(status.st_mode)}:{status.st_size}:{status.st_mtime_ns}"


def _tool_files() -> list[Path]:
    found = [path for folder in TOOL for path in tree_files(folder) if path.suffix != ".pyc"]
    return list(dict.fromkeys(found))  # installed, the templates are inside the code's folder


def _system_folders() -> list[str]:
    """The DocBook DTDs and entity sets installed: the validation reads them."""
    folders = []
    for pattern in DOCBOOK_DTD_FOLDERS:
        folders += sorted(glob.glob(pattern.format(version="*")))
    return folders + [folder for folder in SYSTEM_ENTITY_FOLDERS if os.path.isdir(folder)]


def _report(book: Book, kept: Any) -> Report | None:
    """The report of a record: what a book checked in another process sends back (None for a
    record of another shape: a damaged or planted one)."""
    if not (
        isinstance(kept, dict)
        and isinstance(kept.get("findings"), list)
        and all(isinstance(finding, Finding) for finding in kept["findings"])
        and isinstance(kept.get("coverage"), (dict, type(None)))
        and isinstance(kept.get("settings"), dict)
        and isinstance(kept.get("unjudged"), int)
    ):
        return None
    return Report(
        book,
        Elsewhere() if kept.get("readable") else None,
        Elsewhere() if kept.get("game") else None,
        kept["findings"],
        kept["coverage"],
        {},
        kept["settings"],
        kept["unjudged"],
    )


def _save(
    book: Book, cross_check: bool, fixed: str, inputs_then: dict[str, list], report: Report
) -> None:
    record = {
        "schema": SCHEMA,
        "fixed": fixed,
        "book": [book.name, str(book.folder), str(book.main)],
        "inputs": inputs_then,
        "report": {
            "readable": report.document is not None,
            "game": report.game is not None,
            "findings": report.findings,
            "coverage": report.coverage,
            "settings": report.settings,
            "unjudged": report.unjudged,
        },
    }
    try:
        data = pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL)
        _Unpickler(io.BytesIO(data)).load()  # what cannot be read back is not kept
    except (pickle.PicklingError, pickle.UnpicklingError, TypeError, AttributeError):
        return
    path = _record_path(book, cross_check)
    try:
        write_atomic(path, data, root=path.parent.parent)
    except OSError:  # a read-only checkout: the books are checked every time
        pass


def _load(path: Path) -> dict | None:
    try:
        with open_regular(path) as handle:
            data = handle.read(LARGEST_RECORD + 1)
    except (OSError, Refused):
        return None
    if len(data) > LARGEST_RECORD:
        return None
    try:
        record = _Unpickler(io.BytesIO(data)).load()
    except Exception:  # a damaged or planted record: the book is checked again
        return None
    if not isinstance(record, dict) or not isinstance(record.get("inputs"), dict):
        return None
    if not all(
        isinstance(name, str) and isinstance(seen, list) and len(seen) in (1, 3)
        for name, seen in record["inputs"].items()
    ):
        return None
    return record


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in ALLOWED:
            raise pickle.UnpicklingError(f"a check record does not hold {module}.{name}")
        return super().find_class(module, name)
