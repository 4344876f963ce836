"""DocBook DTD validity, when the DocBook 4.x DTD is installed locally (Debian `docbook-xml`)."""

from __future__ import annotations

import copy
import functools
import re
from pathlib import Path

from lxml import etree

from build_tools.diagnostics import Finding
from build_tools.model.language import language_of, primary_language
from build_tools.model.said import said_in
from build_tools.reader import XML_BASE, Document, docbook_dtd
from build_tools.validation.located import finding_at

SKIPPED_HINT = (
    "DocBook DTD validation skipped: the DocBook {version} DTD is not installed. "
    "Install it to enable this check (Debian/Ubuntu: apt-get install docbook-xml; "
    "it is looked for in /usr/share/xml/docbook/schema/dtd/VERSION/)."
)
DTD_SAID = {
    "fr": (
        (
            r"Element (\S+) content does not follow the DTD, expecting \((.*)\), got \((.*)\)",
            r"le contenu de l’élément \1 ne suit pas la DTD, qui attend (\2) ; il contient (\3)",
        ),
        (
            r"Element (\S+) content does not follow the DTD: got \((.*)\)",
            r"le contenu de l’élément \1 ne suit pas la DTD : il contient (\2)",
        ),
        (r"No declaration for element (\S+)", r"la DTD ne déclare pas l’élément \1"),
        (
            r"No declaration for attribute (\S+) of element (\S+)",
            r"la DTD ne déclare pas d’attribut \1 pour l’élément \2",
        ),
        (
            r"Element (\S+) is not declared in (\S+) list of possible children",
            r"l’élément \1 n’est pas un enfant possible de \2",
        ),
    ),
}
"""libxml2's messages as a book in French reads them (an unknown one stays libxml2's)."""
PREFIX = {"fr": "n’est pas du DocBook {version} valide : ", "en": "not valid DocBook {version}: "}
LEFT_TO_REFERENCES = "IDREF attribute"
"""Unknown ids are reported by the references check, with the name of the attribute."""


def check(document: Document, language: str | None = None) -> list[Finding]:
    """`language`: the book's, as `examine` decided it (`model.language.language_of`; its
    root's when not given)."""
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
    language = primary_language(language or language_of(document.root))
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
                _said(_shorten(entry.message), version, language),
                key=f"{element.tag}:{entry.message[:60]}",
            )
        )
    return findings


@functools.cache
def _load(path: Path) -> etree.DTD:
    return etree.DTD(str(path))


def _said(message: str, version: str, language: str) -> str:
    """libxml2's `message` in the book's `language`, after the version it breaks."""
    for pattern, words in DTD_SAID.get(language, ()):
        said, count = re.subn(f"^{pattern}$", words, message)
        if count:
            message = said
            break
    return said_in(PREFIX, language).format(version=version) + message


def _shorten(message: str) -> str:
    """libxml2 spells out whole content models; keep what the author needs: what was found."""
    expecting = re.search(r", expecting \((.*)\), got \((.*)\)$", message)
    if expecting and len(expecting.group(1)) > 120:
        return f"{message[: expecting.start()]}: got ({expecting.group(2).strip()})"
    return message
