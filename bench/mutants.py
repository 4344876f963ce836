"""The mutation scores of the three books: `rulebook mutants` on each, as a table for the README.

    python3 bench/mutants.py                 # every mutant of every book (long)
    python3 bench/mutants.py --sample 30     # 30 mutants of each kind per book
    python3 bench/mutants.py --json out.json # also keep every mutant and its verdict

Prints one row per book and kind: killed (or silent), survived (or loud),
equivalent, and the score, then the time the run took.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from build_tools.commands.cli import main  # noqa: E402


def run(books: list[str], sample: int | None, jobs: int) -> list[dict]:
    argv = ["mutants", *books, "--format", "json", "-j", str(jobs)]
    if sample:
        argv += ["--sample", str(sample)]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(argv)
    return json.loads(out.getvalue())


def table(reports: list[dict]) -> str:
    lines = [
        "| book | kind | killed / silent | survived / loud | equivalent | score |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for report in reports:
        for kind, counts in report["scores"].items():
            good = counts.get("killed", counts.get("silent", 0))
            bad = counts.get("survived", counts.get("loud", 0))
            equivalent = counts.get("equivalent", "")
            lines.append(
                f"| {report['book']} | {kind} | {good} | {bad} | {equivalent} "
                f"| {counts['score']:.1f} % |"
            )
    return "\n".join(lines)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("books", nargs="*", default=["cda", "harmonies", "edad"])
    parser.add_argument("--sample", type=int, default=None)
    parser.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", metavar="FILE")
    return parser.parse_args()


if __name__ == "__main__":
    options = arguments()
    started = time.monotonic()
    reports = run(options.books, options.sample, options.jobs)
    print(table(reports))
    print(f"\n{sum(len(r['mutants']) for r in reports)} mutants in "
          f"{time.monotonic() - started:.0f} s, {options.jobs} workers, "
          f"load {os.getloadavg()[0]:.1f}")  # fmt: skip
    if options.json:
        Path(options.json).write_text(json.dumps(reports, ensure_ascii=False, indent=1))
