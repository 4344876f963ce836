"""Decimal marks: a book in a language that writes decimals with a comma (French) and prints
« 0.7 % » has a typography erratum, one per block of text (a table, a paragraph), at its first
such number, saying how each reads."""

from __future__ import annotations

import dataclasses
import re

from build_tools.diagnostics import Correction, Finding, source_line
from build_tools.model.language import primary_language
from build_tools.model.numbers import with_mark
from build_tools.model.said import said_in
from build_tools.reader import Document
from build_tools.validation.located import finding_at

COMMA_LANGUAGES = frozenset({"fr", "de", "es", "it", "pt", "nl"})
"""Languages whose decimal mark is the comma."""

DECIMAL_POINT = re.compile(r"(?<![\w.,])(\d+)\.(\d+)(\s*%)?(?![\w.]|,\d)")
"""« 0.7 », « 0.7% »: digits, a point, digits; not a version (1.2.3) nor a section (2.1.)."""

BLOCKS = ("table", "informaltable", "para", "simpara", "listitem", "entry")
SKIPPED = frozenset(
    {"literal", "code", "programlisting", "screen", "literallayout", "ulink", "revnumber"}
    | {"releaseinfo", "edition", "date", "pubdate", "productnumber", "issuenum", "volumenum"}
)
"""Where a point is no decimal mark: code, addresses, version numbers."""
VERSION = re.compile(r"(?i)\b(version|v\.?|révision)\s*$")
"""« version 0.1 »: a version number, not a decimal."""
SAID = {
    "fr": {
        "point": "« {number} » est écrit avec un point décimal dans un livre dont la langue "
        "écrit une virgule décimale",
        "many": " ({count} nombres ici : {numbers})",
        "quoted": "« {} »",
    },
    "en": {
        "point": "« {number} » is written with a decimal point in a book whose language "
        "writes a decimal comma",
        "many": " ({count} numbers here: {numbers})",
        "quoted": "{}",
    },
}
"""The finding in the book's language (English for the other languages of a decimal comma)."""


def check(document: Document, language: str) -> list[Finding]:
    """The decimal points of `document`, a book in `language` (`model.language.language_of`)."""
    root = document.root
    if primary_language(language) not in COMMA_LANGUAGES:
        return []
    said = said_in(SAID, language)
    found: dict[object, list] = {}
    # what a skipped element holds is skipped, however deep: found once, not by each element's
    # ancestors (a text's holder, its element or that element's parent, is then never skipped)
    skipped = {inside for element in root.iter(*SKIPPED) for inside in element.iter()}
    for element in root.iter():
        if not isinstance(element.tag, str) or element in skipped:
            continue
        parent = element.getparent()
        for text, holder, in_text in ((element.text, element, True), (element.tail, parent, False)):
            if text and holder is not None:
                for match in DECIMAL_POINT.finditer(text):
                    if VERSION.search(text[: match.start()]):
                        continue
                    found.setdefault(_block_of(holder), []).append((element, match, in_text))
    findings = []
    for places in found.values():
        element, first, in_text = places[0]
        written = [match.group(0).strip() for _, match, _ in places]
        read = [_with_comma(match) for _, match, _ in places]
        findings.append(
            finding_at(
                document,
                element,
                "typography",
                said["point"].format(number=written[0])
                + (
                    said["many"].format(
                        count=len(written), numbers=", ".join(map(said["quoted"].format, written))
                    )
                    if len(written) > 1
                    else ""
                ),
                key=f"decimal-point-{_slug(written[0])}",
            )
        )
        # the numbers as the book prints them, the excerpt the errata page corrects
        findings[-1].text = findings[-1].found = " ; ".join(written)
        findings[-1].caret = 0
        before = first.string[: first.start()]
        if in_text and "\n" in before:  # at the number's line, not its element's
            findings[-1].line += before.count("\n")
            findings[-1].column = len(before) - before.rindex("\n")
        findings[-1].reads = " ; ".join(read)
        findings[-1].corrections = _corrections(document, places, findings[-1].id)
    return findings


def _corrections(document: Document, places: list, finding_id: str) -> list[Correction]:
    """Each number of `places` written with the decimal comma, where its source line has it
    once (« 0.7 » → « 0,7 »); none when one of them cannot be placed so (a number in the
    text after an element, an entity): the finding's record corrects all of them or none."""
    edits = []
    for element, match, in_text in places:
        if not in_text:
            return []
        file, line, _ = document.locate(element)
        if file is None or not line:
            return []
        line += match.string[: match.start()].count("\n")
        source = source_line(file, line)  # '' when unreadable: no edit then
        number = f"{match.group(1)}.{match.group(2)}"
        written = [m for m in DECIMAL_POINT.finditer(source) if m.group(0).startswith(number)]
        if len(written) != 1:
            return []
        edits.append(
            Correction(file, line, written[0].start() + 1, number, _marked(number), finding_id)
        )
    return edits


def _marked(number: str) -> str:
    """`number` with the decimal comma (French's, as every language of COMMA_LANGUAGES
    writes it), its sign as the text writes it."""
    sign = number[:1] if number[:1] in "+-−" else ""
    return sign + with_mark(number[len(sign) :], "fr")


def fold(findings: list[Finding]) -> list[Finding]:
    """`findings` with each number an erratum corrects written one way: the erratum's value
    with the decimal comma, which both records make (« 0.7 » → « 0,8 », never « 0.8 » and
    « 0,7 » over the same number), so that each record alone fixes its own fault."""
    typography = [f for f in findings if f.category == "typography" and f.corrections]
    for erratum in findings:
        if erratum.category != "erratum" or not typography:
            continue
        for index, edit in enumerate(erratum.corrections):
            place = (edit.file, edit.line, edit.column, edit.old)
            for finding in typography:
                marks = [(c.file, c.line, c.column, c.old) for c in finding.corrections]
                if place in marks:
                    edit = dataclasses.replace(edit, new=_marked(edit.new))
                    erratum.corrections[index] = edit
                    finding.corrections[marks.index(place)] = dataclasses.replace(
                        edit, finding_id=finding.id
                    )
    return findings


def _block_of(element):
    for candidate in (element, *element.iterancestors()):
        if candidate.tag in ("table", "informaltable"):
            return candidate
    for candidate in (element, *element.iterancestors()):
        if candidate.tag in BLOCKS:
            return candidate
    return element


def _with_comma(match: re.Match) -> str:
    percent = "\u202f%" if match.group(3) else ""
    return f"{match.group(1)},{match.group(2)}{percent}"


def _slug(text: str) -> str:
    return re.sub(r"\W+", "-", text).strip("-")
