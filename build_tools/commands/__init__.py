"""The commands of `rulebook`, the top floor: each reads, validates, checks and renders through
the floors below, in a few visible lines (`cli.main` is the entry point)."""
