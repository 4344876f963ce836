"""The symbols of a formula as the book's notation writes them: whole words (« CA », « °R »,
« dernier handicap prévu »), found and replaced without a pattern compiled for each formula."""

from __future__ import annotations

from collections.abc import Callable, Iterator


def word_character(character: str) -> bool:
    r"""Whether `character` is what `\w` matches in a pattern: a letter, a digit or « _ »."""
    return character.isalnum() or character == "_"


def symbols_in(text: str, names) -> Iterator[tuple[int, int, str]]:
    r"""Where each of `names` is written in `text` as a symbol, (start, end, name) from the left:
    not after a letter, a digit, « _ » or « ° », nor before a letter, a digit or « _ »; at one
    place, the longest name. What `(?<![\w°])(?:name|…)(?!\w)` finds, without compiling a
    pattern for each formula (every rule declared, every working written, asks)."""
    ordered = [name for name in sorted(names, key=len, reverse=True) if name]
    at = 0
    while True:
        found = None
        for name in ordered:  # its first place from `at`; the longest name first at a place
            start = _first(text, name, at)
            if start >= 0 and (found is None or start < found[0]):
                found = (start, name)
        if found is None:
            return
        start, name = found
        yield start, start + len(name), name
        at = start + len(name)


def _first(text: str, name: str, at: int) -> int:
    """Where `name` is first written as a symbol in `text` from `at`, or -1."""
    start = text.find(name, at)
    while start >= 0:
        end = start + len(name)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not (word_character(before) or before == "°") and not word_character(after):
            return start
        start = text.find(name, start + 1)
    return -1


def replaced(text: str, names, replacement: Callable[[str], str]) -> str:
    """`text` with each symbol of `names` (`symbols_in`) replaced by `replacement(name)`."""
    pieces, position = [], 0
    for start, end, name in symbols_in(text, names):
        pieces += [text[position:start], replacement(name)]
        position = end
    return "".join(pieces) + text[position:]
