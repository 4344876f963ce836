"""Books n times Les Clefs de l'Aube, checked against the rules on every copy: how cost grows.

Run from the repository root:

    python bench/scaling.py [--book cda] [--sizes 1,10,30,100] [--formats html,pdf]
                            [--pdf-sizes 1,10,30]

A synthetic book repeats the book's chapters and appendices n times, every id
of a copy renamed (`-2`, `-3`…) and the cross-references inside a copy renamed
with them. Its game is the book's own game, with each binding registered once
per copy, by the id of its passage in that copy (passages without an id get
one), so the rules check runs on every copy, not only the first. For each size
it times, as separate processes, `rulebook check` and `rulebook build`, and
prints wall seconds and peak memory, and their growth against the size: linear
growth keeps `time ×` and `memory ×` at or below `size ×` (memory starts from the
interpreter's own ~60 MiB, so it grows slower than the size).
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import os
import sys
import tempfile
from pathlib import Path

from lxml import etree

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.timing import run  # noqa: E402
from build_tools.books import Book, load_game, select  # noqa: E402
from build_tools.checking.binder import Binder  # noqa: E402
from build_tools.checking.runner import run_bindings  # noqa: E402
from build_tools.reader import read_book  # noqa: E402

REPEATED = ("chapter", "appendix")
REFERENCES = ("linkend", "endterm", "otherterm")
TARGETS = "targets.json"

GAME = '''"""A synthetic book: {name}'s game, each binding registered for each copy."""

import json
from pathlib import Path

from build_tools.books import Book, load_game
from build_tools.checking.binder import Binder
from build_tools.checking.claims import Binding

ORIGINAL = Path({folder!r})


def setup(game):
    original, _ = load_game(Book({name!r}, ORIGINAL, Path({main!r})))
    targets = json.loads((Path(__file__).parent / {targets!r}).read_text())
    binder = Binder()
    for binding, ids in zip(original.binder.bindings, targets, strict=True):
        for identifier in ids:
            binder.bindings.append(
                Binding(binding.kind, {{"id": identifier}}, binding.function, binding.file,
                        binding.line)
            )
    game.rules = original.rules
    game.binder = binder
    game.example_sections = original.example_sections
'''


def synthetic_book(book: Book, times: int, folder: Path) -> Path:
    """Write `folder/book.xml` and its game: `book`'s chapters `times` over, each copy bound."""
    document = read_book(book.main)
    root = document.root
    game, _ = load_game(book)
    targets = _targets(document, game) if game and game.binder else []
    for include in list(root.iter("{*}include")):
        include.getparent().remove(include)
    repeated = [child for child in root if child.tag in REPEATED]
    inside = {node.get("id") for division in repeated for node in division.iter() if _id_of(node)}
    copies = [[target] for target in targets]
    if repeated:
        anchor = repeated[-1]
        for number in range(2, times + 1):
            suffix = f"-{number}"
            for division in repeated:
                twin = _renamed(division, suffix)
                anchor.addnext(twin)
                anchor = twin
            for ids, target in zip(copies, targets, strict=True):
                if target in inside:
                    ids.append(target + suffix)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "book.xml"
    text = etree.tostring(root, encoding="unicode")
    path.write_text('<?xml version="1.0" encoding="utf-8"?>\n' + text, encoding="utf-8")
    if game and game.binder:
        (folder / TARGETS).write_text(json.dumps(copies), encoding="utf-8")
        (folder / "__init__.py").write_text(
            GAME.format(
                name=book.name, folder=str(book.folder), main=str(book.main), targets=TARGETS
            ),
            encoding="utf-8",
        )
    return path


def _targets(document, game) -> list[str]:
    """The id of each binding's passage, in the binder's order (an id given where there is none).

    Each binding is run once on the book as it is, wrapped so that it records the
    element its passage is (a table's passage is its title: the table is meant).
    """
    elements: list = [None] * len(game.binder.bindings)
    recorder = Binder()
    for index, binding in enumerate(game.binder.bindings):
        recording = _recording(binding.function, elements, index)
        recorder.bindings.append(dataclasses.replace(binding, function=recording))
    run_bindings(document, recorder, game.example_sections)
    ids = []
    for index, element in enumerate(elements):
        if element is None:  # a stale binding: nothing to repeat
            ids.append(f"bench-missing-{index}")
            continue
        if element.tag == "title" and game.binder.bindings[index].kind == "table":
            element = element.getparent()
        if not element.get("id"):
            element.set("id", f"bench-passage-{index}")
        ids.append(element.get("id"))
    return ids


def _recording(function, elements: list, index: int):
    def record(check, state):
        elements[index] = check.passage.element
        return function(check, state)

    return record


def _id_of(node) -> str | None:
    return node.get("id") if isinstance(node.tag, str) else None


def _renamed(division: etree._Element, suffix: str) -> etree._Element:
    twin = copy.deepcopy(division)
    ids = {_id_of(node) for node in twin.iter()} - {None}
    for node in twin.iter():
        if not isinstance(node.tag, str):
            continue
        if node.get("id"):
            node.set("id", node.get("id") + suffix)
        for attribute in REFERENCES:
            if node.get(attribute) in ids:
                node.set(attribute, node.get(attribute) + suffix)
    return twin


def measure(name: str, source: Path, out: Path, formats: str) -> dict[str, tuple[float, int]]:
    """Wall seconds and peak KiB of `rulebook check NAME` and `rulebook build NAME`."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["RULEBOOK_SOURCE"] = str(source)
    env["RULEBOOK_NO_CHECK_RECORD"] = "1"  # the check's cost, not its record's
    command = [sys.executable, "-m", "build_tools"]
    results = {"check": run(command + ["check", name], env=env, allowed=(0, 1))}
    results["build"] = run(
        command + ["build", name, "--format", formats, "--out", str(out)], env=env
    )
    return results


def main(argv: list[str] | None = None) -> int:
    sys.stdout.reconfigure(line_buffering=True)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", default="cda")
    parser.add_argument("--sizes", default="1,10,30,100")
    parser.add_argument("--formats", default="html", help="formats built at every size")
    parser.add_argument("--pdf-sizes", default="1,10", help="sizes also built as PDF")
    arguments = parser.parse_args(argv)
    os.chdir(ROOT)
    book = select([arguments.book])[0]
    sizes = [int(size) for size in arguments.sizes.split(",") if size.strip()]
    pdf_sizes = {int(size) for size in arguments.pdf_sizes.split(",") if size.strip()}
    with tempfile.TemporaryDirectory(prefix="rulebook-scaling-") as scratch:
        report(book, sizes, pdf_sizes, arguments.formats, Path(scratch))
    return 0


def report(book: Book, sizes: list[int], pdf_sizes: set[int], formats: str, scratch: Path):
    """Print, for each size, the check's and the build's time and memory, and their growth."""
    print(
        f"growth: {book.name}'s chapters repeated n times, the rules checked on every copy "
        f"({os.cpu_count()} cores)"
    )
    first: dict[str, tuple[int, float, int]] = {}
    for size in sizes:
        name = f"{book.name}-x{size}"
        synthetic_book(book, size, scratch / "source" / name)
        steps = measure(name, scratch / "source", scratch / "generated", formats)
        if size in pdf_sizes and "pdf" not in formats:
            steps["build pdf"] = measure(name, scratch / "source", scratch / "generated", "pdf")[
                "build"
            ]
        for step, (seconds, kib) in steps.items():
            label = f"{step} ({formats})" if step == "build" else step
            base_size, base_seconds, base_kib = first.setdefault(step, (size, seconds, kib))
            growth = size / base_size
            linear = seconds / base_seconds <= 1.1 * growth and kib / base_kib <= 1.1 * growth
            print(
                f"  ×{size:<4} {label:<20} {seconds:8.2f} s  peak {kib / 1024:7.0f} MiB  "
                f"time ×{seconds / base_seconds:6.2f}  memory ×{kib / base_kib:5.2f}  "
                f"(size ×{growth:g}: {'linear or better' if linear else 'FASTER than linear'})"
            )


if __name__ == "__main__":
    raise SystemExit(main())
