"""What a French book's outputs must not hold: English words and the developers' names.

The book's own text may quote anything (an author's « Dongeons and Dragons »);
what is looked for is what the tool added: words of the output that the
book's sources do not have.
"""

from __future__ import annotations

import functools
import re

ENGLISH = frozenset(
    """the rules rule give gives says said which when while working known ledger should
    because with this that from and not only every each more steps verified check checked
    incomplete numbers contents chapter why where what wrong right per text within
    before after taken off same defect seen missing states statement sentence covers
    erratum's errata's weapon skill feat queue table's glossary's""".split()
)
"""Words of the tool's English (its messages, its old labels) that French never writes."""

IDENTIFIER = re.compile(
    r"\b[a-z]+(?:_[a-z0-9]+)+\b"  # jet_avec_de_critique, niveau_de_competence
    r"|\b\w+\((?:\w+=|\))"  # a call: jet(cible=16…), d20()
    r"|\b[\w-]+\.(?:py|xml|toml|ent)\b"  # a source file: cda.xml, rules/actions.py
    r"|\b(?:Jet|Fraction|None|True|False)\("
)


def words(text: str) -> set[str]:
    return {word.lower() for word in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text)}


@functools.cache
def source_words(book: str) -> frozenset[str]:
    """Every word of the book's DocBook sources (its text and its attributes)."""
    from build_tools.books import select
    from build_tools.reader import read_book

    root = read_book(select([book])[0].main).root
    found: set[str] = set()
    for element in root.iter():
        found |= words(" ".join(element.itertext()) if isinstance(element.tag, str) else "")
        for value in element.attrib.values() if isinstance(element.tag, str) else ():
            found |= words(value)
    return frozenset(found)


def foreign(text: str, book: str) -> dict[str, list[str]]:
    """The English words and the identifiers in `text` that the book's sources do not have."""
    text = text.replace("’", "'")
    english = sorted((words(text) & ENGLISH) - source_words(book))
    source_text = " ".join(source_words(book))
    identifiers = sorted(
        {match.group() for match in IDENTIFIER.finditer(text)}
        - {word for word in source_words(book) if "_" in word}
    )
    identifiers = [name for name in identifiers if name.lower() not in source_text]
    return {"english": english, "identifiers": identifiers}


def french(text: str) -> str:
    """`text`, a message as a test writes it (« le texte dit « 6 » : … »), with the no-break
    spaces the engine prints in a French book's findings: before « : » and inside « »
    (U+00A0), before « ; ! ? » (U+202F)."""
    text = re.sub(r" +(?=:)", "\u00a0", re.sub(r" +(?=[;!?])", "\u202f", text))
    return re.sub(r" *»", "\u00a0»", re.sub(r"« *", "«\u00a0", text))
