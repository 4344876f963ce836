"""The suite's xdist groups are kept: the tests that share a built book run on one worker.

With some pytest releases (9.2, pytest-dev/pytest-xdist#1386) pytest-xdist's --dist loadgroup
stops grouping without a word: each group's shared books and browsers are then built on both
workers and the suite takes a fifth longer (181.8 s against 149.6 s on two cores at 91129c3).
This test says so instead.
"""

from __future__ import annotations

import pytest


@pytest.mark.xdist_group("grouping")
def test_a_grouped_test_runs_in_its_group(request):
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not run by pytest-xdist with --dist loadgroup")
    assert request.node.nodeid.endswith("@grouping"), (
        "--dist loadgroup did not group this test: this pytest and pytest-xdist do not work "
        "together; install the versions pyproject.toml's [test] extra allows"
    )
