"""The symbols of a formula as the book's notation writes them: whole words (« CA », « °R »,
« dernier handicap prévu »), found and replaced without a pattern compiled for each formula;
a card's term and a number a finding points at, found the same way."""

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


def _first(text: str, name: str, at: int, not_after: str = "°") -> int:
    """Where `name` is first written as a whole word in `text` from `at`, or -1: neither before
    a word character nor after one or a character of `not_after` (a symbol: not after « ° »)."""
    start = text.find(name, at)
    while start >= 0:
        end = start + len(name)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not (word_character(before) or before in not_after) and not word_character(after):
            return start
        start = text.find(name, start + 1)
    return -1


def written_as_word(text: str, word: str) -> bool:
    r"""Whether `word` is written in `text` as a whole word: neither after nor before a letter,
    a digit or « _ ». What `(?<!\w)word(?!\w)` finds, without compiling it."""
    return _first(text, word, 0, not_after="") >= 0


def replaced(text: str, names, replacement: Callable[[str], str]) -> str:
    """`text` with each symbol of `names` (`symbols_in`) replaced by `replacement(name)`."""
    pieces, position = [], 0
    for start, end, name in symbols_in(text, names):
        pieces += [text[position:start], replacement(name)]
        position = end
    return "".join(pieces) + text[position:]


def standing_alone(text: str, number: str, end: int | None = None) -> Iterator[int]:
    r"""Where `number` stands alone in `text` (before `end`), from the left: not before a
    digit, nor after a digit, a point or a comma, but a signed number after a digit
    (« 11-9 »: its sign parts them). What `(?<![\d.,])number(?!\d)` finds, without a pattern
    compiled for each number a finding points at (`Passage.column_at`)."""
    if not number:
        return
    end = len(text) if end is None else end
    signed = number[:1] in "+-−"
    start = text.find(number, 0, end)
    while start >= 0:
        after = start + len(number)
        if (
            signed or not start or text[start - 1] not in ".," and not text[start - 1].isdecimal()
        ) and (after >= end or not text[after].isdecimal()):
            yield start
            start = text.find(number, after, end)
        else:
            start = text.find(number, start + 1, end)
