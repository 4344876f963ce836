"""How fast `rulebook build --format html` is, against the usual ways of turning DocBook into HTML.

Run from the repository root:

    python bench/html_benchmark.py [--runs 5] [--book cda]

In one run, on the same machine, it times end to end (process start to files written):

- `rulebook build BOOK --format html` (read, validate, check against the rules, then
  write the single page and the split pages);
- docbook-xsl's `html/docbook.xsl` through `xsltproc` (one page), its `html/chunk.xsl`
  (one page per chapter), and the two together (what `rulebook build` writes: both);
- `pandoc -f docbook -t html5 --standalone` (one page);

and prints the ratio of ours to each (below 1.0: ours is faster). It also times, inside
one process, the check alone and the HTML renderer alone, so that the share of each is
visible. A tool that is not installed is reported and skipped (Debian: `apt-get install
xsltproc docbook-xsl pandoc`).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from build_tools.books import select  # noqa: E402

DOCBOOK_XSL = Path("/usr/share/xml/docbook/stylesheet/docbook-xsl/html")


def timed(command: list[str], runs: int, cwd: Path) -> list[float]:
    """Wall seconds of each run of `command`; raises if it fails."""
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, check=True, capture_output=True)
        seconds.append(time.perf_counter() - start)
    return seconds


def in_process(book_name: str, runs: int, out: Path) -> tuple[list[float], list[float]]:
    """Seconds of the check alone and of the HTML renderer alone, inside one process."""
    from build_tools.examine import examine
    from build_tools.render.context import Options, RenderContext
    from build_tools.render.html import book as html

    book = select([book_name])[0]
    checking, rendering = [], []
    for _ in range(runs):
        start = time.perf_counter()
        report = examine(book)
        middle = time.perf_counter()
        html.render(RenderContext(report, Options(), out / book.name))
        checking.append(middle - start)
        rendering.append(time.perf_counter() - middle)
    return checking, rendering


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--book", default="cda")
    arguments = parser.parse_args(argv)
    book = select([arguments.book])[0]
    main_file = str(book.main)
    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="rulebook-bench-") as scratch:
        work = Path(scratch)
        ours = [sys.executable, "-m", "build_tools", "build", book.name]
        ours += ["--format", "html", "--out", str(work / "ours")]
        timed(ours, 1, ROOT)  # the first run compiles the templates into the cache
        results["rulebook build --format html"] = timed(ours, arguments.runs, ROOT)
        if shutil.which("xsltproc") and (DOCBOOK_XSL / "docbook.xsl").is_file():
            for sheet, output in (("docbook.xsl", "-o"), ("chunk.xsl", "--stringparam")):
                command = ["xsltproc", "--nonet", "--xinclude"]
                if output == "-o":
                    command += ["-o", str(work / "xsl.html")]
                else:
                    (work / "chunks").mkdir(exist_ok=True)
                    command += ["--stringparam", "base.dir", str(work / "chunks") + "/"]
                command += [str(DOCBOOK_XSL / sheet), main_file]
                results[f"xsltproc html/{sheet}"] = timed(command, arguments.runs, ROOT)
            # rulebook writes both the single page and the chunked pages: so do these two.
            results["xsltproc docbook.xsl + chunk.xsl"] = [
                single + chunked
                for single, chunked in zip(
                    results["xsltproc html/docbook.xsl"],
                    results["xsltproc html/chunk.xsl"],
                    strict=True,
                )
            ]
        else:
            print("xsltproc or docbook-xsl is not installed: skipped")
        if shutil.which("pandoc"):
            command = ["pandoc", "-f", "docbook", "-t", "html5", "--standalone"]
            command += ["-o", str(work / "pandoc.html"), main_file]
            results["pandoc -f docbook -t html5"] = timed(command, arguments.runs, book.folder)
        else:
            print("pandoc is not installed: skipped")
        checking, rendering = in_process(book.name, arguments.runs, work / "inside")
    print(f"book: {book.name} ({book.main.relative_to(ROOT)}), {arguments.runs} runs each")
    print(f"{'command':40} {'best':>8} {'median':>8}")
    rows = dict(results)
    rows["  inside: the check (examine)"] = checking
    rows["  inside: the HTML renderer"] = rendering
    for name, seconds in rows.items():
        print(f"{name:40} {min(seconds):8.3f} {statistics.median(seconds):8.3f}")
    ours_best = min(results["rulebook build --format html"])
    for name, seconds in results.items():
        if name.startswith("rulebook"):
            continue
        print(f"ratio rulebook / {name}: {ours_best / min(seconds):.2f}")
        print(f"ratio HTML renderer alone / {name}: {min(rendering) / min(seconds):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
