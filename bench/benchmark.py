"""Every speed aim of rulebook, each printed as a ratio against its reference, in one run.

Run from the repository root (takes a few minutes; the machine should be quiet):

    python bench/benchmark.py [--runs 3] [--sizes 1,10,30] [--pdf-sizes 1,10] [--check-only]

On the same machine, in the same run, best of `--runs` (each run of ours builds
into a fresh folder, so that no run profits from the one before):

- the PDF of each book against xsltproc + docbook-xsl's fo/docbook.xsl + Apache FOP (aim ≤ 1.0);
- the HTML of each book (the single page and the chunked pages, as `rulebook build`
  writes them) against xsltproc + docbook-xsl's html/docbook.xsl alone (aim ≤ 1.0);
- `rulebook check` of every book, wall seconds (aim ≤ 0.4 s), with nothing changed since the
  check before (the books' findings given again from their records) and in full
  (`RULEBOOK_NO_CHECK_RECORD=1`); `--check-only` measures this alone (a few seconds);
- a second `rulebook build` with nothing changed against the first (aim ≤ 0.1);
- books n times the first book, checked on every copy: time and peak memory
  against the size (aim: growth linear or better), see bench/scaling.py.

Our commands run as an installed package runs: with Python's bytecode cache
(PYTHONDONTWRITEBYTECODE is cleared for them, and a first run warms the caches).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import scaling  # noqa: E402
from bench.timing import run  # noqa: E402
from build_tools.books import select  # noqa: E402

DOCBOOK_XSL = Path("/usr/share/xml/docbook/stylesheet/docbook-xsl")
OURS = [sys.executable, "-m", "build_tools"]
ENVIRONMENT = {
    key: value
    for key, value in os.environ.items()
    if key not in ("PYTHONDONTWRITEBYTECODE", "RULEBOOK_NO_CHECK_RECORD")
}
IN_FULL = {**ENVIRONMENT, "RULEBOOK_NO_CHECK_RECORD": "1"}
"""Every book read and checked, none given from its record: the check after an edit."""


def best(commands: list[list[str]], runs: int, scratch: Path, **options) -> float:
    """The best wall time of `runs` runs of `commands`, one after the other.

    An argument `OUT` is replaced by a fresh folder for each run, so that no run
    profits from what the one before wrote.
    """
    times = []
    for _ in range(runs):
        out = str(scratch / f"out-{next(_FOLDERS)}")
        total = 0.0
        for command in commands:
            total += run([out if part == "OUT" else part for part in command], **options)[0]
        times.append(total)
    return min(times)


_FOLDERS = iter(range(10**9))


def duel(ours: list[list[str]], theirs: list[list[str]], runs: int, scratch: Path):
    """Best times of ours and theirs, their runs alternating: on a shared machine a burst
    of load then falls on both sides alike."""
    mine, others, mine_cpu, others_cpu = [], [], [], []
    for _ in range(runs):
        for commands, times, processor, options in (
            (ours, mine, mine_cpu, {"env": ENVIRONMENT}),
            (theirs, others, others_cpu, {}),
        ):
            before = _children_cpu()
            times.append(best(commands, 1, scratch, **options))
            processor.append(_children_cpu() - before)
    return min(mine), min(others), min(mine_cpu), min(others_cpu)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def processor_seconds(command: list[str], environment: dict[str, str] = ENVIRONMENT) -> float:
    """The CPU seconds (user and system) `command` and its processes spend: load-proof."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=environment, capture_output=True, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def xsltproc(sheet: str, main: Path, output: Path) -> list[str]:
    command = ["xsltproc", "--nonet", "--xinclude"]
    if sheet == "fo/docbook.xsl":  # A4 and bookmarks, as our PDF has
        command += ["--stringparam", "paper.type", "A4", "--stringparam", "fop1.extensions", "1"]
    return command + ["--output", str(output), str(DOCBOOK_XSL / sheet), str(main)]


def report(
    book: str,
    ours: float,
    theirs: float | None,
    aim: float,
    ours_cpu: float | None = None,
    theirs_cpu: float | None = None,
) -> None:
    if theirs is None:
        print(f"  {book:<10} ours {ours:6.2f} s; the reference tool is not installed")
        return
    ratio = ours / theirs
    print(f"  {book:<10} {ratio:5.2f}  {verdict(ratio, aim)}  ", end="")
    print(f"(ours {ours:.2f} s, theirs {theirs:.2f} s)", end="")
    if ours_cpu and theirs_cpu:  # CPU seconds: what load on a shared machine does not stretch
        print(f"; CPU {ours_cpu / theirs_cpu:.2f} ({ours_cpu:.2f} s vs {theirs_cpu:.2f} s)", end="")
    print()


def verdict(value: float, aim: float) -> str:
    return f"{'met' if value <= aim else 'NOT met'} (aim ≤ {aim:g})"


def check_figures(books, runs: int, work: Path) -> None:
    """`rulebook check` of every book, nothing changed since the check before, then in full."""
    for what, environment in (("nothing changed", ENVIRONMENT), ("in full", IN_FULL)):
        check = best([OURS + ["check"]], runs, work, allowed=(0, 1), env=environment)
        print(
            f"rulebook check (all {len(books)} books, {what}): {check:.2f} s  "
            f"{verdict(check, 0.4)}  ",
            end="",
        )
        cpu = processor_seconds(OURS + ["check"], environment)
        print(f"(CPU {cpu:.2f} s over the cores)")


def machine() -> str:
    model = ""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    python = platform.python_version()
    return f"{model or platform.processor()}, {os.cpu_count()} cores, Python {python}"


def main(argv: list[str] | None = None) -> int:
    sys.stdout.reconfigure(line_buffering=True)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--sizes", default="1,10,30", help="synthetic book sizes (× the first book)"
    )
    parser.add_argument("--pdf-sizes", default="1,10", help="sizes also built as PDF")
    parser.add_argument(
        "--check-only", action="store_true", help="only `rulebook check` of every book"
    )
    arguments = parser.parse_args(argv)
    os.chdir(ROOT)
    books = select([])
    references = shutil.which("xsltproc") and (DOCBOOK_XSL / "fo/docbook.xsl").is_file()
    if not (references or arguments.check_only):
        print("xsltproc and docbook-xsl are needed (Debian: apt-get install xsltproc docbook-xsl)")
        return 2
    fop = shutil.which("fop")
    runs = arguments.runs
    print(f"machine: {machine()}; best of {runs} runs (ours and theirs alternating)")
    with tempfile.TemporaryDirectory(prefix="rulebook-benchmark-") as scratch:
        work = Path(scratch)
        mine = {"env": ENVIRONMENT}

        def build(book: str, formats: str, out: str = "OUT") -> list[str]:
            return OURS + ["build", book, "--format", formats, "--out", out]

        subprocess.run(OURS + ["check"], env=ENVIRONMENT, capture_output=True)  # warm caches
        if arguments.check_only:
            check_figures(books, runs, work)
            return 0
        run(build(books[0].name, "html", str(work / "warm")), **mine)

        print("PDF of each book: ours / xsltproc fo/docbook.xsl + fop")
        for book in books:
            fo, pdf = work / "fop.fo", work / "fop.pdf"
            reference = [
                xsltproc("fo/docbook.xsl", book.main, fo),
                ["fop", "-q", str(fo), str(pdf)],
            ]
            if fop:
                ours, theirs, ours_cpu, theirs_cpu = duel(
                    [build(book.name, "pdf")], reference, runs, work
                )
                report(book.name, ours, theirs, 1.0, ours_cpu, theirs_cpu)
            else:
                report(book.name, best([build(book.name, "pdf")], runs, work, **mine), None, 1.0)

        print("HTML of each book (single page + chunked): ours / xsltproc html/docbook.xsl")
        for book in books:
            reference = [xsltproc("html/docbook.xsl", book.main, work / "xsl.html")]
            ours, theirs, ours_cpu, theirs_cpu = duel(
                [build(book.name, "html")], reference, runs, work
            )
            report(book.name, ours, theirs, 1.0, ours_cpu, theirs_cpu)

        check_figures(books, runs, work)

        print("second build with nothing changed / first build (html,pdf):")
        for book in books:
            out = str(work / f"twice-{book.name}")
            first = run(build(book.name, "html,pdf", out), **mine)[0]
            second = best([build(book.name, "html,pdf", out)], arguments.runs, work, **mine)
            ratio = second / first
            status = verdict(ratio, 0.1)
            if ratio > 0.5:
                status = "not available: the second build redoes everything"
            print(f"  {book.name:<10} {ratio:5.2f}  {status}  ", end="")
            print(f"(first {first:.2f} s, second {second:.2f} s)")

        sizes = [int(size) for size in arguments.sizes.split(",") if size.strip()]
        pdf_sizes = {int(size) for size in arguments.pdf_sizes.split(",") if size.strip()}
        if sizes:
            scaling.report(books[0], sizes, pdf_sizes, "html", work / "scaling")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
