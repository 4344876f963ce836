"""« La santé » of Les Clefs de l'Aube checked against its rules, and mutated copies of the book.

Each mutation test changes one number (in the book or in its rules module) of a copy
of the game folder and runs `rulebook check` on the copy: the change must come out as a
new finding where it was made. An edit of the text is made in the module's copy and undone
once checked (`check_edited`); an edit of the rules in a copy of the test's own. The helpers
here are shared by the tests of the other chapters of part B (combat, règles avancées,
glossary).
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from book_copies import BookCopy

from build_tools.commands.cli import main
from tests.book_language import french

GAME = Path(__file__).resolve().parents[1] / "source" / "cda"

pytestmark = pytest.mark.xdist_group("cda-sante")  # its lots are checked once, on one worker


def mutated(text: str, pattern: str, new: str, name: str = "cda.xml") -> tuple[str, int]:
    """`text` with group 1 of the one match of `pattern` replaced by `new`, and its line."""
    matches = list(re.finditer(pattern, text))
    assert len(matches) == 1, f"{pattern!r} matches {len(matches)} times in {name}"
    match = matches[0]
    return text[: match.start(1)] + new + text[match.end(1) :], text.count(
        "\n", 0, match.start(1)
    ) + 1


def mutate(path: Path, pattern: str, new: str) -> int:
    """Replace group 1 of the one match of `pattern` in `path` by `new`; return its line."""
    text, line = mutated(path.read_text(encoding="utf-8"), pattern, new, path.name)
    path.write_text(text, encoding="utf-8")
    return line


def check_edited(book_copy, pattern: str, new: str) -> tuple[int, int, list[dict]]:
    """`mutate` cda.xml of the shared copy (the `book_copy` fixture), `check` it, undo the
    edit: the line of the edit, the exit status and the findings."""
    copy: BookCopy = book_copy("cda")
    text, line = mutated(copy.text("cda.xml"), pattern, new)
    with copy.edited("cda.xml", text):
        status, findings = copy.check()
    return line, status, findings


APART = 30
"""Lines between two edits checked together: each edit's findings stand nearer its line."""

LOTS: dict[tuple, dict] = {}


def checked_together(book_copy, lot: list[tuple[str, str]], pattern: str, new: str):
    """`check_edited`'s line, status and findings for the edit (`pattern`, `new`), one of
    `lot`: ONE check of the shared copy with every edit of the lot made. The edits of a lot
    change passages at least APART lines apart that cannot reach each other's findings: a
    finding of cda.xml is the edit's whose line is nearest it, a finding elsewhere every edit's.
    The status is the lot's (1 when any edit gives a new error, as each edit of these does)."""
    key = tuple(lot)
    if key not in LOTS:
        copy: BookCopy = book_copy("cda")
        text = copy.text("cda.xml")
        spans = []
        for one, replacement in lot:
            matches = list(re.finditer(one, text))
            assert len(matches) == 1, f"{one!r} matches {len(matches)} times in cda.xml"
            start, end = matches[0].span(1)
            spans.append((start, end, replacement, text.count("\n", 0, start) + 1))
        lines = [line for *_, line in spans]
        assert all(abs(a - b) >= APART for i, a in enumerate(lines) for b in lines[i + 1 :]), lines
        edited = text
        for start, end, replacement, _ in sorted(spans, reverse=True):
            edited = edited[:start] + replacement + edited[end:]
        with copy.edited("cda.xml", edited):
            status, findings = copy.check()

        def nearest(finding: dict) -> int | None:
            if not (finding.get("file") or "").endswith("cda.xml") or not finding.get("line"):
                return None
            return min(lines, key=lambda line: abs(line - finding["line"]))

        LOTS[key] = {
            edit: (line, status, [f for f in findings if nearest(f) in (None, line)])
            for edit, line in zip(lot, lines, strict=True)
        }
    return LOTS[key][(pattern, new)]


def check(folder: Path) -> tuple[int, list[dict]]:
    """`rulebook check FOLDER --format json`: the exit status and the findings of the book."""
    output = io.StringIO()
    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(io.StringIO()):
        status = main(["check", str(folder), "--format", "json"])
    (report,) = json.loads(output.getvalue())["books"]
    return status, report["findings"]


def copy_of_the_game(tmp_path: Path) -> Path:
    folder = tmp_path / "cda"
    shutil.copytree(GAME, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def new_findings(findings: list[dict]) -> list[dict]:
    return [finding for finding in findings if not finding["known"]]


@functools.cache
def findings_by_id() -> dict[str, dict]:
    """The findings of the book as it stands, by id: checked once for the chapters' modules."""
    _, findings = check(GAME)
    return {finding["id"]: finding for finding in findings}


@pytest.fixture(scope="module")
def book_findings() -> dict[str, dict]:
    return findings_by_id()


# -- the book as authored -----------------------------------------------------


@pytest.mark.parametrize(
    "identifier, line, found, expected",
    [
        ("erratum:example-blessures-et-points-de-douleur:pf-1", 1330, 1, 0),
        ("erratum:example-blessures-et-points-de-douleur:pf-2", 1330, 7, 6),
        (
            "erratum:example-determination-d-un-niveau-de:critique-soit-autour-de",
            1354,
            25,
            "61/2",
        ),
    ],
)
def test_the_errata_of_the_chapter(book_findings, identifier, line, found, expected):
    finding = book_findings[identifier]
    assert finding["known"]
    assert (finding["line"], finding["found"], str(finding["expected"])) == (
        line,
        found,
        str(expected),
    )


def test_the_chapter_has_six_errata_and_the_table_none(book_findings):
    chapter = [f for f in book_findings.values() if 1189 <= f["line"] < 1388]
    errata = sorted(f["line"] for f in chapter if f["category"] == "erratum")
    # The missing handicap per PF (1240), the armour on the roll (1253), the stun
    # counted as 1 PF (1330, twice), the mean °R « vaut 5 » where it is 5,5 and the
    # text does not call it approximate (1341), the wound « entre grave et
    # critique » (1354).
    assert errata == [1240, 1253, 1330, 1330, 1341, 1354]


# -- mutations of the book ----------------------------------------------------

# The edits of the chapter checked together (`checked_together`), in two lots: a cell of
# « les effets des dommages », a given of « Blessures et points de douleur », the fatigue's
# sentence; then another cell of the table, and a claim of the example.
FIRST = [
    (r"<entry>légère</entry>\s*<entry>(3)</entry>", "4"),
    (r"a reçu (2) blessures légères", "3"),
    (r"fatigue dépasse (10)\.", "12"),
]
SECOND = [
    (r"<entry>(21) à 30</entry>", "22"),
    (r"il lui restera toujours\s+(2) points", "3"),
]


def test_a_changed_table_cell_is_caught(book_copy):
    line, status, findings = checked_together(book_copy, FIRST, *FIRST[0])
    assert status == 1
    (finding,) = new_findings(findings)
    assert (finding["line"], finding["found"], finding["expected"]) == (line, 4, 3)
    assert finding["where"] == french("tableau « les effets des dommages »")


def test_a_changed_range_of_the_table_is_caught(book_copy):
    line, status, findings = checked_together(book_copy, SECOND, *SECOND[0])
    assert status == 1
    assert [(f["line"], f["found"], f["expected"]) for f in new_findings(findings)] == [
        (line, 22, 21)
    ]


def test_a_changed_given_is_followed_by_the_check(book_copy):
    # Three light wounds instead of two: the rest of the example no longer follows.
    _, status, findings = checked_together(book_copy, FIRST, *FIRST[1])
    assert status == 1
    # « 2x3 » restates two wounds, and two light wounds keep 2 PF, not 3.
    texts = sorted(
        f["text"] for f in new_findings(findings) if (f["found"], f["expected"]) == (2, 3)
    )
    assert len(texts) == 2
    assert "2x3+1= 7 PF" in texts[0] + texts[1]
    assert "restera toujours 2 points" in texts[0] + texts[1]


def test_a_changed_claim_is_caught(book_copy):
    line, status, findings = checked_together(book_copy, SECOND, *SECOND[1])
    assert status == 1
    assert [(f["line"], f["found"], f["expected"]) for f in new_findings(findings)] == [
        (line, 3, 2)
    ]


def test_a_changed_rule_sentence_is_caught(book_copy):
    line, status, findings = checked_together(book_copy, FIRST, *FIRST[2])
    assert status == 1
    assert [(f["line"], f["found"], f["expected"]) for f in new_findings(findings)] == [
        (line, 12, 10)
    ]


def test_a_reworded_anchor_is_stale_not_silent(book_copy):
    _, status, findings = check_edited(book_copy, r"(soit autour de) 25", "soit environ")
    assert status == 1
    assert any(f["category"] == "binding-stale" for f in new_findings(findings))


# -- a mutation of the rules --------------------------------------------------


def test_a_changed_rule_constant_turns_the_dependent_passages_red(tmp_path):
    folder = copy_of_the_game(tmp_path)
    mutate(
        folder / "rules" / "sante.py",
        r'EffetDesDommages\(11, 20, "légère", (3), 1\)',
        "4",
    )
    status, findings = check(folder)
    assert status == 1
    red = {f["where"] for f in new_findings(findings)}
    assert french("tableau « les effets des dommages »") in red
    assert french("exemple « Blessures et points de douleur »") in red


@pytest.mark.parametrize("number, outcomes", [("1", ["ledger-stale"]), ("2", ["erratum"])])
def test_the_missing_fatigue_handicap_once_written_is_checked(book_copy, number, outcomes):
    # « se voit infliger un handicap de sur toutes les CA »: with its number put
    # back the ledger entry for the missing number goes stale; a 2 is wrong, and
    # at the same place as the known erratum: reported once, as changed.
    _, status, findings = check_edited(
        book_copy, r"linkend=\"handicap\"/> de()\s+sur toutes", f" {number}"
    )
    assert status == 1
    assert sorted(f["category"] for f in new_findings(findings)) == outcomes
    wrong = [
        (f["found"], f["expected"]) for f in new_findings(findings) if f["category"] == "erratum"
    ]
    assert wrong == ([(2, 1)] if number == "2" else [])
