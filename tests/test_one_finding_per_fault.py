"""One finding per fault: edits that once gave two to twelve findings give one, at the word.

Each edit was a cascade `rulebook mutants` showed: a binding's claim of a whole sentence
and a cited rule's word in it, a die's faces read as a number too, an abbreviation
found wrong by the rules and doubled by it, a binding's anchor lost at the word an
erratum is about, a known finding whose id holds the edited word, a card's table row beside
the row's erratum. The edits of a book
stand in passages apart, so that one check of the edited copy (`book_copy`) judges them
all; each must be one new finding, at its line and column.
"""

from __future__ import annotations

import contextlib

import pytest

from tests.book_language import french

EDITS = {
    # book: (file, the words, as edited, the (line, column) of the one finding)
    "harmonies": [
        # « moins » → « plus » in Total de Défense's definition: the binding's erratum of the
        # sentence and the cited rule's contradiction at « plus » are one, at « plus »
        (
            "combat.xml",
            "Facteur de Parade moins le Facteur de",
            "Facteur de Parade plus le Facteur de",
            (266, 36),
        ),
        # a term of the rule in Total de Rapidité's definition, the same
        ("combat.xml", "et du Facteur de Rapidité.", "et du Facteur de Parade.", (256, 36)),
        # ±d10° → ±d8° in a table's formula: the 8 is the die's, not an unbound number
        (
            "combat.xml",
            "<entry>Niveau+BF+FF-FR-FD±d10°</entry>",
            "<entry>Niveau+BF+FF-FR-FD±d8°</entry>",
            (329, 28),
        ),
        # FF → FD in « La Finesse (FF) »: FD then stands for two terms, the rules' erratum says so
        (
            "combat.xml",
            "<term>La Finesse (<abbrev>FF</abbrev>)",
            "<term>La Finesse (<abbrev>FD</abbrev>)",
            (63, 27),
        ),
        # a Facteur of Goliath's first declaration named otherwise (« (FD: +3, FF: +3) » said
        # « (FR: +3, FF: +3) »): read where it stands, with its word said otherwise, not as
        # the next round's declaration (every later total of the fight wrong, the last
        # declaration lost: 12 findings before)
        ("combat.xml", "en force (FD: +3, FF:", "en force (FR: +3, FF:", (444, 43)),
        # the same in the last round's, which no later declaration stands after: found reworded,
        # then read there again for its numbers after its statement (a binding-stale beside it)
        ("combat.xml", "rouge (FD: +8, FF: +5)", "rouge (FR: +8, FF: +5)", (484, 22)),
        # a rule the definitions' explanations say in words of their own, read: the Total de
        # Rapidité known « avant » the dice (no roll in it), a « plus élevé » bonus hitting harder
        ("combat.xml", "du tour avant même de lancer", "du tour après même de lancer", (259, 9)),
        ("combat.xml", "un bonus plus élevé. Le", "un bonus plus faible. Le", (289, 23)),
        # a row's label in a table a card copies: the card's cell, the binding's anchor and
        # the row's erratum (« normal » is no longer Attaque retenue's) are one, at the row
        (
            "combat.xml",
            "<entry>Attaque normale</entry>",
            "<entry>Attaque retenue</entry>",
            (124, 7),
        ),
    ],
    "cda": [
        # the aspects Marie-Pierre's exchanges name, read (they were waived as her story): each
        # named otherwise is one erratum at it, the aspect the rules' exchange gives
        ("cda.xml", "avoir un Mystique plus", "avoir un Physique plus", (563, 22)),
        ("cda.xml", "son Aspect Physique et", "son Aspect Mental et", (564, 23)),
        ("cda.xml", "point en Mental (qui", "point en Mystique (qui", (568, 32)),
        # the aspects fatigue is counted in, every one the rules enumerate, one named twice
        ("cda.xml", "ou Mystique) du personnage", "ou Physique) du personnage", (1239, 5)),
        # the same in cda's difficulties: the card's row and the row's erratum (its ND)
        (
            "cda.xml",
            "<entry>très difficile</entry>",
            "<entry>extrêment difficile</entry>",
            (853, 9),
        ),
        # the binding's anchor « … soit Eff » lost where its erratum is
        (
            "cda.xml",
            " les pleins dommages, soit Eff.</para>",
            " les pleins dommages, soit Diff.</para>",
            (1157, 28),
        ),
        # a known terminology finding (MP for two terms) whose abbreviation is edited: the one
        # finding changes the ledger's entry, which is not also stale
        (
            "cda.xml",
            "<glossterm>manœuvre de dommage</glossterm>\n <acronym>MP</acronym>",
            "<glossterm>manœuvre de dommage</glossterm>\n <acronym>MA</acronym>",
            (2289, 2),
        ),
    ],
    "edad": [
        # « une action complexe » → « une action simple »: the cited rule's contradiction at
        # « action simple » holds the binding's erratum at « simple »
        ("book.xml", "(au lieu d'une action complexe", "(au lieu d'une action simple", (131, 284)),
    ],
}


@pytest.mark.parametrize("book", sorted(EDITS))
def test_each_edit_is_one_finding_at_its_word(book_copy, book):
    copy = book_copy(book)
    files = {file for file, *_ in EDITS[book]}
    texts = {file: copy.text(file) for file in files}
    edited = dict(texts)
    for file, before, after, _ in EDITS[book]:
        assert edited[file].count(before) == 1, before
        edited[file] = edited[file].replace(before, after)
    with _edited(copy, edited):
        report = copy.examine()
    findings = report.new()
    shown = "\n".join(finding.astext() for finding in findings)
    assert sorted((f.line, f.column) for f in findings) == sorted(e[3] for e in EDITS[book]), shown
    assert not [f for f in report.findings if f.category == "ledger-stale"], shown
    for finding in findings:
        if finding.category == "erratum":
            assert finding.derivation, finding.astext()  # its working


def test_a_term_said_otherwise_where_a_pattern_reads_numbers_is_one_erratum_with_its_working(
    book_copy,
):
    """Goliath's « FD » said « FR » (the edit above), alone: the finding names both words, at
    the word, with the rule steps, the rules' places that say FD and the correction."""
    copy = book_copy("harmonies")
    report = copy.examine_replaced(
        [("combat.xml", "en force (FD: +3, FF:", "en force (FR: +3, FF:")]
    )
    [finding] = report.new()
    source = copy.text("combat.xml").split("\n")[finding.line - 1]
    assert (finding.file.name, finding.line) == ("combat.xml", 444), finding.astext()
    assert source[finding.column - 1 :].startswith("FD: +3"), finding.astext()  # the book again
    said = french("le texte dit « FR », les règles donnent « FD »")
    assert finding.message == said, finding.astext()
    assert (
        french("facteur : les règles donnent « FD » ici ; le texte dit « FR »")
        in finding.derivation
    )
    assert any("Facteur de Dommages" in place["message"] for place in finding.related)
    [fix] = finding.corrections
    assert (fix.line, fix.column, fix.old, fix.new) == (444, 43, "FR", "FD"), finding.astext()


def _edited(copy, edited: dict[str, str]) -> contextlib.ExitStack:
    """The copy with each file's edited text within the block (nested `edited` blocks)."""
    stack = contextlib.ExitStack()
    for file, text in edited.items():
        stack.enter_context(copy.edited(file, text))
    return stack
