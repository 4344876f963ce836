"""Where rulebook keeps what it makes once for every build: compiled templates, cut faces."""

from __future__ import annotations

import os
from pathlib import Path


def cache_folder(name: str) -> Path | None:
    """$XDG_CACHE_HOME (~/.cache)/rulebook/`name`, made if need be; None when it cannot be
    written (then nothing is cached): outside the sources and the outputs."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    folder = base / "rulebook" / name
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None
