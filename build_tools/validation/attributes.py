"""Attribute values that reach a page: links by their scheme, lengths as lengths, files by the gate.

What this check refuses, the renderers never write as it is: a refused link
is shown as its words, a refused length is left out, a refused file is
replaced by its text alternative.
"""

from __future__ import annotations

import re

from lxml import etree

from build_tools import limits, resources
from build_tools.diagnostics import Finding
from build_tools.reader import Document
from build_tools.validation.located import finding_at

LINKS = {"ulink": "url"}
"""Elements whose attribute is a URL a reader may follow."""
LENGTHS = {
    "imagedata": ("width", "depth", "contentwidth", "contentdepth"),
    "graphic": ("width", "depth", "contentwidth", "contentdepth"),
    "inlinegraphic": ("width", "depth", "contentwidth", "contentdepth"),
    "videodata": ("width", "depth", "contentwidth", "contentdepth"),
}
"""Elements whose attributes are lengths (DocBook 4.5: a number and an optional unit)."""
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_CSS_URL = re.compile(r"url\(([^)]*)\)")
_SVG_PARSER = etree.XMLParser(
    resolve_entities=False, load_dtd=False, no_network=True, huge_tree=False
)
FILES = {
    "imagedata": "fileref",
    "graphic": "fileref",
    "inlinegraphic": "fileref",
    "videodata": "fileref",
    "audiodata": "fileref",
    "textdata": "fileref",
}
"""Elements whose attribute names a file of the book."""
SHOWN = ("imagedata", "graphic", "inlinegraphic")
"""Images the renderers show: a refused file of theirs is `validation.files`' finding, in the
build's words; here, only what the gate refuses inside an SVG they show."""


def check(document: Document) -> list[Finding]:
    findings: list[Finding] = []
    gate = resources.Gate(document.folder)
    for element in document.root.iter(*LINKS, *LENGTHS, *FILES):
        name = element.tag
        url = element.get(LINKS[name]) if name in LINKS else None
        if url is not None and resources.link(url) is None:
            findings.append(
                finding_at(
                    document,
                    element,
                    "unsafe-link",
                    f"{LINKS[name]}={url!r} is not a link a reader may follow (only http, "
                    "https, mailto and paths relative to the page, inside the book; not "
                    "//host/… nor /…): its words are shown without a link",
                    key=url[:60],
                    attribute=LINKS[name],
                )
            )
        for attribute in LENGTHS.get(name, ()):
            value = element.get(attribute)
            if value is not None and resources.length(value) is None:
                findings.append(
                    finding_at(
                        document,
                        element,
                        "length",
                        f"{attribute}={value!r} is not a length (a number up to "
                        f"{resources.LARGEST_LENGTH} and one of the units in, cm, mm, pt, pc, "
                        "px, em or %): it is ignored",
                        key=f"{attribute}-{value[:40]}",
                        attribute=attribute,
                    )
                )
        reference = element.get(FILES[name]) if name in FILES else None
        if reference:
            try:
                image = gate.file(reference, document.file_of(element))
            except resources.Refused as refusal:
                if name not in SHOWN:
                    findings.append(
                        finding_at(
                            document,
                            element,
                            "refused-access",
                            f"refused to read {refusal}: it is left out",
                            key=reference[:60],
                            attribute=FILES[name],
                        )
                    )
                continue
            svg = image.suffix.lower() == ".svg" and image.is_file()
            for inner in _svg_refusals(gate, image) if svg else ():
                findings.append(
                    finding_at(
                        document,
                        element,
                        "refused-access",
                        f"the image {reference!r} names a file the book may not read: {inner}; "
                        "the PDF draws the image without it",
                        key=f"{reference[:40]}-{inner[:40]}",
                        attribute=FILES[name],
                    )
                )
    return findings + long_words(document)


def _svg_refusals(gate: resources.Gate, svg) -> list[str]:
    """What an SVG file of the book names that the gate refuses (its images, stylesheets, fonts).

    The PDF engine reads an SVG's references through the gate, which refuses
    these; the check says so first, so that check and build agree.
    """
    try:
        root = etree.parse(str(svg), _SVG_PARSER).getroot()
    except (etree.XMLSyntaxError, OSError):
        return []  # not an SVG the PDF engine could draw either
    references = []
    for node in root.iter():
        if not isinstance(node.tag, str):
            continue
        for attribute in ("href", XLINK_HREF):
            if node.get(attribute):
                references.append(node.get(attribute))
        styles = (node.get("style") or "") + (node.text or "" if node.tag.endswith("style") else "")
        references += [found.strip("'\" ") for found in _CSS_URL.findall(styles)]
    refused = []
    for reference in references:
        if reference.startswith(("#", "data:")):
            continue
        try:
            gate.file(reference, svg)
        except resources.Refused as refusal:
            refused.append(str(refusal))
    return refused


VERBATIM = ("programlisting", "screen", "literallayout", "synopsis", "address")
"""Where the text keeps its lines as written: printed as code lines, never hyphenated."""


def long_words(document: Document) -> list[Finding]:
    """A warning for each word longer than `limits.LONGEST_WORD`: the print does not give it
    to the hyphenator, and breaks it every 40 characters instead."""
    findings = []
    for element in document.root.iter():
        if not isinstance(element.tag, str) or element.tag in VERBATIM:
            continue
        for text in (element.text,) + tuple(
            child.tail for child in element if child.tail and isinstance(child.tag, str)
        ):
            word = limits.LONG_WORD.search(text or "")
            if word is None or any(a.tag in VERBATIM for a in element.iterancestors()):
                continue
            message = (
                f"a word of {len(word[0])} characters, more than {limits.LONGEST_WORD} "
                "(rulebook.limits.LONGEST_WORD): the PDF does not hyphenate it, and breaks it "
                "every 40 characters"
            )
            findings.append(
                finding_at(
                    document, element, "limit", message, key=word[0][:20], severity="warning"
                )
            )
    return findings
