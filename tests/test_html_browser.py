"""The HTML books in a real browser: headless Chromium, from a static server and from file://.

Chromium opens every page reachable from each book's first pages, follows every
internal link, clicks one link per page, and reports failed loads and script
errors; its console must stay silent. axe-core audits every page against WCAG 2 A
and AA. Skipped when Debian's `chromium` (or npm's axe-core) is absent.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from tests import pdf_text

BOOKS = ("cda", "harmonies", "edad")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CRAWLER = Path(__file__).with_name("html_crawl.js")
AUDIT = Path(__file__).with_name("html_axe.js")
AXE_PLACES = (
    os.environ.get("RULEBOOK_AXE", ""),
    str(Path.home() / ".cache/rulebook/axe/node_modules/axe-core/axe.min.js"),
)
"""axe-core, the accessibility rules engine, from npm:
npm install --prefix ~/.cache/rulebook/axe axe-core (or set $RULEBOOK_AXE)."""

pytestmark = [
    pytest.mark.skipif(
        CHROMIUM is None, reason="the browser test needs headless Chromium (Debian: chromium)"
    ),
    pytest.mark.slow,  # Chromium starts for each test
]


def chromium(profile: Path, *arguments: str, timeout: int = 120) -> subprocess.CompletedProcess:
    """Run headless Chromium with no network but the loopback, in a fresh profile."""
    return subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--enable-logging=stderr",
            "--v=0",
            f"--user-data-dir={profile}",
            *arguments,
        ],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture(scope="module")
def site(html_books) -> Path:
    """The three books built to HTML: the site the browser opens."""
    return html_books


@pytest.fixture(scope="module")
def server(site):
    handler = functools.partial(_QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the signature of the base class
        pass


def console_messages(stderr: str) -> list[str]:
    """The lines Chromium logs for the pages' consoles (errors, warnings, logs)."""
    return [line for line in stderr.splitlines() if re.search(r":CONSOLE[(:]", line)]


def test_every_internal_link_is_followed_in_chromium(site, server, tmp_path):
    starts = [f"/{book}/{book}.html" for book in BOOKS] + [
        f"/{book}/html/index.html" for book in BOOKS
    ]
    harness = site / "crawl.html"
    harness.write_text(
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>crawl</title></head>"
        f"<body><pre id='result'></pre><script>window.START_PAGES = {json.dumps(starts)};</script>"
        f"<script>{CRAWLER.read_text(encoding='utf-8')}</script></body></html>",
        encoding="utf-8",
    )
    run = chromium(
        tmp_path / "profile",
        "--virtual-time-budget=120000",
        "--dump-dom",
        f"{server}/crawl.html",
    )
    found = re.search(r'<pre id="result">(.*?)</pre>', run.stdout, re.S)
    assert found and found.group(1), run.stderr[-2000:]
    result = json.loads(
        found.group(1).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    )
    assert "crash" not in result, result
    split_pages = sum(len(list((site / book / "html").glob("*.html"))) for book in BOOKS)
    assert result["pages"] == split_pages + len(BOOKS)  # every page was reached
    assert result["links"] > 500 and result["clicked"] >= split_pages
    assert result["problems"] == []
    assert console_messages(run.stderr) == []


def test_pages_work_from_file_urls_with_their_stylesheet(site, tmp_path):
    Image = pytest.importorskip("PIL.Image")
    shot = tmp_path / "actions.png"
    page = site / "cda/html/actions.html"  # a chapter with tables and examples
    run = chromium(
        tmp_path / "profile",
        "--window-size=1000,1600",
        "--virtual-time-budget=3000",
        f"--screenshot={shot}",
        page.as_uri(),
    )
    assert shot.is_file(), run.stderr[-2000:]
    image = Image.open(shot).convert("RGB")
    # the page background comes from book.css, loaded next to the page from file://
    assert image.getpixel((3, 3)) == (255, 253, 248)
    colours = image.getcolors(maxcolors=1_000_000)
    assert colours is not None and len(colours) > 50  # text, not an empty page
    assert console_messages(run.stderr) == []


def test_the_single_page_is_readable_on_a_phone(site, tmp_path):
    run = chromium(
        tmp_path / "profile",
        "--window-size=390,844",
        "--virtual-time-budget=3000",
        "--dump-dom",
        (site / "harmonies/harmonies.html").as_uri(),
    )
    assert 'name="viewport"' in run.stdout and "Tableau 1.1" in run.stdout
    assert console_messages(run.stderr) == []


def test_every_page_passes_the_accessibility_rules_of_wcag_2_aa(site, server, tmp_path):
    axe = next((Path(place) for place in AXE_PLACES if place and Path(place).is_file()), None)
    if axe is None:
        pytest.skip(
            "axe-core is not installed (npm install --prefix ~/.cache/rulebook/axe axe-core)"
        )
    shutil.copy(axe, site / "axe.min.js")
    pages = [f"/{page.relative_to(site).as_posix()}" for page in sorted(site.glob("*/*.html"))]
    pages += [
        f"/{page.relative_to(site).as_posix()}" for page in sorted(site.glob("*/html/*.html"))
    ]
    harness = site / "audit.html"
    harness.write_text(
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>audit</title></head>"
        f"<body><pre id='result'></pre><script>window.PAGES = {json.dumps(pages)};"
        "window.AXE = '/axe.min.js';</script>"
        f"<script>{AUDIT.read_text(encoding='utf-8')}</script></body></html>",
        encoding="utf-8",
    )
    run = chromium(
        tmp_path / "profile",
        "--virtual-time-budget=300000",
        "--dump-dom",
        f"{server}/audit.html",
        timeout=240,
    )
    found = re.search(r'<pre id="result">(.*?)</pre>', run.stdout, re.S)
    assert found and found.group(1), run.stderr[-2000:]
    result = json.loads(
        found.group(1)
        .replace("&quot;", '"')
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
    )
    assert "crash" not in result, result
    assert result["pages"] == len(pages) >= 20
    assert result["violations"] == []


def test_the_single_page_prints_from_the_browser(site, tmp_path):
    printed = tmp_path / "harmonies.pdf"
    run = chromium(
        tmp_path / "profile",
        "--no-pdf-header-footer",
        f"--print-to-pdf={printed}",
        (site / "harmonies/harmonies.html").as_uri(),
    )
    assert printed.is_file(), run.stderr[-2000:]
    pages = pdf_text.page_texts(printed)
    text = " ".join(" ".join(page.split()) for page in pages)
    assert len(pages) > 10
    assert "Chapitre 1" in text and "Tableau 1.1" in text
    # the print stylesheet starts each chapter on a new page
    starts = [n for n, page in enumerate(pages) if "Chapitre" in page[:80]]
    assert len(starts) >= 2


def test_search_finds_a_glossary_term_from_file_urls(site, tmp_path):
    """The index is built with the book: the search works from file://, with no server."""
    page = site / "cda/html/combat.html"
    run = chromium(
        tmp_path / "profile",
        "--virtual-time-budget=3000",
        "--dump-dom",
        page.as_uri() + "?q=degre%20de%20reussite",  # without accents: the search folds them
    )
    results = re.findall(r'<li class="search-result (\w+)"><a href="([^"]+)">(.*?)</a>', run.stdout)
    assert results, run.stderr[-2000:]
    kind, href, title = results[0]
    title = re.sub(r"<[^>]+>", "", title)
    assert kind == "term" and title.startswith("degré de réussite")
    target, anchor = href.split("#")
    glossary = (site / "cda/html" / target).read_text(encoding="utf-8")
    assert f'id="{anchor}"' in glossary
    assert console_messages(run.stderr) == []


def test_search_ranks_the_words_as_typed_first_and_marks_them(site, tmp_path):
    """« dé critique » (accents as typed) first finds the section that speaks of the critical
    die most, with the words set in <mark>; excerpts keep the book's apostrophes."""
    run = chromium(
        tmp_path / "profile",
        "--virtual-time-budget=3000",
        "--dump-dom",
        (site / "cda/html/combat.html").as_uri() + "?q=d%C3%A9%20critique",
    )
    results = re.findall(r'<li class="search-result \w+">(.*?)</li>', run.stdout)
    assert results, run.stderr[-2000:]
    assert re.match(r'<a href="actions.html#prouesse">2.2 les prouesses', results[0])
    assert "<mark>dé critique</mark>" in results[0]
    excerpts = " ".join(re.findall(r'<span class="search-excerpt">(.*?)</span>', run.stdout))
    assert "’" in excerpts and "'" not in excerpts
    assert console_messages(run.stderr) == []


def test_a_chapter_page_prints_from_its_first_page(site, tmp_path):
    """The browser's print of a chapter: its text from page one, no page of the book's title."""
    printed = tmp_path / "sactions.pdf"
    run = chromium(
        tmp_path / "profile",
        "--no-pdf-header-footer",
        f"--print-to-pdf={printed}",
        (site / "harmonies/html/sactions.html").as_uri(),
    )
    assert printed.is_file(), run.stderr[-2000:]
    first = " ".join(pdf_text.page_texts(printed)[0].split())
    assert first.startswith("Chapitre 1"), first[:200]
    assert "Rechercher" not in first and "Dans ce chapitre" not in first


def measure(site, server, profile: Path, jobs: list[tuple[str, str, int]]) -> list[list]:
    """What each job's script (`name`, `page`, `width`) measures in `page`, framed `width`
    pixels wide: one Chromium for them all.

    Each page is framed in a harness of the same site, so the script reads its layout: it
    finds the framed document as `page` and pushes what it measures onto `found`.
    """
    scripts = {name: f"(page, found) => {{{SCRIPTS[name]}}}" for name, _, _ in jobs}
    frames = [{"script": name, "page": page, "width": width} for name, page, width in jobs]
    harness = site / "measure.html"
    harness.write_text(
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>measure</title>"
        "<style>body { margin: 0; } iframe { display: block; border: 0; }</style></head>"
        "<body><pre id='result'></pre><script>"
        f"const scripts = {{{', '.join(f'{json.dumps(k)}: {v}' for k, v in scripts.items())}}};"
        f"const frames = {json.dumps(frames)}; const results = []; let waiting = frames.length;"
        "frames.forEach((job, index) => { const frame = document.createElement('iframe');"
        "frame.width = job.width; frame.height = 900; frame.src = job.page;"
        "frame.onload = () => { const found = []; scripts[job.script](frame.contentDocument,"
        " found); results[index] = found; if (--waiting === 0)"
        " document.getElementById('result').textContent = JSON.stringify(results); };"
        "document.body.appendChild(frame); });</script></body></html>",
        encoding="utf-8",
    )
    run = chromium(
        profile,
        f"--window-size={max(width for _, _, width in jobs) + 40},1000",
        "--virtual-time-budget=20000",
        "--dump-dom",
        f"{server}/measure.html",
    )
    found = re.search(r'<pre id="result">(.*?)</pre>', run.stdout, re.S)
    assert found and found.group(1), run.stderr[-2000:]
    return json.loads(found.group(1).replace("&amp;", "&").replace("&lt;", "<"))


TABLES_IN_VIEW = """
  for (const wrapper of page.querySelectorAll('.table-wrapper, pre.screen')) {
    const box = wrapper.getBoundingClientRect();
    const column = wrapper.parentElement.getBoundingClientRect();
    const clipped = wrapper.scrollWidth > wrapper.clientWidth + 1;
    wrapper.scrollLeft = wrapper.scrollWidth;
    const left = (node) => node ? node.getBoundingClientRect().left - box.left : 0;
    found.push({
      caption: (wrapper.querySelector('caption') || {}).textContent || '',
      clipped: clipped,
      outside: box.right > page.documentElement.clientWidth + 1,
      column: box.left >= column.left - 1 && box.right <= column.right + 1,
      captionLeft: left(wrapper.querySelector('caption .caption-text')),
      cellLeft: left(wrapper.querySelector('tbody tr > :first-child')),
    });
  }
"""


MARKS_IN_MARGIN = """
  for (const mark of page.querySelectorAll('p + details.verification.verified')) {
    const paragraph = mark.previousElementSibling;
    const range = page.createRange();
    range.selectNodeContents(paragraph);
    const boxes = Array.from(range.getClientRects());
    const last = boxes[boxes.length - 1];
    const sign = mark.querySelector('summary').getBoundingClientRect();
    found.push({
      text: paragraph.getBoundingClientRect().right,
      sign: {left: sign.left, top: sign.top, bottom: sign.bottom},
      last: {top: last.top, bottom: last.bottom},
      below: sign.top >= paragraph.getBoundingClientRect().bottom - 1,
    });
  }
"""

LIST_MARKS = MARKS_IN_MARGIN.replace("'p + details", "'li > p + details")
SCRIPTS = {"tables": TABLES_IN_VIEW, "marks": MARKS_IN_MARGIN, "list marks": LIST_MARKS}
TABLE_PAGES = ("/harmonies/html/sactions.html", "/harmonies/html/scombat.html")
MEASURED = [
    *[("tables", page, width) for page in TABLE_PAGES for width in (1280, 390)],
    ("marks", "/cda/html/actions.html", 1280),
    ("marks", "/cda/html/actions.html", 390),
    ("list marks", "/harmonies/html/scombat.html", 390),
]
"""The layouts the tests below measure, all in one Chromium."""


@pytest.fixture(scope="module")
def measured(site, server, tmp_path_factory) -> dict[tuple[str, str, int], list]:
    profile = tmp_path_factory.mktemp("measure") / "profile"
    return dict(zip(MEASURED, measure(site, server, profile, MEASURED), strict=True))


@pytest.mark.xdist_group("measured")  # one Chromium measures them all
@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("page", TABLE_PAGES)
def test_tables_stay_in_the_column_and_keep_caption_and_first_column_in_view(measured, width, page):
    """Every table of Harmonies, and its ASCII « table de combat », stays within the text's
    column at 1280 px as on a phone, its caption with it: a wide one scrolls there, with its
    caption and first column in view."""
    tables = measured[("tables", page, width)]
    assert tables
    for table in tables:
        assert not table["outside"] and table["column"], table
        if width < 1280 and table["caption"]:
            assert table["captionLeft"] >= -1 and table["cellLeft"] >= -1, table
    if "sactions" in page:  # the chances table is wider than the column: it scrolls
        assert any(table["clipped"] for table in tables if "Tableau 1.1" in table["caption"])


@pytest.mark.xdist_group("measured")  # one Chromium measures them all
@pytest.mark.parametrize("width", [1280, 390])
def test_a_verified_paragraph_has_its_tick_in_the_margin_beside_its_last_line(measured, width):
    """On a wide screen a paragraph's ✓ stands in the margin, level with its last line (not on a
    line of its own); on a phone, where there is no margin, it follows the paragraph."""
    marks = measured[("marks", "/cda/html/actions.html", width)]
    assert len(marks) >= 3
    for mark in marks:
        if width >= 1280:
            assert mark["sign"]["left"] >= mark["text"], mark  # in the margin
            middle = (mark["sign"]["top"] + mark["sign"]["bottom"]) / 2
            assert mark["last"]["top"] <= middle <= mark["last"]["bottom"], mark
        else:
            assert mark["below"], mark


@pytest.mark.xdist_group("measured")  # one Chromium measures them all
def test_a_list_items_tick_stays_on_its_last_line_on_a_phone(measured):
    """The margin's measure, of the ✓ after a list item's paragraph: on its last line."""
    marks = measured[("list marks", "/harmonies/html/scombat.html", 390)]
    assert len(marks) >= 3
    for mark in marks:
        middle = (mark["sign"]["top"] + mark["sign"]["bottom"]) / 2
        assert mark["last"]["top"] <= middle <= mark["last"]["bottom"], mark
