"""The one writer of every file rulebook makes: inside its output folder, never through a
symbolic link there, atomic (a reader sees the old file or the new one, never half of one),
keeping a replaced file's mode, its temporary files unique to the process and cleaned.

A build names its output folder once (`writing_into`); every `write_atomic` and
`remove_output` under it is then held to that folder. Other writers (the ledger, `--fix`)
name their folder (`root=`) themselves.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import os
import re
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from build_tools import limits

PART = ".part"
"""The suffix of a file being written; one left behind (a killed build) is removed by the next."""

_LEFTOVER = re.compile(r"^\..+\.(\d+)\.[^.]+\.part$")
"""A temporary file's name: `.NAME.PID.RANDOM.part`, the process that writes it in its name."""

_ROOT: contextvars.ContextVar[Path | None] = contextvars.ContextVar("output_root", default=None)
_WRITTEN: contextvars.ContextVar[list[int] | None] = contextvars.ContextVar(
    "output_written", default=None
)


@contextlib.contextmanager
def writing_into(root: Path) -> Iterator[Path]:
    """Hold every write and removal of the block to `root`, the output folder, and its bytes
    to `limits.OUTPUT_BYTES` in all."""
    token, count = _ROOT.set(Path(os.path.abspath(root))), _WRITTEN.set([0])
    try:
        yield root
    finally:
        _ROOT.reset(token)
        _WRITTEN.reset(count)


def write_atomic(path: Path, content: bytes | str, root: Path | None = None) -> Path:
    """Write `content` to `path` through a temporary file in the same folder, then rename it.

    `path` must lie inside `root` (or the folder of `writing_into`), with no symbolic link
    between them: a link planted in the output folder is refused, never followed (a link
    at `path` itself is replaced, not written through). A replaced file keeps its mode.
    An OS error (disk full, read-only, a folder where the file goes) names `path`, and
    the old file, if any, is left as it was.
    """
    given, path = Path(path), Path(os.path.abspath(path))
    data = content.encode("utf-8") if isinstance(content, str) else content
    temporary = None
    try:
        _spend(len(data), path)
        _make_parent(path, root or _ROOT.get())
        if path.is_dir() and not path.is_symlink():
            raise IsADirectoryError(21, "a folder is where the file would go", str(path))
        mode = _mode_of(path)
        descriptor, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=PART
        )
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except OSError as error:
        _remove(temporary)
        if error.filename is None:  # ENOSPC from write() names no file: name ours
            raise OSError(error.errno, error.strerror, str(path)) from None
        raise
    except BaseException:
        _remove(temporary)
        raise
    return given


def remove_output(path: Path, root: Path | None = None) -> bool:
    """Remove the file `path` of the output folder, unless the way to it leaves the folder or
    goes through a symbolic link (then nothing is removed); whether it was removed."""
    path = Path(os.path.abspath(path))
    home = root or _ROOT.get()
    if home is not None and not _plain_way(path, Path(os.path.abspath(home))):
        return False
    try:
        if path.is_symlink() or path.is_file():
            path.unlink()
            return True
    except OSError:
        pass
    return False


def remove_leftovers(folder: Path) -> list[Path]:
    """Remove the temporary files killed processes left under `folder`; return them.

    A `.part` file of a process still running (another build into the same folder) is
    its work in progress, and stays. Links are not followed.
    """
    if not Path(folder).is_dir():
        return []
    removed = []
    for where, _folders, names in os.walk(folder):
        for name in names:
            if not name.endswith(PART) or not name.startswith("."):
                continue
            writer = _LEFTOVER.match(name)
            if writer and _running(int(writer[1])):
                continue
            leftover = Path(where) / name
            if leftover.is_file() and not leftover.is_symlink():
                leftover.unlink(missing_ok=True)
                removed.append(leftover)
    return removed


def _spend(size: int, path: Path) -> None:
    """Count `size` bytes against the build's bound; OSError (EFBIG) naming it past it."""
    written = _WRITTEN.get()
    if written is None:
        return
    written[0] += size
    if written[0] > limits.OUTPUT_BYTES:
        raise OSError(
            errno.EFBIG,
            f"the book's outputs would pass {limits.OUTPUT_BYTES} bytes "
            "(rulebook.limits.OUTPUT_BYTES): refused to write more",
            str(path),
        )


def _make_parent(path: Path, root: Path | None) -> None:
    """Make `path`'s folder, each folder below `root` a real one (never a link), or OSError."""
    if root is None:
        _mkdir(path.parent)
        return
    root = Path(os.path.abspath(root))
    if path == root or not path.is_relative_to(root):
        raise PermissionError(
            errno.EPERM, f"outside the output folder {root}: refused to write", str(path)
        )
    _mkdir(root)  # the output folder itself may be a link: the user named it
    current = root
    for part in path.relative_to(root).parts[:-1]:
        current = current / part
        with contextlib.suppress(FileExistsError):
            os.mkdir(current)
        status = os.lstat(current)
        if stat.S_ISLNK(status.st_mode):
            raise OSError(
                errno.ELOOP,
                "a symbolic link is where a folder of the output goes: refused to follow it",
                str(current),
            )
        if not stat.S_ISDIR(status.st_mode):
            raise NotADirectoryError(20, "a file is where a folder would go", str(current))


def _mkdir(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a file stands where a folder of the output goes
        raise NotADirectoryError(20, "a file is where a folder would go", str(folder)) from None


def _plain_way(path: Path, root: Path) -> bool:
    """Whether `path` lies inside `root` with no symbolic link among the folders between."""
    if path == root or not path.is_relative_to(root):
        return False
    current = root
    for part in path.relative_to(root).parts[:-1]:
        current = current / part
        if current.is_symlink():
            return False
    return True


def _mode_of(path: Path) -> int:
    """The mode a file written at `path` gets: the one of the file it replaces, else 0644."""
    try:
        status = os.lstat(path)
    except OSError:
        return 0o644
    return stat.S_IMODE(status.st_mode) if stat.S_ISREG(status.st_mode) else 0o644


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError, ValueError):  # gone, or no process's number
        return False
    except PermissionError:  # another user's process
        return True
    return True


def _remove(temporary: str | None) -> None:
    if temporary is not None:
        Path(temporary).unlink(missing_ok=True)
