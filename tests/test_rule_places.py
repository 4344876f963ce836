"""Edits of a glossary definition and of a table header: each token kind, one finding at it.

A glossary definition and a table's header are rule-bearing places as a cited
sentence and an example are (issue 21): a number, a count word, a die, a relation
word or a term edited there is one finding at the edited word, with its working
and the other place (the rule, the binding or the sentence that states it). The
edits are in passages apart, so that one check of the edited copy judges them all.
"""

from __future__ import annotations

import re

import pytest
from test_rule_words import copies, cross_check, unedited  # noqa: F401 (copies is a fixture)

EDITS = [
    # (the passage, the word edited, its edit, where the finding stands in the passage)
    # cda's glossary: « blessure légère », « blessure grave », « degré de réussite »
    (r"normalement en recevoir 4 avant", "4", "5", "4"),  # a number
    (r"met environ deux jours", "deux", "trois", "deux"),  # a count
    # a relation word (« échec automatique »)
    (r"est inférieure à 1\. Ne", "inférieure", "supérieure", "inférieure"),
    (r"une blessure grave met", "grave", "critique", "blessure"),  # a term, at its first word
    (r"obtenu sur le d20 lorsque", "d20", "d12", "20"),  # a die, at its faces
    # table headers: cda's combinations (an aspect's abbreviation; the finding at the
    # cell's term « Physique (Me) », its correction at « (Me) »), the totals' TP
    (r"<entry><link linkend=\"ph\">Physique</link> \(Ph\)", "(Ph)", "(Me)", "Physique"),
    (r"<entry>TP \(CA\+BP-10\)</entry>", "10", "9", "10"),
]


def test_each_edited_token_is_one_finding_at_its_word(copies):  # noqa: F811
    folder = copies["cda"]
    known = {finding.id for finding in unedited(folder)}
    path = folder / "cda.xml"
    text = path.read_text(encoding="utf-8")
    expected, edited = set(), text
    places = []
    for passage, word, new, at in EDITS:
        match = re.search(passage.replace(" ", r"\s+"), text)
        assert match, passage
        places.append((match.start() + match.group().find(at), match, word, new))
    for at, match, word, new in sorted(places, key=lambda place: -place[1].start()):
        found = re.sub(re.escape(word).replace(r"\ ", r"\s+"), new, match.group(), count=1)
        edited = edited[: match.start()] + found + edited[match.end() :]
        expected.add(_line_and_column(text, at))
    path.write_text(edited, encoding="utf-8")
    try:
        findings = [f for f in cross_check(folder) if f.id not in known]
    finally:
        path.write_text(text, encoding="utf-8")
    report = "\n".join(f.astext() for f in findings)
    assert {(f.line, f.column) for f in findings} == expected, report
    assert len(findings) == len(EDITS), report
    for finding in findings:
        assert finding.derivation and finding.related, finding.astext()  # working, other place


def _line_and_column(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


# Harmonies and Edad have no glossary; their tables' headers hold no rule-bearing token
# (« Type », « Facteurs », « N = », « Catégorie », « Écart », « Objet », « Points de vie »):
# an edit of a header is a rewording, silent. Their row labels (the header column) do: an
# adverb or a category edited there is one finding at the edited word.
PLACES = {
    # book: [(file, the words, as edited, the (line, column) of the one finding or None)]
    "harmonies": [
        ("combat.xml", "<entry>Facteurs</entry>", "<entry>Les facteurs</entry>", None),
        ("combat.xml", "<entry>Formule</entry>", "<entry>La formule</entry>", None),
        ("combat.xml", "<entry>Peu</entry>", "<entry>Assez peu</entry>", (188, 8)),
        ("combat.xml", "<entry>Totale</entry>", "<entry>Très</entry>", (196, 8)),
    ],
    "edad": [
        ("book.xml", "<entry>Écart</entry>", "<entry>L'écart</entry>", None),
        ("book.xml", "<entry>Objet</entry>", "<entry>Les objets</entry>", None),
        ("book.xml", "<entry>Points de vie</entry>", "<entry>PVs</entry>", None),
        ("book.xml", "<entry>entre 5 et 9,</entry>", "<entry>entre 6 et 9,</entry>", (74, 45)),
        # a row named otherwise than the rules' category or item of its place: one erratum at
        # the name (its bounds, its points, the card's row then the rules')
        ("book.xml", "<entry>important</entry>", "<entry>grave</entry>", (76, 19)),
        (
            "book.xml",
            "<entry>Les armes légères</entry>",
            "<entry>Les armes lourdes</entry>",
            (264, 19),
        ),
    ],
}


@pytest.mark.parametrize("book", sorted(PLACES))
def test_a_header_edit_is_silent_and_a_row_label_edit_one_finding_at_it(book_copy, book):
    copy = book_copy(book)
    (file,) = {file for file, *_ in PLACES[book]}
    text = copy.text(file)
    for _, before, after, _ in PLACES[book]:
        assert text.count(before) == 1, before
        text = text.replace(before, after)
    with copy.edited(file, text):
        findings = copy.examine().new()
    shown = "\n".join(finding.astext() for finding in findings)
    expected = sorted(place for *_, place in PLACES[book] if place)
    assert sorted((f.line, f.column) for f in findings) == expected, shown
    assert all(f.derivation for f in findings), shown  # each with its working
