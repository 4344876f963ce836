"""Where rulebook's own files are: the templates and stylesheets the renderers fill."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def templates_folder() -> Path:
    """`templates/`: inside the package when installed from a wheel, else at the source tree's top.

    The source tree keeps `templates/` beside `build_tools/` (where authors of templates look
    for it); pyproject.toml maps it into the package as `build_tools/templates`, so a wheel
    carries it as package data.
    """
    packaged = _PACKAGE / "templates"
    return packaged if packaged.is_dir() else _PACKAGE.parent / "templates"


TEMPLATES = templates_folder()
