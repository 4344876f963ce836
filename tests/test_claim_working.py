"""Each claim's working is the steps that compute its own value.

A computation made once (a round of a fight, an action on a queue), whose
results the text states one by one, gives each claim the steps of its result
(`Check.working()`, `claim(..., working=…)`), not the whole computation to the
first claim and nothing to the others.
"""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest
from lxml import etree

from build_tools.books import Book, main_file
from build_tools.checking.binder import Check
from build_tools.checking.passage import Passage
from build_tools.checking.rule import Trace, reading_order, rule, tracing
from build_tools.examine import examine
from tests.book_language import french

SOURCE = Path(__file__).resolve().parents[1] / "source"


@rule(formula="n = a + b", symbols={"a": "a", "b": "b"})
def somme(a: int, b: int) -> int:
    return a + b


@rule(formula="d = 2 × n", symbols={"n": lambda arguments: arguments["a"] + arguments["b"]})
def double_de_la_somme(a: int, b: int) -> int:
    return 2 * somme(a, b)


def check_of(text: str) -> Check:
    para = etree.fromstring(f"<para>{text}</para>")
    return Check(Passage.of(para, Path("livre.xml")), "paragraphe", Trace(), [])


def lines(steps) -> list[str]:
    return [step.in_book() for step in reading_order(steps) if step.in_book()]


def test_each_claim_rests_on_the_steps_it_names_not_on_the_whole_computation():
    check = check_of("3 et 4 font 7 ; 2 et 2 font 4 ; leur double fait 8 ; enfin 9.")
    with tracing(check.trace):
        with check.working() as calcul:
            premiere, seconde = somme(3, 4), somme(2, 2)
            double = double_de_la_somme(2, 2)
        check.claim("3 et 4 font {}", premiere, working=calcul.of(somme, result=7))
        check.claim("2 et 2 font {}", seconde, working=calcul.of(somme, a=2, b=2)[:1])
        # a call and the steps nested in it
        check.claim("double fait {}", double, working=calcul.of(double_de_la_somme))
        # a claim that names no working takes none of the steps kept apart
        check.claim("enfin {}", 9)
    workings = [lines(claim.steps) for claim in check.claims]
    assert workings == [
        ["n = a + b = 3 + 4 = 7"],
        ["n = a + b = 2 + 2 = 4"],
        ["n = a + b = 2 + 2 = 4", "d = 2 × n = 2 × 4 = 8"],
        [],
    ]
    with pytest.raises(LookupError, match="no call of somme giving 5"):
        calcul.of(somme, result=5)


def test_steps_outside_a_kept_working_still_go_to_the_next_claim():
    check = check_of("3 et 4 font 7, et 1 et 1 font 2.")
    with tracing(check.trace):
        un_et_un = somme(1, 1)  # run before the working kept apart, claimed after it
        with check.working():
            somme(3, 4)
        check.claim("1 et 1 font {}", un_et_un)
    assert lines(check.claims[0].steps) == ["n = a + b = 1 + 1 = 2"]


@pytest.fixture(scope="module")
def harmonies():
    folder = SOURCE / "harmonies"
    return examine(Book(folder.name, folder, main_file(folder).resolve()))


def test_each_total_of_the_round_of_david_and_goliath_shows_its_own_line(harmonies):
    """« (+5+5-1) +9 »: the working of each stated total holds the line that gives it."""
    claims = [
        claim
        for verification in harmonies.verifications.values()
        if verification.where.startswith(french("exemple « Déroulement d'un round"))
        for claim in verification.claims
        if claim.kind == "number"
    ]
    totals = [claim for claim in claims if claim.text.startswith("(")]
    assert len(totals) == 19
    stated = [claim for claim in claims if not claim.text.startswith("APRD")]
    stated = [claim for claim in stated if "douleur" not in claim.text and "cap" not in claim.text]
    assert len(stated) == 26
    for claim in stated:
        total = claim.expected[-1]
        written = f"= {total}".replace("-", "−")
        assert any(line.endswith(written) for line in lines(claim.steps)), (claim.text, claim.steps)
    # the later totals are no longer left without working, nor given the first one's
    goliath = next(claim for claim in totals if claim.text == "(+5+5-1) +9")
    assert lines(goliath.steps) == ["Dommages = BD + FD + pénalité = 5 + 5 − 1 = 9"]


@pytest.fixture(scope="module")
def edad():
    folder = SOURCE / "edad"
    return examine(Book(folder.name, folder, main_file(folder).resolve()))


def test_each_line_of_the_goblin_fight_rests_on_its_own_action(edad):
    """The réactivités (and a wrong order) of each « L'ordre est : … » rest on the action just
    played: the head of the previous line acting, never the action before."""
    verification = next(
        v for v in edad.verifications.values() if "combat contre cinq gobelins" in v.where
    )
    text = verification.claims[0].passage.text
    lines_of_the_queue = list(re.finditer(r"(?:suivant|L'ordre est) : ([^.]*)\.", text))
    assert len(lines_of_the_queue) == 9  # the first queue, then one after each of 8 actions
    judged = [(claim.span, claim.steps) for claim in verification.claims] + [
        ((spot.start, spot.end), spot.steps) for spot in verification.errata
    ]
    actions_seen, sums_seen = set(), []
    for action, line in enumerate(lines_of_the_queue[1:], 1):
        actor = lines_of_the_queue[action - 1].group(1).split()[0].split("(")[0].rstrip("*")
        for (start, end), steps in judged:
            if not line.start(1) <= start < end <= line.end(1):
                continue
            moves = [step for step in steps if step.name == "action_du_premier"]
            assert moves, (action, text[start:end])
            assert {step.arguments["file"].premier.nom for step in moves} == {actor}
            actions_seen.add(action)
            # a réactivité that rose shows its sum, which ends on the value the line prints
            sums = [s.name for s in steps if s.is_note and s.name.startswith("réactivité de")]
            for written in sums:
                assert written.endswith(f"= {text[start:end].strip('( )')}"), written
                sums_seen.append(written)
    assert actions_seen == {4, 5, 6, 7, 8}
    assert "réactivité de G2 = 0,6 + 0,6 = 1,2" in sums_seen


def test_a_constant_is_its_number_and_carries_its_sentence():
    from build_tools.checking.rule import Constant, constant

    des = constant((1, 20), cites="tirer 1D20 puis", formula="1D20")
    table = constant({"facile": 5}, cites="table « les difficultés »")
    assert des == (1, 20) and table == {"facile": 5}
    assert all(isinstance(number, Constant) for number in (*des, table["facile"]))
    assert des[1].citation.cites == "tirer 1D20 puis"
    # arithmetic gives plain numbers: a total is no constant of the rules
    assert type(des[1] + 0) is int and repr(des[1]) == "20"
    assert type(pickle.loads(pickle.dumps(des[1]))) is int


def test_a_claim_of_a_constant_names_its_sentence_as_its_rule(edad):
    """« sera de 1D20+12 »: no rule is called, the 1D20 is the rules' constant; its sentence is
    the claim's rule. A constant stated by the claim's own paragraph does not name it again."""
    claims = {
        claim.text: claim
        for verification in edad.verifications.values()
        for claim in verification.claims
    }
    initiative = claims["sera de 1D20+12"]
    assert not initiative.steps
    assert [place.text for place in initiative.cites] == [
        "« ce qui consiste à tirer 1D20 puis à rajouter différents bonus »"
    ]
    own = claims["tirer 1D20 puis"]  # the paragraph that states the constant
    assert own.cites == []
