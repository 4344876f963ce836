"""Hostile books: the reader reads nothing outside the book's folder, never the network,
never blows up, and says what it refused and where."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from build_tools.reader import UnreadableBook, read_book

PASSWD = Path("/etc/passwd")
SECRET = PASSWD.read_text().splitlines()[0] if PASSWD.is_file() else "root:x:0:0"
"""A line of the file the books try to steal: it must show up nowhere."""

BOOK = '<book xmlns:xi="http://www.w3.org/2001/XInclude">\n<title>T</title>\n{body}\n</book>\n'


def check(rulebook, folder: Path) -> tuple[int, str, dict]:
    """Run `rulebook check` in text and in JSON; return the status, the text, the JSON finding."""
    status, out, err = rulebook("check", str(folder), "--no-rules")
    json_status, as_json, _ = rulebook("check", str(folder), "--no-rules", "--format", "json")
    assert json_status == status
    findings = json.loads(as_json)["books"][0]["findings"]
    assert len(findings) == 1, findings
    assert SECRET not in out + err + as_json
    return status, out, findings[0]


def test_external_entity_naming_a_system_file(rulebook, write_book):
    folder = write_book(
        "book",
        {
            "book.xml": '<?xml version="1.0"?>\n'
            '<!DOCTYPE book [\n  <!ENTITY x SYSTEM "/etc/passwd">\n]>\n'
            "<book><title>T</title>\n<para>&x;</para>\n</book>\n"
        },
    )
    status, out, finding = check(rulebook, folder)
    assert status == 2
    assert finding["category"] == "refused-access"
    assert "/etc/passwd" in finding["message"]
    assert finding["file"].endswith("book/book.xml") and finding["line"] == 3
    assert finding["line"] == 3  # where the entity is declared
    assert "'/etc/passwd'" in out

    with pytest.raises(UnreadableBook) as refused:
        read_book(folder / "book.xml")
    assert [f.category for f in refused.value.findings] == ["refused-access"]


def test_the_tree_never_holds_the_system_file_even_when_reading_goes_on(write_book):
    """The resolver hands the parser an empty text in place of the file, before refusing."""
    folder = write_book(
        "book",
        {
            "book.xml": '<!DOCTYPE book [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>\n'
            "<book><title>T</title><para>&x;</para></book>\n"
        },
    )
    with pytest.raises(UnreadableBook) as refused:
        read_book(folder / "book.xml")
    assert all(SECRET not in finding.astext() for finding in refused.value.findings)


@pytest.mark.parametrize(
    "href",
    ["../../etc/passwd", "/etc/passwd", "file:///etc/passwd"],
)
@pytest.mark.parametrize("parse", ["text", "xml"])
def test_xinclude_outside_the_folder(rulebook, write_book, href, parse):
    include = f'<xi:include href="{href}" parse="{parse}"/>'
    folder = write_book("book", {"book.xml": BOOK.format(body=f"<para>{include}</para>")})
    status, out, finding = check(rulebook, folder)
    assert status == 2
    assert finding["category"] == "refused-access"
    assert href in finding["message"]
    assert (finding["line"], finding["text"]) == (3, f"<para>{include}</para>")
    assert finding["text"][finding["column"] - 1 :].startswith("<xi:include")


def test_xinclude_through_a_symlink_that_leaves_the_folder(rulebook, write_book):
    folder = write_book(
        "book",
        {"book.xml": BOOK.format(body='<para><xi:include href="notes.txt" parse="text"/></para>')},
    )
    os.symlink("/etc/passwd", folder / "notes.txt")
    status, out, finding = check(rulebook, folder)
    assert status == 2
    assert finding["category"] == "refused-access"
    assert "notes.txt" in finding["message"]
    assert finding["line"] == 3


def test_a_symlinked_folder_that_leaves_the_book(rulebook, write_book, tmp_path):
    outside = write_book("outside", {"chapter.xml": "<chapter><title>Dehors</title></chapter>"})
    folder = write_book(
        "book", {"book.xml": BOOK.format(body='<xi:include href="x/chapter.xml"/>')}
    )
    os.symlink(outside, folder / "x")
    status, _, finding = check(rulebook, folder)
    assert status == 2
    assert finding["category"] == "refused-access"


def test_xinclude_inside_the_folder_through_a_symlink_is_fine(rulebook, write_book):
    folder = write_book(
        "book",
        {
            "book.xml": BOOK.format(body='<xi:include href="current.xml"/>'),
            "chapters/one.xml": "<chapter><title>Un</title><para>Texte.</para></chapter>\n",
        },
    )
    os.symlink(folder / "chapters" / "one.xml", folder / "current.xml")
    document = read_book(folder / "book.xml")
    assert document.root.find("chapter/title").text == "Un"


def test_billion_laughs_fails_fast_with_a_clear_error(rulebook, write_book):
    levels = "\n".join(
        f' <!ENTITY lol{n} "{("&lol" + str(n - 1) + ";") * 10}">' for n in range(1, 10)
    )
    folder = write_book(
        "book",
        {
            "book.xml": f'<?xml version="1.0"?>\n<!DOCTYPE book [\n <!ENTITY lol0 "lol">\n'
            f"{levels}\n]>\n<book><title>&lol9;</title></book>\n"
        },
    )
    started = time.perf_counter()
    status, out, finding = check(rulebook, folder)
    assert time.perf_counter() - started < 5
    assert status == 2
    assert finding["category"] == "not-well-formed"
    assert "entity" in finding["message"].lower()
    assert "billion laughs" in finding["message"]
    # libxml2 counts that position inside the entity's text: it is not shown as a file line.
    assert finding["file"].endswith("book/book.xml") and finding["line"] == 0
    assert "lollollol" not in out


def test_missing_xinclude_target(rulebook, write_book):
    folder = write_book("book", {"book.xml": BOOK.format(body='<xi:include href="absent.xml"/>')})
    status, out, finding = check(rulebook, folder)
    assert status == 2
    assert finding["category"] == "missing-file"
    assert "'absent.xml' does not exist" in finding["message"]
    assert "book/book.xml:3:1: fatal: xi:include target" in out and "[missing-file]" in out


def test_missing_xinclude_target_with_a_fallback_is_not_an_error(write_book):
    body = (
        '<xi:include href="absent.xml"><xi:fallback><chapter><title>Plus tard</title>'
        "<para>À venir.</para></chapter></xi:fallback></xi:include>"
    )
    folder = write_book("book", {"book.xml": BOOK.format(body=body)})
    document = read_book(folder / "book.xml")
    assert document.root.find("chapter/title").text == "Plus tard"


@pytest.fixture
def listener():
    """A local server that counts the connections made to it: libxml2 fetches in C,
    out of reach of Python's socket module, so this is how to see it try. (Some
    libxml2 builds have no HTTP client at all; there the refusal finding is what
    the tests show.)"""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.1)
    connections = []
    stop = threading.Event()

    def serve():
        while not stop.is_set():
            try:
                connection, _ = server.accept()
            except OSError:
                continue
            connections.append(connection)
            connection.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.getsockname()[1]}", connections
    stop.set()
    thread.join()
    server.close()


@pytest.mark.parametrize(
    "doctype",
    [
        '<!DOCTYPE book SYSTEM "{url}/evil.dtd">',
        '<!DOCTYPE book [ <!ENTITY x SYSTEM "{url}/x.txt"> ]>',
        '<!DOCTYPE book [ <!ENTITY % p SYSTEM "{url}/p.ent"> %p; ]>',
        '<!DOCTYPE book PUBLIC "-//ACME//DTD Evil//EN" "{url}/public.dtd">',
    ],
    ids=["DTD", "entity", "parameter entity", "public DTD"],
)
def test_network_dtd_or_entity_is_refused_without_touching_the_network(
    rulebook, write_book, doctype, listener
):
    url, connections = listener
    doctype = doctype.format(url=url)
    body = "<para>&x;</para>" if "ENTITY x" in doctype else "<para/>"
    folder = write_book(
        "book", {"book.xml": f"{doctype}\n<book><title>T</title>\n{body}\n</book>\n"}
    )
    status, out, finding = check(rulebook, folder)
    assert status == 2
    assert finding["category"] == "refused-access"
    assert url in finding["message"]
    assert "never the network" in finding["message"]
    assert finding["file"].endswith("book/book.xml") and finding["line"] == 1
    assert connections == []


def test_xinclude_of_a_url_never_connects(rulebook, write_book, listener):
    url, connections = listener
    body = f'<xi:include href="{url}/c.xml"/><xi:include href="{url}/t.txt" parse="text"/>'
    folder = write_book("book", {"book.xml": BOOK.format(body=body)})
    status, out, _ = rulebook("check", str(folder))
    assert status == 2
    assert out.count("[refused-access]") == 2
    assert connections == []


def test_xinclude_of_a_url_is_refused(rulebook, write_book):
    folder = write_book(
        "book", {"book.xml": BOOK.format(body='<xi:include href="http://example.invalid/c.xml"/>')}
    )
    status, out, finding = check(rulebook, folder)
    assert status == 2
    assert finding["category"] == "refused-access"
    assert "http://example.invalid/c.xml" in finding["message"]
    assert finding["line"] == 3


def test_xinclude_that_includes_itself(rulebook, write_book):
    folder = write_book("book", {"book.xml": BOOK.format(body='<xi:include href="book.xml"/>')})
    status, out, finding = check(rulebook, folder)
    assert status == 2
    assert finding["category"] == "xinclude"
    assert "includes itself" in finding["message"]
    assert finding["line"] == 3


def test_two_files_that_include_each_other(rulebook, write_book):
    folder = write_book(
        "book",
        {
            "book.xml": BOOK.format(body='<xi:include href="a.xml"/>'),
            "a.xml": '<chapter xmlns:xi="http://www.w3.org/2001/XInclude"><title>A</title>\n'
            '<xi:include href="book.xml"/></chapter>\n',
        },
    )
    status, out, finding = check(rulebook, folder)
    assert status == 2
    assert finding["category"] == "xinclude"
    assert finding["file"].endswith("book/a.xml") and finding["line"] == 2


def test_markup_broken_inside_an_entity(rulebook, write_book):
    folder = write_book(
        "book",
        {
            "book.xml": '<!DOCTYPE book [ <!ENTITY gras "<emphasis>fort"> ]>\n'
            "<book><title>T</title>\n<para>Un coup &gras;.</para>\n</book>\n"
        },
    )
    status, out, finding = check(rulebook, folder)
    assert status == 2
    assert finding["category"] == "not-well-formed"
    assert finding["file"].endswith("book/book.xml") and finding["line"] == 3


@pytest.mark.parametrize("how", ["folder", "main file", "name"])
def test_a_main_file_that_links_outside_its_folder_is_not_read(
    rulebook, tmp_path, monkeypatch, how
):
    folder = tmp_path / "source" / "book"
    folder.mkdir(parents=True)
    os.symlink("/etc/passwd", folder / "book.xml")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RULEBOOK_SOURCE", str(tmp_path / "source"))
    argument = {"folder": "source/book", "main file": "source/book/book.xml", "name": "book"}[how]
    status, out, err = rulebook("check", argument)
    assert status == 2
    assert SECRET not in out + err
    assert "source/book/book.xml: fatal: refused to read 'book.xml'" in out
    assert "[refused-access]" in out
    assert "outside the book's folder" in out


def test_a_main_file_that_links_inside_its_folder_is_read(write_book):
    folder = write_book("book", {"src/real.xml": "<book><title>Vrai</title></book>\n"})
    os.symlink(folder / "src" / "real.xml", folder / "book.xml")
    document = read_book(folder / "book.xml")
    assert document.root.findtext("title") == "Vrai"
    assert document.main == folder / "src" / "real.xml"


def test_text_includes_in_an_encoding_that_does_not_fit(rulebook, write_book):
    body = (
        '<para><xi:include href="notes.txt" parse="text"/></para> '
        '<para><xi:include href="notes.txt" parse="text" encoding="klingon"/></para>'
    )
    folder = write_book("book", {"book.xml": BOOK.format(body=body)})
    (folder / "notes.txt").write_bytes("Café\n".encode("latin-1"))
    status, out, _ = rulebook("check", str(folder), "--format", "json")
    assert status == 2
    findings = json.loads(out)["books"][0]["findings"]
    assert [(f["category"], f["line"]) for f in findings] == [("xinclude", 3), ("xinclude", 3)]
    assert "cannot read 'notes.txt' as text in 'utf-8'" in findings[0]["message"]
    assert "unknown encoding: klingon" in findings[1]["message"]
    columns = [f["column"] for f in findings]
    assert columns == [body.index("<xi:include") + 1, body.rindex("<xi:include") + 1]


def test_a_text_include_with_its_encoding_given(write_book):
    body = '<para><xi:include href="notes.txt" parse="text" encoding="latin-1"/></para>'
    folder = write_book("book", {"book.xml": BOOK.format(body=body)})
    (folder / "notes.txt").write_bytes("Café\n".encode("latin-1"))
    assert read_book(folder / "book.xml").root.findtext("para") == "Café\n"


@pytest.mark.parametrize(
    "doctype, name",
    [
        ('<!DOCTYPE book [ <!ENTITY x SYSTEM "textes/absent.txt"> ]>', "absent.txt"),
        ('<!DOCTYPE book [ <!ENTITY % s SYSTEM "struct.dtd"> %s; ]>', "struct.dtd"),
        ('<!DOCTYPE book SYSTEM "local.dtd">', "local.dtd"),
    ],
    ids=["entity", "parameter entity", "external DTD"],
)
def test_a_missing_entity_or_dtd_file_is_not_silently_empty(rulebook, write_book, doctype, name):
    """libxml2 only warns, and the entity's text would vanish from the book."""
    folder = write_book(
        "book", {"book.xml": f"{doctype}\n<book><title>T</title>\n<para>&x;</para>\n</book>\n"}
    )
    if "ENTITY x" not in doctype:
        (folder / "book.xml").write_text(
            f"{doctype}\n<book><title>T</title>\n<para/>\n</book>\n", encoding="utf-8"
        )
    status, out, finding = check(rulebook, folder)
    assert status == 2
    assert finding["category"] == "missing-file"
    assert f"{name!r} does not exist" in finding["message"]
    assert finding["line"] == 1 and name in finding["text"]


def test_an_xinclude_through_a_loop_of_links(rulebook, write_book):
    folder = write_book("book", {"book.xml": BOOK.format(body='<xi:include href="a.xml"/>')})
    os.symlink("b.xml", folder / "a.xml")
    os.symlink("a.xml", folder / "b.xml")
    status, out, finding = check(rulebook, folder)
    assert status == 2
    assert finding["category"] == "missing-file"
    assert "'a.xml' is a loop of symbolic links" in finding["message"]
    assert finding["line"] == 3


def test_a_refused_entity_with_a_short_name_is_placed_on_its_own_line(rulebook, write_book):
    folder = write_book(
        "book",
        {
            "book.xml": '<?xml version="1.0"?>\n<!DOCTYPE book [\n'
            '  <!ENTITY e SYSTEM "../../x">\n]>\n<book><title>T</title><para>&e;</para></book>\n'
        },
    )
    status, out, finding = check(rulebook, folder)
    assert status == 2
    assert finding["category"] == "refused-access"
    assert finding["line"] == 3
    assert finding["text"][finding["column"] - 1 :].startswith('x">')


def test_an_included_file_whose_internal_subset_is_broken_is_not_well_formed(rulebook, write_book):
    # Found by the fuzzer (variant('harmonies', 307)): a byte flipped in a chapter's internal
    # subset left no root to read the entity declarations from, and the build failed as a bug.
    chapter = '<?xml version="1.0"?>\n<!DOCTYPE chapter [\n  <!ENTITY x "y"\x01>\n]>\n<chapter/>\n'
    include = '<xi:include href="chapter.xml"/>'
    folder = write_book("book", {"book.xml": BOOK.format(body=include), "chapter.xml": chapter})
    status, out, err = rulebook("check", str(folder), "--no-rules")
    assert status == 2
    assert "chapter.xml:3:" in out and "[not-well-formed]" in out
