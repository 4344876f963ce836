"""Running a command as the benchmarks do: wall time and the peak memory of its process."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(
    command: list[str],
    *,
    env: dict | None = None,
    cwd: Path = ROOT,
    allowed: tuple[int, ...] = (0,),
) -> tuple[float, int]:
    """Run `command`; its wall time and the peak memory (KiB) of its largest process.

    An exit status outside `allowed` raises, with the end of what the command wrote.
    """
    with tempfile.TemporaryFile() as errors:  # a file, not a pipe: FOP logs a lot
        start = time.perf_counter()
        process = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode not in allowed:
            errors.seek(0)
            text = errors.read().decode(errors="replace")[-2000:]
            raise RuntimeError(f"{' '.join(command)} failed ({process.returncode}):\n{text}")
    return elapsed, usage.ru_maxrss
