"""A character file (TOML) read, checked against its game's description and rules, and totalled.

The file's fields, their types and bounds come from the game's `Description`;
its rules then check what the bounds cannot (the moyens' sum, a feat's
prerequisites…), and compute every derived box. Each mistake is a diagnostic
naming the file, the line and the field, in French (the book's language), with
the place in the book of the rule it breaks.

Over 500 lines, for a reason: the whole reading of a character file (its gate, its
structure, its rules, its totals) and its messages in both languages, each mistake
at its line, in the one module a player's file goes through.
"""

from __future__ import annotations

import copy
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from build_tools import limits
from build_tools.checking.totals import TotalsError, totals, uncomputed
from build_tools.diagnostics import toml_error_place
from build_tools.model.language import LANGUAGE, folder_language, writing_in
from build_tools.model.numbers import integer, with_mark
from build_tools.model.sheet import Box, Description, Group, Mistake, Table, Track
from build_tools.resources import Refused, read_text

NARROW = "\u202f"
"""The narrow no-break space French typography puts before ; ! ? and inside « »."""
COLON = "\u00a0:"

MESSAGES: dict[str, dict[str, str]] = {
    "fr": {
        "unknown_field": "champ inconnu « {key} » (champs\u00a0: {fields})",
        "not_a_table": "« {key} » doit être une table ([{key}])",
        "missing_table": "il manque la table [{key}] ({title})",
        "not_a_table_of_rows": "« {key} » doit être une table ([{key}.…])",
        "unknown_row": "« {row} » inconnu (au choix\u00a0: {rows})",
        "not_a_list_of_tables": "« {key} » doit être une liste de tables ([[{key}]])",
        "derived_written": "{label} est un total calculé par les règles ({formula})\u00a0: "
        "il ne s’écrit pas dans le fichier",
        "missing": "il manque {name} ({key} = …)",
        "not_whole": "{label} doit être un nombre entier, pas {shown}",
        "not_text": "{label} doit être un texte entre guillemets, pas {shown}",
        "not_a_choice": "{label} « {value} » n’existe pas (au choix\u00a0: {choices})",
        "quoted": "« {text} »",
        "is": "{label} vaut {value}\u202f; ",
        "from_to": "il va de {low} à {high}",
        "at_least": "il vaut au moins {low}",
        "at_most": "il vaut au plus {high}",
        "a_boolean": "un booléen",
        "the_text": "le texte « {text} »",
        "the_decimal": "le nombre à virgule {number}",
        "a_list": "une liste",
        "a_table": "une table",
        "not_toml": "ce n’est pas du TOML valide\u00a0: {reason}",
        "not_utf8": "le fichier n’est pas en UTF-8 (octet {byte})",
        "no_file": "le fichier n’existe pas",
        "a_folder": "c’est un dossier, non un fichier",
        "refused": "la lecture du fichier est refusée",
        "too_large": "le fichier dépasse {bound} octets (rulebook.limits.COMPANION_BYTES)",
        "leads_outside": "le fichier mène hors du dossier du livre par un lien symbolique\u00a0:"
        " refusé",
        "not_regular": "ce n’est pas un fichier ordinaire",
    },
    "en": {
        "unknown_field": "unknown field “{key}” (fields: {fields})",
        "not_a_table": "“{key}” must be a table ([{key}])",
        "missing_table": "the table [{key}] is missing ({title})",
        "not_a_table_of_rows": "“{key}” must be a table ([{key}.…])",
        "unknown_row": "unknown “{row}” (one of: {rows})",
        "not_a_list_of_tables": "“{key}” must be a list of tables ([[{key}]])",
        "derived_written": "{label} is a total the rules compute ({formula}): "
        "it is not written in the file",
        "missing": "{name} is missing ({key} = …)",
        "not_whole": "{label} must be a whole number, not {shown}",
        "not_text": "{label} must be a text in quotes, not {shown}",
        "not_a_choice": "{label} “{value}” is none of the choices ({choices})",
        "quoted": "“{text}”",
        "is": "{label} is {value}; ",
        "from_to": "it goes from {low} to {high}",
        "at_least": "it is at least {low}",
        "at_most": "it is at most {high}",
        "a_boolean": "true or false",
        "the_text": "the text “{text}”",
        "the_decimal": "the decimal number {number}",
        "a_list": "a list",
        "a_table": "a table",
        "not_toml": "this is not valid TOML: {reason}",
        "not_utf8": "the file is not UTF-8 (byte {byte})",
        "no_file": "the file does not exist",
        "a_folder": "it is a folder, not a file",
        "refused": "the file cannot be read (permission denied)",
        "too_large": "the file is larger than {bound} bytes (rulebook.limits.COMPANION_BYTES)",
        "leads_outside": "the file leads out of the book's folder by a symbolic link: refused",
        "not_regular": "this is not a regular file",
    },
}
"""What a character file's mistakes say, in the language of its book (a player reads them)."""


def _say(message: str, /, **values: Any) -> str:
    """The words of `message` in the language of the character's book."""
    return MESSAGES[LANGUAGE.get()][message].format(**values)


def _book_folder(path: Path, folder: Path | None) -> Path | None:
    """The game's folder a character file belongs to: `folder`, else the nearest folder
    above the file that holds a game (its __init__.py)."""
    if folder is not None:
        return folder
    for parent in Path(path).absolute().parents:
        if (parent / "__init__.py").is_file():
            return parent
    return None


COMMON_FIELDS = {
    "livre": "the book's folder under source/ (cda, harmonies, edad)",
    "notes": "free text, printed in the sheet's Notes box",
    "incomplet": "true for a character of the book's examples that its text gives only in part: "
    "its game then skips the creation counts, not the bounds",
}
"""The fields of every character file, whatever its game (French keys, as the file is)."""


@dataclass
class Diagnostic:
    """One mistake of a character file: where, which field, what."""

    file: Path
    line: int
    field: str
    message: str

    def astext(self) -> str:
        field = f"{self.field}{COLON} " if self.field else ""
        where = f"{self.file}:{self.line}:1" if self.line else f"{self.file}"
        return f"{where}: error: {field}{self.message}"


class UnusableCharacter(Exception):
    """A character file that cannot give a sheet: its diagnostics."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__("\n".join(d.astext() for d in diagnostics))
        self.diagnostics = diagnostics


@dataclass
class Character:
    """A character read from its file: the values written, and the totals the rules derive."""

    file: Path
    book: str
    values: dict[str, Any]
    totals: dict[str, Any] = field(default_factory=dict)

    def value(self, path: str) -> Any:
        """A written value or a derived total by its field (`moyens.Pu`, `armes.0.TA`)."""
        if path in self.totals:
            return self.totals[path]
        node: Any = self.values
        for part in path.split("."):
            if isinstance(node, list):
                index = int(part)
                if index >= len(node):
                    return None
                node = node[index]
            elif isinstance(node, dict):
                if part not in node:
                    return None
                node = node[part]
            else:
                return None
        return node

    @property
    def name(self) -> str:
        return str(self.values.get("nom", self.file.stem))


def book_named_by(path: Path, books: Callable[[], Iterable[str]]) -> str:
    """The book a character file names (`livre = "cda"`): read before its game is known;
    `books()` the names of the books there are, said when the file names none."""
    text = _read_text(path)
    book = _toml(path, text).get("livre")
    if not isinstance(book, str) or not book:
        raise UnusableCharacter([unknown_book(path, "", books())])
    return book


def misplaced(path: Path, name: str, folder_of: str) -> Diagnostic:
    """The mistake of a file in one book's folder that names another book."""
    message = (
        f"le fichier nomme le livre « {name} », mais il est dans le dossier du livre "
        f'« {folder_of} » (livre = "{folder_of}")'
    )
    return Diagnostic(path, FieldLines(_read_text(path)).line_of("livre"), "livre", message)


def unknown_book(path: Path, name: str, names: Iterable[str]) -> Diagnostic:
    """The mistake of a file whose `livre` names no book: the books there are (`names`, which
    the command finds: this floor knows no book folder), at its line."""
    books = ", ".join(f"« {book} »" for book in names) or "aucun"
    said = f"aucun livre ne s’appelle « {name} »" if name else "le fichier doit nommer son livre"
    message = f"{said} (livre = le dossier du livre sous source/{COLON} {books})"
    return Diagnostic(path, FieldLines(_read_text(path)).line_of("livre"), "livre", message)


def read_character(
    path: Path,
    description: Description,
    place: Callable[[str], str],
    folder: Path | None = None,
    language: str | None = None,
) -> Character:
    """Read, check and total the character of `path`; `place(words)` gives a rule's place.

    `folder`, when given, is the book's: a character file linking out of it is refused.
    Its mistakes are said in `language`, the book's (when not given: the language of the
    book folder the file is in). Raises `UnusableCharacter` with every mistake found.
    """
    if language is None:
        book_folder = _book_folder(path, folder)
        language = folder_language(book_folder) if book_folder else "fr"
    with writing_in(language):
        return _read_character(path, description, place, folder)


def _read_character(path, description, place, folder) -> Character:
    text = _read_text(path, folder)
    data = _toml(path, text)
    lines = FieldLines(text)
    structure = list(_structure(data, description))
    diagnostics = [
        Diagnostic(
            path,
            lines.line_of(field),
            field,
            _placed(message, place) if isinstance(message, Mistake) else message,
        )
        for field, message in structure
    ]
    for mistake in _rule_mistakes(data, description, structure):
        diagnostics.append(
            Diagnostic(path, lines.line_of(mistake.field), mistake.field, _placed(mistake, place))
        )
    if diagnostics:
        raise UnusableCharacter(diagnostics)
    try:
        values = totals(description, data)
    except TotalsError as twice:
        raise UnusableCharacter([Diagnostic(path, 0, "", str(twice))]) from None
    missing = uncomputed(description, data, values)
    if missing:
        raise UnusableCharacter(
            [
                Diagnostic(
                    path,
                    0,
                    field,
                    f"the sheet computes no value for {field}: its box declares no rule "
                    "with arguments, and the sheet's compute gives none (a game's mistake)",
                )
                for field in missing
            ]
        )
    return Character(path, data["livre"], data, values)


def _rule_mistakes(data, description: Description, structure) -> list[Mistake]:
    """The rules' mistakes of a file, beside its mistakes of structure: every error in one run.

    The rules are written for a well-typed character: they read it with the
    fields of a wrong type (or unknown) left out, or, when that is still not
    enough for them, with the whole groups and tables holding such fields left
    out. A mistake of theirs about a field the structure already found wrong (or
    a group holding it, or a field inside it) is that same fault, said once.
    A file the rules cannot read even so keeps its structure's mistakes alone.
    """
    if not structure:
        return description.check(data)
    faulty = [path for path, _ in structure]
    untyped = [path for path, message in structure if not isinstance(message, Mistake)]
    tops = {path.split(".")[0] for path in untyped}
    for pruned in (_without(data, untyped), {k: v for k, v in data.items() if k not in tops}):
        try:
            mistakes = description.check(pruned)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            continue
        return [m for m in mistakes if not any(_overlap(m.field, f) for f in faulty)]
    return []


def _without(data: Mapping[str, Any], fields: list[str]) -> dict[str, Any]:
    """A deep copy of `data` without the values at `fields` (dotted paths, list indexes)."""
    kept = copy.deepcopy(dict(data))
    for path in fields:
        *parents, last = path.split(".")
        holder: Any = kept
        for part in parents:
            if isinstance(holder, list):
                holder = holder[int(part)] if part.isdigit() and int(part) < len(holder) else None
            else:
                holder = holder.get(part)
            if not isinstance(holder, (dict, list)):
                break
        else:
            if isinstance(holder, dict):
                holder.pop(last, None)
    return kept


def _overlap(one: str, other: str) -> bool:
    """Whether two dotted fields are one, or one holds the other."""
    return one == other or one.startswith(other + ".") or other.startswith(one + ".")


def _placed(mistake: Mistake, place: Callable[[str], str]) -> str:
    """The message with the rule's place, typographic apostrophes throughout."""
    message = mistake.message.replace("'", "’")
    if not mistake.cites:
        return message
    return f"{message} ({place(mistake.cites).replace(chr(39), '’')})"


def _read_text(path: Path, folder: Path | None = None) -> str:
    try:
        return read_text(Path(path), folder, "COMPANION_BYTES")
    except Refused as error:
        said = {"limit": "too_large", "outside": "leads_outside", "special": "not_regular"}
        reason = _say(said.get(error.kind, "refused"), bound=limits.COMPANION_BYTES)
        # at the file's first line: the character file's fault, never the sheet's description
        raise UnusableCharacter([Diagnostic(path, 1, "", reason)]) from None
    except OSError as error:
        reason = {
            FileNotFoundError: _say("no_file"),
            IsADirectoryError: _say("a_folder"),
            PermissionError: _say("refused"),
        }.get(type(error), f"fichier illisible ({error.strerror or error})")
        raise UnusableCharacter([Diagnostic(path, 0, "", reason)]) from None
    except UnicodeDecodeError as error:
        raise UnusableCharacter(
            [Diagnostic(path, 1, "", _say("not_utf8", byte=error.start))]
        ) from None


def _toml(path: Path, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, _, reason = toml_error_place(error, text)
        raise UnusableCharacter(
            [Diagnostic(path, line or 1, "", _say("not_toml", reason=reason))]
        ) from None


# -- structure: known fields, types, bounds -----------------------------------------------


def _structure(data: Mapping[str, Any], description: Description):
    """(field, message) for every unknown field, wrong type, value out of bounds, missing field."""
    known = set(COMMON_FIELDS) | {box.key for box in description.header}
    for section in description.sections:
        if isinstance(section, Group) and not section.key:
            known |= {box.key for box in section.boxes}
        else:
            known.add(section.key)
    for key in data:
        if key not in known:
            yield key, _say("unknown_field", key=key, fields=", ".join(sorted(known)))
    if not isinstance(data.get("incomplet", False), bool):
        yield "incomplet", "incomplet vaut true ou false"
    if not isinstance(data.get("notes", ""), str):
        yield "notes", 'les notes sont un texte entre guillemets ("""…""" sur plusieurs lignes)'
    yield from _boxes(data, description.header, "")
    for section in description.sections:
        if isinstance(section, Group):
            if not section.key:
                yield from _boxes(data, section.boxes, "")
            elif section.key in data:
                value = data[section.key]
                if not isinstance(value, dict):
                    yield section.key, _say("not_a_table", key=section.key)
                else:
                    yield from _unknown(value, section.boxes, section.key)
                    yield from _boxes(value, section.boxes, section.key)
            elif any(box.required for box in section.boxes):
                yield section.key, _say("missing_table", key=section.key, title=section.title)
        elif section.key in data:
            yield from _table(data[section.key], section)


def _table(value: Any, table: Table):
    if table.rows:
        if not isinstance(value, dict):
            yield table.key, _say("not_a_table_of_rows", key=table.key)
            return
        rows = dict(table.rows)
        for row, content in value.items():
            path = f"{table.key}.{row}"
            if row not in rows:
                yield path, _say("unknown_row", row=row, rows=", ".join(rows))
            elif not isinstance(content, dict):
                yield path, _say("not_a_table", key=path)
            else:
                yield from _unknown(content, table.columns, path)
                yield from _boxes(content, table.columns, path)
        return
    if not isinstance(value, list) or not all(isinstance(row, dict) for row in value):
        yield table.key, _say("not_a_list_of_tables", key=table.key)
        return
    for index, row in enumerate(value):
        path = f"{table.key}.{index}"
        yield from _unknown(row, table.columns, path)
        yield from _boxes(row, table.columns, path)


def _unknown(value: Mapping[str, Any], boxes, path: str):
    known = {box.key: box for box in boxes}
    for key in value:
        if key not in known:
            written = ", ".join(box.key for box in boxes if not box.derived)
            yield f"{path}.{key}", _say("unknown_field", key=key, fields=written)
        elif known[key].derived:
            box = known[key]
            yield (
                f"{path}.{key}",
                _say("derived_written", label=box.label, formula=box.formula),
            )


def _boxes(value: Mapping[str, Any], boxes, path: str):
    for box in boxes:
        if box.derived:
            continue
        field = f"{path}.{box.key}" if path else box.key
        if box.key not in value:
            if box.required:
                yield field, _say("missing", name=box.name, key=box.key)
            continue
        yield from _value(value[box.key], box, field)


def _value(value: Any, box: Box | Track, field: str):
    if box.type is int:
        if isinstance(value, bool) or not isinstance(value, int):
            yield field, _say("not_whole", label=box.label, shown=_shown(value))
            return
        low, high = box.minimum, box.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            # a bound is a rule of the book: the message gives its place, as a check's does
            message = _say("is", label=box.label, value=integer(value)) + _bounds(low, high)
            yield field, Mistake(field, message, getattr(box, "cites", ""))
        return
    if not isinstance(value, str):
        yield field, _say("not_text", label=box.label, shown=_shown(value))
        return
    if box.choices and value not in box.choices:
        choices = ", ".join(_say("quoted", text=c) for c in box.choices)
        yield field, _say("not_a_choice", label=box.label, value=value, choices=choices)


def _bounds(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return _say("from_to", low=integer(low), high=integer(high))
    if low is not None:
        return _say("at_least", low=integer(low))
    return _say("at_most", high=integer(high))


def _shown(value: Any) -> str:
    """What a value of the wrong type is, in words."""
    if isinstance(value, bool):
        return _say("a_boolean")
    if isinstance(value, str):
        return _say("the_text", text=value)
    if isinstance(value, float):
        shown = with_mark(str(value), LANGUAGE.get())
        return _say("the_decimal", number=shown)
    if isinstance(value, list):
        return _say("a_list")
    if isinstance(value, dict):
        return _say("a_table")
    return repr(value)


# -- where each field is written ------------------------------------------------------------

_HEADER = re.compile(r"^\s*\[(\[)?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_\-]+)\s*=""")


class FieldLines:
    """The line of each field of a TOML text: `moyens.Pu`, `armes.1.BA` (arrays counted)."""

    def __init__(self, text: str):
        self.lines: dict[str, int] = {}
        prefix = ""
        arrays: dict[str, int] = {}
        for number, line in enumerate(text.splitlines(), 1):
            header = _HEADER.match(line)
            if header:
                name = ".".join(p.strip().strip("\"'") for p in header.group(2).split("."))
                if header.group(1):
                    arrays[name] = arrays.get(name, -1) + 1
                    name = f"{name}.{arrays[name]}"
                prefix = name
                parts = name.split(".")
                for end in range(1, len(parts) + 1):
                    self.lines.setdefault(".".join(parts[:end]), number)
                continue
            key = _KEY.match(line)
            if key:
                name = key.group(1).strip("\"'")
                self.lines.setdefault(f"{prefix}.{name}" if prefix else name, number)

    def line_of(self, field: str) -> int:
        """The line of `field`, else of the nearest table that holds it, else 1."""
        parts = field.split(".")
        while parts:
            path = ".".join(parts)
            if path in self.lines:
                return self.lines[path]
            parts.pop()
        return 1
