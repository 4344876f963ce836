"""Two renderings at once: both results come back as one after the other gives them, and a
failure of the one in the copy is raised as itself."""

from __future__ import annotations

import os

import pytest

from build_tools.render.html.parallel import in_parallel


def test_both_results_and_the_copy_changes_nothing_here():
    seen = []

    def second():
        seen.append("second")  # in the copy: not seen here
        return {"pid": os.getpid(), "pages": ["a" * 100_000, "b"]}

    first, theirs = in_parallel(lambda: seen + ["first"], second)
    assert first == ["first"] and theirs["pages"] == ["a" * 100_000, "b"]
    if (os.cpu_count() or 1) > 1 and hasattr(os, "fork"):
        assert theirs["pid"] != os.getpid() and seen == []


def test_a_failure_in_the_copy_is_raised_here():
    def second():
        raise ValueError("cassé")

    with pytest.raises(ValueError, match="cassé"):
        in_parallel(lambda: 1, second)


def test_a_failure_here_still_ends_the_copy():
    def first():
        raise KeyError("ici")

    with pytest.raises(KeyError):
        in_parallel(first, lambda: 2)
