"""Every « Lire : … » the errata page prints, made in a copy of the book: its erratum goes,
and nothing new is found but what a correction no patch makes foretells; and it reads as
the book does, at the words of the fault."""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import re
from pathlib import Path

import lxml.html
import pytest

from build_tools.commands.fix import apply

BOOKS = ("cda", "harmonies", "edad")


def _plain(text: str) -> str:
    """Words as compared, the page's typography aside (’, −, no-break spaces, « 0,5 % »)."""
    text = text.replace("’", "'").replace("\u2212", "-")
    return " ".join(re.sub(r"[\s\u00a0\u202f]+%", "%", text).split())


def printed_edits(page: Path) -> list[tuple[str, str, str]]:
    """(the « Au lieu de » words, the wrong token, the right one) of every marked edit the
    errata page prints, in its order."""
    edits = []
    root = lxml.html.parse(str(page)).getroot()
    for entry in root.xpath("//li[contains(@class, 'erratum')]"):
        instead = entry.xpath("p[@class='erratum-instead']/q")
        read = entry.xpath("p[@class='erratum-read']/q")
        for old, new in zip(instead, read, strict=False):
            marks = [q.xpath(".//mark[@class='erratum-token']") for q in (old, new)]
            assert len(marks[0]) == len(marks[1]), lxml.html.tostring(entry)[:300]
            for wrong, right in zip(*marks, strict=True):
                edits.append((old.text_content(), wrong.text_content(), right.text_content()))
    return edits


def lots(findings) -> list[list]:
    """The corrected findings in as few lots as can be checked together: never two of one
    passage in a lot (each passage's errata are corrected one at a time, so that each
    correction is seen to fix its own erratum)."""
    made: list[list] = []
    for finding in findings:
        lot = next((lot for lot in made if all(f.where != finding.where for f in lot)), None)
        if lot is None:
            made.append(lot := [])
        lot.append(finding)
    return made


@pytest.mark.parametrize("name", BOOKS)
def test_every_correction_the_errata_page_prints_fixes_its_erratum_and_no_other(
    html_books, checked_book, book_copy, name
):
    report = checked_book(name)
    printed = collections.Counter(
        (_plain(old), _plain(new))
        for _, old, new in printed_edits(html_books / name / "html" / "errata.html")
    )
    assert printed, f"{name}: no correction on its errata page"
    # Each printed edit is one of a record's: the one the copy is corrected with.
    recorded = collections.Counter(
        tuple(map(_plain, c.read())) for f in report.findings for c in f.corrections
    )
    assert printed == recorded, "the page prints an edit no record makes, or leaves one out"
    before = {f.id for f in report.findings}
    copy = book_copy(name)
    source = (Path(__file__).parents[1] / "source" / name).resolve()

    def corrected(lot):
        edits = [
            dataclasses.replace(c, file=copy.folder / Path(c.file).resolve().relative_to(source))
            for finding in lot
            for c in finding.corrections
        ]
        with contextlib.ExitStack() as stack:
            for file, (_, after) in apply(edits).items():
                stack.enter_context(copy.edited(str(file.relative_to(copy.folder)), after))
            found = copy.examine().findings
        still = {f.id for f in found} & {f.id for f in lot}
        assert not still, f"corrected, still found: {sorted(still)}"
        return [f for f in found if f.id not in before and f.category != "ledger-stale"]

    # what a patch makes: the erratum goes, and nothing new is found
    patched = [f for f in report.findings if f.corrections and not f.corrections[0].by_hand]
    for lot in lots(patched):
        assert not any(c.by_hand for f in lot for c in f.corrections)
        new = corrected(lot)
        assert not new, f"new once corrected ({[f.id for f in lot]}): {[f.id for f in new]}"
    # a correction no patch makes (`by_hand`, printed with its reason): made by hand, its
    # erratum goes, and what it foretells is all that is new: one finding, in its passage, at
    # or after its words (the story that follows the wrong number, which the rules deny)
    for finding in [f for f in report.findings if f.corrections and f.corrections[0].by_hand]:
        assert all(c.by_hand for c in finding.corrections), finding.id
        (follows,) = corrected([finding])
        assert follows.category in ("erratum", "contradiction"), (finding.id, follows.id)
        assert follows.where == finding.where and follows.line >= finding.line, follows.id


@pytest.mark.parametrize("name", BOOKS)
def test_a_correction_reads_as_the_book_at_the_words_of_its_fault(html_books, name):
    """The « Au lieu de » words are the book's as its reader sees them (links' words in, no
    markup), the marked token a whole word or number of them, in the book's typography."""
    book = lxml.html.parse(str(html_books / name / f"{name}.html")).getroot()
    text = _plain(book.text_content())
    for context, old, new in printed_edits(html_books / name / "html" / "errata.html"):
        words = _plain(context).removeprefix("… ").removesuffix(" …")
        assert words in text, f"{name}: « {words} » is not the book's words"
        assert "<" not in new and "'" not in new and "  " not in new, new
        # whole words or a whole number, its sign with it (« −B−1 »: the « −1 »)
        token = _plain(old)
        before = r"(?<!\w)" if token[:1].isalnum() else ""
        assert re.search(rf"{before}{re.escape(token)}(?!\w)", words), (old, words)
