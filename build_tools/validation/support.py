"""What the renderers support: an element or attribute none handles is a finding, not lost text."""

from __future__ import annotations

from build_tools.diagnostics import Finding, at_line
from build_tools.docbook import enclosing
from build_tools.reader import Document
from build_tools.render.html import supported_attributes, supported_elements


def check(document: Document) -> list[Finding]:
    elements = supported_elements()
    attributes = supported_attributes()
    findings = []
    for element in document.root.iter():
        if not isinstance(element.tag, str):
            continue
        name = element.tag
        if name not in elements:
            file, line, column = document.locate(element)
            findings.append(
                at_line(
                    Finding(
                        "error",
                        "unsupported",
                        f"no renderer handles <{name}>: its content would be lost",
                        file=file,
                        line=line,
                        column=column,
                        where=enclosing(element),
                        key=name,
                    )
                )
            )
            continue
        for attribute in element.attrib:
            if (
                attribute.startswith("{")
                or attribute in attributes.get(name, ())
                or attribute in attributes.get("*", ())
            ):
                continue
            file, line, column = document.locate(element)
            findings.append(
                at_line(
                    Finding(
                        "warning",
                        "unsupported-attribute",
                        f'no renderer honours {attribute}="{element.get(attribute)}" on <{name}>',
                        file=file,
                        line=line,
                        column=column,
                        where=enclosing(element),
                        key=f"{name}-{attribute}",
                    )
                )
            )
    return findings
