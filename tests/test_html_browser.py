"""The HTML books in a real browser: headless Chromium, from a static server and from file://.

One Chromium for the module, driven over the DevTools pipe (tests/chromium.py). It opens every
page reachable from each book's first pages, once each: there it notes every internal link
(the page it names must load, the element it names must exist), failed loads, script errors
and a page without its stylesheet, axe-core audits the page against WCAG 2 A and AA, and one
link of the page is clicked as a reader clicks it; the consoles must stay silent. Skipped
when Debian's `chromium` (or npm's axe-core, for the audit) is absent.
"""

from __future__ import annotations

import dataclasses
import functools
import http.server
import io
import json
import os
import re
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urldefrag

import pytest

from tests import pdf_text
from tests.chromium import CHROMIUM

BOOKS = ("cda", "harmonies", "edad")
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
    pytest.mark.slow,  # a Chromium, and every page of the three books in it
    pytest.mark.xdist_group("browser"),  # one worker, one Chromium (the `chromium` fixture)
]


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


def pages_on_disk(site: Path, server: str) -> set[str]:
    """The URL of every page of the three books: each single page and each chapter page."""
    files = [*site.glob("*/*.html"), *site.glob("*/html/*.html")]
    return {f"{server}/{page.relative_to(site).as_posix()}" for page in files}


PAGE = """(() => ({
  status: (performance.getEntriesByType('navigation')[0] || {}).responseStatus || 0,
  ids: [...document.querySelectorAll('[id]')].map((element) => element.id),
  links: [...document.querySelectorAll('a[href]')].map((a) => [a.getAttribute('href'), a.href]),
  failed: performance.getEntriesByType('resource').filter((entry) => entry.responseStatus >= 400)
    .map((entry) => `${entry.name} answered ${entry.responseStatus}`),
  styled: document.styleSheets.length > 0 && document.styleSheets[0].cssRules.length > 0,
}))()"""
"""What a page holds and how it loaded: its status, ids, links, failed resources, stylesheet."""

AXE = """axe.run(document, {
  runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},
  resultTypes: ['violations'],
}).then((results) => results.violations.map((violation) => ({
  rule: violation.id,
  impact: violation.impact,
  nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
})))"""
"""axe-core's rules of WCAG 2.0 and 2.1, A and AA, on the page: its violations."""

CLICK = """(() => {
  const internal = [...document.querySelectorAll('a[href]')]
    .filter((a) => new URL(a.getAttribute('href'), location.href).origin === location.origin);
  const anchor = internal.find((a) => a.matches('.xref, .term, .link')) || internal[0];
  if (!anchor) return null;
  const target = new URL(anchor.getAttribute('href'), location.href);
  anchor.click();
  return {href: anchor.getAttribute('href'), path: target.pathname,
          id: decodeURIComponent(target.hash.slice(1))};
})()"""
"""Click a link of the page as a reader does (a cross-reference, a term, a link, else the
first): where it should lead."""

ARRIVED = """((path, id) => location.pathname === path && (!id || !!document.getElementById(id)))"""


@dataclasses.dataclass
class Visits:
    """The pages of the books, each opened once in Chromium, and what was found there."""

    audited: set[str] | None
    """The pages axe-core audited (None: axe-core is not installed)."""
    pages: dict[str, dict] = dataclasses.field(default_factory=dict)
    """URL -> the page's status, ids and links (`PAGE`)."""
    reached: set[str] = dataclasses.field(default_factory=set)
    """The pages that loaded, reached through links from the books' first pages."""
    problems: list[str] = dataclasses.field(default_factory=list)
    violations: list[dict] = dataclasses.field(default_factory=list)
    messages: list[str] = dataclasses.field(default_factory=list)
    """What the pages said on their consoles, their script errors, the browser's warnings."""
    clicked: int = 0
    links: int = 0

    def visit(self, chromium, url: str, axe: str | None) -> list[str]:
        """Open `url`, note how it loaded and its links, audit it with `axe` (axe-core's
        source), click one of its links; the pages it links to."""
        chromium.load(url)
        page = self.pages[url] = chromium.evaluate(PAGE)
        if page["status"] >= 400:
            return []
        self.problems += [f"{url}: {failed}" for failed in page["failed"]]
        if not page["styled"]:
            self.problems.append(f"{url}: no stylesheet applied")
        if axe:
            chromium.evaluate(axe)
            found = chromium.evaluate(AXE, wait=True)
            self.violations += [{"page": url, **violation} for violation in found]
            self.audited.add(url)
        expected = chromium.evaluate(CLICK)
        if expected:
            chromium.wait_event(("Page.loadEventFired", "Page.navigatedWithinDocument"))
            path, anchor = json.dumps(expected["path"]), json.dumps(expected["id"])
            if not chromium.evaluate(f"{ARRIVED}({path}, {anchor})"):
                now = chromium.evaluate("location.href")
                self.problems.append(f"{url}: clicking {expected['href']} led to {now}")
            self.clicked += 1
        self.messages += [f"{url}: {message}" for message in chromium.messages()]
        return [urldefrag(target).url for _, target in page["links"]]

    def follow(self, origin: str) -> None:
        """Judge every internal link of the pages opened: its page loaded, its element is there."""
        for url, page in self.pages.items():
            for href, target in page["links"]:
                if not target.startswith(origin + "/"):
                    continue
                self.links += 1
                address, fragment = urldefrag(target)
                found = self.pages.get(address)
                if found is None or found["status"] >= 400:
                    self.problems.append(f"{url}: {href}: the page does not load")
                elif fragment and unquote(fragment) not in found["ids"]:
                    self.problems.append(f"{url}: {href}: no element #{fragment}")


@pytest.fixture(scope="module")
def visits(chromium, site, server) -> Visits:
    """Open every page reachable from the books' first pages, then any other page the build
    wrote (none, when every page is linked), each once (`Visits.visit`)."""
    axe = next((Path(place) for place in AXE_PLACES if place and Path(place).is_file()), None)
    source = axe.read_text(encoding="utf-8") if axe else None
    visits = Visits(audited=set() if axe else None)
    chromium.new_context()
    chromium.size(1000, 800)
    queue = [f"{server}/{book}/{book}.html" for book in BOOKS]
    queue += [f"{server}/{book}/html/index.html" for book in BOOKS]
    while queue:
        url = queue.pop(0)
        if url not in visits.pages:
            linked = visits.visit(chromium, url, source)
            queue += [page for page in linked if page.startswith(server + "/")]
    visits.reached = {url for url, page in visits.pages.items() if page["status"] < 400}
    for url in sorted(pages_on_disk(site, server) - visits.reached):
        visits.visit(chromium, url, source)
    chromium.end_context()
    visits.follow(server)
    return visits


def test_every_internal_link_is_followed_in_chromium(site, server, visits):
    assert visits.reached == pages_on_disk(site, server)  # every page, through links
    split_pages = sum(len(list((site / book / "html").glob("*.html"))) for book in BOOKS)
    assert visits.links > 500 and visits.clicked >= split_pages
    assert visits.problems == []
    assert visits.messages == []


def test_every_page_passes_the_accessibility_rules_of_wcag_2_aa(site, server, visits):
    if visits.audited is None:
        pytest.skip(
            "axe-core is not installed (npm install --prefix ~/.cache/rulebook/axe axe-core)"
        )
    assert visits.audited == pages_on_disk(site, server) and len(visits.audited) >= 20
    assert visits.violations == []


def test_pages_work_from_file_urls_with_their_stylesheet(site, browser):
    Image = pytest.importorskip("PIL.Image")
    browser.size(1000, 1600)
    browser.load((site / "cda/html/actions.html").as_uri())  # a chapter: tables, examples
    image = Image.open(io.BytesIO(browser.screenshot())).convert("RGB")
    # the page background comes from book.css, loaded next to the page from file://
    assert image.getpixel((3, 3)) == (255, 253, 248)
    colours = image.getcolors(maxcolors=1_000_000)
    assert colours is not None and len(colours) > 50  # text, not an empty page
    assert browser.messages() == []


def test_the_single_page_is_readable_on_a_phone(site, browser):
    browser.size(390, 844)
    browser.load((site / "harmonies/harmonies.html").as_uri())
    page = browser.evaluate("document.documentElement.outerHTML")
    assert 'name="viewport"' in page and "Tableau 1.1" in page
    assert browser.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    assert browser.messages() == []


def test_the_single_page_prints_from_the_browser(site, browser):
    browser.load((site / "harmonies/harmonies.html").as_uri())
    pages = pdf_text.page_texts(browser.pdf())
    text = " ".join(" ".join(page.split()) for page in pages)
    assert len(pages) > 10
    assert "Chapitre 1" in text and "Tableau 1.1" in text
    # the print stylesheet starts each chapter on a new page
    starts = [n for n, page in enumerate(pages) if "Chapitre" in page[:80]]
    assert len(starts) >= 2


def search_results(browser, page: Path, query: str) -> str:
    """The page, as the search script leaves it once it has listed the results of `query`."""
    browser.load(page.as_uri() + "?q=" + query)
    end = time.monotonic() + 20
    while time.monotonic() < end:
        if browser.evaluate("!!document.querySelector('li.search-result')"):
            break
        time.sleep(0.05)
    return browser.evaluate("document.documentElement.outerHTML")


def test_search_finds_a_glossary_term_from_file_urls(site, browser):
    """The index is built with the book: the search works from file://, with no server."""
    # without accents: the search folds them
    page = search_results(browser, site / "cda/html/combat.html", "degre%20de%20reussite")
    results = re.findall(r'<li class="search-result (\w+)"><a href="([^"]+)">(.*?)</a>', page)
    assert results, page[-2000:]
    kind, href, title = results[0]
    title = re.sub(r"<[^>]+>", "", title)
    assert kind == "term" and title.startswith("degré de réussite")
    target, anchor = href.split("#")
    glossary = (site / "cda/html" / target).read_text(encoding="utf-8")
    assert f'id="{anchor}"' in glossary
    assert browser.messages() == []


def test_search_ranks_the_words_as_typed_first_and_marks_them(site, browser):
    """« dé critique » (accents as typed) first finds the section that speaks of the critical
    die most, with the words set in <mark>; excerpts keep the book's apostrophes."""
    page = search_results(browser, site / "cda/html/combat.html", "d%C3%A9%20critique")
    results = re.findall(r'<li class="search-result \w+">(.*?)</li>', page)
    assert results, page[-2000:]
    assert re.match(r'<a href="actions.html#prouesse">2.2 les prouesses', results[0])
    assert "<mark>dé critique</mark>" in results[0]
    # in every result, only the words as typed: never « de », « des » nor the « dé » of « décidé »
    marks = {mark.lower() for mark in re.findall(r"<mark>(.*?)</mark>", page)}
    assert marks and all(m in ("dé critique", "dé") or m.startswith("critique") for m in marks), (
        marks
    )
    excerpts = " ".join(re.findall(r'<span class="search-excerpt">(.*?)</span>', page))
    assert "’" in excerpts and "'" not in excerpts
    assert browser.messages() == []


def test_a_chapter_page_prints_from_its_first_page(site, browser):
    """The browser's print of a chapter: its text from page one, no page of the book's title."""
    browser.load((site / "harmonies/html/sactions.html").as_uri())
    first = " ".join(pdf_text.page_texts(browser.pdf())[0].split())
    assert first.startswith("Chapitre 1"), first[:200]
    assert "Rechercher" not in first and "Dans ce chapitre" not in first


MEASURE = "(() => {{ const page = document; const found = []; {script} return found; }})()"
"""A measuring script (`SCRIPTS`) run in the page, `page` its document: what it found."""


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
CELL_MARKS = MARKS_IN_MARGIN.replace("'p + details", "'td > p + details").replace(
    "below:",
    "seen: (() => { const frame = mark.closest('.table-wrapper').getBoundingClientRect();"
    " const sign = mark.querySelector('summary').getBoundingClientRect();"
    " return sign.left >= frame.left && sign.right <= frame.right; })(),\n      below:",
)
SCRIPTS = {
    "tables": TABLES_IN_VIEW,
    "marks": MARKS_IN_MARGIN,
    "list marks": LIST_MARKS,
    "cell marks": CELL_MARKS,
}
TABLE_PAGES = ("/harmonies/html/sactions.html", "/harmonies/html/scombat.html")
MEASURED = [
    *[("tables", page, width) for page in TABLE_PAGES for width in (1280, 390)],
    ("marks", "/cda/html/actions.html", 1280),
    ("marks", "/cda/html/actions.html", 390),
    ("list marks", "/harmonies/html/scombat.html", 390),
    ("cell marks", "/cda/html/index.html", 1280),
    ("cell marks", "/cda/html/index.html", 390),
]
"""The layouts the tests below measure."""


@pytest.fixture(scope="module")
def measured(chromium, server) -> dict[tuple[str, str, int], list]:
    """What each script of `MEASURED` finds in its page, framed that many pixels wide."""
    chromium.new_context()
    found = {}
    for name, page, width in MEASURED:
        chromium.size(width, 900)
        chromium.load(server + page)
        found[(name, page, width)] = chromium.evaluate(MEASURE.format(script=SCRIPTS[name]))
    chromium.end_context()
    return found


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


def test_a_list_items_tick_stays_on_its_last_line_on_a_phone(measured):
    """The margin's measure, of the ✓ after a list item's paragraph: on its last line."""
    marks = measured[("list marks", "/harmonies/html/scombat.html", 390)]
    assert len(marks) >= 3
    for mark in marks:
        middle = (mark["sign"]["top"] + mark["sign"]["bottom"]) / 2
        assert mark["last"]["top"] <= middle <= mark["last"]["bottom"], mark


@pytest.mark.parametrize("width", [1280, 390])
def test_a_table_cells_tick_follows_its_words_inside_the_table(measured, width):
    """cda's revision history: the ✓ of revision 1.2's description stands on its last line,
    inside the table's frame, where the margin's float left it out of the cell, cut off by
    the table's scrolling box at 1280 px, and on a line of its own on a phone."""
    marks = measured[("cell marks", "/cda/html/index.html", width)]
    assert marks
    for mark in marks:
        assert mark["seen"], mark
        middle = (mark["sign"]["top"] + mark["sign"]["bottom"]) / 2
        assert mark["last"]["top"] <= middle <= mark["last"]["bottom"], mark
