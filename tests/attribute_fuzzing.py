# ruff: noqa: E501 (the DocBook of the base chapter reads best a line per element)
"""A book carrying every attribute the renderers honour (`model.elements.supported_attributes`), each set
to a value Hypothesis draws: numbers written every way (zero, negative, huge, superscript and
other unicode digits, « 0* »), lengths, URLs (NUL as %00, protocol-relative, absolute, active
schemes), and quotes, angle brackets and ampersands. Shared by tests/test_attribute_fuzz.py
(a small budget, in the quick suite) and bench/fuzz_attributes.py (a run of minutes).

Hypothesis (in the test extra) is used for what hand-picked lists miss: it combines and
shrinks, so a crash is reported as the smallest book that gives it.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from hypothesis import strategies as st
from lxml import etree

from build_tools.commands.cli import main
from build_tools.model.elements import supported_attributes

SNIPPETS = Path(__file__).resolve().parent / "fixtures" / "markup" / "snippets.xml"
BASE = """<chapter id="base"><title>Base</title>
<para id="p1" xreflabel="P">Voir <xref linkend="p1"/>, <link linkend="p1">ici</link>,
<ulink url="https://example.org/">le site</ulink>, <firstterm linkend="g1">terme</firstterm>,
<glossterm linkend="g1">terme</glossterm>, <trademark class="registered">Marque</trademark>.</para>
<orderedlist numeration="arabic"><listitem><para>un</para></listitem></orderedlist>
<table frame="all" colsep="1" rowsep="1"><title>T</title>
<tgroup cols="3" align="left" colsep="1" rowsep="1">
<colspec colnum="1" colname="c1" colwidth="1*" align="left"/>
<colspec colnum="2" colname="c2" colwidth="2*"/><colspec colname="c3" colwidth="30pt"/>
<spanspec spanname="s12" namest="c1" nameend="c2" align="center"/>
<thead valign="top"><row rowsep="1" valign="top"><entry>a</entry><entry>b</entry><entry>c</entry></row></thead>
<tfoot valign="top"><row><entry>f</entry><entry>g</entry><entry>h</entry></row></tfoot>
<tbody valign="top"><row><entry spanname="s12">ab</entry><entry morerows="1">c</entry></row>
<row><entry namest="c1" nameend="c2" colname="c1" valign="top" align="left">de</entry></row></tbody>
</tgroup></table>
<mediaobject><imageobject><imagedata fileref="image.png" width="20px" contentwidth="10px"/></imageobject></mediaobject>
<para><inlinegraphic fileref="image.png" width="5px"/></para>
<glossary><glossentry id="g1"><glossterm>terme</glossterm><glossdef><para>Un terme.</para>
<glossseealso otherterm="g1"/></glossdef></glossentry>
<glossentry id="g2"><glossterm>autre</glossterm><glosssee otherterm="g1"/></glossentry></glossary>
</chapter>"""
PNG = (Path(__file__).resolve().parent / "fixtures" / "html" / "images" / "dot.png").read_bytes()

NASTY = (
    "0", "-1", "1e400", "9" * 40, "²", "¹²", "٣", "１２", "0*", "0.0*", "*", "-1*", "1e9999*",
    "", " ", "%00", "a%00b", "x.png%00", "//evil.example/x", "/etc/passwd", "../../etc/passwd",
    "javascript:alert(1)", "JaVa\tScRiPt:x", "data:text/html,<b>", "file:///etc/passwd",
    '"', "'", "<", ">", "&", '" onmouseover="alert(1)', "</a><script>x</script>",
    "\u202e", "x" * 5000, "10000000px", "-5cm", "NaN", "inf", "0x10", "1_000",
)  # fmt: skip
"""Values chosen by hand; Hypothesis mixes them with what it makes."""

XML_CHARACTERS = st.characters(
    blacklist_categories=("Cs",), blacklist_characters="\x00\ufffe\uffff"
).filter(lambda character: character >= " " or character in "\t\n\r")
VALUES = st.one_of(
    st.sampled_from(NASTY),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.builds(lambda number, unit: f"{number}{unit}", st.integers(-99999, 99999),
              st.sampled_from(["", "*", "px", "pt", "%", "em", "cm", "in", "²"])),
    st.text(XML_CHARACTERS, max_size=12),
)  # fmt: skip


def attribute_places() -> list[tuple[str, str]]:
    """Every (element, attribute) the renderers honour; '*' for every element."""
    places = []
    for element, names in sorted(supported_attributes().items()):
        for name in sorted(names):
            places.append((element, name))
    return places


PLACES = attribute_places()
NAMED = sorted({element for element, _ in PLACES if element != "*"})


def chapters() -> list[etree._Element]:
    """The base chapter, and a chapter per snippet of the element table's tests."""
    found = [etree.fromstring(BASE)]
    for number, snippet in enumerate(etree.parse(str(SNIPPETS)).getroot().iter("snippet")):
        chapter = etree.Element("chapter", id=f"snippet-{number}")
        etree.SubElement(chapter, "title").text = f"S{number}"
        chapter.text = None
        for child in snippet:
            chapter.append(child)
        if len(chapter) > 1 and chapter[1].tag not in ("reference", "part", "article"):
            if next(chapter.iter(*NAMED), None) is not None:  # one with an attribute of the table
                found.append(chapter)
    return found


def book(values: dict[tuple[str, str], str]) -> bytes:
    """The book with each (element, attribute) of `values` set to its value, on every such
    element; an attribute of every element ('*') on the first element of each name."""
    root = etree.Element("book", lang="fr")
    etree.SubElement(root, "title").text = "Fuzz"
    for chapter in chapters():
        root.append(chapter)
    firsts = {}  # '*' attributes: on the first element of each name, every kind covered
    for node in root.iter():
        if isinstance(node.tag, str) and node.tag != "book":
            firsts.setdefault(node.tag, node)
    for (element, name), value in values.items():
        nodes = firsts.values() if element == "*" else root.iter(element)
        for number, node in enumerate(nodes):
            # ids made unique, else the renderers give all but one a generated anchor
            node.set(name, f"{value}{number}" if name == "id" else value)
    return etree.tostring(root, xml_declaration=True, encoding="utf-8")


def run(folder: Path, values: dict[tuple[str, str], str], formats: str = "html") -> list[int]:
    """Write the book into `folder`, check it and build it; the exit statuses, which must
    never be 3 (a bug) nor show a traceback."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "book.xml").write_bytes(book(values))
    (folder / "image.png").write_bytes(PNG)
    statuses = []
    for argv in (
        ["check", str(folder), "--no-rules"],
        ["build", str(folder / "book.xml"), "--no-rules", "--format", formats,
         "--out", str(folder.parent / "out"), "--force"],
    ):  # fmt: skip
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
        shown = out.getvalue() + err.getvalue()
        assert status != 3 and "Traceback" not in shown, f"{argv[0]} exit {status}:\n{shown}"
        statuses.append(status)
    return statuses
