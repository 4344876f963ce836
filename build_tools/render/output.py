"""Writing outputs atomically: a reader sees the old file or the new one, never half of one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

PART = ".part"
"""The suffix of a file being written; one left behind (a killed build) is removed by the next."""


def write_atomic(path: Path, content: bytes | str) -> Path:
    """Write `content` to `path` through a temporary file in the same folder, then rename it.

    An OS error (disk full, read-only, a folder where the file goes) names `path`,
    and the old file, if any, is left as it was.
    """
    path = Path(path)
    data = content.encode("utf-8") if isinstance(content, str) else content
    temporary = None
    try:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except FileExistsError:  # a file stands where a folder of the output goes
            raise NotADirectoryError(
                20, "a file is where a folder would go", str(path.parent)
            ) from None
        if path.is_dir():
            raise IsADirectoryError(21, "a folder is where the file would go", str(path))
        descriptor, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=PART
        )
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except OSError as error:
        _remove(temporary)
        if error.filename is None:  # ENOSPC from write() names no file: name ours
            raise OSError(error.errno, error.strerror, str(path)) from None
        raise
    except BaseException:
        _remove(temporary)
        raise
    return path


def remove_leftovers(folder: Path) -> list[Path]:
    """Remove the temporary files a killed build left under `folder`; return them."""
    if not Path(folder).is_dir():
        return []
    removed = []
    for leftover in Path(folder).rglob(f".*{PART}"):
        if leftover.is_file():
            leftover.unlink(missing_ok=True)
            removed.append(leftover)
    return removed


def _remove(temporary: str | None) -> None:
    if temporary is not None:
        Path(temporary).unlink(missing_ok=True)
