"""What a table's mark says it was checked against, from its claims' workings and cited places:
the dice, another table, a rule stated elsewhere, or nothing but the table itself."""

from __future__ import annotations

from types import SimpleNamespace

from lxml import etree

from build_tools.checking.claims import Place
from build_tools.checking.rule import Step
from build_tools.dice import die
from build_tools.model.wording import WORDS
from build_tools.render.verification import Marks

BOOK = etree.fromstring(
    "<chapter><table><title>Chances</title><tgroup cols='2'><tbody>"
    "<row><entry>épique</entry><entry>2</entry></row></tbody></tgroup></table>"
    "<table><title>Difficultés</title><tgroup cols='1'><tbody><row><entry>0</entry></row>"
    "</tbody></tgroup></table><para>La chance est celle du dé.</para></chapter>"
)
TABLE, OTHER = BOOK.findall("table")
CELL, LABEL = TABLE.findall(".//entry")[1], TABLE.findall(".//entry")[0]
MARKS = Marks(verifications={}, findings=[], entries={}, words=WORDS["fr"], typography=None)
TRANSLATOR = SimpleNamespace(place=lambda element: "Tableau 2.1, « Difficultés »")


def said(*cited, steps=()) -> str:
    claim = SimpleNamespace(
        element=CELL,
        steps=list(steps),
        cites=[Place(None, 0, element=element) for element in cited],
    )
    return MARKS.checked_against(TABLE, [claim], TRANSLATOR)[0]


def test_a_table_says_what_checked_it():
    rolled = Step("chance", {"de": die(10)}, 2, "", 0)
    assert said(steps=[rolled]) == "Vérifié d’après le calcul des dés"
    assert said(OTHER.find("title")) == "Vérifié d’après le tableau 2.1, « Difficultés »"
    assert said(BOOK.find("para")) == "Vérifié d’après la règle citée"
    assert said(BOOK.find("para"), steps=[rolled]) == (
        "Vérifié d’après le calcul des dés et la règle citée"
    )


def test_a_table_its_rules_only_take_is_not_verified():
    taken = "Repris tel quel par les règles\u00a0: rien d’autre ne le vérifie"
    assert said(TABLE.find("title")) == taken  # the table cited whole
    assert said(LABEL) == taken  # one of its cells: its row's label
    assert said() == "Vérifié par les règles"  # the rules computed it, citing nothing
