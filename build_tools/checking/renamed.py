"""A glossary entry the book renamed to another entry's term, found again for its binding.

« compagnon » renamed « disciple »: the binding of « compagnon » finds no entry, the one of
« disciple » two. The one of those entries whose id still names the lost term (the term's
slug, its words' initials: « nc » for « niveau de compétence », or one of its words) is the
renamed one: the lost binding
takes it, the other binding keeps its own, and the one finding is at the renamed word (an
example retitled is found by its other words the same way: `runner._retitled`).
"""

from __future__ import annotations

import re

from lxml import etree

from build_tools.checking.claims import Binding
from build_tools.checking.notation import LANGUAGE
from build_tools.checking.passage import Passage
from build_tools.diagnostics import Finding, slug
from build_tools.model.docbook import normalize, text_of
from build_tools.model.said import said_in

SAID = {
    "fr": "l’entrée « {wanted} » du glossaire (id {id}) nomme maintenant le terme « {said} », "
    "qu’une autre entrée nomme : la liaison {binding} l’a trouvée par son id et vérifiée",
    "en": "the glossary's entry « {wanted} » (id {id}) now names the term « {said} », which "
    "another entry names: binding {binding} found it by its id and checked it",
}
"""A glossary entry renamed under its binding, in the book's language."""


def renamed_entries(
    bindings: list[Binding], terms: dict[str, list[etree._Element]]
) -> dict[str, etree._Element]:
    """Binding name -> the entry it takes, renamed, for each glossary binding finding none."""
    doubled = [entry for entries in terms.values() if len(entries) > 1 for entry in entries]
    found: dict[str, etree._Element] = {}
    for binding in bindings if doubled else []:
        term = binding.selector.get("term")
        if term is None or terms.get(normalize(term)):
            continue
        names = _ids_for(normalize(term))
        matched = [entry for entry in doubled if entry.get("id") in names]
        if len(matched) == 1:
            found[binding.name] = matched[0]
    return found


def _ids_for(term: str) -> set[str]:
    """The ids an entry of `term` may carry: « compagnon », « nc » (« niveau de compétence »),
    one of its words (« critique » for « blessure critique »)."""
    words = [word for word in re.findall(r"[^\W\d_]+", term) if len(word) > 2]
    return {slug(term), slug("".join(word[0] for word in words)), *map(slug, words)}


def term_of(entry: etree._Element) -> str:
    return text_of(entry.find("glossterm"))


def renamed_finding(binding: Binding, entry: etree._Element, document, where: str) -> Finding:
    """One finding at the renamed entry's term: its binding checks it all the same."""
    wanted, said = normalize(binding.selector["term"]), term_of(entry)
    glossterm = entry.find("glossterm")
    passage = Passage.of(glossterm, document.file_of(glossterm))
    start = len(passage.text) - len(passage.text.lstrip())
    return Finding(
        "error",
        "binding-stale",
        said_in(SAID, LANGUAGE.get()).format(
            wanted=wanted, id=entry.get("id"), said=said, binding=binding.name
        ),
        file=passage.file,
        line=passage.line_at(start),
        column=passage.column_at(start, said.split(" ")[0]),
        where=where,
        text=said,
        key=f"{binding.name}:term",
        expected=wanted,
        found=said,
        related=[
            {
                "file": str(binding.file),
                "line": binding.line,
                "message": f"binding {binding.name}: {binding.describe()}",
            }
        ],
    )
