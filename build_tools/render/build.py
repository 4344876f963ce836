"""`rulebook build`: check each book, refuse an unreadable one, then render it in each format asked for."""

from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass, field
from pathlib import Path

from build_tools.books import Book, UsageError
from build_tools.examine import Report, examine

FORMATS = ("html", "pdf", "cards", "sheets")


@dataclass
class Options:
    """How to render: paper, drafts, profiling, tagged PDF."""

    paper: str = "a4"
    draft: bool = False
    userlevel: set[str] | None = None
    condition: set[str] | None = None
    tagged: bool = False


@dataclass
class RenderContext:
    """What a renderer gets: the checked book, the options, and the folder to write into."""

    report: Report
    options: Options
    out: Path
    written: list[Path] = field(default_factory=list)

    @property
    def document(self):
        return self.report.document

    @property
    def book(self) -> Book:
        return self.report.book


def renderer(name: str):
    """The renderer module for a format, looked up by name."""
    if name not in FORMATS:
        raise UsageError(f"unknown format {name!r} (formats: {', '.join(FORMATS)})")
    try:
        return importlib.import_module(f"build_tools.render.{name}")
    except ModuleNotFoundError as error:
        if error.name == f"build_tools.render.{name}":
            raise UsageError(f"the {name} renderer is not available in this version") from None
        raise


def run(books: list[Book], arguments: argparse.Namespace) -> int:
    formats = [name.strip() for name in arguments.format.split(",") if name.strip()]
    modules = {name: renderer(name) for name in formats}
    options = Options(
        paper=arguments.paper,
        draft=arguments.draft,
        userlevel=_set(arguments.userlevel),
        condition=_set(arguments.condition),
        tagged=arguments.tagged,
    )
    status = 0
    for book in books:
        report = examine(book)
        if not report.readable:
            for finding in report.findings:
                print(finding.astext(), file=sys.stderr)
            print(f"rulebook: {book.name}: not built: the book cannot be read", file=sys.stderr)
            status = 2
            continue
        out = Path(arguments.out) / book.name
        context = RenderContext(report, options, out)
        for name, module in modules.items():
            for path in module.render(context):
                print(f"{book.name}: {name}: {path}")
    return status


def _set(value: str | None) -> set[str] | None:
    return {item.strip() for item in value.split(",") if item.strip()} if value else None
