# ruff: noqa: E501 (the DocBook snippets read best on one line each)
"""The element table: every DocBook 4.5 element has a row, and every row is tested on a snippet.

All snippets are built as the chapters of one small book (one build, HTML only):
for each element, the chapter that uses it must come out with no finding about
it, every word of its source shown, and the words docbook-xsl generates for it.
An unsupported element must be reported by the check and the build in the same
words, its text shown inside a marker.
"""

from __future__ import annotations

import re
from pathlib import Path

import lxml.html
import pytest
from lxml import etree

from build_tools.model.elements import DOCBOOK_45, INSIDE, METADATA, RENDERED, table
from build_tools.render.html.book import supported_elements
from build_tools.render.html.technical import CODE, NAMED

ROOT = Path(__file__).resolve().parent.parent
DTD = Path("/usr/share/xml/docbook/schema/dtd/4.5/docbookx.dtd")
SNIPPETS = ROOT / "tests/fixtures/markup/snippets.xml"
"""Hand-written snippets: <snippet for="a b c" expect="text|text">DocBook</snippet>."""

TABLE = table(supported_elements())
PAGES: list[Path] = []
"""The pages the module's build wrote: the single page and the split pages."""
TOP_LEVEL = tuple(
    f"<{name}"
    for name in ("reference", "bibliography", "dedication", "colophon", "article", "appendix")
    + ("preface", "glossary", "part")
)


def simple_snippets() -> dict[str, tuple[str, list[str]]]:
    """The inline words with no generated text: each in a paragraph of its own."""
    return {
        name: (f"<para>Before <{name}>{name} words</{name}> after.</para>", [f"{name} words"])
        for name in CODE + NAMED
    }


def written_snippets() -> list[tuple[set[str], str, list[str]]]:
    tree = etree.parse(str(SNIPPETS))
    found = []
    for snippet in tree.getroot().iter("snippet"):
        inner = (snippet.text or "") + "".join(
            etree.tostring(child, encoding="unicode") for child in snippet
        )
        expect = [part for part in snippet.get("expect", "").split("|") if part]
        found.append((set(snippet.get("for", "").split()), inner, expect))
    return found


def chapters() -> list[tuple[str, set[str], str, list[str]]]:
    """(chapter id, elements it tests, its DocBook, expected texts), one per snippet."""
    found = [
        (f"simple-{name}", {name}, source, expect)
        for name, (source, expect) in simple_snippets().items()
    ]
    for number, (names, source, expect) in enumerate(written_snippets(), start=1):
        found.append((f"snippet-{number}", names, source, expect))
    return found


def book_source() -> str:
    parts = []
    for identifier, _, source, _ in chapters():
        if source.lstrip().startswith(TOP_LEVEL):
            top = source.lstrip()
            parts.append(top.replace(">", f' id="{identifier}">', 1))
        else:
            parts.append(
                f'<chapter id="{identifier}"><title>{identifier}</title>{source}</chapter>'
            )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<book lang="fr"><title>Éléments</title>\n'
        + "\n".join(parts)
        + "\n</book>\n"
    )


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """The snippets' book built to HTML, once per process (tests/test_html_vnu.py checks its
    pages with the Nu HTML checker): its single page, the check's output, its folder."""
    from build_tools.commands.cli import main

    folder = tmp_path_factory.mktemp("elements") / "elements"
    folder.mkdir()
    (folder / "book.xml").write_text(book_source(), encoding="utf-8")
    (folder / "images").mkdir()
    (folder / "images/plan.png").write_bytes(
        (ROOT / "tests/fixtures/html/images").glob("*.png").__next__().read_bytes()
    )
    out = tmp_path_factory.mktemp("out")
    import io
    from contextlib import redirect_stderr, redirect_stdout

    errors = io.StringIO()
    with redirect_stderr(errors), redirect_stdout(io.StringIO()):
        main(["build", str(folder), "--format", "html", "--out", str(out)])
    check = io.StringIO()
    with redirect_stderr(check), redirect_stdout(check):
        main(["check", str(folder)])
    page = lxml.html.parse(str(out / "elements" / "elements.html")).getroot()
    PAGES[:] = [out / "elements" / "elements.html", *(out / "elements/html").glob("*.html")]
    return page, check.getvalue(), folder


def squeeze(text: str) -> str:
    """`text` without spaces, its apostrophes plain (a French book sets them typographic)."""
    return re.sub(r"[\s\u00a0\u202f]+", "", text).replace("’", "'")


def _hidden(tag: str, hidden: tuple[str, ...]) -> bool:
    """Metadata, and the parts of an info the title page does not show (docbook-xsl alike)."""
    return tag in hidden or (
        tag.endswith("info") and tag not in ("funcsynopsisinfo", "classsynopsisinfo")
    )


def test_the_table_has_a_row_for_every_element_of_the_docbook_45_dtd():
    declared = {element.name for element in etree.DTD(str(DTD)).elements()}
    assert declared == set(DOCBOOK_45)
    assert set(TABLE) == declared
    assert {"rendered", "inside", "metadata", "unsupported"} >= set(TABLE.values())


def test_the_model_lists_the_elements_the_translator_renders_and_no_other():
    """The check reads the model's list, the build the translator's methods: they agree, so a
    `visit_` method added or removed without its line in the table fails here."""
    assert supported_elements() == RENDERED
    assert table() == TABLE


TESTED = {name for _, names, _, _ in chapters() for name in names}


@pytest.mark.parametrize(
    "name", sorted(n for n, how in TABLE.items() if how in ("rendered", "inside", "metadata"))
)
def test_every_row_is_tested_by_a_snippet_or_the_everything_book(name):
    everything = (ROOT / "tests/fixtures/html/everything.xml").read_text(encoding="utf-8")
    assert (
        name in TESTED
        or f"<{name}>" in everything
        or f"<{name} " in everything
        or (f"<{name}/>" in everything)
    )


@pytest.mark.parametrize(
    "chapter", chapters(), ids=[identifier for identifier, _, _, _ in chapters()]
)
def test_a_snippet_renders_every_word_and_the_generated_text(built, chapter):
    page, check, _ = built
    identifier, names, source, expect = chapter
    node = page.xpath(f"//*[@id='{identifier}']")
    assert node, identifier
    shown = node[0].text_content()
    fragment = etree.fromstring(f"<root>{source}</root>")
    hidden = tuple(METADATA) + ("indexterm", "remark", "areaspec", "refmeta")
    words = [
        word
        for element in fragment.iter()
        if not any(_hidden(a.tag, hidden) for a in (element, *element.iterancestors()))
        for word in (element.text or "").split()
    ]
    assert [word for word in words if squeeze(word) not in squeeze(shown)] == []
    for text in expect:
        assert squeeze(text) in squeeze(shown), (text, " ".join(shown.split()))
    for name in names:
        assert f"handles <{name}>" not in check and f"<{name}> is only rendered" not in check


@pytest.mark.parametrize("name", sorted(n for n, how in TABLE.items() if how == "unsupported"))
def test_an_unsupported_element_is_reported_alike_and_its_text_kept(
    write_book, rulebook, tmp_path, name
):
    folder = write_book(
        "unsupported",
        {
            "book.xml": f'<book lang="fr"><title>T</title><chapter><title>C</title><para>Avant <{name}>mots gardés</{name}> après.</para></chapter></book>'
        },
    )
    built = rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out"))
    checked = rulebook("check", str(folder))
    message = f"no renderer handles <{name}>: its text is shown inside a marker"
    assert message in checked.out + checked.err
    assert message in built.out + built.err or checked.status != 0
    page = lxml.html.parse(str(tmp_path / "out/unsupported/unsupported.html")).getroot()
    marker = page.xpath("//*[contains(@class, 'unsupported')]")
    assert marker and "mots gardés" in marker[0].text_content()


def test_an_element_rendered_only_inside_its_parent_is_reported_elsewhere(
    write_book, rulebook, tmp_path
):
    folder = write_book(
        "misplaced",
        {
            "book.xml": '<book lang="fr"><title>T</title><chapter><title>C</title><para>Un <primary>mot</primary>.</para></chapter></book>'
        },
    )
    rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out"))
    checked = rulebook("check", str(folder))
    assert INSIDE["primary"] == "an indexterm"
    page = lxml.html.parse(str(tmp_path / "out/misplaced/misplaced.html")).getroot()
    assert "mot" in page.xpath("//*[contains(@class, 'unsupported')]")[0].text_content()
    message = (
        "<primary> is only rendered inside an indexterm: here its text is shown inside a marker"
    )
    assert message in checked.out


SET = """<set lang="fr"><setinfo><title>La collection</title></setinfo>
<book id="tome1"><title>Tome un</title><chapter><title>Début</title><para>Texte un<indexterm><primary>dé</primary></indexterm>.</para></chapter></book>
<book id="tome2"><bookinfo><title>Tome deux</title></bookinfo><chapter><title>Suite</title><para>Texte deux.</para></chapter></book>
<setindex><setindexinfo/></setindex></set>"""
SET_ELEMENTS = {"set", "setinfo", "setindex", "setindexinfo"}
TESTED |= SET_ELEMENTS


def test_a_set_shows_its_title_the_titles_of_its_books_and_their_chapters(
    write_book, rulebook, tmp_path
):
    folder = write_book("collection", {"book.xml": SET})
    run = rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out"))
    assert "handles <" not in run.err
    page = lxml.html.parse(str(tmp_path / "out/collection/collection.html")).getroot()
    text = " ".join(page.text_content().split())
    assert page.find("head/title").text == "La collection"
    for words in (
        "La collection",
        "Tome un",
        "Tome deux",
        "Chapitre 1. Début",
        "Chapitre 1. Suite",
    ):
        assert words in text
    assert "dé, Début" in text  # the set's index
    split = " ".join(
        " ".join(lxml.html.parse(str(p)).getroot().text_content().split())
        for p in (tmp_path / "out/collection/html").glob("*.html")
    )
    assert split.count("Texte deux.") == 1
