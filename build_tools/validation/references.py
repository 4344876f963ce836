"""Ids and references: no id twice; every linkend, endterm and otherterm points at an element."""

from __future__ import annotations

from build_tools.diagnostics import Finding, display_path
from build_tools.model.ids import id_carriers, id_map
from build_tools.model.language import language_of
from build_tools.model.said import said_in
from build_tools.reader import Document
from build_tools.validation.located import finding_at

REFERENCE_ATTRIBUTES = ("linkend", "endterm", "otherterm")
SAID = {
    "fr": {
        "twice": "l’id « {id} » est déjà pris à {place}",
        "nowhere": '<{tag} {attribute}="{target}"> ne renvoie à aucun élément du livre',
    },
    "en": {
        "twice": "id {id!r} is already used at {place}",
        "nowhere": "<{tag} {attribute}={target!r}> points at no element of the book",
    },
}
"""The findings in the book's language."""


def check(document: Document, language: str | None = None) -> list[Finding]:
    """`language`: the book's, as `examine` decided it (`model.language.language_of`; its
    root's when not given)."""
    findings = []
    said = said_in(SAID, language or language_of(document.root))
    first_seen = id_map(document.root)
    for identifier, (first, *others) in id_carriers(document.root).items():
        for element in others:  # the first names it: each other is a duplicate
            file, line, _ = document.locate(first)
            findings.append(
                finding_at(
                    document,
                    element,
                    "duplicate-id",
                    said["twice"].format(id=identifier, place=f"{display_path(file)}:{line}"),
                    key=identifier,
                    attribute="id",
                )
            )
    for element in document.root.iter():
        if not isinstance(element.tag, str):
            continue
        for attribute in REFERENCE_ATTRIBUTES:
            for target in (element.get(attribute) or "").split():
                if target not in first_seen:
                    findings.append(
                        finding_at(
                            document,
                            element,
                            "broken-reference",
                            said["nowhere"].format(
                                tag=element.tag, attribute=attribute, target=target
                            ),
                            key=f"{attribute}-{target}",
                            attribute=attribute,
                        )
                    )
    return findings
