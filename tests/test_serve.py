"""`rulebook serve` in headless Chromium: edit a source of a copy, see the open page change.

Chromium is driven through the DevTools protocol over a pipe (--remote-debugging-pipe: file
descriptors 3 and 4, one JSON message per NUL-terminated line), so no library is needed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from conftest import ROOT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BOOK = """<book xmlns:xi="http://www.w3.org/2001/XInclude" lang="fr">
<title>Règles</title>
<xi:include href="un.xml"/>
</book>
"""
CHAPTER = '<chapter id="un"><title>Un</title>\n<para>Premier jet.</para>\n</chapter>\n'

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="needs headless Chromium (Debian: chromium)"),
]


class Browser:
    """Headless Chromium with one page, spoken to over the DevTools pipe."""

    def __init__(self, profile: Path):
        commands_read, self.commands = os.pipe()
        self.answers, answers_write = os.pipe()

        def descriptors() -> None:  # Chromium reads commands on 3 and answers on 4
            os.dup2(commands_read, 3)
            os.dup2(answers_write, 4)

        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
            + ["--disable-background-networking", "--remote-debugging-pipe"]
            + [f"--user-data-dir={profile}", "about:blank"],
            preexec_fn=descriptors,
            pass_fds=(3, 4),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(commands_read)
        os.close(answers_write)
        self.buffer = b""
        self.number = 0
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]

    def call(self, method: str, session: str | None = None, **params):
        self.number += 1
        message = {"id": self.number, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.answers, 65536)
                assert chunk, "Chromium closed its pipe"
                self.buffer += chunk
            raw, _, self.buffer = self.buffer.partition(b"\0")
            answer = json.loads(raw)
            if answer.get("id") == self.number:
                assert "error" not in answer, answer
                return answer["result"]

    def open(self, url: str) -> None:
        self.call("Page.navigate", self.session, url=url)

    def text(self) -> str:
        result = self.call(
            "Runtime.evaluate",
            self.session,
            expression="document.body ? document.body.innerText : ''",
            returnByValue=True,
        )
        return result["result"].get("value", "")

    def wait_for(self, words: str, timeout: float = 60) -> str:
        """The page's text once it holds `words` (the page reloads itself; nothing is asked)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.text()
            if words in text:
                return text
            time.sleep(0.2)
        raise AssertionError(f"{words!r} never appeared; the page says:\n{text[:2000]}")

    def close(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)
        os.close(self.commands)
        os.close(self.answers)


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


@pytest.fixture
def browser(tmp_path):
    browser = Browser(tmp_path / "profile")
    yield browser
    browser.close()


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
    assert 'new EventSource("/__rulebook/events")' in page
    on_disk = (tmp_path / "generated" / "regles" / "html" / "index.html").read_text()
    assert "EventSource" not in on_disk  # the script is added when served, not built in
    for path in ("/regles/../../source/regles/un.xml", "/regles/%2e%2e/%2e%2e/etc/passwd"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(origin + path)
        assert refused.value.code == 404
