"""How a build shows its progress: a bar on a terminal (tqdm), plain lines in a log or in CI.

It counts the steps (each book's check, then each format) and the pages they
lay out (a PDF's pages, a web book's pages).

The steps of a book (its check, then each format) are reported as they end, from the
process that builds it; in a pool of processes, through a queue the main process reads.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any


def wanted_bar(verbosity: int) -> bool:
    """A bar only on a terminal, outside CI, and unless -q."""
    return verbosity >= 0 and sys.stderr.isatty() and not os.environ.get("CI")


class Progress:
    """Counts the steps of a build and shows them: a tqdm bar, or (with -v) one line each."""

    def __init__(self, total: int, verbosity: int = 0):
        self.verbosity = verbosity
        self.bar: Any = None
        self.started = time.monotonic()
        self.pages = 0
        if wanted_bar(verbosity):
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="step", file=sys.stderr, leave=False)

    def step(self, book: str, what: str, seconds: float, pages: int = 0) -> None:
        """A step has ended: `what` of `book` took `seconds`, and laid out `pages`."""
        self.pages += pages
        if self.bar is not None:
            self.bar.set_description(f"{book}: {what}", refresh=False)
            if self.pages:
                self.bar.set_postfix_str(f"{self.pages} pages", refresh=False)
            self.bar.update(1)
        elif self.verbosity > 0:
            laid_out = f", {pages} page{'s' if pages > 1 else ''}" if pages else ""
            print(
                f"rulebook: {book}: {what} ({seconds:.1f} s{laid_out})",
                file=sys.stderr,
                flush=True,
            )

    def write(self, line: str, *, error: bool = False) -> None:
        """A line of the build's output, printed above the bar."""
        stream = sys.stderr if error else sys.stdout
        if self.bar is not None:
            self.bar.write(line, file=stream)
        else:
            print(line, file=stream, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
