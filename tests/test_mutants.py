"""`rulebook mutants`: the mutants of each book, a fixed sample of them checked, the report.

The mutants are made from what the check of the unmutated book read; each one
is an edit of the source at its file, line and column. A small fixed sample of
each kind per book is run here (the full run is bench/mutants.py).
"""

from __future__ import annotations

import json
import os
import signal
import tempfile
from pathlib import Path

import pytest

from build_tools.books import select
from build_tools.commands import mutants
from build_tools.examine import examine

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def found(checked_book) -> dict[str, list[mutants.Mutant]]:
    return {book.name: mutants.mutants_of(checked_book(book.name)) for book in select([])}


@pytest.mark.parametrize("book", ["cda", "harmonies", "edad"])
def test_every_mutant_edits_the_source_at_its_place(found, book):
    folder = ROOT / "source" / book
    assert found[book]
    lines_of = {}
    for mutant in found[book]:
        if mutant.file not in lines_of:
            lines_of[mutant.file] = (folder / mutant.file).read_text(encoding="utf-8").split("\n")
        at = lines_of[mutant.file][mutant.line - 1][mutant.column - 1 :]
        assert at.startswith(mutant.before.split("\n")[0]), mutant
        assert mutant.after != mutant.before


@pytest.mark.parametrize(
    ("book", "kinds"),
    [
        ("cda", {"number", "die", "count", "relation", "term", "rewording"}),
        ("harmonies", {"number", "die", "count", "relation", "term", "rewording"}),
        ("edad", {"number", "count", "relation", "term", "rewording"}),
    ],
)
def test_each_book_has_mutants_of_each_kind(found, book, kinds):
    assert {mutant.kind for mutant in found[book]} >= kinds


def test_the_mutants_a_proofreader_fears(found):
    changes = {(m.kind, m.before, m.after) for m in found["cda"]}
    assert ("relation", "au-dessus", "au-dessous") in changes
    assert ("relation", "inférieure ou égale", "supérieure ou égale") in changes
    assert ("term", "Physique", "Mental") in changes
    assert ("term", "Ph", "Me") in changes  # an abbreviation for an abbreviation
    assert ("term", "Rs", "Ma") in changes
    assert ("die", "d20", "d12") in changes
    assert ("count", "deux", "trois") in changes
    numbers = {after for kind, before, after in changes if kind == "number" and before == "12"}
    assert numbers == {"13", "11", "127"}


def test_a_fixed_sample_of_each_kind_is_checked(rulebook):
    """One mutant of each kind of cda: a changed number in an example is killed."""
    run = rulebook("mutants", "cda", "--sample", "1", "--format", "json", "-j", "2")
    assert run.status == 0, run.out
    [report] = json.loads(run.out)
    assert report["book"] == "cda"
    verdicts = {mutant["kind"]: set() for mutant in report["mutants"]}
    for mutant in report["mutants"]:
        verdicts[mutant["kind"]].add(mutant["verdict"])
        if mutant["verdict"] == "killed":
            assert mutant["finding"].startswith("cda.xml:") or ":" in mutant["finding"]
        if mutant["verdict"] == "equivalent":
            assert mutant["waived"]
    assert set(verdicts) == {"number", "die", "count", "relation", "term", "rewording"}
    assert "killed" in verdicts["number"]
    assert report["scores"]["number"]["score"] > 0


def test_min_score_makes_the_run_fail(rulebook):
    assert rulebook("mutants", "edad", "--sample", "1", "--min-score", "101").status == 1


def test_a_number_word_of_a_name_is_no_count(found):
    # « une hache de guerre à deux mains » (lines 1441 and 1445), « Cinq sens physique » (416):
    # how a weapon is held and a faculty count nothing a rule counts; the other counts stay
    counts = [m for m in found["cda"] if m.kind == "count" and m.file == "cda.xml"]
    assert not [m for m in counts if (m.line, m.before) in NAMES], counts
    assert ("deux", "trois") in {(m.before, m.after) for m in counts}


NAMES = {(1441, "deux"), (1445, "deux"), (416, "Cinq")}


def test_a_survivor_is_printed_at_its_word(found):
    book = select(["cda"])[0]
    mutant = next(m for m in found["cda"] if m.kind == "relation")
    mutant = mutants.Mutant(**{**mutant.__dict__, "verdict": "survived"})
    text = mutants.as_text(book, [mutant], Path("source/cda"))
    line = (
        f"source/cda/{mutant.file}:{mutant.line}:{mutant.column}: survived: "
        f"« {mutant.before} » → « {mutant.after} » (relation)"
    )
    assert line in text.splitlines()
    assert "relation     0.0 %  (0 killed, 1 survived, 0 equivalent)" in text


def test_sample_is_the_same_every_run(found):
    first = mutants.sample(found["harmonies"], 3)
    assert first == mutants.sample(found["harmonies"], 3)
    assert {m.kind for m in first} == {m.kind for m in found["harmonies"]}
    assert all(sum(m.kind == kind for m in first) <= 3 for kind in mutants.KINDS)


def test_a_terminated_run_leaves_no_copy_of_the_book(tmp_path, monkeypatch):
    """SIGTERM (a cancelled CI job) while the workers check their copies: exit 143, and the
    copies are gone (Python's default for SIGTERM ran no cleanup and left them in /tmp)."""
    (book,) = select([str(ROOT / "tests" / "fixtures" / "books" / "mini")])
    found = mutants.mutants_of(examine(book))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    copies, before = [], signal.getsignal(signal.SIGTERM)

    def terminate(mutant):  # the first verdict: the copies exist, the workers are at work
        copies.extend(tmp_path.glob("rulebook-mutants-*/*/mini/book.xml"))
        os.kill(os.getpid(), signal.SIGTERM)

    with pytest.raises(SystemExit) as exit:
        mutants.judge(book, found, jobs=2, budget=None, tick=terminate)
    assert exit.value.code == 128 + signal.SIGTERM
    assert copies and not list(tmp_path.iterdir())
    assert signal.getsignal(signal.SIGTERM) is before
