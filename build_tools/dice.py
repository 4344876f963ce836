"""Exact dice distributions: outcomes mapped to `Fraction` probabilities."""

from __future__ import annotations

import math
import sys
from array import array
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction


class Distribution(Mapping):
    """A finite probability distribution with exact probabilities.

    Probabilities read as `Fraction`s that sum to one; floats appear only when
    a caller formats them. Inside, an outcome has an integer count out of a
    common total: adding and multiplying integers is many times cheaper than
    doing it with fractions, and the books' checks compute many distributions.
    """

    __slots__ = ("_counts", "_total", "_order")

    def __init__(self, weights: Mapping[Hashable, Fraction | int]):
        fractions = {outcome: Fraction(weight) for outcome, weight in weights.items() if weight}
        if not fractions or sum(fractions.values()) <= 0:
            raise ValueError("a distribution needs a positive total weight")
        scale = math.lcm(*(weight.denominator for weight in fractions.values()))
        counts = {outcome: int(weight * scale) for outcome, weight in fractions.items()}
        self._set(counts)

    @classmethod
    def _of_counts(cls, counts: Mapping[Hashable, int]) -> Distribution:
        distribution = cls.__new__(cls)
        distribution._set({outcome: count for outcome, count in counts.items() if count})
        return distribution

    def _set(self, counts: dict[Hashable, int]) -> None:
        if any(count < 0 for count in counts.values()):
            raise ValueError("a probability cannot be negative")
        divisor = math.gcd(*counts.values())
        # In the order the outcomes came: sorted only when somebody looks (`_sorted`), since
        # sums, maps and probabilities do not depend on it and a chain of them sorted each step.
        self._counts = {outcome: count // divisor for outcome, count in counts.items()}
        self._total = sum(self._counts.values())
        self._order = None

    def _sorted(self) -> list[Hashable]:
        """The outcomes in their one order: numbers from the lowest, then others by repr."""
        if self._order is None:
            self._order = [outcome for outcome, _ in sorted(self._counts.items(), key=_sort_key)]
        return self._order

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Distribution:
        counts: dict[Hashable, int] = defaultdict(int)
        for outcome in outcomes:
            counts[outcome] += 1
        return cls._of_counts(counts)

    @classmethod
    def constant(cls, value: Hashable) -> Distribution:
        return cls._of_counts({value: 1})

    def __getitem__(self, outcome: Hashable) -> Fraction:
        return Fraction(self._counts.get(outcome, 0), self._total)

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._sorted())

    def __len__(self) -> int:
        return len(self._counts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Distribution):
            return self._counts == other._counts
        return Mapping.__eq__(self, other)

    __hash__ = None

    def __repr__(self) -> str:
        inside = ", ".join(f"{o!r}: {p}" for o, p in self.items())
        return f"Distribution({{{inside}}})"

    def map(self, function: Callable[[Hashable], Hashable]) -> Distribution:
        """The distribution of `function(outcome)`."""
        counts: dict[Hashable, int] = defaultdict(int)
        for outcome, count in self._counts.items():
            counts[function(outcome)] += count
        return Distribution._of_counts(counts)

    def renamed(self, function: Callable[[Hashable], Hashable]) -> Distribution:
        """The distribution of `function(outcome)` for a `function` that gives each outcome a
        name of its own (one to one: a Jet for each code), as `map` would give it.

        No two outcomes are merged, so the counts are kept as they are: each new outcome is
        hashed once, where `map` hashes it at each of its steps (a Python call each for a
        dataclass). A function that gives two outcomes one name is an error."""
        counts = {function(outcome): count for outcome, count in self._counts.items()}
        if len(counts) != len(self._counts):
            raise ValueError("renamed() needs one name per outcome: use map() to merge them")
        distribution = Distribution.__new__(Distribution)
        distribution._counts, distribution._total, distribution._order = counts, self._total, None
        return distribution

    def combine(
        self, other: Distribution, function: Callable[[Hashable, Hashable], Hashable]
    ) -> Distribution:
        """The distribution of `function(a, b)` for independent a from self, b from other."""
        counts: dict[Hashable, int] = defaultdict(int)
        for a, count_a in self._counts.items():
            for b, count_b in other._counts.items():
                counts[function(a, b)] += count_a * count_b
        return Distribution._of_counts(counts)

    def __add__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int):
            return self.map(lambda outcome: outcome + other)
        return _sum(self, other, 1) or self.combine(other, lambda a, b: a + b)

    def __sub__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int):
            return self.map(lambda outcome: outcome - other)
        return _sum(self, other, -1) or self.combine(other, lambda a, b: a - b)

    def __neg__(self) -> Distribution:
        return self.map(lambda outcome: -outcome)

    def probability(self, predicate: Callable[[Hashable], bool]) -> Fraction:
        """The exact probability that `predicate(outcome)` holds."""
        hits = sum(count for outcome, count in self._counts.items() if predicate(outcome))
        return Fraction(hits, self._total)

    def mean(self) -> Fraction:
        total = sum(Fraction(outcome) * count for outcome, count in self._counts.items())
        return total / self._total

    def conditional(self, predicate: Callable[[Hashable], bool]) -> Distribution:
        """This distribution restricted to the outcomes where `predicate` holds."""
        kept = {o: count for o, count in self._counts.items() if predicate(o)}
        if not kept:
            raise ValueError("no outcome satisfies the condition")
        return Distribution._of_counts(kept)


def _sum(first: Distribution, second: Distribution, sign: int) -> Distribution | None:
    """`first + sign × second` for integer outcomes, by one multiplication of two big integers.

    The counts of each distribution are the digits of an integer, one digit per
    outcome from the lowest to the highest, in a base large enough that no sum of
    products carries over (every count of the result is below first's total times
    second's): the product of the two integers has the counts of the sum as its
    digits (Kronecker substitution). Python multiplies big integers in C, where
    the pairwise loop costs a Python call per pair of outcomes. None when an
    outcome is not an integer, or the distributions are too small or too sparse to gain.
    """
    if len(first._counts) * len(second._counts) < 256:
        return None
    outcomes = [*first._counts, *second._counts]
    if any(type(outcome) is not int for outcome in outcomes):
        return None
    seconds = {sign * outcome: count for outcome, count in second._counts.items()}
    for counts in (first._counts, seconds):
        if max(counts) - min(counts) >= 4 * len(counts):
            return None  # sparse outcomes: the digits would be mostly zeros
    width = ((first._total * second._total).bit_length() + 7) // 8
    # a digit of a machine word's size (1, 2, 4 or 8 bytes) is read and written by `array`, in C
    width = next((size for size in sorted(_WORDS) if size >= width), width)
    low_first, low_second = min(first._counts), min(seconds)
    product = _digits(first._counts, low_first, width) * _digits(seconds, low_second, width)
    data = product.to_bytes((product.bit_length() + 7) // 8 or 1, "little")
    low = low_first + low_second
    if width in _WORDS:
        counts = {low + index: count for index, count in enumerate(_words(data, width)) if count}
        return Distribution._of_counts(counts)
    counts = {}
    for start in range(0, len(data), width):
        count = int.from_bytes(data[start : start + width], "little")
        if count:
            counts[low + start // width] = count
    return Distribution._of_counts(counts)


_WORDS = {array(code).itemsize: code for code in "BHILQ"}
"""The `array` type code of an unsigned machine word of each size: 1, 2, 4 and 8 bytes."""


def _digits(counts: Mapping[int, int], low: int, width: int) -> int:
    """The integer whose `width`-byte digit number `outcome - low` is `counts[outcome]`."""
    size = max(counts) - low + 1
    if width in _WORDS:
        words = array(_WORDS[width], [0]) * size
        for outcome, count in counts.items():
            words[outcome - low] = count
        if sys.byteorder == "big":
            words.byteswap()
        return int.from_bytes(words.tobytes(), "little")
    data = bytearray(width * size)
    for outcome, count in counts.items():
        start = width * (outcome - low)
        data[start : start + width] = count.to_bytes(width, "little")
    return int.from_bytes(data, "little")


def _words(data: bytes, width: int) -> array:
    """The little-endian digits of `width` bytes of `data`, as the machine's words."""
    words = array(_WORDS[width])
    words.frombytes(data + bytes(-len(data) % width))
    if sys.byteorder == "big":
        words.byteswap()
    return words


def die(sides: int) -> Distribution:
    """One fair die numbered 1 to `sides`."""
    return Distribution.uniform(range(1, sides + 1))


def open_ended(
    sides: int,
    *,
    explode_on: int | None = None,
    depth: int = 6,
    implode_on: int | None = None,
) -> Distribution:
    """A die re-rolled and added when it shows `explode_on`, and (when `implode_on`
    is given) re-rolled and subtracted when its first roll shows `implode_on`.

    A chain holds at most `depth` dice, the first roll included; the last die is
    kept as it falls. The cut keeps the distribution finite; the probability it
    leaves out is (1/sides)**(depth - 1) at most, far below any figure a book
    prints. Callers that need exactness about the tail pass a larger depth.
    """

    def chain(dice_left: int) -> Distribution:
        """An exploding roll that may still use `dice_left` dice, this one included."""
        if explode_on is None or dice_left <= 1:
            return die(sides)
        rest = chain(dice_left - 1)
        # Each face weighs rest._total; the exploding face shares its weight among the re-rolls.
        counts: dict[int, int] = defaultdict(int)
        for face in range(1, sides + 1):
            if face == explode_on:
                for outcome, count in rest._counts.items():
                    counts[face + outcome] += count
            else:
                counts[face] += rest._total
        return Distribution._of_counts(counts)

    if implode_on is None:
        return chain(depth)
    if depth <= 1:
        return die(sides)
    rest = chain(depth - 1)
    counts: dict[int, int] = defaultdict(int)
    for face in range(1, sides + 1):
        if face in (implode_on, explode_on):
            sign = -1 if face == implode_on else 1
            for outcome, count in rest._counts.items():
                counts[face + sign * outcome] += count
        else:
            counts[face] += rest._total
    return Distribution._of_counts(counts)


def _sort_key(item):
    outcome = item[0]
    return (0, outcome) if isinstance(outcome, (int, Fraction)) else (1, repr(outcome))
