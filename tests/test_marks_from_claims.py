"""The reader's marks come from the claims themselves: the passage each erratum is in and the
span of its wrong words, never a line number or the passage's name (`where`)."""

import lxml.html

GAME = """
from build_tools.checking.binder import Binder
from build_tools.checking.rule import rule

binder = Binder()


@rule(formula="n = a + b", symbols={"a": "a", "b": "b"}, cites="La somme de deux dés")
def somme_des(a, b):
    return a + b


@binder.prose(contains="font sept")
def sept(check, state):
    a, b = check.given("{} et {} font")
    since = len(check.trace.steps)
    total = somme_des(a, b)
    if total != 7:
        start = check.text.index("sept")
        check.erratum(
            (start, start + 4), f"the text says sept, the rules give {total}", "sept",
            expected=total, found="sept", since=since,
        )


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


@binder.prose(contains="Un jet réussit")
def reussite(check, state):
    check.affirm("lorsque le dé est strictement inférieur à la cible", False, rules_give="≤")


@binder.prose(contains="abréviations")
def abreviations(check, state):
    start = check.text.index("Mental (Mt)")
    check.erratum(
        (start, start + len("Mental (Mt)")), "the text says Mt", "mt",
        expected="« Mental (Me) »", found="Mental (Mt)",
    )


def setup(game):
    game.binder = binder
"""

BOOK = """<?xml version="1.0" encoding="utf-8"?>
<book lang="fr"><title>Marques</title>
<chapter id="c"><title>Calculs</title>
<para id="p1">Le double de deux vaut toujours quatre, on l'écrit comme ceci : 2 × 2 = 4.</para>
<para id="p2">Le double de deux vaut toujours quatre, on l'écrit comme ceci : 2 + 2 = 5.</para>
<para id="p3">Avec 3 dés et 3 de bonus, le total fait 3.</para>
<para id="p5">Un jet réussit lorsque le dé est
 strictement <emphasis>inférieur</emphasis> à la cible.</para>
<para id="p6">Les abréviations : Physique (Ph), Mental (Mt).</para>
<para id="p4">La somme de deux dés est leur total : 3 et 5 font sept.</para>
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


def test_an_erratum_a_game_states_itself_is_marked_with_its_working_and_rule(
    write_book, rulebook, tmp_path
):
    """`check.erratum()` (words the number patterns cannot read): marked where it stands, and
    its mark shows the working as the book's arithmetic and the sentence stating the rule."""
    page = _built(write_book, rulebook, tmp_path)
    paragraph = page.get_element_by_id("p4")
    assert [mark.text_content() for mark in paragraph.xpath(".//mark")] == ["sept"]
    verification = paragraph.getnext()
    assert verification.get("class") == "verification erratum"
    (claim,) = verification.xpath(".//li[contains(@class, 'disagreed')]")
    working = [item.text_content() for item in claim.xpath("ol[@class='working']/li")]
    assert working == ["n = a + b = 3 + 5 = 8"]
    (rule,) = claim.xpath("p[@class='rule-cited']")
    assert "«\xa0La somme de deux dés\xa0»" in rule.text_content()


def test_wrong_words_over_lines_and_markup_are_marked_where_each_piece_stands(
    write_book, rulebook, tmp_path
):
    """A statement over two source lines and an <emphasis> is marked piece by piece."""
    page = _built(write_book, rulebook, tmp_path)
    marks = [mark.text_content() for mark in page.get_element_by_id("p5").xpath(".//mark")]
    assert marks == ["lorsque le dé est", "strictement", "inférieur", "à la cible"]


def test_only_the_words_the_rules_give_otherwise_are_marked(write_book, rulebook, tmp_path):
    """« Mental (Mt) » where the rules give « Mental (Me) »: « (Mt) » is the erratum."""
    page = _built(write_book, rulebook, tmp_path)
    marks = [mark.text_content() for mark in page.get_element_by_id("p6").xpath(".//mark")]
    assert marks == ["(Mt)"]


def test_books_checked_in_parallel_come_back_from_their_processes(monkeypatch):
    """Findings name their element for the renderers; a report still crosses processes (the
    books are checked in parallel: one here, the other in a fork of this process)."""
    from build_tools import examine
    from build_tools.books import discover
    from tests.conftest import ROOT

    books = [book for book in discover(ROOT / "source") if book.name in ("harmonies", "edad")]
    here = []  # what this process checked itself (the processes' own lists are theirs)
    checked = examine.examine
    monkeypatch.setattr(examine, "examine", lambda *a, **k: here.append(a) or checked(*a, **k))
    reports = examine.examine_each(books, jobs=2)
    assert len(here) == 1  # one book checked in this process, the other came back from its own
    assert [report.book.name for report in reports] == [book.name for book in books]
    forked = [report for report in reports if report.book != here[0][0]]
    assert len(forked) == 1 and forked[0].findings
    assert all(finding.element is None for finding in forked[0].findings)
    assert any(finding.category == "erratum" for report in reports for finding in report.findings)
