"""Numbers as a book writes and reads them, by language: the one writer and reader of a number.

Written: a true minus sign (U+2212) in every language, the decimal mark of the book's
language (« 5,5 » in French, « 5.5 » in English), a decimal rounded half away from zero as
print rounds (not half to even, as Python's round() does). Read: a number as any book writes
it, « −3 », « -3 », « +2 », « 1,5 », « 1.5 », « 1 000 », and in words (« deux », « two »:
`NUMBER_WORDS`, `number_value`). What is written around a number (« 11 à 20 », « oui ») is
each output's.
"""

from __future__ import annotations

from fractions import Fraction

from build_tools.model.language import primary_language

MINUS = "\u2212"
NUMBER_WORDS = {
    **dict(zip(
        "zéro un une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze "
        "quinze seize dix-sept dix-huit dix-neuf vingt".split(),
        (0, 1, *range(1, 21)), strict=True,
    )),
    "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60, "cent": 100, "mille": 1000,
    **dict(zip(
        "zero one two three four five seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split(),
        (0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20), strict=True,
    )),
    "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100, "thousand": 1000,
}  # fmt: skip
"""Numbers as a book may write them in words (French, English): « deux » is 2 to a pattern."""
DECIMAL_MARKS = {"fr": ",", "en": "."}
"""The decimal mark of each language the engine writes; another writes a point."""


def decimal_mark(language: str | None) -> str:
    """The decimal mark of `language` ('fr', 'fr-CA', 'en'…): « , » in French, else « . »."""
    return DECIMAL_MARKS.get(primary_language(language), ".")


def signed(text: str) -> str:
    """`text`, a number written by Python, with true minus signs: « -4 » → « −4 »."""
    return text.replace("-", MINUS)


def integer(value: int) -> str:
    """A whole number: « −4 », « 12 »."""
    return signed(str(int(value)))


def with_mark(text: str, language: str | None) -> str:
    """A decimal Python wrote (« -5.5 »), with the language's decimal mark and minus: « −5,5 »."""
    return signed(text.replace(".", decimal_mark(language)))


def half_up(value: Fraction, places: int = 0) -> Fraction:
    """`value` rounded to `places` decimals, a half away from zero (7,25 → 7,3; 12,5 → 13),
    as print rounds: not half to even, as Python's round() does."""
    return Fraction(_units(value, places), 10**places)


def _units(value: Fraction, places: int) -> int:
    """`value` rounded half away from zero to a whole number of 10**-places, that number: in
    integers, floor(|n| / d × 10**places + 1/2) = (2 |n| 10**places + d) // 2 d, where a card's
    table of chances rounded fractions thousands of times."""
    exact = Fraction(value)
    numerator, denominator = abs(exact.numerator), exact.denominator
    magnitude = (2 * numerator * 10**places + denominator) // (2 * denominator)
    return magnitude if exact >= 0 else -magnitude


def decimal(value: Fraction, places: int, language: str | None, *, zeros: bool = False) -> str:
    """`value` rounded half up to `places` decimals, with the decimal mark of `language`;
    trailing zeros dropped unless `zeros` (a column of fixed decimals keeps them)."""
    scale = 10**places
    rounded = _units(value, places)
    sign = MINUS if rounded < 0 else ""
    whole, part = divmod(abs(rounded), scale)
    digits = f"{part:0{places}d}" if places else ""
    if not zeros:
        digits = digits.rstrip("0")
    return f"{sign}{whole}{decimal_mark(language)}{digits}" if digits else f"{sign}{whole}"


def short_decimal(value: Fraction, language: str | None) -> str:
    """A fraction that is a decimal of at most three places, written exactly (« 0,7 »,
    « −1,25 »); '' for one that is not (1/3), which its writer rounds and says so."""
    for places in (1, 2, 3):
        if (value * 10**places).denominator == 1:
            return decimal(value, places, language, zeros=True)
    return ""


def value_of(text: str) -> Fraction:
    """The value of a number as a book writes it: « −3 », « -3 », « +2 », « 1,5 », « 1.5 »,
    its digits grouped by spaces (« 1 000 », no-break ones too); ValueError for no number."""
    number = "".join(text.replace(MINUS, "-").replace(",", ".").split()).lstrip("+")
    digits = number[1:] if number[:1] == "-" else number
    if digits.isascii() and digits.isdigit():  # a whole number: no need of Fraction's parser
        return Fraction(int(number))
    return Fraction(number)


def number_value(text: str) -> int | Fraction:
    """The value of a number as the book writes it: `12`, `-3`, `−1`, `+2`, `1,5`, « deux »."""
    if text.lower() in NUMBER_WORDS:
        return NUMBER_WORDS[text.lower()]
    value = value_of(text)
    return int(value) if value.denominator == 1 and "." not in text and "," not in text else value
