"""Every id of the source is an anchor: a link to any element lands, on screen and on paper.

One fixture book: the element tests' books (tests/fixtures/html/everything.xml,
and the snippets of tests/test_elements.py as its chapters), with an id put on
every element that may carry one and is rendered, and a chapter that links to
each id twice (an xref and a link). Built once per form: the single page, the
split pages, the print page the PDF is laid out from (no layout).
"""

from __future__ import annotations

import re

import lxml.html
import pytest
from lxml import etree
from test_elements import DTD, ROOT, book_source

from build_tools.books import select
from build_tools.examine import examine
from build_tools.model.elements import METADATA, table
from build_tools.render.context import Options, RenderContext
from build_tools.render.html.book import HtmlBook, supported_elements

FIXTURES = ROOT / "tests/fixtures"
pytestmark = pytest.mark.xdist_group("anchored")  # with test_html_vnu: one `context`

HANDLING = table(supported_elements())
IDENTIFIED = frozenset(
    element.name
    for element in etree.DTD(str(DTD)).elements()
    if any(attribute.name == "id" for attribute in element.iterattributes())
)
"""The DocBook 4.5 elements that may carry an id."""


def _shown(element: etree._Element) -> bool:
    """Whether a page shows `element`: rendered (alone or by its parent), not metadata nor
    inside an info the title page leaves out (an xref to those has nothing to land on)."""
    return HANDLING.get(element.tag) in ("rendered", "inside") and not any(
        node.tag in METADATA for node in (element, *element.iterancestors())
    )


UNUSED = """<chapter><chapterinfo><author><surname>Info</surname></author></chapterinfo>
<title>Infos</title><procedure><blockinfo><title>Bloc</title></blockinfo><step><para>Pas.</para>
</step></procedure><mediaobject><objectinfo><title>Objet</title></objectinfo><textobject>
<phrase>Image</phrase></textobject></mediaobject>
<index><indexinfo><title>Index écrit</title></indexinfo><indexdiv><title>A</title><indexentry>
<primaryie>a</primaryie><secondaryie>b</secondaryie><tertiaryie>c</tertiaryie><seeie>d</seeie>
<seealsoie>e</seealsoie></indexentry></indexdiv></index></chapter>"""
"""The kinds that carry an id which the element tests' books do not use."""


def fixture_book() -> tuple[str, dict[str, str]]:
    """The book's source, and every id it links to -> the element kind carrying it."""
    book = etree.parse(str(FIXTURES / "html/everything.xml")).getroot()
    snippets = etree.fromstring(book_source().encode("utf-8"))
    last = max(i for i, child in enumerate(book) if child.tag in ("chapter", "part", "appendix"))
    chapters = [c for c in snippets if c.tag != "title"] + [etree.fromstring(UNUSED)]
    for offset, chapter in enumerate(chapters):
        book.insert(last + 1 + offset, chapter)
    targets = {}
    counts: dict[str, int] = {}
    for element in book.iter():
        if not isinstance(element.tag, str) or element.tag not in IDENTIFIED:
            continue
        if not _shown(element):
            continue
        if not element.get("id"):
            counts[element.tag] = counts.get(element.tag, 0) + 1
            element.set("id", f"k-{element.tag}-{counts[element.tag]}")
        targets[element.get("id")] = element.tag
    links = "".join(
        f'<para><xref linkend="{identifier}"/> <link linkend="{identifier}">lien</link></para>'
        for identifier in targets
    )
    chapter = etree.fromstring(f'<chapter id="liens"><title>Liens</title>{links}</chapter>')
    book.insert(last + 1, chapter)
    return etree.tostring(book, encoding="unicode"), targets


@pytest.fixture(scope="session")
def context(tmp_path_factory):
    """The anchored book, examined once per process: its render context, and its ids -> kinds
    (tests/test_html_vnu.py checks its pages, on the worker of these tests)."""
    folder = tmp_path_factory.mktemp("anchors") / "ancres"
    folder.mkdir()
    source, targets = fixture_book()
    (folder / "book.xml").write_text(source, encoding="utf-8")
    (folder / "images").mkdir()
    dot = (FIXTURES / "html/images/dot.png").read_bytes()
    for name in ("dot.png", "plan.png"):  # the images everything.xml and the snippets show
        (folder / "images" / name).write_bytes(dot)
    examined = examine(select([str(folder)])[0])
    return RenderContext(examined, Options(), tmp_path_factory.mktemp("out")), targets


def ids_of(html: str) -> list[str]:
    return lxml.html.document_fromstring(html).xpath("//@id")


def hrefs_of(html: str) -> list[str]:
    return lxml.html.document_fromstring(html).xpath("//a/@href")


def test_the_fixture_book_links_to_an_instance_of_every_kind_that_may_carry_an_id(context):
    _, targets = context
    wanted = {name for name in IDENTIFIED if HANDLING[name] in ("rendered", "inside")}
    # a set and its parts cannot stand inside a book
    assert wanted - set(targets.values()) == {"set", "setinfo", "setindex", "setindexinfo"}


@pytest.mark.parametrize("medium", ["screen", "print"])
def test_every_link_of_the_single_page_lands_on_an_id_written_once(context, medium):
    context, targets = context
    html = HtmlBook.of(context, medium=medium).single_page()
    ids = ids_of(html)
    assert sorted({i for i in ids if ids.count(i) > 1}) == []
    written = set(ids)
    assert sorted(f"{targets[i]} #{i}" for i in targets if i not in written) == []
    dead = [href for href in hrefs_of(html) if href.startswith("#") and href[1:] not in written]
    assert dead == []
    if medium == "print":  # paper keeps no link it cannot follow: it follows every one here
        linked = {href[1:] for href in hrefs_of(html) if href.startswith("#")}
        assert sorted(f"{targets[i]} #{i}" for i in targets if i not in linked) == []


def test_every_link_of_the_split_pages_lands_on_the_page_holding_its_id(context):
    context, targets = context
    pages = {
        name: content
        for name, content in HtmlBook.of(context).split_pages()
        if name.endswith(".html")
    }
    ids = {name: ids_of(content) for name, content in pages.items()}
    for name, found in ids.items():
        assert sorted({i for i in found if found.count(i) > 1}) == [], name
    holders = {i: [name for name, found in ids.items() if i in found] for i in targets}
    assert (
        sorted(f"{targets[i]} #{i}: {pages}" for i, pages in holders.items() if len(pages) != 1)
        == []
    )
    dead = []
    for name, content in pages.items():
        for href in hrefs_of(content):
            page, hash, anchor = href.partition("#")
            if re.match(r"[a-z]+:|\.\./", href) or not hash:
                continue
            if anchor not in ids.get(page or name, ()):
                dead.append(f"{name} -> {href}")
    assert dead == []
