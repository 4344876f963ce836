"""Two renderings at once: both results come back as one after the other gives them, and a
failure of the one in the copy is raised as itself."""

from __future__ import annotations

import os

import pytest

from build_tools.parallel import in_parallel


def test_both_results_and_the_copy_changes_nothing_here():
    seen = []

    def second():
        seen.append("second")  # in the copy: not seen here
        return {"pid": os.getpid(), "pages": ["a" * 100_000, "b"]}

    first, theirs = in_parallel([lambda: seen + ["first"], second])
    assert first == ["first"] and theirs["pages"] == ["a" * 100_000, "b"]
    if (os.cpu_count() or 1) > 1 and hasattr(os, "fork"):
        assert theirs["pid"] != os.getpid() and seen == []


def test_a_failure_in_the_copy_is_raised_here():
    def second():
        raise ValueError("cassé")

    with pytest.raises(ValueError, match="cassé"):
        in_parallel([lambda: 1, second])


def test_a_failure_here_still_ends_the_copy():
    def first():
        raise KeyError("ici")

    with pytest.raises(KeyError):
        in_parallel([first, lambda: 2])


def test_three_tasks_give_their_results_in_order_and_the_first_failure_is_raised():
    assert in_parallel([lambda: 1, lambda: os.getpid(), lambda: "trois"])[::2] == [1, "trois"]

    def fails(message):
        def task():
            raise ValueError(message)

        return task

    with pytest.raises(ValueError, match="deuxième"):
        in_parallel([lambda: 1, fails("deuxième"), fails("troisième")])


def test_a_result_that_cannot_come_back_is_an_error_here():
    with pytest.raises(RuntimeError, match="pickle"):
        in_parallel([lambda: 1, lambda: lambda: "a function does not pickle"])


def test_books_are_dealt_the_heaviest_first_to_the_lightest_group(tmp_path):
    """Three books on two cores: the largest alone, the two others together; a picture weighs
    nothing (the check does not read it)."""
    from build_tools.books import Book
    from build_tools.examine import _dealt

    books = []
    for name, size in (("petit", 300), ("grand", 1000), ("moyen", 600)):
        folder = tmp_path / name
        (folder / "images").mkdir(parents=True)
        (folder / "livre.xml").write_text("x" * size)
        (folder / "images" / "carte.png").write_bytes(b"\0" * 100_000)
        books.append(Book(name, folder, folder / "livre.xml"))
    assert _dealt(books, 2) == [[1], [0, 2]]
    assert _dealt(books, 3) == [[1], [2], [0]]
