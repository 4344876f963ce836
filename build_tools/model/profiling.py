"""Profiling: which elements an edition leaves out, by `userlevel`, `condition` and the like.

DocBook profiling as docbook-xsl does it: an attribute holds values separated
by « ; »; an element whose attribute shares no value with those asked for is
left out, with everything inside it. An element without the attribute, or an
edition that asks for nothing, keeps everything.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

ATTRIBUTES = (
    "arch",
    "audience",
    "condition",
    "conformance",
    "os",
    "revision",
    "revisionflag",
    "security",
    "userlevel",
    "vendor",
    "wordsize",
)
"""DocBook 4's profiling attributes (the common attributes docbook-xsl's profiling honours)."""


@dataclass(frozen=True)
class Profile:
    """The values an edition asks for, by profiling attribute (absent: no profiling on it)."""

    wanted: tuple[tuple[str, frozenset[str]], ...] = ()

    @classmethod
    def of(
        cls,
        userlevel: set[str] | None = None,
        condition: set[str] | None = None,
        **others: set[str] | None,
    ) -> Profile:
        asked = {"userlevel": userlevel, "condition": condition, **others}
        unknown = set(asked) - set(ATTRIBUTES)
        if unknown:
            raise ValueError(f"not a DocBook profiling attribute: {', '.join(sorted(unknown))}")
        return cls(tuple(sorted((name, frozenset(v)) for name, v in asked.items() if v)))

    @property
    def active(self) -> bool:
        return bool(self.wanted)

    def excludes(self, element: etree._Element) -> bool:
        """Whether `element` itself is left out."""
        for attribute, wanted in self.wanted:
            value = element.get(attribute)
            if value and not set(value.split(";")) & wanted:
                return True
        return False

    def leaves_out(self, element: etree._Element) -> bool:
        """Whether `element` or one of its ancestors is left out."""
        if not self.active:
            return False
        return any(self.excludes(node) for node in (element, *element.iterancestors()))
