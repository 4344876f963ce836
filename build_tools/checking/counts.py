"""Numbers in words that count something the book names: a class the rules enumerate, a list.

« ses trois aspects », « les six moyens », « Il y a six caractéristiques » count the
members of an enumeration of the rules module (`ASPECTS`, `MOYENS`,
`CARACTERISTIQUES`); « cinq gobelins G1, G2, G3, G4 et G5 » counts the list that
follows it. Either count, in a rule-bearing place (a passage a binding reads, a
sentence a rule cites), is checked: another number is a `contradiction` at the
count's word, with the members or the items as its working. Nothing else is read
as a count: « entre deux moyens », « les deux autres » count no whole.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from build_tools.checking.derived import enumerated, rules_modules
from build_tools.checking.passage import Passage
from build_tools.diagnostics import Finding, slug
from build_tools.model.numbers import NUMBER_WORDS
from build_tools.model.said import role_said

WHOLE = {
    "fr": r"les|ses|leurs|y a|existe|existent|sont|aux",
    "en": r"the|its|their|are|is|has|have",
}
"""The words before a count that make it the count of a whole class (« les six moyens »)."""
SAID = {
    "fr": {
        "list": "le texte dit « {words} », la liste qui suit en nomme {count} : {items}",
        "class": "le texte dit « {words} », les règles en nomment {count} : {items}",
        "items": "la liste : {items}",
    },
    "en": {
        "list": "the text says « {words} », the list that follows names {count}: {items}",
        "class": "the text says « {words} », the rules name {count}: {items}",
        "items": "the list: {items}",
    },
}
"""A count's finding in the book's language, as its author reads it."""
AND = {"fr": ("et", "ou"), "en": ("and", "or")}
"""The words that join a list's last item."""
ITEM_WORDS = 4
"""The most words a list's item has: more, and the commas part clauses, not a list."""
_COLON = re.compile(r"(?:[ \u00a0][^\s:;.,()]+){0,6}?[ \u00a0]?:[ \u00a0]")
"""The words between a count's noun and the colon before its list (« facteurs d'ajustement
dans les Clefs de l'Aube: »)."""

NAMES = {
    "fr": ("à deux mains", "à une main", "cinq sens"),
    "en": ("two-handed", "one-handed", "five senses"),
}
"""Number words that are part of a name and count nothing a rule counts: how a weapon is held
(« une hache de guerre à deux mains »), a faculty (« Cinq sens physique »)."""
_NAMES = {
    language: re.compile(
        r"(?i)(?<![\w-])(?:"
        + "|".join(r"\s+".join(map(re.escape, name.split())) for name in names)
        + r")(?![\w-])"
    )
    for language, names in NAMES.items()
}


def in_names(text: str, language: str) -> list[tuple[int, int]]:
    """The spans of `text` where a number word is part of a name (`NAMES`): no count there."""
    pattern = _NAMES.get(language)
    return [match.span() for match in pattern.finditer(text)] if pattern else []


_COUNTS = sorted(
    (word for word, value in NUMBER_WORDS.items() if value >= 2),
    key=len,
    reverse=True,
)
_COUNT = r"(?P<count>" + "|".join(_COUNTS) + r")"
_COUNT_START = r"(?=[" + "".join(sorted({word[0] for word in _COUNTS})) + r"])"
"""What a count starts with: tried first, it spares the regex engine the lookbehind and the
alternation of every count at every other character (half the time of the search)."""


def count_findings(places: list[tuple[Passage, str]], folder: Path, language: str) -> list[Finding]:
    """A `contradiction` for each count of `places` that is not the number it counts."""
    if language not in WHOLE:
        return []
    classes = classes_of(folder)
    findings: list[Finding] = []
    seen: set[int] = set()
    for passage, where in places:
        if id(passage.element) in seen:
            continue
        seen.add(id(passage.element))
        for _, found in _judged(passage, where, language, classes):
            findings += found
    return findings


def checked_counts(passage: Passage, classes: dict, language: str) -> list[tuple[int, int]]:
    """The spans of the counts of `passage` the check holds against what they count (a whole
    class of `classes`, the game's: `classes_of`; the list after them): claimed, for the
    coverage."""
    if language not in WHOLE:
        return []
    return [
        (match.start("count"), match.end("count"))
        for match, _ in _judged(passage, "", language, classes)
    ]


def _judged(passage: Passage, where: str, language: str, classes: dict):
    """(the match, its findings) of each count of `passage` that counts a whole class or the
    list after it (its findings empty when it is the number it counts)."""
    counted, whole = _patterns(language)
    text = passage.text
    folded = ""
    names = in_names(text, language)
    for match in counted.finditer(text):
        start = match.start("count")
        if _generated(passage, start) or any(a <= start < b for a, b in names):
            continue
        said = NUMBER_WORDS[match.group("count").lower()]
        findings: list[Finding] = []
        judged = False
        if whole.search(text, max(0, start - 12), start):
            folded = folded or _fold(text)  # only where a count of a whole stands
            judged, finding = _class_count(passage, where, match, said, folded, classes, language)
            if finding is not None:
                findings.append(finding)
        items = _list_after(text, match.end("noun"), language)
        if items and len(items) != said:
            findings.append(
                _finding(
                    passage,
                    where,
                    match,
                    SAID[language]["list"].format(
                        words=f"{match.group('count')} {match.group('noun')}",
                        count=len(items),
                        items=", ".join(items),
                    ),
                    len(items),
                    [f"{', '.join(items)} → {len(items)}"],
                    [],
                    language,
                )
            )
            first = text.find(items[0], match.end("noun"))
            findings[-1].related.append(
                {
                    "file": str(passage.file),
                    "line": passage.line_at(first),
                    "message": SAID[language]["items"].format(items=", ".join(items)),
                }
            )
        if judged or items:
            yield match, findings


def _class_count(
    passage, where, match, said, folded, classes, language
) -> tuple[bool, Finding | None]:
    """Whether a count counts a whole class (« les sept moyens »), and its finding when it is
    not the class's size."""
    for family, (name, file, members) in classes.items():
        noun = _noun(family).match(folded, match.start("noun"))
        if noun is None:
            continue
        if said == len(members):
            return True, None
        words = passage.text[match.start("count") : noun.end()]
        return True, _finding(
            passage,
            where,
            match,
            SAID[language]["class"].format(
                words=words, count=len(members), items=", ".join(members)
            ),
            len(members),
            [f"{name} = {', '.join(members)} → {len(members)}"],
            [(file, name)],
            language,
        )
    return False, None


_PATTERNS: dict[str, tuple[re.Pattern, re.Pattern]] = {}


def _patterns(language: str) -> tuple[re.Pattern, re.Pattern]:
    """A count and its noun; the words before a count that make it a whole class's."""
    if language not in _PATTERNS:
        _PATTERNS[language] = (
            re.compile(
                r"(?i)" + _COUNT_START + r"(?<![\w-])" + _COUNT + r" (?P<noun>[^\W\d][\w'’-]*)"
            ),
            re.compile(r"(?i)(?<![\w-])(?:" + WHOLE[language] + r") $"),
        )
    return _PATTERNS[language]


_ASIDE = re.compile(r" \([^()\d]*\)")


def _list_after(text: str, position: int, language: str) -> list[str]:
    """The items of the list that follows a count's noun (« G1, G2 et G3 »), or []."""
    colon = _COLON.match(text, position)
    start = colon.end() if colon else position + 1
    if not colon and text[position : position + 1] != " ":
        return []
    # an aside holding no number (« courte (rappelons-le), moyenne et grande ») is no item
    text = _ASIDE.sub(lambda aside: " " * len(aside.group()), text)
    end = re.compile(r"[.;:!?()]|$").search(text, start).start()
    items: list[str] = []
    joins = AND[language]
    for piece in text[start:end].split(","):
        words = piece.split()
        join = next((index for index, word in enumerate(words) if word in joins), None)
        if join is not None:
            items += [" ".join(words[:join]), " ".join(words[join + 1 :])]
            break
        items.append(" ".join(words))
    else:
        return []  # no « et »: no list's end
    if len(items) < 2 or any(not item or len(item.split()) > ITEM_WORDS for item in items):
        return []
    if not colon and len(items) < 3:
        return []  # « les trois résultats obtenus et leurs inverses »: two words joined, no list
    return items


def _finding(passage, where, match, message, expected, derivation, rules, language) -> Finding:
    start = match.start("count")
    word = match.group("count")
    related = []
    for file, name in rules:
        related.append(
            {
                "file": file,
                "line": _line_of(file, name),
                "message": role_said("rule", name, language),
            }
        )
    return Finding(
        "error",
        "contradiction",
        message,
        file=passage.file,
        line=passage.line_at(start),
        column=passage.column_at(start, word),
        where=where,
        text=passage.text[max(0, start - 30) : match.end() + 60].strip(),
        key=f"count {slug(match.group('noun'))}",
        expected=expected,
        found=NUMBER_WORDS[word.lower()],
        derivation=derivation,
        related=related,
    )


def _generated(passage: Passage, offset: int) -> bool:
    return any(start <= offset < end for start, end in passage.generated) or any(
        start <= offset < end for start, end in passage.labels
    )


def classes_of(folder: Path) -> dict[str, tuple[str, str, list[str]]]:
    """Class -> (the constant's name, its module's file, its members) of the game's rules."""
    modules = rules_modules(folder)
    key = tuple(id(module) for module in modules)
    if key not in _CLASSES:
        found: dict[str, tuple[str, str, list[str]]] = {}
        for module, name, family, members in enumerated(modules):
            if len(members) >= 2 and family not in found:
                found[family] = (name, str(module.__file__), list(members))
        _CLASSES[key] = found
    return _CLASSES[key]


_CLASSES: dict[tuple, dict] = {}
"""The classes of each loaded set of rules modules (a game loaded again is other modules)."""


def _fold(text: str) -> str:
    """`text` lower-cased and without accents, each character in its place."""
    return "".join(unicodedata.normalize("NFD", c)[0] for c in text.lower())


_NOUNS: dict[str, re.Pattern] = {}


def _noun(family: str) -> re.Pattern:
    """The class's name in the plural as a book writes it (« types d'attaque » for
    `TYPES_D_ATTAQUE`), accents and case aside."""
    if family not in _NOUNS:
        words = [re.escape(word) for word in _fold(family).split()]
        words[0] += "[sx]?"
        _NOUNS[family] = re.compile(r"[\s'’]+".join(words) + r"[sx]?(?![\w])")
    return _NOUNS[family]


def _line_of(file: str, name: str) -> int:
    try:
        lines = Path(file).read_text(encoding="utf-8").split("\n")
    except OSError:
        return 0
    pattern = re.compile(rf"^{re.escape(name)}\s*[:=]")
    return next((number for number, line in enumerate(lines, 1) if pattern.match(line)), 0)
