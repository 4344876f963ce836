"""The document model: what a book is, computed once and read by every floor above it.

`docbook` (tag families, titles, the words of an element), `ids` (the one id map),
`numbering` (labels and anchors), `language` (the book's language). Validation, checking
and every renderer read these; nothing here imports them.
"""
