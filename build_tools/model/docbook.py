"""DocBook facts the engine shares: kinds of elements, titles, how a passage is named."""

from __future__ import annotations

import functools

from lxml import etree

from build_tools.model.ids import id_map

EXAMPLES = ("example", "informalexample")
SECTIONS = ("section", "sect1", "sect2", "sect3", "sect4", "sect5", "simplesect")
TABLES = ("table", "informaltable")
DIVISIONS = ("book", "part", "preface", "chapter", "appendix", "glossary", "bibliography", "index")


def normalize(text: str) -> str:
    """`text` with whitespace collapsed and typographic apostrophes plain, for comparing."""
    return " ".join(text.replace("’", "'").split())


def text_of(element: etree._Element | None) -> str:
    """All the text under `element`, normalised (see `normalize`)."""
    if element is None:
        return ""
    return normalize("".join(element.itertext()))


def title_of(element: etree._Element) -> str:
    """The title of a titled element (its glossterm for a glossentry), or '': its words as
    a reader sees them, without its footnotes or index terms."""
    title = element.find("title")
    if title is None and element.tag == "glossentry":
        title = element.find("glossterm")
    if title is None:
        title = element.find("bookinfo/title")
    if title is None:
        return ""
    return normalize("".join(reading_texts(title)))


def reading_texts(node: etree._Element):
    """The text of `node` in reading order, leaving out footnotes, remarks and index terms."""
    if node.text:
        yield node.text
    for child in node:
        if isinstance(child.tag, str) and child.tag not in ("footnote", "indexterm", "remark"):
            yield from reading_texts(child)
        if child.tail:
            yield child.tail


UNREAD = ("footnote", "indexterm", "remark")
"""What a reader does not see in the run of the text: notes, index terms, authors' remarks."""

GLOSS_SEPARATOR = " — "
"""What a reader reads between a glossary entry's term and its definition (the page sets them
apart; quoted in a run of words, a dash keeps « compagnon — Un niveau … » from reading as one
sentence, in any language)."""


def around_in_entry(entry: etree._Element, child: etree._Element) -> tuple[str, str]:
    """The words a reader reads before and after `child` of `entry` that the source does not
    write: in a glossentry, its acronym or abbreviation in brackets after the term
    (« cible à atteindre (CA) »), and the dash before its (first) definition; in a variable
    list's entry, the dash between its terms and their description; ('', '') elsewhere."""
    if entry.tag == "varlistentry":  # « terme — description », as a reader reads a list's
        return (GLOSS_SEPARATOR, "") if child is entry.find("listitem") else ("", "")
    if entry.tag != "glossentry":
        return "", ""
    if child.tag in ("acronym", "abbrev"):
        return " (", ")"
    if child.tag in ("glossdef", "glosssee"):
        first = next(
            node
            for node in entry
            if isinstance(node.tag, str) and node.tag in ("glossdef", "glosssee")
        )
        return (GLOSS_SEPARATOR, "") if child is first else ("", "")
    return "", ""


def cross_reference_words(xref: etree._Element) -> str:
    """What a reader sees for an empty xref: the endterm's text, a glossary term, or a title."""
    root = xref.getroottree().getroot()
    ids = id_map(root)
    identifier = xref.get("endterm") or ""
    if identifier not in ids:
        identifier = xref.get("linkend") or ""
    if identifier not in ids:
        return ""
    # Made once per target, as `id_map` is once per tree: every reading of a passage asks.
    words = _target_words(root)
    if identifier not in words:
        words[identifier] = _words_of_target(ids[identifier])
    return words[identifier]


@functools.lru_cache(maxsize=8)
def _target_words(root: etree._Element) -> dict[str, str]:
    return {}


def _words_of_target(target: etree._Element) -> str:
    label = _label_of(target)
    return "".join(label.itertext()) if label is not None else ""


def _label_of(target: etree._Element) -> etree._Element | None:
    """What an empty xref to `target` reads: a glossary entry's term, else its title, else
    the target itself (None for a glossary entry without a term)."""
    if target.tag == "glossentry":
        return target.find("glossterm")
    title = target.find("title")
    return title if title is not None else target


def cross_reference_target(root: etree._Element, words: str) -> str | None:
    """The id of the one element an empty xref to which reads `words` (a glossary term, a
    title), as `cross_reference_words` reads it; None when none does, or several."""
    wanted = " ".join(words.split())
    found = []
    for identifier, target in id_map(root).items():
        label = _label_of(target)
        if label is not None and " ".join("".join(label.itertext()).split()) == wanted:
            found.append(identifier)
    return found[0] if len(found) == 1 else None


def words_of(node: etree._Element | None, left_out: tuple[str, ...] = UNREAD) -> str:
    """The words of `node` as a reader sees them, normalised: an empty cross-reference reads
    as its target's words (« la somme de l'aspect et d'un moyen »), a glossary entry its term,
    then a dash, then its definition (`around_in_entry`), and the elements of `left_out`
    (notes, index terms, remarks) are not read. The one text of an element that quotations,
    excerpts and search entries show ('' for no element)."""
    if node is None:
        return ""
    return " ".join("".join(text for text, _ in _pieces(node, left_out)).split())


def as_read(element: etree._Element, plain: str) -> str:
    """The words a reader sees where `text_of(element)` reads `plain`: the same stretch with
    the words of its cross-references put back (`plain` itself when it is not found)."""
    pieces = list(_pieces(element, ()))
    if not any(generated for _, generated in pieces):
        # No cross-reference's words: the reader's text is the element's own, and the
        # stretch read is `plain` normalised (the character walk below would give the same).
        wanted = normalize(plain)
        own = normalize("".join(text for text, _ in pieces))
        return wanted if plain.strip() and wanted in own else plain
    characters: list[str] = []
    linked: list[bool] = []
    for text, generated in pieces:
        characters.extend(text)
        linked.extend([generated] * len(text))
    # The reader's text, normalised as `normalize` does, each character marked linked or not.
    read: list[tuple[str, bool]] = []
    for character, generated in zip(characters, linked, strict=True):
        character = "'" if character == "’" else character
        if character.isspace():
            if read and read[-1][0] != " ":
                read.append((" ", generated))
        else:
            read.append((character, generated))
    # The same without the linked words: the text `plain` was found in, and where each of
    # its characters stands in the reader's.
    own, at = [], []
    for position, (character, generated) in enumerate(read):
        if generated or (character == " " and own and own[-1] == " "):
            continue
        own.append(character)
        at.append(position)
    start = "".join(own).find(normalize(plain))
    if start < 0 or not plain.strip():
        return plain
    end = start + len(normalize(plain)) - 1
    return "".join(character for character, _ in read[at[start] : at[end] + 1]).strip()


def _pieces(node: etree._Element, left_out: tuple[str, ...]):
    """The text of `node` in reading order, each piece with whether it is a cross-reference's
    words rather than the node's own."""
    if node.tag == "xref" and not len(node) and not node.text:
        yield cross_reference_words(node), True
    if node.text:
        yield node.text, False
    for child in node:
        if isinstance(child.tag, str) and child.tag not in left_out:
            before, after = around_in_entry(node, child)
            if before:
                yield before, True
            yield from _pieces(child, left_out)
            if after:
                yield after, True
        if child.tail:
            yield child.tail, False


def where_of(element: etree._Element) -> str:
    """How a finding names a passage: its kind and its title, « as the book writes it »."""
    kind = {
        "informalexample": "example",
        "informaltable": "table",
        "glossentry": "glossary",
        "para": "paragraph",
        "simpara": "paragraph",
    }.get(element.tag, "section" if element.tag in SECTIONS else element.tag)
    title = title_of(element)
    if not title:
        text = text_of(element)
        title = text[:50] + ("…" if len(text) > 50 else "")
    return f"{kind} « {title} »"


def enclosing(element: etree._Element) -> str:
    """The name of the nearest titled ancestor-or-self: example, table, section, chapter…"""
    for node in (element, *element.iterancestors()):
        if not isinstance(node.tag, str):
            continue
        if node.tag in EXAMPLES + TABLES + SECTIONS + DIVISIONS + (
            "glossentry",
            "formalpara",
            "figure",
        ):
            if title_of(node):
                return where_of(node)
    return ""
