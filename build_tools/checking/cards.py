"""The check of a game's cards against its book: quotes, formulas, tables and sentences.

Run by `rulebook check` with the rules bindings. A card that disagrees with
the book is a finding at the book's line, like an erratum; a quote the book
no longer holds, or a formula that disagrees with its rules function, is a
finding at the deck file's line.

Over 500 lines, for a reason: each kind of block a card holds (quote, formula, table,
sentence) is checked against the book beside the others, their findings made alike.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from build_tools.checking.deck import (
    Block,
    Card,
    Cell,
    DeckError,
    deck_file,
    load_deck,
    rules_function,
)
from build_tools.checking.derived import book_language
from build_tools.checking.matching import align, could_hold
from build_tools.checking.notation import LANGUAGE, evaluate, message_of
from build_tools.checking.passage import COUNT, Passage
from build_tools.checking.symbols import written_as_word
from build_tools.checking.words import Vocabulary
from build_tools.diagnostics import Finding, source_line
from build_tools.ledger import Entry
from build_tools.model.docbook import TABLES, normalize, text_of, title_of, where_of
from build_tools.model.grid import filled_rows
from build_tools.model.numbers import MINUS, half_up, number_value, signed, value_of
from build_tools.model.sentences import CARDS, prose_of

SAID = {
    "fr": {
        "says": "carte « {card} » : le livre dit « {book} » là où la carte dit « {mine} »",
        "book": "le livre : « {book} »",
        "gone": "carte « {card} » : le livre ne dit plus « {quote} »",
        "no_term": "carte « {card} » : la formule « {formula} » n’a pas de terme {terms}, "
        "que ses termes nomment",
        "unread": "carte « {card} » : la formule « {formula} » ne se lit pas : {error}",
        "uncalled": "carte « {card} » : la formule « {formula} » : {rule} {error}",
        "gives": "carte « {card} » : la formule « {formula} » donne {printed} "
        "là où les règles donnent {given}",
        "with": "avec {values}",
        "card": "carte : {formula} = {printed}",
        "rules": "règles : {call} = {given}",
        "no_table": "carte « {card} » : le livre n’a pas un seul tableau intitulé « {title} »",
        "rows": "la carte « {card} » a {rows} lignes là où le tableau « {title} » en a {counted}",
        "shows_table": "la carte « {card} » montre « {cell} » là où le tableau dit « {book} » "
        "(ligne « {row} »)",
        "shows_book": "la carte « {card} » montre « {cell} » (ligne « {row} ») là où le livre dit "
        "« {book} »",
        "cell": "carte : {rule} donne « {cell} »",
        "in_order": "les nombres de la phrase, dans l’ordre : {numbers}",
        "none": "aucun",
        "not_a_term": "« {leftover} » n’est aucun de ses termes",
        "not_arithmetic": "ce n’est pas une expression arithmétique",
    },
    "en": {
        "says": "card « {card} »: the book says « {book} » where the card says « {mine} »",
        "book": "the book: « {book} »",
        "gone": "card « {card} »: the book no longer says « {quote} »",
        "no_term": "card « {card} »: the formula « {formula} » has no term {terms}, "
        "which its terms name",
        "unread": "card « {card} »: the formula « {formula} » cannot be read: {error}",
        "uncalled": "card « {card} »: the formula « {formula} »: {rule} {error}",
        "gives": "card « {card} »: the formula « {formula} » gives {printed} "
        "where the rules give {given}",
        "with": "with {values}",
        "card": "card: {formula} = {printed}",
        "rules": "rules: {call} = {given}",
        "no_table": "card « {card} »: the book has no single table titled « {title} »",
        "rows": "the card « {card} » has {rows} rows where the table « {title} » has {counted} "
        "of them",
        "shows_table": "the card « {card} » shows « {cell} » where the table says « {book} » "
        "(row « {row} »)",
        "shows_book": "the card « {card} » shows « {cell} » (row « {row} ») where the book says "
        "« {book} »",
        "cell": "card: {rule} gives « {cell} »",
        "in_order": "the sentence's numbers, in order: {numbers}",
        "none": "none",
        "not_a_term": "« {leftover} » is not one of its terms",
        "not_arithmetic": "it is not an arithmetic expression",
    },
}
"""The card check's findings in the book's language (`_said`)."""
SAMPLES = ((3, 7, 11, 13, 17, 19, 23), (8, 2, 5, 21, 4, 9, 6), (14, 1, 20, 6, 2, 12, 10))
"""Values given to a formula's terms, one set per evaluation: different primes and mixes."""

_NUMBER = re.compile(r"(?:[−-]\s?)?\d+(?:[,.]\d+)?")
"""A number as a card or a book prints it: « 12 », « −5 », « − 5 », « 1,5 », « 1.5 »."""
_STRICT_BOUND = re.compile(
    r"\b(au[\s-]delà\s+de|plus\s+de|supérieure?\s+à|moins\s+de|inférieure?\s+à)"
    r"\s+((?:[−-]\s?)?\d+)(?![,.]?\d)",
    re.IGNORECASE,
)
"""A strict bound in words, whose first value is the next whole number: « au delà de 19 » is
« 20 et plus », « moins de 5 » is « 4 et moins »."""


def fold(findings: list[Finding], card_findings: list[Finding]) -> list[Finding]:
    """The findings of the check with those of the cards: one finding for one defect.

    A card that disagrees with a place of the book where the rules check
    already found an erratum adds its words to that erratum's working; it
    stands as a finding of its own only where the book's text is not
    otherwise found wrong.
    """
    errata = [finding for finding in findings if finding.category == "erratum"]
    stated = errata + [finding for finding in findings if finding.category == "contradiction"]
    kept = []
    for card in card_findings:
        if card.category == "card" and card.related:
            # A quote the book now says with another word, where the check already found
            # that word wrong: the card's words go to that finding's working.
            place = card.related[-1]
            same = [
                finding
                for finding in stated
                if str(finding.file) == place["file"] and finding.line == place["line"]
            ]
            if same:
                same[0].derivation.append(card.message)
                continue
        same = [
            erratum
            for erratum in errata
            if card.category == "card-erratum"
            and erratum.file == card.file
            and erratum.where == card.where
            and (
                erratum.line == card.line
                or card.key.startswith("sentence:")
                or card.key.endswith(":rows")  # a row of the table relabelled, or gone
                or _in_row(erratum, card)
            )
        ]
        if same:
            same[0].derivation.append(card.message)
        else:
            kept.append(card)
    return findings + kept


def _in_row(erratum: Finding, card: Finding) -> bool:
    """Whether an erratum stands in the table row of a card's cell (« Attaque retenue » where
    the card says « Attaque normale »: the row's FD cell is then wrong for the rules)."""
    first = card.line
    while first > max(card.line - 20, 0) and "<row" not in source_line(card.file, first):
        first -= 1
    last = card.line
    while last < card.line + 20 and "</row>" not in source_line(card.file, last):
        last += 1
    return first <= erratum.line <= last


def check_cards(
    document,
    game,
    ledger: Sequence[Entry],
    language: str,
    reported: frozenset[str] = frozenset(),
) -> list[Finding]:
    """Every disagreement between the deck of `game` and the book of `document`, written in
    `language`, its cards' notes worded from `ledger` (`load_deck`).

    A card's note on a ledger entry the ledger does not hold is no finding of its own when the
    check reports that entry's fault (`reported`: the ledger removed or the entry taken out,
    the fault is new again): one finding for one fault, the deck checked once it is ledgered.
    """
    if game is None or game.rules is None or deck_file(game.folder) is None:
        return []
    try:
        deck = load_deck(game, ledger, language)
    except DeckError as error:
        return [] if error.entry in reported else [error.finding]
    book = _Book(document)
    findings: list[Finding] = []
    for card in deck.cards:
        for block in card.blocks:
            findings += _check_block(book, game, deck.file, card, block)
    return findings


class _Book:
    """The book's prose elements as the cards' check reads them (`model.sentences.CARDS`)."""

    def __init__(self, document):
        self.document = document
        self.prose = prose_of(document.root, CARDS)
        # As a reader sees it: an empty xref reads as the words it stands for.
        self.texts = list(self.prose.read.items())

    def holding(self, fragments: list[str]):
        """The innermost element whose text holds the fragments in order, or None.

        A fragment the book rewords (an aside, a synonym, a clause moved, digits in
        words) is found by alignment, as a cited sentence is, so long as its numbers
        and rule words are all still there and the same.
        """
        matches = self.prose.holding(fragments)
        pieces = [normalize(fragment) for fragment in fragments if fragment.strip()]
        if not matches and len(pieces) == 1:
            matches = self._reworded(pieces[0])
        elif not matches:  # « … S'il réussit … » with one fragment reworded (’ for ')
            held = [
                set(self.prose.holding([piece])) | set(self._reworded(piece)) for piece in pieces
            ]
            matches = [element for element in self.prose.read if all(element in h for h in held)]
        innermost = self.prose.innermost(matches)
        return innermost[0] if innermost else None

    def _reworded(self, fragment: str, contradicted: bool = False) -> list:
        """The elements that say `fragment` reworded; with `contradicted`, the rule words
        (the card's, the book's) of those that say it with another rule word instead."""
        vocabulary = Vocabulary(language=book_language(self.document))
        found = []
        for element, text in self.texts:
            if not could_hold([fragment], text):
                continue
            alignment = align([fragment], text, vocabulary, lambda start, end: True)
            if alignment is None or not alignment.accepted:
                continue
            if bool(alignment.contradictions) != contradicted:
                continue
            if contradicted:  # a rule word or a number of the quote said otherwise
                found.append((*alignment.contradictions[0], element))
                continue
            start, end = alignment.span
            values = [number_value(number) for number in COUNT.findall(text[start:end])]
            if values == [number_value(number) for number in COUNT.findall(fragment)]:
                found.append(element)
        return found

    def changed_word(self, quote: str):
        """(the card's word, the book's word, its file and line) where the book says `quote`
        with another rule word of its family (« beats » for « equals or beats ») or another
        number, or None."""
        changed = self._reworded(normalize(quote), contradicted=True)
        if not changed:
            return None
        mine, theirs, element = changed[0]
        passage = Passage.of(element, self.document.file_of(element))
        return mine, theirs, passage.file, passage.line_at(theirs.start)

    def table(self, title: str):
        wanted = normalize(title)
        tables = [t for t in self.document.root.iter(*TABLES) if title_of(t) == wanted]
        return tables[0] if len(tables) == 1 else None


def _check_block(book: _Book, game, deck: Path, card: Card, block: Block) -> list[Finding]:
    if block.kind == "quote":
        return _check_quote(book, deck, card, block, block.spec["quote"])
    if block.kind == "sequence":
        return [
            finding
            for item in block.spec["sequence"]
            for finding in _check_quote(book, deck, card, block, item)
        ]
    if block.kind == "formula":
        cited = block.spec.get("cites")
        quoted = _check_quote(book, deck, card, block, cited) if cited else []
        return quoted + _check_formula(game, deck, card, block)
    if "book" in block.spec:
        return _check_table(book, deck, card, block)
    if "sentence" in block.spec:
        return _check_sentence(book, deck, card, block)
    return []


def _check_quote(book: _Book, deck: Path, card: Card, block: Block, quote: str) -> list[Finding]:
    fragments = [fragment.strip() for fragment in quote.split("…")]
    if book.holding(fragments) is not None:
        return []
    line = _line_of(deck, quote[:40]) or block.line
    changed = book.changed_word(quote) if len(fragments) == 1 else None
    if changed is not None:
        mine, theirs, file, book_line = changed
        finding = _deck_finding(
            deck,
            line,
            message_of(SAID, "says", card=card.title, book=theirs.text, mine=mine.text),
            f"quote:{quote}",
        )
        # at the card's word: a quote's words are the deck line's from its first quote mark
        opening = finding.text.find('"' + normalize(quote)[:20])
        if opening >= 0:
            finding.column = opening + 2 + mine.start
        finding.related.append(
            {
                "file": str(file),
                "line": book_line,
                "message": message_of(SAID, "book", book=theirs.text),
            }
        )
        return [finding]
    return [
        _deck_finding(
            deck,
            line,
            message_of(SAID, "gone", card=card.title, quote=quote),
            f"quote:{quote}",
        )
    ]


def _check_formula(game, deck: Path, card: Card, block: Block) -> list[Finding]:
    spec = block.spec
    formula = spec["formula"]
    _, _, right = formula.partition("=")
    terms: dict[str, str] = spec.get("terms", {})
    function = rules_function(game, spec["rule"])
    absent = [term for term in terms if not written_as_word(right, term)]
    if absent:
        return [
            _deck_finding(
                deck,
                block.line,
                message_of(
                    SAID,
                    "no_term",
                    card=card.title,
                    formula=formula,
                    terms=", ".join(f"« {term} »" for term in absent),
                ),
                f"formula:{formula}",
            )
        ]
    for sample in SAMPLES:
        # Each term its own value; an argument that several terms make up (a base
        # holding Niveau + BR) is their sum.
        values = {term: sample[i % len(sample)] for i, term in enumerate(terms)}
        arguments: dict[str, int] = {}
        for term, argument in terms.items():
            arguments[argument] = arguments.get(argument, 0) + values[term]
        try:
            printed = _evaluate(right, values)
        except ValueError as error:
            return [
                _deck_finding(
                    deck,
                    block.line,
                    message_of(SAID, "unread", card=card.title, formula=formula, error=error),
                    f"formula:{formula}",
                )
            ]
        try:
            given = _called(function, {**arguments, **spec.get("arguments", {})})
        except _Uncallable as error:
            return [
                _deck_finding(
                    deck,
                    block.line,
                    message_of(
                        SAID,
                        "uncalled",
                        card=card.title,
                        formula=formula,
                        rule=spec["rule"],
                        error=error,
                    ),
                    f"formula:{formula}",
                )
            ]
        if printed != given:
            shown = ", ".join(f"{term} = {value}" for term, value in values.items())
            return [
                _deck_finding(
                    deck,
                    block.line,
                    message_of(
                        SAID,
                        "gives",
                        card=card.title,
                        formula=formula,
                        printed=_show(printed),
                        given=_show(given),
                    ),
                    f"formula:{formula}",
                    [
                        message_of(SAID, "with", values=shown),
                        message_of(SAID, "card", formula=right.strip(), printed=_show(printed)),
                        message_of(
                            SAID,
                            "rules",
                            call=f"{spec['rule']}({_arguments(arguments)})",
                            given=_show(given),
                        ),
                    ],
                )
            ]
    return []


class _Uncallable(Exception):
    """A deck's rule that its terms cannot call: the words of the finding that says why."""


def _called(function, arguments: dict[str, Any]) -> Any:
    """`function` called with `arguments`; _Uncallable when the deck's terms do not fit it (a
    term naming an argument the rule no longer takes, one it needs left out) or the rule cannot
    take numbers for them (a tuple of dice): the author's mistake, said at the deck's line."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        signature = None
    if signature is not None:
        taken = ", ".join(signature.parameters) or "none"
        unknown = [name for name in arguments if name not in signature.parameters]
        if unknown and not any(p.kind is p.VAR_KEYWORD for p in signature.parameters.values()):
            names = ", ".join(unknown)
            raise _Uncallable(
                f"takes no argument {names} (its arguments: {taken}): "
                "the terms (or arguments) name what the rule no longer has"
            )
        try:
            signature.bind(**arguments)
        except TypeError as error:
            raise _Uncallable(
                f"cannot be called from the terms: {error} (its arguments: {taken})"
            ) from None
    try:
        return function(**arguments)
    except Exception as error:  # the game's code, given numbers for each term
        shown = ", ".join(f"{name} = {value}" for name, value in arguments.items())
        raise _Uncallable(
            f"fails when its terms are numbers ({shown}): {type(error).__name__}: {error}; "
            "a rule taking a tuple or a record cannot be checked from a formula: give the card "
            "a rule whose arguments are numbers"
        ) from None


def _check_table(book: _Book, deck: Path, card: Card, block: Block) -> list[Finding]:
    title = block.spec["book"]
    table = book.table(title)
    if table is None:
        return [
            _deck_finding(
                deck,
                block.line,
                message_of(SAID, "no_table", card=card.title, title=title),
                f"table:{title}",
            )
        ]
    mapping = block.spec.get("book_columns", list(range(1, len(block.columns) + 1)))
    document = book.document
    if block.spec.get("book_transposed"):
        rows, pairs = _transposed(table, mapping, block.rows)
    else:
        rows = filled_rows(table, head=False)
        pairs = list(zip(rows, block.rows, strict=False))
    counted = len(pairs) if block.spec.get("book_transposed") else len(rows)
    if counted != len(block.rows):
        file, line, column = document.locate(table)
        return [
            _book_finding(
                file,
                line,
                column,
                where_of(table),
                message_of(
                    SAID,
                    "rows",
                    card=card.title,
                    rows=len(block.rows),
                    title=title,
                    counted=counted,
                ),
                f"{card.title}:rows",
            )
        ]
    findings = []
    for row, cells in pairs:
        for card_cell, book_column in zip(cells, mapping, strict=False):
            if not book_column or not row:
                continue
            entry = row[min(book_column, len(row)) - 1]
            book_text = text_of(entry)
            if _agree(card_cell, book_text):
                continue
            file, line, column = document.locate(entry)
            label = text_of(row[0])[:30]
            findings.append(
                _book_finding(
                    file,
                    line,
                    column,
                    where_of(table),
                    message_of(
                        SAID,
                        "shows_table",
                        card=card.title,
                        cell=card_cell.text,
                        book=book_text,
                        row=label,
                    ),
                    f"{card.title}:{label}:{book_column}",
                    [message_of(SAID, "cell", rule=block.spec[block.kind], cell=card_cell.text)],
                )
            )
    return findings


def _transposed(table, mapping: list[int], card_rows: list) -> tuple[list, list]:
    """A table printed sideways, in bands of rows (« Difficulté », « Pourcentage »…).

    Band row i holds the card's column mapped to i, one record per book column
    after the label; each card row is matched with the record whose key (its
    first compared column) has the same numbers. Returns the records, and the
    (record, card row) pairs found.
    """
    rows = filled_rows(table)
    size = max(mapping)
    records = []
    for start in range(0, len(rows) - size + 1, size):
        band = rows[start : start + size]
        for column in range(1, min(len(row) for row in band)):
            records.append([row[column] for row in band])
    key = next(index for index, book_row in enumerate(mapping) if book_row)
    pairs = []
    for cells in card_rows:
        wanted = _numbers(cells[key].text)
        for record in records:
            if _numbers(text_of(record[mapping[key] - 1])) == wanted:
                pairs.append((record, cells))
                break
    return records, pairs


def _numbers(text: str) -> list[Fraction]:
    return [value_of(match) for match in _NUMBER.findall(text)]


def _check_sentence(book: _Book, deck: Path, card: Card, block: Block) -> list[Finding]:
    """The card's numbers, in order, among the sentence's: one sentence, or one per row."""
    phrases = block.spec["sentence"]
    if isinstance(phrases, str):
        pairs = [(phrases, block.rows)]
    else:
        pairs = [(phrase, [row]) for phrase, row in zip(phrases, block.rows, strict=False)]
    findings = []
    for phrase, rows in pairs:
        element = book.holding([phrase])
        if element is None:
            findings.append(
                _deck_finding(
                    deck,
                    block.line,
                    message_of(SAID, "gone", card=card.title, quote=phrase),
                    f"sentence:{phrase}",
                )
            )
            continue
        findings += _numbers_in_order(book, element, card, block, rows, phrase)
    return findings


def _numbers_in_order(book, element, card, block, rows, phrase) -> list[Finding]:
    text = text_of(element)
    said = [value_of(match) for match in _NUMBER.findall(text)]
    position = 0
    for cells in rows:
        for card_cell in cells:
            for number in (value_of(m) for m in _NUMBER.findall(card_cell.text)):
                while position < len(said) and said[position] != number:
                    position += 1
                if position < len(said):
                    position += 1
                    continue
                file, line, column = book.document.locate(element)
                return [
                    _book_finding(
                        file,
                        line,
                        column,
                        where_of(element),
                        message_of(
                            SAID,
                            "shows_book",
                            card=card.title,
                            cell=card_cell.text,
                            row=cells[0].text,
                            book=_cut(Passage.of(element, file).text),
                        ),
                        f"sentence:{card.title}:{phrase}",
                        [
                            message_of(
                                SAID, "cell", rule=block.spec[block.kind], cell=card_cell.text
                            ),
                            message_of(
                                SAID,
                                "in_order",
                                numbers=", ".join(_show(n) for n in said)
                                or message_of(SAID, "none"),
                            ),
                        ],
                    )
                ]
    return []


def _cut(text: str, length: int = 160) -> str:
    return text if len(text) <= length else text[: length - 1] + "…"


def _agree(card_cell: Cell, book_text: str) -> bool:
    """A card's cell agrees with the book's when their numbers are the same, in order.

    A computed number is compared at the book's own precision: its exact value (a chance
    as a percentage) rounded half up to the decimals the book prints, so that the book's
    « 3 % » agrees with a card's 2,8 % (exactly 2,77… %), never with 2,45 %. A cell without
    numbers agrees when the book's cell holds its words, in order (punctuation aside:
    « FR = +N, FF = +N » stands in « FR = +N; FF = +N »).
    """
    card_text = card_cell.text
    card_numbers = _bounded_numbers(card_text)
    book_numbers = _NUMBER.findall(book_text)
    exact = card_cell.value
    if (
        len(card_numbers) == 1
        and len(book_numbers) == 1
        and isinstance(exact, int | Fraction)
        and not isinstance(exact, bool)
    ):
        if card_cell.bar is not None:
            exact = Fraction(exact) * 100
        said = book_numbers[0]
        places = len(re.split(r"[,.]", said)[1]) if re.search(r"[,.]", said) else 0
        return half_up(Fraction(exact), places) == value_of(said)
    if card_numbers:
        return card_numbers == _bounded_numbers(book_text)
    words, said = _words(card_text), _words(book_text)
    if "(" not in card_text:  # an aside the card does not print: « FD = +N (rappelons-le), »
        said = _words(_ASIDE.sub("", book_text))
    return any(said[i : i + len(words)] == words for i in range(len(said) - len(words) + 1))


_ASIDE = re.compile(r"\s*\([^()\d]*\)")
"""An aside in parentheses holding no number: a reader's remark, no rule of a card's cell."""


def _bounded_numbers(text: str) -> list[Fraction]:
    """The numbers of `text`, a strict bound read as the first value it includes."""

    def included(match: re.Match) -> str:
        step = -1 if match.group(1).casefold().startswith(("moins", "inf")) else 1
        return str(value_of(match.group(2)) + step)

    return [value_of(match) for match in _NUMBER.findall(_STRICT_BOUND.sub(included, text))]


def _words(text: str) -> list[str]:
    return re.findall(r"\w+|[=+−-]", normalize(text).casefold().replace(MINUS, "-"))


def _evaluate(expression: str, values: dict[str, int]) -> Fraction:
    """The value of a printed formula, each term replaced by its value."""
    text = expression
    for term in sorted(values, key=len, reverse=True):
        text = text.replace(term, f" ({values[term]}) ")
    text = text.replace(MINUS, "-").replace("×", "*").replace("÷", "/").replace("±", "+")
    if re.search(r"[^\d\s+\-*/().]", text):
        leftover = re.sub(r"[\d\s+\-*/().]+", " ", text).strip()
        raise ValueError(message_of(SAID, "not_a_term", leftover=leftover))
    try:
        return evaluate(text)  # the working's own reader of the book's arithmetic
    except ValueError:
        raise ValueError(message_of(SAID, "not_arithmetic")) from None


def _line_of(path: Path, text: str) -> int:
    try:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if text in line:
                return number
    except OSError:
        pass
    return 0


def _deck_finding(path, line, message, key, derivation=None) -> Finding:
    return Finding(
        "error",
        "card",
        message,
        file=path,
        line=line,
        text=source_line(path, line),
        key=key,
        derivation=derivation or [],
    )


def _book_finding(file, line, column, where, message, key, derivation=None) -> Finding:
    return Finding(
        "error",
        "card-erratum",
        message,
        file=file,
        line=line,
        column=column,
        where=where,
        text=source_line(file, line).strip(),
        key=key,
        derivation=derivation or [],
    )


def _show(value) -> str:
    value = Fraction(value)
    shown = str(value.numerator) if value.denominator == 1 else f"{value}"
    return shown if LANGUAGE.get() == "en" else signed(shown)  # « −7 » in French


def _arguments(values: dict[str, int]) -> str:
    return ", ".join(f"{name}={value}" for name, value in values.items())
