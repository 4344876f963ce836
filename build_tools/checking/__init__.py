"""Cross-checking a book against the executable rules of its game."""
