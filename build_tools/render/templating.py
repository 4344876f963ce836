"""The one maker of Jinja2 environments: every page, stylesheet, card, sheet, preview banner and
new game is filled through `environment`, so that all share its rules.

A value a template names and the caller did not give is an error (StrictUndefined), never an
empty string in a page; compiled templates may be kept between runs (`cached`). Jinja2 is
imported here, when a template is filled: `rulebook check` fills none.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from build_tools.render.caches import cache_folder

if TYPE_CHECKING:
    from jinja2 import Environment, FileSystemBytecodeCache

HTML = ("html",)
"""Templates escaped by default: those of HTML pages (a stylesheet's text is never escaped)."""


def environment(
    *folders: Path,
    escaped: bool | tuple[str, ...] = HTML,
    keep_trailing_newline: bool = False,
    trim_blocks: bool = False,
    cached: bool = False,
    filters: dict[str, Callable[..., Any]] | None = None,
) -> Environment:
    """The templates of `folders`: `escaped` True escapes every template's values, a tuple of
    extensions only those templates' (HTML by default), False none (CSS, Python, TOML)."""
    import jinja2

    made = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(folder) for folder in folders]),
        autoescape=jinja2.select_autoescape(escaped) if isinstance(escaped, tuple) else escaped,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=keep_trailing_newline,
        trim_blocks=trim_blocks,
        lstrip_blocks=trim_blocks,
        bytecode_cache=_bytecode_cache() if cached else None,
    )
    made.filters.update(filters or {})
    return made


def _bytecode_cache() -> FileSystemBytecodeCache | None:
    """Compiling the templates costs more than rendering a book: keep them compiled.

    The cache lives under $XDG_CACHE_HOME (~/.cache)/rulebook/jinja2, outside the
    sources and the outputs; Jinja2 checks each template's modification time, so an
    edited template is compiled again. Without a writable cache folder, no cache.
    """
    from jinja2 import FileSystemBytecodeCache

    folder = cache_folder("jinja2")
    return FileSystemBytecodeCache(str(folder)) if folder is not None else None
