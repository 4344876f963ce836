"""Glossary and terminology: referenced entries exist; terms and abbreviations pair one to one."""

from __future__ import annotations

import re
from collections import defaultdict

from lxml import etree

from build_tools.diagnostics import Finding
from build_tools.model.docbook import text_of
from build_tools.model.ids import id_map
from build_tools.model.language import language_of
from build_tools.model.said import said_in
from build_tools.reader import Document
from build_tools.validation.located import finding_at

ABBREVIATIONS = ("acronym", "abbrev")
SAID = {
    "fr": {
        "missing": "le terme « {term} » n’a pas d’entrée dans le glossaire",
        "spellings": "« {term} » est abrégé {spellings} dans le livre",
        "terms": "l’abréviation « {spelling} » désigne {terms}",
        "and": " et ",
    },
    "en": {
        "missing": "glossterm « {term} » has no entry in the glossary",
        "spellings": "« {term} » is abbreviated {spellings} in the book",
        "terms": "the abbreviation {spelling!r} stands for {terms}",
        "and": " and ",
    },
}
"""The glossary's findings in the book's language (its abbreviations quoted as it quotes)."""
SPELLING = {"fr": "« {} »", "en": "{!r}"}


def check(document: Document, language: str | None = None) -> list[Finding]:
    """`language`: the book's, as `examine` decided it (`model.language.language_of`; its
    root's when not given)."""
    root = document.root
    findings: list[Finding] = []
    language = language or language_of(root)
    said = said_in(SAID, language)
    spelled = said_in(SPELLING, language)

    def report(element, category, message, key, severity="error"):
        findings.append(
            finding_at(document, element, category, message, key=key, severity=severity)
        )

    entries = {text_of(entry.find("glossterm")).lower(): entry for entry in root.iter("glossentry")}
    ids = id_map(root)

    # Inline glossterms without linkend refer to the entry of the same term (or baseform).
    for term in root.iter("glossterm"):
        parent = term.getparent()
        if (parent is not None and parent.tag == "glossentry") or term.get("linkend"):
            continue
        name = (term.get("baseform") or text_of(term)).lower()
        if name and name not in entries:
            report(
                term,
                "glossary-missing",
                said["missing"].format(term=text_of(term)),
                name,
                "warning",
            )

    # Which abbreviation goes with which term: the glossary's own pairs, then "term (ABBR)" in text.
    uses: dict[str, dict[str, etree._Element]] = defaultdict(
        dict
    )  # term -> abbreviation -> first use
    for entry in root.iter("glossentry"):
        term = text_of(entry.find("glossterm"))
        for tag in ABBREVIATIONS:
            abbreviation = entry.find(tag)
            if abbreviation is not None:
                uses[term.lower()].setdefault(text_of(abbreviation), abbreviation)
    for abbreviation in root.iter(*ABBREVIATIONS):
        parent = abbreviation.getparent()
        if parent is None or parent.tag == "glossentry":
            continue
        term = _term_before(abbreviation, ids)
        if term:
            uses[term.lower()].setdefault(text_of(abbreviation), abbreviation)

    for term, spellings in uses.items():
        if len(spellings) > 1:
            elements = list(spellings.values())
            report(
                elements[1],
                "terminology",
                said["spellings"].format(
                    term=term, spellings=said["and"].join(map(spelled.format, spellings))
                ),
                f"term-{term}",
            )
    terms_of: dict[str, dict[str, etree._Element]] = defaultdict(dict)
    for term, spellings in uses.items():
        for spelling, element in spellings.items():
            terms_of[spelling].setdefault(term, element)
    for spelling, terms in terms_of.items():
        if len(terms) > 1:
            elements = list(terms.values())
            report(
                elements[1],
                "terminology",
                said["terms"].format(
                    spelling=spelling, terms=said["and"].join(f"« {term} »" for term in terms)
                ),
                f"abbreviation-{spelling}",
            )
    return findings


def _term_before(abbreviation: etree._Element, ids: dict) -> str:
    """The term an inline abbreviation spells out: « term (ABBR) », as text or as a link."""
    previous = abbreviation.getprevious()
    parent = abbreviation.getparent()
    before = previous.tail if previous is not None else parent.text
    if before is None or not before.rstrip().endswith("("):
        return ""
    words = before.rstrip()[:-1].rstrip()
    if (
        not words
        and previous is not None
        and previous.tag in ("xref", "link", "glossterm", "firstterm")
    ):
        if previous.tag == "xref":
            target = ids.get(previous.get("linkend"))
            return (
                text_of(target.find("glossterm"))
                if target is not None and target.tag == "glossentry"
                else ""
            )
        return text_of(previous)
    if words and parent.tag in ("term", "glossterm", "firstterm", "title"):
        # "Physique (Ph)" in a variablelist term: the term is the text before the parenthesis.
        return re.sub(r"^(le |la |les |l'|un |une )", "", words.split(",")[-1].strip(), flags=re.I)
    return ""
