"""Find a binding's pattern in a reworded passage: anchored on numbers and rule words, not prose.

A pattern is first searched as it is written (`TextPattern`). When the author
has reworded the sentence, the pattern is aligned token by token with the
passage instead: its numbers must meet numbers, its rule words must meet rule
words of the same family, and most of its other words must still be there. A
rule word met by a rival of its family (« plus haut » where the text now says
« plus bas »), or a number of the pattern's own words met by another value
(« Quatre joueurs » where the text now says « Cinq joueurs »; « deux » for « 2 »
is the same value), is a contradiction the caller reports; other differences
are a rewording and go unremarked.
"""

from __future__ import annotations

import difflib
import functools
import re
from dataclasses import dataclass, field
from typing import Any

from build_tools.checking.passage import COUNT, TextMatch, TextPattern
from build_tools.checking.words import Vocabulary, Word
from build_tools.model.numbers import number_value

_TOKEN = re.compile(
    r"(?P<number>(?:[+\-−](?=\d))?\d+(?:[.,]\d+)?|"
    + COUNT.pattern.split("|", 1)[1]  # a number in words is a number (« deux » for « 2 »)
    + r")|(?P<word>[^\W\d_]+)|(?P<mark>[^\w\s])"
)
HOLE_MARK = "\x00"
PROSE_NEEDED = 0.6
"""The share of a pattern's prose words that must still be in the text for a reworded match."""
PROSE_ONLY_NEEDED = 0.8
"""The same share for a pattern of words alone (no number, no rule word to anchor it)."""
CLOSE_ENOUGH = 0.5
"""Below this share of a pattern's tokens, the closest text is no longer named as the place."""


@dataclass(frozen=True)
class Token:
    kind: str  # number, hole, word (a rule word), prose, mark
    key: str
    start: int
    end: int
    rule: Word | None = None
    number: str = ""
    """A number's text as written (« 12 », « deux »)."""


@dataclass
class Alignment:
    """A pattern found in a reworded text: its span, its holes, and the rule words that changed."""

    span: tuple[int, int]
    holes: list[tuple[int, int]]
    score: float
    accepted: bool
    contradictions: list[tuple[Word, Word]] = field(default_factory=list)
    """(the pattern's word, the text's word): rivals of one family."""


def tokens(text: str, vocabulary: Vocabulary, holes: frozenset = frozenset()) -> list[Token]:
    """The tokens of `text`: its rule words first, then numbers, prose words and marks."""
    result: list[Token] = []
    words = vocabulary.find(text)
    position = 0
    for word in [*words, None]:
        end = word.start if word else len(text)
        for match in _TOKEN.finditer(text, position, end):
            kind = match.lastgroup
            value = match.group()
            if kind == "number" and any(match.start() <= hole < match.end() for hole in holes):
                result.append(Token("hole", "#", match.start(), match.end()))
            elif kind == "number":
                result.append(Token("number", "#", match.start(), match.end(), number=value))
            elif kind == "word":
                result.append(Token("prose", value.lower(), match.start(), match.end()))
            else:
                result.append(Token("mark", value, match.start(), match.end()))
        if word:
            key = f"{word.family}:{word.lemma}"
            result.append(Token("word", key, word.start, word.end, word))
            position = word.end
    return result


def align(
    literals: list[str],
    text: str,
    vocabulary: Vocabulary,
    free: callable,
) -> Alignment | None:
    """The best alignment of a pattern (its literal pieces around holes) with `text`.

    `free(start, end)` says whether a span of the text is still unconsumed.
    Returns the best candidate even when it is not `accepted`, so that a lost
    anchor can name the closest text; None when nothing resembles the pattern.
    """
    # Each hole stands as a 0, so that « moins {} » reads as the operator it is.
    offsets, position = set(), 0
    for literal in literals[:-1]:
        position += len(literal)
        offsets.add(position)
        position += 1
    pattern = tokens("0".join(literals), vocabulary, holes=frozenset(offsets))
    pattern = [token for token in pattern if token.kind != "mark" or token.key in "()=+−-/×%"]
    if not pattern:
        return None
    # An aside the author added in parentheses is skipped, unless the pattern has its own.
    text_tokens = _searchable(text, vocabulary, any(token.key == "(" for token in pattern))
    keys = [_key(token) for token in pattern]
    starts = {_loose(token) for token in pattern}
    size = len(pattern)
    best: Alignment | None = None
    matcher = difflib.SequenceMatcher(None, autojunk=False)
    matcher.set_seq2(keys)
    for first in range(len(text_tokens)):
        window = text_tokens[first : first + size + 3]
        if _loose(window[0]) not in starts:
            continue
        matcher.set_seq1([_key(token) for token in window])
        candidate = _judge(matcher, pattern, window, free)
        if candidate and (
            best is None or (candidate.accepted, candidate.score) > (best.accepted, best.score)
        ):
            best = candidate
    return best


@functools.lru_cache(maxsize=2048)
def _searchable(text: str, vocabulary: Vocabulary, asides: bool = True) -> list[Token]:
    """The tokens of a passage a pattern is aligned with, worked out once per text.

    Without `asides`, a parenthesised aside that holds no number and no rule word
    (« (rappelons-le) ») is left out: it states no rule, and its words would push
    the rest of the sentence out of the pattern's window.
    """
    found = [
        token
        for token in tokens(text, vocabulary)
        if token.kind != "mark" or token.key in "()=+−-/×%"
    ]
    if asides:
        return found
    kept, index = [], 0
    while index < len(found):
        token = found[index]
        if token.key == "(":
            end = next((i for i in range(index + 1, len(found)) if found[i].key in "()"), None)
            if end is not None and found[end].key == ")":
                inside = found[index + 1 : end]
                if not any(t.kind in ("number", "word") for t in inside):
                    index = end + 1
                    continue
        kept.append(token)
        index += 1
    return kept


def could_hold(literals: list[str], text: str) -> bool:
    """A cheap test before aligning: most of the pattern's long words are in `text`."""
    words = _long_words(tuple(literals))
    if not words:
        return True
    lowered = text.lower()
    return sum(1 for word in words if word in lowered) >= len(words) * PROSE_NEEDED


@functools.lru_cache(maxsize=1024)
def _long_words(literals: tuple[str, ...]) -> frozenset[str]:
    return frozenset(word.lower() for word in re.findall(r"[^\W\d_]{5,}", " ".join(literals)))


def _loose(token: Token) -> str:
    """A token's key where a rule word stands for its whole family (its rivals may start)."""
    return token.rule.family if token.rule is not None else _key(token)


SYNONYMS = {"ainsi": "donc", "quand": "lorsque", "lorsqu": "lorsque", "aussi": "également"}
"""Prose words a rewording swaps for one another (French): one key in an alignment."""


def _key(token: Token) -> str:
    if token.kind in ("number", "hole"):
        return "#"
    return SYNONYMS.get(token.key, token.key) if token.kind == "prose" else token.key


def _judge(matcher, pattern, window, free) -> Alignment | None:
    matched: dict[int, int] = {}  # pattern index -> window index
    contradictions = []
    for tag, a_start, a_end, b_start, b_end in matcher.get_opcodes():
        if tag == "equal":
            for offset in range(a_end - a_start):
                matched[b_start + offset] = a_start + offset
                mine, theirs = pattern[b_start + offset], window[a_start + offset]
                if mine.kind == theirs.kind == "number" and _value(mine) != _value(theirs):
                    contradictions.append((_as_word(mine), _as_word(theirs)))
        elif tag == "replace":
            for offset in range(min(a_end - a_start, b_end - b_start)):
                mine, theirs = pattern[b_start + offset], window[a_start + offset]
                if (
                    mine.kind == "word"
                    and theirs.kind == "word"
                    and mine.rule.family == theirs.rule.family
                ):
                    matched[b_start + offset] = a_start + offset
                    contradictions.append((mine.rule, theirs.rule))
    if not matched:
        return None
    positions = sorted(matched.values())
    span = (window[positions[0]].start, window[positions[-1]].end)
    score = len(matched) / len(pattern)
    holes = [index for index, token in enumerate(pattern) if token.kind == "hole"]
    anchors = [
        index for index, token in enumerate(pattern) if token.kind in ("hole", "word", "number")
    ]
    prose = [index for index, token in enumerate(pattern) if token.kind in ("prose", "mark")]
    kept = sum(1 for index in prose if index in matched)
    needed = PROSE_NEEDED if anchors else PROSE_ONLY_NEEDED
    accepted = (
        all(index in matched for index in anchors)
        and (not prose or kept / len(prose) >= needed)
        and all(_held(index, pattern, matched) for index in holes)
        and free(*span)
        and _in_order(matched)
    )
    return Alignment(
        span,
        [
            (window[matched[index]].start, window[matched[index]].end)
            for index in holes
            if index in matched
        ],
        score,
        accepted,
        contradictions,
    )


NUMBER_FAMILY = "nombre"
"""The family of a number met by another value in a contradiction (`Word.family`)."""


def _value(token: Token):
    return number_value(token.number)


def _as_word(token: Token) -> Word:
    """A number of a contradiction as a rule word of its own family, its value its lemma."""
    return Word(token.start, token.end, token.number, NUMBER_FAMILY, str(_value(token)))


def _held(hole: int, pattern: list[Token], matched: dict[int, int]) -> bool:
    """A number keeps its place: a word next to its hole in the pattern is next to it in the text.

    One side is enough (« reçoit donc 1 PX » → « reçoit ainsi 1 PX »), and one
    word may have been slipped in between (« est de » → « est bien de »).
    """
    if hole not in matched:
        return False
    for neighbour, direction in ((hole - 1, -1), (hole + 1, 1)):
        if 0 <= neighbour < len(pattern) and neighbour in matched:
            distance = (matched[neighbour] - matched[hole]) * direction
            if 1 <= distance <= 2:
                return True
    return len(pattern) == 1


def _in_order(matched: dict[int, int]) -> bool:
    positions = [matched[index] for index in sorted(matched)]
    return positions == sorted(positions)


def read_as(pattern: TextPattern, text: str, theirs: Word, written: str) -> TextMatch | None:
    """The match of `pattern` over the rule word `theirs` of `text` read as `written` (the
    pattern's word of its family), in the offsets of `text`: the pattern as written but for that
    word; None when it does not stand there."""
    reach = len(pattern.pattern) + 16 * pattern.groups
    first = max(0, theirs.start - reach)
    local = text[first : theirs.start] + written + text[theirs.end : theirs.end + reach]
    word_start = theirs.start - first
    word_end = word_start + len(written)
    found = pattern.search(local, max(0, word_start - reach))
    while found is not None and found.start() <= word_start and found.end() < word_end:
        found = pattern.search(local, found.start() + 1)
    if found is None or found.start() > word_start:
        return None
    shift = (theirs.end - theirs.start) - len(written)

    def back(offset: int) -> int:
        if offset >= word_end:
            return first + offset + shift
        return first + offset if offset <= word_start else theirs.end

    whole, *holes = (found.span(group) for group in range(pattern.groups + 1))
    return TextMatch(
        pattern, text, (back(whole[0]), back(whole[1])), [(back(a), back(b)) for a, b in holes]
    )


def differing_words(found: str, expected: str) -> tuple[int, int, str] | None:
    """Where `found` and `expected` differ, between the words they share at start and end.

    (start, end, words): the span of `found` that differs and the words of
    `expected` in its place (« Mental (Mt) », « Mental (Me) » → the span of
    « (Mt) », « (Me) »); None when they hold the same words.
    """
    said = list(re.finditer(r"\S+", found))
    given = expected.split()
    first = 0
    while first < min(len(said), len(given)) and said[first].group() == given[first]:
        first += 1
    last = 0
    while last < min(len(said), len(given)) - first and said[-1 - last].group() == given[-1 - last]:
        last += 1
    if first + last >= len(said):
        return None
    return said[first].start(), said[-1 - last].end(), " ".join(given[first : len(given) - last])


_QUOTED = re.compile(r"«\s*([^«»]+?)\s*»")


def words_given(expected: Any) -> str | None:
    """The words the rules give, when an erratum's expected value is words (« Mental (Me) »)."""
    quoted = _QUOTED.fullmatch(expected.strip()) if isinstance(expected, str) else None
    return quoted.group(1) if quoted else None
