"""The CI recipes the README gives (a GitHub workflow, pre-commit hooks) run rulebook as it is."""

from __future__ import annotations

import re
import shlex

import pytest
from conftest import ROOT

from build_tools.commands.cli import _parser

yaml = pytest.importorskip("yaml")


def workflow() -> dict:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (text,) = re.findall(r"```yaml\n(name: rulebook\n.*?)```", readme, re.S)
    return yaml.safe_load(text)


def test_the_workflow_runs_only_commands_rulebook_accepts():
    steps = workflow()["jobs"]["check"]["steps"]
    commands = [step["run"] for step in steps if step.get("run", "").startswith("rulebook ")]
    assert len(commands) == 2
    for command in commands:
        _parser().parse_args(shlex.split(command)[1:])  # exits (fails the test) on bad usage
    sarif = next(s for s in steps if "upload-sarif" in s.get("uses", ""))
    assert sarif["with"]["sarif_file"] in commands[0]


def test_the_pre_commit_hooks_run_the_checker(rulebook, monkeypatch):
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert {hook["id"] for hook in hooks} == {"rulebook-check", "rulebook-validate"}
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    validate = next(hook for hook in hooks if hook["id"] == "rulebook-validate")
    program, *argv = shlex.split(validate["entry"])
    assert program == "rulebook"
    status, out, _ = rulebook(*argv)
    assert (status, out) == (0, "")  # the books as they are pass, silently
