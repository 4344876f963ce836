"""The `@rule` decorator: rules functions that leave a trace of their working."""

from __future__ import annotations

import contextvars
import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Step:
    """One call of a rule: its name, its arguments, its result, its summary."""

    name: str
    arguments: dict[str, Any]
    result: Any
    summary: str
    depth: int

    def __str__(self) -> str:
        if not self.arguments and self.result is None:
            return f"{'  ' * self.depth}{self.name}"
        arguments = ", ".join(f"{key}={_show(value)}" for key, value in self.arguments.items())
        line = f"{'  ' * self.depth}{self.name}({arguments}) = {_show(self.result)}"
        return f"{line}    [{self.summary}]" if self.summary else line


@dataclass
class Trace:
    """The steps recorded while a binding runs."""

    steps: list[Step] = field(default_factory=list)
    depth: int = 0
    mark: int = 0
    """How many steps the previous claim took as its working."""

    def since(self, mark: int) -> list[Step]:
        return self.steps[mark:]


_current: contextvars.ContextVar[Trace | None] = contextvars.ContextVar("trace", default=None)


def rule(function: Callable) -> Callable:
    """Mark a function of a rules module so that each call is part of the working.

    Outside a check the function runs as it is; inside one, every call (with
    nested rule calls indented under it) is written to the current trace, with
    the first line of the docstring as the rule's statement.
    """
    signature = inspect.signature(function)
    doc = inspect.getdoc(function) or ""
    summary = doc.splitlines()[0] if doc else ""

    @functools.wraps(function)
    def traced(*args, **kwargs):
        trace = _current.get()
        if trace is None:
            return function(*args, **kwargs)
        bound = signature.bind(*args, **kwargs)
        step = Step(function.__name__, dict(bound.arguments), None, summary, trace.depth)
        trace.steps.append(step)
        trace.depth += 1
        try:
            step.result = function(*args, **kwargs)
        finally:
            trace.depth -= 1
        return step.result

    traced.is_rule = True
    return traced


def note(text: str) -> None:
    """Add a free line of working to the current trace (a step the book states in words)."""
    trace = _current.get()
    if trace is not None:
        trace.steps.append(Step(text, {}, None, "", trace.depth))


def tracing(trace: Trace):
    """Context manager that records rule calls into `trace`."""
    return _Tracing(trace)


class _Tracing:
    def __init__(self, trace: Trace):
        self.trace = trace

    def __enter__(self) -> Trace:
        self.token = _current.set(self.trace)
        return self.trace

    def __exit__(self, *exc) -> None:
        _current.reset(self.token)


def _show(value: Any) -> str:
    from fractions import Fraction

    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value} (≈{float(value):.4g})"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
