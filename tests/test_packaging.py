"""A wheel of rulebook carries everything it needs: built, installed in a fresh venv, it renders."""

from __future__ import annotations

import importlib.metadata
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pypdf
import pytest
from conftest import ROOT
from packaging.requirements import Requirement

from tests import pdf_text

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("wheel")]  # one wheel, one worker


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from a copy of the source tree: other tests of the run import the games
    and write their bytecode into the tree meanwhile, and setuptools, copying a file Python has
    just renamed, failed the build (« pip wheel » exit 1 in a CI run)."""
    folder = tmp_path_factory.mktemp("wheel")
    tree = tmp_path_factory.mktemp("tree") / "rulebook"
    shutil.copytree(
        ROOT,
        tree,
        ignore=shutil.ignore_patterns(
            "__pycache__", "*.pyc", ".git", "generated", "build", "*.egg-info", ".*cache"
        ),
    )
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(folder), str(tree)]
    built = None
    if build_requirements_met():
        # pip also asks the backend what more it needs (setuptools before 70.1: `wheel`)
        built = subprocess.run(
            [*pip, "--no-build-isolation", "--check-build-dependencies"],
            capture_output=True,
            text=True,
            timeout=300,
        )
    if built is None or built.returncode != 0:  # a build environment of its own
        built = subprocess.run(pip, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = folder.glob("rulebook-*.whl")
    return wheel


def build_requirements_met() -> bool:
    """Whether the running environment has what pyproject.toml's [build-system] requires: then
    the wheel is built there, where a build environment of its own installed setuptools at
    every run (~8 s under load)."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for requirement in map(Requirement, pyproject["build-system"]["requires"]):
        try:
            version = importlib.metadata.version(requirement.name)
        except importlib.metadata.PackageNotFoundError:
            return False
        if not requirement.specifier.contains(version, prereleases=True):
            return False
    return True


def test_the_wheel_holds_every_module_and_every_template(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in (ROOT / "build_tools").rglob("*.py"):
        assert path.relative_to(ROOT).as_posix() in names
    for path in (ROOT / "templates").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:  # bytecode is no template
            assert (
                f"build_tools/templates/{path.relative_to(ROOT / 'templates').as_posix()}" in names
            )


def running_site_packages() -> list[str]:
    """The folders the running interpreter imports installed packages from, the source tree's
    own excepted: the system's, or a virtualenv's (and its base's, with --system-site-packages)."""
    folders = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    folders |= {
        entry for entry in sys.path if Path(entry).name in ("site-packages", "dist-packages")
    }
    return sorted(
        folder
        for folder in folders
        if Path(folder).is_dir() and not Path(folder).is_relative_to(ROOT)
    )


def fresh_venv(venv: Path) -> Path:
    """A venv of its own whose dependencies (lxml, WeasyPrint…) come from the running environment,
    whatever it is: `--system-site-packages` alone would give a virtualenv's venv no lxml. The
    running folders are listed in a .pth, after the venv's own site-packages, so the wheel
    installed there comes first; a .pth's plain lines are not read as site folders, so the running
    environment's editable install of rulebook is not seen. The venv has no pip of its own (its
    bootstrap took half a minute under load): the running pip installs into it (`--python`)."""
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120
    )
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    lines = "".join(f"{folder}\n" for folder in running_site_packages())
    (Path(purelib) / "running-environment.pth").write_text(lines, encoding="utf-8")
    return python


def test_an_installed_wheel_builds_a_book_outside_the_source_tree(wheel, tmp_path, monkeypatch):
    monkeypatch.delenv("PYTHONPATH", raising=False)  # a source tree's would come before the wheel
    venv = tmp_path / "venv"
    fresh_venv(venv)
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps"]
    subprocess.run([*pip, str(wheel)], check=True, capture_output=True, timeout=300)
    project = tmp_path / "project"
    project.mkdir()
    command = str(venv / "bin" / "rulebook")

    where = subprocess.run(
        [str(python), "-c", "import build_tools; print(build_tools.__file__)"],
        capture_output=True,
        text=True,
        cwd=project,
        check=True,
    )
    assert Path(where.stdout.strip()).is_relative_to(venv)  # the wheel, not the source tree

    version = subprocess.run([command, "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.startswith("rulebook ")

    # A new game, from the templates the wheel carries, checks clean at once and builds in
    # every format (each format's templates, stylesheets and fonts come from the wheel): a
    # book of a few pages, with its rules, deck and sheet, rather than a whole one of source/.
    # This is the one build of a new game in every format (`rulebook new`'s own tests build
    # its HTML only).
    for argv in (["new", "demo"], ["check", "demo"], ["build", "demo", "-v"]):
        done = subprocess.run([command, *argv], capture_output=True, text=True, cwd=project)
        assert done.returncode == 0, done.stdout + done.stderr
    err = done.stderr  # no --format: every one of them, one line per step (-v)
    for step in ("html", "pdf", "cards", "sheets", "errata"):
        assert f"demo: {step}: built" in err, err
    out = project / "generated" / "demo"
    page = (out / "html" / "index.html").read_text(encoding="utf-8")
    assert "Demo" in page
    assert (out / "html" / "book.css").stat().st_size > 1000
    assert (out / "demo.html").is_file() and (out / "errata.html").is_file()
    for name in ("demo.pdf", "errata.pdf", "cards.pdf", "cards-single.pdf"):
        assert (out / name).read_bytes().startswith(b"%PDF-"), name  # their templates too
    # the progress counts each format's pages
    for step, files in (
        ("pdf", ["demo.pdf"]),
        ("cards", ["cards.pdf", "cards-single.pdf"]),
        ("sheets", ["sheet.pdf", "sheet-letter.pdf"]),
    ):
        pages = sum(len(pypdf.PdfReader(out / name).pages) for name in files)
        assert re.search(rf"demo: {step}: built \([\d.]+ s, {pages} pages?\)", err), err
    # French typography on the sheet too: the label typed « Total d'un jet de 10 » in fiche.py
    sheet = "".join(pdf_text.page_texts(out / "sheet.pdf"))
    assert "Total d’un jet de 10" in sheet and "'" not in sheet
