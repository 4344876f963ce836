"""How the PDF breaks pages, on a small book written for it: tables, examples, footnotes, lists.

A long table must repeat its header row on every page it runs onto and never
split a row; an example that fits on a page must not be split; a footnote
must sit at the foot of the page that calls it; a list's title, or the sentence
that announces a list, is never left at a page's foot without the list.
"""

from __future__ import annotations

import pytest

from tests import pdf_text

pytestmark = [
    pytest.mark.slow,  # a PDF of a few pages: seconds of WeasyPrint
    pytest.mark.xdist_group("breaks"),  # one worker reads the one build; none waits for it idle
]

ROWS = 70
EXAMPLES = 12  # enough that, left free to break, some would straddle two pages
WRAPPING = "qui court sur trois lignes de la colonne " * 4  # rows that could split
FILLER = " ".join(["Le personnage avance prudemment dans la salle obscure."] * 6)
LISTS = 16  # after fillers of growing length: some would start at a page's foot


def book() -> str:
    """The book's main file: a long table, examples, a footnote, lists after fillers."""
    rows = "\n".join(
        f"<row><entry>ligne {n}</entry><entry>valeur {n} {WRAPPING} fin {n}.</entry></row>"
        for n in range(1, ROWS + 1)
    )
    paragraphs = "\n".join(f"<para>{FILLER} Paragraphe {n}.</para>" for n in range(1, 9))
    examples = "\n".join(
        f"<example id='exemple-{n}'><title>un exemple insécable numéro {n}</title>"
        f"<para>{FILLER}</para><para>{FILLER}</para><para>Fin de l'exemple {n}.</para></example>"
        f"<para>{FILLER}</para>"
        for n in range(1, EXAMPLES + 1)
    )
    lists = "\n".join(
        f"<para>{FILLER[: 90 * (n % 7 + 1)]}</para>"
        + (
            f"<variablelist><title>une liste numéro {n}</title>"
            + "".join(
                f"<varlistentry><term>terme {n}.{i}</term><listitem><para>{FILLER[:150]}"
                "</para></listitem></varlistentry>"
                for i in (1, 2, 3)
            )
            + "</variablelist>"
            if n % 2
            else f"<para>Les éléments numéro {n} sont les suivants :</para><itemizedlist>"
            + "".join(
                f"<listitem><para>élément {n}.{i}, {FILLER[:120]}</para></listitem>"
                for i in (1, 2, 3)
            )
            + "</itemizedlist>"
        )
        for n in range(1, LISTS + 1)
    )
    return f"""<?xml version="1.0" encoding="utf-8"?>
<book lang="fr">
<bookinfo><title>Livre de coupures</title></bookinfo>
<chapter id="coupures"><title>les coupures</title>
<para>Un appel de note<footnote><para>La note de bas de page.</para></footnote> ici.</para>
<table id="longue"><title>une longue table</title>
<tgroup cols="2"><thead><row><entry>Niveau</entry><entry>Bonus</entry></row></thead>
<tbody>
{rows}
</tbody></tgroup></table>
{paragraphs}
{examples}
</chapter>
<chapter id="listes"><title>les listes</title>
{lists}
</chapter>
</book>
"""


@pytest.fixture(scope="module")
def pages(shared_build) -> list[str]:
    folder = shared_build.book("coupures", {"book.xml": book()})
    out = shared_build(folder, "--format", "pdf")
    texts = [
        " ".join(text.split())
        for text in pdf_text.page_texts(out / folder.name / f"{folder.name}.pdf")
    ]
    return [text.replace("’", "'") for text in texts]


def test_a_long_table_repeats_its_header_and_never_splits_a_row(pages):
    with_rows = [text for text in pages if "ligne 1 " in text or "ligne " in text]
    table_pages = [text for text in with_rows if "valeur" in text]
    assert len(table_pages) >= 2, "the table should run onto a second page"
    for text in table_pages:
        assert "Niveau Bonus" in text, "a page of the table lacks its header row"
    # the pages it runs onto say which table it is, « (suite) »
    assert "(suite)" not in table_pages[0]
    for text in table_pages[1:]:
        assert "une longue table (suite)" in text, "a continued page lacks « (suite) »"
    for n in range(1, ROWS + 1):
        start, end = f"valeur {n} qui", f"fin {n}."
        holding = [text for text in table_pages if start in text]
        assert len(holding) == 1 and end in holding[0], f"row {n} is split or missing"


def test_an_example_that_fits_on_a_page_is_not_split(pages):
    for n in range(1, EXAMPLES + 1):
        holding = [
            text
            for text in pages
            if f"un exemple insécable numéro {n} " in text and "Liste des exemples" not in text
        ]
        assert len(holding) == 1
        assert f"Fin de l'exemple {n}." in holding[0], f"example {n} is split across pages"


def test_the_footnote_is_at_the_foot_of_its_page(pages):
    page = next(text for text in pages if "Un appel de note" in text)
    assert "La note de bas de page." in page
    assert page.index("La note de bas de page.") > page.index("Un appel de note")


def test_a_list_title_or_the_sentence_announcing_a_list_stays_with_the_list(pages):
    for n in range(1, LISTS + 1):
        head, first = (
            (f"une liste numéro {n} ", f"terme {n}.1")
            if n % 2
            else (f"Les éléments numéro {n} sont", f"élément {n}.1")
        )
        (page,) = [text for text in pages if head in text]
        assert first in page, f"« {head}» is left at a page's foot without its list"
