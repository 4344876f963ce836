"""The one writer (`build_tools.output`): every file a build writes or removes stays
inside its output folder, never goes through a symbolic link planted there, is atomic, keeps
the mode of the file it replaces, and its `.part` files belong to the process writing them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from build_tools.output import remove_leftovers, remove_output, write_atomic, writing_into

BOOK = "<book><title>T</title><chapter><title>C</title><para>x</para></chapter></book>\n"


@pytest.fixture
def book(write_book) -> Path:
    return write_book("book", {"book.xml": BOOK})


def build(rulebook, book: Path, out: Path):
    return rulebook(
        "build", str(book / "book.xml"), "--no-rules", "--format", "html", "--out", str(out)
    )


@pytest.mark.parametrize("planted", ["book", "book/html"])
def test_a_link_planted_in_the_output_folder_is_never_written_through(
    rulebook, book, tmp_path, planted
):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    elsewhere.mkdir()
    (out / planted).parent.mkdir(parents=True, exist_ok=True)
    (out / planted).symlink_to(elsewhere, target_is_directory=True)
    status, stdout, err = build(rulebook, book, out)
    assert status == 2, stdout + err
    assert f"{out / planted}" in err and "symbolic link" in err
    assert list(elsewhere.iterdir()) == []


def test_stale_outputs_are_never_removed_through_a_planted_link(tmp_path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "index.html").write_text("someone else's")
    out.mkdir()
    (out / "html").symlink_to(elsewhere, target_is_directory=True)
    with writing_into(out):
        assert remove_output(out / "html" / "index.html") is False
        assert remove_output(out / ".." / "elsewhere" / "index.html") is False
        with pytest.raises(PermissionError):
            write_atomic(tmp_path / "escape.html", "x")
    assert (elsewhere / "index.html").read_text() == "someone else's"
    assert not (tmp_path / "escape.html").exists()


def test_a_replaced_file_keeps_its_mode_and_a_link_there_is_replaced_not_followed(tmp_path):
    kept = tmp_path / "kept.txt"
    kept.write_text("old")
    kept.chmod(0o600)
    write_atomic(kept, "new", root=tmp_path)
    assert kept.read_text() == "new" and kept.stat().st_mode & 0o777 == 0o600
    target = tmp_path / "target.txt"
    target.write_text("untouched")
    link = tmp_path / "out" / "link.txt"
    link.parent.mkdir()
    link.symlink_to(target)
    write_atomic(link, "written", root=tmp_path / "out")
    assert target.read_text() == "untouched"
    assert not link.is_symlink() and link.read_text() == "written"


def test_part_files_are_named_for_their_process_and_only_a_dead_ones_are_cleaned(tmp_path):
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    try:
        running = tmp_path / f".book.pdf.{alive.pid}.x1y2z3a4.part"
        killed = tmp_path / f".book.pdf.{dead.pid}.q9w8e7r6.part"
        old_style = tmp_path / ".book.html.k3j9x.part"
        for path in (running, killed, old_style):
            path.write_text("half a file")
        assert sorted(remove_leftovers(tmp_path)) == sorted([killed, old_style])
        assert running.exists()
    finally:
        alive.kill()
        alive.wait()


def test_the_writer_names_its_part_file_with_its_process(tmp_path, monkeypatch):
    seen = []
    real = os.replace

    def replace(source, target):
        seen.append(Path(source).name)
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)
    write_atomic(tmp_path / "page.html", "x", root=tmp_path)
    assert seen and seen[0].startswith(f".page.html.{os.getpid()}.") and seen[0].endswith(".part")


def test_diff_and_fix_on_an_unreadable_book_exit_2_with_the_readers_finding(rulebook, tmp_path):
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "book.xml").write_text("<book><title>T</title><para>x</book>\n")
    for option in ("--diff", "--fix"):
        status, out, err = rulebook("check", str(folder), option)
        assert status == 2
        assert "book.xml:1:" in err and "[not-well-formed]" in err
        assert out == ""
    assert (folder / "book.xml").read_text() == "<book><title>T</title><para>x</book>\n"


@pytest.mark.parametrize("epoch", ["yesterday", "1e9", "²", "99999999999999999999"])
def test_sheet_validates_source_date_epoch_as_build_does(rulebook, monkeypatch, tmp_path, epoch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    character = Path(__file__).resolve().parent.parent / "source" / "cda" / "personnages"
    status, out, err = rulebook(
        "sheet", str(next(character.glob("*.toml"))), "--out", str(tmp_path / "s.pdf")
    )
    assert status == 2
    assert "SOURCE_DATE_EPOCH" in err and "is not a date" in err
    assert not (tmp_path / "s.pdf").exists()


def test_a_build_writing_more_than_its_bound_stops_naming_it(tmp_path, monkeypatch):
    from build_tools import limits

    monkeypatch.setattr(limits, "OUTPUT_BYTES", 1000)
    with writing_into(tmp_path):
        write_atomic(tmp_path / "a.html", "x" * 600)
        with pytest.raises(OSError) as passed:
            write_atomic(tmp_path / "b.html", "x" * 600)
    assert "rulebook.limits.OUTPUT_BYTES" in passed.value.strerror
    assert passed.value.filename == str(tmp_path / "b.html") and not (tmp_path / "b.html").exists()
    write_atomic(tmp_path / "c.html", "x" * 600)  # outside a build: no bound


def test_the_web_faces_cache_goes_through_the_writer(tmp_path, monkeypatch):
    """A link planted at the name the cache's temporary file had (`NAME.PID.part`, a name
    anyone could guess) is never written through: the cut face is written by the one writer."""
    from build_tools.render.html import web_faces

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(web_faces, "_subset", lambda source: b"wOF2 cut")
    face = web_faces.faces()[0]
    assert web_faces.cut(face) == b"wOF2 cut"
    (cached,) = (tmp_path / "cache" / "rulebook" / "faces").iterdir()
    cached.unlink()
    victim = tmp_path / "victim"
    cached.with_suffix(f".{os.getpid()}.part").symlink_to(victim)
    assert web_faces.cut(face) == b"wOF2 cut"
    assert not victim.exists()
    assert cached.read_bytes() == b"wOF2 cut" and not cached.is_symlink()


def test_a_report_file_is_written_by_the_writer(rulebook, book, tmp_path):
    """`check --json FILE` replaces FILE atomically and keeps its mode, as every output."""
    report = tmp_path / "report.json"
    report.write_text("old")
    report.chmod(0o600)
    run = rulebook("check", str(book / "book.xml"), "--no-rules", "--json", str(report))
    assert run.status == 0, run.out + run.err
    assert '"books"' in report.read_text() and report.stat().st_mode & 0o777 == 0o600
    assert [path.name for path in tmp_path.iterdir() if path.name.endswith(".part")] == []
