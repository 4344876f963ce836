"""Edits of a glossary definition and of a table header: each token kind, one finding at it.

A glossary definition and a table's header are rule-bearing places as a cited
sentence and an example are (issue 21): a number, a count word, a die, a relation
word or a term edited there is one finding at the edited word, with its working
and the other place (the rule, the binding or the sentence that states it).
"""

from __future__ import annotations

import pytest
from test_rule_words import copies, new_findings  # noqa: F401 (copies is a fixture)

EDITS = [
    # (kind, book, file, the passage, the word edited, its edit, where the finding stands)
    # cda's glossary: « blessure légère », « blessure grave », « degré de réussite »
    ("glossary number", "cda", "cda.xml", r"normalement en recevoir 4 avant", "4", "5", "4"),
    ("glossary count", "cda", "cda.xml", r"met environ deux jours", "deux", "trois", "deux"),
    (
        "glossary relation",
        "cda",
        "cda.xml",
        r"grave met au moins 1 semaine",
        "au moins",
        "au plus",
        "au moins",
    ),
    # a term: at its first word (« blessure critique » for « blessure grave »)
    ("glossary term", "cda", "cda.xml", r"une blessure grave met", "grave", "critique", "blessure"),
    # a die: at its faces (« d12 » for « d20 »)
    ("glossary die", "cda", "cda.xml", r"obtenu sur le d20 lorsque", "d20", "d12", "20"),
    # table headers: cda's combinations (an aspect's abbreviation), the totals' TP
    (
        "header term",
        "cda",
        "cda.xml",
        r"<entry><link linkend=\"ph\">Physique</link> \(Ph\)",
        "(Ph)",
        "(Me)",
        "Physique",  # the cell's term « Physique (Me) », its correction at « (Me) »
    ),
    ("header number", "cda", "cda.xml", r"<entry>TP \(CA\+BP-10\)</entry>", "10", "9", "10"),
]


@pytest.mark.parametrize(
    "kind, book, file, old, word, new, at", EDITS, ids=[edit[0] for edit in EDITS]
)
def test_an_edited_token_is_one_finding_at_its_word(
    copies,  # noqa: F811
    kind,
    book,
    file,
    old,
    word,
    new,
    at,
):
    lines = (copies[book] / file).read_text(encoding="utf-8").split("\n")
    findings, line = new_findings(copies[book], file, old, _replaced(old, word, new))
    assert len(findings) == 1, "\n".join(f.astext() for f in findings)
    (finding,) = findings
    column = lines[finding.line - 1].find(at) + 1
    assert (finding.line, finding.column) == (line, column), finding.astext()
    assert finding.derivation and finding.related, finding.astext()


def _replaced(pattern: str, word: str, new: str) -> str:
    """The text `pattern` matches, with `word` replaced by `new` (its escapes undone)."""
    text = pattern.replace("\\", "")
    return text.replace(word, new, 1)
