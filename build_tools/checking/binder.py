"""Bindings: functions that tie a passage of a book to the rules, and what they may call.

A game's bindings make a `Binder` and decorate one function per example,
table, glossary entry or rule sentence. The runner calls each with a `Check` of
its passage (and, like pytest fixtures, with what the bindings it names as
parameters returned); the function reads givens from the text, claims the
rules' results, waives what is no rule (a year, a label). Every claim is one
`Claim` record, from which findings, reports and renderers are drawn. See
docs/bindings.md.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

# What bindings import from here: the Check they receive and the records of the check.
from build_tools.checking.check import Check, TableCheck
from build_tools.checking.claims import Binding, Claim, Context, Place, Spot, StaleBinding, claim_id
from build_tools.checking.rule import parameters_of
from build_tools.checking.words import Vocabulary

KINDS = ("example", "section", "table", "glossary", "prose")


class Binder:
    """Collects the bindings of one book, and the game's terms (its own rule words)."""

    def __init__(self, terms: dict[str, dict[str, list[str]]] | None = None) -> None:
        self.bindings: list[Binding] = []
        _check_terms(terms)
        self.vocabulary = Vocabulary(terms)
        self.accounts_words = terms is not None
        """A game accounts for its rule words once it gives its terms (even none)."""

    def example(self, *, title: str | None = None, id: str | None = None) -> Callable:
        """Bind an `example` (or an example section) found by its title or id."""
        return self._register("example", title=title, id=id)

    def section(self, *, title: str | None = None, id: str | None = None) -> Callable:
        """Bind a section (usually an example section) found by its title or id."""
        return self._register("section", title=title, id=id)

    def table(self, *, title: str | None = None, id: str | None = None) -> Callable:
        """Bind a `table` or `informaltable` found by its title or id."""
        return self._register("table", title=title, id=id)

    def glossary(self, *, term: str) -> Callable:
        """Bind the `glossentry` whose `glossterm` is `term`."""
        return self._register("glossary", term=term)

    def prose(self, *, contains: str) -> Callable:
        """Bind the paragraph (or table entry, or list item) whose text contains `contains`."""
        return self._register("prose", contains=contains)

    def _register(self, kind: str, **selector: str | None) -> Callable:
        chosen = {key: value for key, value in selector.items() if value is not None}
        if len(chosen) != 1:
            raise TypeError(f"binder.{kind}() takes exactly one of {', '.join(selector)}")

        def decorate(function: Callable) -> Callable:
            # co_firstlineno is the decorator's line: cheap, unlike inspect.getsourcelines,
            # which tokenises the whole file for every binding.
            source = Path(function.__code__.co_filename)
            line = function.__code__.co_firstlineno
            # What it needs: its parameters after the passage, as pytest fixtures; or, for a
            # binding made in a loop, the names it declares in `function.needs`.
            parameters = getattr(function, "needs", None)
            if parameters is None:
                parameters = parameters_of(function)[0][1:]
            self.bindings.append(Binding(kind, chosen, function, source, line, tuple(parameters)))
            return function

        return decorate


__all__ = [
    "KINDS",
    "Binder",
    "Binding",
    "Check",
    "Claim",
    "Context",
    "Place",
    "Spot",
    "StaleBinding",
    "TableCheck",
    "claim_id",
]


def _check_terms(terms) -> None:
    """Refuse terms of another shape than family → lemma → forms, saying which part is wrong
    (the game cannot load; the finding is at the Binder(...) line of its bindings)."""
    if terms is None:
        return
    shape = 'terms={"attribute": {"Might": ["Might", "Mi"]}} (family → lemma → forms)'
    if not isinstance(terms, dict):
        raise TypeError(f"Binder(terms=...) must be a mapping, {shape}, not {type(terms).__name__}")
    for family, lemmas in terms.items():
        if not isinstance(lemmas, dict):
            raise TypeError(f"Binder(terms=...): the family {family!r} must map lemmas, {shape}")
        for lemma, forms in lemmas.items():
            if not isinstance(forms, (list, tuple)) or not all(isinstance(f, str) for f in forms):
                raise TypeError(
                    f"Binder(terms=...): the forms of {lemma!r} ({family}) must be a list of "
                    f"the words the book writes, {shape}"
                )
