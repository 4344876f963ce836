"""rulebook: read, validate, cross-check and render DocBook rulebooks."""
