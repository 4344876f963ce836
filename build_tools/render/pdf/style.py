"""The print stylesheet of the PDF book: `templates/pdf/print.css` filled with paper and fonts."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

from build_tools.assets import templates_folder

TEMPLATES = templates_folder() / "pdf"

PAPER_SIZES = {"a4": "A4", "letter": "letter"}

# Source Serif and Source Sans (Adobe, SIL Open Font License) come as pip packages.
# They are drawn for reading at text sizes, with a large x-height, true small
# figures and every French glyph; DejaVu, on every machine, is the fallback.
FONT_PACKAGES = {
    "serif": ("font_source_serif_pro", "SourceSerifPro", "Source Serif Pro"),
    "sans": ("font_source_sans_pro", "SourceSansPro", "Source Sans Pro"),
}
FALLBACKS = {"serif": "DejaVu Serif", "sans": "DejaVu Sans"}
# Only the faces the stylesheet uses: each face embedded costs a subsetting pass.
STYLES = {
    "serif": {"Regular": ("400", "normal"), "It": ("400", "italic"), "Bold": ("700", "normal")},
    "sans": {
        "Regular": ("400", "normal"),
        "Semibold": ("600", "normal"),
        "Bold": ("700", "normal"),
        "Black": ("900", "normal"),
    },
}


@dataclass(frozen=True)
class FontFace:
    """One `@font-face`: a family name, a weight, a style and the file that draws it."""

    family: str
    weight: str
    style: str
    url: str


@dataclass(frozen=True)
class Fonts:
    """The families the stylesheet uses, best first, and the faces to declare for them."""

    serif: str
    sans: str
    faces: tuple[FontFace, ...]


def fonts(preferred: dict[str, str] | None = None) -> Fonts:
    """Source Serif and Source Sans when their packages are installed, else DejaVu; the
    book's settings may name a family to try first (`[fonts] serif = "…"`)."""
    families, faces = {}, []
    for role, (package, stem, family) in FONT_PACKAGES.items():
        folder = _package_folder(package)
        found = [
            FontFace(family, weight, style, (folder / f"{stem}-{name}.ttf").as_uri())
            for name, (weight, style) in STYLES[role].items()
            if folder is not None and (folder / f"{stem}-{name}.ttf").is_file()
        ]
        faces += found
        families[role] = f'"{family}", "{FALLBACKS[role]}"' if found else f'"{FALLBACKS[role]}"'
        if (preferred or {}).get(role):
            families[role] = f'"{preferred[role]}", {families[role]}'
    return Fonts(families["serif"], families["sans"], tuple(faces))


DRAFT_MARK = {"fr": "Brouillon — ne pas diffuser", "en": "Draft — do not distribute"}
"""The running mark of a draft (`--draft`), in the book's language (English when unknown)."""


def stylesheet(options, language: str = "en", settings: dict | None = None) -> str:
    """The print CSS for `options` and a book in `language`: paper size, fonts, draft mark."""
    primary = language.split("-")[0].split("_")[0].lower()
    environment = _environment()
    return environment.get_template("print.css").render(
        paper=PAPER_SIZES[options.paper],
        fonts=fonts({role: (settings or {}).get(f"font_{role}", "") for role in FONT_PACKAGES}),
        draft=DRAFT_MARK.get(primary, DRAFT_MARK["en"]) if options.draft else "",
    ) + environment.get_template("structures.css").render(fonts=fonts())


def asset_folders() -> list[Path]:
    """The folders of the tool's own files the PDF reads: its templates and its fonts."""
    folders = [TEMPLATES]
    for package, _, _ in FONT_PACKAGES.values():
        folder = _package_folder(package)
        if folder is not None:
            folders.append(folder)
    return folders


def _package_folder(package: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent / "files"


def errata_stylesheet(options) -> str:
    """The CSS of the errata sheet (screen and paper): `templates/pdf/errata.css` with the fonts."""
    return (
        _environment()
        .get_template("errata.css")
        .render(paper=PAPER_SIZES[options.paper], fonts=fonts())
    )


def _environment():
    """The stylesheets' templates (CSS: nothing escaped)."""
    from build_tools.render import templating

    return templating.environment(TEMPLATES, escaped=False, keep_trailing_newline=True)
