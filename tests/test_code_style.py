"""The code reads one way: ruff's lint and format hold over the whole repository (CI runs this)."""

import subprocess
import sys

import pytest

from tests.conftest import ROOT


def _ruff(*arguments: str) -> subprocess.CompletedProcess:
    """ruff as the test extra installs it beside this Python (the same version CI has)."""
    return subprocess.run(
        [sys.executable, "-m", "ruff", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("arguments", [("check", "."), ("format", "--check", ".")])
def test_ruff_finds_nothing(arguments):
    result = _ruff(*arguments)
    assert result.returncode == 0, result.stdout + result.stderr
