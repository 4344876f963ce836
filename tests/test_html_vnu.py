"""Every HTML page is valid HTML5 by the Nu HTML checker (vnu), when Java and vnu.jar are present:
the books', the element tests' (tests/test_elements.py) and the anchored book's
(tests/test_anchors.py), in one run of the checker (a Java start is ~2.5 s of CPU).

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
from test_anchors import context  # noqa: F401 (a fixture: the anchored book, examined)
from test_elements import (
    PAGES,
    built,  # noqa: F401 (a fixture: the element tests' build)
)

from build_tools.commands.cli import main
from build_tools.render.html.book import HtmlBook

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
    pytest.mark.xdist_group("anchored"),  # the worker of test_anchors, which has its `context`
]


def anchored_pages(anchored, folder: Path) -> list[Path]:
    """The anchored book's pages (screen, print and split), written in `folder`."""
    render, _ = anchored
    pages = [
        ("screen.html", HtmlBook.of(render).single_page()),
        ("print.html", HtmlBook.of(render, medium="print").single_page()),
        *(
            (f"split-{name}", content)
            for name, content in HtmlBook.of(render).split_pages()
            if name.endswith(".html")
        ),
    ]
    folder.mkdir()
    for name, content in pages:
        (folder / name).write_text(content, encoding="utf-8")
    return [folder / name for name, _ in pages]


@pytest.mark.usefixtures("built")
def test_every_page_of_every_book_has_no_html_error(html_books, context, tmp_path):  # noqa: F811
    # the three books, a test book that uses every element the renderer supports, the element
    # tests' book (its single page and split pages, as built) and the anchored book
    everything = tmp_path / "everything"
    everything.mkdir()
    shutil.copy(EVERYTHING, everything / "book.xml")
    shutil.copytree(EVERYTHING.parent / "images", everything / "images")
    out = tmp_path / "out"
    assert main(["build", str(everything), "--format", "html", "--out", str(out)]) in (0, 1)
    pages = []
    books = [html_books / book for book in ("cda", "harmonies", "edad")]
    for folder in [*books, out / "everything"]:
        pages += [folder / f"{folder.name}.html", *(folder / "html").glob("*.html")]
    assert len(pages) >= 20
    assert PAGES  # the element tests' pages, written by their build
    pages += [*PAGES, *anchored_pages(context, tmp_path / "anchored")]
    result = subprocess.run(
        [*vnu(), "--format", "json", "--errors-only", *map(str, pages)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    messages = json.loads(result.stderr or result.stdout or '{"messages": []}')["messages"]
    errors = [
        f"{'/'.join(Path(m.get('url', '')).parts[-2:])}:{m.get('lastLine')}: {m['message']}"
        for m in messages
        if m.get("type") in ("error", "non-document-error")
    ]
    assert errors == []
