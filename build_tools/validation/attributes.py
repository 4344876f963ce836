"""Attribute values that reach a page: links by their scheme, lengths as lengths, files by the gate.

What this check refuses, the renderers never write as it is: a refused link
is shown as its words, a refused length is left out, a refused file is
replaced by its text alternative.
"""

from __future__ import annotations

from build_tools import resources
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
FILES = {
    "imagedata": "fileref",
    "graphic": "fileref",
    "inlinegraphic": "fileref",
    "videodata": "fileref",
    "audiodata": "fileref",
    "textdata": "fileref",
}
"""Elements whose attribute names a file of the book."""


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
                    "https, mailto and relative URLs): its words are shown without a link",
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
                gate.file(reference, document.file_of(element))
            except resources.Refused as refusal:
                findings.append(
                    finding_at(
                        document,
                        element,
                        "refused-access",
                        f"refused to read {refusal}: its text alternative is shown instead",
                        key=reference[:60],
                        attribute=FILES[name],
                    )
                )
    return findings
