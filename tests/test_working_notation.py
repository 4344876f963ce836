"""A step of the working reads as the book's notation: arithmetic, a look-up, a decision.

The forms a rule declares in its `formula` (`build_tools.checking.notation`),
written with the step's numbers in French; and, over the three books, every
line a formula writes agrees with what its rule computed.
"""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest

from build_tools.books import Book
from build_tools.checking.notation import LANGUAGE, evaluate
from build_tools.checking.rule import Trace, note, rule, tracing
from build_tools.examine import examine

TABLE = {"normale": 0, "difficile": 3, "très difficile": 5, "«...»": 4}


@rule(
    formula="ND = tableau « les difficultés » [difficulté]",
    symbols={"difficulté": "difficulte"},
)
def niveau_de_difficulte(difficulte: str) -> int:
    """Le ND d'une difficulté, selon le tableau."""
    return TABLE[difficulte]


@rule(
    formula="dé ≤ CA : réussite, °R = dé ; dé > CA : échec, °É = dé − CA",
    symbols={"dé": "de", "CA": "cible"},
)
def jet(cible: int, de: int) -> tuple[bool, int]:
    """Un d20 ≤ CA réussit (°R = dé) ; au-delà, un échec (°É = dé − CA)."""
    return (True, de) if de <= cible else (False, de - cible)


@rule(
    formula="CA = aspect + moyen + BC − handicap",
    symbols={"aspect": "aspect", "moyen": "moyen", "BC": "bonus", "handicap": "handicap"},
)
def cible(aspect: int, moyen: int = 0, bonus: int = 0, handicap: int = 0) -> int:
    """La CA."""
    return aspect + moyen + bonus - handicap


@rule(formula="°R moyen = (1 + CA) / 2", symbols={"CA": "cible"})
def moyenne(cible: int) -> Fraction:
    """Le °R moyen."""
    return Fraction(1 + cible, 2)


def steps_of(call) -> list:
    trace = Trace()
    with tracing(trace):
        call()
    return trace.steps


def test_a_check_of_an_english_book_leaves_french_working_to_what_comes_after(tmp_path):
    # CI once ran these tests after a check of an English book in the same process: its
    # working came out « “très difficile” », « 18 > 16: », « 5.5 ».
    main = tmp_path / "book.xml"
    main.write_text('<book lang="en"><title>T</title><chapter><title>C</title></chapter></book>')
    assert LANGUAGE.get() == "fr"
    examine(Book("book", tmp_path, main), cross_check=False)
    assert LANGUAGE.get() == "fr"
    (step,) = steps_of(lambda: jet(16, 18))
    assert step.in_book() == "18 > 16 : échec, °É = dé − CA = 18 − 16 = 2"


def test_a_lookup_names_the_table_the_key_and_the_value():
    (step,) = steps_of(lambda: niveau_de_difficulte("très difficile"))
    assert step.in_book() == "Difficulté « très difficile » → ND 5 (tableau « les difficultés »)"


def test_a_key_the_book_writes_between_guillemets_is_not_quoted_again():
    (step,) = steps_of(lambda: niveau_de_difficulte("«...»"))  # Harmonies' default adverb
    assert step.in_book() == "Difficulté «...» → ND 4 (tableau « les difficultés »)"


def test_a_decision_writes_the_comparison_that_holds_then_its_arithmetic():
    failure, success = steps_of(lambda: (jet(16, 18), jet(10, 10)))
    assert failure.in_book() == "18 > 16 : échec, °É = dé − CA = 18 − 16 = 2"
    assert success.in_book() == "10 ≤ 10 : réussite, °R = dé = 10"


def test_arithmetic_in_french_leaves_out_the_terms_a_call_left_at_zero():
    given, negative, halves = steps_of(lambda: (cible(13, 2), cible(9, -3, 0, 1), moyenne(10)))
    assert given.in_book() == "CA = aspect + moyen + BC − handicap = 13 + 2 = 15"
    # a zero the call gave is written; a negative value takes its sign in the sum
    assert negative.in_book() == "CA = aspect + moyen + BC − handicap = 9 − 3 + 0 − 1 = 5"
    assert halves.in_book() == "°R moyen = (1 + CA) / 2 = (1 + 10) / 2 = 5,5"


@rule(
    formula="dé critique = 1 et échec : maladresse exceptionnelle, °É = dé − CA + relance",
    symbols={
        "dé critique": "critique",
        "échec": lambda arguments: arguments["de"] > arguments["cible"],
        "dé": "de",
        "CA": "cible",
        "relance": lambda arguments: sum(arguments["relances"]),
    },
)
def jet_critique(cible: int, de: int, critique: int, relances: tuple[int, ...]) -> int:
    """Sur un 1 au dé critique, le d20 relancé s'ajoute au °É."""
    return jet(cible, de)[1] + sum(relances)


@rule(formula="inverse = −résultat", symbols={"résultat": "resultat"})
def inverse(resultat: int) -> int:
    """L'inverse d'un résultat."""
    return -resultat


def test_a_fact_of_the_step_is_named_and_nested_steps_come_first():
    from build_tools.checking.rule import reading_order

    steps = steps_of(lambda: jet_critique(16, 18, 1, (18,)))
    assert [step.in_book() for step in reading_order(steps)] == [
        "18 > 16 : échec, °É = dé − CA = 18 − 16 = 2",
        "dé critique = 1 et échec : maladresse exceptionnelle, °É = dé − CA + relance "
        "= 18 − 16 + 18 = 20",
    ]
    (unary,) = steps_of(lambda: inverse(-3))
    assert unary.in_book() == "inverse = −résultat = −(−3) = 3"


def test_a_note_is_its_own_line_and_the_developers_form_is_unchanged():
    steps = steps_of(lambda: (note("après l'ajustement, son Physique est de 5"), jet(16, 18)))
    assert steps[0].in_book() == "après l'ajustement, son Physique est de 5"
    assert str(steps[1]) == "jet(cible=16, de=18) = (False, 2)    [" + jet.__doc__ + "]"


def test_the_notation_evaluates_as_the_book_writes_it():
    assert evaluate("18 − 16 + 18") == 20
    assert evaluate("(1 + 10) / 2") == Fraction(11, 2)
    assert evaluate("1 < 2 < 20") is True
    assert evaluate("dé = 1 et CA < 1", {"dé": 1, "CA": 1}) is False
    assert evaluate("2 × 0,5") == 1


@pytest.fixture(scope="module")
def claims(checked_book):
    return [
        claim
        for name in ("cda", "harmonies", "edad")
        for verification in checked_book(name).verifications.values()
        for claim in verification.claims
    ]


def test_every_line_a_formula_writes_agrees_with_its_rule(claims):
    """The formulas are the book's statement of the rules: where a written line's numbers
    can be worked out again, they give what the rule computed (a number, or a range of faces)."""
    checked = 0
    for step in (step for claim in claims for step in claim.steps):
        line = step.arithmetic().rpartition(" : ")[2]  # a decision: the case that holds
        parts = line.split(" = ")
        result = step.result
        if len(parts) < 3 or "arrondi" in line:
            continue  # no arithmetic, or a rounding the notation does not work out
        if isinstance(result, tuple) and len(result) == 2 and " à " in parts[-1]:
            worked = tuple(evaluate(bound) for bound in parts[-1].split(" à "))
        elif isinstance(result, tuple) and parts[-2].count(", ") == len(result) - 1:
            worked = tuple(evaluate(value) for value in parts[-2].split(", "))
        elif isinstance(result, (int, Fraction)) and not isinstance(result, bool):
            try:
                worked = evaluate(parts[-2].split(" ≈ ")[0])
            except (ValueError, ArithmeticError):
                continue
        else:
            continue
        checked += 1
        assert worked == result, (str(step), line)
    assert checked > 100


def test_a_rule_word_shows_the_formula_it_asked_not_the_numbers_of_no_passage():
    """`comparison`/`operation` ask the rule at values the text never states (10, 12…): the
    reader is shown the rule as the book states it; a call nested in it is that formula's."""
    from build_tools.checking.words import comparison, operation

    asked = steps_of(lambda: operation(lambda aspect, bonus: cible(aspect, 0, bonus), "ajout"))
    assert [step.in_book() for step in asked] == ["CA = aspect + moyen + BC − handicap"] * 2
    compared = steps_of(lambda: comparison(lambda de: jet(10, de)[0], 10))
    assert {step.in_book() for step in compared} == {
        "dé ≤ CA : réussite, °R = dé ; dé > CA : échec, °É = dé − CA"
    }
    nested = steps_of(lambda: operation(lambda de, relance: jet_critique(0, de, 1, (relance,))))
    assert [step.in_book() for step in nested][:2] == [
        "dé critique = 1 et échec : maladresse exceptionnelle, °É = dé − CA + relance",
        "",
    ]
    assert "10 > 0" in nested[1].arithmetic()  # the developers' form keeps the numbers


def working_of(claims, text: str) -> list[str]:
    from build_tools.model.typography import Typography
    from build_tools.render.verification import Marks

    marks = Marks({}, [], {}, {"more_steps": "+{count}"}, Typography(language="fr"))
    (claim,) = [claim for claim in claims if text in claim.text]
    # the lines as the French book sets them (markup read as its text), its no-break
    # spaces read as spaces
    lines = [html.unescape(re.sub("<[^>]+>", "", line)) for line in marks.working(claim)]
    return [re.sub("[\u00a0\u202f]", " ", line) for line in lines]


def test_the_damage_the_pain_and_the_fainting_show_their_working(claims):
    """Harmonies' degree of damage (a decision on the weapon's class), points de douleur and
    jet d'évanouissement (decisions) write their lines under the claims resting on them."""
    assert working_of(claims, "et donc -3 points de douleur")[-2:] == [
        "−14 ≤ −10 : L, blessure légère",
        "blessure légère : points de douleur = 3",
    ]
    assert working_of(claims, "aucun dégât")[-1] == "1 > −1 : aucun dégât"
    assert working_of(claims, "Goliath devra tenter un jet d'évanouissement") == [
        "5 ≥ 5 : un jet d'évanouissement est dû"
    ]
    assert working_of(claims, "un FP de -5") == ["FP = −5"]  # a rule that states a value


def test_a_rule_nested_in_a_case_it_repeats_is_written_once(claims):
    # degré d'échec (« °É = dé − CA ») rests on the jet, whose case already says it
    assert working_of(claims, "avec un degré d'échec de 5-3 = 2.") == [
        "5 > 3 : échec, °É = dé − CA = 5 − 3 = 2"
    ]


def test_a_total_over_a_record_writes_its_terms(claims):
    # cda: the PX d'aspect of the starting compétences, one per NC; an open d20's dice
    assert working_of(claims, "soit 35 points au total")[-1] == (
        "PX d'aspect = NC des compétences = 10 + 10 + 5 + 5 + 5 = 35"
    )
    assert "d20 ouvert = dés = 20 + 1 = 21" in working_of(claims, "+ 20 (le premier jet) + 1")
