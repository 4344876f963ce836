"""Fuzz every attribute the renderers honour for minutes: no value may give exit 3.

    python bench/fuzz_attributes.py                 # 10 minutes, HTML (and a PDF every 20 books)
    python bench/fuzz_attributes.py --minutes 1

First every hand-picked value of tests/attribute_fuzzing.py in every attribute at once, then
books Hypothesis draws until the time is up. A failure prints the smallest book Hypothesis
found that gives it, and the script exits 1.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.attribute_fuzzing import NASTY, PLACES, VALUES, run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    arguments = parser.parse_args()
    end = time.monotonic() + arguments.minutes * 60
    books = 0
    with tempfile.TemporaryDirectory() as scratch:
        for number, value in enumerate(NASTY):
            run(Path(scratch) / f"picked-{number}" / "book", dict.fromkeys(PLACES, value))
            books += 1
        print(f"{books} hand-picked books: no exit 3", flush=True)

        @settings(
            max_examples=20,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(values=st.fixed_dictionaries(dict.fromkeys(PLACES, VALUES)))
        def drawn(values):
            nonlocal books
            books += 1
            formats = "html,pdf" if books % 20 == 0 else "html"
            run(Path(tempfile.mkdtemp(dir=scratch)) / "book", values, formats)

        round_ = 0
        while time.monotonic() < end:  # rounds of 20 books, each from its own seed
            round_ += 1
            try:
                seed(round_)(drawn)()
            except AssertionError as failure:
                print(f"exit 3 found after {books} books:\n{failure}", file=sys.stderr)
                return 1
            print(f"{books} books, no exit 3", flush=True)
    print(f"{books} books in {arguments.minutes:g} minutes: no exit 3")
    return 0


if __name__ == "__main__":
    sys.exit(main())
