"""The language of a book, decided in one place: its root's `lang`, else its settings', else
English; and what an HTML `lang` attribute may hold.

The root's `lang` is read here and nowhere else (`tests/test_language.py` holds every other
module to it): a floor that cannot import the model is given the language decided here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

DEFAULT_LANGUAGE = "en"

WRITTEN_IN = ("fr", "en")
"""The languages the engine has words for: its working, messages, cards and sheets."""

LANGUAGE: ContextVar[str] = ContextVar("language", default="fr")
"""The language the engine writes in for the book being checked or read (its working, its
findings, its deck's and its characters' words): one of `WRITTEN_IN`, set by `writing_in`."""


@contextmanager
def writing_in(language: str) -> Iterator[str]:
    """Within the block, the engine writes in `language`, a book's (`language_of`): its
    primary language, or English when the engine has no words for it. The language in force
    before is back after the block, whatever happens in it."""
    primary = primary_language(language)
    token = LANGUAGE.set(primary if primary in WRITTEN_IN else DEFAULT_LANGUAGE)
    try:
        yield LANGUAGE.get()
    finally:
        LANGUAGE.reset(token)


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
    return language_given(declared_language(root), settings)


def declared_language(root) -> str | None:
    """The language the book's root element names itself (its `lang`), None when it names none
    (the check notes it: its settings may still give one)."""
    return root.get("lang") or None


def language_given(root_lang: str | None, settings: dict | None = None) -> str:
    """`language_of` a book whose root element's `lang` is `root_lang` (read without the book)."""
    return root_lang or (settings or {}).get("language") or DEFAULT_LANGUAGE


def primary_language(language: str | None) -> str:
    """The language without its region or script ('fr-CA' → 'fr'), lowercase."""
    return (language or DEFAULT_LANGUAGE).split("-")[0].split("_")[0].lower()


def folder_language(folder) -> str:
    """The language of the book in `folder` as `language_of` finds it, from its main file's
    root element alone (not the whole book): for what is made apart from the book (its cards)."""
    import os

    from lxml import etree

    from build_tools.reader import main_file
    from build_tools.settings import read_settings

    # Fed a few kilobytes at a time, up to the root's start tag: `iterparse` parsed far more
    # of the book than that before its first event (8 ms for Les Clefs de l'Aube's main file).
    parser = etree.XMLPullParser(
        events=("start",), load_dtd=False, no_network=True, resolve_entities=False
    )
    started: list = []
    try:
        main = main_file(folder)
        with open(main if main is not None else os.devnull, "rb") as source:
            while not started and (chunk := source.read(4096)):
                parser.feed(chunk)
                started = list(parser.read_events())
    except (OSError, etree.XMLSyntaxError):
        started = list(parser.read_events())  # what was read before the fault, as iterparse
    root_language = declared_language(started[0][1]) if started else None
    return language_given(root_language, read_settings(folder)[0])
