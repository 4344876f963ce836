"""The element an XInclude's `xpointer` names inside the file it includes."""

from __future__ import annotations

import re

from lxml import etree

from build_tools.ids import XML_ID, first_carriers


def pointed(root: etree._Element, pointer: str) -> etree._Element | None:
    """The element an XPointer names: `id`, `element(id/1/2)`, `element(/1/2)`,
    `xpointer(id('id'))`; None when it names none (or uses another scheme)."""
    pointer = pointer.strip()
    named = re.fullmatch(r"xpointer\(\s*id\(\s*['\"]([^'\"]+)['\"]\s*\)\s*\)", pointer)
    if named:
        pointer = named.group(1)
    scheme = re.fullmatch(r"element\(([^)]*)\)", pointer)
    steps = (scheme.group(1) if scheme else pointer).split("/")
    if not scheme and len(steps) != 1:
        return None
    node = None
    if steps[0]:
        node = first_carriers(root).get(steps[0])
        if node is None:
            node = first_carriers(root, XML_ID).get(steps[0])
    for position, step in enumerate(steps[1:]):
        if not (step.isascii() and step.isdigit()):
            return None
        if node is None and position == 0 and not steps[0]:
            node = root if step == "1" else None
            continue
        if node is None:
            return None
        children = [child for child in node if isinstance(child.tag, str)]
        index = int(step) - 1
        node = children[index] if 0 <= index < len(children) else None
    return node
