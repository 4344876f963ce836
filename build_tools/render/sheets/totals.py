"""A sheet's derived boxes computed from the rule each box declares, and their form scripts.

A derived box names its rule (`rule=`) and where each of the rule's arguments comes
from (`arguments={"cible": "CA", "bonus_de_parade": ("BP", "combat.BP")}`: a box of
the same row or group, a field from the top of the file, or several added). The
engine calls the rule with those values, in the order the boxes depend on each other:
the value is written once, by the rule, and a sheet cannot print another. What no
rule of a box computes (a sum over a table) is the description's `compute`; a derived
box that neither computes is the game's mistake (`uncomputed`).

The same declaration gives the blank form its calculate actions: the rule's formula
(`@rule(formula="TP = CA + BP − FA", symbols=...)`), each symbol replaced by the
fields its argument comes from, becomes a JavaScript expression; it is kept only when
it gives the rule's own values on sample inputs, so a form never computes what the
rules would not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from build_tools.checking.notation import evaluate
from build_tools.model.sheet import Box, Description, Group, Table

MINUS = "\u2212"
SAMPLES = ((3, 7, 11, 13, 17), (8, 2, 5, 21, 4), (14, 1, 20, 6, 2))
"""Values given to a script's fields to hold it to its rule: primes and mixes."""


class TotalsError(Exception):
    """A derived box computed twice (its rule and the description's `compute`): the game's
    mistake, named by its field."""


@dataclass(frozen=True)
class Placed:
    """A derived box at its place in a character: its field (`armes.0.TA`) and its row's."""

    path: str
    box: Box
    prefix: str
    """The field of its row or group, with a trailing dot (`armes.0.`), or ''."""

    def source(self, reference: str) -> str:
        """The field an argument names: dotted from the top, else in the same row or group."""
        return reference if "." in reference else self.prefix + reference

    def sources(self, argument: str) -> tuple[str, ...]:
        given = self.box.arguments[argument]
        return tuple(self.source(r) for r in ((given,) if isinstance(given, str) else given))


def placed_boxes(description: Description, rows: Mapping[str, int]) -> Iterator[Placed]:
    """Every derived box at its place; `rows` gives a free table's number of rows."""
    for section in description.sections:
        if isinstance(section, Group):
            prefix = f"{section.key}." if section.key else ""
            for box in section.boxes:
                if box.derived:
                    yield Placed(prefix + box.key, box, prefix)
            continue
        keys = [key for key, _ in section.rows] or [str(i) for i in range(rows.get(section.key, 0))]
        for key in keys:
            prefix = f"{section.key}.{key}."
            for box in section.columns:
                if box.derived:
                    yield Placed(prefix + box.key, box, prefix)


def _rows_of(description: Description, character: Mapping[str, Any]) -> dict[str, int]:
    return {
        section.key: len(character.get(section.key) or [])
        for section in description.sections
        if isinstance(section, Table) and not section.rows
    }


def totals(description: Description, character: Mapping[str, Any]) -> dict[str, Any]:
    """Every derived box of a character: by its rule where it declares its arguments, the
    rest by the description's `compute`. TotalsError for a box both compute."""
    computed = dict(description.compute(character)) if description.compute else {}
    placed = [p for p in placed_boxes(description, _rows_of(description, character))]
    by_rule = [p for p in placed if p.box.arguments]
    twice = sorted(p.path for p in by_rule if p.path in computed)
    if twice:
        raise TotalsError(
            f"{', '.join(twice)}: computed by its rule (arguments=) and by the sheet's "
            "compute too: a derived value is written once, by its rule"
        )
    values = dict(computed)
    pending = list(by_rule)
    while pending:
        ready = [
            p
            for p in pending
            if all(_known(s, values, placed) for a in p.box.arguments for s in p.sources(a))
        ]
        if not ready:
            break  # a box waiting on one nothing computes: `uncomputed` says which
        for item in ready:
            arguments = {
                argument: _argument(item.sources(argument), character, values)
                for argument in item.box.arguments
            }
            known = None not in arguments.values()
            values[item.path] = item.box.rule(**arguments) if known else None
            pending.remove(item)
    return values


def _argument(sources: tuple[str, ...], character, values) -> Any:
    """An argument's value: its field's, or the sum of its fields'. A number the file leaves
    out counts nought, as a blank box does on paper (no shield, no bonus); a derived box
    its `compute` left blank (None) leaves the boxes computed from it blank."""
    found = [_value(source, character, values) for source in sources]
    if None in found:
        return None
    return found[0] if len(found) == 1 else sum(found)


def uncomputed(description: Description, character: Mapping[str, Any], values) -> list[str]:
    """The derived boxes of a character that nothing computed."""
    rows = _rows_of(description, character)
    return [p.path for p in placed_boxes(description, rows) if p.path not in values]


def _known(path: str, values, placed) -> bool:
    derived = any(p.path == path for p in placed)
    return path in values if derived else True


def _value(path: str, character: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
    if path in values:
        return values[path]  # None: its compute leaves it blank
    node: Any = character
    for part in path.split("."):
        if isinstance(node, list):
            node = (
                node[int(part)]
                if part.isascii() and part.isdigit() and int(part) < len(node)
                else None
            )
        elif isinstance(node, dict):
            node = node.get(part)
        else:
            node = None
    return 0 if node is None else node


# -- the form's calculate actions ----------------------------------------------------------


@dataclass(frozen=True)
class Script:
    """A derived field's calculate action: its JavaScript and the fields it reads."""

    field: str
    """The PDF field (`armes-0-TA`)."""
    expression: str
    """The value, in JavaScript, each field read by `v("name")`."""
    reads: tuple[str, ...]

    @property
    def javascript(self) -> str:
        return (
            "var d = this;\n"
            "function v(name) { var f = d.getField(name); if (f === null) return 0;\n"
            '  var n = Number(String(f.value).replace("\\u2212", "-").replace(",", "."));\n'
            "  return isNaN(n) ? 0 : n; }\n"
            f"event.value = {self.expression};\n"
        )


def scripts(description: Description) -> list[Script]:
    """The calculate actions of the blank form, in calculation order (a field after those it
    reads); a derived box whose rule's formula is not arithmetic of its arguments has none."""
    rows = {
        section.key: section.blank_rows
        for section in description.sections
        if isinstance(section, Table) and not section.rows
    }
    found: dict[str, Script] = {}
    for item in placed_boxes(description, rows):
        script = _script(item)
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


def field_name(path: str) -> str:
    return path.replace(".", "-")


def _script(item: Placed) -> Script | None:
    box = item.box
    citation = getattr(box.rule, "citation", None)
    if not box.arguments or citation is None or "=" not in citation.formula:
        return None
    right = citation.formula.partition("=")[2]
    reads: list[str] = []
    replacements = {}
    for symbol, meaning in citation.symbols.items():
        if isinstance(meaning, str):
            if meaning not in box.arguments:
                return None
            sources = [field_name(s) for s in item.sources(meaning)]
            reads += sources
            replacements[symbol] = "(" + " + ".join(f'v("{s}")' for s in sources) + ")"
        elif isinstance(meaning, int | Fraction) and not isinstance(meaning, bool):
            replacements[symbol] = f"({meaning})"
        else:
            return None
    names = "|".join(re.escape(s) for s in sorted(replacements, key=len, reverse=True))
    if not names:
        return None
    expression = re.sub(rf"(?<![\w°])({names})(?!\w)", lambda m: replacements[m[1]], right)
    expression = expression.replace(MINUS, "-").replace("×", "*").strip()
    bare = re.sub(r'v\("[^"]*"\)', "", expression)
    if re.search(r"[^\d\s+\-*().]", bare):
        return None  # words, cases, a division: not arithmetic a form can be trusted with
    script = Script(field_name(item.path), expression, tuple(dict.fromkeys(reads)))
    return script if _holds(script, item) else None


def _holds(script: Script, item: Placed) -> bool:
    """Whether the script gives the rule's value for every set of sample inputs."""
    for sample in SAMPLES:
        inputs = {name: sample[i % len(sample)] for i, name in enumerate(script.reads)}
        arguments = {
            argument: sum(inputs[field_name(s)] for s in item.sources(argument))
            for argument in item.box.arguments
        }
        try:
            expected = item.box.rule(**arguments)
        except Exception:
            return False
        numbers = re.sub(
            r'v\("([^"]*)"\)', lambda m, given=inputs: str(given[m[1]]), script.expression
        )
        if evaluate(numbers) != expected:
            return False
    return True
