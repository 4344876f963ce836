"""`rulebook serve` answers every request, and serves only the loopback and only what the build
wrote: a page of another site reaching it by DNS rebinding (a Host that is not the loopback) is
refused, a path holding NUL gets 400 (not a dropped connection), and a file or link planted in
the output folder is never served."""

from __future__ import annotations

import http.server
import socket
import threading

import pytest

from build_tools.books import Book
from build_tools.commands.cli import main
from build_tools.commands.serve import Handler, Site, request_refusal

BOOK = "<book><title>T</title><chapter><title>C</title><para>x</para></chapter></book>\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A preview of one book, built once, served on a free loopback port; its port and folders."""
    tmp_path = tmp_path_factory.mktemp("serve")
    folder = tmp_path / "regles"
    folder.mkdir()
    (folder / "book.xml").write_text(BOOK, encoding="utf-8")
    out = tmp_path / "generated"
    built = main(
        ["build", str(folder / "book.xml"), "--no-rules", "--format", "html", "--out", str(out)]
    )
    assert built == 0
    site = Site([Book("regles", folder, folder / "book.xml")], out, None)
    handler = type("TestHandler", (Handler,), {"site": site})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd.server_address[1], out / "regles", tmp_path
    httpd.shutdown()
    httpd.server_close()


def ask(port: int, target: str, host: str | None = "127.0.0.1") -> tuple[int, bytes]:
    """The status and body of a raw GET (a browser or a client would clean the path first)."""
    lines = [f"GET {target} HTTP/1.1"] + ([f"Host: {host}"] if host is not None else [])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(("\r\n".join(lines + ["Connection: close", "", ""])).encode())
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    assert answer, f"no answer to {target!r}: the connection was dropped"
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def test_a_built_page_is_served_on_every_loopback_name(server):
    port = server[0]
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "LOCALHOST", None):
        status, body = ask(port, "/regles/html/index.html", host)
        assert status == 200 and b"<html" in body, host


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "evil.example:8000",
        "127.0.0.1.evil.example",
        "localhost.evil.example:80",
        "10.0.0.1",
        "[::2]:80",
    ],
)
def test_a_host_that_is_not_the_loopback_is_refused(server, host):
    status, body = ask(server[0], "/regles/html/index.html", host)
    assert status == 403 and b"loopback" in body


@pytest.mark.parametrize(
    "target",
    [
        "/regles/%00",
        "/regles/html/index.html%00.png",
        "/regles/%0d%0aSet-Cookie:x",
        "/regles/%ff%fe",
        "*",
    ],
)
def test_a_bad_path_gets_400_not_a_dropped_connection(server, target):
    status, _ = ask(server[0], target)
    assert status == 400


def test_only_files_the_build_wrote_are_served(server):
    port, out, tmp_path = server
    secret = tmp_path / "secret.txt"
    secret.write_text("not for the browser")
    (out / "planted.txt").write_text("not built")
    (out / "html" / "link.txt").symlink_to(secret)
    for target in ("/regles/planted.txt", "/regles/html/link.txt", "/regles/.rulebook-build.json"):
        status, body = ask(port, target)
        assert status == 404 and b"not for the browser" not in body, target
    assert ask(port, "/regles/regles.html")[0] == 200


def test_request_refusal_reads_the_host_and_the_path_as_a_browser_sends_them():
    assert request_refusal("127.0.0.1:8000", "/cda/html/index.html?x=%00#y") is None
    assert request_refusal("localhost", "/cda/html/a%20b.html") is None
    assert request_refusal("attacker.example", "/")[0] == 403
    assert request_refusal("localhost", "/cda/%00")[0] == 400
    assert request_refusal("localhost", "/cda/\x7f")[0] == 400
