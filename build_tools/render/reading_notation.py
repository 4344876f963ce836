"""The working as a reader of the book writes it, from the check's notation.

The check writes a step as its rule's formula does, in a notation it can evaluate again
(« max(1, ND + 1) », « ⌊n / 2⌋ », « 10^(écart / 10) », « P(°R > seuil | °R ≤ CA) »); the
book's readers read « la plus grande de 1 et ND + 1 », « n / 2 arrondi à l'inférieur »,
« 10 » with its exponent set as a superscript, « la part des jets où °R > seuil parmi ceux
où °R ≤ CA ». `rulebook check` keeps the check's own notation.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

WORDS = {
    "fr": {
        "max": "la plus grande de {}",
        "min": "la plus petite de {}",
        "and": " et ",
        "floor": "{} arrondi à l’inférieur",
        "chance_of": "la chance de {}",
        "chance_that": "la chance que {}",
        "part": "la part des jets où {} parmi ceux où {}",
    },
    "en": {
        "max": "the greater of {}",
        "min": "the lesser of {}",
        "and": " and ",
        "floor": "{} rounded down",
        "chance_of": "the chance of {}",
        "chance_that": "the chance that {}",
        "part": "the share of the rolls where {} among those where {}",
    },
}
_CALL = re.compile(r"(?<![\w°])(max|min|P)\(")
_FLOOR = re.compile(r"⌊([^⌊⌋]*)⌋")
_POWER = re.compile(r"(\d+|\w+)\^(\(|[−\-]?[\w,]+)")
_COMPARISON = re.compile(r"[<>=≤≥≠]")
_VOWEL = re.compile(r"^[aeiouyàâéèêëîïôûùh]", re.IGNORECASE)


def for_readers(line: str, language: str = "fr") -> Markup:
    """`line` of the working in the book's notation, as safe markup (exponents in <sup>)."""
    words = WORDS.get(language[:2], WORDS["fr"])
    text = _calls(line, words)
    text = _FLOOR.sub(lambda match: words["floor"].format(_grouped(match.group(1))), text)
    return _powers(text)


def _calls(text: str, words: dict[str, str]) -> str:
    """max(…), min(…) and P(…) written out, innermost first."""
    while True:
        match = _CALL.search(text)
        if match is None:
            return text
        end = _closing(text, match.end() - 1)
        if end is None:
            return text
        inner = _calls(text[match.end() : end], words)
        name = match.group(1)
        if name == "P":
            written = _chance(inner, words)
        else:
            arguments = _top_level(inner, ", ")
            listed = ", ".join(arguments[:-1]) + words["and"] + arguments[-1]
            written = words[name].format(listed if len(arguments) > 1 else inner)
        text = text[: match.start()] + written + text[end + 1 :]


def _chance(inner: str, words: dict[str, str]) -> str:
    given = _top_level(inner, " | ")
    if len(given) == 2:
        return words["part"].format(*given)
    if _COMPARISON.search(inner):
        return _elided(words["chance_that"], inner)
    return _elided(words["chance_of"], inner)


def _elided(words: str, inner: str) -> str:
    """« la chance que écart > 0 » reads « la chance qu'écart > 0 » (« de » likewise)."""
    if _VOWEL.match(inner):
        for full, short in (("que {}", "qu’{}"), ("de {}", "d’{}")):
            if words.endswith(full):
                return words[: -len(full)] + short.format(inner)
    return words.format(inner)


def _grouped(expression: str) -> str:
    """An expression that is more than one term, in parentheses before the words after it."""
    expression = expression.strip()
    if re.search(r" [+−\-×/÷] ", expression):
        return f"({expression})"
    return expression


def _closing(text: str, opening: int) -> int | None:
    depth = 0
    for index in range(opening, len(text)):
        depth += {"(": 1, ")": -1}.get(text[index], 0)
        if depth == 0:
            return index
    return None


def _top_level(text: str, separator: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for index, character in enumerate(text):
        depth += {"(": 1, ")": -1}.get(character, 0)
        if depth == 0 and text.startswith(separator, index):
            parts.append(text[start:index].strip())
            start = index + len(separator)
    return [*parts, text[start:].strip()]


def _powers(text: str) -> Markup:
    """« 10^(écart / 10) » as 10 and its exponent in <sup>, the rest escaped."""
    pieces, done = [], 0
    for match in _POWER.finditer(text):
        if match.start() < done:
            continue
        exponent_start = match.start(2)
        if match.group(2) == "(":
            end = _closing(text, exponent_start)
            if end is None:
                continue
            exponent, after = text[exponent_start + 1 : end], end + 1
        else:
            exponent, after = match.group(2), match.end()
        pieces.append(escape(text[done : match.start()]))
        pieces.append(Markup("{}<sup>{}</sup>").format(match.group(1), _powers(exponent)))
        done = after
    pieces.append(escape(text[done:]))
    return Markup().join(pieces)
