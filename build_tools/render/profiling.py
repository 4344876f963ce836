"""Profiling: which elements an edition leaves out, by their `userlevel` and `condition`.

DocBook profiling as docbook-xsl does it: an attribute holds values separated
by « ; »; an element whose attribute shares no value with those asked for is
left out, with everything inside it. An element without the attribute, or an
edition that asks for nothing, keeps everything.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

ATTRIBUTES = ("userlevel", "condition")


@dataclass(frozen=True)
class Profile:
    """The values an edition asks for (None: no profiling on that attribute)."""

    userlevel: frozenset[str] | None = None
    condition: frozenset[str] | None = None

    @classmethod
    def of(cls, userlevel: set[str] | None, condition: set[str] | None) -> Profile:
        return cls(
            frozenset(userlevel) if userlevel else None,
            frozenset(condition) if condition else None,
        )

    @property
    def active(self) -> bool:
        return bool(self.userlevel or self.condition)

    def excludes(self, element: etree._Element) -> bool:
        """Whether `element` itself is left out."""
        for attribute, wanted in zip(ATTRIBUTES, (self.userlevel, self.condition), strict=True):
            value = element.get(attribute)
            if wanted and value and not set(value.split(";")) & wanted:
                return True
        return False

    def leaves_out(self, element: etree._Element) -> bool:
        """Whether `element` or one of its ancestors is left out."""
        if not self.active:
            return False
        return any(self.excludes(node) for node in (element, *element.iterancestors()))
