"""What a game says its character sheet holds: boxes, tracks, tables, and how to check a character.

A game's rules module describes its character with these classes (`Description`);
the sheets renderer lays the sheet out from that description, and the character
file reader takes its fields, their types and their bounds from it too, so the
sheet, the file and the checks cannot disagree on what a character has.

Every rule a box or a check stands for cites the sentence of the book that
states it (`cites`: a few words of that sentence, as the book writes them); the
engine finds the sentence and shows its place (« “les moyens”, cda.xml:328 »).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from build_tools.model import numbers


@dataclass(frozen=True)
class Computed:
    """An argument of a box's rule that another rule computes from sources of its own: cda's
    esquive takes the CA en Évitement, `Computed(cible_a_atteindre, {"aspect": …, …})`."""

    rule: Callable
    arguments: Mapping[str, Any]
    """Each argument of `rule` and where it comes from, as a box's `arguments` say."""


Source = str | Computed | tuple[str | Computed, ...]
"""Where a rule's argument comes from (see `Box.arguments`)."""


@dataclass(frozen=True)
class Box:
    """One box of the sheet: a value the player writes, or a total the rules derive.

    `key` is its key in the character file (ASCII: a TOML bare key), `name` its
    French label, `abbreviation` what a table's heading shows. A derived box has a
    `formula` in the book's notation (« TA = CA + BA ») or a `rule`, and is never
    read from the file. `choices` lists the values a text box accepts.
    """

    key: str
    name: str
    abbreviation: str = ""
    type: type = int
    minimum: int | None = None
    maximum: int | None = None
    formula: str = ""
    cites: str = ""
    choices: tuple[str, ...] = ()
    width: int = 1
    """1 for a number, 2 for a short word, 4 and more for a name."""
    required: bool = False
    signed: bool = False
    """A bonus, printed with its sign: +3, −2."""
    rule: Callable | None = field(default=None, compare=False, repr=False)
    """The rules function that computes the box: its citation (`@rule(formula=…, cites=…)`)
    gives the formula and the sentence the box does not state itself."""
    arguments: Mapping[str, Source] = field(default_factory=dict, compare=False, repr=False)
    """Where each argument of `rule` comes from: a box of the same row or group (`"CA"`), a
    field from the top (`"moyens.Re"`), several added or taken away (`("BP", "combat.BP")`,
    `("defense.FF", "−defense.FR")`), a field named by a box of the row
    (`"moyens.{moyen}"`: the moyen the weapon names; `"caracteristiques.{carac}.bonus"`),
    the greatest box or the number of a table's rows holding given values
    (`"max(equipement[sorte=bouclier].bonus_ca)"`, `"count(dons[nom=Arme rapide,
    arme={nom}].nom)"`), a table's column summed (`"competences[*].points"`), the row of a
    table whose box holds a value (`"competences[nom={competence}].BC"`,
    `"competences[nom=Évitement].BC"`: a row the table lacks counts as a blank one), or
    another rule's value (`Computed`). With them the engine computes the box by its rule,
    and the blank form by the rule's formula (sheets.scripts); without, the description's
    `compute` gives it."""
    blank_without: tuple[str, ...] = ()
    """Boxes of the row or group without which this one stays blank (no « PVs restants »
    written: no state to show), on the sheet and in the form."""
    constant: int | None = None
    """A derived box whose value is a constant of the rules (Edad's « Inconscient à »: 0, the
    SEUIL_D_INCONSCIENCE): every character's, and the form's read-only value."""
    default_by: tuple[str, Mapping[str, Any]] = field(default=(), compare=False, repr=False)
    """A box of the row and the rules' table of it (`("nom", COMPETENCES)`): left blank, this
    box reads as the value the table gives the other (a compétence the book ties to a
    caractéristique: Agilité's Dex), where a derived box names a field by it."""
    only_for: Mapping[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    """Boxes of the row and the values one of which they must hold for this box to apply
    (`{"sorte": ("bouclier", "armure")}`: a shield's or an armour's parade, none for a
    weapon); elsewhere it stays blank, on the sheet and in the form."""

    def __post_init__(self) -> None:
        citation = getattr(self.rule, "citation", None)
        if citation is not None:
            if not self.formula and citation.formula:
                object.__setattr__(self, "formula", citation.formula)
            if not self.cites and citation.cites:
                # A rule may cite several sentences (the book states it twice): the box
                # quotes the first.
                cites = citation.cites
                object.__setattr__(self, "cites", cites if isinstance(cites, str) else cites[0])

    @property
    def derived(self) -> bool:
        return bool(self.formula) or self.rule is not None or self.constant is not None

    @property
    def label(self) -> str:
        return self.abbreviation or self.name


@dataclass(frozen=True)
class Track:
    """A track of `count` tick boxes (wounds): the file gives how many are ticked."""

    key: str
    name: str
    count: int
    cites: str = ""
    abbreviation: str = ""

    derived = False
    signed = False
    type = int
    formula = ""
    choices = ()
    required = False

    @property
    def minimum(self) -> int:
        return 0

    @property
    def maximum(self) -> int:
        return self.count

    @property
    def label(self) -> str:
        return self.abbreviation or self.name


@dataclass(frozen=True)
class Group:
    """A titled block of boxes with fixed keys: `[key]` in the file (top level when empty)."""

    key: str
    title: str
    boxes: tuple[Box | Track, ...]
    note: str = ""


@dataclass(frozen=True)
class Table:
    """Rows of the same boxes: weapons, compétences, wounds per aspect.

    With `rows` the rows are fixed, by key and name (`[key.Ph]` in the file);
    without, they are free (`[[key]]` in the file) and the sheet leaves
    `blank_rows` rows to fill.
    """

    key: str
    title: str
    columns: tuple[Box | Track, ...]
    rows: tuple[tuple[str, str], ...] = ()
    blank_rows: int = 0
    note: str = ""
    split: int = 0
    """When a row is too wide for the page: the columns from this one go in a second table,
    rows numbered in both."""


Section = Group | Table


@dataclass(frozen=True)
class Mistake:
    """A character breaks a rule: the field (`aspects.Ph`, `armes.1.TA`), the French words,
    and a few words of the book's sentence stating the rule."""

    field: str
    message: str
    cites: str = ""


@dataclass(frozen=True)
class Description:
    """A game's character: its sheet's sections, its checks and its derived totals.

    `check(character)` gives the rule mistakes of a character whose fields are
    well typed and in bounds; a derived box is computed by its rule from its
    `arguments`, or else by `compute(character)`, which gives such boxes by field
    (`experience.depenses`). Both receive the character as read from its file:
    groups as dicts, free tables as lists of dicts.
    """

    title: str
    sections: tuple[Section, ...]
    check: Callable[[Mapping[str, Any]], list[Mistake]]
    compute: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    """The derived boxes no rule of theirs computes alone (a sum over a table), by field."""
    header: tuple[Box, ...] = ()
    """Top-level boxes: name, player, concept…"""
    examples: tuple[Example, ...] = ()
    pages: tuple[int, ...] = ()
    """Where the sheet turns a page: indexes of the sections that open a new page."""

    def boxes(self):
        """Every (field, box) of the sheet, free tables by their column only (`armes.*.TA`)."""
        for box in self.header:
            yield box.key, box
        for section in self.sections:
            if isinstance(section, Group):
                for box in section.boxes:
                    yield f"{section.key}.{box.key}" if section.key else box.key, box
            else:
                for row in [key for key, _ in section.rows] or ["*"]:
                    for box in section.columns:
                        yield f"{section.key}.{row}.{box.key}", box


@dataclass(frozen=True)
class Agreement:
    """Totals of an example character that the book prints, and where.

    `near` picks the book's passage (a paragraph, table row or screen whose text
    holds it); `pattern` is the text around the numbers, `{}` for each, or a
    regular expression with one group per number; `totals` names the sheet's
    fields, in the order of the numbers.
    """

    totals: tuple[str, ...]
    near: str
    pattern: Any


@dataclass(frozen=True)
class Example:
    """A character of the book, shipped as a character file, and the totals the book prints."""

    file: str
    agreements: tuple[Agreement, ...] = ()


def reference(description: Description) -> str:
    """The character file's fields as a Markdown table: what docs/sheets.md shows for a game."""
    lines = ["| field | what | value |", "|---|---|---|"]
    fixed = {
        section.key: "{" + ",".join(key for key, _ in section.rows) + "}"
        for section in description.sections
        if isinstance(section, Table) and section.rows
    }
    seen = set()
    for path, box in description.boxes():
        group, _, rest = path.partition(".")
        if group in fixed:
            path = f"{group}.{fixed[group]}.{rest.partition('.')[2]}"
            if path in seen:
                continue
            seen.add(path)
        if box.derived:
            what, value = box.name, f"computed: {box.formula}"
        elif isinstance(box, Track):
            what, value = box.name, f"boxes ticked, 0 to {box.count}"
        else:
            what = box.name + (" (required)" if box.required else "")
            value = _values(box)
        lines.append(f"| `{path}` | {what} | {value} |")
    return "\n".join(lines) + "\n"


def _values(box: Box) -> str:
    if box.type is str:
        return "text: " + ", ".join(f"`{c}`" for c in box.choices) if box.choices else "text"
    if box.minimum is not None and box.maximum is not None:
        return numbers.signed(f"integer, {box.minimum} to {box.maximum}")
    if box.minimum is not None:
        return numbers.signed(f"integer, {box.minimum} or more")
    return "integer"


def printed(value: Any, signed: bool = False) -> str:
    """A value as French print writes it: true minus sign, decimal comma; a bonus signed; a
    fraction to two decimals at most, rounded half away from zero (`numbers.decimal`: 1/8
    is « 0,13 », not half to even through a float's « 0,12 »).

    French, as the form's scripts write their numbers (`render/sheets/scripts.py`, its `p`,
    which rounds the same way): a sheet in another language needs both to take the book's
    language."""
    if value is None:
        return ""
    if signed and isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return f"+{value}"
    if isinstance(value, Fraction):
        if value.denominator == 1:
            value = int(value)
        else:
            return numbers.decimal(value, 2, "fr")
    if isinstance(value, bool):
        return "oui" if value else "non"
    if isinstance(value, int):
        return numbers.integer(value)
    return str(value).replace("'", "’")  # French typography: the typographic apostrophe
