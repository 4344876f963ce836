"""`python -m build_tools` runs the `rulebook` command."""

import sys

from build_tools.cli import main

sys.exit(main())
