"""Rule words on copies of the three books: a changed word is an erratum at its line with its
working and the other place; a rewording gives nothing; a lost sentence gives one finding."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from build_tools.books import Book, main_file
from build_tools.examine import examine

SOURCE = Path(__file__).resolve().parents[1] / "source"


@pytest.fixture(scope="module")
def copies(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("books")
    result = {}
    for name in ("cda", "harmonies", "edad"):
        shutil.copytree(SOURCE / name, folder / name, ignore=shutil.ignore_patterns("__pycache__"))
        result[name] = folder / name
    return result


def new_findings(folder: Path, file: str, old: str, new: str):
    """Edit `file` of the copy (`old` a regular expression, its first match), check, restore.

    Returns the findings the ledger does not know, and the line of the edit.
    """
    path = folder / file
    text = path.read_text(encoding="utf-8")
    match = re.search(old, text)
    assert match, old
    line = text.count("\n", 0, match.start() + len(match.group()) // 2) + 1
    path.write_text(text[: match.start()] + new + text[match.end() :], encoding="utf-8")
    try:
        report = examine(Book(folder.name, folder.resolve(), main_file(folder).resolve()))
    finally:
        path.write_text(text, encoding="utf-8")
    return [f for f in report.findings if not f.known and f.rank >= 2], line


RULE_WORDS = [
    # Les Clefs de l'Aube: comparisons, bounds, directions, operators, thresholds
    ("cda", "cda.xml", r"Une CA inférieure ou égale à 1", "Une CA inférieure à 1"),
    ("cda", "cda.xml", r"la CA est inférieure ou égale à 1", "la CA est supérieure ou égale à 1"),
    (
        "cda",
        "cda.xml",
        r"un nombre inférieur ou égal à sa CA",
        "un nombre supérieur ou égal à sa CA",
    ),
    ("cda", "cda.xml", r"avoir au-dessus de -1", "avoir au-dessous de -1"),
    ("cda", "cda.xml", r"fatigue dépasse 10", "fatigue atteint 10"),
    ("cda", "cda.xml", r"grave met au moins 1", "grave met au plus 1"),
    ("cda", "cda.xml", r"le jet est supérieur à sa CA", "le jet est inférieur à sa CA"),
    ("cda", "cda.xml", r"est ajouté au °R \+ 5\. Une", "est retiré au °R + 5. Une"),
    # Harmonies: operators, order, comparisons, bounds
    ("harmonies", "combat.xml", r"attaquer avant de ressentir", "attaquer après de ressentir"),
    ("harmonies", "combat.xml", r"s['’]effondrer avant", "s’effondrer après"),
    ("harmonies", "combat.xml", r"être supérieur à \+5", "être inférieur à +5"),
    ("harmonies", "combat.xml", r"de moins de 3 points", "de plus de 3 points"),
    # Edad: operators, division, bounds, comparisons
    ("edad", "book.xml", r"caractéristique moins 10", "caractéristique plus 10"),
    ("edad", "book.xml", r"et soustrait le résultat", "et additionne le résultat"),
    ("edad", "book.xml", r"divisée par 10", "multipliée par 10"),
    ("edad", "book.xml", r"au moins 5 points", "au plus 5 points"),
    ("edad", "book.xml", r"au moins 5\*n", "au plus 5*n"),
    ("edad", "book.xml", r"parade égal à de 10", "parade supérieur à de 10"),
    ("edad", "book.xml", r"boucliers, égal à 10", "boucliers, inférieur à 10"),
]


@pytest.mark.parametrize("book, file, old, new", RULE_WORDS, ids=[e[3] for e in RULE_WORDS])
def test_a_changed_rule_word_is_an_erratum_at_its_line_naming_the_other_place(
    copies, book, file, old, new
):
    findings, line = new_findings(copies[book], file, old, new)
    here = [f for f in findings if f.line == line and f.category in ("erratum", "contradiction")]
    assert here, "\n".join(f.astext() for f in findings)
    finding = here[0]
    assert finding.related, finding.astext()  # the other place
    assert finding.derivation, finding.astext()  # the working
    assert all(f.category not in ("binding-error", "unbound") for f in findings)
