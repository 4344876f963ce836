"""A French book's findings speak French, with French typography; an English book's, English.

What `rulebook check -v` prints of each French book of source/, as text and as JSON (drawn from
the report the suite already computed, `checked_book`): every message, place, other place and
line of working, with the book's own words (quoted in « ») set aside, holds no English word of
the engine, no Python value, no decimal point, and no ordinary space where French puts a
no-break one. The English example game's (tests/test_example_game.py) holds no French word of
the engine.
"""

from __future__ import annotations

import json
import re

import pytest

from build_tools import reports
from tests.book_language import ENGLISH as PAGES_ENGLISH

FRENCH_BOOKS = ("cda", "harmonies", "edad")
ENGLISH = (
    frozenset(
        """the rules rule give gives says said text expected got row rows column columns
    sheet card book stated cites where with not no none of is are at in for which
    empty fill body abbreviated stands element valid closest""".split()
    )
    | PAGES_ENGLISH
)
"""Words of the engine's English that French never writes, those the pages are held to besides
(tests/book_language.py; « table », « section »,
« note » are French too: the engine's English « table « … » » is caught by `ENGLISH_KIND`)."""
ENGLISH_KIND = re.compile(r"^(?:table|example|paragraph|glossary|chapter|sheet of)\b")
"""A finding's place named in English (« table « … » », « sheet of … »)."""
PYTHON = re.compile(r"\b(?:None|True|False)\b|'[^'\s]+'|\w\(\w+=|\[\s*'|<\w+ object at")
"""A Python value written as Python writes it (a repr), not as a reader reads it."""
DECIMAL_POINT = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")
ORDINARY_SPACE = re.compile(r" [:;!?]|« | »")
VERSION = re.compile(r"DocBook \d+\.\d+")
"""A version number (« n’est pas du DocBook 4.2 valide »): its point is no decimal mark."""
PLACE = re.compile(r"(?:[\w.-]+/)*[\w.-]+\.(?:xml|py|toml)(?::\d+)*")
"""A place of a source file (« source/edad/book.xml:225 »), as the report's places are."""
TRACE = re.compile(r"^\s*\w+\(.*\) = ")
"""A line of working that is a call of the rules as the rules module names it
(« degre_de_reussite(cible=10, de=8) = 8 [°R = …] »): the rules' own names and values."""


def _without_quotes(text: str) -> str:
    """`text` without what it quotes of the book (« … », innermost first)."""
    while True:
        unquoted = re.sub(r"«[^«»]*»", "«»", text)
        if unquoted == text:
            return unquoted
        text = unquoted


def _lines_said(name: str, report) -> list[tuple[str, str]]:
    """(where it comes from, line) for each line the engine or the game says of the book's
    findings in `rulebook check -v`, text and JSON: message, place, other places, working."""
    settings = reports.Settings(verbosity=1)
    (book,) = json.loads(reports.as_json([report], settings))["books"]
    said = []
    for finding in book["findings"]:
        said += [("where", finding["where"]), ("message", finding["message"])]
        said += [("other place", place["message"]) for place in finding["related"]]
        said += [("working", line) for line in finding["derivation"]]
    printed = re.compile(r"^\S+: (?:known )?(?:error|warning|info|fatal): (.*) \[[\w-]+\]$")
    for line in reports.text([report], settings).splitlines():
        shown = printed.match(line)
        if shown:
            said.append(("text", shown.group(1)))
        elif line.startswith(("    ", "  other place: ")):
            said.append(("text", line.strip()))
    return [(f"{name} {origin}", line) for origin, line in said if line]


def _faults(line: str) -> list[str]:
    unquoted = PLACE.sub("", _without_quotes(line))
    faults = []
    if ORDINARY_SPACE.search(line):
        faults.append(f"ordinary space: « {ORDINARY_SPACE.search(line).group()} »")
    english = sorted(ENGLISH & set(re.findall(r"(?<![\w'’])[a-z]+(?![\w'’])", unquoted)))
    if english or ENGLISH_KIND.match(unquoted):
        faults.append(f"English: {english or ENGLISH_KIND.match(unquoted).group()}")
    if DECIMAL_POINT.search(VERSION.sub("", unquoted)):
        faults.append(f"decimal point: {DECIMAL_POINT.search(VERSION.sub('', unquoted)).group()}")
    if not TRACE.match(line) and PYTHON.search(unquoted):
        faults.append(f"Python: {PYTHON.search(unquoted).group()}")
    return faults


@pytest.mark.parametrize("name", FRENCH_BOOKS)
def test_a_french_books_findings_speak_french_with_french_typography(checked_book, name):
    lines = _lines_said(name, checked_book(name))
    assert len(lines) > 30  # every finding, known ones included, text and JSON
    faulty = [(origin, line, faults) for origin, line in lines if (faults := _faults(line))]
    assert not faulty, "\n".join(f"{o}: {f}: {line}" for o, line, f in faulty[:20])


def test_the_sweep_catches_what_it_looks_for():
    # each fault it looks for, as the engine wrote it before it spoke French
    assert _faults("column 5 is empty in every row of the body")
    assert _faults("table « les effets des dommages »")
    assert _faults("chance(difficulte=0) = 600/11 (≈54.55)    [La chance]")
    assert _faults("le texte dit « 5 », les règles donnent « 6 »")
    assert _faults("le texte dit 5 : les règles donnent 6")
    assert _faults("« manœuvre de dommage » est abrégé 'MP' et 'MD'")
    assert _faults("le gain vaut None")
    # and lets the French and the book's own words through
    assert not _faults("le texte dit\u00a0«\u00a0the rules\u00a0», les règles donnent 6,5")
    assert not _faults("n’est pas du DocBook 4.2 valide\u00a0: le contenu")
    assert not _faults("jet(cible=10, de=10) = Jet(reussite=True, degre=10)")


def test_a_message_already_set_in_french_keeps_its_spaces_single():
    """The book's own words quoted in a finding may already carry their no-break spaces:
    setting the message in French does not double them."""
    from build_tools.model.said import french_spaces

    quoted = "le texte dit «\u00a0plus haut\u00a0»\u202f; règle\u00a0: «\u00a0x\u00a0»"
    assert french_spaces(quoted) == quoted
    assert french_spaces("règle : « x » ; y") == ("règle\u00a0: «\u00a0x\u00a0»\u202f; y")
