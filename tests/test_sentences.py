"""The one finder of a sentence by its words (build_tools/model/sentences.py), which the rules'
citations, the prose bindings, the cards' check and the character sheet's places all use."""

from __future__ import annotations

from conftest import ROOT
from lxml import etree

from build_tools.model.sentences import CARDS, RULES, SHEETS, Citations, prose_of

BOOK = (
    "<book><chapter><title>Jets</title>"
    "<para>On lance un d20<footnote><para>un dé à vingt faces</para></footnote>.</para>"
    "<itemizedlist><listitem><para>La marge est la différence.</para></listitem></itemizedlist>"
    "<para>Voir <xref linkend='m'/> : la marge compte.</para>"
    "<glossary><glossentry id='m'><glossterm>Marge</glossterm>"
    "<glossdef><para>La différence.</para></glossdef></glossentry></glossary>"
    "</chapter></book>"
)


def test_a_sentence_is_found_in_the_innermost_element_that_says_it():
    root = etree.fromstring(BOOK)
    prose = prose_of(root, RULES)
    (listed,) = [p for p in root.iter("para") if "marge est" in "".join(p.itertext())]
    found = prose.containing("La marge est la différence.")
    assert listed in found and listed.getparent() in found  # the item holds its paragraph
    assert prose.innermost(found) == [listed]
    assert prose_of(root, RULES) is prose  # read once per book


def test_a_cards_quote_is_read_as_a_reader_reads_it_in_order_case_aside():
    root = etree.fromstring(BOOK)
    prose = prose_of(root, CARDS)
    (seen,) = prose.innermost(prose.holding(["voir marge", "compte"]))
    assert "".join(seen.itertext()).startswith("Voir")  # the xref read as its words
    assert prose.holding(["compte", "voir"]) == []  # in their order


def test_a_sheets_source_is_placed_by_the_same_finder():
    root = etree.fromstring(BOOK)

    class Document:
        pass

    document = Document()
    document.root = root
    element = Citations(document, "fr").element("La  marge est\u00a0la différence.")  # spaces aside
    (listed,) = [p for p in root.iter("para") if "marge est" in "".join(p.itertext())]
    prose = prose_of(root, SHEETS)
    assert element is listed is prose.innermost(prose.containing("La marge est la différence."))[0]


def test_no_other_module_looks_for_the_innermost_element_itself():
    """The innermost rule is the finder's: no other module walks an element's descendants
    to choose among the elements that hold a sentence."""
    walking = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "build_tools").rglob("*.py")
        if "iterdescendants(" in path.read_text(encoding="utf-8")
    ]
    assert walking == ["build_tools/model/sentences.py"]
