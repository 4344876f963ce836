"""How fast `rulebook build --format pdf` is, against the usual ways of printing a DocBook book.

Run from the repository root:

    python bench/pdf_benchmark.py [--runs 3] [--book cda] [--all-books]

In one run, on the same machine, it times end to end (process start to PDF written):

- `rulebook build BOOK --format pdf` (check, HTML, WeasyPrint);
- docbook-xsl's `fo/docbook.xsl` through `xsltproc`, then Apache FOP (the reference);
- `pandoc -f docbook --pdf-engine=weasyprint` (WeasyPrint on pandoc's naive HTML);

and prints the ratios of ours to each (below 1.0: ours is faster), then where
one in-process build spends its time. Growth with the book's size is
bench/scaling.py's; every aim at once is bench/benchmark.py's. A tool that is
not installed is reported and skipped (Debian: `apt-get install xsltproc
docbook-xsl fop pandoc`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.timing import run  # noqa: E402
from build_tools.books import select  # noqa: E402

DOCBOOK_FO = Path("/usr/share/xml/docbook/stylesheet/docbook-xsl/fo/docbook.xsl")


@dataclass
class Timing:
    """One command, timed: wall seconds (each run), peak resident memory, pages written."""

    name: str
    seconds: list[float]
    peak_kib: int
    pages: int | None

    @property
    def best(self) -> float:
        return min(self.seconds)

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)


def time_commands(name: str, commands: list[list[str]], runs: int, output: Path, **kw) -> Timing:
    """Time a pipeline of commands run one after the other, `runs` times."""
    seconds, peak = [], 0
    for _ in range(runs):
        output.unlink(missing_ok=True)
        total = 0.0
        for command in commands:
            elapsed, memory = run(command, **kw)
            total += elapsed
            peak = max(peak, memory)
        seconds.append(total)
    return Timing(name, seconds, peak, pages(output))


def pages(pdf: Path) -> int | None:
    if not pdf.is_file():
        return None
    from pypdf import PdfReader

    return len(PdfReader(pdf).pages)


def rulebook(book: str, out: Path, runs: int, env: dict | None = None) -> Timing:
    command = [sys.executable, "-m", "build_tools", "build", book, "--format", "pdf"]
    return time_commands(
        f"rulebook build {book} --format pdf",
        [command + ["--out", str(out)]],
        runs,
        out / book / f"{book}.pdf",
        env=env,
    )


def docbook_fop(main: Path, out: Path, runs: int) -> Timing | str:
    if not (shutil.which("xsltproc") and shutil.which("fop") and DOCBOOK_FO.is_file()):
        return "xsltproc, docbook-xsl or fop is not installed"
    fo, pdf = out / "fop.fo", out / "fop.pdf"
    return time_commands(
        "xsltproc fo/docbook.xsl + fop",
        [
            [
                "xsltproc",
                "--nonet",
                "--xinclude",
                "--stringparam",
                "paper.type",
                "A4",
                "--stringparam",  # bookmarks, as a proper book has
                "fop1.extensions",
                "1",
                "--output",
                str(fo),
                str(DOCBOOK_FO),
                str(main),
            ],
            ["fop", "-q", str(fo), str(pdf)],
        ],
        runs,
        pdf,
    )


def pandoc(main: Path, out: Path, runs: int) -> Timing | str:
    if not shutil.which("pandoc"):
        return "pandoc is not installed"
    pdf = out / "pandoc.pdf"
    command = ["pandoc", "-f", "docbook", "--pdf-engine=weasyprint", "-o", str(pdf), str(main)]
    return time_commands("pandoc --pdf-engine=weasyprint", [command], runs, pdf)


def stages(book_name: str, out: Path) -> list[tuple[str, float]]:
    """Where one in-process build spends its CPU time: (stage, seconds), imports first.

    The layouts are counted as `pdf.lay_out` makes them (a second one places the
    notes, the continued tables and the errata's page numbers).
    """
    from build_tools.render.context import Options, RenderContext

    timings, start = [], time.process_time()

    def lap(name: str) -> None:
        nonlocal start
        now = time.process_time()
        timings.append((name, now - start))
        start = now

    from build_tools.render.pdf.weasyprint_loading import load_weasyprint

    weasyprint = load_weasyprint()
    from build_tools.examine import examine
    from build_tools.render.pdf import book as pdf

    lap("imports (weasyprint, rulebook)")
    report = examine(select([book_name])[0])
    lap("check (read, validate, rules, cards, sheets)")
    layouts = []
    render = weasyprint.HTML.render

    def counted(self, *arguments, **options):
        begin = time.process_time()
        document = render(self, *arguments, **options)
        layouts.append(time.process_time() - begin)
        return document

    weasyprint.HTML.render = counted
    try:
        context = RenderContext(report, Options(), out / "stages" / book_name)
        document = pdf.lay_out(context)
    finally:
        weasyprint.HTML.render = render
    lap("single page, print markup, WeasyPrint parse and layouts")
    last = timings.pop()
    timings.append(("single page, print markup, HTML parse", last[1] - sum(layouts)))
    for number, seconds in enumerate(layouts, 1):
        timings.append(
            (f"WeasyPrint styles and layout {number} ({len(document.pages)} pages)", seconds)
        )
    document.write_pdf(**pdf._pdf_options(context.options))
    lap("WeasyPrint drawing, fonts, PDF")
    return timings


def ratio_line(ours: Timing, other: Timing | str) -> str:
    if isinstance(other, str):
        return f"  ours / {'?':<34}  skipped: {other}"
    return (
        f"  ours / {other.name:<34} {ours.best / other.best:5.2f}  "
        f"(best {ours.best:.2f} s vs {other.best:.2f} s; "
        f"median {ours.median:.2f} s vs {other.median:.2f} s)"
    )


def describe(timing: Timing | str) -> str:
    if isinstance(timing, str):
        return f"  skipped: {timing}"
    runs = ", ".join(f"{s:.2f}" for s in timing.seconds)
    return (
        f"  {timing.name:<40} best {timing.best:6.2f} s  median {timing.median:6.2f} s  "
        f"peak {timing.peak_kib / 1024:6.0f} MiB  {timing.pages or '?':>4} pages  [{runs}]"
    )


def main(argv: list[str] | None = None) -> int:
    sys.stdout.reconfigure(line_buffering=True)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--book", default="cda")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--all-books", action="store_true", help="also time building every book")
    arguments = parser.parse_args(argv)

    os.chdir(ROOT)
    book = select([arguments.book])[0]
    with tempfile.TemporaryDirectory(prefix="rulebook-bench-") as scratch:
        out = Path(scratch)
        print(
            f"PDF of {book.name} ({book.main.relative_to(ROOT)}), {arguments.runs} runs each, "
            f"{os.cpu_count()} cores"
        )
        ours = rulebook(book.name, out / "generated", arguments.runs)
        others = [
            docbook_fop(book.main, out, arguments.runs),
            pandoc(book.main, out, arguments.runs),
        ]
        for timing in (ours, *others):
            print(describe(timing))
        print("ratios (ours / theirs, best of runs; below 1.00 ours is faster):")
        for other in others:
            print(ratio_line(ours, other))
        print("where ours spends its CPU time (one run, in process):")
        for name, seconds in stages(book.name, out):
            print(f"  {name:<40} {seconds:6.2f} s")

        if arguments.all_books:
            every = time_commands(
                "rulebook build --format pdf (every book)",
                [
                    [
                        sys.executable,
                        "-m",
                        "build_tools",
                        "build",
                        "--format",
                        "pdf",
                        "--out",
                        str(out / "all"),
                    ]
                ],
                1,
                out / "none.pdf",
            )
            print(describe(every))

    return 0


if __name__ == "__main__":
    raise SystemExit(main())
