"""The game's terms, drawn from its rules module and its book rather than listed by hand.

A rules module names the things its rules take: its module-level enumerations of
strings (`ASPECTS = {"Ph": "Physique", …}`, `GRAVITES = ("légère", …)`) are
classes of rival terms, each term in the forms the module gives it (a name and
its abbreviation). The book marks its own terms (`glossterm`, `firstterm`,
`acronym`, `abbrev`); a lower-case word of an enumeration is a term only where
the book marks it so, or where it is more than one word: « courte » or « simple »
alone are every other sentence's adjectives. A game's own list (`mots.py`) wins:
its forms (plurals, « blessure grave ») are kept, and the derived classes add
only the terms it does not hold. See docs/words.md.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType

from build_tools.checking.notation import LANGUAGE
from build_tools.checking.words import Vocabulary, relations_of
from build_tools.model.docbook import normalize
from build_tools.model.language import language_of, primary_language
from build_tools.resources import module_inside

MARKED = ("glossterm", "firstterm", "acronym", "abbrev")
"""The elements by which a book says a word is one of its terms."""

_NAME = re.compile(r"[A-Z][A-Z0-9_]*$")


def rules_modules(folder: Path) -> list[ModuleType]:
    """The modules of a game's rules package already imported from `folder`."""
    folder = folder.resolve()
    found = []
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if not file or ".rules" not in name:
            continue
        if module_inside(file, folder):
            found.append(module)
    return sorted(found, key=lambda module: module.__name__)


def enumerations(modules: list[ModuleType]) -> dict[str, dict[str, list[str]]]:
    """Class -> term -> forms, for every public enumeration of strings of the modules."""
    classes: dict[str, dict[str, list[str]]] = {}
    for _, _, family, members in enumerated(modules):
        classes.setdefault(family, {}).update(members)
    return classes


def enumerated(modules: list[ModuleType]):
    """(module, constant's name, class, term -> forms) of each public enumeration of strings."""
    for module in modules:
        for name, value in vars(module).items():
            if not _NAME.match(name) or not isinstance(value, (dict, tuple, list, frozenset)):
                continue
            members = _members(value)
            if members:
                yield module, name, _class_name(name), members


def _members(value) -> dict[str, list[str]]:
    if not value or not all(isinstance(key, str) for key in value):
        return {}
    if isinstance(value, dict) and all(isinstance(item, str) for item in value.values()):
        short = all(len(key) <= 4 and len(item) > len(key) for key, item in value.items())
        if short:  # an abbreviation -> its name
            return {item: [item, key] for key, item in value.items()}
    return {key: [key] for key in value}


def _class_name(constant: str) -> str:
    return " ".join(
        word[:-1] if word.endswith(("s", "x")) and len(word) > 3 else word
        for word in constant.lower().split("_")
    )


def derived_terms(
    document, folder: Path, given: dict[str, dict[str, list[str]]], language: str = "fr"
) -> dict[str, dict[str, list[str]]]:
    """The game's terms: its own list, and the classes its rules module and book give."""
    marked = _marked(document)
    relations = {lemma for members in relations_of(language).values() for lemma in members}
    known = {form for members in given.values() for forms in members.values() for form in forms}
    known |= {lemma for members in given.values() for lemma in members}
    terms = {family: dict(members) for family, members in given.items()}
    for family, members in enumerations(rules_modules(folder)).items():
        kept: dict[str, list[str]] = {}
        for lemma, forms in members.items():
            if lemma in known:
                continue
            usable = [
                form
                for form in forms
                if _usable(form, marked) and form not in known and form.lower() not in relations
            ]
            if usable:
                kept[lemma] = usable
                known |= {lemma, *usable}  # a term belongs to the first class that holds it
        if kept and family not in terms:
            terms[family] = kept
    return terms


def _usable(form: str, marked: set[str]) -> bool:
    """A form the book can write as a term: a name, an abbreviation, several words, or a
    word the book marks as one of its terms."""
    if len(form) < 2 or not re.search(r"[^\W\d_]", form) or len(form) > 40:
        return False
    if not re.fullmatch(r"[\w' ’-]+", form):
        return False
    return form[0].isupper() or " " in form or form.lower() in marked


def derived_vocabulary(document, binder) -> Vocabulary:
    """The vocabulary of a run: the binder's, with the terms its rules and book add.

    Kept on the binder for the book's marked terms, so that a book checked again
    (serve, mutants) reuses its compiled forms and its caches.
    """
    given = binder.vocabulary
    language = book_language(document)
    cache = binder.__dict__.setdefault("_derived_vocabularies", {})
    if given.language != language:  # the binder's relations are those of the book's language
        if language not in cache:
            cache[language] = Vocabulary(given.terms, language)
        given = cache[language]
    if not binder.accounts_words:
        return given
    folder = Path(document.folder)
    key = (str(folder), _marked(document), language)
    if key not in cache:
        terms = derived_terms(document, folder, given.terms, given.language)
        cache[key] = given if terms == given.terms else Vocabulary(terms, given.language)
    return cache[key]


def book_language(document) -> str:
    """The language of the book checked (`language_of`): its root's, else the one `examine`
    decided from its settings, as its working is written in (`model.language.writing_in`)."""
    return primary_language(language_of(document.root, {"language": LANGUAGE.get()}))


def _marked(document) -> frozenset[str]:
    return frozenset(
        normalize("".join(element.itertext())).lower() for element in document.root.iter(*MARKED)
    )
