"""What a game says its character sheet holds: boxes, tracks, tables, and how to check a character.

A game's rules module describes its character with these classes (`Description`);
the sheets renderer lays the sheet out from that description, and the character
file reader takes its fields, their types and their bounds from it too, so the
sheet, the file and the checks cannot disagree on what a character has.

Every rule a box or a check stands for cites the sentence of the book that
states it (`source`: a phrase of that sentence, as the book writes it); the
engine finds the sentence and shows its place (« cda.xml:561 »).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Case:
    """One box of the sheet: a value the player writes, or a total the rules derive.

    `cle` is its key in the character file (ASCII: a TOML bare key); a derived
    box has a `formule` in the book's notation (« TA = CA + BA ») and is never
    read from the file. `choix` lists the values a text box accepts.
    """

    cle: str
    nom: str
    abrege: str = ""
    type: type = int
    minimum: int | None = None
    maximum: int | None = None
    formule: str = ""
    source: str = ""
    choix: tuple[str, ...] = ()
    largeur: int = 1
    """In number boxes: 1 for a number, 2 for a short word, 4 and more for a name."""
    requise: bool = False
    signe: bool = False
    """A bonus, printed with its sign: +3, −2."""
    regle: Callable | None = field(default=None, compare=False, repr=False)
    """The rules function that computes the box: its citation (`@rule(formula=…, cites=…)`)
    gives the formula and the sentence the box does not give itself."""

    def __post_init__(self) -> None:
        citation = getattr(self.regle, "citation", None)
        if citation is not None:
            if not self.formule and citation.formula:
                object.__setattr__(self, "formule", citation.formula)
            if not self.source and citation.cites:
                object.__setattr__(self, "source", citation.cites)

    @property
    def derivee(self) -> bool:
        return bool(self.formule) or self.regle is not None

    @property
    def etiquette(self) -> str:
        return self.abrege or self.nom


@dataclass(frozen=True)
class Piste:
    """A track of `cases` tick boxes (wounds, fatigue): the file gives how many are ticked."""

    cle: str
    nom: str
    cases: int
    source: str = ""
    abrege: str = ""

    derivee = False
    signe = False
    type = int
    formule = ""
    choix = ()
    requise = False

    @property
    def minimum(self) -> int:
        return 0

    @property
    def maximum(self) -> int:
        return self.cases

    @property
    def etiquette(self) -> str:
        return self.abrege or self.nom


@dataclass(frozen=True)
class Groupe:
    """A titled block of boxes with fixed keys: `[cle]` in the file (top level when empty)."""

    cle: str
    titre: str
    cases: tuple[Case | Piste, ...]
    note: str = ""


@dataclass(frozen=True)
class Tableau:
    """Rows of the same boxes: weapons, compétences, wounds per aspect.

    With `rangs` the rows are fixed, by key and name (`[cle.Ph]` in the file);
    without, they are free (`[[cle]]` in the file) and the sheet leaves `lignes`
    blank rows to fill.
    """

    cle: str
    titre: str
    colonnes: tuple[Case | Piste, ...]
    rangs: tuple[tuple[str, str], ...] = ()
    lignes: int = 0
    note: str = ""
    coupure: int = 0
    """When the row is too wide for the page: the columns from this one go in a second table,
    rows numbered in both."""


Section = Groupe | Tableau


@dataclass(frozen=True)
class Erreur:
    """A character breaks a rule: the field (`aspects.Ph`, `armes.1.TA`), the words, the rule."""

    champ: str
    message: str
    source: str = ""


@dataclass(frozen=True)
class Description:
    """A game's character: its sheet's sections, its checks and its derived totals.

    `verifier(personnage)` gives the rule errors of a character whose fields
    are well typed and in bounds; `calculer(personnage)` gives every derived
    box, by field (`armes.0.TA`). Both receive the character as read from its
    file: groups as dicts, free tables as lists of dicts.
    """

    titre: str
    sections: tuple[Section, ...]
    verifier: Callable[[Mapping[str, Any]], list[Erreur]]
    calculer: Callable[[Mapping[str, Any]], dict[str, Any]]
    entete: tuple[Case, ...] = ()
    """Top-level boxes: name, player, concept…"""
    exemples: tuple[Exemple, ...] = ()
    pages: tuple[int, ...] = ()
    """Where the sheet turns a page: indexes of the sections that open a new page."""

    def cases(self):
        """Every (field, box) of the sheet, free tables by their column only (`armes.*.TA`)."""
        for case in self.entete:
            yield case.cle, case
        for section in self.sections:
            if isinstance(section, Groupe):
                for case in section.cases:
                    yield _chemin(section.cle, case.cle), case
            else:
                rangs = [cle for cle, _ in section.rangs] or ["*"]
                for rang in rangs:
                    for case in section.colonnes:
                        yield f"{section.cle}.{rang}.{case.cle}", case


@dataclass(frozen=True)
class Accord:
    """Totals of an example character that the book prints, and where.

    `contient` picks the book's passage (a paragraph, table row or screen whose
    text holds it); `motif` is the text around the numbers, `{}` for each, or a
    regular expression with one group per number; `totaux` names the sheet's
    fields, in the order of the numbers.
    """

    totaux: tuple[str, ...]
    contient: str
    motif: Any


@dataclass(frozen=True)
class Exemple:
    """A character of the book, shipped as a character file, and the totals the book prints."""

    fichier: str
    accords: tuple[Accord, ...] = field(default_factory=tuple)


def _chemin(groupe: str, cle: str) -> str:
    return f"{groupe}.{cle}" if groupe else cle


def reference(description: Description) -> str:
    """The character file's fields as a Markdown table: what docs/sheets.md shows for a game."""
    lines = ["| field | what | value |", "|---|---|---|"]
    rangs = {
        section.cle: "{" + ",".join(cle for cle, _ in section.rangs) + "}"
        for section in description.sections
        if isinstance(section, Tableau) and section.rangs
    }
    vus = set()
    for path, case in description.cases():
        groupe, _, reste = path.partition(".")
        if groupe in rangs:
            path = f"{groupe}.{rangs[groupe]}.{reste.partition('.')[2]}"
            if path in vus:
                continue
            vus.add(path)
        if case.derivee:
            what, value = case.nom, f"computed: {case.formule}"
        elif isinstance(case, Piste):
            what, value = case.nom, f"boxes ticked, 0 to {case.cases}"
        else:
            what = case.nom + (" (required)" if case.requise else "")
            value = _valeurs(case)
        lines.append(f"| `{path}` | {what} | {value} |")
    return "\n".join(lines) + "\n"


def _valeurs(case: Case) -> str:
    if case.type is str:
        return "text: " + ", ".join(f"`{c}`" for c in case.choix) if case.choix else "text"
    if case.minimum is not None and case.maximum is not None:
        return f"integer, {case.minimum} to {case.maximum}".replace("-", "−")
    if case.minimum is not None:
        return f"integer, {case.minimum} or more".replace("-", "−")
    return "integer"
