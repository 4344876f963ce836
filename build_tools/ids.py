"""The ids of a tree, by one walk: which elements carry each id, in document order.

On the reading floor so that the reader (an XInclude's `xpointer`, the bound on what
cross-references write) reads ids as the model does; `model.ids` keeps them per book
(`id_map`, `id_carriers`): every floor above asks it.
"""

from __future__ import annotations

from lxml import etree

XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
"""`xml:id`, which an XPointer may name where DocBook 4 writes `id`."""


def carriers(root: etree._Element, attribute: str = "id") -> dict[str, list[etree._Element]]:
    """Id → every element under `root` (itself included) that carries it as `attribute`, in
    document order: the first names it, the others are duplicates. Walked again at each call
    (the reader asks it of trees it is still changing); `model.ids` keeps a book's."""
    found: dict[str, list[etree._Element]] = {}
    for element in root.iter():
        if isinstance(element.tag, str):
            identifier = element.get(attribute)
            if identifier:
                found.setdefault(identifier, []).append(element)
    return found


def first_carriers(root: etree._Element, attribute: str = "id") -> dict[str, etree._Element]:
    """Id → the element it names: the first in document order that carries it."""
    return {identifier: elements[0] for identifier, elements in carriers(root, attribute).items()}
