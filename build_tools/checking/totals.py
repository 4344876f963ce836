"""A sheet's derived boxes computed from the rule each box declares.

A derived box names its rule (`rule=`) and where each of the rule's arguments comes
from (`arguments={"cible": "CA", "bonus_de_parade": ("BP", "combat.BP")}`: a box of
the same row or group, a field from the top of the file, several added or taken
away, a field a box of the row names (`"moyens.{moyen}"`), the row of a table whose
box holds a value (`"competences[nom={competence}].BC"`), another rule's value
(`Computed`)). The engine calls the rule with those values, in the order the boxes
depend on each other: the value is written once, by the rule, and a sheet cannot
print another. What no rule of a box computes (a sum over a table) is the
description's `compute`; a derived box that neither computes is the game's mistake
(`uncomputed`). The same declaration gives the blank form its calculate actions
(sheets.scripts).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from build_tools.model.numbers import MINUS
from build_tools.model.sheet import Box, Computed, Description, Group, Table

LOOKUP = re.compile(r"^(?P<table>\w+)\[(?P<column>\w+)=(?P<wanted>[^\]]+)\]\.(?P<box>\w+)$")
"""A source in a table's row: `competences[nom={competence}].BC`."""
ROWS = re.compile(r"^(?P<table>\w+)\[\*\]\.(?P<box>\w+)$")
"""A table's column over its rows: `competences[*].points` is its sum (a blank box nought);
over a text column, `dons[*].nom` is the number of rows it is written in."""
FILTERED = re.compile(
    r"^(?P<aggregate>max|count)\((?P<table>\w+)\[(?P<filters>[^\]]+)\]\.(?P<box>\w+)\)$"
)
"""The rows of a table whose boxes hold given values, gathered: the greatest of their box
(`max(equipement[sorte=bouclier].bonus_ca)`, blank when no row holds them) or their number
(`count(dons[nom=Arme rapide, arme={nom}].nom)`); a value is a word or a box of the row
(`{nom}`), compared as a player writes it: trimmed, in any case."""
NAMED = re.compile(r"\{(\w+)\}")
"""A box of the row whose value names a field: `moyens.{moyen}`."""
_WAITING = object()
"""A source that is a derived box not computed yet."""


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
    section: Group | Table | None = None

    def source(self, reference: str) -> str:
        """The field an argument names: dotted from the top, else in the same row or group."""
        return reference if "." in reference else self.prefix + reference

    def sources(self, argument: str) -> tuple[str, ...]:
        """The fields an argument reads (a look-up: its table's column and box in its first
        row; a field a box names: each field it may name)."""
        return tuple(self._fields(self.box.arguments[argument]))

    def _fields(self, given) -> Iterator[str]:
        for _, term in terms(given):
            if isinstance(term, Computed):
                for inner in term.arguments.values():
                    yield from self._fields(inner)
                continue
            rows = ROWS.match(term)
            if rows:
                yield f"{rows['table']}.0.{rows['box']}"
                continue
            gathered = FILTERED.match(term)
            if gathered:
                for column, wanted in filters(gathered["filters"]):
                    yield from (self.prefix + named for named in NAMED.findall(wanted))
                    yield f"{gathered['table']}.0.{column}"
                yield f"{gathered['table']}.0.{gathered['box']}"
                continue
            lookup = LOOKUP.match(term)
            if lookup:
                for named in NAMED.findall(lookup["wanted"]):
                    yield self.prefix + named
                yield f"{lookup['table']}.0.{lookup['column']}"
                yield f"{lookup['table']}.0.{lookup['box']}"
                continue
            for named in NAMED.findall(term):
                yield self.prefix + named
            choices = [self.sibling(named).choices for named in NAMED.findall(term)]
            if not NAMED.search(term):
                yield self.source(term)
            elif len(choices) == 1 and choices[0]:
                name = NAMED.findall(term)[0]
                yield from (self.source(term.replace(f"{{{name}}}", c)) for c in choices[0])

    def sibling(self, key: str):
        """The box of the same row or group named `key` (a Box with no choices if none)."""
        boxes = getattr(self.section, "boxes", None) or getattr(self.section, "columns", ())
        return next((box for box in boxes if box.key == key), Box(key, key))


def filters(text: str) -> list[tuple[str, str]]:
    """A FILTERED source's (column, value) pairs: `sorte=bouclier, arme={nom}`."""
    return [
        (column.strip(), wanted.strip())
        for column, _, wanted in (part.partition("=") for part in text.split(","))
    ]


def same_words(written: Any, wanted: str) -> bool:
    """Whether a box holds a value as a FILTERED source compares them: trimmed, in any case."""
    return isinstance(written, str) and written.strip().lower() == wanted.strip().lower()


def applies(box: Box, prefix: str, character: Mapping[str, Any]) -> bool:
    """Whether a box applies to its row (`only_for`: a parade for a shield, none for a weapon)."""
    return all(
        any(same_words(_found(prefix + key, character), value) for value in values)
        for key, values in box.only_for.items()
    )


def terms(given) -> list[tuple[int, str | Computed]]:
    """A source's terms with their signs: « −defense.FR » is taken away."""
    parts = given if isinstance(given, tuple) else (given,)
    return [
        (-1, part[1:]) if isinstance(part, str) and part[:1] in (MINUS, "-") else (1, part)
        for part in parts
    ]


def placed_boxes(description: Description, rows: Mapping[str, int]) -> Iterator[Placed]:
    """Every derived box at its place; `rows` gives a free table's number of rows."""
    for section in description.sections:
        if isinstance(section, Group):
            prefix = f"{section.key}." if section.key else ""
            for box in section.boxes:
                if box.derived:
                    yield Placed(prefix + box.key, box, prefix, section)
            continue
        keys = [key for key, _ in section.rows] or [str(i) for i in range(rows.get(section.key, 0))]
        for key in keys:
            prefix = f"{section.key}.{key}."
            for box in section.columns:
                if box.derived:
                    yield Placed(prefix + box.key, box, prefix, section)


def _rows_of(description: Description, character: Mapping[str, Any]) -> dict[str, int]:
    return {
        section.key: len(character.get(section.key) or [])
        for section in description.sections
        if isinstance(section, Table) and not section.rows
    }


@dataclass
class _Totalling:
    """What a box's sources are read from: the description, the character, the values so far."""

    description: Description
    character: Mapping[str, Any]
    values: dict[str, Any]
    derived: set[str]

    def box(self, item: Placed) -> Any:
        """The box's value by its rule; None when a source is blank; _WAITING."""
        for key in item.box.blank_without:
            if _found(item.prefix + key, self.character) in (None, ""):
                return None
        if not applies(item.box, item.prefix, self.character):
            return None
        arguments = {a: self.source(g, item) for a, g in item.box.arguments.items()}
        if _WAITING in arguments.values():
            return _WAITING
        return None if None in arguments.values() else item.box.rule(**arguments)

    def source(self, given, item: Placed) -> Any:
        found = []
        for sign, term in terms(given):
            if isinstance(term, Computed):
                inner = {a: self.source(g, item) for a, g in term.arguments.items()}
                if _WAITING in inner.values():
                    return _WAITING
                value = None if None in inner.values() else term.rule(**inner)
            else:
                value = self.reference(term, item)
            if value is _WAITING:
                return _WAITING
            found.append((sign, value))
        if any(value is None for _, value in found):
            return None
        if len(found) == 1 and found[0][0] == 1:
            return found[0][1]
        return sum(sign * value for sign, value in found)

    def reference(self, reference: str, item: Placed) -> Any:
        rows = ROWS.match(reference)
        if rows:
            return self.column(rows["table"], rows["box"])
        gathered = FILTERED.match(reference)
        if gathered:
            return self.gathered(gathered, item)
        lookup = LOOKUP.match(reference)
        if lookup:
            wanted = self.filled(lookup["wanted"], item)
            rows = _found(lookup["table"], self.character) or []
            index = next(
                (
                    i
                    for i, row in enumerate(rows)
                    if wanted and isinstance(row, Mapping) and row.get(lookup["column"]) == wanted
                ),
                None,
            )
            if index is None:
                return blank_row(self.description, lookup["table"], lookup["box"])
            path = f"{lookup['table']}.{index}.{lookup['box']}"
        else:
            filled = self.filled(reference, item)
            if filled is None:
                return 0  # a field a blank box names: none, nought as a blank box
            path = item.source(filled)
        if path in self.derived:
            return self.values.get(path, _WAITING)
        return _value(path, self.character, self.values)

    def column(self, table: str, key: str) -> Any:
        """A column over the table's rows (ROWS): its sum, or a text column's rows written."""
        paths = [f"{table}.{i}.{key}" for i in range(len(_found(table, self.character) or []))]
        if column_box(self.description, table, key).type is str:
            return sum(1 for path in paths if _found(path, self.character) not in (None, ""))
        if any(path in self.derived and path not in self.values for path in paths):
            return _WAITING
        return sum(_value(path, self.character, self.values) or 0 for path in paths)

    def gathered(self, source: re.Match, item: Placed) -> Any:
        """A FILTERED source: the greatest box of the rows that hold the values, or their
        number."""
        wanted = [(c, self.filled(value, item)) for c, value in filters(source["filters"])]
        rows = _found(source["table"], self.character) or []
        matched = [
            index
            for index, row in enumerate(rows)
            if isinstance(row, Mapping)
            and all(value is not None and same_words(row.get(c), value) for c, value in wanted)
        ]
        if source["aggregate"] == "count":
            return len(matched)
        paths = [f"{source['table']}.{index}.{source['box']}" for index in matched]
        if any(path in self.derived and path not in self.values for path in paths):
            return _WAITING
        return max((_value(p, self.character, self.values) or 0 for p in paths), default=None)

    def named(self, key: str, item: Placed) -> Any:
        """A box of the row a reference names a field by; blank, its `default_by`'s value."""
        value = _found(item.prefix + key, self.character)
        tie = item.sibling(key).default_by
        if value in (None, "") and tie:
            value = tie[1].get(_found(item.prefix + tie[0], self.character))
        return value

    def filled(self, reference: str, item: Placed) -> str | None:
        """The reference with each `{box}` replaced by that box's value in the row."""
        names = {name: self.named(name, item) for name in NAMED.findall(reference)}
        if any(value in (None, "") for value in names.values()):
            return None
        return NAMED.sub(lambda m: str(names[m[1]]), reference)


def column_box(description: Description, table: str, key: str) -> Box:
    """The box of table `table`'s column `key`."""
    section = next(s for s in description.sections if s.key == table)
    return next(b for b in section.columns if b.key == key)


def blank_row(description: Description, table: str, key: str) -> Any:
    """A box of a row the table lacks, as a blank row gives it: nought, or its rule's value
    from noughts (the BC of a compétence never learnt: NC 0, BC −10)."""
    section = next(s for s in description.sections if s.key == table)
    box = next(b for b in section.columns if b.key == key)
    if not box.derived:
        return 0
    if box.rule is None or not box.arguments:
        return None
    return box.rule(**dict.fromkeys(box.arguments, 0))


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
    constants = {p.path: p.box.constant for p in placed if p.box.constant is not None}
    twice = sorted(path for path in constants if path in computed)
    if twice:
        raise TotalsError(
            f"{', '.join(twice)}: a constant of the rules and computed by the sheet's compute "
            "too: a derived value is written once"
        )
    totalling = _Totalling(
        description, character, dict(computed) | constants, {p.path for p in placed}
    )
    pending = list(by_rule)
    while pending:
        done = []
        for item in pending:
            value = totalling.box(item)
            if value is not _WAITING:
                totalling.values[item.path] = value
                done.append(item)
        if not done:
            break  # a box waiting on one nothing computes: `uncomputed` says which
        pending = [item for item in pending if item not in done]
    return totalling.values


def uncomputed(description: Description, character: Mapping[str, Any], values) -> list[str]:
    """The derived boxes of a character that nothing computed."""
    rows = _rows_of(description, character)
    return [p.path for p in placed_boxes(description, rows) if p.path not in values]


def _found(path: str, character: Mapping[str, Any]) -> Any:
    """The value of the file at a dotted path (`armes.0.nom`), None where it has none."""
    node: Any = character
    for part in path.split("."):
        if isinstance(node, list):
            node = (
                node[int(part)]
                if part.isascii() and part.isdigit() and int(part) < len(node)
                else None
            )
        elif isinstance(node, Mapping):
            node = node.get(part)
        else:
            node = None
    return node


def _value(path: str, character: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
    """A number a box reads. A number the file leaves out counts nought, as a blank box does
    on paper (no shield, no bonus); a derived box its `compute` left blank (None) leaves the
    boxes computed from it blank."""
    if path in values:
        return values[path]
    node = _found(path, character)
    return 0 if node is None else node


def field_name(path: str) -> str:
    """A character's field as the form names it: `armes.0.TA` is `armes-0-TA`."""
    return path.replace(".", "-")
