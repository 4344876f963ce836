"""Rule words: the words that carry a rule as numbers do, grouped in families of rivals.

A family holds words that contradict each other where one stands for another
(« plus haut » / « plus bas », « inférieur » / « inférieur ou égal », « Con » /
« For »). The relations (comparisons, bounds, rounding, operators, order)
belong to the engine, per language; the terms (characteristics, wound levels,
difficulties…) belong to each game, which gives them to its `Binder`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from build_tools.checking.rule import probing
from build_tools.checking.symbols import word_character
from build_tools.model.language import primary_language

_COUNTS = (
    r"(?:deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze"
    r"|seize|vingt|trente|quarante|cinquante|soixante|cent|mille)\b"
)
"""A number written in words where a bound needs a number after it (« plus de cinq »)."""

RELATIONS = {
    "fr": {
        # family -> lemma -> forms (regular expressions, matched case-insensitively)
        "comparaison": {
            # « égale ou supérieure » says one bound, as « supérieure ou égale » does
            "inférieur ou égal": [
                r"inférieure?s? ou (?:égale?s?|égaux)",
                r"égale?s? ou inférieure?s?",
            ],
            "supérieur ou égal": [
                r"supérieure?s? ou (?:égale?s?|égaux)",
                r"égale?s? ou supérieure?s?",
            ],
            "strictement inférieur": [r"strictement inférieure?s?"],
            "strictement supérieur": [r"strictement supérieure?s?"],
            "inférieur": [r"inférieure?s?(?! ou égal)"],
            "supérieur": [r"supérieure?s?(?! ou égal)"],
            "égal": [r"égale?s?", r"égaux"],
        },
        "borne": {
            # « Au moins, ça tient ! » (at least): a remark, no bound, as « au plus, » is
            "au moins": [
                r"au moins(?!\s*,)",
                r"au minimum",
                r"moins de(?= (?:[+\-−]?\d|" + _COUNTS + "))",
            ],
            "au plus": [
                r"au plus(?! (?:haut|bas|proche))(?!\s*,)",
                r"au maximum",
                r"plus de(?= (?:[+\-−]?\d|" + _COUNTS + "))",
            ],
        },
        "seuil": {
            "dépasser": [r"dépass(?:er|e|es|ent|é|ée|és|ées|ant|ait|aient)"],
            "atteindre": [
                r"atteind(?:re|s)",
                r"atteint(?:e|s|es)?",
                r"atteign(?:ent|ait|aient)",
                r"égale?s? ou dépass(?:e|ent)",  # « égale ou dépasse »: at or over
            ],
        },
        "direction": {
            "plus haut": [r"plus haute?s?", r"plus élevée?s?", r"plus grande?s?", r"au-dessus"],
            "plus bas": [
                r"plus bas(?:ses?)?",
                r"plus faibles?",
                r"plus petite?s?",
                r"au-dessous",
                r"en dessous",
            ],
        },
        "arrondi": {
            "à l'inférieur": [r"arrondie?s? à l'(?:entier )?inférieur", r"arrondie?s? par défaut"],
            "au supérieur": [
                r"arrondie?s? au(?: nombre| chiffre)? supérieur",
                r"arrondie?s? par excès",
            ],
            "au plus proche": [r"arrondie?s? au plus proche"],
        },
        "opération": {
            # « De plus, … » (moreover) is never the operator, whatever follows it
            "plus": [
                r"(?<!\b[Dd]e )plus(?-i:(?= ?(?:[+\-−]?\d|[A-Z(°]|son |sa |ses |le |la |les |l')))"
            ],
            "moins": [r"moins(?-i:(?= ?(?:[+\-−]?\d|[A-Z(°]|son |sa |ses |le |la |les |l')))"],
        },
        "ajout": {
            "ajouter": [
                # « j'ajoute que … »: the author adds a remark, not a number
                r"ajout(?:er|e|es|ent|é|ée|és|ées|ant|ez)(?!\s+qu(?:e\b|'|’))",
                r"additionn(?:er|e|ent|é|ée|és|ées|ant|ez)",
            ],
            "retirer": [
                r"retir(?:er|e|es|ent|é|ée|és|ées|ant|ez)",
                r"soustr(?:aire|ait|aite|aits|aites|ayant|ayez)",
                r"enl(?:ever|ève|èves|èvent|evé|evée|evés|evées|evant)",
            ],
        },
        "produit": {
            "multiplier": [r"multipli(?:er|e|es|ent|é|ée|és|ées|ant|ez)"],
            "diviser": [r"divis(?:er|e|es|ent|é|ée|és|ées|ant|ez)"],
        },
        "fraction": {
            "double": [r"doubles?", r"doublée?s?"],
            "moitié": [r"moitiés?"],
            "triple": [r"triples?"],
            "tiers": [r"tiers"],
            "quart": [r"quarts?"],
        },
        "ordre": {
            "avant": [r"avant"],
            "après": [r"après"],
        },
        "place": {
            "devant": [r"devant"],
            "derrière": [r"derrière"],
        },
        "bout": {
            "en tête": [r"en tête"],
            "en queue": [r"en queue"],
        },
    },
    "en": {
        "comparison": {
            "less than or equal": [
                r"(?:less|lower|smaller) than or equal(?: to)?",
                r"equals? or (?:is )?(?:less|lower|smaller) than",
                r"equal to or (?:less|lower|smaller) than",
            ],
            "greater than or equal": [
                r"(?:greater|higher|larger|more) than or equal(?: to)?",
                r"equals? or (?:is )?(?:greater|higher|larger|more) than",
                r"equal to or (?:greater|higher|larger|more) than",
            ],
            "strictly less than": [r"strictly (?:less|lower|smaller) than"],
            "strictly greater than": [r"strictly (?:greater|higher|larger|more) than"],
            "less than": [r"(?:less|lower|smaller|fewer) than(?! or equal)"],
            "greater than": [r"(?:greater|higher|larger|more) than(?! or equal)"],
            "equal": [r"equals?(?! or)", r"equal to(?! or)"],
        },
        "bound": {
            "at least": [r"at least", r"at minimum", r"a minimum of", r"no (?:less|fewer) than"],
            "at most": [r"at most", r"at maximum", r"a maximum of", r"no more than", r"up to"],
        },
        "threshold": {
            "exceed": [
                r"exceed(?:s|ed|ing)?",
                r"beat(?:s|en|ing)?",
                r"go(?:es)? over",
                r"surpass(?:es|ed|ing)?",
            ],
            "reach": [
                r"reach(?:es|ed|ing)?",
                r"(?:equals?|meets?) or (?:beats?|exceeds?|surpasses)",
                r"meet(?:s|ing)?",
            ],
        },
        "direction": {
            "higher": [r"higher", r"greater", r"larger", r"bigger", r"above"],
            "lower": [r"lower", r"smaller", r"below", r"under"],
        },
        "rounding": {
            "down": [r"round(?:ed|s|ing)? down", r"round(?:ed|s|ing)? toward zero"],
            "up": [r"round(?:ed|s|ing)? up"],
            "to the nearest": [r"round(?:ed|s|ing)? (?:off|to the nearest)"],
        },
        "operation": {
            "plus": [r"plus(?-i:(?= ?(?:[+\-−]?\d|[A-Z(°]|their |his |her |its |the |a |an )))"],
            "minus": [r"minus(?-i:(?= ?(?:[+\-−]?\d|[A-Z(°]|their |his |her |its |the |a |an )))"],
        },
        "addition": {
            "add": [r"add(?:s|ed|ing)?"],
            "subtract": [
                r"subtract(?:s|ed|ing)?",
                r"deduct(?:s|ed|ing)?",
                r"take(?:s|n)? away",
                r"takes? off",
            ],
        },
        "product": {
            "multiply": [r"multipl(?:y|ies|ied|ying)"],
            "divide": [r"divid(?:e|es|ed|ing)"],
        },
        "fraction": {
            "double": [r"doubles?", r"doubled", r"twice"],
            "half": [r"half", r"halves", r"halved"],
            "triple": [r"triples?", r"tripled", r"thrice"],
            "third": [r"(?:a|one) third"],
            "quarter": [r"quarters?"],
        },
        "order": {
            "before": [r"before"],
            "after": [r"after"],
        },
        "position": {
            "in front of": [r"in front of", r"ahead of"],
            "behind": [r"behind"],
        },
        "end": {
            "at the head": [r"at the (?:head|front)"],
            "at the back": [r"at the (?:back|rear|tail)"],
        },
    },
}
"""The engine's vocabulary of relations, per language (the book's, `relations_of`)."""


def relations_of(language: str | None) -> dict[str, dict[str, list[str]]]:
    """The relations of a book in `language` (« fr-CA » as « fr »), none for another language."""
    return RELATIONS.get(primary_language(language), {})


APPROXIMATION = {
    "fr": [
        r"environ",
        r"autour de",
        r"à peu près",
        r"approximati(?:f|ve|fs|ves|vement)",
        r"aux alentours de",
        r"grosso modo",
        r"≈",
        r"~",
        r"quasiment",
    ],
    "en": [
        r"about(?= [+\-−]?\d)",
        r"around(?= [+\-−]?\d)",
        r"approximate(?:ly)?",
        r"roughly",
        r"nearly",
        r"more or less",
        r"or so",
        r"≈",
        r"~",
    ],
}
"""Words by which a book says a figure is approximate: the only licence for a tolerance."""


_WORD_START = re.compile(r"(?<![\w])\w")


@dataclass(frozen=True)
class Word:
    """One rule word of a text: where it is, its family, and which member of the family it is."""

    start: int
    end: int
    text: str
    family: str
    lemma: str


class Vocabulary:
    """The rule words of one book: the engine's relations in its language and the game's terms."""

    def __init__(self, terms: dict[str, dict[str, list[str]]] | None = None, language="fr"):
        self.terms = terms or {}
        self.language = primary_language(language)
        relations = relations_of(language)
        alternatives: list[tuple[str, str, str, bool]] = []
        for family, members in relations.items():
            for lemma, forms in members.items():
                alternatives += [(form, family, lemma, True) for form in forms]
        for family, members in self.terms.items():
            for lemma, forms in members.items():
                alternatives += [(form, family, lemma, False) for form in forms]
        # Each form is tried only where a word starts with its first two letters: one
        # alternation of every form cost more than the rest of the check together. A form's
        # pattern is compiled the first time it is tried (`_compiled`): most never are.
        self._by_start: dict[str, list[tuple[str, str, str]]] = {}
        self._anywhere: list[tuple[str, str, str]] = []
        for form, family, lemma, folded in alternatives:
            # A game's term is the very words the book writes: compared, not compiled.
            pattern = "(?i:" + form + r")(?![\w])" if folded else _Literal(form)
            start = _literal_start(_LOOKBEHIND.sub("", form)) if folded else form
            if len(start) >= 3:
                self._by_start.setdefault(start[:3].lower(), []).append((pattern, family, lemma))
            elif len(start) == 2 and start == form:  # a two-letter term (« Ph »): a whole word
                self._by_start.setdefault(start.lower(), []).append((pattern, family, lemma))
            else:
                self._anywhere.append((pattern, family, lemma))
        self._pattern = bool(alternatives)
        # Where a rule word may start: a word whose first two letters start some form.
        starts = sorted(self._by_start, key=len, reverse=True)
        self._starts = (
            _WORD_START
            if self._anywhere or not starts
            else re.compile(
                r"(?<![\w])(?i:"
                + "|".join(re.escape(s) + (r"(?!\w)" if len(s) == 2 else "") for s in starts)
                + ")"
            )
        )
        approximations = APPROXIMATION.get(self.language, [])
        self._approximate = re.compile(
            r"(?i)(?<![\w])(?:" + "|".join(approximations) + r")(?![\w])"
            if approximations
            else r"(?!)"
        )

    def find(self, text: str) -> list[Word]:
        """The rule words of `text`, in order."""
        return list(_find(self, text))

    def approximation(self, text: str) -> str:
        """The words of `text` that say its figure is approximate (« environ »), or ''."""
        match = self._approximate.search(text)
        return match.group() if match else ""

    def family_of(self, lemma: str) -> str | None:
        """The family a lemma belongs to (« grave » -> « gravité »), or None."""
        for families in (relations_of(self.language), self.terms):
            for family, members in families.items():
                if lemma in members:
                    return family
        return None

    def rivals(self, family: str) -> list[str]:
        """The lemmas of a family."""
        members = relations_of(self.language).get(family) or self.terms.get(family, {})
        return list(members)


def _find(vocabulary: Vocabulary, text: str) -> tuple[Word, ...]:
    return _find_cached(vocabulary, text)


_LOOKBEHIND = re.compile(r"^\(\?<[!=][^)]*\)")
"""A form's leading look-behind (« (?<![Dd]e )plus »): its letters start after it."""
_METACHARACTERS = re.compile(r"[\\\[\](){}?*+|.^$]")


def _literal_start(form: str) -> str:
    """The letters a form surely starts with (before its first metacharacter or optional letter)."""
    cut = _METACHARACTERS.search(form)
    literal = form[: cut.start()] if cut else form
    if cut and form[cut.start()] in "?*{":
        literal = literal[:-1]  # « inférieure? »: the e may be absent
    return literal


_compiled = functools.cache(re.compile)
"""A rule word's pattern compiled once per process, whichever book's vocabulary tries it."""


class _Literal:
    r"""A term's form as a pattern `re.escape(form) + r"(?![\w])"` would match it, without
    compiling one: `match(text, at)` gives a match of the form at `at` when the character
    after it is no word character (`word_character`), else None."""

    __slots__ = ("form",)

    def __init__(self, form: str):
        self.form = form

    def match(self, text: str, at: int) -> _Found | None:
        end = at + len(self.form)
        if not text.startswith(self.form, at):
            return None
        if end < len(text) and word_character(text[end]):
            return None
        return _Found(end, self.form)

    def __repr__(self) -> str:
        return f"_Literal({self.form!r})"


class _Found:
    """What `_find_cached` reads of a match: where it ends and its text."""

    __slots__ = ("_end", "_text")

    def __init__(self, end: int, text: str):
        self._end, self._text = end, text

    def end(self) -> int:
        return self._end

    def group(self) -> str:
        return self._text


@functools.lru_cache(maxsize=4096)
def _find_cached(vocabulary: Vocabulary, text: str) -> tuple[Word, ...]:
    if not vocabulary._pattern:
        return ()
    words = []
    position = 0
    for start in vocabulary._starts.finditer(text):
        at = start.start()
        if at < position:
            continue
        candidates = vocabulary._by_start.get(
            text[at : at + 3].lower(), []
        ) + vocabulary._by_start.get(text[at : at + 2].lower(), [])
        best = None
        for pattern, family, lemma in (*candidates, *vocabulary._anywhere):
            matcher = pattern if isinstance(pattern, _Literal) else _compiled(pattern)
            match = matcher.match(text, at)
            if match and (best is None or match.end() > best[0].end()):
                best = (match, family, lemma)
        if best is not None:
            match, family, lemma = best
            words.append(Word(at, match.end(), match.group(), family, lemma))
            position = match.end()
    return tuple(words)


def comparison(holds, bound) -> str:
    """The comparison (a French lemma of RELATIONS) a rule makes with `bound`.

    `holds(value)` is the rule's own test; it is asked just below, at and just
    above the bound, so that the rules module, not the binding, says whether the
    bound is inclusive and which way it goes (« inférieur ou égal à sa CA »).
    These calls are probes (`rule.probing`): the claim's working shows the rule's
    formula, not numbers of no passage.
    """
    with probing():
        below, at, above = (bool(holds(bound + step)) for step in (-1, 0, 1))
    lemmas = {
        (True, True, False): "inférieur ou égal",
        (True, False, False): "inférieur",
        (False, True, True): "supérieur ou égal",
        (False, False, True): "supérieur",
        (False, True, False): "égal",
    }
    if (below, at, above) not in lemmas:
        raise ValueError(f"no comparison holds so around {bound}: {below}, {at}, {above}")
    return lemmas[below, at, above]


def threshold(holds, bound) -> str:
    """« atteindre » when the rule holds at `bound` already, « dépasser » when only above it."""
    with probing():
        over, at = holds(bound + 1), holds(bound)
    if not over:
        raise ValueError(f"the rule does not hold above {bound}")
    return "atteindre" if at else "dépasser"


def operation(apply, family: str = "opération") -> str:
    """The operator (a French lemma of RELATIONS) of `apply(a, b)`: a + b or a − b.

    `family` is « opération » (plus/moins) or « ajout » (ajouter/retirer).
    """
    # Two probes, so that a rule that merely happens to give a ± b once is not mistaken.
    with probing():
        changes = {apply(a, b) - a for a, b in ((10, 3), (12, 5))}
    lemmas = {"opération": ("plus", "moins"), "ajout": ("ajouter", "retirer")}[family]
    if changes == {3, 5}:
        return lemmas[0]
    if changes == {-3, -5}:
        return lemmas[1]
    raise ValueError(f"{apply} neither adds nor takes off its second operand")


def covariation(effect, at, *, lower: bool = False) -> str:
    """« plus » or « moins »: how `effect(value)` goes as the value rises from `at` (or falls,
    `lower`), for a sentence « Plus il est élevé (bas), plus (moins) … »: the rules module's own
    function is asked, at `at` and one step away (probes, as `comparison`'s)."""
    with probing():
        here, there = effect(at), effect(at - 1 if lower else at + 1)
    if here == there:
        raise ValueError(f"{effect} does not change between {at} and its neighbour")
    return "plus" if there > here else "moins"
