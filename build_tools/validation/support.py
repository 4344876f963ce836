"""What the renderers support (the table of `model/elements.py`): an element or attribute
none handles is a finding, the same the build gives, and its text is still shown."""

from __future__ import annotations

from build_tools.diagnostics import Finding
from build_tools.model.elements import (
    handling,
    misplaced,
    supported_attributes,
    unsupported_message,
)
from build_tools.model.language import DEFAULT_LANGUAGE, declared_language
from build_tools.reader import Document
from build_tools.validation.located import finding_at


def check(document: Document) -> list[Finding]:
    attributes = supported_attributes()
    findings = []
    if declared_language(document.root) is None:
        message = (
            f"the book names no language (lang on <{document.root.tag}>): its generated words "
            f"(Chapter, Table of Contents…) will be in {DEFAULT_LANGUAGE!r} unless the book's "
            'settings give a language; write e.g. lang="fr"'
        )
        findings.append(
            finding_at(document, document.root, "no-language", message, key="lang", severity="info")
        )
    for element in document.root.iter():
        if not isinstance(element.tag, str):
            continue
        name = element.tag
        if handling(name) == "unsupported":
            message = unsupported_message(name)
            findings.append(finding_at(document, element, "unsupported", message, key=name))
            continue
        holder = misplaced(element)
        if holder:
            message = unsupported_message(name, holder)
            findings.append(finding_at(document, element, "unsupported", message, key=name))
            continue
        for attribute in element.attrib:
            honoured = attributes.get(name, set()) | attributes.get("*", set())
            if attribute.startswith("{") or attribute in honoured:
                continue
            message = f'no renderer honours {attribute}="{element.get(attribute)}" on <{name}>'
            findings.append(
                finding_at(
                    document,
                    element,
                    "unsupported-attribute",
                    message,
                    key=f"{name}-{attribute}",
                    severity="warning",
                    attribute=attribute,
                )
            )
    return findings
