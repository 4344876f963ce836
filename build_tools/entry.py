"""The installed `rulebook` command: the CLI, where Ctrl-C even during start-up is one line."""

from __future__ import annotations

import sys


def main() -> int:
    """Run `rulebook` with the command line's arguments; exit status as `build_tools.cli` says."""
    try:
        from build_tools.cli import main as command

        return command()
    except KeyboardInterrupt:  # while the modules load, before the CLI can catch it itself
        print("rulebook: interrupted", file=sys.stderr)
        return 130
