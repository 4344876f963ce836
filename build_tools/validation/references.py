"""Ids and references: no id twice; every linkend, endterm and otherterm points at an element."""

from __future__ import annotations

from build_tools.diagnostics import Finding, display_path
from build_tools.model.ids import id_map
from build_tools.reader import Document
from build_tools.validation.located import finding_at

REFERENCE_ATTRIBUTES = ("linkend", "endterm", "otherterm")


def check(document: Document) -> list[Finding]:
    findings = []
    first_seen = id_map(document.root)
    for element in document.root.iter():
        if not isinstance(element.tag, str):
            continue
        identifier = element.get("id")
        if identifier and first_seen[identifier] is not element:
            file, line, _ = document.locate(first_seen[identifier])
            findings.append(
                finding_at(
                    document,
                    element,
                    "duplicate-id",
                    f"id {identifier!r} is already used at {display_path(file)}:{line}",
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
                            f"<{element.tag} {attribute}={target!r}> points at no element "
                            f"of the book",
                            key=f"{attribute}-{target}",
                            attribute=attribute,
                        )
                    )
    return findings
