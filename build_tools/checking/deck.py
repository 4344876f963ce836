"""A game's deck of quick-reference cards: its `deck.toml` read, and every block computed.

A deck file lists the cards in order; each card has a title and blocks, and a
block is one of:

- `quote`: a short text in the book's own words (fragments joined by « … »),
  which the check finds in the book;
- `formula`: a formula as printed on the card, with the rules function it
  stands for and the rules argument each of its terms names (`terms`); the
  check evaluates both on sample values;
- `sequence`: numbered steps, each a quote;
- `table`: rows computed by a rules function, under column headings; `book`
  (a table title) or `sentence` (a phrase of the book) names what the check
  compares it with;
- `chances`: like a table, but its fractions are chances, shown as percentages
  and, with `chart = true`, as bars.

Everything computed comes from the game's rules package (`rule =
"module.function"`), never from the deck file. The deck file's own words are
headings; every other text on a card is computed or quoted.

Over 500 lines, for a reason: the whole reading of a deck file (sizes, cards, blocks,
formulas, tables), each error at its line, in the one module a deck's author reads.
"""

from __future__ import annotations

import collections
import functools
import importlib
import os
import re
import time
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from build_tools.assets import templates_folder
from build_tools.diagnostics import (
    RACY_NS,
    Finding,
    source_line,
    toml_error_place,
    unreadable_companion,
)
from build_tools.ledger import DECK_FILE, Entry
from build_tools.model import numbers
from build_tools.model.language import LANGUAGE, writing_in
from build_tools.model.numbers import MINUS, integer
from build_tools.model.typography import Typography
from build_tools.model.wording import words_for
from build_tools.resources import Refused, read_text

SIZES = {"poker": (63, 88), "tarot": (70, 120), "a6": (105, 148)}
"""Card sizes, width × height in millimetres."""

KINDS = ("quote", "formula", "sequence", "table", "chances")
_TABLE_KEYS = {
    "columns",
    "book",
    "book_columns",
    "book_transposed",
    "sentence",
    "split",
    "arguments",
    "chart",
    "decimals",
}
KEYS = {
    "quote": {"quote"},
    "formula": {"formula", "rule", "terms", "arguments", "cite"},
    "sequence": {"sequence"},
    "table": {"table"} | _TABLE_KEYS,
    "chances": {"chances"} | _TABLE_KEYS,
}
"""The keys a block of each kind may have, besides `heading`: any other is a mistake."""
_TEXTS = "a text in quotes"
KINDS_OF_VALUE = {
    "heading": (str, _TEXTS),
    "ledger": (str, "the id of an entry of the book's ledger, in quotes"),
    "quote": (str, _TEXTS),
    "sequence": (list, "a list of texts"),
    "formula": ((str, bool), "a formula in quotes, or true for the one its rule declares"),
    "rule": (str, "the name of a rules function in quotes"),
    "terms": (dict, "a table of the formula's terms"),
    "arguments": (dict, "a table of the function's arguments"),
    "cite": (bool, "true or false"),
    "table": (str, "the name of a rules function in quotes"),
    "chances": (str, "the name of a rules function in quotes"),
    "columns": (list, "a list of column headings"),
    "book": (str, "the title of the book's table in quotes"),
    "book_columns": (list, "a list of column numbers"),
    "book_transposed": (bool, "true or false"),
    "sentence": ((str, list), "a few words of the book's sentence, or a list of them"),
    "split": (int, "a whole number of bands, 1 or more"),
    "chart": (bool, "true or false"),
    "decimals": ((int, list), "a number of decimals, or a list of them, one per column"),
}
"""What each key of a block holds: a value of another kind is the deck's mistake, at its line."""
DECK_KEYS = {"title", "subtitle", "size", "colour"}
CARD_KEYS = {"title", "block", "colour", "icon", "count"}
ICONS = templates_folder() / "cards" / "icons"
"""The named symbols a card's `icon` may be: `icon = "epee"` is icons/epee.svg."""
ICON_BYTES = 16_384
"""The most an icon of the game's own (an SVG beside the deck) may weigh: a symbol."""
MOST_COPIES = 54
"""The most copies of one card a deck prints (`count`): a full deck of playing cards."""
NARROW = "\u202f"
FRENCH = Typography("fr", apostrophes=True)
ENGLISH = Typography("en", apostrophes=True)


MINIMUM_CONTRAST = 4.5
"""The contrast of text with its background, at the least (WCAG's for small text)."""


def contrast(first: str, second: str) -> float:
    """The contrast ratio of two colours #rgb or #rrggbb, as WCAG measures it (1 to 21)."""

    def luminance(colour: str) -> float:
        digits = colour.lstrip("#")
        if len(digits) == 3:
            digits = "".join(digit * 2 for digit in digits)
        channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    lighter, darker = sorted((luminance(first), luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


class DeckError(Exception):
    """A deck file that cannot be used as it is: the finding says where and why."""

    def __init__(self, finding: Finding, entry: str | None = None):
        super().__init__(finding.message)
        self.finding = finding
        self.entry = entry
        """The ledger entry a card's note names and the ledger does not hold, if that is why."""


@dataclass
class Cell:
    """A value on a card: its text as printed, and the value the rules gave."""

    text: str
    value: Any = None
    bar: float | None = None
    """For a chance: its share of the bar, 0 to 100 (None when not charted)."""

    @property
    def number(self) -> bool:
        return isinstance(self.value, int | Fraction) or self.bar is not None


@dataclass
class Block:
    """One block of a card, computed."""

    kind: str
    heading: str = ""
    text: str = ""
    items: list[str] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)
    rows: list[list[Cell]] = field(default_factory=list)
    split: int = 1
    chart: bool = False
    spec: dict = field(default_factory=dict)
    """The block as the deck file writes it, for the check."""
    line: int = 0
    """The line of the deck file where the block is (0: unknown)."""
    note: str = ""
    """What the ledger knows of the rule the block rests on (an erratum, a rule the book
    never states), in the book's language: printed under the block."""

    @property
    def groups(self) -> list[list[list[Cell]]]:
        """The rows cut into `split` groups set side by side."""
        size = -(-len(self.rows) // self.split) if self.rows else 0
        return [self.rows[i : i + size] for i in range(0, len(self.rows), size or 1)]

    @property
    def side_by_side(self) -> list[list[list[Cell]]]:
        """The lines of a split table: the row of every group on each (blank past the end)."""
        groups = self.groups
        width = len(self.rows[0]) if self.rows else 0
        blank = [Cell("")] * width
        return [
            [group[index] if index < len(group) else blank for group in groups]
            for index in range(len(groups[0]) if groups else 0)
        ]


@dataclass
class Card:
    title: str
    blocks: list[Block]
    line: int = 0
    colour: str | None = None
    """The card's own colour (title bar, headings, rules), else the deck's."""
    icon: str | None = None
    """The URL of the symbol drawn in its title bar: one shipped (icons/NAME.svg) or the game's."""
    count: int = 1
    """How many copies the imposed sheets print."""


@dataclass
class Deck:
    """A game's deck: its title, its default size, its cards, and the file it comes from."""

    title: str
    subtitle: str
    size: str
    colour: str
    cards: list[Card]
    file: Path


def deck_file(folder: Path) -> Path | None:
    path = folder / DECK_FILE
    return path if os.path.lexists(path) else None  # a FIFO or a link: the gate refuses it


def load_deck(game, ledger: Sequence[Entry], language: str) -> Deck:
    """The deck of `game`, every table computed by its rules, its numbers and words in its
    book's `language`, a block's `ledger = "ID"` note worded from that entry of `ledger` (the
    book's, as the check read it: `Report.ledger`); DeckError when it cannot be. Computed once
    per process for what it is computed from (`_DECKS`): the check of the cards and their
    rendering in one build share it, and so do the checks and builds of the book after them."""
    path = game.folder / DECK_FILE
    try:
        text = read_text(path, game.folder, "COMPANION_BYTES")
    except (Refused, OSError, UnicodeDecodeError) as error:
        raise DeckError(
            unreadable_companion(path, "error", "deck", "the deck file", error)
        ) from None
    # The rules package as loaded: a game loaded again from its folder shares the package its
    # first load imported. The icons of the game's own: a deck names them, checked by size.
    key = (game.rules, str(game.folder), text, _svg_files(game.folder), repr(list(ledger)))
    key += (language,)
    if key in _DECKS:
        _DECKS.move_to_end(key)
        return _DECKS[key]
    with writing_in(language):
        deck = _load_deck(game, text, ledger)  # a DeckError is raised afresh each time
    _DECKS[key] = deck
    while len(_DECKS) > KEPT_DECKS:  # the one used longest ago goes
        _DECKS.popitem(last=False)
    return deck


_DECKS: collections.OrderedDict[tuple, Deck] = collections.OrderedDict()
"""The decks this process computed (a deck's dice distributions are the dearest part of a
check), by all they are computed from, the one used last at the end. A deck is never changed
once computed."""
KEPT_DECKS = 64
"""How many decks `_DECKS` keeps: a process that checks books again and again (a test
worker, a caller of `examine`) computes one for each folder, deck text and ledger it meets,
without end. A worker of the quick suite meets about 50, the three books' and their shared
copies' among them again and again: 48 kept compute none twice there, 32 compute 5 again;
each deck is under 1.3 MB."""


def _svg_files(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """Each SVG file under `folder`: its path, mode and size (as `_icon` sees them; unread)."""
    found = []
    for top, folders, files in os.walk(folder):
        folders[:] = [name for name in folders if name != "__pycache__"]
        for name in files:
            if name.endswith(".svg"):
                status = os.lstat(os.path.join(top, name))
                found.append((os.path.join(top, name), status.st_mode, status.st_size))
    return tuple(sorted(found))


def _load_deck(game, text: str, ledger: Sequence[Entry]) -> Deck:
    path = game.folder / DECK_FILE
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, _, _ = toml_error_place(error, text)
        raise DeckError(_finding(path, line, f"the deck file is not valid TOML: {error}")) from None
    _known_keys(path, "the file", data, {"deck", "card"}, "")
    header = data.get("deck", {})
    _known_keys(path, "[deck]", header, DECK_KEYS, "[deck]")
    for key, value in header.items():
        colour = key != "colour" or re.fullmatch(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?", str(value))
        if not isinstance(value, str) or not colour:
            said = "a colour as #rrggbb" if key == "colour" else "a text in quotes"
            raise DeckError(
                _finding(
                    path,
                    _line_of(path, f"{key} = {_toml(value)}"),
                    f"[deck]: {key} = {_toml(value)}: expected {said}",
                )
            )
    colour = header.get("colour", "#333333")
    if contrast(colour, "#ffffff") < MINIMUM_CONTRAST:
        raise DeckError(
            _finding(
                path,
                _line_of(path, "colour"),
                f"[deck]: colour = {_toml(colour)}: white titles on it and its headings on "
                f"white have a contrast of {contrast(colour, '#ffffff'):.1f}:1; at least "
                f"{MINIMUM_CONTRAST:g}:1 reads at the table (a darker colour)",
            )
        )
    size = header.get("size", "poker")
    if size not in SIZES:
        raise DeckError(
            _finding(
                path,
                _line_of(path, f"size = {_toml(size)}"),
                f"unknown card size {size!r} ({_sizes()})",
            )
        )
    cards = []
    for number, spec in enumerate(data.get("card", []), start=1):
        title = spec.get("title", "")
        if not title:
            raise DeckError(_finding(path, _card_line(path, number), f"card {number} has no title"))
        if not isinstance(title, str):
            raise DeckError(
                _finding(
                    path,
                    _line_of(path, f"title = {_toml(title)}"),
                    f"card {number}: title = {_toml(title)}: expected a text in quotes",
                )
            )
        line = _line_of(path, f'"{title}"')
        _known_keys(path, f"card « {title} »", spec, CARD_KEYS, f'"{title}"')
        blocks = [_block(game, path, title, block, ledger) for block in spec.get("block", [])]
        card = Card(french(title), blocks, line)
        _card_looks(path, number, title, spec, card)
        cards.append(card)
    if not cards:
        raise DeckError(_finding(path, 0, "the deck has no card"))
    return Deck(
        french(header.get("title", game.name)),
        french(header.get("subtitle", "")),
        size,
        colour,
        cards,
        path,
    )


def _card_looks(path: Path, number: int, title: str, spec: dict, card: Card) -> None:
    """A card's own `colour`, `icon` and `count`, each a mistake at its line when wrong."""

    def mistake(key: str, expected: str) -> DeckError:
        value = spec[key]
        line = _card_key_line(path, number, key) or card.line
        return DeckError(
            _finding(path, line, f"card « {title} »: {key} = {_toml(value)}: {expected}")
        )

    if "colour" in spec:
        colour = spec["colour"]
        if not isinstance(colour, str) or not re.fullmatch(
            r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?", colour
        ):
            raise mistake("colour", "expected a colour as #rrggbb")
        ratio = contrast(colour, "#ffffff")
        if ratio < MINIMUM_CONTRAST:
            raise mistake(
                "colour",
                f"white titles on it and its headings on white have a contrast of "
                f"{ratio:.1f}:1; at least {MINIMUM_CONTRAST:g}:1 reads at the table "
                "(a darker colour)",
            )
        card.colour = colour
    if "icon" in spec:
        card.icon = _icon(spec["icon"], path, lambda expected: mistake("icon", expected))
    if "count" in spec:
        count = spec["count"]
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MOST_COPIES:
            raise mistake("count", f"expected a whole number of copies from 1 to {MOST_COPIES}")
        card.count = count


def _icon(icon: Any, path: Path, mistake) -> str:
    """The URL of a card's icon: a symbol we ship by its name, or an SVG of the game's folder."""
    named = sorted(p.stem for p in ICONS.glob("*.svg"))
    if not isinstance(icon, str) or not icon:
        raise mistake(f"expected the name of a symbol ({', '.join(named)}) or an SVG file")
    if icon in named:
        return f"icons/{icon}.svg"
    folder = path.parent.resolve()
    file = (path.parent / icon).resolve()
    if not icon.endswith(".svg") or not file.is_relative_to(folder):
        raise mistake(
            f"no such symbol ({', '.join(named)}); a file of its own is an SVG in the game's folder"
        )
    if not file.is_file():
        raise mistake(f"the game's folder has no file {icon}")
    if file.stat().st_size > ICON_BYTES:
        raise mistake(f"an icon is a small symbol: {ICON_BYTES} bytes at most")
    return file.as_uri()


def _card_key_line(path: Path, number: int, key: str) -> int:
    """The line of `key = …` in the `number`-th [[card]] table (0 when it has none)."""
    start = _card_line(path, number)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return 0
    for at in range(start, len(lines)):
        line = lines[at].strip()
        if line.startswith("["):  # its blocks, or the next card: past the card's own keys
            break
        if re.match(rf"{key}\s*=", line):
            return at + 1
    return 0


class UnknownFunction(LookupError):
    """A deck names what the game's rules do not have: the message says what, in the deck's
    terms (not the package name the game is loaded under)."""


def rules_function(game, name: str):
    """The function `module.function` of the game's rules package."""
    if not isinstance(name, str) or not name.strip():
        raise UnknownFunction(
            f"expected the name of a function of the game's rules, as module.function "
            f"(e.g. aide_de_jeu.difficultes), not {name!r}"
        )
    module_name, _, function = name.rpartition(".")
    package = game.rules.__name__
    full_name = f"{package}.{module_name}" if module_name else package
    try:
        module = importlib.import_module(full_name)
    except ModuleNotFoundError as error:
        if error.name != full_name:
            raise
        raise UnknownFunction(f"the game's rules have no module {module_name!r}") from None
    if not callable(getattr(module, function, None)):
        where = f"rules/{module_name.replace('.', '/')}.py" if module_name else "rules"
        raise UnknownFunction(f"{where} has no function {function!r}")
    return getattr(module, function)


NOTES = {
    "fr": {
        "erratum": "Erratum connu : ",
        "rule-unstated": "Le livre ne le dit pas : ",
        "broken-reference": "Le livre ne le dit pas : ",
    },
    "en": {
        "erratum": "Known erratum: ",
        "rule-unstated": "Not stated by the book: ",
        "broken-reference": "Not stated by the book: ",
    },
}
"""How a block's note from the ledger opens, by the entry's kind, in the book's language: a
broken reference is a rule the book sends its reader to and does not give (Harmonies' weapon
class, « bclasse », in a chapter that did not reach us), so it opens as a rule unstated."""


def _block(game, path: Path, card: str, spec: dict, ledger: Sequence[Entry]) -> Block:
    """A block of the deck, computed; with `ledger = "id"`, the note the ledger gives."""
    block = _computed_block(game, path, card, {k: v for k, v in spec.items() if k != "ledger"})
    if "ledger" in spec:
        block.note = _ledger_note(path, card, spec["ledger"], block.line, ledger)
    return block


def _ledger_note(path: Path, card: str, id: Any, line: int, ledger: Sequence[Entry]) -> str:
    """The ledger's reason for entry `id` as a card words it (its `card_fr`, else its reason),
    opened by what it is: an erratum or a rule unstated."""
    language = LANGUAGE.get()
    entry = next((entry for entry in ledger if entry.id == id), None)
    kind = str(id).partition(":")[0]
    opening = NOTES.get(language[:2], NOTES["en"]).get(kind)
    if entry is None or opening is None:
        known = ", ".join(NOTES["en"])
        raise DeckError(
            _finding(
                path,
                _line_of(path, f"ledger = {_toml(id)}") or line,
                f"card « {card} »: ledger = {_toml(id)}: expected the id of an entry of the "
                f"book's ledger, of a kind a card notes ({known})",
            ),
            entry=str(id) if opening is not None else None,
        )
    # lower case after the colon, as French and English write a clause there
    return french(f"{opening}{entry.card_in(language)}")


def _computed_block(game, path: Path, card: str, spec: dict) -> Block:
    kinds = [kind for kind in KINDS if kind in spec]
    if len(kinds) != 1:
        raise DeckError(
            _finding(
                path,
                _line_of(path, f'"{card}"'),
                f"card « {card} »: a block needs exactly one of {', '.join(KINDS)}",
            )
        )
    kind = kinds[0]
    _kinds_of_values(path, card, spec)
    heading = french(spec.get("heading", ""))
    line = _line_of(path, _anchor(spec, kind))
    _known_keys(path, f"card « {card} »: a {kind} block", spec, KEYS[kind] | {"heading"}, "", line)
    if kind == "quote":
        return Block(kind, heading, text=quoted(spec["quote"]), spec=spec, line=line)
    if kind == "formula":
        try:  # the rule the check holds the formula to: named wrong, it is the deck's error
            rules_function(game, spec.get("rule"))
        except UnknownFunction as error:
            rule = spec.get("rule")
            at = _line_of(path, f'"{rule}"') if isinstance(rule, str) else 0
            raise DeckError(
                _finding(path, at or line, f"card « {card} »: the formula's rule: {error}")
            ) from None
        spec = _declared_formula(game, path, card, spec, line)
        block = Block(kind, heading, text=_formula_text(spec["formula"]), spec=spec, line=line)
        if spec.get("cites"):
            block.items = [quoted(spec["cites"])]
        return block
    if kind == "sequence":
        items = [quoted(item) for item in spec["sequence"]]
        return Block(kind, heading, items=items, spec=spec, line=line)
    name = spec[kind]
    try:
        function = rules_function(game, name)
        rows = [list(row) for row in function(**spec.get("arguments", {}))]
    except Exception as error:  # a deck naming what the rules lack is the deck's error
        why = (
            str(error) if isinstance(error, UnknownFunction) else f"{type(error).__name__}: {error}"
        )
        raise DeckError(
            _finding(
                path,
                line,
                f"card « {card} »: {name} cannot be computed: {why}",
            )
        ) from None
    columns = [french(column) for column in spec.get("columns", [])]
    if columns and any(len(row) != len(columns) for row in rows):
        raise DeckError(
            _finding(
                path,
                line,
                f"card « {card} »: {name} gives rows of another width than "
                f"its {len(columns)} columns",
            )
        )
    chances = kind == "chances"
    places = _column_decimals(path, card, spec, rows, chances, line)
    cells = [
        [
            cell(value, chance=chances, places=place)
            for value, place in zip(row, places, strict=False)
        ]
        for row in rows
    ]
    return Block(
        kind,
        heading,
        columns=columns,
        rows=cells,
        split=int(spec.get("split", 1)),
        chart=bool(spec.get("chart", False)),
        spec=spec,
        line=line,
    )


def cell(value: Any, *, chance: bool = False, places: int | None = None) -> Cell:
    """A computed value as a card prints it, in French: with `places` decimals when given
    (the column's), trailing zeros kept so that the column's commas line up."""
    if chance and isinstance(value, Fraction):
        return Cell(percent(Fraction(value), places), value, float(value) * 100)
    if places is not None and isinstance(value, Fraction) and not isinstance(value, bool):
        return Cell(decimal(value, places, zeros=True), value)
    return Cell(french_value(value), value)


def _column_decimals(path, card, spec, rows, chances, line) -> list[int | None]:
    """The decimals of each column: the deck's `decimals` (one number for every column, or
    one per column), else for a column of chances one decimal when one of them is under 10 %
    or over 90 % and not a whole percentage, none otherwise; elsewhere each value as it is."""
    width = max((len(row) for row in rows), default=0)
    given = spec.get("decimals")
    if given is not None:
        places = given if isinstance(given, list) else [given] * width
        if len(places) != width or not all(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 4 for p in places
        ):
            raise DeckError(
                _finding(
                    path,
                    _line_of(path, "decimals") or line,
                    f"card « {card} »: decimals = {_toml(given)}: expected a number from 0 "
                    f"to 4, or a list of {width} of them (one per column)",
                )
            )
        return places
    if not chances:
        return [None] * width
    places = []
    for index in range(width):
        column = [row[index] for row in rows if index < len(row)]
        chances_in = [v for v in column if isinstance(v, Fraction) and not isinstance(v, bool)]
        if not chances_in:
            places.append(None)
        elif all((v * 100).denominator == 1 for v in chances_in):
            places.append(0)  # whole percentages (a book's table): printed whole
        else:
            places.append(1 if any(0 < v < 0.1 or 0.9 < v < 1 for v in chances_in) else 0)
    return places


def _words() -> dict[str, str]:
    return words_for(LANGUAGE.get())


def _typography() -> Typography:
    return FRENCH if LANGUAGE.get().startswith("fr") else ENGLISH


def french_value(value: Any) -> str:
    """A value as the book's language writes it: true minus, decimal comma (point in English),
    « 11 à 20 », « 41 et plus » (« 11 to 20 », « 41 and more »)."""
    words = _words()
    if value is None:
        return "—"
    if isinstance(value, bool):
        return words["yes"] if value else words["no"]
    if isinstance(value, int):
        return integer(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return french_value(int(value))
        return decimal(value, 2)
    if isinstance(value, tuple) and len(value) == 2:
        low, high = value
        if low is None:
            return words["card_and_less"].format(value=french_value(high))
        if high is None:
            return words["card_and_more"].format(value=french_value(low))
        if low == high:
            return french_value(low)
        return words["card_range"].format(low=french_value(low), high=french_value(high))
    return _unbroken_operators(french(str(value)))


def quoted(text: str) -> str:
    """The book's words as a card sets them: a capital first, « … » where the sentence goes on."""
    text = french(text.strip())
    if text and text[-1] not in ".!?…»):":
        text += "…"
    return text[:1].upper() + text[1:]


def french(text: str) -> str:
    """French typography for a card: the book's spaces and apostrophes, « 50 % », « −5 »."""
    text = _typography().apply(text)
    if LANGUAGE.get().startswith("fr"):
        text = re.sub(r"(?<=\d)[ \u00a0]?%", NARROW + "%", text)
    return re.sub(r"(?<![\w.,])-(?=\d)", MINUS, text)


def _unbroken_operators(text: str) -> str:
    """A formula in a cell (« Ph + Ma + BC ») is not broken around its operators."""
    return re.sub(r" ([+=×−±]) ", "\u00a0\\1\u00a0", text)


def decimal(value: Fraction, places: int, *, zeros: bool = False) -> str:
    """`value` as a card prints it with `places` decimals (`numbers.decimal`, in the deck's
    language)."""
    return numbers.decimal(value, places, LANGUAGE.get(), zeros=zeros)


def percent(chance: Fraction, places: int | None = None) -> str:
    """A chance as a percentage with `places` decimals (by default whole numbers, and one
    decimal under 10 % and over 90 %), rounded half up.

    A chance that is neither nil nor certain never prints as « 0 % » or « 100 % ».
    """
    value = chance * 100
    if places is None:
        places = 1 if value < 10 or value > 90 else 0
    least = Fraction(1, 2 * 10**places)
    shown = _words()["percent"]
    if 0 < value < least:  # the smallest it could print
        return f"<{NARROW}" + shown.format(value=decimal(2 * least, places, zeros=True))
    if 100 - least <= value < 100:  # the largest
        return f">{NARROW}" + shown.format(value=decimal(100 - 2 * least, places, zeros=True))
    return shown.format(value=decimal(value, places, zeros=True))


def _declared_formula(game, path: Path, card: str, spec: dict, line: int) -> dict:
    """A block `formula = true`: the formula, symbols and cited words its rule declares.

    The rule's `@rule(formula=..., symbols=..., cites=...)` is the one place the
    formula is written: the card prints it with each constant's value in place
    of its symbol, and the other symbols are the terms the check evaluates.
    With `cite = true` the card also quotes the sentence the rule cites.
    """
    if spec["formula"] is not True:
        return spec
    citation = getattr(rules_function(game, spec.get("rule", "")), "citation", None)
    if citation is None or not citation.formula:
        raise DeckError(
            _finding(
                path,
                line,
                f"card « {card} »: {spec.get('rule')} declares no formula "
                "(@rule(formula=..., symbols=...) in the rules)",
            )
        )
    terms = {s: m for s, m in citation.symbols.items() if isinstance(m, str)}
    constants = {s: m for s, m in citation.symbols.items() if not isinstance(m, str)}
    formula = citation.formula
    if constants:
        # A player wants the number, not the constant's name: « TP = CA + BP − 10 ».
        left, _, right = formula.partition("=")
        names = "|".join(re.escape(name) for name in sorted(constants, key=len, reverse=True))
        right = re.sub(
            rf"(?<![\w°])({names})(?!\w)", lambda m: french_value(constants[m[1]]), right
        )
        formula = f"{left}={right}"
    declared = dict(spec, formula=formula, terms=terms)
    if spec.get("cite") and citation.cites:
        declared["cites"] = citation.cites
    return declared


def _formula_text(formula: str) -> str:
    return _typography().apply(formula.replace("-", MINUS).replace("*", "×"))


def _known_keys(path: Path, what: str, spec: dict, known: set, anchor: str, line: int = 0):
    """A key the deck file does not know is a mistake (a typo would silently drop a table)."""
    unknown = sorted(set(spec) - known)
    if unknown:
        line = _line_of(path, f"{unknown[0]} =") or line or _line_of(path, anchor)
        raise DeckError(
            _finding(
                path,
                line,
                f"{what} has no key {unknown[0]!r} (keys: {', '.join(sorted(known))})",
            )
        )


def _kinds_of_values(path: Path, card: str, spec: dict) -> None:
    for key, value in spec.items():
        expected, said = KINDS_OF_VALUE.get(key, (object, ""))
        wrong = isinstance(value, bool) and bool not in (
            expected if isinstance(expected, tuple) else (expected,)
        )
        if key == "split" and isinstance(value, int) and value < 1:
            wrong = True
        if key in ("sequence", "columns") and isinstance(value, list):
            wrong = not all(isinstance(item, str) for item in value)
        if wrong or not isinstance(value, expected):
            raise DeckError(
                _finding(
                    path,
                    _line_of(path, f"{key} = {_toml(value)}") or _line_of(path, f'"{card}"'),
                    f"card « {card} »: {key} = {_toml(value)}: expected {said}",
                )
            )


def _toml(value) -> str:
    """A value as the deck file writes it (enough to find its line)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def _anchor(spec: dict, kind: str) -> str:
    value = spec[kind]
    if isinstance(value, bool) and isinstance(spec.get("rule"), str):
        value = f'"{spec["rule"]}"'  # `formula = true`: the block is found by its rule's name
    if isinstance(value, list):
        value = value[0] if value else ""
    return str(value)[:40]


def _card_line(path: Path, number: int) -> int:
    """The line of the `number`-th [[card]] table of the deck file (0 when there is none)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return 0
    headers = [at for at, line in enumerate(lines, 1) if line.strip() == "[[card]]"]
    return headers[number - 1] if number <= len(headers) else 0


def _line_of(path: Path, text: str) -> int:
    """The first line of the deck file holding `text` (0 when none does)."""
    try:
        status = path.stat()
    except OSError:
        return 0
    # a file written in the last tick may be written again within it, at the same time and size
    fresh = status.st_mtime_ns + RACY_NS > time.time_ns()
    lines = _lines.__wrapped__ if fresh else _lines
    for number, line in enumerate(lines(path, status.st_mtime_ns, status.st_size), start=1):
        if text and text in line:
            return number
    return 0


@functools.lru_cache(maxsize=16)
def _lines(path: Path, modified: int, size: int) -> tuple[str, ...]:
    """The lines of the deck file as it is now (its time and size): read once, not again for
    each block and each key whose line a finding names."""
    try:
        return tuple(path.read_text(encoding="utf-8").splitlines())
    except OSError:
        return ()


def _finding(path: Path, line: int, message: str) -> Finding:
    return Finding(
        "error", "deck", message, file=path, line=line, text=source_line(path, line), key=message
    )


def _sizes() -> str:
    return ", ".join(SIZES)
