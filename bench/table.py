"""Every figure of the speed table side by side, in one run: ours, the reference, the ratio.

Run from the repository root (a few minutes; note the load it prints):

    python bench/table.py [--runs 5] [--public MAIN.xml ...] [--skip pdf,serve,...]

Medians of `--runs` runs, ours and the reference alternating run by run, so that a
burst of load on a shared machine falls on both alike; each run of ours builds into
a fresh folder, with Python's bytecode cache as an installed package has it
(PYTHONDONTWRITEBYTECODE is cleared for our commands). The rows:

- pdf: Les Clefs de l'Aube's PDF against xsltproc + docbook-xsl's fo/docbook.xsl + FOP,
  with and without `--no-rules`;
- html: its HTML (one page and the chunked pages, as `rulebook build` writes them)
  against xsltproc's one page (html/docbook.xsl), with and without `--no-rules`;
- check: `rulebook check` of the three books, wall, twice: with nothing changed since the
  check before (each book's findings given again from its record, `generated/BOOK/.rulebook-check`)
  and in full (`RULEBOOK_NO_CHECK_RECORD=1`: every book read and checked, as after an edit);
- public: each book given with `--public` (public DocBook books, no rules) as HTML,
  against xsltproc's one page;
- serve: `rulebook serve` on a copy of the book, one paragraph edited: seconds from the
  save to the server's reload event and the page served with the new words;
- edit: a copy built as HTML and PDF, one paragraph edited, built again: the second build
  against a full build.

The reference tools come from Debian: `apt-get install xsltproc docbook-xsl docbook-xml fop`.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.timing import run  # noqa: E402

DOCBOOK_XSL = Path("/usr/share/xml/docbook/stylesheet/docbook-xsl")
OURS = [sys.executable, "-m", "build_tools"]
ENVIRONMENT = {
    key: value
    for key, value in os.environ.items()
    if key not in ("PYTHONDONTWRITEBYTECODE", "RULEBOOK_NO_CHECK_RECORD")
}
ENVIRONMENT["PYTHONPATH"] = str(ROOT)
ROWS = ("pdf", "html", "check", "public", "serve", "edit")
PARAGRAPH = re.compile(r"(<para>)([^<\d]{40,}?)(</para>)")
"""A paragraph of plain words, no number and no markup: an edit of it changes no rule."""


class Scratch:
    """Fresh folders in one temporary folder, each name used once."""

    def __init__(self, root: Path):
        self.root = root
        self.count = 0

    def folder(self, name: str = "out") -> Path:
        self.count += 1
        return self.root / f"{name}-{self.count}"


def xsltproc(sheet: str, main: Path, output: Path) -> list[str]:
    command = ["xsltproc", "--nonet", "--xinclude"]
    if sheet == "fo/docbook.xsl":  # A4 and bookmarks, as our PDF has
        command += ["--stringparam", "paper.type", "A4", "--stringparam", "fop1.extensions", "1"]
    return command + ["--output", str(output), str(DOCBOOK_XSL / sheet), str(main)]


def build(book: str, formats: str, out: Path, *extra: str) -> list[str]:
    return OURS + ["build", book, "--format", formats, "--out", str(out), *extra]


def timed(commands: list[list[str]], ours: bool, extra: dict[str, str] | None = None) -> float:
    """Wall seconds of `commands` run one after the other (ours with the bytecode cache, and
    the `extra` variables); their CPU seconds are added to `CPU`."""
    options = {"env": {**ENVIRONMENT, **(extra or {})}} if ours else {}
    before = _children_cpu()
    wall = sum(run(command, allowed=(0, 1), **options)[0] for command in commands)
    CPU.append(_children_cpu() - before)
    return wall


CPU: list[float] = []
"""The CPU seconds (user and system) of each `timed` run: what load on a shared machine
stretches far less than wall time."""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def duel(ours, theirs, runs: int, scratch: Scratch) -> tuple[float, float]:
    """Medians of ours and theirs, alternating. Each is a function of a fresh folder giving
    the commands to run."""
    mine, others, mine_cpu, others_cpu = [], [], [], []
    for _ in range(runs):
        mine.append(timed(ours(scratch.folder()), ours=True))
        mine_cpu.append(CPU[-1])
        others.append(timed(theirs(scratch.folder()), ours=False))
        others_cpu.append(CPU[-1])
    DUEL_CPU[:] = [statistics.median(mine_cpu), statistics.median(others_cpu)]
    return statistics.median(mine), statistics.median(others)


DUEL_CPU: list[float] = []
"""The median CPU seconds of ours and theirs in the last `duel`."""


def line(what: str, ours: float, theirs: float | None, aim: str = "", cpu=None) -> None:
    """A row: wall seconds, the ratio, the aim, and CPU seconds (ours, theirs) when given."""
    reference = f"{theirs:6.2f} s" if theirs else "      —"
    ratio = f"{ours / theirs:5.2f}×" if theirs else "     "
    processor = ""
    if cpu and cpu[1]:
        processor = f"CPU {cpu[0]:.2f} s / {cpu[1]:.2f} s = {cpu[0] / cpu[1]:.2f}×"
    elif cpu:
        processor = f"CPU {cpu[0]:.2f} s"
    print(f"| {what:<50} | {ours:6.2f} s | {reference} | {ratio} | {aim} | {processor}")


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def pdf_rows(book: Path, runs: int, scratch: Scratch) -> None:
    def theirs(out: Path) -> list[list[str]]:
        out.mkdir(parents=True)
        return [
            xsltproc("fo/docbook.xsl", book, out / "book.fo"),
            ["fop", "-q", str(out / "book.fo"), str(out / "book.pdf")],
        ]

    for extra, what in (((), "cda PDF"), (("--no-rules",), "cda PDF, --no-rules")):
        ours, reference = duel(
            lambda out, extra=extra: [build("cda", "pdf", out, *extra)], theirs, runs, scratch
        )
        line(what + " / xsltproc + FOP", ours, reference, "aim ≤ 1.0×", DUEL_CPU)


def html_rows(book: Path, runs: int, scratch: Scratch) -> None:
    def theirs(out: Path) -> list[list[str]]:
        return [xsltproc("html/docbook.xsl", book, out / "book.html")]

    for extra, what, aim in (
        ((), "cda HTML (one page + chunked)", "aim ≤ 1.5×"),
        (("--no-rules",), "cda HTML, --no-rules", "aim ≤ 1.0×"),
    ):
        ours, reference = duel(
            lambda out, extra=extra: [build("cda", "html", out, *extra)], theirs, runs, scratch
        )
        line(what + " / xsltproc one page", ours, reference, aim, DUEL_CPU)


def check_row(runs: int) -> None:
    for what, extra in (
        ("rulebook check, the three books, nothing changed", {}),
        ("rulebook check, the three books, in full", {"RULEBOOK_NO_CHECK_RECORD": "1"}),
    ):
        times = [timed([OURS + ["check"]], ours=True, extra=extra) for _ in range(runs)]
        cpu = [statistics.median(CPU[-runs:]), 0]
        line(what, statistics.median(times), None, "aim ≤ 0.4 s", cpu)


def public_rows(mains: list[Path], runs: int, scratch: Scratch) -> None:
    for main in mains:
        folder = scratch.folder("public")
        shutil.copytree(main.parent, folder)  # the book's folder: its chapters and images too
        copy = folder / main.name
        ours, reference = duel(
            lambda out, copy=copy: [build(str(copy), "html", out, "--no-rules")],
            lambda out, copy=copy: [xsltproc("html/docbook.xsl", copy, out / "book.html")],
            runs,
            scratch,
        )
        line(f"{main.stem} HTML / xsltproc one page", ours, reference, "aim ≤ 1.0×", DUEL_CPU)


def edited(main: Path, count: int) -> None:
    """`main` with one paragraph's words changed (a word added, numbered by `count`)."""
    text = main.read_text(encoding="utf-8")
    found = PARAGRAPH.search(text)
    if found is None:
        raise SystemExit(f"{main}: no paragraph of plain words to edit")
    words = re.sub(r" Ajout \d+\.$", "", found.group(2).rstrip()) + f" Ajout {count}."
    main.write_text(text[: found.start(2)] + words + text[found.end(2) :], encoding="utf-8")


def book_copy(scratch: Scratch) -> Path:
    folder = scratch.folder("cda") / "cda"
    shutil.copytree(ROOT / "source" / "cda", folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def edit_row(runs: int, scratch: Scratch) -> None:
    fulls, again, fulls_cpu, again_cpu = [], [], [], []
    for count in range(runs):
        folder = book_copy(scratch)
        out = scratch.folder()
        fulls.append(timed([build(str(folder), "html,pdf", out)], ours=True))
        fulls_cpu.append(CPU[-1])
        edited(folder / "cda.xml", count)
        again.append(timed([build(str(folder), "html,pdf", out)], ours=True))
        again_cpu.append(CPU[-1])
    full, incremental = statistics.median(fulls), statistics.median(again)
    cpu = [statistics.median(again_cpu), statistics.median(fulls_cpu)]
    line("one paragraph edited: HTML + PDF / full build", incremental, full, "aim ≤ 0.2×", cpu)


def serve_row(runs: int, scratch: Scratch) -> None:
    folder = book_copy(scratch)
    out = scratch.folder()
    server = subprocess.Popen(
        OURS + ["serve", str(folder), "--port", "0", "--out", str(out)],
        cwd=ROOT,
        env=ENVIRONMENT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        port = None
        for output in server.stdout:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", output)
            if found:
                port = int(found.group(1))
                break
        if port is None:
            raise SystemExit("rulebook serve did not start")
        threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
        events = Events(port)
        times = []
        for count in range(runs):
            generation = events.wait_for_next(None)
            time.sleep(0.5)  # the watcher's debounce after the last build settles
            start = time.perf_counter()
            edited(folder / "cda.xml", count)
            events.wait_for_next(generation)
            page = _get(port, "/cda/cda.html")
            times.append(time.perf_counter() - start)
            if f"Ajout {count}." not in page:
                raise SystemExit("rulebook serve: the page served lacks the edit")
        shown = statistics.median(times)
        line("serve: one paragraph saved → page reloaded", shown, None, "aim ≤ 0.5 s")
    finally:
        server.terminate()
        server.wait(10)


class Events:
    """The server's event stream, read in a thread: the number of its latest build."""

    def __init__(self, port: int):
        self.generation = None
        self.changed = threading.Condition()
        threading.Thread(target=self._read, args=(port,), daemon=True).start()

    def _read(self, port: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port)
        connection.request("GET", "/__rulebook/events")
        response = connection.getresponse()
        for raw in response:
            text = raw.decode().strip()
            if text.startswith("data:"):
                with self.changed:
                    self.generation = text.split(":", 1)[1].strip()
                    self.changed.notify_all()

    def wait_for_next(self, seen, timeout: float = 120) -> str:
        with self.changed:
            self.changed.wait_for(lambda: self.generation not in (None, seen), timeout)
            return self.generation


def _get(port: int, path: str) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request("GET", path)
    return connection.getresponse().read().decode("utf-8")


def main(argv: list[str] | None = None) -> int:
    sys.stdout.reconfigure(line_buffering=True)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--public", nargs="*", type=Path, default=[], help="public books' mains")
    parser.add_argument("--skip", default="", help=f"rows left out, of: {','.join(ROWS)}")
    arguments = parser.parse_args(argv)
    skip = {name.strip() for name in arguments.skip.split(",") if name.strip()}
    os.chdir(ROOT)
    if not (shutil.which("xsltproc") and (DOCBOOK_XSL / "fo/docbook.xsl").is_file()):
        print("no xsltproc and docbook-xsl (apt-get install xsltproc docbook-xsl): the rows")
        print("against them (pdf, html, public) are left out")
        skip |= {"pdf", "html", "public"}
    if not shutil.which("fop"):
        skip.add("pdf")
    runs, book = arguments.runs, ROOT / "source" / "cda" / "cda.xml"
    print(f"median of {runs} runs, ours and theirs alternating; load at start {load()}")
    print(f"| {'what':<50} | rulebook | reference | ratio |")
    with tempfile.TemporaryDirectory(prefix="rulebook-table-") as folder:
        scratch = Scratch(Path(folder))
        timed([OURS + ["check"]], ours=True)  # the bytecode cache, warm
        rows = {
            "pdf": lambda: pdf_rows(book, runs, scratch),
            "html": lambda: html_rows(book, runs, scratch),
            "check": lambda: check_row(runs),
            "public": lambda: public_rows(arguments.public, runs, scratch),
            "serve": lambda: serve_row(runs, scratch),
            "edit": lambda: edit_row(max(1, runs // 2), scratch),
        }
        for name in ROWS:
            if name not in skip:
                rows[name]()
    print(f"load at end {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
