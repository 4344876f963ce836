"""Every HTML page is valid HTML5 by the Nu HTML checker (vnu), when Java and vnu.jar are present.

vnu.jar comes from npm (`npm install --prefix ~/.cache/rulebook/vnu vnu-jar`, as .ci/run
does); $RULEBOOK_VNU_JAR points elsewhere.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from build_tools.commands.cli import main

EVERYTHING = Path(__file__).parent / "fixtures/html/everything.xml"
JAR_PLACES = (
    os.environ.get("RULEBOOK_VNU_JAR", ""),
    str(Path.home() / ".cache/rulebook/vnu/node_modules/vnu-jar/build/dist/vnu.jar"),
    "node_modules/vnu-jar/build/dist/vnu.jar",
)


def vnu_jar() -> Path | None:
    return next((Path(place) for place in JAR_PLACES if place and Path(place).is_file()), None)


def vnu() -> list[str]:
    """The command that runs the checker: the JVM's quick compiler only (a run of seconds
    spends less than half the CPU of a full JIT's warm-up), and the thread stack that its
    code needs to evaluate the HTML schema."""
    return ["java", "-XX:TieredStopAtLevel=1", "-Xss4m", "-jar", str(vnu_jar())]


pytestmark = [
    pytest.mark.skipif(
        shutil.which("java") is None or vnu_jar() is None,
        reason="the Nu HTML checker needs java and vnu.jar "
        "(npm install --prefix ~/.cache/rulebook/vnu vnu-jar, or set RULEBOOK_VNU_JAR)",
    ),
    pytest.mark.slow,  # a Java start and every page of every book
]


def test_every_page_of_every_book_has_no_html_error(html_books, tmp_path):
    # the three books, and a test book that uses every element the renderer supports
    everything = tmp_path / "everything"
    everything.mkdir()
    shutil.copy(EVERYTHING, everything / "book.xml")
    shutil.copytree(EVERYTHING.parent / "images", everything / "images")
    built = tmp_path / "out"
    assert main(["build", str(everything), "--format", "html", "--out", str(built)]) in (0, 1)
    pages = []
    books = [html_books / book for book in ("cda", "harmonies", "edad")]
    for out in [*books, built / "everything"]:
        pages += [out / f"{out.name}.html", *(out / "html").glob("*.html")]
    assert len(pages) >= 20
    result = subprocess.run(
        [*vnu(), "--format", "json", "--errors-only", *map(str, pages)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    messages = json.loads(result.stderr or result.stdout or '{"messages": []}')["messages"]
    errors = [
        f"{Path(m.get('url', '')).name}:{m.get('lastLine')}: {m['message']}"
        for m in messages
        if m.get("type") in ("error", "non-document-error")
    ]
    assert errors == []
