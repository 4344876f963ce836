"""Two renderings of one book at once, on a machine of several cores: one here, one in a fork."""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from typing import TypeVar

First = TypeVar("First")
Second = TypeVar("Second")


def in_parallel(first: Callable[[], First], second: Callable[[], Second]) -> tuple[First, Second]:
    """`first()` in this process and `second()` in a forked copy of it, at the same time; both
    results, as `(first(), second())` one after the other would give them.

    `second` must change nothing that `first` reads (the copy's changes stay in the copy),
    and its result must pickle. Where fork is not available, or on one core, the two run
    here, one after the other. An exception of `second` is raised here.
    """
    if not hasattr(os, "fork") or (os.cpu_count() or 1) < 2:
        return first(), second()
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # the copy: compute, send, and end without running the parent's exit code
        os.close(reading)
        try:
            outcome = (True, second())
        except BaseException as error:  # Ctrl-C too: the parent says it
            outcome = (False, error)
        try:
            data = pickle.dumps(outcome)
        except Exception as error:
            data = pickle.dumps((False, RuntimeError(f"{type(error).__name__}: {error}")))
        with os.fdopen(writing, "wb") as pipe:
            pipe.write(data)
        os._exit(0)
    os.close(writing)
    try:
        mine = first()
    finally:  # the copy's result is read even when `first` failed: the copy then ends
        with os.fdopen(reading, "rb") as pipe:
            data = pipe.read()
        os.waitpid(child, 0)
    if not data:
        raise RuntimeError("the process rendering in parallel ended without a result")
    succeeded, theirs = pickle.loads(data)
    if not succeeded:
        raise theirs
    return mine, theirs
