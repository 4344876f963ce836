"""How a build shows its progress: a bar on a terminal (tqdm), plain lines in a log or in CI.

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
        if wanted_bar(verbosity):
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="step", file=sys.stderr, leave=False)

    def step(self, book: str, what: str, seconds: float) -> None:
        """A step has ended: `what` of `book` took `seconds`."""
        if self.bar is not None:
            self.bar.set_description(f"{book}: {what}", refresh=False)
            self.bar.update(1)
        elif self.verbosity > 0:
            print(f"rulebook: {book}: {what} ({seconds:.1f} s)", file=sys.stderr, flush=True)

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
