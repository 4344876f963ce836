"""The installed `rulebook` command: the CLI, where Ctrl-C even during start-up is one line."""

from __future__ import annotations

import sys
from typing import NoReturn


def main() -> int:
    """Run `rulebook` with the command line's arguments; exit status as `commands.cli` says."""
    if sys.argv[1:] == ["--version"]:  # at once: the CLI and what it imports are not needed
        import build_tools

        print(f"rulebook {build_tools.__version__}")
        return 0
    try:
        from build_tools.commands.cli import main as command

        return command()
    except KeyboardInterrupt:  # while the modules load, before the CLI can catch it itself
        print("rulebook: interrupted", file=sys.stderr)
        return 130


def console() -> NoReturn:
    """`rulebook` as a command runs it (the installed script, `python -m build_tools`): `main`,
    then the process ends at once with its status.

    Everything a command writes is written and closed when it returns; what Python's own
    shutdown would still do is free each object of the process one by one (a checked book's
    trees, rules and findings: a tenth of a `rulebook check`), for a process that is ending.
    Its output is flushed and its exit handlers run first; while a thread other than the main
    one still runs (none should), or under a profiler or a coverage tool, Python's shutdown
    is left to do its work, as ever.
    """
    status = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (`rulebook check | head`): nothing to add
            pass
    import threading

    if sys.getprofile() is not None or sys.gettrace() is not None:
        sys.exit(status)  # a profiler or a coverage tool writes its data at shutdown
    others = [thread for thread in threading.enumerate() if thread is not threading.main_thread()]
    if any(thread.is_alive() and not thread.daemon for thread in others):
        sys.exit(status)
    import atexit
    import os

    atexit._run_exitfuncs()
    os._exit(status)
