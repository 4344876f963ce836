"""Work done at once on a machine of several cores: the first task here, each other in a fork.

A fork, not a pool: a pool's import, its threads and its extra process cost more than the
books' check saves from them (`rulebook check` is about half a second in all), and the
tasks are few and known beforehand.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable, Sequence
from typing import TypeVar

Result = TypeVar("Result")


def can_fork() -> bool:
    """Whether tasks can run at once here: a fork and more than one core."""
    return hasattr(os, "fork") and (os.cpu_count() or 1) > 1


def in_parallel(tasks: Sequence[Callable[[], Result]]) -> list[Result]:
    """Each of `tasks` called at the same time, the first in this process and each other in a
    forked copy of it; their results, as calling them one after the other would give them.

    A task in a copy must change nothing that another task reads (the copy's changes stay in
    the copy), and its result must pickle. Where tasks cannot run at once (`can_fork`), they
    run here, one after the other. The first exception of a task, in the tasks' order, is
    raised here, once every copy has ended.
    """
    if len(tasks) < 2 or not can_fork():
        return [task() for task in tasks]
    copies = [_forked(task) for task in tasks[1:]]
    try:
        mine = tasks[0]()
    finally:  # each copy's result is read even when the first task failed: the copies then end
        outcomes = [_outcome(*copy) for copy in copies]
    results = [mine]
    for succeeded, theirs in outcomes:
        if not succeeded:
            raise theirs
        results.append(theirs)
    return results


def _forked(task: Callable[[], Result]) -> tuple[int, int]:
    """A copy of this process that calls `task` and sends its outcome: (its pid, the pipe)."""
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # the copy: compute, send, and end without running the parent's exit code
        os.close(reading)
        try:
            outcome = (True, task())
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
    return child, reading


def _outcome(child: int, reading: int) -> tuple[bool, object]:
    """What the copy sent: (True, its result) or (False, the exception it raised)."""
    with os.fdopen(reading, "rb") as pipe:
        data = pipe.read()
    os.waitpid(child, 0)
    if not data:
        return False, RuntimeError("a process working in parallel ended without a result")
    return pickle.loads(data)
