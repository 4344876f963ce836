"""Fuzzing the three books: byte flips, truncations, moved elements and hostile attribute values
never make `rulebook check` fail as a bug (exit 3) nor hang.

The variants are drawn from a fixed seed, so a failure names a variant that can be made again:
`variant(book, number)`. A handful run in the quick tests; the slow ones check the first variant
of each of the four kinds per book and build two per book to HTML (a moved element and a hostile
attribute, the changes a renderer meets). `python bench/fuzz_books.py` runs hundreds.
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import signal
from pathlib import Path

import pytest
from lxml import etree

from build_tools.commands.cli import main

ROOT = Path(__file__).resolve().parent.parent
BOOKS = ("cda", "harmonies", "edad")
HOSTILE_VALUES = (
    "1000000000",
    "-1",
    "0",
    "",
    "javascript:alert(1)",
    "70px;background:url(file:///etc/passwd)",
    "../../../../etc/passwd",
    "file:///etc/passwd",
    "http://127.0.0.1:1/",
    "x" * 5000,
    "c1 c2 c3",
    "\u202eé",
)
ATTRIBUTES = ("cols", "colnum", "morerows", "namest", "linkend", "id", "url", "width", "fileref")
SECONDS_PER_VARIANT = 20
"""A variant that takes longer has found a hang."""


def sources(book: str) -> tuple[Path, list[Path]]:
    folder = ROOT / "source" / book
    files = sorted(path for path in folder.rglob("*") if path.suffix in (".xml", ".dtd", ".ent"))
    return folder, files


KINDS = ("flip", "truncate", "move", "attribute")


def kind_of(book: str, number: int) -> str:
    """The kind of change variant `number` of `book` makes (the draws `variant` makes first)."""
    generator = random.Random(f"{book}-{number}")
    generator.choice([path for path in sources(book)[1] if path.suffix == ".xml"])
    return generator.choice(KINDS)


def first_of_each_kind(book: str, numbers, kinds=KINDS) -> list[int]:
    """The first variant of `numbers` of each of `kinds`, in order."""
    chosen: dict[str, int] = {}
    for number in numbers:
        chosen.setdefault(kind_of(book, number), number)
    assert set(chosen) >= set(kinds), (book, chosen)
    return sorted(chosen[kind] for kind in kinds)


def mutate(raw: bytes, generator: random.Random) -> bytes:
    """One change of one of the four kinds, chosen by `generator`."""
    kind = generator.choice(KINDS)
    if kind == "flip" or not raw:
        data = bytearray(raw)
        for _ in range(generator.randint(1, 4)):
            if data:
                data[generator.randrange(len(data))] ^= 1 << generator.randrange(8)
        return bytes(data)
    if kind == "truncate":
        return raw[: generator.randrange(len(raw))]
    parser = etree.XMLParser(resolve_entities=False, load_dtd=False, no_network=True)
    try:
        tree = etree.fromstring(raw, parser).getroottree()
    except etree.XMLSyntaxError:
        return raw[: generator.randrange(len(raw))]
    elements = [node for node in tree.iter() if isinstance(node.tag, str)]
    if len(elements) < 3:
        return raw
    if kind == "move":
        moved = generator.choice(elements[1:])
        places = [
            node for node in elements if node is not moved and moved not in node.iterancestors()
        ]
        places = [node for node in places if not any(a is moved for a in node.iterancestors())]
        if moved.getparent() is not None and places:
            moved.getparent().remove(moved)
            target = generator.choice(places)
            target.insert(generator.randint(0, len(target)), moved)
    else:
        element = generator.choice(elements)
        element.set(generator.choice(ATTRIBUTES), generator.choice(HOSTILE_VALUES))
    return etree.tostring(tree, xml_declaration=True, encoding="UTF-8")


def variant(book: str, number: int, into: Path) -> Path:
    """Copy `book`'s sources into `into` with one of its files changed: variant `number`."""
    generator = random.Random(f"{book}-{number}")
    folder, files = sources(book)
    copy = into / f"{book}-{number}"
    for path in files:
        target = copy / path.relative_to(folder)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    xml = [path for path in files if path.suffix == ".xml"]
    changed = copy / generator.choice(xml).relative_to(folder)
    changed.write_bytes(mutate(changed.read_bytes(), generator))
    return copy


class Hang(Exception):
    pass


def in_process(*argv: str) -> tuple[int, str]:
    """`rulebook ARGV` in-process: its status and what it printed; a `Hang` past the time limit."""

    def too_long(*_):
        raise Hang(f"rulebook {' '.join(argv)} ran for more than {SECONDS_PER_VARIANT} s")

    previous = signal.signal(signal.SIGALRM, too_long)
    signal.alarm(SECONDS_PER_VARIANT)
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            status = main(list(argv))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return status, printed.getvalue()


def run_variants(book: str, numbers, into: Path) -> int:
    for number in numbers:
        folder = variant(book, number, into)
        status, printed = in_process("check", str(folder), "--no-rules")
        assert status != 3, f"variant({book!r}, {number}) is an internal error:\n{printed}"
        assert "Traceback" not in printed, printed
        shutil.rmtree(folder)
    return len(numbers)


@pytest.mark.parametrize("book", BOOKS)
def test_a_handful_of_variants(book, tmp_path):
    assert run_variants(book, range(3), tmp_path) == 3


@pytest.mark.slow
@pytest.mark.parametrize("book", BOOKS)
def test_a_variant_of_each_kind_of_each_book(book, tmp_path):
    numbers = first_of_each_kind(book, range(3, 83))
    assert {kind_of(book, number) for number in numbers} == set(KINDS)
    assert run_variants(book, numbers, tmp_path) == 4


def build_variants(book: str, numbers, into: Path) -> int:
    for number in numbers:
        folder = variant(book, number, into)
        out = str(into / "out")
        status, printed = in_process(
            "build", str(folder), "--no-rules", "--format", "html", "--out", out
        )
        assert status != 3, f"variant({book!r}, {number}) fails the build:\n{printed}"
        assert "Traceback" not in printed, printed
        shutil.rmtree(folder)
    return len(numbers)


@pytest.mark.slow
@pytest.mark.parametrize("book", BOOKS)
def test_a_moved_element_and_a_hostile_attribute_build_to_html(book, tmp_path):
    numbers = first_of_each_kind(book, range(300, 330), ("move", "attribute"))
    assert build_variants(book, numbers, tmp_path) == 2
