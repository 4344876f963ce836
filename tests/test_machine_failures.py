"""Failures of the machine are not bugs: each is one line naming the path and the cause, exit 2,
and the outputs of the last good build stay as they were. Ctrl-C is one line and exit 130; a
killed build's leftovers are removed by the next; two pages never share one file.

Where the machine can give the failure for real (a tiny or read-only tmpfs, for root), the test
uses it; where it cannot (permissions, for root), the OS call is made to fail as the OS would.
"""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from build_tools.entry import main as entry_main

ROOT = Path(__file__).resolve().parent.parent
SMALL = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<book lang="fr">\n'
    "<title>Petit</title>\n"
    '<chapter id="un"><title>Un</title><para>Premier.</para></chapter>\n'
    '<chapter id="deux"><title>Deux</title><para>Second.</para></chapter>\n'
    "</book>\n"
)


@pytest.fixture
def small(write_book):
    return write_book("petit", {"book.xml": SMALL})


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def outputs(folder: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture
def built(rulebook, small, tmp_path):
    """The small book built once into `out`: (book folder, out folder, the outputs' bytes)."""
    out = tmp_path / "out"
    assert rulebook("build", str(small), "--format", "html", "--out", str(out)).status == 0
    return small, out, outputs(out)


def mount_tmpfs(where: Path, options: str) -> None:
    """Mount a tmpfs at `where` (root only), or skip: the monkeypatched twin still runs."""
    where.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")


@pytest.fixture
def tmpfs(tmp_path):
    mounted = []

    def mount(options: str) -> Path:
        where = tmp_path / f"tmpfs{len(mounted)}"
        mount_tmpfs(where, options)
        mounted.append(where)
        return where

    yield mount
    for where in mounted:
        subprocess.run(["umount", str(where)], capture_output=True)


# -- --out, checked before anything is rendered ------------------------------------------------


def test_out_naming_a_file_is_one_line_before_any_work(rulebook, small, tmp_path):
    target = tmp_path / "afile"
    target.write_text("garder")
    status, out, err = rulebook("build", str(small), "--out", str(target))
    assert status == 2 and out == ""
    line = one_line(err)
    assert str(target) in line and "is a file, not a folder" in line
    assert target.read_text() == "garder"


def test_out_on_a_read_only_disk(rulebook, small, tmpfs):
    disk = tmpfs("ro,size=64k")
    status, _, err = rulebook("build", str(small), "--format", "html", "--out", str(disk / "x"))
    assert status == 2
    line = one_line(err)
    assert str(disk / "x") in line and "Read-only file system" in line


def test_out_read_only_as_the_os_says_it(rulebook, small, tmp_path, monkeypatch):
    from build_tools.commands import build

    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(tmp_path / "ro"))

    monkeypatch.setattr(build.tempfile, "TemporaryFile", refuse)
    status, _, err = rulebook(
        "build", str(small), "--format", "html", "--out", str(tmp_path / "ro")
    )
    assert status == 2 and "Read-only file system" in one_line(err)


# -- disk full, a folder where a file goes: the old outputs stay --------------------------------


def test_a_full_disk_is_one_line_naming_the_file(rulebook, small, tmpfs):
    disk = tmpfs("size=8k")
    status, _, err = rulebook("build", str(small), "--format", "html", "--out", str(disk))
    assert status == 2
    line = one_line(err)
    assert "No space left on device" in line and str(disk / "petit") in line
    assert not list(disk.rglob("*.part"))


def test_a_full_disk_leaves_the_last_outputs_whole(rulebook, built, monkeypatch):
    small, out, before = built
    (small / "book.xml").write_text(SMALL.replace("Premier.", "Premier, changé."))
    from build_tools import output

    def full(descriptor):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(output.os, "fsync", full)
    status, _, err = rulebook("build", str(small), "--format", "html", "--out", str(out))
    assert status == 2
    line = one_line(err)
    assert line.startswith(f"rulebook: error: {out / 'petit'}") and "No space left" in line
    assert outputs(out) == before  # every file as it was, no .part left


def test_an_output_path_that_is_a_folder(rulebook, built):
    small, out, before = built
    page = out / "petit" / "petit.html"
    page.unlink()
    page.mkdir()
    status, _, err = rulebook("build", str(small), "--format", "html", "--out", str(out))
    assert status == 2
    line = one_line(err)
    assert str(page) in line and "folder" in line
    del before[page]
    assert outputs(out) == before


def test_a_file_where_an_output_folder_goes(rulebook, built):
    small, out, before = built
    shutil.rmtree(out / "petit" / "html")
    (out / "petit" / "html").write_text("pas un dossier")
    status, _, err = rulebook("build", str(small), "--format", "html", "--out", str(out))
    assert status == 2
    line = one_line(err)
    assert str(out / "petit" / "html") in line and "a file is where a folder would go" in line


def test_out_under_a_file_is_not_a_directory(rulebook, small, tmp_path):
    (tmp_path / "afile").write_text("garder")
    status, out, err = rulebook("build", str(small), "--out", str(tmp_path / "afile" / "sous"))
    assert status == 2 and out == ""
    line = one_line(err)
    assert str(tmp_path / "afile" / "sous") in line and "Not a directory" in line


# -- inputs: an unreadable folder, a path that is not UTF-8, SOURCE_DATE_EPOCH --------------------


def test_a_book_folder_the_user_cannot_read(rulebook, small, monkeypatch):
    if os.geteuid() == 0:  # root reads everything: make the listing fail as it would for a user
        from build_tools import books

        listdir = books.os.listdir

        def denied(path):
            if Path(path) == small:
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
            return listdir(path)

        monkeypatch.setattr(books.os, "listdir", denied)
    else:
        small.chmod(0)
    try:
        status, _, err = rulebook("check", str(small), "--no-rules")
    finally:
        small.chmod(0o755)
    assert status == 2
    line = one_line(err)
    assert str(small) in line and "Permission denied" in line


def test_an_unreadable_book_folder_under_source_spoils_only_its_own_book(
    rulebook, tmp_path, monkeypatch
):
    source = tmp_path / "source"
    for name in ("lisible", "verrou"):
        (source / name).mkdir(parents=True)
        (source / name / "book.xml").write_text(SMALL)
    locked = source / "verrou"
    from build_tools import books, reader

    listdir, check_bytes = books.os.listdir, reader._check_bytes

    def denied(path, *arguments):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))

    def listing(path):
        return denied(path) if Path(path) == locked else listdir(path)

    def reading(path, *arguments):
        return denied(path) if path.parent == locked else check_bytes(path, *arguments)

    if os.geteuid() == 0:  # root reads everything: fail as the OS would for a user
        monkeypatch.setattr(books.os, "listdir", listing)
        monkeypatch.setattr(reader, "_check_bytes", reading)
    else:
        locked.chmod(0)
    monkeypatch.setenv("RULEBOOK_SOURCE", str(source))
    try:
        status, out, _ = rulebook("check", "lisible", "--no-rules")
        assert status == 0  # the readable book is checked as ever
        status, out, _ = rulebook("check", "--no-rules")
    finally:
        locked.chmod(0o755)
    assert status == 2
    assert "verrou/book.xml" in out and "Permission denied" in out


def test_a_path_that_is_not_utf8(rulebook, tmp_path):
    path = os.fsdecode(bytes(tmp_path) + b"/livre-\xff")
    status, _, err = rulebook("check", path)
    assert status == 2
    assert "not valid UTF-8" in one_line(err) and "\\xff" in err


def test_a_book_folder_whose_name_is_not_utf8(rulebook, tmp_path, monkeypatch):
    folder = os.fsdecode(bytes(tmp_path) + b"/source/livre-\xff")
    os.makedirs(folder)
    Path(folder, "book.xml").write_text(SMALL)
    monkeypatch.setenv("RULEBOOK_SOURCE", str(tmp_path / "source"))
    for command in (["list"], ["check", "--no-rules"]):
        status, _, err = rulebook(*command)
        assert status == 2
        assert "not valid UTF-8" in one_line(err) and "livre-\\xff" in err


@pytest.mark.parametrize("epoch", ["abc", "1.5", "99999999999999999999"])
def test_an_invalid_source_date_epoch_is_named(rulebook, small, tmp_path, monkeypatch, epoch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    status, out, err = rulebook("build", str(small), "--out", str(tmp_path / "out"))
    assert status == 2 and out == ""
    assert f"SOURCE_DATE_EPOCH={epoch!r}" in one_line(err)
    assert not (tmp_path / "out").exists()


# -- leftovers and names ------------------------------------------------------------------------


def test_a_killed_builds_part_files_are_removed_by_the_next(rulebook, built):
    small, out, _ = built
    leftovers = [out / "petit" / ".petit.html.x1.part", out / "petit" / "html" / ".un.html.z.part"]
    for leftover in leftovers:
        leftover.write_bytes(b"<html><body>moiti")
    kept = out / "petit" / "notes.part"  # not one of rulebook's: left alone
    kept.write_text("à moi")
    assert rulebook("build", str(small), "--format", "html", "--out", str(out)).status == 0
    assert not any(leftover.exists() for leftover in leftovers)
    assert kept.read_text() == "à moi"


def test_two_chapters_whose_ids_make_one_page_name(rulebook, write_book, tmp_path):
    folder = write_book(
        "noms",
        {
            "book.xml": SMALL.replace('id="un"', 'id="a.b"').replace('id="deux"', 'id="a-b"'),
        },
    )
    status, out, _ = rulebook("check", str(folder), "--no-rules")
    assert status == 1
    assert "book.xml:5:" in out and "'a-b.html'" in out and "[output-name]" in out
    assert rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path)).status == 0
    pages = tmp_path / "noms" / "html"
    assert "Premier." in (pages / "a-b.html").read_text()
    assert "Second." in (pages / "a-b-2.html").read_text()


def test_an_id_the_html_gives_to_part_of_another_element_is_a_finding(rulebook, write_book):
    """« t1-caption » beside table t1: the HTML names t1's caption so; two anchors of one name
    would make the page invalid and send the link to either. One finding, at that id."""
    folder = write_book(
        "derives",
        {
            "book.xml": """<?xml version="1.0" encoding="utf-8"?>
<book lang="fr"><title>Dérivés</title>
<chapter id="c"><title>Un</title>
<table id="t1"><title>Table</title><tgroup cols="1"><tbody><row><entry>1</entry></row>
</tbody></tgroup></table>
<para id="t1-caption">Voir <xref linkend="t1"/>.</para>
<para id="t1-captions">Un nom qui n'est pas dérivé.</para>
</chapter></book>
"""
        },
    )
    status, out, _ = rulebook("check", str(folder), "--no-rules")
    assert status == 1
    found = [line for line in out.splitlines() if "[output-name]" in line]
    assert len(found) == 1 and "book.xml:6:7:" in found[0], out
    assert "the caption of the table 't1'" in found[0]


# -- Ctrl-C -------------------------------------------------------------------------------------


def test_ctrl_c_during_a_build_is_one_line_and_130(tmp_path):
    command = [sys.executable, "-m", "build_tools", "build", "cda", "--format", "pdf"]
    out = tmp_path / "out"
    process = subprocess.Popen(
        [*command, "--out", str(out)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # --out is made once rulebook runs, before the book is read: then it is surely ours to stop.
    deadline = time.monotonic() + 30
    while not out.exists() and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    assert err == "rulebook: interrupted\n" and out == ""
    assert not list(tmp_path.rglob("*.part"))


def test_ctrl_c_while_rulebook_starts(monkeypatch, capsys):
    """An interrupt while the modules load (before the CLI can catch it) is the same one line."""

    class Interrupting:
        def find_spec(self, name, path=None, target=None):
            if name == "build_tools.commands.cli":
                raise KeyboardInterrupt
            return None

    monkeypatch.delitem(sys.modules, "build_tools.commands.cli")
    monkeypatch.setattr(sys, "meta_path", [Interrupting(), *sys.meta_path])
    assert entry_main() == 130
    assert capsys.readouterr().err == "rulebook: interrupted\n"
