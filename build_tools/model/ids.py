"""The book's ids: which element each id names, by one rule (the first element that carries it).

The walk is the reading floor's (`build_tools.ids`), which the reader uses too: here each
book's map is made once and shared.
"""

from __future__ import annotations

import functools

from lxml import etree

from build_tools.ids import carriers


@functools.lru_cache(maxsize=8)
def id_map(root: etree._Element) -> dict[str, etree._Element]:
    """Id → the element it names: the first in document order that carries it.

    A second element with the same id is a `duplicate-id` finding (validation) and
    names nothing: a link to that id goes to the first, in the check as in the page.
    Made once per tree, as `id_carriers` is (every empty xref the check reads asks for it):
    the map is shared, never to be changed.
    """
    return {identifier: carriers[0] for identifier, carriers in id_carriers(root).items()}


@functools.lru_cache(maxsize=8)
def id_carriers(root: etree._Element) -> dict[str, list[etree._Element]]:
    """Id → every element that carries it, in document order (more than one: a duplicate)."""
    return carriers(root)
