"""`rulebook serve` in headless Chromium: edit a source of a copy, see the open page change.

Chromium is driven through the DevTools protocol over a pipe (tests/chromium.py).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request

import pytest
from conftest import ROOT

from tests.chromium import CHROMIUM

BOOK = """<book xmlns:xi="http://www.w3.org/2001/XInclude" lang="fr">
<title>Règles</title>
<xi:include href="un.xml"/>
</book>
"""
CHAPTER = '<chapter id="un"><title>Un</title>\n<para>Premier jet.</para>\n</chapter>\n'

pytestmark = [
    pytest.mark.slow,
    pytest.mark.xdist_group("serve"),  # one worker, one Chromium (the `chromium` fixture)
    pytest.mark.skipif(CHROMIUM is None, reason="needs headless Chromium (Debian: chromium)"),
]


@pytest.fixture
def book(write_book, tmp_path):
    return write_book("regles", {"book.xml": BOOK, "un.xml": CHAPTER}, root=tmp_path / "source")


@pytest.fixture
def served(book, tmp_path):
    """`rulebook serve regles --port 0` on the copy; the URL of its first page."""
    process = subprocess.Popen(
        [sys.executable, "-m", "build_tools", "serve", "regles", "--port", "0"]
        + ["--out", str(tmp_path / "generated")],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        for line in process.stdout:
            found = re.search(r"serving (http://127\.0\.0\.1:\d+/[^\s;]+)", line)
            if found:
                break
        else:
            raise AssertionError(process.stderr.read())
        yield found.group(1)
    finally:
        process.terminate()
        process.wait(timeout=30)


def test_an_edit_shows_in_the_open_page(book, served, browser):
    assert served.endswith("/regles/html/index.html")
    page = served.replace("index.html", "un.html")
    browser.open(page)
    browser.wait_for("Premier jet.")

    chapter = book / "un.xml"
    chapter.write_text(CHAPTER.replace("Premier jet.", "Second jet, réécrit."), encoding="utf-8")
    text = browser.wait_for("Second jet, réécrit.")
    assert "Premier jet." not in text

    # A source that cannot be read: its finding, with its place, instead of the stale page.
    chapter.write_text(CHAPTER.replace("<para>", "<para><emphasis>"), encoding="utf-8")
    text = browser.wait_for("un.xml:2:")
    assert "fatal" in text and "Second jet" not in text

    # Readable again, with a new finding: the page, and the finding above it.
    chapter.write_text(
        CHAPTER.replace("Premier jet.", 'Troisième jet, voir <xref linkend="nulle-part"/>.'),
        encoding="utf-8",
    )
    text = browser.wait_for("Troisième jet")
    assert "1 new finding" in text and "un.xml:2:" in text and "[broken-reference]" in text


def test_only_the_loopback_and_only_the_books_files(served, tmp_path):
    assert served.startswith("http://127.0.0.1:")
    origin = served.split("/regles/")[0]
    page = urllib.request.urlopen(served).read().decode()
    assert '<script src="/__rulebook/reload.js" data-build="' in page
    on_disk = (tmp_path / "generated" / "regles" / "html" / "index.html").read_text()
    assert "__rulebook" not in on_disk  # the script is added when served, not built in
    for path in ("/regles/../../source/regles/un.xml", "/regles/%2e%2e/%2e%2e/etc/passwd"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(origin + path)
        assert refused.value.code == 404


def test_ten_tabs_reload_after_one_edit_over_one_connection(book, served, browser):
    # One event stream per tab would take one of the six connections Chromium keeps per
    # host: the seventh tab would never load, and none would reload after an edit.
    page = served.replace("index.html", "un.html")
    tabs = [browser.session] + [browser.tab() for _ in range(9)]
    for tab in tabs:
        browser.open(page, tab)
    for tab in tabs:
        browser.wait_for("Premier jet.", session=tab)
    chapter = book / "un.xml"
    chapter.write_text(CHAPTER.replace("Premier jet.", "Second jet, réécrit."), encoding="utf-8")
    for tab in tabs:
        assert "Premier jet." not in browser.wait_for("Second jet, réécrit.", session=tab)
    streams = browser.evaluate(
        "performance.getEntriesByType('resource')"
        ".filter(entry => entry.name.endsWith('/__rulebook/events')).length"
    )
    assert streams == 0  # the tab holds no stream of its own: the shared worker does


LONG = (
    '<chapter id="un"><title>Un</title>\n'
    + "".join(f"<para>Paragraphe {n} du premier jet.</para>\n" for n in range(300))
    + '<para id="fin">Fin.</para>\n</chapter>\n'
)


@pytest.fixture
def long_chapter(book):
    """The chapter three hundred paragraphs long, before the server starts."""
    chapter = book / "un.xml"
    chapter.write_text(LONG, encoding="utf-8")
    return chapter


def test_the_reading_place_survives_an_error_page(long_chapter, served, browser):
    chapter = long_chapter
    page = served.replace("index.html", "un.html")
    browser.open(page)
    browser.wait_for("Paragraphe 299")
    time.sleep(0.5)  # the web fonts in: the page as tall as it stays
    browser.evaluate("window.scrollTo(0, 3000)")
    place = browser.evaluate("scrollY")
    assert place > 2900

    chapter.write_text(LONG.replace("<para>", "<para><emphasis>", 1), encoding="utf-8")
    browser.wait_for("un.xml:2:52: fatal")  # the error page, at its own top
    chapter.write_text(LONG.replace("premier jet", "dernier jet"), encoding="utf-8")
    browser.wait_for("dernier jet")
    end = time.monotonic() + 10
    while abs(browser.evaluate("scrollY") - place) > 4 and time.monotonic() < end:
        time.sleep(0.1)
    assert abs(browser.evaluate("scrollY") - place) <= 4  # where the reader was, to a pixel


def test_the_banner_is_above_the_page_links_its_places_and_can_be_dismissed(book, served, browser):
    chapter = book / "un.xml"
    chapter.write_text(
        CHAPTER.replace("<para>Premier", '<para id="p1">Voir <xref linkend="nulle"/>. Premier'),
        encoding="utf-8",
    )
    page = served.replace("index.html", "un.html")
    browser.load(page)  # its scripts run: the banner's links are set for this page
    text = browser.wait_for("1 new finding")
    assert "[broken-reference]" in text
    banner = "document.getElementById('rulebook-findings')"
    bottom = browser.evaluate(f"{banner}.getBoundingClientRect().bottom")
    heading = browser.evaluate("document.querySelector('h1, h2').getBoundingClientRect().top")
    assert heading >= bottom  # in the flow of the page: the header below it, not under it
    link = browser.evaluate(f"{banner}.querySelector('a').getAttribute('href')")
    assert link == "#p1"
    assert browser.evaluate("document.getElementById('p1').textContent").startswith("Voir")
    browser.evaluate(f"{banner}.querySelector('button').click()")
    assert browser.evaluate(f"getComputedStyle({banner}).display") == "none"
    assert "1 new finding" not in browser.text()
    # The findings as they are at the next build are shown again.
    chapter.write_text(
        CHAPTER.replace("<para>Premier", '<para id="p1">Voir <xref linkend="ailleurs"/>. Premier'),
        encoding="utf-8",
    )
    assert "ailleurs" in browser.wait_for("1 new finding")
