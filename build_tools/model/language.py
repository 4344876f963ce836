"""The language of a book, decided in one place: its root's `lang`, else its settings', else
English; and what an HTML `lang` attribute may hold."""

from __future__ import annotations

import re

DEFAULT_LANGUAGE = "en"


_LANGUAGE_TAG = re.compile(r"^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$")
"""A language, with its script and region when given: what every HTML checker accepts."""


def html_language(value: str | None) -> str:
    """`value` as an HTML lang ('fr_FR' → 'fr-FR'), or '' when it is no language tag at all
    (DocBook books use lang for other things: « fr_prior_version »)."""
    tag = (value or "").strip().replace("_", "-")
    return tag if _LANGUAGE_TAG.match(tag) else ""


def language_of(root, settings: dict | None = None) -> str:
    """The language of a book: the `lang` of its root element, else its settings' `language`,
    else English (`DEFAULT_LANGUAGE`), which the check notes."""
    return language_given(root.get("lang"), settings)


def language_given(root_lang: str | None, settings: dict | None = None) -> str:
    """`language_of` a book whose root element's `lang` is `root_lang` (read without the book)."""
    return root_lang or (settings or {}).get("language") or DEFAULT_LANGUAGE


def primary_language(language: str | None) -> str:
    """The language without its region or script ('fr-CA' → 'fr'), lowercase."""
    return (language or DEFAULT_LANGUAGE).split("-")[0].split("_")[0].lower()
