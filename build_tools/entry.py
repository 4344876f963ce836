"""The installed `rulebook` command: the CLI, where Ctrl-C even during start-up is one line."""

from __future__ import annotations

import sys


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
