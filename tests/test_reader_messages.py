"""What the reader says about a file it cannot read as written: where, and why, in one finding;
and an untrusted book's Python is never imported under --no-rules."""

from __future__ import annotations

import json
import os
import signal


def only_finding(rulebook, folder) -> tuple[int, dict]:
    status, out, _ = rulebook("check", str(folder), "--no-rules", "--format", "json")
    found = json.loads(out)["books"][0]["findings"]
    assert len(found) == 1, found
    return status, found[0]


def test_bytes_that_are_not_utf8_are_located(rulebook, tmp_path):
    folder = tmp_path / "octets"
    folder.mkdir()
    (folder / "book.xml").write_bytes(
        b'<?xml version="1.0"?>\n<book><title>T</title>\n<para>caf\xe9 cr\xe8me</para>\n</book>\n'
    )
    status, finding = only_finding(rulebook, folder)
    assert status == 2 and finding["category"] == "encoding"
    assert (finding["line"], finding["column"]) == (3, 10)
    assert "0xE9 is not UTF-8" in finding["message"]


def test_utf8_declared_latin1_is_caught_not_garbled(rulebook, tmp_path):
    folder = tmp_path / "latin"
    folder.mkdir()
    (folder / "book.xml").write_bytes(
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n<book><title>Clé</title></book>\n'.encode()
    )
    status, finding = only_finding(rulebook, folder)
    assert status == 2 and finding["line"] == 2
    assert "'é' would read as 'Ã©'" in finding["message"]


def test_true_latin1_is_read_as_latin1(rulebook, tmp_path):
    folder = tmp_path / "vrai"
    folder.mkdir()
    (folder / "book.xml").write_bytes(
        '<?xml version="1.0" encoding="ISO-8859-1"?>\n<book><title>Clé</title></book>\n'.encode(
            "latin-1"
        )
    )
    status, out, _ = rulebook("check", str(folder), "--no-rules", "--format", "json")
    assert not [f for f in json.loads(out)["books"][0]["findings"] if f["severity"] == "fatal"]


def test_a_folder_named_book_xml_is_one_clear_error(rulebook, tmp_path):
    folder = tmp_path / "dossier"
    (folder / "book.xml").mkdir(parents=True)
    status, finding = only_finding(rulebook, folder)
    assert status == 2 and "is a folder, not a file" in finding["message"]


def test_the_billion_laughs_hint_is_only_for_entities(rulebook, tmp_path):
    folder = tmp_path / "profond"
    folder.mkdir()
    (folder / "book.xml").write_text("<book>" + "<para>" * 300 + "</para>" * 300 + "</book>")
    status, finding = only_finding(rulebook, folder)
    assert status == 2 and "nested more than" in finding["message"]
    assert "billion laughs" not in finding["message"]


def test_an_xml_base_inside_the_folder_is_honoured(rulebook, write_book):
    folder = write_book(
        "base",
        {
            "book.xml": '<book lang="fr"><title>T</title>\n'
            '<chapter xml:base="chapitres/un.xml"><title>C</title>\n'
            '<para><xref linkend="nulle"/></para></chapter></book>\n',
            "chapitres/un.xml": "<chapter>\n<title>C</title>\n<para>x</para>\n</chapter>\n",
        },
    )
    status, out, _ = rulebook("check", str(folder), "--no-rules", "--format", "json")
    broken = [
        f for f in json.loads(out)["books"][0]["findings"] if f["category"] == "broken-reference"
    ]
    assert len(broken) == 1 and broken[0]["file"].endswith("chapitres/un.xml")


def test_no_rules_imports_nothing_of_the_book(rulebook, write_book, tmp_path):
    canary = tmp_path / "imported"
    folder = write_book(
        "suspect",
        {
            "book.xml": '<book lang="fr"><title>T</title><chapter id="c"><title>C</title>'
            "<para>x</para></chapter></book>\n",
            "__init__.py": f"open({str(canary)!r}, 'w').write('ran')\n",
        },
    )
    assert rulebook("check", str(folder), "--no-rules").status in (0, 1)
    built = rulebook("build", str(folder), "--no-rules", "--format", "html", "--out", str(tmp_path))
    assert built.status == 0
    assert (tmp_path / "suspect" / "suspect.html").is_file()
    assert not canary.exists()


def test_a_pipe_where_a_file_goes_is_refused_not_read_forever(rulebook, tmp_path):
    signal.alarm(20)  # a pipe nobody writes to would block the reader: fail rather than hang
    try:
        folder = tmp_path / "tuyau"
        folder.mkdir()
        os.mkfifo(folder / "book.xml")
        status, finding = only_finding(rulebook, folder)
        assert status == 2 and "is not a regular file" in finding["message"]

        folder = tmp_path / "inclus"
        folder.mkdir()
        (folder / "book.xml").write_text(
            '<book xmlns:xi="http://www.w3.org/2001/XInclude"><title>T</title>\n'
            '<xi:include href="c.xml"/>\n</book>\n'
        )
        os.mkfifo(folder / "c.xml")
        status, finding = only_finding(rulebook, folder)
        assert status == 2 and finding["line"] == 2
    finally:
        signal.alarm(0)
