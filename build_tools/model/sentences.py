"""Where the book states a rule: the innermost element whose words hold a cited sentence.

The one finder of a cited sentence by its words, for the character sheet's sources and
the places its boxes name (« “les moyens”, cda.xml:328 »).
"""

from __future__ import annotations

from typing import Any

from build_tools.model.docbook import normalize


class Citations:
    """The place of a rule's sentence in the book: « “les moyens”, cda.xml:328 »."""

    TAGS = ("para", "simpara", "entry", "title", "screen", "glossterm", "term", "listitem")

    def __init__(self, document):
        self.document = document
        self._texts: list[tuple[str, Any]] | None = None

    def element(self, words: str):
        """The innermost element whose text holds `words` (whitespace and apostrophes aside)."""
        if self._texts is None:
            self._texts = [
                (_normal("".join(element.itertext())), element)
                for element in self.document.root.iter(*self.TAGS)
            ]
        wanted = _normal(words)
        found = [element for text, element in self._texts if wanted in text]
        candidates = set(found)
        for element in found:  # the innermost: no other candidate inside it
            if not any(inner in candidates for inner in element.iterdescendants()):
                return element
        return None

    def place(self, words: str) -> str:
        """Where the book states the rule: its section's title and its file:line, in the
        book's language (« « les moyens », cda.xml:328 », “Characters”, characters.xml:4)."""
        english = (self.document.root.get("lang") or "").lower().startswith("en")
        element = self.element(words)
        if element is None:
            if english:
                return f"rule not found in the book: “{words}”"
            return f"règle introuvable dans le livre{NBSP_COLON} « {words} »"
        file, line, _ = self.document.locate(element)
        title = _section_title(element)
        where = f"{file.relative_to(self.document.folder)}:{line}"
        if not title:
            return where
        return f"“{title}”, {where}" if english else f"« {title} », {where}"


NBSP_COLON = "\u00a0:"


def _section_title(element) -> str:
    for parent in element.iterancestors("section", "sect1", "sect2", "sect3", "chapter"):
        title = parent.find("title")
        if title is not None:
            return " ".join("".join(title.itertext()).split())
    return ""


def _normal(text: str) -> str:
    return normalize(text.replace("\u00a0", " ").replace("\u202f", " "))
