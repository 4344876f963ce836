"""A copy of a book of source/ whose text the tests of a module edit and check, one at a time,
its game loaded once.

Copying a book and importing its Python afresh for each edit of its text cost more than
the check itself. Each edit is undone once checked, so that the copy is the book again for
the next test. A test that edits the rules module makes a copy of its own: its Python must be
imported afresh.
"""

from __future__ import annotations

import contextlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

from build_tools import reports
from build_tools.books import Book, load_game, main_file
from build_tools.examine import Report, examine

SOURCE = Path(__file__).resolve().parents[1] / "source"


class BookCopy:
    """`name` of source/ copied into `into`, its game loaded from the copy."""

    def __init__(self, name: str, into: Path) -> None:
        self.folder = into / name
        shutil.copytree(SOURCE / name, self.folder, ignore=shutil.ignore_patterns("__pycache__"))
        self.book = Book(name, self.folder.resolve(), main_file(self.folder).resolve())
        self.game, problems = load_game(self.book)
        assert self.game is not None, problems

    def text(self, file: str) -> str:
        return (self.folder / file).read_text(encoding="utf-8")

    @contextlib.contextmanager
    def edited(self, file: str, text: str) -> Iterator[Path]:
        """`file` of the copy holds `text` within the block; its own text again after it."""
        path = self.folder / file
        before = path.read_text(encoding="utf-8")
        path.write_text(text, encoding="utf-8")
        try:
            yield path
        finally:
            path.write_text(before, encoding="utf-8")

    def examine(self) -> Report:
        return examine(self.book, game=self.game)

    def examine_replaced(self, replacements: list[tuple[str, str, str]]) -> Report:
        """The report of the copy with each (`file`, `before`, `after`) of `replacements`
        made at once, each `before` found once in its file and none overlapping another; the
        copy is the book again afterwards. For edits of passages that cannot reach each
        other's findings: one check of them all gives each edit's findings as its own would."""
        texts = {file: self.text(file) for file, _, _ in replacements}
        spans: dict[str, list] = {}
        for file, before, after in replacements:
            assert texts[file].count(before) == 1, f"{before!r} is not once in {file}"
            start = texts[file].index(before)
            spans.setdefault(file, []).append((start, start + len(before), after))
        with contextlib.ExitStack() as stack:
            for file, edits in spans.items():
                edited, end = texts[file], len(texts[file])
                for start, stop, after in sorted(edits, reverse=True):
                    assert stop <= end, f"two replacements overlap in {file}"
                    edited, end = edited[:start] + after + edited[stop:], start
                stack.enter_context(self.edited(file, edited))
            return self.examine()

    def check(self) -> tuple[int, list[dict]]:
        """What `rulebook check COPY --format json` gives: its exit status and the findings."""
        report = self.examine()
        (book,) = json.loads(reports.as_json([report], reports.Settings()))["books"]
        return reports.exit_status([report], "error"), book["findings"]
