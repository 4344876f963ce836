"""Headless Chromium driven through the DevTools protocol over a pipe, for the browser tests.

`--remote-debugging-pipe`: Chromium reads commands on file descriptor 3 and answers on 4, one
JSON message per NUL-terminated line, so no library is needed. One Chromium serves a whole
test module (it starts in about a second); each test takes a browser context of its own,
as fresh as a new profile (`new_context`). What the pages say on their consoles, the script
errors they raise and the browser's own warnings about them (a resource that failed to
load…) are kept per tab (`messages`).
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PARSED_TEXT = "document.readyState === 'loading' ? '' : document.body.innerText"
"""The page's text once it is parsed to its end, its scripts run; '' while it is parsed."""


class Browser:
    """Headless Chromium with one tab to start with, spoken to over the DevTools pipe."""

    def __init__(self, profile: Path):
        commands_read, self.commands = os.pipe()
        self.answers, answers_write = os.pipe()

        def descriptors() -> None:  # Chromium reads commands on 3 and answers on 4
            os.dup2(commands_read, 3)
            os.dup2(answers_write, 4)

        self.process = subprocess.Popen(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
            + ["--disable-background-networking", "--disable-component-update", "--disable-sync"]
            + ["--disable-quic", "--hide-scrollbars", "--remote-debugging-pipe"]
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
        self.context = None
        self.events: list[dict] = []
        """The events of the tabs' enabled domains not yet waited for or read."""
        self.session = self.tab()

    def tab(self) -> str:
        """A new tab (of the current browser context): the session to speak to it; it tells
        its loads and its console (`load`, `messages`)."""
        more = {"browserContextId": self.context} if self.context else {}
        target = self.call("Target.createTarget", url="about:blank", **more)["targetId"]
        session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable", session)
        return session

    def new_context(self) -> None:
        """A browser context of its own, as a fresh profile (no cookie, no storage, no cache
        of the tests before), with a tab: its tabs are closed with it (`end_context`)."""
        self.context = self.call("Target.createBrowserContext")["browserContextId"]
        self.session = self.tab()

    def end_context(self) -> None:
        self.call("Target.disposeBrowserContext", browserContextId=self.context)
        self.context = None
        self.events.clear()

    def call(self, method: str, session: str | None = None, **params):
        self.number += 1
        message = {"id": self.number, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._next(timeout=120)
            assert answer is not None, f"Chromium did not answer {method} in 120 s"
            if answer.get("id") == self.number:
                assert "error" not in answer, answer
                return answer["result"]

    def _next(self, timeout: float) -> dict | None:
        """The next message from Chromium (an event is also kept in `events`), or None when
        none came within `timeout` seconds."""
        end = time.monotonic() + timeout
        while b"\0" not in self.buffer:
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.answers], [], [], left)[0]:
                return None
            chunk = os.read(self.answers, 1 << 20)
            assert chunk, "Chromium closed its pipe"
            self.buffer += chunk
        raw, _, self.buffer = self.buffer.partition(b"\0")
        message = json.loads(raw)
        if "method" in message and message.get("sessionId"):
            self.events.append(message)
        return message

    def wait_event(
        self, methods: tuple[str, ...], session: str | None = None, timeout: float = 60
    ) -> dict:
        """The first event of `session` among `methods`, once it comes (it and the tab's
        events before it are taken out of `events`, but for its console messages)."""
        session = session or self.session
        end = time.monotonic() + timeout
        seen = 0
        while True:
            for index in range(seen, len(self.events)):
                event = self.events[index]
                if event["sessionId"] == session and event["method"] in methods:
                    self.events[: index + 1] = [
                        e for e in self.events[:index] if e["sessionId"] != session or _kept(e)
                    ]
                    return event
            seen = len(self.events)
            left = end - time.monotonic()
            assert left > 0, f"no {' or '.join(methods)} in {timeout} s"
            self._next(timeout=left)

    def open(self, url: str, session: str | None = None) -> None:
        self.call("Page.navigate", session or self.session, url=url)

    def load(self, url: str, session: str | None = None) -> None:
        """Open `url` in the tab and wait for its load event (its page, stylesheets,
        images and scripts in)."""
        session = session or self.session
        self.events[:] = [e for e in self.events if e["sessionId"] != session or _kept(e)]
        answer = self.call("Page.navigate", session, url=url)
        assert "errorText" not in answer, (url, answer)
        self.wait_event(("Page.loadEventFired",), session)

    def evaluate(self, expression: str, session: str | None = None, *, wait: bool = False):
        """The value of a script in the tab's page (a promise's, when `wait`)."""
        result = self.call(
            "Runtime.evaluate",
            session or self.session,
            expression=expression,
            returnByValue=True,
            awaitPromise=wait,
        )
        assert "exceptionDetails" not in result, result["exceptionDetails"]
        return result["result"].get("value")

    def text(self, session: str | None = None) -> str:
        return self.evaluate("document.body ? document.body.innerText : ''", session) or ""

    def wait_for(self, words: str, timeout: float = 60, session: str | None = None) -> str:
        """The page's text once it holds `words` and is parsed to its end, its scripts run (the
        page reloads itself; nothing is asked). A page being parsed already shows its text while
        the parser waits for a script (`rulebook serve`'s reload.js, at the end of the body):
        what the script sets (the banner's links) is not yet set."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            text = self.evaluate(PARSED_TEXT, session) or ""
            if words in text:
                return text
            time.sleep(0.2)
        state = self.evaluate("document.readyState", session)
        seen = self.evaluate("document.body ? document.body.innerText : ''", session) or ""
        raise AssertionError(
            f"{words!r} never appeared in {timeout:g} s; the page ({state}) says:\n"
            + (seen[:2000] or "(nothing)")
        )

    def size(self, width: int, height: int, session: str | None = None, **more) -> None:
        """The tab's viewport, as a window of that size would have it."""
        self.call(
            "Emulation.setDeviceMetricsOverride",
            session or self.session,
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
            **more,
        )

    def screenshot(self, session: str | None = None) -> bytes:
        answer = self.call("Page.captureScreenshot", session or self.session, format="png")
        return base64.b64decode(answer["data"])

    def pdf(self, session: str | None = None) -> bytes:
        """The page printed as the browser's « Print to PDF » does, without header and footer."""
        answer = self.call("Page.printToPDF", session or self.session, displayHeaderFooter=False)
        return base64.b64decode(answer["data"])

    def messages(self, session: str | None = None) -> list[str]:
        """What the tab's pages said on the console, the script errors they raised and the
        browser's warnings about them, not read before (taken out of `events`)."""
        session = session or self.session
        said = [e for e in self.events if e["sessionId"] == session and e["method"] in MESSAGES]
        self.events[:] = [e for e in self.events if e not in said]
        return [_message(event) for event in said if not _favicon(event)]

    def close(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)
        os.close(self.commands)
        os.close(self.answers)


MESSAGES = ("Runtime.consoleAPICalled", "Runtime.exceptionThrown", "Log.entryAdded")
"""The events of what a page says: its console, its uncaught errors, the browser's log of it."""


def _kept(event: dict) -> bool:
    return event["method"] in MESSAGES


def _favicon(event: dict) -> bool:
    """The browser's own request of /favicon.ico, which a page that names no icon never made."""
    url = event["params"].get("entry", {}).get("url", "")
    return event["method"] == "Log.entryAdded" and urlsplit(url).path == "/favicon.ico"


def _message(event: dict) -> str:
    params = event["params"]
    if event["method"] == "Runtime.consoleAPICalled":
        words = " ".join(
            str(arg.get("value", arg.get("description", ""))) for arg in params["args"]
        )
        return f"console.{params['type']}: {words}"
    if event["method"] == "Runtime.exceptionThrown":
        details = params["exceptionDetails"]
        return f"script error: {details.get('exception', {}).get('description', details['text'])}"
    entry = params["entry"]
    return f"{entry['level']} ({entry['source']}): {entry['text']} {entry.get('url', '')}".strip()
