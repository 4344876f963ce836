"""The one way the engine runs WeasyPrint: the book, the errata sheet, the cards and the sheets
are each laid out through an `Engine`, which opens every URL through the gate's fetcher,
collects WeasyPrint's warnings and the gate's refusals while it runs, gives layout the
recursion the bounds allow (`limits.NESTING`) and mends it where it lays pages out more than
it must (`repagination`, `page_turns`); `report` makes of them the build's findings."""

from __future__ import annotations

import contextlib
import logging
import sys
from pathlib import Path

from build_tools import limits
from build_tools.diagnostics import Finding
from build_tools.render.pdf import page_turns, repagination
from build_tools.render.pdf.fetching import gate_fetcher
from build_tools.render.pdf.weasyprint_loading import load_weasyprint
from build_tools.resources import Gate


class Engine:
    """WeasyPrint for one output: what it opens goes through `gate` (`media`: the page's image
    folder, read from the book's, as `fetching.gate_fetcher` says)."""

    def __init__(self, gate: Gate, media: tuple[Path, str] | None = None) -> None:
        self.weasyprint = load_weasyprint()
        self.refusals: list[str] = []
        self.warnings: list[str] = []
        self.fetcher = gate_fetcher(gate, media=media, refusals=self.refusals)
        self._reported = (0, 0)

    def html(self, string: str, base_url: str):
        """A page for WeasyPrint, every URL of which the gate's fetcher opens."""
        return self.weasyprint.HTML(string=string, base_url=base_url, url_fetcher=self.fetcher)

    def css(self, string: str, **options):
        """A stylesheet whose URLs (fonts, images) the gate's fetcher opens."""
        return self.weasyprint.CSS(string=string, url_fetcher=self.fetcher, **options)

    @contextlib.contextmanager
    def running(self):
        """While WeasyPrint lays out or draws: its warnings collected, its recursion room made."""
        logger = logging.getLogger("weasyprint")
        handler = _Collect(self.warnings)
        logger.addHandler(handler)
        propagate, logger.propagate = logger.propagate, False
        previous = sys.getrecursionlimit()
        sys.setrecursionlimit(max(previous, 200 * limits.NESTING))  # five frames a nested box
        mended = self._mend()
        try:
            yield self
        finally:
            for owner, name, original in reversed(mended):
                setattr(owner, name, original)
            sys.setrecursionlimit(previous)
            logger.removeHandler(handler)
            logger.propagate = propagate

    def _mend(self) -> list[tuple[object, str, object]]:
        """WeasyPrint's layout mended (`repagination`, `page_turns`) until `running` ends,
        where it is not already: what was replaced, to put back."""
        replaced = []
        for owner, name, mend in [
            *repagination.mendings(self.weasyprint),
            *page_turns.mendings(self.weasyprint),
        ]:
            original = getattr(owner, name)
            if not getattr(original, "mended", False):
                replacement = mend(original)
                replacement.mended = True
                setattr(owner, name, replacement)
                replaced.append((owner, name, original))
        return replaced

    def report(self, book: str, output: str, named=()) -> list[Finding]:
        """What this engine met since its last report: WeasyPrint's warnings printed once, by
        `book` and `output` (one that only repeats a refusal, or names a glyph of `named`, left
        out), and each refusal of the gate a finding, returned."""
        warned, refused = self._reported
        refusals = self.refusals[refused:]
        for warning in dict.fromkeys(self.warnings[warned:]):  # each said once
            if not any(refusal in warning for refusal in refusals) and not any(
                f"({code})" in warning for code in named
            ):
                print(f"rulebook: {book}: {output}: {warning}", file=sys.stderr)
        self._reported = (len(self.warnings), len(self.refusals))
        return [
            Finding("error", "refused-access", f"{output}: {refusal}", key=refusal)
            for refusal in refusals
        ]


class _Collect(logging.Handler):
    def __init__(self, messages: list[str]):
        super().__init__(logging.WARNING)
        self.messages = messages

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())
