"""The blank form's calculate actions: each derived box's rule's formula in JavaScript.

The declaration that computes a box (checking.totals: its rule, where each argument comes
from) gives its script: the rule's formula (sheets.formulas), each symbol replaced by the
JavaScript of the source its argument comes from (a field, a sum, the field a box names,
a table's row, a column summed over a table's rows or its rows counted, the greatest box
or the number of the rows holding given values, a word of the row, another rule's
formula). A script is kept only when its formula gives the rule's own values on sample
arguments, so a form never computes what the rules would not.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping
from typing import Any

from build_tools.checking.totals import (
    FILTERED,
    LOOKUP,
    NAMED,
    ROWS,
    Placed,
    blank_row,
    column_box,
    field_name,
    filters,
    placed_boxes,
    terms,
)
from build_tools.model.sheet import Computed, Description, Table
from build_tools.render.sheets.formulas import Shape

HELPERS = (
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
    "function m(table, tests, box, most) { var best = NaN, n = 0;\n"
    "  for (var i = 0; d.getField(table + '-' + i + '-' + box) !== null; i++) {\n"
    "    var all = true;\n"
    "    for (var c in tests) { var w = String(tests[c]).trim().toLowerCase();\n"
    "      if (w === '' || t(table + '-' + i + '-' + c).toLowerCase() !== w) all = false; }\n"
    "    if (!all) continue;\n"
    "    n++; var x = v(table + '-' + i + '-' + box); if (isNaN(best) || x > best) best = x; }\n"
    "  return most ? best : n; }\n"
    "function g(table, key) { key = key.toLowerCase();\n"
    "  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : NaN; }\n"
    "function o(word, table, name) { return word !== '' ? word :\n"
    "  Object.prototype.hasOwnProperty.call(table, name) ? table[name] : ''; }\n"
    "function p(x) { var n = Math.floor(Math.abs(x) * 100 + 0.5 + 1e-9);\n"
    "  if (!isFinite(n)) return String(x);\n"
    "  var s = String(Math.floor(n / 100));\n"
    '  var c = String(100 + n % 100).slice(1).replace(/0+$/, "");\n'
    '  return (x < 0 && n > 0 ? "\\u2212" : "") + s + (c ? "," + c : ""); }\n'
)
"""What every script reads fields with: a number (`v`), a text (`t`), a table's row (`r`),
the greatest box or the number of the rows holding given values (`m`), a rule's table by
the words written (`g`), a word written or the one the rules tie to the row's name (`o`);
and how it writes a quotient as the sheet prints it (`p`: « 1,3 », two decimals at most,
rounded half away from zero as `model.numbers.decimal` rounds; the 1e-9 takes a half that
a binary float holds a hair under, 1,005, as the half it is).
A value that cannot be worked out (no shield carried, a sorte and a taille the rules'
table lacks) is NaN, and the box shows nothing."""


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
    only: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Fields and the words one of which each must hold for this one to apply (Box.only_for:
    a parade for a shield or an armour)."""

    @property
    def javascript(self) -> str:
        empty = [f't("{name}") === ""' for name in self.blank]
        for name, values in self.only:
            words = json.dumps([value.lower() for value in values], ensure_ascii=False)
            empty.append(f'{words}.indexOf(t("{name}").toLowerCase()) < 0')
        empty.append('(typeof x === "number" && isNaN(x))')
        shown = " || ".join(empty)
        return f'{HELPERS}var x = {self.expression};\nevent.value = ({shown}) ? "" : x;\n'


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
        gathered = FILTERED.match(reference)
        if gathered:
            table, key = gathered["table"], gathered["box"]
            if table not in self.rows:
                return None
            tests = []
            for column, wanted in filters(gathered["filters"]):
                self.reads += [f"{table}-{i}-{column}" for i in range(self.rows[table])]
                tests.append(f"{json.dumps(column)}: {self.text(wanted)}")
            self.reads += [f"{table}-{i}-{key}" for i in range(self.rows[table])]
            most = "true" if gathered["aggregate"] == "max" else "false"
            return f'm("{table}", {{{", ".join(tests)}}}, "{key}", {most})'
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
        if len(names) > 1:
            return None  # one named part of a field from the top: « moyens.{moyen} »
        head, _, tail = reference.partition(f"{{{names[0]}}}")
        if "." not in head:
            return None
        head, tail = field_name(head), field_name(tail)
        choices = self.item.sibling(names[0]).choices
        self.reads += [f"{head}{choice}{tail}" for choice in choices]
        named = self.named(names[0])
        return f'v("{head}" + {named} + "{tail}")' if tail else f'v("{head}" + {named})'

    def named(self, key: str) -> str:
        """The JavaScript of a box of the row that names a field; blank, its `default_by`'s."""
        written = f't("{field_name(self.item.prefix + key)}")'
        tie = self.item.sibling(key).default_by
        if not tie:
            return written
        by = field_name(self.item.prefix + tie[0])
        self.reads.append(by)
        table = {name: value for name, value in tie[1].items() if isinstance(value, str)}
        return f'o({written}, {json.dumps(table, ensure_ascii=False)}, t("{by}"))'

    def text(self, wanted: str) -> str:
        """A looked-up value: a box of the row's text, or written out (« Évitement »)."""
        names = NAMED.fullmatch(wanted)
        if names:
            return self.named(names[1])
        return json.dumps(wanted, ensure_ascii=False)

    def formula(self, rule, arguments: Mapping[str, Any]) -> str | None:
        """The JavaScript of `rule`'s formula, each argument's symbol its source's, if it holds
        to the rule on sample arguments."""
        citation = getattr(rule, "citation", None)
        if citation is None or not citation.formula:
            return None
        words = self.words(arguments)
        shape = Shape.of(citation, rule, arguments, words)
        if shape is None:
            return None
        sources = {}
        for argument in shape.arguments:
            if argument in words:
                field = field_name(self.item.source(arguments[argument]))
                self.reads.append(field)
                sources[argument] = f'(t("{field}"))'
                continue
            script = self.source(arguments[argument])
            if script is None:
                return None
            sources[argument] = f"({script})"
        return shape.javascript(sources)

    def words(self, arguments: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
        """The arguments that are the words of a box of the row with its choices (an object's
        sorte and taille), with those choices."""
        found = {}
        for argument, given in arguments.items():
            if isinstance(given, str) and re.fullmatch(r"\w+", given):
                box = self.item.sibling(given)
                if box.type is str and box.choices:
                    found[argument] = box.choices
        return found


def _script(item: Placed, description: Description, rows: Mapping[str, int]) -> Script | None:
    box = item.box
    if box.constant is not None:  # the rules' constant, the same for every character
        return Script(field_name(item.path), str(int(box.constant)), ())
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
    only = tuple(
        (field_name(item.prefix + key), tuple(values)) for key, values in box.only_for.items()
    )
    reads = tuple(dict.fromkeys(translation.reads))
    return Script(field_name(item.path), expression, reads, tuple(blank), only)
