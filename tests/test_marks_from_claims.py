"""The reader's marks come from the claims themselves: the passage each erratum is in and the
span of its wrong words, never a line number or the passage's name (`where`)."""

import lxml.html

GAME = """
from build_tools.checking.binder import Binder

binder = Binder()


@binder.prose(contains="2 × 2")
def produit(check, state):
    check.given("{} × {}")
    check.claim("= {}", 4)


@binder.prose(contains="2 + 2")
def somme(check, state):
    check.given("{} + {}")
    check.claim("= {}", 4)


@binder.prose(contains="le total fait")
def total(check, state):
    check.given("Avec {} dés")
    check.given("et {} de bonus")
    check.claim("le total fait {}", 6)


def setup(game):
    game.binder = binder
"""

BOOK = """<?xml version="1.0" encoding="utf-8"?>
<book lang="fr"><title>Marques</title>
<chapter id="c"><title>Calculs</title>
<para id="p1">Le double de deux vaut toujours quatre, on l'écrit comme ceci : 2 × 2 = 4.</para>
<para id="p2">Le double de deux vaut toujours quatre, on l'écrit comme ceci : 2 + 2 = 5.</para>
<para id="p3">Avec 3 dés et 3 de bonus, le total fait 3.</para>
</chapter></book>
"""


def _built(write_book, rulebook, tmp_path):
    folder = write_book("marques", {"book.xml": BOOK, "__init__.py": GAME})
    rulebook("build", str(folder), "--format", "html", "--out", str(tmp_path / "out"))
    return lxml.html.parse(str(tmp_path / "out/marques/marques.html")).getroot()


def test_two_passages_of_the_same_name_each_show_only_their_own_erratum(
    write_book, rulebook, tmp_path
):
    """Both paragraphs are named « paragraph « Le double de deux vaut… » » in the findings:
    the ✗ and the marked number are the second's alone, and its erratum links to it."""
    page = _built(write_book, rulebook, tmp_path)
    first, second = page.get_element_by_id("p1"), page.get_element_by_id("p2")
    marks = [node.getnext().get("class") for node in (first, second) if node.getnext() is not None]
    assert marks == ["verification verified", "verification erratum"]
    assert first.xpath(".//mark") == []
    assert [mark.text_content() for mark in second.xpath(".//mark")] == ["5"]
    summary = second.getnext().xpath(".//span[contains(@class, 'verification-summary')]")[0]
    assert "5" in summary.text_content() and "4" in summary.text_content()


def test_the_wrong_number_is_marked_where_it_stands_among_equal_numbers(
    write_book, rulebook, tmp_path
):
    """« Avec 3 dés et 3 de bonus, le total fait 3. »: the third 3 is wrong, not the first."""
    page = _built(write_book, rulebook, tmp_path)
    paragraph = page.get_element_by_id("p3")
    (mark,) = paragraph.xpath(".//mark")
    assert mark.text_content() == "3"
    before = (paragraph.text or "") + "".join(
        (node.tail or "") for node in paragraph.iterchildren() if node is not mark
    )
    assert paragraph.text.endswith("le total fait ")
    assert before.count("3") == 2


def test_books_checked_in_parallel_come_back_from_their_processes(monkeypatch):
    """Findings name their element for the renderers; a report still crosses processes (the
    books are checked in parallel, not one after the other in the main process)."""
    from build_tools import examine
    from build_tools.books import discover
    from tests.conftest import ROOT

    books = [book for book in discover(ROOT / "source") if book.name in ("harmonies", "edad")]
    here = []  # what this process checked itself (the processes' own lists are theirs)
    checked = examine.examine
    monkeypatch.setattr(examine, "examine", lambda *a, **k: here.append(a) or checked(*a, **k))
    reports = examine.examine_each(books, jobs=2)
    assert here == []  # nothing checked in this process: each report came back from its own
    assert {report.book.name for report in reports} == {"harmonies", "edad"}
    assert all(finding.element is None for report in reports for finding in report.findings)
    assert any(finding.category == "erratum" for report in reports for finding in report.findings)
