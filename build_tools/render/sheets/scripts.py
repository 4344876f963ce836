"""The blank form's calculate actions: each derived box's rule's formula in JavaScript.

The declaration that computes a box (checking.totals: its rule, where each argument comes
from) gives its script: the rule's formula (`@rule(formula="TP = CA + BP − FA",
symbols=...)`), arithmetic or by cases (« PVs > 0 : conscient ; PVs = 0 : inconscient ;
… »), each symbol replaced by the JavaScript of the source its argument comes from
(a field, a sum, the field a box names, a table's row, a column summed over a table's
rows or its rows counted, another rule's formula). A script
is kept only when its formula gives the rule's own values on sample arguments, so a form
never computes what the rules would not.
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
from build_tools.checking.totals import (
    LOOKUP,
    NAMED,
    ROWS,
    Placed,
    blank_row,
    column_box,
    field_name,
    placed_boxes,
    terms,
)
from build_tools.model.sheet import Computed, Description, Table, printed

GRID = (-20, -3, 0, 1, 4, 7, 13)
"""Values given to a script's arguments, every combination of them, to hold it to its rule:
negatives, nought and small numbers, for cases as for sums."""
SAMPLES = ((3, 7, 11, 13, 17), (8, 2, 5, 21, 4), (14, 1, 20, 6, 2), (0, -3, 9, -20, 1))
"""The same for a rule of more than three arguments: primes and mixes."""

_HELPERS = (
    "var d = this;\n"
    "function v(name) { var f = d.getField(name); if (f === null) return 0;\n"
    '  var n = Number(String(f.value).replace("\\u2212", "-").replace(",", "."));\n'
    "  return isNaN(n) ? 0 : n; }\n"
    'function t(name) { var f = d.getField(name); return f === null ? "" : '
    "String(f.value).trim(); }\n"
    "function r(table, column, wanted, box, blank) {\n"
    "  for (var i = 0; d.getField(table + '-' + i + '-' + column) !== null; i++)\n"
    "    if (wanted !== '' && t(table + '-' + i + '-' + column) === wanted)\n"
    "      return v(table + '-' + i + '-' + box);\n"
    "  return blank; }\n"
    "function p(x) { var s = Math.abs(x - Math.round(x)) < 1e-9 ? String(Math.round(x))\n"
    '  : x.toFixed(2).replace(/0+$/, "").replace(/\\.$/, "").replace(".", ",");\n'
    '  return s.replace("-", "\\u2212"); }\n'
)
"""What every script reads fields with: a number (`v`), a text (`t`), a table's row (`r`);
and how it writes a quotient as the sheet prints it (`p`: « 1,3 », two decimals at most)."""

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
class Script:
    """A derived field's calculate action: its JavaScript and the fields it reads."""

    field: str
    """The PDF field (`armes-0-TA`)."""
    expression: str
    """The value, in JavaScript, each field read by `v("name")`."""
    reads: tuple[str, ...]
    blank: tuple[str, ...] = ()
    """Fields that, left blank, leave this one blank (a weapon row with no weapon named)."""

    @property
    def javascript(self) -> str:
        if not self.blank:
            return f"{_HELPERS}event.value = {self.expression};\n"
        empty = " || ".join(f't("{name}") === ""' for name in self.blank)
        return f'{_HELPERS}event.value = ({empty}) ? "" : {self.expression};\n'


def scripts(description: Description) -> list[Script]:
    """The calculate actions of the blank form, in calculation order (a field after those it
    reads); a derived box whose rule's formula is not arithmetic nor cases of its arguments
    has none."""
    rows = {
        section.key: section.blank_rows
        for section in description.sections
        if isinstance(section, Table) and not section.rows
    }
    found: dict[str, Script] = {}
    for item in placed_boxes(description, rows):
        script = _script(item, description, rows)
        if script is not None:
            found[script.field] = script
    ordered: list[Script] = []
    while found:
        ready = [s for s in found.values() if not any(r in found for r in s.reads)]
        if not ready:  # a cycle: none of them can be computed first
            break
        for script in ready:
            ordered.append(found.pop(script.field))
    return ordered


@dataclasses.dataclass
class _Translation:
    """A box's sources in JavaScript, and the fields the script reads."""

    item: Placed
    description: Description
    rows: Mapping[str, int]
    reads: list[str]

    def source(self, given) -> str | None:
        parts = []
        for sign, term in terms(given):
            if isinstance(term, Computed):
                script = self.formula(term.rule, term.arguments)
            else:
                script = self.reference(term)
            if script is None:
                return None
            parts.append((sign, script))
        if len(parts) == 1 and parts[0][0] > 0:
            return parts[0][1]
        joined = " ".join(f"{'-' if sign < 0 else '+'} ({script})" for sign, script in parts)
        return joined[2:] if joined.startswith("+") else joined

    def reference(self, reference: str) -> str | None:
        rows = ROWS.match(reference)
        if rows:
            table, key = rows["table"], rows["box"]
            if table not in self.rows:
                return None
            fields = [f"{table}-{i}-{key}" for i in range(self.rows[table])]
            self.reads += fields
            text = column_box(self.description, table, key).type is str
            each = [f'(t("{f}") === "" ? 0 : 1)' if text else f'v("{f}")' for f in fields]
            return "(" + " + ".join(each or ["0"]) + ")"
        lookup = LOOKUP.match(reference)
        if lookup:
            table, column, key = lookup["table"], lookup["column"], lookup["box"]
            blank = blank_row(self.description, table, key)
            if not isinstance(blank, int) or table not in self.rows:
                return None
            self.reads += [f"{table}-{i}-{key}" for i in range(self.rows[table])]
            return f'r("{table}", "{column}", {self.text(lookup["wanted"])}, "{key}", {blank})'
        names = NAMED.findall(reference)
        if not names:
            self.reads.append(field_name(self.item.source(reference)))
            return f'v("{field_name(self.item.source(reference))}")'
        if len(names) > 1 or not reference.endswith("}") or "." not in reference:
            return (
                None  # a named field is the last part of a field from the top: « moyens.{moyen} »
            )
        head = field_name(reference[: reference.index("{")])
        choices = self.item.sibling(names[0]).choices
        self.reads += [f"{head}{choice}" for choice in choices]
        return f'v("{head}" + t("{field_name(self.item.prefix + names[0])}"))'

    def text(self, wanted: str) -> str:
        """A looked-up value: a box of the row's text, or written out (« Évitement »)."""
        names = NAMED.fullmatch(wanted)
        if names:
            return f't("{field_name(self.item.prefix + names[1])}")'
        return json.dumps(wanted, ensure_ascii=False)

    def formula(self, rule, arguments: Mapping[str, Any]) -> str | None:
        """The JavaScript of `rule`'s formula, each argument's symbol its source's, if it holds
        to the rule on sample arguments."""
        citation = getattr(rule, "citation", None)
        if citation is None or not citation.formula:
            return None
        shape = _Shape.of(citation, rule, arguments)
        if shape is None:
            return None
        sources = {}
        for argument in shape.arguments:
            script = self.source(arguments[argument])
            if script is None:
                return None
            sources[argument] = f"({script})"
        return shape.javascript(sources)


@dataclasses.dataclass(frozen=True)
class _Shape:
    """A rule's formula as an expression of its arguments (`_a0`, `_a1`…), arithmetic or by
    cases, in Python's notation: its JavaScript, and its value for numbers."""

    arguments: tuple[str, ...]
    cases: tuple[tuple[str, Any], ...]
    """(condition, outcome): the outcome a Python expression, or a value as printed; the one
    case of an arithmetic formula has the condition « True »."""
    rounding: str = ""
    """How a quotient becomes the box's value (ROUNDINGS)."""

    @classmethod
    def of(cls, citation, rule, arguments: Mapping[str, Any]) -> _Shape | None:
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
        for symbol, meaning in citation.symbols.items():
            value = _symbol(meaning, names, defaults, order, rule)
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
            shape = cls(tuple(order), tuple(cases))
            shape = shape.with_outcomes(rule)
        elif "=" in formula:
            shape = cls(tuple(order), (("True", expression(formula.partition("=")[2])),))
        else:
            return None
        if shape is None:
            return None
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

    def with_outcomes(self, rule) -> _Shape | None:
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
        return _Shape(self.arguments, tuple(cases), self.rounding)

    def samples(self) -> Iterator[tuple[int, ...]]:
        if len(self.arguments) <= 3:
            yield from itertools.product(GRID, repeat=len(self.arguments))
        else:
            for sample in SAMPLES:
                yield tuple(sample[i % len(sample)] for i in range(len(self.arguments)))

    def named(self, inputs) -> dict[str, int]:
        return dict(zip(self.arguments, inputs, strict=True))

    def case(self, inputs) -> int | None:
        values = {f"_a{i}": value for i, value in enumerate(inputs)}
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
            index = self.case(inputs)
            if index is None:
                return False
            outcome = self.cases[index][1]
            values = {f"_a{i}": value for i, value in enumerate(inputs)}
            if outcome.startswith('"'):
                got = json.loads(outcome)
            else:
                try:
                    got = ROUNDINGS[self.rounding][0](_python(outcome, values))
                except ZeroDivisionError:
                    return False  # the form would divide by nought where the rule does not
            if self.rounding == "exact":
                if not isinstance(expected, Fraction) or _written(got) != printed(expected):
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


def _symbol(meaning, names, defaults, order, rule) -> str | None:
    """A symbol of the formula in Python: its argument's name, a constant, or a function of
    the arguments that gives one value whatever the sheet's arguments (« sonné », which a
    sheet never is: a term that does not apply, nought)."""
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


def _written(value: Fraction) -> str:
    """A quotient as the form's `p` writes it: JavaScript's toFixed(2), which rounds the
    magnitude half up, its trailing zeros dropped."""
    if value.denominator == 1:
        return printed(int(value))
    hundredths = math.floor(abs(value) * 100 + Fraction(1, 2))
    text = f"{hundredths // 100}.{hundredths % 100:02d}".rstrip("0").rstrip(".")
    return ("−" if value < 0 else "") + text.replace(".", ",")


def _python(expression: str, values: Mapping[str, Any]) -> Any:
    text = re.sub(r"\b_a\d+\b", lambda m: f"({values[m[0]]})", expression)
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
    if isinstance(node, ast.Name) and node.id.startswith("_a"):
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


def _script(item: Placed, description: Description, rows: Mapping[str, int]) -> Script | None:
    box = item.box
    if not box.arguments or box.rule is None:
        return None
    translation = _Translation(item, description, rows, [])
    expression = translation.formula(box.rule, box.arguments)
    if expression is None:
        return None
    blank = [field_name(item.prefix + key) for key in box.blank_without]
    if isinstance(item.section, Table) and not item.section.rows:
        # a row of a free table with nothing written in it shows nothing computed
        blank += [
            field_name(item.prefix + column.key)
            for column in item.section.columns
            if column.required and column.type is str
        ]
    reads = tuple(dict.fromkeys(translation.reads))
    return Script(field_name(item.path), expression, reads, tuple(blank))
