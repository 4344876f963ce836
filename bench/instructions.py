"""`rulebook check` counted in instructions, this tree against another commit: a measure that
the machine's load does not change, where wall seconds vary by half from run to run.

Run from the repository root (needs valgrind; a minute or two):

    python bench/instructions.py [--base COMMIT] [BOOK ...]

For each book (default: every book), and for the three books in one command, prints the
instructions of `rulebook check` in full (`RULEBOOK_NO_CHECK_RECORD=1`, bytecode cached, a
first run warming it), in this tree and at `--base` (default: HEAD~1), checked out in a
temporary worktree, and their ratio. For the books in one command, whose books are checked
in two processes, it is the longer of the two that is counted: the one the wall time waits
for (a process's count includes what its parent did before forking it).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COUNT = re.compile(r"==(\d+)== I\s+refs:\s+([\d,]+)")


def instructions(tree: Path, books: list[str]) -> int:
    """The instructions of the longest process of `rulebook check BOOKS` run in `tree`."""
    environment = {
        key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"
    }
    environment.update(RULEBOOK_NO_CHECK_RECORD="1", PYTHONHASHSEED="0", PYTHONPATH=str(tree))
    command = [sys.executable, "-m", "build_tools", "check", *books]
    subprocess.run(command, cwd=tree, env=environment, capture_output=True)  # warm the bytecode
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--trace-children=yes"]
        + ["--cachegrind-out-file=/dev/null", *command],
        cwd=tree,
        env=environment,
        capture_output=True,
        text=True,
    )
    counts = [int(count.replace(",", "")) for _, count in COUNT.findall(done.stderr)]
    if not counts:
        raise SystemExit(f"valgrind counted nothing:\n{done.stderr[-2000:]}")
    return max(counts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="HEAD~1", help="the commit to compare with")
    parser.add_argument("books", nargs="*", help="book names (default: every book)")
    arguments = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    books = arguments.books or sorted(
        path.parent.name for path in (ROOT / "source").glob("*/__init__.py")
    )
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch) / "base"
        subprocess.run(
            ["git", "worktree", "add", "-q", "--detach", str(base), arguments.base],
            cwd=ROOT,
            check=True,
        )
        try:
            print(f"rulebook check, in full: instructions, {arguments.base} → this tree")
            for name, wanted in [*((book, [book]) for book in books), ("all", books)]:
                before, after = instructions(base, wanted), instructions(ROOT, wanted)
                print(
                    f"  {name:<12} {before / 1e9:6.2f} G → {after / 1e9:6.2f} G  "
                    f"({after / before:.2f}×)"
                )
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
