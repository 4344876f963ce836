"""Numbers in words that count: a count changed in a rule-bearing place is one finding at it.

« les six moyens » counts an enumeration of the rules module, « cinq gobelins G1, …
et G5 » the list after it, « Quatre joueurs J{} … » is a binding's own word; each
edit below is one `contradiction` or `erratum` at the edited word, with its working
and the other place (issue 21: count words read and killed).
"""

from __future__ import annotations

import pytest
from test_rule_words import copies, new_findings  # noqa: F401 (copies is a fixture)

from build_tools import reports
from build_tools.checking.matching import align
from build_tools.checking.words import Vocabulary

COUNTS = [
    # a class the rules enumerate (MOYENS, CARACTERISTIQUES, TYPES_D_ATTAQUE)
    ("cda", "cda.xml", r"résultats pour les six moyens", "six", "sept", 6),
    ("edad", "book.xml", r"Il y a six caractéristiques", "six", "cinq", 6),
    # a binding's pattern says the count (« Quatre joueurs J{}, J{}, J{} et J{} »)
    ("harmonies", "combat.xml", r"accès à six types d'attaque", "six", "sept", "6"),
    # the list that follows the count, which a binding's pattern says too: one finding
    ("edad", "book.xml", r"<para>Quatre joueurs J1", "Quatre", "Trois", "4"),
    ("edad", "book.xml", r"affrontent cinq gobelins G1", "cinq", "six", "5"),
]


@pytest.mark.parametrize(
    "book, file, old, word, new, expected", COUNTS, ids=[f"{e[0]}-{e[4]}" for e in COUNTS]
)
def test_a_changed_count_is_one_finding_at_its_word(
    copies,  # noqa: F811
    book,
    file,
    old,
    word,
    new,
    expected,
):
    edited = old.replace(word, new, 1).replace("\\", "")
    findings, line = new_findings(copies[book], file, old, edited)
    assert len(findings) == 1, "\n".join(f.astext() for f in findings)
    (finding,) = findings
    assert finding.category in ("contradiction", "erratum")
    source = (copies[book] / file).read_text(encoding="utf-8").split("\n")
    column = source[finding.line - 1].find(word) + 1  # the copy is restored: the old word
    assert (finding.line, finding.column) == (line, column), finding.astext()
    assert finding.expected == expected, finding.astext()
    assert finding.derivation and finding.related, finding.astext()
    if expected == 6 and book == "cda":  # the count's message speaks the book's language
        assert finding.message == (
            "le texte dit « sept moyens », les règles en nomment 6 : Puissance, Résistance, "
            "Manœuvre, Précision, Expression, Perception"
        )


def test_a_count_no_binding_reads_is_unbound_at_its_word(copies):  # noqa: F811
    """A count added where a binding reads, which no pattern, count check or waiver accounts
    for (« un coup sur deux »), is one `unbound` finding at the word, as a number would be."""
    old = r"parer un coup infligé à leur porteur"
    findings, line = new_findings(
        copies["edad"], "book.xml", old, "parer un coup sur deux infligé à leur porteur"
    )
    assert [(f.category, f.line) for f in findings] == [("unbound", line)], findings
    (finding,) = findings
    source = (copies["edad"] / "book.xml").read_text(encoding="utf-8").split("\n")[line - 1]
    # the copy is restored: « deux » stands where « infligé » stands, after « sur »
    assert finding.column == source.index("infligé") + len("sur ") + 1, finding.astext()
    assert finding.message == "le nombre en lettres « deux » n'est ni donné, ni réclamé, ni écarté"


@pytest.mark.parametrize("book", ["cda", "harmonies", "edad"])
def test_the_summary_prints_the_count_words_apart(checked_book, book):
    """Each book's count words (« deux », « trois fois », « moitié »), every one accounted for,
    as `rulebook check` prints them; each waived one with its reason in `--format json`."""
    report = checked_book(book)
    out = reports.text([report], reports.Settings())
    counts = report.coverage["counts"]
    assert (
        f"  count words: {counts['total']} in all: {counts['given']} given, "
        f"{counts['claimed']} claimed, {counts['waived']} waived, 0 unbound\n"
    ) in out
    assert counts["total"] == counts["given"] + counts["claimed"] + counts["waived"] >= 16
    texts = {waiver["text"] for waiver in report.coverage["waivers"] if waiver["reason"]}
    waived = {"edad": "Les deux types d'objet", "harmonies": "la somme des deux Mesures"}
    assert book not in waived or waived[book] in texts


def test_a_number_of_a_pattern_met_by_another_value_is_a_contradiction():
    vocabulary = Vocabulary()
    changed = align(["Quatre joueurs J", ", J"], "Cinq joueurs J1, J2", vocabulary, _free)
    assert changed.accepted
    assert [(mine.text, theirs.text) for mine, theirs in changed.contradictions] == [
        ("Quatre", "Cinq")
    ]
    same = align(["Quatre joueurs J", ", J"], "4 joueurs J1, J2", vocabulary, _free)
    assert same.accepted and not same.contradictions  # « 4 » for « Quatre »: a rewording


def _free(start: int, end: int) -> bool:
    return True
