"""Output is deterministic: no object address nor other run-dependent text in any format.

A binding that crashes with an object in its message (« <function <lambda> at 0x7f…> »)
is checked in two processes with different hash seeds; every format, and the build's
manifest, must come out byte for byte the same.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT

pytestmark = pytest.mark.slow  # six runs of rulebook, each in a new process

FORMATS = ("text", "github", "json", "junit", "sarif")


@pytest.fixture
def broken_binding(rulebook, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    assert rulebook("new", "jeu").status == 0
    bindings = tmp_path / "source" / "jeu" / "bindings.py"
    text = bindings.read_text(encoding="utf-8")
    given = '    de = ex.given("jet de {}")\n'
    assert given in text
    crash = "    raise ValueError(f'no total for {(lambda: de)!r} nor {object()!r}')\n"
    bindings.write_text(text.replace(given, given + crash), encoding="utf-8")
    return tmp_path


def outputs(project, seed: str) -> dict[str, bytes]:
    """Every format of `rulebook check jeu`, and the build's manifest, run in a new process."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": seed}
    environment.pop("RULEBOOK_SOURCE", None)
    command = [
        sys.executable,
        "-c",
        "from build_tools.commands.cli import main; raise SystemExit(main())",
    ]
    reports = project / f"reports-{seed}"
    reports.mkdir()
    written = {}
    for shown in ("text", "github"):
        files = [f"--{name}={reports / name}" for name in FORMATS[2:]] if shown == "text" else []
        done = subprocess.run(
            [*command, "check", "jeu", "--format", shown, *files],
            cwd=project,
            env=environment,
            capture_output=True,
            timeout=120,
        )
        assert done.returncode == 1, done.stderr
        written[shown] = done.stdout
    written |= {name: (reports / name).read_bytes() for name in FORMATS[2:]}
    out = project / "generated"
    shutil.rmtree(out, ignore_errors=True)
    done = subprocess.run(
        [*command, "build", "jeu", "--format", "html", "--out", out.name, "--force"],
        cwd=project,
        env=environment,
        capture_output=True,
        timeout=120,
    )
    written["build"] = done.stdout + done.stderr
    written["manifest"] = (out / "jeu" / ".rulebook-build.json").read_bytes()
    return written


def test_a_broken_binding_gives_the_same_bytes_in_every_format_at_every_run(broken_binding):
    first, second = outputs(broken_binding, "1"), outputs(broken_binding, "2")
    assert (
        b"binding un_jet raised ValueError: no total for <function un_jet.<locals>."
        in (first["text"])
    )
    for name, written in first.items():
        assert b" at 0x" not in written, name
        assert written == second[name], name
