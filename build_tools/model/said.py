"""The engine's words in a finding, by the book's language: the table of a module's messages
chosen for a book, the kinds of passage a finding names, and a French book's typography.

Each module that writes findings keeps its messages in a table keyed by language
(« fr », « en »), as `checking.check.SAID` does; `said_in` picks the book's, English for a
language the engine has no words for. A finding's id is made from its English words (its
kind of passage, its key) when it is made, so the ledgers hold whatever the language;
`in_language` then gives a French book's findings their French kinds of passage and the
no-break spaces of French typography, once, in every output alike.
"""

from __future__ import annotations

import re
from typing import Any

from build_tools.model import typography
from build_tools.model.language import DEFAULT_LANGUAGE, primary_language
from build_tools.model.wording import WORDS

_LABELLED = (
    "table", "example", "glossary", "chapter", "section", "appendix", "preface", "part",
    "figure", "note", "tip", "warning", "caution", "important", "date",
)  # fmt: skip
"""The kinds of passage whose name is the label the pages give them (« Tableau »)."""
KINDS = {
    "fr": {
        **{kind: WORDS["fr"][kind].lower() for kind in _LABELLED},
        "paragraph": "paragraphe",
        "formalpara": "paragraphe",
        "varlistentry": "terme de liste",
        "listitem": "élément de liste",
        "entry": "case",
        "row": "ligne",
        "book": "livre",
        "sidebar": "encadré",
        "footnote": "note",
        "title": "titre",
    },
}
"""The kind of passage a finding names (`model.docbook.where_of`: « paragraph « … » »), in the
book's language; an element not listed keeps its DocBook name."""
PREFIXES = {"fr": {"sheet of ": "fiche de "}}
"""A finding's place that is no passage of the book, by the words it starts with."""
_KIND = re.compile(r"^(\w+) «")


PLACES = {
    "fr": {
        "rule": "règle : {text}",
        "table": "tableau : {text}",
        "": "{role} : {text}",
        "closest": " ; le texte le plus proche : « {text} »",
    },
    "en": {"": "{role}: {text}", "closest": "; closest text: « {text} »"},
}
"""What another place of a finding is to it (« règle : … »), and the text closest to words the
book no longer holds, in the book's language: one table for every module that says them."""


def role_said(role: str, text: str, language: str | None) -> str:
    """Another place of a finding, `text`, named by what it is to it (`role`: « rule »…)."""
    roles = said_in(PLACES, language)
    return roles.get(role, roles[""]).format(role=role, text=text)


def closest_said(text: str, language: str | None) -> str:
    """« ; le texte le plus proche : « … » », said after a finding of words no longer found."""
    return said_in(PLACES, language)["closest"].format(text=text)


def french_spaces(text: str) -> str:
    """`text` with no-break spaces where it has ordinary ones before « : » (U+00A0) and « ; ! ? »
    (U+202F), and inside « » (U+00A0): the words of the engine and the game as French sets
    them; a mark glued to its word (a formula's « acronym? », « Attaque: » as the book writes it)
    stays glued (`typography.french_spaces`, its glued marks aside)."""
    return typography.french_spaces(text, glued=False)


def said_in(table: dict[str, Any], language: str | None) -> Any:
    """The messages (or message) of `table` in `language` ('fr', 'fr-CA'…), English when it has
    none."""
    return table.get(primary_language(language)) or table[DEFAULT_LANGUAGE]


def place_named(where: str, language: str | None) -> str:
    """`where`, a finding's place as its id was made from (« paragraph « … » », « sheet of
    … »), as a book in `language` names it (« paragraphe « … » », « fiche de … »)."""
    primary = primary_language(language)
    if primary not in KINDS:
        return where
    kinds = KINDS[primary]
    where = _KIND.sub(lambda m: f"{kinds.get(m[1], m[1])} «", where)
    for english, said in PREFIXES[primary].items():
        if where.startswith(english):
            return said + where[len(english) :]
    return where


def in_language(
    findings: list[Any],
    language: str | None,
    coverage: dict[str, Any] | None = None,
    verifications: dict[Any, Any] | None = None,
) -> list[Any]:
    """`findings` (their ids made) as a book in `language` reads them: in French, each kind of
    passage in French and every word the engine or a game wrote with French typography (the
    no-break spaces before « : ; ! ? » and inside « »). The source lines quoted (`text`) and the
    corrections are the book's own, left as they are. The passages its `coverage` waives and
    its `verifications` are named as its findings are."""
    if primary_language(language) != "fr":
        return findings
    for waiver in (coverage or {}).get("waivers", []):
        waiver["where"] = french_spaces(place_named(waiver["where"], "fr"))
    for verification in (verifications or {}).values():
        verification.where = french_spaces(place_named(verification.where, "fr"))
    for finding in findings:
        if finding.where:
            finding.where = french_spaces(place_named(finding.where, "fr"))
        finding.message = french_spaces(finding.message)
        finding.derivation = [french_spaces(line) for line in finding.derivation]
        for place in finding.related:
            if place.get("message"):
                place["message"] = french_spaces(place["message"])
    return findings
