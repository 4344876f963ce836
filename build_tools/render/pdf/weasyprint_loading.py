"""Importing WeasyPrint without a search of the disk for each name of each library it loads."""

from __future__ import annotations

import contextlib
import ctypes.util
import importlib
import io
import sys
from types import ModuleType


def load_weasyprint() -> ModuleType:
    """The `weasyprint` module, imported with its shared libraries loaded by their sonames.

    WeasyPrint tries several names for each of Pango, HarfBuzz, fontconfig…, and
    cffi asks `ctypes.util.find_library` about every name that is not a file:
    on Linux that runs ldconfig, gcc and ld, a quarter of a second per build.
    Every list of names ends with the soname (`libpango-1.0.so.0`), which the
    dynamic loader finds alone; only where that fails is the search done.
    """
    if "weasyprint" in sys.modules:
        return sys.modules["weasyprint"]
    find_library = ctypes.util.find_library
    ctypes.util.find_library = _not_searched
    try:
        # A failed attempt prints WeasyPrint's installation advice: not for this one.
        with contextlib.redirect_stdout(io.StringIO()):
            return importlib.import_module("weasyprint")
    except OSError:
        pass  # libraries under other names: import again, with the search
    finally:
        ctypes.util.find_library = find_library
    return importlib.import_module("weasyprint")


def _not_searched(name: str) -> None:
    return None
