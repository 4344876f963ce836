"""`python -m build_tools` runs the `rulebook` command."""

import sys

from build_tools.entry import main

sys.exit(main())
