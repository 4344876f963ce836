"""French typography at render time: the spaces French puts around its marks, never inside URLs."""

from __future__ import annotations

import re

import pytest

from build_tools.model.typography import Typography

NBSP, NNBSP = "\u00a0", "\u202f"

CASES = [
    # (as the author typed it, as it is set)
    ("vraiment !", f"vraiment{NNBSP}!"),
    ("vraiment!", f"vraiment{NNBSP}!"),
    ("quoi ?", f"quoi{NNBSP}?"),
    ("rôle;", f"rôle{NNBSP};"),
    ("éléments: ses", f"éléments{NBSP}: ses"),
    ("au nombre de 6:", f"au nombre de 6{NBSP}:"),
    ("Notes :", f"Notes{NBSP}:"),
    ("« Au moins »", f"«{NBSP}Au moins{NBSP}»"),
    ("«Au moins»", f"«{NBSP}Au moins{NBSP}»"),
    ("à 10:30 précises", "à 10:30 précises"),  # a time, not a colon of the sentence
    ("1;2", "1;2"),
    ("voir http://www.example.org/a?b=c;d:e !", f"voir http://www.example.org/a?b=c;d:e{NNBSP}!"),
    ("www.example.org/x?y", "www.example.org/x?y"),
    ("l'Aube", "l'Aube"),  # apostrophes stay straight unless asked
    (f"déjà{NNBSP}!", f"déjà{NNBSP}!"),  # already set: unchanged
    ("aura 50% de chance", f"aura 50{NNBSP}% de chance"),
    ("0.5 %", f"0.5{NNBSP}%"),
    ("le mot % seul", "le mot % seul"),
]


@pytest.mark.parametrize(("typed", "set_"), CASES)
def test_french_spaces(typed, set_):
    assert Typography("fr").apply(typed) == set_


def test_typographic_apostrophes_by_setting():
    assert Typography("fr", apostrophes=True).apply("l'Aube d'été") == "l’Aube d’été"
    assert Typography("fr", apostrophes=True).apply("'cité'") == "'cité'"


def test_an_english_book_keeps_its_spaces():
    assert Typography("en").apply("Really? Yes: « no »") == "Really? Yes: « no »"
    assert Typography("fr-CA").apply("Oui!") == f"Oui{NNBSP}!"


def test_a_mark_after_an_element_is_spaced_too():
    french = Typography("fr")
    assert french.glued(": voici") == f"{NBSP}: voici"
    assert french.glued("!") == f"{NNBSP}!"
    assert french.glued(":30") == ":30"
    assert french.glued("%") == f"{NNBSP}%"  # after a wrong number marked in its cell
    assert Typography("en").glued(": here") == ": here"


def test_an_elision_before_a_link_gets_its_typographic_apostrophe():
    typography = Typography("fr", apostrophes=True)
    # « la somme de l'<link>aspect</link> »: the run ends on the elision
    assert typography.apply("la somme de l'") == "la somme de l’"
    assert typography.apply("lorsqu'") == "lorsqu’"
    assert typography.apply("le mot 'cité'") == "le mot 'cité'"


MINUS = [
    # (as the book has it, as it is set): the sums of the three books' examples
    ("(+5-5-8-1) −9", "(+5−5−8−1) −9"),
    ("(−18+12=)-6, et", "(−18+12=)−6, et"),
    ("Niveau+BF+FF-FR-FD±d10°", "Niveau+BF+FF−FR−FD±d10°"),
    ("tirer 3 fois 2d6-7.", "tirer 3 fois 2d6−7."),
    ("est de 17-14 = 3", "est de 17−14 = 3"),
    ("si 0 < B-A <= 3", "si 0 < B−A <= 3"),
    ("égal à 20-CA (et donc", "égal à 20−CA (et donc"),
    ("a -3 en Manœuvre", "a −3 en Manœuvre"),
    ("la difficulté est de -B-1,", "la difficulté est de −B−1,"),
    # a hyphen that is no minus keeps its place
    ("Copyright © 2003-2004", "Copyright © 2003-2004"),
    ("le 2004-01-19", "le 2004-01-19"),
    ("les pages 12-15", "les pages 12-15"),
    ("Marie-Pierre, A-t-il, X-Men", "Marie-Pierre, A-t-il, X-Men"),
]


@pytest.mark.parametrize(("typed", "set_"), MINUS)
def test_a_hyphen_that_subtracts_is_a_true_minus(typed, set_):
    assert Typography("fr").apply(typed) == set_


def test_the_french_words_the_tool_generates_carry_their_no_break_spaces():
    from build_tools.model.wording import words_for

    for key, value in words_for("fr").items():
        assert not re.search(r" [;:!?»]|« ", value), (key, value)


QUOTES = [
    # English quotes in a French book (Harmonies, Edad) become guillemets
    (
        '(par exemple, "est-ce\nconserve?") ou',
        f"(par exemple, «{NBSP}est-ce\nconserve{NNBSP}?{NBSP}») ou",
    ),
    ('aura l\'attribut "Init +12" qui', f"aura l’attribut «{NBSP}Init +12{NBSP}» qui"),
    ('x "a" et "b", y', f"x «{NBSP}a{NBSP}» et «{NBSP}b{NBSP}», y"),
    # what cannot be told apart stays as typed: an inch, half a quote in another element
    ('un écran de 12" de large', 'un écran de 12" de large'),
    ('du "mot', 'du "mot'),
]


@pytest.mark.parametrize(("typed", "set_"), QUOTES)
def test_english_quotes_become_guillemets_in_a_french_book(typed, set_):
    assert Typography("fr", apostrophes=True).apply(typed) == set_
    assert Typography("en", apostrophes=True).apply('"a"') == '"a"'


def test_a_hyphen_between_numbers_of_the_arithmetic_is_a_minus_wherever_it_stands():
    """« (24\\n- 5 », « °R - 5 » after an element (the chunk starts at the hyphen's space),
    « Robustesse n-1 »: minus signs; a range, a word's hyphen and a date keep theirs."""
    from build_tools.model.typography import minus_signs

    assert minus_signs("(24\n- 5 points") == "(24\n− 5 points"
    assert minus_signs(" - 5, et représente") == " − 5, et représente"
    assert minus_signs("le don Robustesse n-1 (tout") == "le don Robustesse n−1 (tout"
    for kept in ("2003-2004", "est-ce", "2004-01-12", "a - b"):
        assert minus_signs(kept) == kept
