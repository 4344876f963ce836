"""Exact dice distributions: outcomes mapped to `Fraction` probabilities."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction


class Distribution(Mapping):
    """A finite probability distribution with exact probabilities.

    Probabilities are `Fraction`s that sum to one; floats appear only when a
    caller formats them.
    """

    __slots__ = ("_weights",)

    def __init__(self, weights: Mapping[Hashable, Fraction | int]):
        total = sum(weights.values())
        if total <= 0:
            raise ValueError("a distribution needs a positive total weight")
        self._weights = {
            outcome: Fraction(weight) / total
            for outcome, weight in sorted(weights.items(), key=_sort_key)
            if weight
        }

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Distribution:
        counts: dict[Hashable, int] = defaultdict(int)
        for outcome in outcomes:
            counts[outcome] += 1
        return cls(counts)

    @classmethod
    def constant(cls, value: Hashable) -> Distribution:
        return cls({value: 1})

    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self._weights.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._weights)

    def __len__(self) -> int:
        return len(self._weights)

    def __repr__(self) -> str:
        inside = ", ".join(f"{o!r}: {p}" for o, p in self._weights.items())
        return f"Distribution({{{inside}}})"

    def map(self, function: Callable[[Hashable], Hashable]) -> Distribution:
        """The distribution of `function(outcome)`."""
        weights: dict[Hashable, Fraction] = defaultdict(Fraction)
        for outcome, probability in self._weights.items():
            weights[function(outcome)] += probability
        return Distribution(weights)

    def combine(
        self, other: Distribution, function: Callable[[Hashable, Hashable], Hashable]
    ) -> Distribution:
        """The distribution of `function(a, b)` for independent a from self, b from other."""
        weights: dict[Hashable, Fraction] = defaultdict(Fraction)
        for a, pa in self._weights.items():
            for b, pb in other._weights.items():
                weights[function(a, b)] += pa * pb
        return Distribution(weights)

    def __add__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int):
            return self.map(lambda outcome: outcome + other)
        return self.combine(other, lambda a, b: a + b)

    def __sub__(self, other: Distribution | int) -> Distribution:
        if isinstance(other, int):
            return self.map(lambda outcome: outcome - other)
        return self.combine(other, lambda a, b: a - b)

    def __neg__(self) -> Distribution:
        return self.map(lambda outcome: -outcome)

    def probability(self, predicate: Callable[[Hashable], bool]) -> Fraction:
        """The exact probability that `predicate(outcome)` holds."""
        return sum((p for outcome, p in self._weights.items() if predicate(outcome)), Fraction(0))

    def mean(self) -> Fraction:
        return sum((Fraction(o) * p for o, p in self._weights.items()), Fraction(0))

    def conditional(self, predicate: Callable[[Hashable], bool]) -> Distribution:
        """This distribution restricted to the outcomes where `predicate` holds."""
        return Distribution({o: p for o, p in self._weights.items() if predicate(o)})


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
        weights: dict[int, Fraction] = defaultdict(Fraction)
        for face in range(1, sides + 1):
            p = Fraction(1, sides)
            if face == explode_on and dice_left > 1:
                for rest, q in chain(dice_left - 1).items():
                    weights[face + rest] += p * q
            else:
                weights[face] += p
        return Distribution(weights)

    if implode_on is None:
        return chain(depth) if explode_on else die(sides)
    weights: dict[int, Fraction] = defaultdict(Fraction)
    for face in range(1, sides + 1):
        p = Fraction(1, sides)
        if face in (implode_on, explode_on) and depth > 1:
            sign = -1 if face == implode_on else 1
            for rest, q in chain(depth - 1).items():
                weights[face + sign * rest] += p * q
        else:
            weights[face] += p
    return Distribution(weights)


def _sort_key(item):
    outcome = item[0]
    return (0, outcome) if isinstance(outcome, (int, Fraction)) else (1, repr(outcome))
