"""Fuzz the three books by the hundred: byte flips, truncations, moved elements and hostile
attribute values never make `rulebook check` or `rulebook build` an internal error (exit 3).

    python bench/fuzz_books.py                   # 80 variants of each book checked, 10 built
    python bench/fuzz_books.py --check 500 --build 50 cda

The variants are tests/test_fuzz.py's, from the same fixed seeds (the quick suite runs a few
of each kind); a failure names its variant, `variant(book, number)`, and the script exits 1.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.test_fuzz import BOOKS, build_variants, run_variants  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("books", nargs="*", default=list(BOOKS))
    parser.add_argument("--check", type=int, default=80, help="variants checked per book")
    parser.add_argument("--build", type=int, default=10, help="variants built to HTML per book")
    arguments = parser.parse_args()
    start = time.monotonic()
    failed = False
    with tempfile.TemporaryDirectory() as scratch:
        for book in arguments.books:
            for what, run, first, count in (
                ("checked", run_variants, 3, arguments.check),
                ("built to HTML", build_variants, 300, arguments.build),
            ):
                try:
                    done = run(book, range(first, first + count), Path(scratch))
                except AssertionError as error:
                    print(f"{book}: {error}", flush=True)
                    failed = True
                    continue
                print(f"{book}: {done} variants {what}: no exit 3", flush=True)
    print(f"{time.monotonic() - start:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
