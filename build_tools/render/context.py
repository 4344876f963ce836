"""What a renderer gets and gives: the options, the context of one book's build (its checked
report, the folder to write into), the error of a format that cannot be written, and the
formats, each a module of `render/` looked up by name (the build command: `commands/build.py`)."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from build_tools.books import Book, UsageError

if TYPE_CHECKING:
    from build_tools.examine import Report

FORMATS = ("html", "pdf", "cards", "sheets", "errata")


@dataclass
class Options:
    """How to render: paper, drafts, profiling, tagged PDF."""

    paper: str | None = "a4"
    """None: the book's settings say, else a4 (resolved per book by `for_book`)."""
    paper_given: bool = False
    """Whether --paper was given: the sheets are then printed on that paper only, else on both."""
    draft: bool = False
    userlevel: set[str] | None = None
    condition: set[str] | None = None
    profile: dict[str, set[str]] = field(default_factory=dict)
    """Other profiling attributes (revision, os, audience…) and the values an edition keeps."""
    tagged: bool = True
    card_size: str | None = None
    """Cards: poker, tarot or a6; None for the size the deck file asks for."""
    previews: bool = False
    """Cards: also write a PNG preview of each card."""
    rules: bool = True
    """Run the book's rules (importing its folder's Python); False for an untrusted book."""


class RenderError(Exception):
    """A format that cannot be written (a card whose text overflows it): its findings say why."""

    def __init__(self, findings: list):
        super().__init__("; ".join(finding.message for finding in findings))
        self.findings = findings


@dataclass
class RenderContext:
    """What a renderer gets: the checked book, the options, and the folder to write into."""

    report: Report
    options: Options
    out: Path
    written: list[Path] = field(default_factory=list)
    findings: list = field(default_factory=list)
    """What the renderers report (an element they could not render): printed after the build."""
    pages: int = 0
    """The pages the renderers laid out (a PDF's): what the build's progress counts."""
    folios: dict[str, str] = field(default_factory=dict)
    """Anchor -> its printed folio, once the PDF is laid out (the errata sheet gives pages)."""

    @property
    def document(self):
        return self.report.document

    @property
    def book(self) -> Book:
        return self.report.book


def available_formats() -> list[str]:
    """The formats whose renderer this installation has: the only ones offered."""
    return [name for name in FORMATS if importlib.util.find_spec(f"build_tools.render.{name}")]


def renderer(name: str):
    """The renderer module for a format, looked up by name."""
    if name not in available_formats():
        raise UsageError(f"unknown format {name!r} (formats: {', '.join(available_formats())})")
    return importlib.import_module(f"build_tools.render.{name}")
