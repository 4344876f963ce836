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

RELATIONS = {
    "fr": {
        # family -> lemma -> forms (regular expressions, matched case-insensitively)
        "comparaison": {
            "inférieur ou égal": [r"inférieure?s? ou égale?s?"],
            "supérieur ou égal": [r"supérieure?s? ou égale?s?"],
            "strictement inférieur": [r"strictement inférieure?s?"],
            "strictement supérieur": [r"strictement supérieure?s?"],
            "inférieur": [r"inférieure?s?(?! ou égal)"],
            "supérieur": [r"supérieure?s?(?! ou égal)"],
            "égal": [r"égale?s?", r"égaux"],
        },
        "borne": {
            "au moins": [r"au moins", r"au minimum", r"moins de(?= [+\-−]?\d)"],
            "au plus": [
                r"au plus(?! (?:haut|bas|proche))",
                r"au maximum",
                r"plus de(?= [+\-−]?\d)",
            ],
        },
        "seuil": {
            "dépasser": [r"dépass(?:er|e|es|ent|é|ée|és|ées|ant|ait|aient)"],
            "atteindre": [r"atteind(?:re|s)", r"atteint(?:e|s|es)?", r"atteign(?:ent|ait|aient)"],
        },
        "direction": {
            "plus haut": [r"plus haute?s?", r"plus élevée?s?", r"plus grande?s?", r"au-dessus"],
            "plus bas": [
                r"plus basse?s?",
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
            "plus": [r"plus(?-i:(?= ?(?:[+\-−]?\d|[A-Z(°]|son |sa |ses |le |la |les |l')))"],
            "moins": [r"moins(?-i:(?= ?(?:[+\-−]?\d|[A-Z(°]|son |sa |ses |le |la |les |l')))"],
        },
        "ajout": {
            "ajouter": [
                r"ajout(?:er|e|es|ent|é|ée|és|ées|ant|ez)",
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
    }
}
"""The engine's vocabulary of relations, per language."""

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
    ]
}
"""Words by which a book says a figure is approximate: the only licence for a tolerance."""


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
        self.language = language
        relations = RELATIONS.get(language, {})
        alternatives: list[tuple[str, str, str, bool]] = []
        for family, members in relations.items():
            for lemma, forms in members.items():
                alternatives += [(form, family, lemma, True) for form in forms]
        for family, members in self.terms.items():
            for lemma, forms in members.items():
                alternatives += [(re.escape(form), family, lemma, False) for form in forms]
        # Longest first, so that « inférieur ou égal » wins over « inférieur ».
        alternatives.sort(key=lambda alternative: -len(alternative[0]))
        self._lookup: list[tuple[str, str]] = []
        pieces = []
        for index, (form, family, lemma, folded) in enumerate(alternatives):
            self._lookup.append((family, lemma))
            body = f"(?i:{form})" if folded else form
            pieces.append(f"(?P<w{index}>{body})")
        self._pattern = (
            re.compile(r"(?<![\w])(?:" + "|".join(pieces) + r")(?![\w])") if pieces else None
        )
        approximations = APPROXIMATION.get(language, [])
        self._approximate = re.compile(
            r"(?i)(?<![\w])(?:" + "|".join(approximations) + r")(?![\w])"
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
        for families in (RELATIONS.get(self.language, {}), self.terms):
            for family, members in families.items():
                if lemma in members:
                    return family
        return None

    def rivals(self, family: str) -> list[str]:
        """The lemmas of a family."""
        members = RELATIONS.get(self.language, {}).get(family) or self.terms.get(family, {})
        return list(members)


def _find(vocabulary: Vocabulary, text: str) -> tuple[Word, ...]:
    return _find_cached(vocabulary, text)


@functools.lru_cache(maxsize=4096)
def _find_cached(vocabulary: Vocabulary, text: str) -> tuple[Word, ...]:
    if vocabulary._pattern is None:
        return ()
    words = []
    for match in vocabulary._pattern.finditer(text):
        index = int(match.lastgroup[1:])
        family, lemma = vocabulary._lookup[index]
        words.append(Word(match.start(), match.end(), match.group(), family, lemma))
    return tuple(words)
