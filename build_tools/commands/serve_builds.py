"""The builds of `rulebook serve`, each in a child process of the server, one at a time;
Ctrl-C ends the one running at once (`Builds.end`), leaving nothing half-written.

The child is forked from the server, whose engine is loaded once (`load_engine`): a build
starts at once, without a new interpreter importing rulebook, lxml and Jinja2. The server
itself never imports a book's Python, so each child imports it as it is now. A child is one
plain process that the server owns: never a multiprocessing Pool, whose worker, terminated
by Python's exit while the pool is in use in another thread, is forked again by the pool's
own thread, and the pool's finalizer then waits for ever on the lock of its task queue
(the serve Ctrl-C hang: `serve stopped` said, the process or its orphan child never ending).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
from pathlib import Path

from build_tools.books import Book

ENGINE = (
    "build_tools.examine",
    "build_tools.commands.build",
    "build_tools.render.html.book",
    "build_tools.render.incremental",
    "jinja2",
    "mimetypes",
)
"""What every build of a served book runs: loaded by the server once, inherited by each child."""


def load_engine() -> None:
    import importlib

    for name in ENGINE:
        importlib.import_module(name)


class Stopped(Exception):
    """The server is ending (Ctrl-C): the build was not started, or was ended."""


class Builds:
    """Build a book in a child process (`run`) until `end`, which ends the one building."""

    def __init__(self, out: Path, options):
        self.out = out
        self.options = options
        self.stop = threading.Event()
        self.child: multiprocessing.process.BaseProcess | None = None
        """The process building now, if any."""
        self.starting = threading.Lock()
        """Held while a child starts or is let go: `end` sees every child that starts."""

    def run(self, book: Book) -> tuple[int, list[str], list[str], list]:
        """Build `book`'s HTML in a child: (status, lines, problems, new findings); the
        child's error raised here; Stopped once `end` is called."""
        forking = "fork" in multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if forking else "spawn")
        receiving, sending = context.Pipe(duplex=False)
        child = context.Process(
            target=_build, args=(sending, book, self.out, self.options), daemon=True
        )
        with self.starting, _interrupts_held():
            if self.stop.is_set():
                raise Stopped
            child.start()
            self.child = child
        sending.close()
        try:
            outcome = receiving.recv()
        except EOFError:  # the child ended without a word: `end` ended it, or it was killed
            outcome = None
        finally:
            receiving.close()
        with self.starting:
            if self.stop.is_set():  # `end` has the child, and waits for it
                raise Stopped
            self.child = None
        child.join()
        if outcome is None:
            raise RuntimeError(f"the building process ended with status {child.exitcode}")
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    def end(self, folders: list[Path]) -> None:
        """No build starts any more, and the one running, if any, ends now: its process is
        ended and waited for, and the files it was writing in `folders` are removed (a file
        is written whole or not at all, `output.write_atomic`: only its temporary files can
        be left)."""
        from build_tools.output import remove_leftovers

        with self.starting:
            self.stop.set()
            child, self.child = self.child, None
        if child is None:
            return
        child.terminate()
        child.join(1)
        if child.exitcode is None:
            child.kill()
            child.join()
        for folder in folders:
            remove_leftovers(folder)


@contextlib.contextmanager
def _interrupts_held():
    """Ctrl-C (SIGINT) held back from this thread while a child starts: the child, born with
    it blocked, cannot be interrupted before it ignores it (`_build`); the main thread, which
    does not block it, takes it meanwhile."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _build(sending, book: Book, out: Path, options) -> None:
    """The child: build the book, send back (status, lines, problems, new findings) or the
    error that stopped it. Ctrl-C stops the server, which ends this process: it ignores
    SIGINT, without a word of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    from build_tools.commands.build import build_book
    from build_tools.render import incremental

    try:
        status, lines, problems = build_book(book, ["html"], options, out)
        new = incremental.Manifest.load(out / book.name).book.get("new", []) if status != 2 else []
        outcome = (status, lines, problems, new)
    except Exception as error:  # the server says it, as for an error of its own
        outcome = error
    try:
        sending.send(outcome)
    except Exception:  # an error that cannot be pickled: its words
        sending.send(RuntimeError(f"{type(outcome).__name__}: {outcome}"))
