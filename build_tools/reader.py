"""Read a DocBook book safely into one tree where every element knows its file and line.

The reader never touches the network and never opens a file outside the
book's folder: external entities, DTD parts and XIncludes that point elsewhere
are refused with a finding. The DocBook DTD itself, when installed (Debian
`docbook-xml`), is the one exception: it is read from the system, so the
entities it defines work, and it is only ever read, never included as text.

Over 600 lines, for a reason: every check on what a book makes the reader
open (the gate's refusals, xml:base, the include bounds, the bytes against
their encoding) stays beside the parsing it guards, in one module to audit.
"""

from __future__ import annotations

import functools
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote, urlparse

from lxml import etree

from build_tools import limits
from build_tools.diagnostics import Finding, at_line, source_line
from build_tools.encoding import mismatch
from build_tools.entity_files import mark_entity_files
from build_tools.resources import Gate, Refused, open_regular
from build_tools.resources import inside as _inside
from build_tools.resources import resolved as _resolved
from build_tools.xpointer import pointed

XINCLUDE_NAMESPACES = (
    "http://www.w3.org/2001/XInclude",
    "http://www.w3.org/2003/XInclude",  # the draft namespace some DocBook 4 sources still use
)
XML_BASE = "{http://www.w3.org/XML/1998/namespace}base"
DOCBOOK_PUBLIC_ID = re.compile(r"-//OASIS//DTD DocBook XML V(?P<version>[\d.]+)//EN")
DOCBOOK_DTD_FOLDERS = (
    "/usr/share/xml/docbook/schema/dtd/{version}",
    "/usr/share/sgml/docbook/dtd/xml/{version}",
)
SYSTEM_ENTITY_FOLDERS = ("/usr/share/xml/entities",)
"""The ISO entity sets that the DocBook DTD loads (Debian's xml-core layout)."""


class UnreadableBook(Exception):
    """The book cannot be read at all; `findings` say why and where."""

    def __init__(self, findings: list[Finding]):
        super().__init__("; ".join(f.message for f in findings))
        self.findings = findings


@dataclass
class Document:
    """A book read into one tree, XIncludes resolved."""

    folder: Path
    main: Path
    tree: etree._ElementTree
    files: list[Path]
    findings: list[Finding] = field(default_factory=list)
    docbook_version: str | None = None
    _by_line: dict | None = field(default=None, repr=False, compare=False)
    _ranks: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def root(self) -> etree._Element:
        return self.tree.getroot()

    def file_of(self, element: etree._Element) -> Path:
        """The source file an element was read from, through XIncludes."""
        return _base_file(element, self.main)

    def locate(
        self, element: etree._Element, attribute: str | None = None
    ) -> tuple[Path, int, int]:
        """File, line and column of `element`'s start tag (or of one of its attributes).

        libxml2 records the line where a start tag ends; when the tag spans
        lines, the lines above are searched for where it (or the attribute) begins.
        """
        path = self.file_of(element)
        line = element.sourceline or 0
        if not line or not isinstance(element.tag, str):
            return path, line, 0
        needle = f"{attribute}=" if attribute else "<" + etree.QName(element).localname
        for candidate in range(line, max(0, line - 10), -1):
            found = _occurrences(source_line(path, candidate), needle)
            if found:
                # Two <xref linkend=…> on one line: point at this one, not the first.
                rank = (
                    self._rank_on_line(element, attribute, path, line) if candidate == line else 0
                )
                return path, candidate, found[min(rank, len(found) - 1)] + 1
        return path, line, 1

    def _rank_on_line(
        self, element: etree._Element, attribute: str | None, path: Path, line: int
    ) -> int:
        """How many elements of its tag (or with `attribute`) come before `element` on its line."""
        key = (path, line, attribute)
        if key not in self._ranks:
            ranks, counts = {}, {}
            for other in self._elements_on(path, line):
                kind = None if attribute else other.tag
                if attribute and other.get(attribute) is None:
                    continue
                ranks[other] = counts.get(kind, 0)
                counts[kind] = ranks[other] + 1
            self._ranks[key] = ranks
        return self._ranks[key].get(element, 0)

    def _elements_on(self, path: Path, line: int) -> list[etree._Element]:
        """The elements whose start tag libxml2 placed on `line` of `path`, in document order."""
        if self._by_line is None:
            self._by_line = {}
            for node in self.root.iter():
                if isinstance(node.tag, str) and node.sourceline:
                    key = (self.file_of(node), node.sourceline)
                    self._by_line.setdefault(key, []).append(node)
        return self._by_line.get((path, line), [])


@functools.lru_cache(maxsize=4096)
def _occurrences(text: str, needle: str) -> list[int]:
    """Where `needle` starts in `text`, every time."""
    return [match.start() for match in re.finditer(re.escape(needle), text)]


def read_book(main: Path) -> Document:
    """Parse `main` and everything it includes, inside the folder that holds it.

    The folder is the one `main` is in as named, not the one a link leads to: a
    book.xml that links outside its folder (to /etc/passwd, say) is refused
    before anything of it is read, let alone quoted in a finding.
    """
    named = Path(main).absolute()
    folder = named.parent.resolve()
    main = _resolved(named) or named
    if not _inside(main, folder):
        raise UnreadableBook(
            [
                Finding(
                    "fatal",
                    "refused-access",
                    f"refused to read {named.name!r}: it links to {main}, outside the "
                    f"book's folder ({folder})",
                    file=named,
                    key=named.name,
                )
            ]
        )
    refusals: list[Finding] = []
    parsers = _Parsers(_parser(folder, refusals), _parser(folder, refusals, docbook=False))
    files, spent = [main], [0]  # spent: the bytes read so far, against limits.INCLUDED_BYTES
    tree = _parse(main, parsers, refusals, spent, folder)
    if _fatal(refusals):  # before the entities' files are read again to place their elements
        raise UnreadableBook(_fatal(refusals))
    mark_entity_files(tree, main, _BookResolver(folder, []), Gate(folder))
    _include(tree.getroot(), main, folder, parsers, refusals, files, [main], spent)
    if _fatal(refusals):
        raise UnreadableBook(_fatal(refusals))
    beyond = limits.beyond(tree.getroot())
    if beyond is not None:
        element, message = beyond
        file, line = _base_file(element, main), element.sourceline or 0
        raise UnreadableBook(
            [at_line(Finding("fatal", "limit", message, file=file, line=line, key=message))]
        )
    return Document(
        folder=folder,
        main=main,
        tree=tree,
        files=files,
        findings=refusals,
        docbook_version=_docbook_version(tree),
    )


def docbook_dtd(version: str | None) -> Path | None:
    """The local DocBook 4.x DTD for `version`, if it is installed."""
    if not version:
        return None
    for folder in DOCBOOK_DTD_FOLDERS:
        candidate = Path(folder.format(version=version)) / "docbookx.dtd"
        if candidate.is_file():
            return candidate
    return None


class _BookResolver(etree.Resolver):
    """Lets the parser open files inside the book's folder and the DocBook DTD, nothing else.

    Without `docbook`, the DocBook DTD reads as empty: for a file whose tree it would change
    in nothing (`_dtd_needed`), while its own internal subset is read as ever.
    """

    def __init__(self, folder: Path, refusals: list[Finding], docbook: bool = True):
        super().__init__()
        self.folder = folder
        self.gate = Gate(folder)
        self.refusals = refusals
        self.docbook = docbook

    def resolve(self, url, public_id, context):
        version = _docbook_version_of(public_id, url)
        if version is not None:
            dtd = docbook_dtd(version) if self.docbook else None
            return (
                self.resolve_filename(str(dtd), context)
                if dtd
                else self.resolve_string("", context)
            )
        path = _local_path(url)
        allowed = path is not None and self.gate.allows(path)
        if allowed and not path.is_file():
            # libxml2 would only warn, and the entity's text would silently vanish.
            self.refusals.append(
                Finding(
                    "fatal",
                    "missing-file",
                    f"the external entity or DTD file {path.name!r} does not exist "
                    f"(looked for at {path})",
                    key=str(path.relative_to(self.folder.resolve())),
                )
            )
            return self.resolve_string("", context)
        if path is not None and (allowed or _in_docbook_dtd(url)):
            return None
        self.refusals.append(
            Finding(
                "fatal",
                "refused-access",
                f"refused to read {url!r}: a book may only read files inside its folder "
                f"({self.folder}), and never the network",
                key=str(url),
            )
        )
        return self.resolve_string("", context)


class _Parsers(NamedTuple):
    """The parsers of one book: `full` loads a file's DTD as it asks; `own_subset` reads its
    internal subset but not the DocBook DTD (`_BookResolver`'s `docbook`)."""

    full: etree.XMLParser
    own_subset: etree.XMLParser


def _parser(folder: Path, refusals: list[Finding], docbook: bool = True) -> etree.XMLParser:
    parser = etree.XMLParser(
        load_dtd=True,
        no_network=True,
        resolve_entities=True,
        huge_tree=False,
        attribute_defaults=False,
        remove_blank_text=False,
    )
    parser.resolvers.add(_BookResolver(folder, refusals, docbook))
    return parser


def _parse(
    path: Path,
    parsers: _Parsers,
    refusals: list[Finding],
    spent: list[int],
    folder: Path,
    where: dict | None = None,
) -> etree._ElementTree:
    """Parse one file of the book (after checking its size and its bytes), its xml:base checked.

    `where` is the xi:include that names the file, for a finding about its size.
    """
    before = len(refusals)
    used = parsers.full
    try:
        raw = _check_bytes(path, spent, where)
        _check_entity_texts(raw, path, folder)
        used = {"none": _WITHOUT_DTD, "own": parsers.own_subset}.get(_dtd_needed(raw), parsers.full)
        tree = etree.fromstring(raw, used, base_url=str(path)).getroottree()
        _check_bases(tree.getroot(), path, folder, refusals)
        return tree
    except OSError as error:
        cause = error.strerror or str(error)
        raise UnreadableBook(
            [Finding("fatal", "missing-file", f"cannot read {path}: {cause}", file=path)]
        ) from None
    except etree.XMLSyntaxError as error:
        raise UnreadableBook(
            _syntax_findings(error, path, used.error_log) + _fatal(refusals)
        ) from None
    finally:
        for refusal in refusals[before:]:
            _place_refusal(refusal, path)


def _check_bytes(path: Path, spent: list[int], where: dict | None) -> None:
    """Refuse a file that is a folder, too large for the book, or not in its declared encoding."""
    if path.is_dir():
        raise UnreadableBook(
            [Finding("fatal", "missing-file", f"{path} is a folder, not a file", file=path)]
        )
    if path.exists() and not path.is_file():  # a pipe or a device would be read forever
        raise UnreadableBook(
            [Finding("fatal", "missing-file", f"{path} is not a regular file", file=path)]
        )
    _spend(path, spent, where or {"file": path})
    with open_regular(path) as handle:  # read once, here: the parser is given these bytes
        raw = handle.read(limits.INCLUDED_BYTES + 1)
    wrong = mismatch(raw)
    if wrong is not None:
        message, line, column = wrong
        finding = Finding(
            "fatal", "encoding", message, file=path, line=line, column=column, key=message
        )
        raise UnreadableBook([at_line(finding)])
    return raw


_DOCTYPE = re.compile(rb'<!DOCTYPE\s+[\w:.-]+\s+PUBLIC\s+"([^"]*)"\s+"([^"]*)"\s*([>[])')
_ENTITY_REFERENCE = re.compile(rb"&(?!(?:amp|lt|gt|quot|apos);|#)")
_SPACED_ATTRIBUTE = re.compile(rb'=\s*(?:"(?:\s[^"]*|[^"]*\s|[^"]*\s\s[^"]*)"|\x27)')
_WITHOUT_DTD = etree.XMLParser(
    load_dtd=False, no_network=True, resolve_entities=False, huge_tree=False
)
_DECLARATIONS_ONLY = etree.XMLParser(
    load_dtd=False, no_network=True, resolve_entities=False, huge_tree=False, recover=True
)


_PARAMETER_ENTITY = re.compile(
    rb"""<!ENTITY\s+%\s+([\w.:-]+)\s+(?:SYSTEM|PUBLIC\s+(?:"[^"]*"|'[^']*'))\s+(?:"([^"]*)"|'([^']*)')"""
)


def _check_entity_texts(raw: bytes, path: Path, folder: Path) -> None:
    """Refuse, before the parser opens anything, an entity whose text is a file of the DTD.

    The resolver cannot tell an entity's text from a part of the DTD, and lets the
    installed DocBook DTD's files through: `<!ENTITY x SYSTEM ".../isolat1.ent">` would
    put a system file into the book. Here the declarations of the internal subset are
    read without resolving anything; a general entity's text naming a file of the DTD
    is refused (any other file outside the book, the resolver refuses unread).
    """
    if b"<!ENTITY" not in raw:
        return
    try:
        root = etree.fromstring(raw, _DECLARATIONS_ONLY)
    except etree.XMLSyntaxError:
        return  # the parse proper says what is wrong
    # A parse in recovery mode gives no root for a text it could not make a document of:
    # the parse proper says what is wrong with it.
    subset = root.getroottree().docinfo.internalDTD if root is not None else None
    if subset is None:
        return
    # Both kinds are listed together, a name possibly twice: each declared parameter
    # entity (name and file) takes one of the entries, the others are texts.
    parameters = Counter(
        (name.decode("utf-8", "replace"), (double or single).decode("utf-8", "replace"))
        for name, double, single in _PARAMETER_ENTITY.findall(raw)
    )
    gate, refused = Gate(folder), []
    for entity in subset.iterentities():
        if entity.system_url is None:
            continue
        if parameters[entity.name, entity.system_url] > 0:
            parameters[entity.name, entity.system_url] -= 1
            continue
        if not _in_docbook_dtd(entity.system_url):
            continue  # the resolver refuses the rest without reading it, and says so
        try:
            gate.file(entity.system_url, path)
        except Refused as refusal:
            declared = re.search(rb"<!ENTITY\s+" + re.escape(entity.name.encode()) + rb"\s", raw)
            line = raw.count(b"\n", 0, declared.start()) + 1 if declared else 0
            message = (
                f"refused to read {entity.system_url!r} as the text of entity "
                f"&{entity.name};: {refusal}"
            )
            finding = Finding(
                "fatal", "refused-access", message, file=path, line=line, key=entity.system_url
            )
            refused.append(at_line(finding))
    if refused:
        raise UnreadableBook(refused)


def _dtd_needed(raw: bytes) -> str:
    """What of the file's DTD the parser must load for its tree: "all", "own" (its internal
    subset, not the DocBook DTD) or "none".

    Loading the DocBook DTD costs each file ~18 ms. It matters only for entities
    (beyond XML's five and character references) and for the whitespace of tokenised
    attribute values: a file with neither, after its DOCTYPE (its internal subset included),
    is read without it. Its internal subset, when it has one, is still read (what it declares
    and the files it names, through the resolver as ever); a DOCTYPE that is not DocBook's
    goes through the resolver as ever, which refuses what it must.
    """
    doctype = _DOCTYPE.search(raw, 0, 4096)
    if doctype is None:
        return "all"
    public_id, url = (part.decode("latin-1") for part in doctype.groups()[:2])
    if _docbook_version_of(public_id, url) is None:
        return "all"
    body = doctype.end()
    if _ENTITY_REFERENCE.search(raw, body) or _SPACED_ATTRIBUTE.search(raw, body):
        return "all"
    return "own" if doctype.group(3) == b"[" else "none"


def _spend(path: Path, spent: list[int], where: dict) -> None:
    """Count `path`'s bytes against what a book may read; refuse the book beyond the limit.

    The finding is at `where`: the xi:include that would pass the limit, or the main file.
    """
    size = spent[0] = spent[0] + path.stat().st_size
    if size > limits.INCLUDED_BYTES:
        message = (
            f"with {path.name!r}, the book's files add up to {size} bytes, more than the limit "
            f"of {limits.INCLUDED_BYTES} (rulebook.limits.INCLUDED_BYTES): the book is refused"
        )
        raise UnreadableBook([at_line(Finding("fatal", "limit", message, key="bytes", **where))])


def _check_bases(root: etree._Element, path: Path, folder: Path, refusals: list[Finding]) -> None:
    """Keep an xml:base the author wrote only when it names a place inside the book's folder.

    A finding quotes a line of the file its element was read from, which
    xml:base names: one pointing outside the folder would make rulebook quote
    any file of the machine. It is refused, and its elements stay in `path`.
    """
    gate = Gate(folder)
    for element in root.iter():
        base = element.get(XML_BASE) if isinstance(element.tag, str) else None
        if base is None:
            continue
        parent = element.getparent()
        against = _base_file(parent, path) if parent is not None else path
        if not base.strip():  # the same document: nothing to resolve
            del element.attrib[XML_BASE]
            continue
        try:
            element.set(XML_BASE, str(gate.file(base, against)))
            continue
        except Refused:
            pass
        del element.attrib[XML_BASE]
        refusals.append(
            at_line(
                Finding(
                    "error",
                    "refused-access",
                    f"xml:base={base!r} is outside the book's folder ({folder}): it is ignored",
                    file=path,
                    line=element.sourceline or 0,
                    column=_column_of(path, element.sourceline or 0, "xml:base"),
                    key=base[:60],
                )
            )
        )


def _place_refusal(refusal: Finding, path: Path) -> None:
    """Point a refusal of the resolver, which knows only the URL, at the line that names it.

    The URL may reach the resolver made absolute, so its last part is looked for too.
    """
    if refusal.file is not None:
        return
    refusal.file = path
    url = refusal.key
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
    except OSError:
        return
    name = url.rstrip("/").rsplit("/", 1)[-1]
    # The name alone only where it ends a quoted system literal: "x" is in every '<?xml'.
    for needle in (url, f'{name}"', f"{name}'"):
        for number, text in enumerate(lines, start=1):
            if name and needle in text:
                refusal.line, refusal.column = number, text.index(needle) + 1
                at_line(refusal)
                return


def _syntax_findings(
    error: etree.XMLSyntaxError, path: Path, log: etree._ListErrorLog
) -> list[Finding]:
    """One finding for the first well-formedness error, with the offending line.

    `log` is the parser's own log, which holds this parse only: the exception's
    `error_log` is the thread's global log, with the errors of earlier books too.
    """
    entries = [entry for entry in log if entry.level_name in ("ERROR", "FATAL")]
    entry = entries[0] if entries else None
    file = Path(unquote(urlparse(entry.filename).path)) if entry and entry.filename else path
    line = entry.line if entry else (error.lineno or 0)
    column = entry.column if entry else 0
    if entry is not None and file.name == "<string>":
        # The error is inside the text of an entity being expanded: its line and
        # column count in that text, not in the file, so they would point astray.
        file, line, column = path, 0, 0
    message = (entry.message if entry else str(error)).strip()
    column = _character_column(file, line, column)
    if message.startswith("StartTag: invalid element name") and column > 1:
        # libxml2 points just past the '<' it could not read as a tag: point at the '<'.
        if source_line(file, line)[column - 2 : column - 1] == "<":
            column -= 1
    hint = ""
    if "Entity" in message and "not defined" in message:
        hint = (
            " (entities such as this one are defined by the DocBook DTD: install it, "
            "e.g. Debian's docbook-xml, or declare the entity in the document's internal subset)"
        )
    depth = re.match(r"Excessive depth in document: (\d+)", message)
    if depth:
        message = f"elements are nested more than {depth.group(1)} deep"
        hint = " (beyond what the XML parser allows a book: the book is refused)"
    elif entry is not None and entry.type_name == "ERR_RESOURCE_LIMIT":
        hint = " (beyond what the XML parser allows a book: the book is refused)"
        if "amplification" in message or "entity" in message.lower():
            hint = (
                " (an entity expands to far more text than it is written with, as in a "
                "'billion laughs' attack: the book is refused)"
            )
    finding = Finding(
        "fatal", "not-well-formed", message + hint, file=file, line=line, column=column, key=message
    )
    return [at_line(finding)]


def _include(
    element: etree._Element,
    current: Path,
    folder: Path,
    parsers: _Parsers,
    refusals: list[Finding],
    files: list[Path],
    stack: list[Path],
    spent: list[int],
) -> None:
    """Replace every xi:include under `element` by what it points at, recursively."""
    gate = Gate(folder)
    includes = [
        node
        for namespace in XINCLUDE_NAMESPACES
        for node in element.iter(f"{{{namespace}}}include")
    ]
    for number, include in enumerate(includes):
        base = _base_file(include, current)
        href = include.get("href", "")
        line = include.sourceline or 0
        # Which xi:include of its line this is, so that a finding points at this one.
        rank = sum(1 for other in includes[:number] if other.sourceline == line)
        where = {"file": base, "line": line, "column": _column_of(base, line, "include", rank)}
        # The gate decides; the reader words each refusal for an xi:include.
        try:
            target, refusal = (gate.file(href, base), None) if href else (None, None)
        except Refused as refused:
            target, refusal = None, refused
        if refusal is not None and refusal.kind == "network":
            refusals.append(
                at_line(
                    Finding(
                        "fatal",
                        "refused-access",
                        f"refused to include {href!r}: a book never reads the network",
                        key=href,
                        **where,
                    )
                )
            )
            continue
        if refusal is not None and refusal.kind == "loop":
            refusals.append(
                at_line(
                    Finding(
                        "fatal",
                        "missing-file",
                        f"xi:include target {href!r} is a loop of symbolic links",
                        key=href,
                        **where,
                    )
                )
            )
            continue
        if include.getparent() is None:
            refusals.append(
                at_line(
                    Finding(
                        "fatal",
                        "xinclude",
                        "a file's root element cannot be an xi:include: "
                        f"use {href!r} itself in this file's place",
                        key=href or "root",
                        **where,
                    )
                )
            )
            continue
        pointer = include.get("xpointer")
        if not href:
            refusals.append(
                at_line(
                    Finding(
                        "fatal",
                        "xinclude",
                        "xi:include with only an xpointer (a part of this same file) is not "
                        "supported: name the file with href"
                        if pointer
                        else "xi:include needs an href",
                        key="no-href",
                        **where,
                    )
                )
            )
            continue
        if refusal is not None:
            refusals.append(
                at_line(
                    Finding(
                        "fatal",
                        "refused-access",
                        f"refused to include {href!r}: it is outside the book's folder ({folder})",
                        key=href,
                        **where,
                    )
                )
            )
            continue
        if target in stack:
            refusals.append(
                at_line(
                    Finding(
                        "fatal",
                        "xinclude",
                        f"{href!r} includes itself"
                        if target == base.resolve()
                        else f"{href!r} is already being included here: the includes form a loop",
                        key=href,
                        **where,
                    )
                )
            )
            continue
        if not target.is_file():
            fallback = include.find(f"{{{etree.QName(include).namespace}}}fallback")
            if fallback is not None:
                _replace(include, list(fallback), fallback.text)
                continue
            refusals.append(
                at_line(
                    Finding(
                        "fatal",
                        "missing-file",
                        f"xi:include target {href!r} does not exist",
                        key=href,
                        **where,
                    )
                )
            )
            continue
        _check_include_bounds(href, where, files, stack)
        files.append(target)
        if include.get("parse", "xml") == "text":
            encoding = include.get("encoding", "utf-8")
            _spend(target, spent, where)
            try:
                text = target.read_text(encoding=encoding)
            except (UnicodeDecodeError, LookupError) as error:
                refusals.append(
                    at_line(
                        Finding(
                            "fatal",
                            "xinclude",
                            f"cannot read {href!r} as text in {encoding!r}: {error} "
                            "(give its encoding with the encoding attribute)",
                            key=href,
                            **where,
                        )
                    )
                )
                continue
            _replace(include, [], text)
            continue
        included = _parse(target, parsers, refusals, spent, folder, where).getroot()
        if pointer:
            selected = pointed(included, pointer)
            if selected is None:
                refusals.append(
                    at_line(
                        Finding(
                            "fatal",
                            "xinclude",
                            f"xi:include xpointer={pointer!r} selects no element of {href!r} "
                            "(an id, element(id/1/2) and element(/1/2) are understood)",
                            key=f"{href}#{pointer}",
                            **where,
                        )
                    )
                )
                continue
            included = selected
        included.set(XML_BASE, str(target))
        _include(included, target, folder, parsers, refusals, files, stack + [target], spent)
        _replace(include, [included], None)


def _check_include_bounds(href: str, where: dict, files: list[Path], stack: list[Path]) -> None:
    """Refuse the book when one more include goes deeper or further than `limits` allow."""
    message = None
    if len(stack) > limits.INCLUDE_DEPTH:
        message = (
            f"xi:include {href!r} is {len(stack)} includes deep, beyond the limit of "
            f"{limits.INCLUDE_DEPTH} (rulebook.limits.INCLUDE_DEPTH): the book is refused"
        )
    elif len(files) > limits.INCLUDES:
        message = (
            f"xi:include {href!r} is include number {len(files)}, beyond the limit of "
            f"{limits.INCLUDES} per book (rulebook.limits.INCLUDES): the book is refused"
        )
    if message is not None:
        raise UnreadableBook([at_line(Finding("fatal", "limit", message, key=href, **where))])


def _replace(node: etree._Element, elements: list[etree._Element], text: str | None) -> None:
    """Put `elements` (preceded by `text`) where `node` is, keeping the text after it."""
    parent = node.getparent()
    tail = node.tail
    if text:
        previous = node.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + text
        else:
            parent.text = (parent.text or "") + text
    index = parent.index(node)
    parent.remove(node)
    for offset, element in enumerate(elements):
        parent.insert(index + offset, element)
    if tail:
        if elements:
            elements[-1].tail = (elements[-1].tail or "") + tail
        else:
            previous = parent[index - 1] if index > 0 else None
            if previous is not None:
                previous.tail = (previous.tail or "") + tail
            else:
                parent.text = (parent.text or "") + tail


def _base_file(element: etree._Element, default: Path) -> Path:
    node = element
    while node is not None:
        base = node.get(XML_BASE)
        if base is not None:
            return Path(base)
        node = node.getparent()
    return default


def _docbook_version(tree: etree._ElementTree) -> str | None:
    info = tree.docinfo
    return _docbook_version_of(info.public_id, info.system_url)


def _docbook_version_of(public_id: str | None, url: str | None) -> str | None:
    """The DocBook version a DOCTYPE asks for, from its public id, else from its system path."""
    match = DOCBOOK_PUBLIC_ID.fullmatch(public_id or "")
    if match and match["version"] != "4":
        return match["version"]
    if url and url.endswith("docbookx.dtd"):
        found = re.search(r"/(\d+(?:\.\d+)*)/docbookx\.dtd$", url)
        if found:
            return found.group(1)
        return match["version"] if match else "4.5"
    return match["version"] if match else None


def _in_docbook_dtd(url: str) -> bool:
    """Whether `url` names one of the files of an installed DocBook DTD.

    The path is taken as written, not with its links followed: Debian's DTD
    folder links to the ISO entity sets and to /etc/sgml, and those are part
    of the DTD too.
    """
    path = Path(os.path.normpath(unquote(urlparse(url).path)))
    return path.suffix in (".mod", ".dtd", ".ent") and any(
        path.is_relative_to(folder.format(version=""))
        for folder in DOCBOOK_DTD_FOLDERS + SYSTEM_ENTITY_FOLDERS
    )


def _local_path(url: str | None) -> Path | None:
    if not url:
        return None
    parsed = urlparse(url)
    if parsed.scheme in ("", "file"):
        path = Path(unquote(parsed.path))
        return _resolved(path) or path.absolute()
    return None


def _fatal(findings: list[Finding]) -> list[Finding]:
    return [finding for finding in findings if finding.severity == "fatal"]


def _column_of(path: Path, line: int, name: str, rank: int = 0) -> int:
    """The column of the start tag (its '<') of the `rank`-th element `name` on `line`, or 0."""
    text = source_line(path, line)
    index = text.find(name)
    if index < 0:
        return 0
    for _ in range(rank):
        following = text.find(name, index + 1)
        if following < 0:
            break
        index = following
    start = text.rfind("<", 0, index)
    return (start if start >= 0 else index) + 1


def _character_column(path: Path, line: int, column: int) -> int:
    """Authors count columns in characters; older libxml2 releases count them in bytes."""
    text = source_line(path, line)
    if not text or column <= 0 or not _libxml2_counts_bytes():
        return column
    encoded = text.encode("utf-8")
    return len(encoded[: column - 1].decode("utf-8", errors="ignore")) + 1


@functools.cache
def _libxml2_counts_bytes() -> bool:
    """Whether the libxml2 in use gives error columns in bytes rather than characters.

    It changed between releases, so ask it: 'é' is one character and two bytes.
    """
    parser = etree.XMLParser()
    try:
        etree.fromstring("<a>é<</a>".encode(), parser)
    except etree.XMLSyntaxError:
        pass
    columns = [entry.column for entry in parser.error_log]
    return bool(columns) and columns[0] == len("<a>é<".encode()) + 1


def main_file(folder: Path) -> Path | None:
    """A folder's main file: `book.xml`, else its only top-level `.xml` file.

    A folder that cannot be listed (no permission) raises its OSError, which
    the command reports in one line, rather than looking empty.
    """
    os.listdir(folder)
    if (folder / "book.xml").is_file():
        return folder / "book.xml"
    candidates = sorted(folder.glob("*.xml"))
    return candidates[0] if len(candidates) == 1 else None
