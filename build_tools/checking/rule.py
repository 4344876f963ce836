"""Rules that leave a trace of their working and cite the sentence of the book that states them.

`@rule(formula="TP = CA + BP − FA", symbols={...}, cites="…")` marks a function
of a rules module; `constant(10, cites="…", formula="FA = 10")` marks a constant.
Each call made while a binding runs becomes a `Step` of the working, which a
renderer can write as the book's own arithmetic (« TP = CA + BP − FA = 9 + 3 − 10
= 2 ») and which names the sentence of the book the rule comes from.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import inspect
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from build_tools.checking.notation import (
    LANGUAGE,
    NOTATION,
    fault_of,
    french,
    written,
)
from build_tools.model.language import writing_in
from build_tools.model.numbers import with_mark


@dataclass
class Citation:
    """What a rule or constant says, in the book's notation, and the sentence of the book it cites.

    `file`/`line` are the rule's own place in its rules module; `place` is the
    place of the cited sentence in the book (« source/cda/cda.xml:812 »), filled
    in by the check once it has found the sentence.
    """

    name: str
    statement: str
    """The rule in French, as the book states it (the docstring's first line, or the formula)."""
    formula: str = ""
    symbols: dict[str, Any] = field(default_factory=dict)
    """A symbol of the formula -> the argument it stands for (a name), or a constant's value."""
    cites: str | tuple[str, ...] = ""
    """Words of the book's sentence that states the rule, as the book writes them (or a tuple
    of such sentences, where the book states the rule in several places)."""
    file: str = ""
    line: int = 0
    book_place: Any = None
    """The `Place` of the cited sentence in the book, once the check has found it."""
    value: Any = None
    """A constant's value, which the numbers of its sentence must hold."""
    defaults: dict[str, Any] = field(default_factory=dict)
    """The rule's arguments that have a default value, and that value (for its formula)."""


def _place_of(citation: Citation) -> str:
    from build_tools.diagnostics import display_path

    place = citation.book_place
    return f"{display_path(place.file)}:{place.line}" if place is not None else ""


Citation.place = property(_place_of)  # « source/cda/cda.xml:812 »: where the book states it

CITATIONS: list[Citation] = []
"""Every rule and constant declared with its citation, in the order their modules were read."""


@dataclass
class Step:
    """One call of a rule: its name, arguments and result, and what the book says the rule is."""

    name: str
    arguments: dict[str, Any]
    result: Any
    summary: str
    depth: int
    citation: Citation | None = None
    probe: str = ""
    """For a call made to ask the rule how it behaves (`words.comparison`, `operation`…), at
    values of no passage: « formula » when a reader is shown its rule's formula rather than these
    numbers, « nested » for a call inside such a probe, which that formula states."""
    language: str = field(default_factory=LANGUAGE.get)
    """The language of the book whose check made the call (`model.language.writing_in`): its
    arithmetic is written in it whenever it is read, during the check or in a page after."""

    @property
    def formula(self) -> str:
        return self.citation.formula if self.citation else ""

    @property
    def cites(self) -> str:
        return self.citation.cites if self.citation else ""

    @property
    def place(self) -> str:
        """Where the book states the rule (file:line), once the check has found the sentence."""
        return self.citation.place if self.citation else ""

    @property
    def is_note(self) -> bool:
        """A free line of working (`note("…")`), which the binding writes in the book's language."""
        return self.citation is None and not self.arguments and self.result is None

    def arithmetic(self) -> str:
        """The step in the book's notation, from its rule's formula (see `notation`).

        « TP = CA + BP − FA = 9 + 3 − 10 = 2 » for arithmetic, « Difficulté « très
        difficile » → ND 5 (tableau « les difficultés ») » for a look-up, « 18 > 16 :
        échec, °É = dé − CA = 18 − 16 = 2 » for a decision. Empty when the rule has
        no formula, or when its formula cannot say this step.
        """
        if not self.citation or not self.citation.formula:
            return ""
        citation = self.citation
        with writing_in(self.language):
            return written(
                citation.formula, citation.symbols, self.arguments, self.result, citation.defaults
            )

    def in_book(self) -> str:
        """The line a reader of the book sees for this step: its arithmetic, or the note itself;
        for a probe, its rule's formula as the book states it, without the probe's numbers."""
        if self.is_note:
            return self.name
        if self.probe:
            return self.formula if self.probe == "formula" else ""
        return self.arithmetic()

    def __str__(self) -> str:
        if not self.arguments and self.result is None:
            return f"{'  ' * self.depth}{self.name}"
        arguments = ", ".join(f"{key}={_show(value)}" for key, value in self.arguments.items())
        line = f"{'  ' * self.depth}{self.name}({arguments}) = {_show(self.result)}"
        return f"{line}    [{self.summary}]" if self.summary else line


def reading_order(steps: list[Step]) -> list[Step]:
    """The steps as a reader works them out: each after the steps nested in it (« 18 > 16 :
    échec, °É = 2 » before the dé critique that adds its relance to it)."""
    ordered: list[Step] = []
    waiting: list[Step] = []  # the open steps, outermost first
    for step in steps:
        while waiting and waiting[-1].depth >= step.depth:
            ordered.append(waiting.pop())
        waiting.append(step)
    return ordered + waiting[::-1]


class Working(list):
    """Steps kept apart for the claims that name them (`Check.working()`); `of` picks some.

    A round of a fight computed once, whose totals the text states one by one:
    each claim rests on the call that gives its total, `working=round.of(rule,
    result=9)`, not on every step since the previous claim.
    """

    def of(self, rule: Callable, *, result: Any = ..., **arguments: Any) -> Working:
        """Each call of `rule` (that gave `result`, with those `arguments`), with the steps
        nested in it; a binding error when there is none, for the claim would rest on nothing."""
        citation = getattr(rule, "citation", None)
        if citation is None:
            raise TypeError(f"{getattr(rule, '__name__', rule)!r} is not a @rule")
        picked = Working()
        for index, step in enumerate(self):
            if step.citation is not citation or (result is not ... and step.result != result):
                continue
            if any(step.arguments.get(name) != value for name, value in arguments.items()):
                continue
            picked.append(step)
            for nested in self[index + 1 :]:
                if nested.depth <= step.depth:
                    break
                picked.append(nested)
        if not picked:
            wanted = "" if result is ... else f" giving {_show(result)}"
            raise LookupError(f"no call of {citation.name}{wanted} in this working")
        return picked

    def __add__(self, other: list[Step]) -> Working:
        return Working([*self, *other])


@dataclass
class Trace:
    """The steps recorded while a binding runs."""

    steps: list[Step] = field(default_factory=list)
    depth: int = 0
    mark: int = 0
    """How many steps the previous claim took as its working."""
    apart: list[tuple[int, int]] = field(default_factory=list)
    """Ranges of `steps` kept apart (`Check.working()`): only the claims naming them take them."""

    def since(self, mark: int) -> list[Step]:
        """The steps from `mark` on, but those kept apart."""
        if not self.apart:
            return self.steps[mark:]
        return [
            step
            for index, step in enumerate(self.steps[mark:], mark)
            if not any(start <= index < end for start, end in self.apart)
        ]


_current: contextvars.ContextVar[Trace | None] = contextvars.ContextVar("trace", default=None)


def rule(
    function: Callable | None = None,
    *,
    formula: str = "",
    symbols: dict[str, Any] | None = None,
    cites: str | tuple[str, ...] = "",
) -> Callable:
    """Mark a function of a rules module so that each call is part of the working.

    `@rule` alone, or `@rule(formula=..., symbols=..., cites=...)`: the formula
    in the book's notation, what each of its symbols stands for (an argument's
    name, or a constant's value), and the words of the sentence of the book that
    states the rule. Outside a check the function runs as it is; inside one,
    every call (nested rule calls indented under it) is written to the current
    trace.
    """
    if function is None:
        return lambda decorated: rule(decorated, formula=formula, symbols=symbols, cites=cites)
    names, defaults, plain = parameters_of(function)
    _check_declaration(function.__name__, names, formula, symbols, cites)
    doc = inspect.getdoc(function) or ""
    # The statement is the docstring's first paragraph, however many lines it is written on.
    summary = " ".join(doc.split("\n\n")[0].split()) if doc else ""
    citation = Citation(
        function.__name__,
        summary or formula,
        formula,
        dict(symbols or {}),
        cites,
        function.__code__.co_filename,
        function.__code__.co_firstlineno,
    )
    citation.defaults = defaults
    CITATIONS.append(citation)
    arguments = _binder(function, names, len(names) - len(defaults), plain)

    @functools.wraps(function)
    def traced(*args, **kwargs):
        trace = _current.get()
        if trace is None:
            return function(*args, **kwargs)
        step = Step(
            function.__name__, arguments(args, kwargs), None, summary, trace.depth, citation
        )
        trace.steps.append(step)
        trace.depth += 1
        try:
            step.result = function(*args, **kwargs)
        finally:
            trace.depth -= 1
        return step.result

    traced.is_rule = True
    traced.citation = citation
    return traced


def parameters_of(function: Callable) -> tuple[tuple[str, ...], dict[str, Any], bool]:
    """The names and the defaults of `function`'s parameters, and whether all are plain (each
    positional or keyword). Read from its code for a function of its own (not wrapped, no
    signature set) without positional-only, keyword-only, *args nor **kwargs parameters:
    `inspect.signature`, which reads any other callable, costs more than loading a game's
    rules (a call per rule and per binding)."""
    code = getattr(function, "__code__", None)
    if (
        code is not None
        and inspect.isfunction(function)
        and not hasattr(function, "__wrapped__")
        and not hasattr(function, "__signature__")
        and not code.co_posonlyargcount
        and not code.co_kwonlyargcount
        and not code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS)
    ):
        names = code.co_varnames[: code.co_argcount]
        values = function.__defaults__ or ()
        return names, dict(zip(names[len(names) - len(values) :], values, strict=True)), True
    parameters = inspect.signature(function).parameters
    defaults = {
        name: parameter.default
        for name, parameter in parameters.items()
        if parameter.default is not inspect.Parameter.empty
    }
    plain = all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in parameters.values())
    return tuple(parameters), defaults, plain


def _binder(
    function: Callable, names: tuple[str, ...], required: int, plain: bool
) -> Callable[[tuple, dict], dict[str, Any]]:
    """`signature.bind(*args, **kwargs).arguments`, as a dict, made without `bind` for a rule
    of plain parameters (`parameters_of`) called with what they need (every call of a rule
    is traced in a check: `bind` cost more than many rules); anything else is left to `bind`
    (and its errors), the signature asked of inspect the first time one needs it."""
    signature = functools.cache(functools.partial(inspect.signature, function))

    def arguments(args: tuple, kwargs: dict) -> dict[str, Any]:
        given = len(args)
        if plain and given <= len(names):
            if not kwargs and given >= required:
                return dict(zip(names, args, strict=False))  # the defaults left unbound
            rest = names[given:]
            if all(name in rest for name in kwargs) and all(
                name in kwargs for name in names[given:required]
            ):
                return {
                    name: args[index] if index < given else kwargs[name]
                    for index, name in enumerate(names)
                    if index < given or name in kwargs
                }
        return dict(signature().bind(*args, **kwargs).arguments)

    return arguments


class RuleDeclarationError(TypeError):
    """A rule declared with a field of the wrong kind, or a symbol naming no argument of it: the
    game cannot load, and the finding points at the rule's line in the rules module."""


def _check_declaration(name: str, parameters: tuple[str, ...], formula, symbols, cites) -> None:
    """Refuse, at the rule's own line, what would later fail far from it or silently write no
    working: a formula or cites that is no text, symbols that are no mapping, a formula of none
    of the forms the working is written from (`notation.fault_of`), a symbol standing for an
    argument the function does not take (a parameter renamed since)."""
    where = f"@rule of {name}()"
    if not isinstance(formula, str):
        raise RuleDeclarationError(
            f"{where}: formula must be a text (« T = d20 + C »), not {type(formula).__name__}"
        )
    texts = (cites,) if isinstance(cites, str) else cites
    if not isinstance(texts, tuple) or not all(isinstance(text, str) for text in texts):
        raise RuleDeclarationError(
            f"{where}: cites must be a text of the book, or a tuple of them, not {cites!r}"
        )
    if symbols is not None and (
        not isinstance(symbols, dict) or not all(isinstance(key, str) for key in symbols)
    ):
        raise RuleDeclarationError(
            f"{where}: symbols must map each symbol of the formula to what it stands for "
            f'({{"C": "competence"}}), not {symbols!r}'
        )
    fault = fault_of(formula, symbols) if formula else ""
    if fault:
        raise RuleDeclarationError(f"{where}: its formula « {formula} » cannot be read: {fault}")
    for symbol, meaning in (symbols or {}).items():
        if isinstance(meaning, str) and meaning not in parameters:
            taken = ", ".join(parameters) or "none"
            raise RuleDeclarationError(
                f"{where}: the symbol {symbol!r} stands for {meaning!r}, which {name}() does not "
                f"take (its arguments: {taken})"
            )


class Constant(int):
    """A whole number the rules take from a sentence of the book, carrying that `citation`.

    It is the number in every way (arithmetic gives plain numbers, it prints and
    pickles as one); a claim that checks the text against it names the sentence
    as the rule of its working (« Règle : … »), though no rule is called.
    """

    citation: Citation

    def __new__(cls, value: int, citation: Citation) -> Constant:
        number = super().__new__(cls, value)
        number.citation = citation
        return number

    def __reduce__(self):
        return (int, (int(self),))


def _cited_numbers(value: Any, citation: Citation) -> Any:
    """`value` with each whole number in it (in a tuple, a list, a dict's values) a `Constant`."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Constant(value, citation)
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(_cited_numbers(item, citation) for item in value)
    if isinstance(value, list):
        return [_cited_numbers(item, citation) for item in value]
    if isinstance(value, dict):
        return {key: _cited_numbers(item, citation) for key, item in value.items()}
    return value


def constant(
    value: Any, *, cites: str | tuple[str, ...], formula: str = "", statement: str = ""
) -> Any:
    """A constant of the rules, with the sentence of the book that states it; returns `value`.

    `FACTEUR_D_ATTAQUE = constant(10, cites="le facteur d'attaque (FA) est de 10",
    formula="FA = 10")`. The citation is recorded at the caller's line, so that
    the check can tell which constants of a rules module cite nothing. The whole
    numbers of `value` come back as `Constant`s, which carry the citation to the
    claims that state them.
    """
    caller = sys._getframe(1)
    citation = Citation(
        "",
        statement or formula or (cites if isinstance(cites, str) else cites[0]),
        formula,
        {},
        cites,
        caller.f_code.co_filename,
        caller.f_lineno,
        value=value,
    )
    CITATIONS.append(citation)
    return _cited_numbers(value, citation)


def note(text: str) -> None:
    """Add a free line of working to the current trace (a step the book states in words)."""
    trace = _current.get()
    if trace is not None:
        trace.steps.append(Step(text, {}, None, "", trace.depth))


@contextlib.contextmanager
def probing() -> Iterator[None]:
    """Mark the rule calls made inside as probes (see `Step.probe`): a rule word is checked by
    asking the rule at values of no passage. A call nested in a probe whose rule has a formula
    is not shown apart: that formula states the rule the word rests on."""
    trace = _current.get()
    start = len(trace.steps) if trace is not None else 0
    try:
        yield
    finally:
        stated: list[int] = []  # the depths of the open probes whose formula is shown
        for step in trace.steps[start:] if trace is not None else ():
            while stated and stated[-1] >= step.depth:
                stated.pop()
            if step.is_note:
                continue
            step.probe = "nested" if stated else "formula"
            if step.formula and not stated:
                stated.append(step.depth)


def tracing(trace: Trace):
    """Context manager that records rule calls into `trace`."""
    return _Tracing(trace)


def untraced():
    """Context manager under which rule calls are no step of the working (a game probing
    its own rules, « what does this term weigh? », records nothing the reader would see)."""
    return _Tracing(Trace())


class _Tracing:
    def __init__(self, trace: Trace):
        self.trace = trace

    def __enter__(self) -> Trace:
        self.token = _current.set(self.trace)
        return self.trace

    def __exit__(self, *exc) -> None:
        _current.reset(self.token)


class ImpossibleValue(ValueError):
    """A value the rules cannot produce (a d20 showing 21): an erratum at that number.

    `shown` is the value the text reads, `possible` says in French what the
    rules allow (« un d20 ouvert donne 1 à 20 »).
    """

    def __init__(self, shown: Any, possible: str):
        super().__init__(NOTATION[LANGUAGE.get()]["reads"].format(possible, french(shown)))
        self.shown = shown
        self.possible = possible


def _show(value: Any) -> str:
    if isinstance(value, Fraction) and value.denominator != 1:
        approximately = f"{float(value):.4g}"
        if LANGUAGE.get() != "en":  # « ≈54,55 » in a French book's working
            approximately = with_mark(approximately, LANGUAGE.get())
        return f"{value} (≈{approximately})"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
