"""`rulebook serve` on its console: one line per build, with its time; an aborted request
says nothing (no traceback); Ctrl-C ends it with 130 (tests/test_cli_ergonomics.py)."""

from __future__ import annotations

import os
import re
import signal
import socket
import struct
import subprocess
import sys
import time
import urllib.request

import pytest
from conftest import ROOT

pytestmark = pytest.mark.slow  # a server in its own process, and a build after an edit

BOOK = '<book lang="fr"><title>Règles</title>\n<chapter id="un"><title>Un</title>\n'
LINE = re.compile(r"rulebook: \d\d:\d\d:\d\d regles: built in \d+\.\d s(, .*)?$")


def test_one_console_line_per_build_and_aborted_requests_are_quiet(write_book, tmp_path):
    book = write_book(
        "regles",
        {"book.xml": BOOK + "<para>Premier jet.</para>\n</chapter></book>\n"},
        root=tmp_path / "source",
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "build_tools", "serve", "regles", "--port", "0", "--no-rules"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = process.stdout.readline().rstrip("\n")
        assert LINE.match(first), first
        serving = process.stdout.readline()
        url = re.search(r"serving (http://127\.0\.0\.1:(\d+)/\S+?);", serving)
        assert url, serving
        port = int(url.group(2))

        for path in ("/regles/html/index.html", "/__rulebook/events", "/regles/regles.html"):
            for _ in range(5):  # the browser asks, then goes away at once (a reset)
                connection = socket.create_connection(("127.0.0.1", port))
                connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                connection.close()
        page = url.group(1).replace("html/index.html", "regles.html")
        assert "Premier jet." in urllib.request.urlopen(page).read().decode()

        (book / "book.xml").write_text(
            BOOK + "<para>Second jet.</para>\n</chapter></book>\n", encoding="utf-8"
        )
        rebuilt = process.stdout.readline().rstrip("\n")
        assert LINE.match(rebuilt), rebuilt
        time.sleep(1)
    finally:
        process.send_signal(signal.SIGINT)
        rest, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert rest == ""  # nothing else: one line per build, no file written listed
    assert "Traceback" not in err and "Error" not in err, err
    assert err.strip() == "rulebook: serve stopped"
