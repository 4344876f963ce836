"""Mutants of the Harmonies book: a copy with one thing changed, which the check must report.

Each mutant changes one number or one phrase of a chapter (an example's given,
a claimed total, a table cell, a die of the fight, a formula) in a copy of
`source/harmonies/`; `rulebook check` on the copy must then fail and name the
passage. Fixing a known defect in the copy must make its ledger entry stale.
"""

from __future__ import annotations

import pytest


def nouveaux_apres(book_copy, fichier: str, avant: str, apres: str) -> list:
    """The new findings of the shared copy of the book (`book_copy`) with `avant` replaced by
    `apres` in its text file `fichier`; the copy is the book again afterwards."""
    copie = book_copy("harmonies")
    texte = copie.text(fichier)
    assert texte.count(avant) == 1, f"{avant!r} is not once in {fichier}"
    with copie.edited(fichier, texte.replace(avant, apres)):
        return copie.examine().new()


MUTANTS = [
    # (file, before, after, category, where, what the message says)
    (
        "actions.xml",
        "donc de ( +5 + -2 = ) +3.",
        "donc de ( +5 + -2 = ) +4.",
        "erratum",
        "Difficulté d'une action",
        "the text says 4, the rules give 3",
    ),
    (
        "actions.xml",
        "<entry>75%</entry>",
        "<entry>85%</entry>",
        "erratum",
        "Chances de réussite",
        "the text says 85, the rules give 75",
    ),
    (
        "actions.xml",
        "sera de -6.",
        "sera de -9.",
        "erratum",
        "actions multiples",
        "the text says -9, the rules give -6",
    ),
    (
        "actions.xml",
        "joueur est donc de +2 et",
        "joueur est donc de +3 et",
        "erratum",
        "Action en confrontation",
        "the text says 3, the rules give 2",
    ),
    (
        "actions.xml",
        "lui donne une difficulté finale de +2.",
        "lui donne une difficulté finale de -1.",
        "erratum",
        "Action en confrontation",
        "the text says -1, the rules give 2",
    ),
    (
        "actions.xml",
        "si 3\n\n        &lt; B-A &lt;= 6, la difficulté est de -B-2",
        "si 3\n\n        &lt; B-A &lt;= 6, la difficulté est de -B+3",
        "erratum",
        "remarquer que la bonne probabil",
        "the text says 3, the rules give 2",
    ),
    (
        "combat.xml",
        "<entry>Très</entry>\n<entry>4</entry>",
        "<entry>Très</entry>\n<entry>3</entry>",
        "erratum",
        "Table des adverbes",
        "the text says 3, the rules give 4",
    ),
    (
        "combat.xml",
        "<entry>Niveau+BP+FP-FF</entry>",
        "<entry>Niveau+BP+FP+FF</entry>",
        "erratum",
        "Totaux d'attaque",
        "the rules give Niveau+BP+FP-FF",
    ),
    (
        "combat.xml",
        "<para>FR = +N; FF = +N</para>",
        "<para>FR = +N</para>",
        "erratum",
        "Types d'attaque",
        "the rules give N on FF, FR",
    ),
    (
        "combat.xml",
        "est de moins de 3 points",
        "est de moins de 4 points",
        "erratum",
        "Une attaque contre un adversaire",
        "the text says 4, the rules give 3",
    ),
    (
        "combat.xml",
        "+1 en Lame courte",
        "+2 en Lame courte",
        "erratum",
        "Déroulement d'un round de combat",
        "the text says 7, the rules give 8",
    ),
    # A die of the fight: Goliath's first jet d'encaissement, −5 → −1, leaves him
    # at (+5−6−1) −2, sonné (S) rather than scratched (E).
    (
        "combat.xml",
        "Il fait hélas un -5",
        "Il fait hélas un -1",
        "erratum",
        "Déroulement d'un round de combat",
        "the text says -5, the rules give -1",
    ),
    (
        "combat.xml",
        "La base de Parade: Niveau+BP+Style",
        "La base de Parade: Niveau+BR+Style",
        "erratum",
        "La base de Parade",
        "the rules give Niveau+BP+Style",
    ),
    (
        "combat.xml",
        "et du Facteur de Parade moins le Facteur de\nFinesse",
        "et du Facteur de Parade et du Facteur de\nFinesse",
        "erratum",
        "La somme du Niveau de Compétence, du Bonus de Para",
        "the rules give Niveau+BP+FP-FF",
    ),
    (
        "combat.xml",
        "S/E/L/G/C/F",
        "S/E/G/L/C/F",
        "erratum",
        "La classe de dommage",
        "the rules give S/E/L/G/C/F",
    ),
    (
        "combat.xml",
        "La Parade (<abbrev>FP</abbrev>)",
        "La Parade (<abbrev>PF</abbrev>)",
        "erratum",
        "La Parade",
        "the rules give the abbreviation FP",
    ),
    (
        "combat.xml",
        "une autre éraflure",
        "une blessure grave",
        "binding-stale",
        "david_et_goliath",
        "soit une autre éraflure",
    ),
]


@pytest.mark.parametrize(
    "fichier, avant, apres, categorie, ou, message", MUTANTS, ids=[m[2][:40] for m in MUTANTS]
)
def test_each_mutant_is_reported(book_copy, fichier, avant, apres, categorie, ou, message):
    new = nouveaux_apres(book_copy, fichier, avant, apres)
    trouves = [f for f in new if f.category == categorie]
    assert any((ou in f.where or ou in f.message) and message in f.message for f in trouves), (
        "\n".join(f.astext() for f in trouves)
    )


def test_the_degree_of_a_blow_follows_the_dice(book_copy):
    new = nouveaux_apres(book_copy, "combat.xml", "Il fait hélas un -5", "Il fait hélas un -1")
    messages = [f.message for f in new]
    assert "the text says « soit une éraflure », the rules give the degree S" in messages


def test_fixing_a_known_defect_makes_its_ledger_entry_stale(book_copy):
    new = nouveaux_apres(book_copy, "actions.xml", "<entry>0.7%</entry>", "<entry>0.8%</entry>")
    stale = [f for f in new if f.category == "ledger-stale"]
    assert [f.key for f in stale] == [
        "erratum:table-chances-de-reussite-d-une:difficulte-18-lu-0-7"
    ]


def test_the_prepared_table_follows_the_sheet(book_copy):
    # With a +5 sword, Goliath's printed D of +5 is right: the erratum goes, its entry is stale.
    new = nouveaux_apres(book_copy, "combat.xml", "+3/+2/+3/+3, Classe", "+3/+2/+3/+5, Classe")
    stale = [f.key for f in new if f.category == "ledger-stale"]
    assert stale == [
        "erratum:example-deroulement-d-un-round-de:table-de-goliath-lue-5-4-5-5-1-5-7-10-15-20-4"
    ]


def test_another_wrong_number_where_a_defect_is_known_is_new(book_copy):
    # The ledger knows « -B-2 »; « -B-4 » is another wrong number, not the known one: a new
    # finding that names the entry it changes (reported once, not beside a stale entry).
    new = nouveaux_apres(
        book_copy, "actions.xml", "la difficulté est de -B-2", "la difficulté est de -B-4"
    )
    (wrong,) = [f for f in new if f.id.endswith("tranche-de-3-a-6-lu-4")]
    assert wrong.changes == "erratum:paragraph-quelqu-un-m-a-fait:tranche-de-3-a-6-lu-2"
    assert "knows this erratum with the text saying -2" in wrong.message
    assert not [f for f in new if f.category == "ledger-stale"]


def test_a_new_number_in_an_example_is_unbound(book_copy):
    new = nouveaux_apres(
        book_copy, "combat.xml", "affronte Goliath, un PNJ,", "affronte Goliath, un PNJ de 3 m,"
    )
    assert any(f.category == "unbound" and "3" in f.message for f in new)


def test_an_aside_in_a_table_cell_a_card_copies_changes_no_rule(book_copy):
    # « FD = +N (rappelons-le), FF = +N »: the card « Facteurs et types d'attaque » prints the
    # cell without the aside, and still agrees with it (a rewording: no finding at all).
    assert not nouveaux_apres(
        book_copy,
        "combat.xml",
        "<para>FD = +N, FF = +N</para>",
        "<para>FD = +N (rappelons-le), FF = +N</para>",
    )
