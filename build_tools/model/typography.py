"""Typography applied to a book's text at render time, by language; the sources are never touched.

French: a narrow no-break space (U+202F) before « ; ! ? % », a no-break space
(U+00A0) before « : » and inside « guillemets ». The space is replaced when the
author typed one and added when a word is followed directly by the mark. URLs
inside the text are left alone, and literals are never passed here (the
translator knows which elements hold code). Typographic apostrophes are
optional: `Typography(apostrophes=True)` (French books have them unless their
settings say `typographic_apostrophes = False`), and with them, in French, English
quotes "…" become guillemets « … ». In every language a hyphen
that stands for a minus (« -4 », « 18 - 16 ») becomes a true minus sign.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

NO_BREAK_SPACE = "\u00a0"
NARROW_NO_BREAK_SPACE = "\u202f"

_URL = re.compile(r"(?:https?|ftp|mailto|file)://\S+|www\.\S+", re.IGNORECASE)
# A run of ordinary spaces (never a no-break one) before a high mark.
_SPACE_BEFORE_HIGH = re.compile(r"[ \t\r\n]+([;!?])")
_SPACE_BEFORE_COLON = re.compile(r"[ \t\r\n]+:")
# A word followed directly by the mark, then a space or the end: « vraiment! », « Note: ».
_GLUED_HIGH = re.compile(r"(?<=[^\W_])([;!?])(?=[\s)»]|$)")
_GLUED_COLON = re.compile(r"(?<=[^\W_]):(?=\s|$)")
_PERCENT = re.compile(r"(?<=\d)[ \t\u00a0]?%")
_AFTER_OPENING = re.compile(r"«[ \t\r\n\u00a0\u202f]*")
_BEFORE_CLOSING = re.compile(r"[ \t\r\n\u00a0\u202f]*»")
_APOSTROPHE = re.compile(
    r"(?<=[^\W_])'(?=[^\W_])|(?:(?<=\b[lLdDjJmMnNsStTcC])|(?<=[qQ]u))'(?=\s|$)"
)
"""An apostrophe between letters, or an elision that ends a run before a link (« l'<link> »)."""
# A hyphen that is a minus: before a number, after a space, a bracket, a sign or a formula's
# capital (« -3 », « (−2) », « BP-10 », « -B-1 »), never inside a word or a date (« 2004-01 »).
_MINUS = re.compile(r"(?:(?<=^)|(?<=[\s(\[/=+×±;:])|(?<=[A-Z]))-(?=\d)")
_MINUS_VARIABLE = re.compile(r"(?:(?<=^)|(?<=[\s(]))-(?=[A-Z](?![a-zà-ÿ]))")
_SPACED_MINUS = re.compile(r"(?:(?<=[\w)°])(\s+)|^(\s*))-(\s+)(?=[\d(])")
"""« 18 - 16 », « 24\n- 5 », and « - 5 » after an element (« <acronym>°R</acronym> - 5 »)."""
_LETTER_MINUS = re.compile(r"(?<![\w'’-])([a-z])-(?=\d)")
"""« n-1 »: a letter the book counts with (« Robustesse n-1 »), less a number."""
# Inside a sum written without spaces (« (+5-5-8-1) », « (−18+12=)-6 », « Niveau+BF+FF-FR »,
# « 2d6-2 », « 17-14 = 3 »), a hyphen between two terms is a minus; a date (« 2003-09-03 »)
# or a range (« 2003-2004 ») has no other sign and keeps its hyphen.
_TERM_HYPHEN = re.compile(r"(?<=[\dA-Z)°])-(?=[\d(A-Z])")
_WITH_HYPHEN = re.compile(r"\S*-\S*")
_SUM = re.compile(r"[+=±×−]|\d[dD]\d")
_EQUALS_NEXT = re.compile(r"\s*=")
# « B-A », « 20-CA »: a letter or a number less a variable (one to three capitals).
_VARIABLE_MINUS = re.compile(r"(?<![\w.,'’-])([A-Z]|\d+)-(?=[A-Z]{1,3}(?![\w'’-]))")


@dataclass(frozen=True)
class Typography:
    """How to set the text of a book written in `language`."""

    language: str = "fr"
    apostrophes: bool = False

    @property
    def french(self) -> bool:
        return self.language.split("-")[0].split("_")[0].lower() == "fr"

    def apply(self, text: str) -> str:
        """`text` with the spaces and marks of the book's language; URLs inside it unchanged."""
        if not text or not (self.french or self.apostrophes):
            return text
        if "://" not in text and "www." not in text:
            return self._words(text)
        pieces, last = [], 0
        for url in _URL.finditer(text):
            pieces.append(self._words(text[last : url.start()]))
            pieces.append(url.group())
            last = url.end()
        pieces.append(self._words(text[last:]))
        return "".join(pieces)

    def glued(self, text: str) -> str:
        """`text` that begins with a mark glued to the word before it (in another element)."""
        if self.french and text[:1] == "%":  # « <mark>0.7</mark>% »
            return NARROW_NO_BREAK_SPACE + text
        if not self.french or not text or text[0] not in ";:!?":
            return text
        if len(text) > 1 and not (text[1].isspace() or text[1] in ")»"):
            return text  # « :30 », « ;-) »: not a mark of the sentence
        return (NO_BREAK_SPACE if text[0] == ":" else NARROW_NO_BREAK_SPACE) + text

    @functools.lru_cache(maxsize=1 << 16)  # noqa: B019 - a Typography is a frozen value
    def _words(self, text: str) -> str:
        """`text` set (memoised: the single page, the split pages and the print page set the
        same texts, each once)."""
        if "-" in text:
            text = minus_signs(text)
        if self.french and self.apostrophes and '"' in text:
            text = french_quotes(text)
        if self.french:
            text = french_spaces(text)
        if self.apostrophes and "'" in text:
            text = _APOSTROPHE.sub("’", text)
        return text


def minus_signs(text: str) -> str:
    """True minus signs (U+2212) for negative numbers and subtractions: « -4 » → « −4 »."""
    text = _SPACED_MINUS.sub(lambda m: f"{m[1] or m[2] or ''}−{m[3]}", text)
    text = _LETTER_MINUS.sub(r"\1−", text)
    text = _MINUS_VARIABLE.sub("−", text)
    text = _VARIABLE_MINUS.sub(r"\1−", text)
    text = _WITH_HYPHEN.sub(_sum_minus, text)
    return _MINUS.sub("−", text)


def _sum_minus(match: re.Match) -> str:
    token = match.group()
    if _SUM.search(token) or _EQUALS_NEXT.match(match.string, match.end()):
        return _TERM_HYPHEN.sub("−", token)
    return token


_OPENS_AFTER = frozenset(" \t\r\n(['—–-\u00a0\u202f")
_CLOSES_BEFORE = frozenset(" \t\r\n)].,;:!?…\u00a0\u202f")


def french_quotes(text: str) -> str:
    """English quotes as French guillemets: « "est-ce ?" » → « « est-ce ? » ».

    Only when every straight quote of `text` pairs up, each opening after a space
    (or at the start) before a word, each closing after a word before a space or
    a mark: an inch (« 12" »), or a quote whose other half is in another element,
    keeps its straight quote.
    """
    places = [at for at, character in enumerate(text) if character == '"']
    if len(places) % 2:
        return text
    for opening, closing in zip(places[::2], places[1::2], strict=True):
        if opening and text[opening - 1] not in _OPENS_AFTER:
            return text
        if text[opening + 1].isspace() or text[closing - 1].isspace():
            return text
        if closing + 1 < len(text) and text[closing + 1] not in _CLOSES_BEFORE:
            return text
    pieces, last = [], 0
    for count, at in enumerate(places):
        pieces += [text[last:at], "«\u00a0" if count % 2 == 0 else "\u00a0»"]
        last = at + 1
    return "".join(pieces) + text[last:]


def french_spaces(text: str, glued: bool = True) -> str:
    """The no-break spaces French puts before ; : ! ? % and inside « »; with `glued` false, only
    where the text has an ordinary space, a mark glued to its word (« acronym? », a book's
    « Attaque: ») and a percent sign left as they are."""
    if not any(mark in text for mark in ";:!?«»%"):
        return text
    if glued:
        text = _PERCENT.sub(NARROW_NO_BREAK_SPACE + "%", text)
    text = _SPACE_BEFORE_HIGH.sub(NARROW_NO_BREAK_SPACE + r"\1", text)
    if glued:
        text = _GLUED_HIGH.sub(NARROW_NO_BREAK_SPACE + r"\1", text)
    text = _SPACE_BEFORE_COLON.sub(NO_BREAK_SPACE + ":", text)
    if glued:
        text = _GLUED_COLON.sub(NO_BREAK_SPACE + ":", text)
    text = _AFTER_OPENING.sub("«" + NO_BREAK_SPACE, text)
    text = _BEFORE_CLOSING.sub(NO_BREAK_SPACE + "»", text)
    return text
