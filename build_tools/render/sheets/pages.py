"""Character sheets: a game's character description laid out as a PDF, blank, fillable or filled.

The pipeline, in the order it runs:

1. the game's rules module describes its character (`build_tools.model.sheet.Description`);
2. `_view` turns that description (and, for a filled sheet, a character read by
   `sheets_character`) into boxes with their field names, labels, formulas and values;
3. `templates/sheets/sheet.html` and `sheet.css` lay them out, for A4 or Letter;
4. WeasyPrint writes the PDF: a blank sheet is a PDF form (every box a named
   field, every derived box labelled with its formula); a filled sheet prints
   its values. Files are replaced atomically.

`rulebook build --format sheets` writes `generated/BOOK/sheet.pdf` and
`sheet-letter.pdf` (with --paper, that paper's only); `rulebook sheet CHARACTER_FILE`
writes one filled sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from build_tools.assets import templates_folder
from build_tools.checking.character import (
    Character,
)
from build_tools.diagnostics import Finding
from build_tools.model.sheet import Description, Group, Track, printed
from build_tools.model.typography import french_spaces
from build_tools.model.wording import words_for
from build_tools.output import write_atomic
from build_tools.render import templating
from build_tools.render.context import RenderError
from build_tools.render.markup import rendered
from build_tools.render.pdf import style as pdf_style
from build_tools.render.sheets.balance import (
    balanced,
    descendants,
    may_place_alike,
    measured,
    placed_alike,
    placement,
)
from build_tools.render.sheets.form import finish_form
from build_tools.render.sheets.layout import outside_printable

if TYPE_CHECKING:
    from build_tools.render.pdf.engine import Engine

TEMPLATES = templates_folder() / "sheets"
PAPERS = {"a4": "A4", "letter": "letter"}
PDF_OPTIONS = {"full_fonts": False, "hinting": False, "output_intent": "srgb"}
"""Fonts subset to the glyphs the sheet uses, and embedded."""


def render(context) -> list[Path]:
    """The blank sheets of the book's game as fillable PDF forms: A4 and Letter, or the paper
    --paper names."""
    description = getattr(context.report.game, "sheet", None)
    if description is None:
        if not getattr(context.options, "rules", True):
            reason = "--no-rules: the game, which describes the sheet, is not loaded"
        elif context.report.game is None and (context.book.folder / "__init__.py").is_file():
            reason = "its game cannot load (rulebook check says why)"
        else:
            reason = "its game describes no character sheet"
        context.findings.append(
            Finding("warning", "sheets", f"{context.book.name}: no sheet: {reason}", key="sheets")
        )
        return []
    written = []
    given = getattr(context.options, "paper_given", False)
    documents = {}
    language = context.report.language
    engine = sheet_engine(context.book.folder)
    for paper in [context.options.paper] if given else PAPERS:
        documents[paper] = sheet_document(
            description, context.book.folder, paper, language=language, engine=engine
        )
        context.pages += len(documents[paper].pages)  # what the build's progress counts
    # A box past the printable area on either paper: neither sheet is written.
    outside = [
        finding
        for paper, document in documents.items()
        for finding in outside_printable(document, description.title, PAPERS[paper])
    ]
    if outside:
        raise RenderError(outside)
    for paper, document in documents.items():
        with engine.running():
            pdf = finish_form(document.write_pdf(pdf_forms=True, **PDF_OPTIONS), description)
        name = "sheet.pdf" if paper == "a4" else f"sheet-{paper}.pdf"
        written.append(write_atomic(context.out / name, pdf))
    context.findings += engine.report(context.book.name, "sheets")
    context.written.extend(written)
    return written


def sheet_engine(folder: Path) -> Engine:
    """WeasyPrint for a sheet of the game in `folder`: every URL through its book's gate."""
    from build_tools.render.pdf.engine import Engine
    from build_tools.resources import Gate

    return Engine(Gate(folder, assets=pdf_style.asset_folders()))


def character_pdfs(
    description: Description,
    folder: Path,
    character: Character,
    paper: str = "a4",
    language: str = "fr",
    engine: Engine | None = None,
) -> tuple[bytes, bytes]:
    """The PDFs of a character's sheet: its form, filled in and still editable, and its
    sheet for print, its values printed and no field left. The two draw boxes of one size:
    the sheet for print takes the form's balance when its boxes are found where the form's
    are (`balance.placed_alike`), else is balanced itself. WeasyPrint reads through the
    book's gate."""
    engine = engine or sheet_engine(folder)
    with engine.running():
        form, view = _sheet_document(description, paper, character, language, False, engine)
        like = placement(form, view)
        kept, flat = _sheet_document(description, paper, character, language, True, engine, like)
        # a value the sheet for print sets smaller is sized by the viewer to its field
        fitted = flat["long"]
        return (
            finish_form(form.write_pdf(pdf_forms=True, **PDF_OPTIONS), description, fitted),
            kept.write_pdf(**PDF_OPTIONS),
        )


def sheet_document(
    description: Description,
    folder: Path,
    paper: str = "a4",
    character: Character | None = None,
    language: str = "fr",
    flat: bool = False,
    engine: Engine | None = None,
):
    """The sheet laid out (WeasyPrint's document), before it is written as a PDF: a form
    (filled in with `character` if given), or with `flat` the character's values printed."""
    engine = engine or sheet_engine(folder)
    with engine.running():
        return _sheet_document(description, paper, character, language, flat, engine)[0]


def _sheet_document(description, paper, character, language, flat, engine, like=None):
    """The sheet laid out, and the view it was laid out with; `like`, the placement of a
    sheet of the same boxes (`balance.placement`), taken when its boxes are found alike."""
    import markupsafe
    from weasyprint.text.fonts import FontConfiguration

    # The PDF book's folder too: the sheet embeds the same faces (faces.css).
    environment = templating.environment(TEMPLATES, pdf_style.TEMPLATES, trim_blocks=True)
    fonts = FontConfiguration()
    css = environment.get_template("sheet.css").render(paper=PAPERS[paper], fonts=pdf_style.fonts())
    # A French sheet's every text: no-break spaces before ; : ! ? and inside « »; any sheet:
    # typographic apostrophes (a game's labels are typed with '). (A macro's output is
    # markup already made of finalized values: left as it is.)
    spaced = french_spaces if language.startswith("fr") else str
    environment.finalize = lambda value: (
        spaced(value).replace("'", "’")
        if isinstance(value, str) and not isinstance(value, markupsafe.Markup)
        else value
    )
    view = _view(description, character)
    view["filled"] = character is not None and flat
    base_url = TEMPLATES.as_uri() + "/"
    stylesheet = engine.css(css, font_config=fonts, base_url=base_url)

    def lay_out():
        page = rendered(
            environment.get_template("sheet.html"),
            view=view,
            date=_date(),
            words=words_for(language),
            language=language,
        )
        return engine.html(page, base_url).render(stylesheets=[stylesheet], font_config=fonts)

    if like is not None and may_place_alike(like):
        first = dict(view)
        view.update(like.view)
        document = lay_out()
        if placed_alike(measured(document), like):
            # A value too long for its box (« Hache de guerre à deux mains ») is set smaller,
            # on two lines, rather than cut at the box's edge (its box keeps its height).
            view["long"] = too_wide(document) if view["filled"] else set()
            return (lay_out() if view["long"] else document), view
        view.update(first)
    document = lay_out()
    if view["filled"]:  # found on the first layout, set smaller in the balanced one
        view["long"] = too_wide(document)
    return balanced(document, view, lay_out, stale=bool(view["long"])), view


def too_wide(document) -> set[str]:
    """The fields of the filled values whose text runs past their box on the sheet laid out."""
    fields = set()
    for page in document.pages:
        for box in descendants(page._page_box):
            element = getattr(box, "element", None)
            if element is None or box.element_tag != "span" or not element.get("data-field"):
                continue
            if "valeur" not in (element.get("class") or "").split():
                continue
            for line in getattr(box, "children", ()):
                if sum(text.margin_width() for text in getattr(line, "children", ())) > box.width:
                    fields.add(element.get("data-field"))
    return fields


def _date() -> str:
    from build_tools.render.html.print_markup import source_date

    date = source_date()
    return date.strftime("%Y-%m-%dT%H:%M:%SZ") if date else ""


# -- the view: boxes with names, labels, formulas and values ---------------------------------


@dataclass
class DrawnBox:
    """One box as the template draws it."""

    field: str
    """The PDF field's name: the character file's field, dots as hyphens (`moyens-Pu`)."""
    label: str
    name: str
    formula: str
    width: int
    value: str = ""
    count: int = 0
    """For a track: how many tick boxes, and how many are ticked (`ticked`)."""
    ticked: int = 0

    @property
    def title(self) -> str:
        """What a form field says it is: its name, and its formula for a derived box."""
        return f"{self.name} ({self.formula})" if self.formula else self.name


def _view(description: Description, character: Character | None) -> dict[str, Any]:
    """What the template draws: header, then each section as boxes or as tables of rows."""

    def drawn(path: str, box) -> DrawnBox:
        value = character.value(path) if character else None
        field = path.replace(".", "-")
        if isinstance(box, Track):
            return DrawnBox(field, box.label, box.name, "", 1, "", box.count, value or 0)
        return DrawnBox(
            field, box.label, box.name, box.formula, box.width, printed(value, box.signed)
        )

    sections = []
    for index, section in enumerate(description.sections):
        new_page = index in description.pages
        if isinstance(section, Group):
            prefix = f"{section.key}." if section.key else ""
            sections.append(
                {
                    "group": True,
                    "title": section.title,
                    "note": section.note,
                    "page": new_page,
                    "boxes": [drawn(prefix + box.key, box) for box in section.boxes],
                }
            )
            continue
        if section.rows:
            rows = list(section.rows)
        else:
            written = len(character.value(section.key) or []) if character else 0
            rows = [(str(i), "") for i in range(max(section.blank_rows, written))]
        lines = [
            (
                name or str(int(row) + 1),
                [drawn(f"{section.key}.{row}.{box.key}", box) for box in section.columns],
            )
            for row, name in rows
        ]
        cuts = (
            [0, section.split, len(section.columns)] if section.split else [0, len(section.columns)]
        )
        parts = [
            {
                "columns": section.columns[start:end],
                "rows": [(name, boxes[start:end]) for name, boxes in lines],
            }
            for start, end in zip(cuts, cuts[1:], strict=False)
        ]
        sections.append(
            {
                "group": False,
                "title": section.title,
                "note": section.note,
                "page": new_page,
                "named": bool(section.rows) or bool(section.split),
                "fixed": bool(section.rows),
                "narrow": len(section.columns) <= 4
                and all(getattr(box, "width", 1) < 4 for box in section.columns),
                "parts": parts,
            }
        )
    return {
        "title": description.title,
        "header": [drawn(box.key, box) for box in description.header],
        "sections": sections,
        "filled": character is not None,
        "long": set(),
        "notes_height": 0,
        "notes_before": None,
        "spread": {},
        "notes": str(character.values.get("notes", "")).replace("'", "’") if character else "",
    }


# -- `rulebook sheet CHARACTER_FILE` -------------------------------------------------------
