"""A step of the working written in the book's notation, from the formula its rule declares.

A rule's `formula` takes one of three forms:

- arithmetic, « TP = CA + BP − FA », written with the numbers put in:
  « TP = CA + BP − FA = 9 − 3 − 10 = −4 »;
- a look-up in one of the book's tables, « ND = tableau « les difficultés » [difficulté] »,
  written « Difficulté « très difficile » → ND 5 (tableau « les difficultés ») »;
- a decision by cases, « dé ≤ CA : réussite, °R = dé ; dé > CA : échec, °É = dé − CA »,
  written as the first case whose condition holds: « 18 > 16 : échec, °É = dé − CA = 18 −
  16 = 2 » (a condition may chain comparisons, « 1 < CA < 20 », and join them with « et »,
  « ou »; « sinon » always holds).

Each symbol stands for an argument of the rule (its name), a constant (its value) or a value
drawn from the arguments (a function of them, for a value the book names but the rule takes
in another shape). Numbers are written as the book writes them: true minus, decimal comma,
« ≈ » before a value that is no short decimal.
"""

from __future__ import annotations

import ast
import math
import operator
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from build_tools.checking.symbols import replaced, symbols_in
from build_tools.model.language import LANGUAGE
from build_tools.model.numbers import MINUS, integer, short_decimal, signed, with_mark
from build_tools.model.said import said_in

CASE_SEPARATOR = re.compile(r"\s+;\s+")
LOOKUP = re.compile(r"^(?P<source>[^\[\]=]*\S)\s*\[(?P<keys>[^\[\]]+)\]$")
OUTCOME = re.compile(r"^(?:(?P<words>[^=]*?),\s+)?(?P<formula>[^,]*=.*)$")
ALWAYS = ("sinon", "otherwise")
"""A case that always holds, in either language a formula is written in."""
NOTATION: dict[str, dict[str, str]] = {
    "fr": {
        "yes": "oui",
        "no": "non",
        "to": " à ",
        "quote": "« {} »",
        "then": " : ",
        "reads": "{} ; le texte lit {}",
    },
    "en": {
        "yes": "yes",
        "no": "no",
        "to": " to ",
        "quote": "“{}”",
        "then": ": ",
        "reads": "{}; the text reads {}",
    },
}
"""The words and marks the working is written with, by the book's language."""


def message_of(table: dict[str, Any], name: str, **fields: Any) -> str:
    """The message `name` of `table` (by language) in the checked book's, `fields` filled in."""
    return said_in(table, LANGUAGE.get())[name].format(**fields)


def _words() -> dict[str, str]:
    return NOTATION[LANGUAGE.get()]


OMITTED = "∅"
"""A term the call left at its default zero, left out of the written sum."""


def written(
    formula: str,
    symbols: Mapping[str, Any],
    arguments: Mapping[str, Any],
    result: Any,
    defaults: Mapping[str, Any] | None = None,
) -> str:
    """The rule's step as the book's notation writes it, or '' when its formula cannot say it.

    `defaults` are the values of the arguments the call left out: a term they
    make zero is left out of the sum (« CA = aspect + moyen + BC = 13 + 2 = 15 »),
    as is a term drawn from the arguments as None (a bonus that does not apply).
    """
    if not formula:
        return ""
    values = _values(symbols, {**(defaults or {}), **arguments})
    for symbol, meaning in symbols.items():
        left_out = isinstance(meaning, str) and meaning not in arguments and values.get(symbol) == 0
        if left_out or (symbol in values and values[symbol] is None):
            values[symbol] = OMITTED
    if CASE_SEPARATOR.search(formula) or " : " in formula:
        return _decision(formula, values, result)
    if "=" not in formula:
        return ""
    left, right = (part.strip() for part in formula.split("=", 1))
    lookup = LOOKUP.match(right)
    if lookup:
        return _lookup(left, lookup["source"], lookup["keys"], values, result)
    return _arithmetic(left, right, values, result, stated=not symbols and _is_value(right))


_PAIRS = {"(": ")", "[": "]", "⌊": "⌋", "⌈": "⌉", "«": "»", "“": "”"}
_BINARY = "+×÷/^"
_DOUBLED = re.compile(rf"[{_BINARY}−]\s*[{_BINARY}](?!\S)|[{_BINARY}]\s*[{_BINARY}]")
"""Two operators in a row (« 2d6 + + ATT »): a « − » may start a term, no other may."""
_DANGLING = re.compile(r"(?:^|[=(:;,])\s*[×÷/^](?=\s)|[+×÷/^−]\s*(?:$|[);,]|\s[=:]\s)")
"""An operator with no term on one side (« = × 2 », « 10 + »); « (+ 3 » is a sign."""
_ABBREVIATION = re.compile(r"(?<![\w°])[A-Z][A-Z0-9]+(?![\w(°])")


def fault_of(formula: str, symbols: Mapping[str, Any] | None) -> str:
    """Why `formula` is none of the three forms (arithmetic, look-up, cases) `written` reads, or
    '' when it is one: brackets left open, an operator doubled or without its term, a case with
    no « : », a symbol it does not write, a capitalized abbreviation no symbol stands for."""
    opened: list[str] = []
    for character in formula:
        if character in _PAIRS:
            opened.append(character)
        elif character in _PAIRS.values():
            if not opened or _PAIRS[opened.pop()] != character:
                return f"« {character} » closes no bracket opened before it"
    if opened:
        return f"« {opened[-1]} » is never closed"
    doubled = _DOUBLED.search(formula)
    if doubled:
        return f"« {doubled.group()} » is two operators in a row"
    dangling = _DANGLING.search(formula)
    if dangling:
        return f"« {dangling.group().strip()} » is an operator without its term"
    cases = CASE_SEPARATOR.split(formula.strip()) if CASE_SEPARATOR.search(formula) else []
    for case in cases:
        if " : " not in case:
            return f"its case « {case.strip()} » has no « : » between its condition and outcome"
    for symbol in symbols or {}:
        if next(symbols_in(formula, [symbol]), None) is None:
            return f"it does not write its symbol {symbol!r}"
    left, equals, right = formula.partition("=")
    if (
        symbols
        and equals
        and not cases
        and " : " not in formula
        and not LOOKUP.match(right.strip())
    ):
        rest = replaced(right, symbols, lambda name: "1")
        unknown = _ABBREVIATION.search(rest)
        if unknown:
            return f"« {unknown.group()} » is none of its symbols ({', '.join(symbols)})"
    return ""


def evaluate(expression: str, values: Mapping[str, Any] | None = None) -> Any:
    """The value of an expression of the book's notation (« 18 − 16 + 18 », « 1 < CA ≤ 20 »).

    Arithmetic is exact (`Fraction`) except for powers and logarithms; a
    comparison gives a bool. Raises `ValueError` for what is no such expression.
    """
    text = _substituted(expression, values or {}) if values else expression
    try:
        tree = ast.parse(python_text(text), mode="eval")
    except SyntaxError:
        raise ValueError(f"« {expression} » is no expression of numbers") from None
    return _value(tree.body)


def python_text(expression: str) -> str:
    """The book's notation as Python writes it (« CA ≤ 20 et dé = 1 »: « CA <= 20 and dé == 1 »)."""
    text = re.sub(r"(\d),(\d)", r"\1.\2", re.sub(r"\|([^|]+)\|", r"abs(\1)", expression))
    for french, python in (
        (MINUS, "-"),
        ("×", "*"),
        ("÷", "/"),
        ("^", "**"),
        ("log₁₀", "log10"),
        ("≤", "<="),
        ("≥", ">="),
        ("≠", "!="),
        ("%", ""),
        (" et ", " and "),
        (" ou ", " or "),
    ):
        text = text.replace(french, python)
    text = re.sub(r"(?<![<>=!])=(?!=)", "==", text)
    return re.sub(r"\b(?:oui|yes)\b", "True", re.sub(r"\b(?:non|no)\b", "False", text)).strip()


def french(value: Any) -> str:
    """A value as the book writes it: −4, 5,5, 54,55 (see `exact` for the « ≈ »), « oui »."""
    words, language = _words(), LANGUAGE.get()
    if isinstance(value, bool):
        return words["yes"] if value else words["no"]
    if isinstance(value, float):
        return with_mark(f"{value:.4g}", language)
    if isinstance(value, Fraction) and value.denominator != 1:
        return short_decimal(value, language) or with_mark(f"{float(value):.4g}", language)
    if isinstance(value, (int, Fraction)):
        return integer(value)
    if isinstance(value, str):
        return value
    if isinstance(value, (tuple, list)) and all(
        isinstance(item, (int, Fraction)) for item in value
    ):
        return ", ".join(french(item) for item in value)
    return str(value)


def exact(value: Any) -> bool:
    """Whether `french(value)` writes the value exactly (no « ≈ » needed before it)."""
    if isinstance(value, float):
        return value == float(f"{value:.4g}")
    if isinstance(value, Fraction) and value.denominator != 1:
        return bool(short_decimal(value, LANGUAGE.get()))
    return True


# -- the three forms ------------------------------------------------------------------------


def _arithmetic(
    left: str, right: str, values: dict[str, Any], result: Any, stated: bool = False
) -> str:
    """`stated`: the formula names no symbol, it states a value (« FP = −5 »), written as is."""
    if not values and not stated:
        return ""
    filled = _substituted(right, values)
    parts = _top_level_parts(filled)
    if (
        isinstance(result, tuple)
        and len(parts) == len(result) > 1
        and all(_is_number(value) for value in result)
    ):  # « CA, TH = CA − 20 × k, TH + k = 25 − 20 × 1, 0 + 1 = 5, 1 »
        return f"{left} = {right} = {filled} = {', '.join(french(value) for value in result)}"
    if not _is_number(result):
        try:
            result = evaluate(filled)
        except (ValueError, ArithmeticError):
            result = None
        if not _is_number(result):
            if filled == right:
                return ""
            bounds = _range(filled)  # « faces = ND + 1 à CA = 9 + 1 à 10 = 10 à 10 »
            return f"{left} = {right} = {filled}" + (
                f" = {bounds}" if bounds and bounds != filled else ""
            )
    if isinstance(result, Fraction) and not exact(result):  # « = 6/11 ≈ 0,5455 »
        equals, shown = "=", f"{_fraction(result)} ≈ {french(result)}"
    else:
        equals, shown = ("=" if exact(result) else "≈"), french(result)
    steps = [left, right] + ([filled] if filled != right else [])
    if steps[-1] == shown:  # « °R = dé = 18 »: the value is already written
        return " = ".join(steps)
    return f"{' = '.join(steps)} {equals} {shown}"


def _is_value(expression: str) -> bool:
    """Whether `expression` is a number of itself (« −5 », « 2 × 3 »), naming no symbol."""
    try:
        return _is_number(evaluate(expression))
    except (ValueError, ArithmeticError):
        return False


def _top_level_parts(expression: str) -> list[str]:
    """The expressions of a list « a, b », split at the commas outside parentheses."""
    parts, depth, start = [], 0, 0
    for index, character in enumerate(expression):
        depth += {"(": 1, ")": -1}.get(character, 0)
        if character == "," and depth == 0 and expression[index + 1 : index + 2] == " ":
            parts.append(expression[start:index].strip())
            start = index + 1
    return parts + [expression[start:].strip()]


def _range(filled: str) -> str:
    """« 9 + 1 à 10 » worked out as « 10 à 10 », or '' when it is no such range."""
    bounds = re.split(r" (?:à|to) ", filled)
    if len(bounds) != 2:
        return ""
    try:
        low, high = (evaluate(bound) for bound in bounds)
    except (ValueError, ArithmeticError):
        return ""
    if not (_is_number(low) and _is_number(high)):
        return ""
    return f"{french(low)}{_words()['to']}{french(high)}"


def _lookup(left: str, source: str, keys: str, values: dict[str, Any], result: Any) -> str:
    given = [
        f"{key} {_quoted(values[key])}"
        for key in (key.strip() for key in keys.split(","))
        if key in values
    ]
    if not given or not _writable(result) or isinstance(result, (tuple, list)):
        return ""
    said = ", ".join(given)
    return f"{said[0].upper()}{said[1:]} → {left} {_quoted(result)} ({source})"


def _decision(formula: str, values: dict[str, Any], result: Any) -> str:
    for case in CASE_SEPARATOR.split(formula.strip()):
        condition, separator, outcome = case.partition(" : ")
        if not separator:
            return ""
        condition = condition.strip()
        if condition not in ALWAYS:
            try:
                holds = evaluate(condition, values)
            except (ValueError, ArithmeticError):
                return ""
            if not holds:
                continue
        shown = "" if condition in ALWAYS else f"{_condition(condition, values)}{_words()['then']}"
        parts = OUTCOME.match(outcome.strip())
        if parts is None:
            return f"{shown}{outcome.strip()}"
        left, _, right = parts["formula"].partition("=")
        numbers = _is_number(result) or (
            isinstance(result, tuple) and all(_is_number(value) for value in result)
        )
        arithmetic = _arithmetic(left.strip(), right.strip(), values, result if numbers else None)
        words = f"{parts['words']}, " if parts["words"] else ""
        return f"{shown}{words}{arithmetic}" if arithmetic else ""
    return ""


def _condition(condition: str, values: Mapping[str, Any]) -> str:
    """A condition with the numbers put in, except where it names a face (« dé critique = 1 »)
    or is a fact of the step (« échec », a symbol that is true or false)."""
    parts = re.split(r"(\s+(?:et|ou|and|or)\s+)", condition)
    return "".join(
        part
        if re.fullmatch(r"\s*(?:et|ou|and|or)\s*", part)
        or re.fullmatch(r"\s*[^=<>≤≥≠]+?\s*=\s*[−-]?\d+\s*", part)
        or isinstance(values.get(part.strip()), bool)
        else re.sub(r"([<>≤≥=≠]\s*)\((−[^()]+)\)", r"\1\2", _substituted(part, values))
        for part in parts
    )


# -- values and symbols ---------------------------------------------------------------------


def _values(symbols: Mapping[str, Any], arguments: Mapping[str, Any]) -> dict[str, Any]:
    """Each symbol's value in this step: an argument's, a constant's, or one drawn from them."""
    values = {}
    for symbol, meaning in symbols.items():
        if isinstance(meaning, str):
            if meaning in arguments:
                values[symbol] = arguments[meaning]
        elif callable(meaning):
            try:
                values[symbol] = meaning(arguments)
            except (KeyError, TypeError, ValueError, ArithmeticError):
                continue
        else:
            values[symbol] = meaning
    # Only what the book's notation writes: numbers, words, a few numbers (never a record);
    # None is a term that does not apply.
    return {symbol: value for symbol, value in values.items() if value is None or _writable(value)}


def _writable(value: Any) -> bool:
    if isinstance(value, (tuple, list)):
        return all(_is_number(item) for item in value)
    return isinstance(value, (int, Fraction, float, str))


def _substituted(expression: str, values: Mapping[str, Any]) -> str:
    """`expression` with each symbol replaced by its value; « + −3 » written « − 3 »."""
    if not values:
        return expression.strip()
    names = sorted(values, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w°])(" + "|".join(re.escape(name) for name in names) + r")(?!\w)")

    def value_of(match: re.Match) -> str:
        value = values[match.group(1)]
        if isinstance(value, (tuple, list)):  # several numbers stand for their sum
            terms = " + ".join(french(item) for item in value) or "0"
            return f"({terms})" if len(value) > 1 else terms
        shown = (
            _fraction(value) if isinstance(value, Fraction) and not exact(value) else french(value)
        )
        return f"({shown})" if _is_number(value) and value < 0 else shown

    filled = pattern.sub(value_of, expression.strip())
    if expression.strip() in values and filled.startswith("("):  # « hausses = 1 + 1 »: no group
        filled = filled[1:-1]
    if OMITTED in filled:
        number = r"\d+(?:,\d+)?"
        filled = re.sub(rf"\s*[+−]\s*(?:{number}\s*×\s*)?{OMITTED}(?!\s*[×/÷^])", "", filled)
        filled = re.sub(rf"\s*[+−]\s*{OMITTED}\s*×\s*{number}(?!\s*[×/÷^])", "", filled)
        filled = re.sub(rf"^{OMITTED}\s*\+\s*", "", filled)
        filled = re.sub(rf"^{OMITTED}\s*−\s*", "−", filled)
        filled = filled.replace(OMITTED, "0")
    filled = re.sub(r"±\s*(?=[\d(])", "+ ", filled)  # « Enc ± d10° »: the roll carries its sign
    filled = re.sub(r"\+\s*\(−([^()]+)\)", r"− \1", filled)
    filled = re.sub(r"(\S\s+)−\s*\(−([^()]+)\)", r"\1+ \2", filled)  # « −(−3) » alone stays
    filled = re.sub(r"(^|[(,]\s*)\((−[^()]+)\)(?=[\s,)]|$)", r"\1\2", filled)
    filled = re.sub(r"\|\(−([^()]+)\)\|", r"|−\1|", filled)
    filled = re.sub(r"(?<![\w^])\((\d+(?:,\d+)?)\)", r"\1", filled)  # « (10) × 1 »: no group
    filled = re.sub(r"^\+\s*", "", filled)
    filled = re.sub(r"(^|[\s(])−0(?![\d,])", r"\g<1>0", filled)  # « −0 » is 0
    return filled


def _fraction(value: Fraction) -> str:
    return signed(f"{value.numerator}/{value.denominator}")


def _quoted(value: Any) -> str:
    """A word of a look-up between « », unless the book already quotes it (an adverb «...»)."""
    if not isinstance(value, str):
        return french(value)
    if value.startswith(("«", "“")) and value.endswith(("»", "”")):
        return value
    return _words()["quote"].format(value)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, Fraction, float)) and not isinstance(value, bool)


_OPERATORS: dict[type, Callable] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.Pow: operator.pow,
}
_COMPARISONS: dict[type, Callable] = {
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
}
_FUNCTIONS: dict[str, Callable] = {
    "abs": abs,
    "log10": lambda value: math.log10(float(value)),
    "min": min,
    "max": max,
}


def _value(node: ast.AST) -> Any:
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return Fraction(str(node.value))
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _value(node.left), _value(node.right)
        if isinstance(node.op, ast.Pow) and not (
            isinstance(right, Fraction) and right.denominator == 1
        ):
            return float(left) ** float(right)
        return _OPERATORS[type(node.op)](left, right)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _value(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.Compare) and all(type(op) in _COMPARISONS for op in node.ops):
        left = _value(node.left)
        for comparison, right_node in zip(node.ops, node.comparators, strict=True):
            right = _value(right_node)
            if not _COMPARISONS[type(comparison)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.BoolOp):
        results = [_value(value) for value in node.values]
        return all(results) if isinstance(node.op, ast.And) else any(results)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _FUNCTIONS
        and not node.keywords
    ):
        return _FUNCTIONS[node.func.id](*(_value(argument) for argument in node.args))
    raise ValueError("no expression of numbers")
