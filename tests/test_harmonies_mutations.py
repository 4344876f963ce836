"""Mutants of the Harmonies book: a copy with one thing changed, which the check must report.

Each mutant changes one number or one phrase of a chapter (an example's given,
a claimed total, a table cell, a die of the fight, a formula) in a copy of
`source/harmonies/`; `rulebook check` on the copy must then fail and name the
passage. Fixing a known defect in the copy must make its ledger entry stale.
"""

from __future__ import annotations

import pytest

from tests.book_language import french


def nouveaux_apres(book_copy, fichier: str, avant: str, apres: str) -> list:
    """The new findings of the shared copy of the book (`book_copy`) with `avant` replaced by
    `apres` in its text file `fichier`; the copy is the book again afterwards."""
    copie = book_copy("harmonies")
    texte = copie.text(fichier)
    assert texte.count(avant) == 1, f"{avant!r} is not once in {fichier}"
    with copie.edited(fichier, texte.replace(avant, apres)):
        return copie.examine().new()


MUTANTS = [
    # (file, before, after, category, where, what the message says, lot: the mutants of a lot
    # are checked together, one of each passage, and one of each step of the fight)
    (
        "actions.xml",
        "donc de ( +5 + -2 = ) +3.",
        "donc de ( +5 + -2 = ) +4.",
        "erratum",
        "Difficulté d'une action",
        "le texte dit 4, les règles donnent 3",
        1,
    ),
    (
        "actions.xml",
        "<entry>75%</entry>",
        "<entry>85%</entry>",
        "erratum",
        "Chances de réussite",
        "le texte dit 85, les règles donnent 75",
        2,
    ),
    (
        "actions.xml",
        "sera de -6.",
        "sera de -9.",
        "erratum",
        "actions multiples",
        "le texte dit −9, les règles donnent −6",
        3,
    ),
    (
        "actions.xml",
        "joueur est donc de +2 et",
        "joueur est donc de +3 et",
        "erratum",
        "Action en confrontation",
        "le texte dit 3, les règles donnent 2",
        3,
    ),
    (
        "actions.xml",
        "lui donne une difficulté finale de +2.",
        "lui donne une difficulté finale de -1.",
        "erratum",
        "Action en confrontation",
        "le texte dit −1, les règles donnent 2",
        4,
    ),
    (
        "actions.xml",
        "si 3\n\n        &lt; B-A &lt;= 6, la difficulté est de -B-2",
        "si 3\n\n        &lt; B-A &lt;= 6, la difficulté est de -B+3",
        "erratum",
        "remarquer que la bonne probabil",
        "le texte dit 3, les règles donnent 2",
        4,
    ),
    (
        "combat.xml",
        "<entry>Très</entry>\n<entry>4</entry>",
        "<entry>Très</entry>\n<entry>3</entry>",
        "erratum",
        "Table des adverbes",
        "le texte dit 3, les règles donnent 4",
        1,
    ),
    (
        "combat.xml",
        "<entry>Niveau+BP+FP-FF</entry>",
        "<entry>Niveau+BP+FP+FF</entry>",
        "erratum",
        "Totaux d'attaque",
        "les règles donnent Niveau+BP+FP-FF",
        2,
    ),
    (
        "combat.xml",
        "<para>FR = +N; FF = +N</para>",
        "<para>FR = +N</para>",
        "erratum",
        "Types d'attaque",
        "les règles donnent N sur FF, FR",
        1,
    ),
    (
        "combat.xml",
        "est de moins de 3 points",
        "est de moins de 4 points",
        "erratum",
        "Une attaque contre un adversaire",
        "le texte dit 4, les règles donnent 3",
        2,
    ),
    (
        "combat.xml",
        "+1 en Lame courte",
        "+2 en Lame courte",
        "erratum",
        "Déroulement d'un round de combat",
        "le texte dit 7, les règles donnent 8",
        1,
    ),
    # A die of the fight: Goliath's first jet d'encaissement, −5 → −1, leaves him
    # at (+5−6−1) −2, sonné (S) rather than scratched (E).
    (
        "combat.xml",
        "Il fait hélas un -5",
        "Il fait hélas un -1",
        "erratum",
        "Déroulement d'un round de combat",
        "le texte dit −5, les règles donnent −1",
        2,
    ),
    (
        "combat.xml",
        "La base de Parade: Niveau+BP+Style",
        "La base de Parade: Niveau+BR+Style",
        "erratum",
        "La base de Parade",
        "les règles donnent Niveau+BP+Style",
        3,
    ),
    (
        "combat.xml",
        "et du Facteur de Parade moins le Facteur de\nFinesse",
        "et du Facteur de Parade et du Facteur de\nFinesse",
        "erratum",
        "La somme du Niveau de Compétence, du Bonus de Para",
        "les règles donnent Niveau+BP+FP-FF",
        4,
    ),
    (
        "combat.xml",
        "S/E/L/G/C/F",
        "S/E/G/L/C/F",
        "erratum",
        "La classe de dommage",
        "les règles donnent S/E/L/G/C/F",
        1,
    ),
    (
        "combat.xml",
        "La Parade (<abbrev>FP</abbrev>)",
        "La Parade (<abbrev>PF</abbrev>)",
        "erratum",
        "La Parade",
        "les règles donnent l’abréviation FP",
        2,
    ),
    (
        "combat.xml",
        "une autre éraflure",
        "une blessure grave",
        "binding-stale",
        "david_et_goliath",
        "soit une autre éraflure",
        4,
    ),
]


LOTS: dict[int, list] = {}


def nouveaux_du_lot(book_copy, lot: int) -> list:
    """The new findings of ONE check of the shared copy with every mutant of `lot` made: each
    edits a passage of its own (one of each step of Goliath's fight), and a mutant's expected
    finding is one of its passage, so no mutant of a lot gives another's."""
    if lot not in LOTS:
        mutants = [(fichier, avant, apres) for fichier, avant, apres, *_, n in MUTANTS if n == lot]
        LOTS[lot] = book_copy("harmonies").examine_replaced(mutants).new()
    return LOTS[lot]


def test_a_lot_holds_one_mutant_of_each_passage():
    lots: dict[int, list[str]] = {}
    for *_, ou, _, lot in MUTANTS:
        lots.setdefault(lot, []).append(ou)
    for lot, passages in lots.items():
        assert len(set(passages)) == len(passages), (lot, passages)
        fight = [
            p for p in passages if p in ("Déroulement d'un round de combat", "david_et_goliath")
        ]
        assert len(fight) <= 1, (lot, passages)


@pytest.mark.xdist_group("harmonies-mutations")
@pytest.mark.parametrize(
    "fichier, avant, apres, categorie, ou, message, lot",
    MUTANTS,
    ids=[m[2][:40] for m in MUTANTS],
)
def test_each_mutant_is_reported(book_copy, fichier, avant, apres, categorie, ou, message, lot):
    new = nouveaux_du_lot(book_copy, lot)
    trouves = [f for f in new if f.category == categorie]
    assert any((ou in f.where or ou in f.message) and message in f.message for f in trouves), (
        "\n".join(f.astext() for f in trouves)
    )


def test_the_degree_of_a_blow_follows_the_dice(book_copy):
    new = nouveaux_apres(book_copy, "combat.xml", "Il fait hélas un -5", "Il fait hélas un -1")
    messages = [f.message for f in new]
    assert french("le texte dit « soit une éraflure », les règles donnent le degré S") in messages


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
