"""The files a book shows or links to: images that cannot be shown, linked files that are
missing — the findings the build gives about them, in the same words, from the check."""

from __future__ import annotations

from lxml import etree

from build_tools import resources
from build_tools.diagnostics import Finding
from build_tools.model.media import (
    TEXT_INSTEAD,
    WORDS_ONLY,
    format_problem,
    formats_problem,
    image_file,
    link_url,
    linked_file,
    showable,
)
from build_tools.reader import Document
from build_tools.validation.located import finding_at


def check(document: Document) -> list[Finding]:
    findings = []

    def report(element: etree._Element, problem: str, category: str, consequence: str) -> None:
        key = element.get("fileref") or link_url(element.get("url")) or "no-fileref"
        message = f"{problem}; {consequence}"
        findings.append(finding_at(document, element, category, message, key=key))

    for element in document.root.iter("mediaobject", "inlinemediaobject", "imageobjectco"):
        skipped, shown = [], False
        for imageobject in element.findall("imageobject"):
            imagedata = imageobject.find("imagedata")
            if imagedata is None:
                continue
            if element.tag != "imageobjectco" and not showable(imagedata):
                skipped.append(imagedata)
                continue
            _, problem = image_file(document, imagedata)
            if problem:
                report(imagedata, problem, "image", TEXT_INSTEAD)
            else:
                shown = True
                break
        if skipped and not shown:
            report(skipped[0], formats_problem(skipped), "image-format", TEXT_INSTEAD)
    for element in document.root.iter("graphic", "inlinegraphic"):
        if not showable(element):
            report(element, format_problem(element), "image-format", TEXT_INSTEAD)
            continue
        _, problem = image_file(document, element)
        if problem:
            report(element, problem, "image", TEXT_INSTEAD)
    for element in document.root.iter("ulink"):
        _, problem = linked_file(document, element, link_url(resources.link(element.get("url"))))
        if problem:
            report(element, problem, "linked-file", WORDS_ONLY)
    return findings
