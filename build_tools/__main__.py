"""`python -m build_tools` runs the `rulebook` command."""

from build_tools.entry import console

console()
