"""A rule's formula as an expression of its arguments, held to the rule, in JavaScript.

A formula (`@rule(formula="TP = CA + BP − FA", symbols=...)`), arithmetic or by cases
(« PVs > 0 : conscient ; PVs = 0 : inconscient ; … »), each symbol an argument, a
constant of the rules, the arithmetic of a symbol's function (« valeur − 10 »), or its
table over the choices of word arguments (« PVs du tableau » by sorte and taille); it is
kept only when it gives the rule's own values on sample arguments (`Shape.of`), then
written in JavaScript with each argument's source (`Shape.javascript`).
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import json
import math
import re
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

from build_tools.checking.notation import CASE_SEPARATOR, OUTCOME, evaluate, python_text
from build_tools.model.sheet import printed

GRID = (-20, -3, 0, 1, 4, 7, 13)
"""Values given to a script's arguments, every combination of them, to hold it to its rule:
negatives, nought and small numbers, for cases as for sums."""
SAMPLES = ((3, 7, 11, 13, 17), (8, 2, 5, 21, 4), (14, 1, 20, 6, 2), (0, -3, 9, -20, 1))
"""The same for a rule of more than three arguments: primes and mixes."""

ROUNDINGS = {
    "": (lambda x: x, "{}"),
    "exact": (lambda x: x, "p({})"),
    "floor": (math.floor, "Math.floor({})"),
    "ceil": (math.ceil, "Math.ceil({})"),
    "half up": (lambda x: math.floor(x + Fraction(1, 2)), "Math.floor({} + 0.5)"),
}
"""How a formula's quotient becomes the box's value, in Python and in JavaScript: as it
stands (a formula of no division), written with its decimals (a rule giving the fraction,
`gain = Int / 10`), or rounded down, up or to the nearest, half up; a formula that divides
is kept with the first of them that gives the rule's values."""


@dataclasses.dataclass(frozen=True)
class Shape:
    """A rule's formula as an expression of its arguments (`_a0`, `_a1`…), arithmetic or by
    cases, in Python's notation: its JavaScript, and its value for numbers."""

    arguments: tuple[str, ...]
    cases: tuple[tuple[str, Any], ...]
    """(condition, outcome): the outcome a Python expression, or a value as printed; the one
    case of an arithmetic formula has the condition « True »."""
    rounding: str = ""
    """How a quotient becomes the box's value (ROUNDINGS)."""
    words: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The arguments that are words, with the choices of their box (sorte, taille)."""
    tables: tuple[tuple[tuple[str, ...], tuple[tuple[str, int], ...]], ...] = ()
    """The symbols the rules look up by those words (`_t0`, `_t1`…): the arguments of each,
    and its value for every choice of them the rules accept (« PVs du tableau »)."""

    @classmethod
    def of(
        cls, citation, rule, arguments: Mapping[str, Any], words: Mapping[str, tuple[str, ...]]
    ) -> Shape | None:
        try:
            defaults = {
                name: parameter.default
                for name, parameter in inspect.signature(rule).parameters.items()
                if parameter.default is not inspect.Parameter.empty
            }
        except (TypeError, ValueError):
            return None
        order = [a for a in arguments]
        names = {argument: f"_a{index}" for index, argument in enumerate(order)}
        replacements = {}
        tables: list = []
        for symbol, meaning in citation.symbols.items():
            value = _symbol(meaning, names, defaults, order, words, tables)
            if value is None:
                return None
            replacements[symbol] = value
        if not replacements:
            return None
        pattern = "|".join(re.escape(s) for s in sorted(replacements, key=len, reverse=True))

        def expression(text: str) -> str:
            put = re.sub(rf"(?<![\w°])({pattern})(?!\w)", lambda m: replacements[m[1]], text)
            return python_text(put)

        formula = citation.formula
        if " : " in formula:
            cases = []
            for case in CASE_SEPARATOR.split(formula.strip()):
                condition, _, outcome = case.partition(" : ")
                parts = OUTCOME.match(outcome.strip())
                worked = expression(parts["formula"].partition("=")[2]) if parts else None
                condition = "True" if condition.strip() in ("sinon", "otherwise") else condition
                cases.append((expression(condition), worked))
            shape = cls(tuple(order), tuple(cases), "", tuple(words.items()), tuple(tables))
            shape = shape.with_outcomes(rule)
        elif "=" in formula:
            worked = expression(formula.partition("=")[2])
            shape = cls(tuple(order), (("True", worked),), "", tuple(words.items()), tuple(tables))
        else:
            return None
        if shape is None:
            return None
        written = [f"{c} {o}" for c, o in shape.cases]
        if any(re.search(rf"\b{names[w]}\b", text) for w in words for text in written):
            return None  # a word in the arithmetic itself: only the rules' tables read words
        try:
            for condition, outcome in shape.cases:
                _javascript(condition)
                if not outcome.startswith('"'):
                    _javascript(outcome)
        except ValueError:
            return None
        divides = any("/" in outcome for _, outcome in shape.cases)
        for rounding in [r for r in ROUNDINGS if r] if divides else [""]:
            rounded = dataclasses.replace(shape, rounding=rounding)
            if rounded.holds(rule):
                return rounded
        return None

    def with_outcomes(self, rule) -> Shape | None:
        """A case whose outcome is words (« mourant », « un jet d'évanouissement est dû »)
        gives the value the sheet prints where its condition holds."""
        outcomes: dict[int, set] = {}
        for inputs in self.samples():
            index = self.case(inputs)
            if index is None or self.cases[index][1] is not None:
                continue
            try:
                result = rule(**self.named(inputs))
            except Exception:  # a rule refusing these inputs: not a sample
                continue
            outcomes.setdefault(index, set()).add(printed(result))
        cases = []
        for index, (condition, outcome) in enumerate(self.cases):
            if outcome is None:
                if len(outcomes.get(index, ())) != 1:
                    return None
                outcome = json.dumps(next(iter(outcomes[index])), ensure_ascii=False)
            else:
                outcome = f"({outcome})"
            cases.append((condition, outcome))
        return dataclasses.replace(self, cases=tuple(cases))

    def samples(self) -> Iterator[tuple[Any, ...]]:
        """Every combination of GRID's numbers (SAMPLES' beyond three arguments), each word
        argument taking each of its choices."""
        choices = dict(self.words)
        if len(self.arguments) <= 3:
            yield from itertools.product(*(choices.get(a, GRID) for a in self.arguments))
            return
        spoken = [a for a in self.arguments if a in choices]
        for sample in SAMPLES:
            for combination in itertools.product(*(choices[a] for a in spoken)):
                said = dict(zip(spoken, combination, strict=True))
                yield tuple(
                    said.get(a, sample[i % len(sample)]) for i, a in enumerate(self.arguments)
                )

    def values(self, inputs) -> dict[str, Any]:
        """The Python names of the formula (`_a0`…, `_t0`…) for a set of arguments."""
        values = {f"_a{i}": value for i, value in enumerate(inputs)}
        for index, (keys, table) in enumerate(self.tables):
            key = "|".join(str(values[f"_a{self.arguments.index(k)}"]) for k in keys).lower()
            values[f"_t{index}"] = dict(table).get(key)
        return values

    def named(self, inputs) -> dict[str, int]:
        return dict(zip(self.arguments, inputs, strict=True))

    def case(self, inputs) -> int | None:
        values = self.values(inputs)
        for index, (condition, _) in enumerate(self.cases):
            if _python(condition, values):
                return index
        return None

    def holds(self, rule) -> bool:
        """Whether the formula gives the rule's value (as the sheet prints it) for every set
        of sample arguments the rule accepts, and for three at least."""
        tried = 0
        for inputs in self.samples():
            try:
                expected = rule(**self.named(inputs))
            except Exception:  # a rule refusing these inputs: not a sample
                continue
            values = self.values(inputs)
            if None in values.values():
                return False  # inputs the rule takes and its table lacks
            index = self.case(inputs)
            if index is None:
                return False
            outcome = self.cases[index][1]
            if outcome.startswith('"'):
                got = json.loads(outcome)
            else:
                try:
                    got = ROUNDINGS[self.rounding][0](_python(outcome, values))
                except ZeroDivisionError:
                    return False  # the form would divide by nought where the rule does not
            if self.rounding == "exact":
                if not isinstance(expected, Fraction) or printed(got) != printed(expected):
                    return False  # the form writes a quotient as a text, as the sheet does
            elif isinstance(got, str) or isinstance(expected, bool):
                if got != printed(expected):
                    return False
            elif got != expected or isinstance(expected, Fraction) and expected.denominator != 1:
                return False  # a fraction the form would write with a point: none
            tried += 1
        return tried >= 3

    def javascript(self, sources: Mapping[str, str]) -> str:
        names = {f"_a{i}": sources[argument] for i, argument in enumerate(self.arguments)}
        for index, (keys, table) in enumerate(self.tables):
            key = ' + "|" + '.join(sources[k] for k in keys)
            names[f"_t{index}"] = f"g({json.dumps(dict(table), ensure_ascii=False)}, {key})"
        script = ""
        for condition, outcome in reversed(self.cases):
            if outcome.startswith('"'):
                value = outcome
            else:
                value = ROUNDINGS[self.rounding][1].format(_javascript(outcome, names))
            if condition == "True" or not script:
                script = value
            else:
                script = f"({_javascript(condition, names)}) ? {value} : {script}"
        return script


def _symbol(meaning, names, defaults, order, words, tables) -> str | None:
    """A symbol of the formula in Python: its argument's name, a constant, a function of the
    arguments: its arithmetic (« bonus de la caractéristique liée » = valeur − 10), its
    table over the word arguments' choices (« PVs du tableau » by sorte and taille: added
    to `tables`, `_tN`), or the one value it gives whatever the sheet's arguments (« sonné »,
    which a sheet never is: a term that does not apply, nought)."""
    if isinstance(meaning, str):
        if meaning in names:
            return names[meaning]
        default = defaults.get(meaning)
        ok = isinstance(default, int | Fraction) and not isinstance(default, bool)
        return f"({default})" if ok else None
    if isinstance(meaning, bool):
        return None
    if isinstance(meaning, int | Fraction):
        return f"({meaning})"
    if callable(meaning):
        traced = _traced(meaning, names, defaults)
        if traced is not None:
            return traced
        table = _tabulated(meaning, defaults, order, words)
        if table is not None:
            tables.append(table)
            return f"_t{len(tables) - 1}"
        found = set()
        for sample in SAMPLES:
            arguments = dict(defaults) | {a: sample[i % len(sample)] for i, a in enumerate(order)}
            try:
                found.add(meaning(arguments))
            except Exception:  # a function of an argument the sheet does not give
                return None
        value = found.pop() if len(found) == 1 else False
        if value is None:
            return "(0)"  # a term that does not apply on a sheet (no one is sonné there)
        ok = isinstance(value, int | Fraction) and not isinstance(value, bool)
        return f"({value})" if ok else None
    return None


class _Traced:
    """A value a symbol's function works out from the arguments' names: its Python text
    (`_a1 - 10`). Only sums, differences and products of whole numbers are followed; anything
    else (a truth, a key, a quotient) is a TypeError, and the symbol is not arithmetic."""

    def __init__(self, text: str) -> None:
        self.text = text

    @staticmethod
    def _of(value) -> str:
        if isinstance(value, _Traced):
            return value.text
        if isinstance(value, int) and not isinstance(value, bool):
            return f"({int(value)})"
        raise TypeError(value)

    def _joined(self, other, operator: str, reflected: bool = False) -> _Traced:
        left, right = (self._of(other), self.text) if reflected else (self.text, self._of(other))
        return _Traced(f"({left} {operator} {right})")

    def __add__(self, other):
        return self._joined(other, "+")

    def __radd__(self, other):
        return self._joined(other, "+", reflected=True)

    def __sub__(self, other):
        return self._joined(other, "-")

    def __rsub__(self, other):
        return self._joined(other, "-", reflected=True)

    def __mul__(self, other):
        return self._joined(other, "*")

    def __rmul__(self, other):
        return self._joined(other, "*", reflected=True)

    def __neg__(self):
        return _Traced(f"(-{self.text})")

    def __bool__(self):
        raise TypeError("a traced value has no truth")


def _traced(meaning, names, defaults) -> str | None:
    """A symbol's function as arithmetic of the arguments, or None."""
    arguments = dict(defaults) | {argument: _Traced(name) for argument, name in names.items()}
    try:
        value = meaning(arguments)
    except Exception:  # a look-up, a truth: not arithmetic
        return None
    return f"({value.text})" if isinstance(value, _Traced) else None


def _tabulated(meaning, defaults, order, words):
    """A symbol's function of the word arguments alone as a table: (its arguments, its value
    for each choice of them the rules accept, the words joined by « | »), or None."""
    keys = [argument for argument in order if argument in words]
    if not keys:
        return None
    table = {}
    for combination in itertools.product(*(words[key] for key in keys)):
        found = set()
        for sample in SAMPLES[:2]:
            numbers = {argument: sample[i % len(sample)] for i, argument in enumerate(order)}
            try:
                found.add(
                    meaning(dict(defaults) | numbers | dict(zip(keys, combination, strict=True)))
                )
            except Exception:  # words the rules' table lacks: not in the form's either
                break
        else:
            if len(found) != 1:
                return None  # a function of a number too: no table
            value = found.pop()
            if not isinstance(value, int) or isinstance(value, bool):
                return None
            table["|".join(combination).lower()] = int(value)
    return (tuple(keys), tuple(table.items())) if table else None


def _python(expression: str, values: Mapping[str, Any]) -> Any:
    text = re.sub(r"\b_[at]\d+\b", lambda m: f"({values[m[0]]})", expression)
    return evaluate(text)


_OPERATORS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}
_COMPARISONS = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "===",
    ast.NotEq: "!==",
}


def _javascript(expression: str, names: Mapping[str, str] | None = None) -> str:
    """A Python expression of numbers, comparisons and the arguments `_aN` in JavaScript;
    ValueError for anything else (a word, a function)."""
    try:
        tree = ast.parse(expression, mode="eval")
    except SyntaxError:
        raise ValueError(expression) from None
    return _node(tree.body, names or {})


def _node(node: ast.AST, names: Mapping[str, str]) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return "true" if node.value else "false"
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return repr(node.value)
    if isinstance(node, ast.Name) and node.id.startswith(("_a", "_t")):
        return names.get(node.id, node.id)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        operator = _OPERATORS[type(node.op)]
        return f"({_node(node.left, names)} {operator} {_node(node.right, names)})"
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        return f"({'-' if isinstance(node.op, ast.USub) else '+'}{_node(node.operand, names)})"
    if isinstance(node, ast.Compare) and all(type(op) in _COMPARISONS for op in node.ops):
        terms = [node.left, *node.comparators]
        return (
            "("
            + " && ".join(
                f"{_node(left, names)} {_COMPARISONS[type(op)]} {_node(right, names)}"
                for left, op, right in zip(terms, node.ops, terms[1:], strict=False)
            )
            + ")"
        )
    if isinstance(node, ast.BoolOp):
        joiner = " && " if isinstance(node.op, ast.And) else " || "
        return "(" + joiner.join(_node(value, names) for value in node.values) + ")"
    raise ValueError(ast.dump(node))
