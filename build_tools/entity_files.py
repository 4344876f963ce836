"""Which file each element came from when a book is joined by external (SYSTEM) entities.

libxml2 expands `&chapter1;` in place and keeps the line numbers of the
entity's file, but not its name: a finding would name the main file with the
line of the other. This module parses the book a second time with entities
left as references, walks both trees side by side, and marks the first
element of each entity's text with `xml:base` (as XInclude does), so
`Document.file_of` and `Document.locate` name the right file. It runs only
for a book whose internal subset declares an external entity.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlparse

from lxml import etree

from build_tools.resources import Gate, Refused, read_bytes

XML_BASE = "{http://www.w3.org/XML/1998/namespace}base"
_TEXT_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")


def mark_entity_files(
    tree: etree._ElementTree, main: Path, resolver: etree.Resolver, gate: Gate
) -> None:
    """Give the elements that came from an external entity the `xml:base` of its file.

    Only files `gate` allows are read again (the book's own): what it refuses was
    refused by the reader already, and is never opened here.
    """
    subset = tree.docinfo.internalDTD
    if subset is None:
        return
    parameters = _parameter_entities(main, gate)
    external = {}
    for entity in subset.iterentities():
        path = _local(entity.system_url, main)
        if path is not None and path not in parameters and gate.allows(path):
            external[entity.name] = path
    if not external:
        return
    marker = _Marker(tree, main, external, resolver, gate)
    try:
        raw = etree.parse(str(main), marker.parser())
    except (etree.XMLSyntaxError, OSError):
        return  # the locations stay those libxml2 gives; the book itself was read
    marker.walk(tree.getroot(), raw.getroot())


class _Marker:
    def __init__(self, tree, main: Path, external: dict[str, Path], resolver, gate) -> None:
        self.gate = gate
        self.tree = tree
        self.main = main
        self.external = external
        self.resolver = resolver
        self.parsed: dict[str, list[tuple[etree._Element, Path | None]]] = {}

    def parser(self) -> etree.XMLParser:
        parser = etree.XMLParser(
            load_dtd=True, resolve_entities=False, no_network=True, huge_tree=False
        )
        parser.resolvers.add(self.resolver)
        return parser

    def walk(self, resolved: etree._Element, raw: etree._Element, depth: int = 0) -> bool:
        """Mark the children of `resolved` from the references in `raw`; False when the two
        trees stop matching (then nothing more is marked)."""
        if depth > 200:
            return False
        children = [child for child in resolved if isinstance(child.tag, str)]
        position = 0
        for child in raw:
            if isinstance(child, etree._Entity):
                elements = self.elements_of(child.name, depth)
                if elements is None:
                    return False
                for element, path in elements:
                    if position >= len(children) or children[position].tag != element.tag:
                        return False
                    if path is not None and XML_BASE not in children[position].attrib:
                        children[position].set(XML_BASE, str(path))
                    if not self.walk(children[position], element, depth + 1):
                        return False
                    position += 1
            elif isinstance(child.tag, str):
                if position >= len(children) or children[position].tag != child.tag:
                    return False
                if not self.walk(children[position], child, depth + 1):
                    return False
                position += 1
        return True

    def elements_of(self, name: str, depth: int) -> list[tuple[etree._Element, Path | None]] | None:
        """The top elements of entity `name`'s text, each with the file it is written in
        (its own entities left as references inside them); None when it cannot be told."""
        if name in self.parsed:
            return self.parsed[name]
        path = self.external.get(name)
        if path is None:
            # an internal entity: a character, a few words, or a little markup (a link)
            declared = self.tree.docinfo.internalDTD.iterentities()
            entity = next((e for e in declared if e.name == name), None)
            if entity is None or "<" not in (entity.content or ""):
                self.parsed[name] = []
                return []
            text = entity.content
        else:
            try:
                raw = read_bytes(path, self.gate.folder, "INCLUDED_BYTES")
                text = _TEXT_DECLARATION.sub("", raw.decode("utf-8-sig"), count=1)
            except (OSError, UnicodeDecodeError, Refused):
                return None
        declarations = "".join(
            f'<!ENTITY {entity} SYSTEM "{other.as_uri()}">'
            for entity, other in self.external.items()
        ) + "".join(
            _internal_declaration(declared)
            for declared in self.tree.docinfo.internalDTD.iterentities()
            if declared.name not in self.external and declared.content is not None
        )
        info = self.tree.docinfo
        identifiers = (
            f' PUBLIC "{info.public_id}" "{info.system_url}"'
            if info.public_id and info.system_url
            else ""
        )
        source = f"<!DOCTYPE wrapper{identifiers} [{declarations}]><wrapper>{text}</wrapper>"
        try:
            wrapper = etree.fromstring(
                source.encode("utf-8"), self.parser(), base_url=str(path or self.main)
            )
        except etree.XMLSyntaxError:
            return None
        flat = []
        for node in wrapper:
            if isinstance(node, etree._Entity):
                inner = self.elements_of(node.name, depth + 1) if depth < 50 else None
                if inner is None:
                    return None
                flat.extend(inner)
            elif isinstance(node.tag, str):
                flat.append((node, path))
        self.parsed[name] = flat
        return flat


_PARAMETER = re.compile(
    r"""<!ENTITY\s+%\s+[\w.:-]+\s+(?:SYSTEM|PUBLIC\s+(?:"[^"]*"|'[^']*'))\s+(?:"([^"]*)"|'([^']*)')"""
)


def _parameter_entities(main: Path, gate: Gate, depth: int = 0) -> set[Path]:
    """The files of the parameter entities (`<!ENTITY % x SYSTEM "x.ent">`) of the book's
    subset, and of those they declare: declarations, not text, so never marked as a file's.
    Only files `gate` allows are read."""
    found: set[Path] = set()
    try:
        raw = read_bytes(main, gate.folder, "INCLUDED_BYTES")
    except (OSError, Refused):
        return found
    text = raw.decode("utf-8-sig", errors="replace")
    if depth == 0:
        text = text.split("]>", 1)[0]  # the internal subset only
    for match in _PARAMETER.finditer(text):
        path = _local(match.group(1) or match.group(2), main)
        if path is not None and path not in found and depth < 10:
            found.add(path)
            found |= _parameter_entities(path, gate, depth + 1)
    return found


def _internal_declaration(entity) -> str:
    """The declaration of an internal entity, its text quoted with the quote it lacks."""
    quote = '"' if '"' not in entity.content else "'"
    if quote in entity.content:
        return ""
    return f"<!ENTITY {entity.name} {quote}{entity.content}{quote}>"


def _local(url: str | None, main: Path) -> Path | None:
    if not url:
        return None
    parsed = urlparse(url)
    if parsed.scheme not in ("", "file"):
        return None
    path = Path(unquote(parsed.path))
    return (main.parent / path).resolve() if not path.is_absolute() else path.resolve()
