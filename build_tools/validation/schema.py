"""DocBook DTD validity, when the DocBook 4.x DTD is installed locally (Debian `docbook-xml`)."""

from __future__ import annotations

import copy
import functools
import re
from pathlib import Path

from lxml import etree

from build_tools.diagnostics import Finding
from build_tools.reader import XML_BASE, Document, docbook_dtd
from build_tools.validation.located import finding_at

SKIPPED_HINT = (
    "DocBook DTD validation skipped: the DocBook {version} DTD is not installed. "
    "Install it to enable this check (Debian/Ubuntu: apt-get install docbook-xml; "
    "it is looked for in /usr/share/xml/docbook/schema/dtd/VERSION/)."
)
LEFT_TO_REFERENCES = "IDREF attribute"
"""Unknown ids are reported by the references check, with the name of the attribute."""


def check(document: Document) -> list[Finding]:
    version = document.docbook_version or "4.5"
    path = docbook_dtd(version)
    if path is None:
        return [
            Finding(
                "info",
                "dtd-skipped",
                SKIPPED_HINT.format(version=version),
                file=document.main,
                key="dtd",
            )
        ]
    dtd = _load(path)
    # Validate what a DocBook processor sees: XInclude's xml:base and unused namespace
    # declarations are artefacts of assembling the book, not DocBook content.
    root = copy.deepcopy(document.root)
    for element in root.iter():
        if isinstance(element.tag, str) and XML_BASE in element.attrib:
            del element.attrib[XML_BASE]
    etree.cleanup_namespaces(root)
    if dtd.validate(root):
        return []
    findings = []
    for entry in dtd.error_log:
        if entry.message.startswith(LEFT_TO_REFERENCES):
            continue
        found = document.tree.xpath(entry.path) if entry.path else []
        element = found[0] if found else document.root
        findings.append(
            finding_at(
                document,
                element,
                "dtd",
                f"not valid DocBook {version}: {_shorten(entry.message)}",
                key=f"{element.tag}:{entry.message[:60]}",
            )
        )
    return findings


@functools.cache
def _load(path: Path) -> etree.DTD:
    return etree.DTD(str(path))


def _shorten(message: str) -> str:
    """libxml2 spells out whole content models; keep what the author needs: what was found."""
    expecting = re.search(r", expecting \((.*)\), got \((.*)\)$", message)
    if expecting and len(expecting.group(1)) > 120:
        return f"{message[: expecting.start()]}: got ({expecting.group(2).strip()})"
    return message
