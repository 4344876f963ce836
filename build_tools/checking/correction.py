"""The correction of an erratum, computed when it is judged: the edit of its source that
writes what the rules give, as the text writes it (its sign, its minus, its decimal mark).

When the rules give a value that can be written the way the text writes it (a
whole number, a decimal with at most two places, in the book's decimal mark when the
text writes a whole number there, the book's own words between « »), the correction
replaces exactly that token. A correction the rules do not determine (a statement in
words, a probability with no short decimal form, a figure the text rounds) is none: the
binding then says what the text should write (`Check.claim(written=…)`). The record
carries it (`Finding.corrections`); every output prints it from there.
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from build_tools.checking.matching import differing_words, words_given
from build_tools.diagnostics import Correction, Finding, differing_run
from build_tools.encoding import lines_of, read_source
from build_tools.model.numbers import value_of

_NUMBER = re.compile(r"[+\-−]?\d+(?:[.,]\d+)?")
_OPENING = {")": "(", "]": "[", "»": "«"}


def correction_of(finding: Finding, mark: str = "") -> Correction | None:
    """The edit that corrects `finding`, when the rules determine it and the source still has it.

    Called once, when the erratum is judged (`Check`): outputs read `finding.corrections`.
    `mark` is the book's decimal mark, for a decimal where the text writes a whole number
    (« vaut 5 » for 5,5); '' where the text rounds its figure (« autour de 25 »), so that no
    decimal is written there.
    """
    if finding.category != "erratum" or finding.file is None:
        return None
    return correction_at(
        Path(finding.file), finding.line, finding.column, finding.found, finding.expected,
        finding.id, mark=mark,
    )  # fmt: skip


def correction_at(
    file: Path,
    line_number: int,
    column: int,
    found: Any,
    expected: Any,
    finding_id: str,
    *,
    mark: str = "",
) -> Correction | None:
    """The edit that writes `expected` where the source has `found`, at `line_number`:`column`
    of `file`, as the text writes it (a decimal in `mark` where it writes a whole number);
    None when the rules do not determine it."""
    if not line_number or not column:
        return None
    line = _source_line(file, line_number)
    if line is None:
        return None
    start = column - 1
    if _is_number(found) and _is_number(expected):
        return _number_correction(
            file, line_number, line, start, found, expected, finding_id, mark
        )  # fmt: skip
    if isinstance(found, str) and isinstance(expected, str):
        given = words_given(expected)
        if given is None or given == found:
            return None
        if line.startswith(found, start):
            return Correction(file, line_number, column, found, given, finding_id)
        # Markup inside the words (« <link>Mental</link> (Mt) »): only the words that
        # differ are replaced, where the line writes them once after the erratum's column.
        differing = differing_words(found, given)
        if differing is None:
            return None
        old, new = found[differing[0] : differing[1]], differing[2]
        if old and line.count(old, start) == 1:
            column = line.index(old, start) + 1
            return Correction(file, line_number, column, old, new, finding_id)
    return None


def replaced_words(said: str, reads: str) -> tuple[int, int, str] | None:
    """(start, end, words): the span of `said` to replace with `words` so that it reads
    `reads`, the fewest whole words; an insertion (« de » → « de 1 ») takes the word before
    it (or after, at the start). None when they hold the same words."""
    words = list(re.finditer(r"\S+", said))
    first, last, last_read = differing_run([w.group() for w in words], reads.split())
    if first == last == last_read:
        return None
    if first == last:  # words added, none replaced: with the word they follow (or precede)
        if first:
            first -= 1
        elif last < len(words):
            last, last_read = last + 1, last_read + 1
        else:
            return None
    start = words[first].start() if first < len(words) else len(said)
    end = max(start, words[last - 1].end() if last else 0)
    new = " ".join(reads.split()[first:last_read])
    # the punctuation both share is no word of the fault: « négatif) » → « moins) »
    while end > start + 1 and new[1:] and said[end - 1] == new[-1] and not new[-1].isalnum():
        if _OPENING.get(new[-1], "\0") in said[start : end - 1]:
            break  # « G5(0,7) »: the bracket closes words of the fault
        end, new = end - 1, new[:-1]
    while end > start + 1 and new[1:] and said[start] == new[0] and not new[0].isalnum():
        start, new = start + 1, new[1:]
    return start, end, new


def edited_spans(text: str, edits: list[Correction]) -> list[tuple[int, int, Correction]]:
    """Where in `text` (an excerpt of the passage) each edit's `old` stands, in text order;
    an edit whose words the excerpt does not hold is left out.

    When the token stands several times in the excerpt, the one nearest the middle is
    meant: an excerpt is cut around the claim it quotes.
    """
    spans: list[tuple[int, int, Correction]] = []
    middle = len(text) / 2
    for edit in edits:
        pattern = re.compile(r"(?<![\d.,])" + re.escape(edit.old) + r"(?![\d])")
        free = [
            match
            for match in pattern.finditer(text)
            if not any(start < match.end() and match.start() < end for start, end, _ in spans)
        ]
        if free:
            chosen = min(free, key=lambda match: abs((match.start() + match.end()) / 2 - middle))
            spans.append((chosen.start(), chosen.end(), edit))
    return sorted(spans, key=lambda span: span[0])


def _number_correction(
    file: Path, number: int, line: str, start: int, found, expected, finding_id: str, mark: str
) -> Correction | None:
    match = _NUMBER.match(line, start)
    if match is None or value_of(match.group()) != Fraction(found):
        # the column may point just after a sign that belongs to the number
        match = _NUMBER.match(line, start - 1) if start else None
        if match is None or value_of(match.group()) != Fraction(found):
            return None
    token = match.group()
    written = _written(Fraction(expected), token, mark)
    if written is None:
        return None
    column = match.start() + 1
    if token[0] not in "+-−" and written[0] in "-−":
        # « °R + 5 » whose 5 should be −5 reads « °R - 5 »: the operator changes, not the number.
        operator = re.search(r"\+\s*$", line[: match.start()])
        if operator:
            column = operator.start() + 1
            spacing = line[operator.start() + 1 : match.start()]
            return Correction(
                file, number, column,
                line[operator.start() : match.end()],
                written[0] + spacing + written[1:], finding_id,
            )  # fmt: skip
    return Correction(file, number, column, token, written, finding_id)


def _written(value: Fraction, token: str, mark: str = "") -> str | None:
    """`value` written as the book wrote `token`: its sign, its minus sign, its decimal mark
    (`mark`, the book's, where `token` is a whole number)."""
    for places in range(3):
        if (value * 10**places).denominator == 1:
            break
    else:
        return None
    if places and not re.search(r"[.,]", token) and not mark:
        return None  # « autour de 25 » for 30.5: the text rounds, the rules do not say how
    magnitude = abs(value)
    if places:
        mark = "," if "," in token else "." if "." in token else mark
        whole = f"{float(magnitude):.{places}f}".replace(".", mark)
    else:
        whole = str(magnitude.numerator)
    minus = "−" if "−" in token else "-"
    if value < 0:
        return minus + whole
    if token[0] in "+-−" and value > 0:
        return "+" + whole
    return whole


def _is_number(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, Fraction)):
        return True
    if isinstance(value, str):
        return bool(re.fullmatch(r"-?\d+(?:/\d+)?", value))
    return False


def _source_line(file: Path, number: int) -> str | None:
    try:
        lines = _lines(read_source(file).text)
    except (OSError, UnicodeDecodeError):
        return None
    return lines[number - 1].rstrip("\r\n") if 0 < number <= len(lines) else None


@functools.lru_cache(maxsize=16)
def _lines(text: str) -> tuple[str, ...]:
    """The lines of a source's text, cut once per text: each erratum of a file reads its line
    from it (cutting a whole book for each was an eighth of the check's time)."""
    return tuple(lines_of(text))
