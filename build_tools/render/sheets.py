"""Character sheets: a game's character description laid out as a PDF, blank, fillable or filled.

The pipeline, in the order it runs:

1. the game's rules module describes its character (`sheets_model.Description`);
2. `_vue` turns that description (and, for a filled sheet, a character read by
   `sheets_character`) into boxes with their field names, labels, formulas and values;
3. `templates/sheets/sheet.html` and `sheet.css` lay them out, for A4 or Letter;
4. WeasyPrint writes the PDF: a blank sheet is a PDF form (every box a named
   field, every derived box labelled with its formula); a filled sheet prints
   its values. Files are replaced atomically.

`rulebook build --format sheets` writes `generated/BOOK/sheet.pdf` and
`sheet-letter.pdf`; `rulebook sheet CHARACTER_FILE` writes one filled sheet.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import jinja2
import markupsafe

from build_tools.assets import templates_folder
from build_tools.books import Book, UsageError, load_game, main_file, select
from build_tools.diagnostics import Finding
from build_tools.docbook import normalize
from build_tools.render import pdf_style
from build_tools.render.output import write_atomic
from build_tools.render.sheets_character import (
    Personnage,
    PersonnageIllisible,
    lire_personnage,
    livre_du_fichier,
)
from build_tools.render.sheets_model import Description, Groupe, Piste
from build_tools.render.typography import french_spaces

TEMPLATES = templates_folder() / "sheets"
PAPERS = {"a4": "A4", "letter": "letter"}


def render(context) -> list[Path]:
    """The blank sheets of the book's game, A4 and Letter, as fillable PDF forms."""
    description = getattr(context.report.game, "sheet", None)
    if description is None:
        reason = (
            "its game describes no character sheet"
            if getattr(context.options, "rules", True)
            else "--no-rules: the game, which describes the sheet, is not loaded"
        )
        context.findings.append(
            Finding("warning", "sheets", f"{context.book.name}: no sheet: {reason}", key="sheets")
        )
        return []
    written = []
    for paper in PAPERS:
        pdf = sheet_pdf(description, context.book.folder, paper)
        name = "sheet.pdf" if paper == "a4" else f"sheet-{paper}.pdf"
        written.append(write_atomic(context.out / name, pdf))
    context.written.extend(written)
    return written


def sheet_pdf(
    description: Description,
    folder: Path,
    paper: str = "a4",
    personnage: Personnage | None = None,
) -> bytes:
    """The PDF of the sheet of the game of the book in `folder`: a fillable form when
    `personnage` is None, else filled with it. WeasyPrint reads through the book's gate."""
    from weasyprint.text.fonts import FontConfiguration

    from build_tools.render.weasyprint_loading import load_weasyprint
    from build_tools.resources import Gate

    weasyprint = load_weasyprint()
    fetcher = Gate(folder, assets=pdf_style.asset_folders()).fetcher()

    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=jinja2.select_autoescape(["html"]),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    fonts = FontConfiguration()
    css = environment.get_template("sheet.css").render(paper=PAPERS[paper], fonts=pdf_style.fonts())
    # Every text the page prints is French: no-break spaces before ; : ! ? and inside « ».
    # (A macro's output is markup already made of finalized values: left as it is.)
    environment.finalize = lambda value: (
        french_spaces(value)
        if isinstance(value, str) and not isinstance(value, markupsafe.Markup)
        else value
    )
    page = environment.get_template("sheet.html").render(
        vue=_vue(description, personnage), date=_date()
    )
    base_url = TEMPLATES.as_uri() + "/"
    stylesheet = weasyprint.CSS(
        string=css, font_config=fonts, base_url=base_url, url_fetcher=fetcher
    )
    document = weasyprint.HTML(string=page, base_url=base_url, url_fetcher=fetcher).render(
        stylesheets=[stylesheet], font_config=fonts
    )
    return document.write_pdf(pdf_forms=personnage is None, full_fonts=False, hinting=False)


def _date() -> str:
    from build_tools.render.pdf_markup import source_date

    date = source_date()
    return date.strftime("%Y-%m-%dT%H:%M:%SZ") if date else ""


# -- the view: boxes with names, labels, formulas and values ---------------------------------


@dataclass
class Boite:
    """One box as the template draws it."""

    champ: str
    """The PDF field's name: the character file's field, dots as hyphens (`moyens-Pu`)."""
    etiquette: str
    nom: str
    formule: str
    largeur: int
    valeur: str = ""
    cases: int = 0
    """For a track: how many tick boxes, and how many are ticked (`cochees`)."""
    cochees: int = 0

    @property
    def titre(self) -> str:
        """What a form field says it is: its name, and its formula for a derived box."""
        return f"{self.nom} ({self.formule})" if self.formule else self.nom


def _vue(description: Description, personnage: Personnage | None) -> dict[str, Any]:
    def boite(chemin: str, case) -> Boite:
        valeur = personnage.valeur(chemin) if personnage else None
        if isinstance(case, Piste):
            return Boite(
                _champ(chemin), case.etiquette, case.nom, "", 1, "", case.cases, valeur or 0
            )
        return Boite(
            _champ(chemin),
            case.etiquette,
            case.nom,
            case.formule,
            case.largeur,
            printed(valeur, case.signe),
        )

    sections = []
    for index, section in enumerate(description.sections):
        nouvelle_page = index in description.pages
        if isinstance(section, Groupe):
            chemin = f"{section.cle}." if section.cle else ""
            sections.append(
                {
                    "groupe": True,
                    "titre": section.titre,
                    "note": section.note,
                    "page": nouvelle_page,
                    "boites": [boite(chemin + case.cle, case) for case in section.cases],
                }
            )
            continue
        if section.rangs:
            rangs = list(section.rangs)
        else:
            ecrites = len(personnage.valeur(section.cle) or []) if personnage else 0
            rangs = [(str(i), "") for i in range(max(section.lignes, ecrites))]
        lignes = [
            (
                nom or str(int(rang) + 1),
                [boite(f"{section.cle}.{rang}.{c.cle}", c) for c in section.colonnes],
            )
            for rang, nom in rangs
        ]
        coupures = (
            [0, section.coupure, len(section.colonnes)]
            if section.coupure
            else [0, len(section.colonnes)]
        )
        parties = [
            {
                "colonnes": section.colonnes[debut:fin],
                "lignes": [(nom, boites[debut:fin]) for nom, boites in lignes],
            }
            for debut, fin in zip(coupures, coupures[1:], strict=False)
        ]
        sections.append(
            {
                "groupe": False,
                "titre": section.titre,
                "note": section.note,
                "page": nouvelle_page,
                "nommee": bool(section.rangs) or bool(section.coupure),
                "fixes": bool(section.rangs),
                "etroite": len(section.colonnes) <= 4
                and all(getattr(c, "largeur", 1) < 4 for c in section.colonnes),
                "parties": parties,
            }
        )
    return {
        "titre": description.titre,
        "entete": [boite(case.cle, case) for case in description.entete],
        "sections": sections,
        "rempli": personnage is not None,
        "notes": str(personnage.valeurs.get("notes", "")).replace("'", "’") if personnage else "",
    }


def _champ(chemin: str) -> str:
    return chemin.replace(".", "-")


def printed(valeur: Any, signe: bool = False) -> str:
    """A value as French print writes it: true minus sign, decimal comma; a bonus signed."""
    if valeur is None:
        return ""
    if signe and isinstance(valeur, int) and not isinstance(valeur, bool) and valeur > 0:
        return f"+{valeur}"
    if isinstance(valeur, Fraction):
        if valeur.denominator == 1:
            valeur = int(valeur)
        else:
            texte = f"{float(valeur):.2f}".rstrip("0").rstrip(".").replace(".", ",")
            return texte.replace("-", "−")
    if isinstance(valeur, bool):
        return "oui" if valeur else "non"
    if isinstance(valeur, int):
        return str(valeur).replace("-", "−")
    return str(valeur).replace("'", "’")  # French typography: the typographic apostrophe


# -- where the book states a rule ----------------------------------------------------------


class Citations:
    """The place of a rule's sentence in the book: « “Les moyens”, cda.xml:561 »."""

    TAGS = ("para", "simpara", "entry", "title", "screen", "glossterm", "term", "listitem")

    def __init__(self, document):
        self.document = document
        self._textes: list[tuple[str, Any]] | None = None

    def element(self, phrase: str):
        """The innermost element whose text holds `phrase` (whitespace and apostrophes aside)."""
        if self._textes is None:
            self._textes = [
                (_normal("".join(element.itertext())), element)
                for element in self.document.root.iter(*self.TAGS)
            ]
        cherchee = _normal(phrase)
        trouves = [element for texte, element in self._textes if cherchee in texte]
        candidats = set(trouves)
        for element in trouves:  # the innermost: no other candidate inside it
            if not any(inner in candidats for inner in element.iterdescendants()):
                return element
        return None

    def place(self, phrase: str) -> str:
        element = self.element(phrase)
        if element is None:
            return f"règle introuvable dans le livre{NBSP_COLON} « {phrase} »"
        fichier, ligne, _ = self.document.locate(element)
        titre = _titre_de_section(element)
        ou = f"{fichier.relative_to(self.document.folder)}:{ligne}"
        return f"« {titre} », {ou}" if titre else ou


NBSP_COLON = "\u00a0:"


def _titre_de_section(element) -> str:
    for parent in element.iterancestors("section", "sect1", "sect2", "sect3", "chapter"):
        titre = parent.find("title")
        if titre is not None:
            return " ".join("".join(titre.itertext()).split())
    return ""


def _normal(texte: str) -> str:
    return normalize(texte.replace("\u00a0", " ").replace("\u202f", " "))


# -- `rulebook sheet CHARACTER_FILE` -------------------------------------------------------


def add_command(commands) -> None:
    """The `sheet` subcommand."""
    sheet = commands.add_parser(
        "sheet", help="check a character file against its game's rules and print its sheet"
    )
    sheet.add_argument("character", metavar="CHARACTER_FILE", help="a character file (TOML)")
    sheet.add_argument(
        "--out", default=None, help="the PDF to write (default: generated/BOOK/NAME.pdf)"
    )
    sheet.add_argument("--paper", choices=tuple(PAPERS), default="a4")
    sheet.set_defaults(run=run_sheet)
    return sheet


def run_sheet(arguments: argparse.Namespace) -> int:
    """Read, check and total a character, then write its sheet: 0, or 2 for a bad file."""
    from build_tools.reader import UnreadableBook, read_book

    path = Path(arguments.character)
    try:
        book = _book_of(path, livre_du_fichier(path))
        game, problems = load_game(book)
        description = getattr(game, "sheet", None)
        if description is None:
            raise UsageError(
                f"{path}: the game of {book.name} describes no character sheet"
                + "".join(f"\n{p.astext()}" for p in problems)
            )
        try:
            document = read_book(book.main)
        except UnreadableBook as unreadable:
            for finding in unreadable.findings:
                print(finding.astext(), file=sys.stderr)
            raise UsageError(f"{book.name}: the book cannot be read") from None
        citations = Citations(document)
        personnage = lire_personnage(path, description, citations.place)
    except PersonnageIllisible as illisible:
        for diagnostic in illisible.diagnostics:
            print(diagnostic.astext(), file=sys.stderr)
        print(
            f"rulebook: {path}: {len(illisible.diagnostics)} error(s); no sheet written",
            file=sys.stderr,
        )
        return 2
    out = (
        Path(arguments.out) if arguments.out else Path("generated") / book.name / f"{path.stem}.pdf"
    )
    write_atomic(out, sheet_pdf(description, book.folder, arguments.paper, personnage))
    print(f"{book.name}: sheet: {out}")
    return 0


def _book_of(path: Path, livre: str) -> Book:
    """The book a character file names: a folder above the file of that name, else source/BOOK."""
    for folder in Path(path).resolve().parents:
        if folder.name == livre and main_file(folder) is not None:
            return Book(livre, folder, folder / main_file(folder).name)
    return select([livre])[0]
