"""Words of the book that `Check.given` and `Check.claim` cannot read: names, kinds of action.

The engine's patterns read numbers only. Edad's checks also turn on words: the
name of a feat or a skill, « action simple » or « action complexe », the order
of a queue. This module reads them from a passage and reports, as an erratum at
the words with the working so far, a statement the rules contradict. A phrase
no longer in the text is a stale binding, as for a number pattern.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from build_tools.game import Check

from .rules import file, personnage

TERMES = {
    "caractéristique": {nom: [nom, abrege] for abrege, nom in personnage.CARACTERISTIQUES.items()},
    "action": {sorte: [f"action {sorte}", f"actions {sorte}s"] for sorte in file.ACTIONS},
}
"""Les termes de règle d'Edad: famille -> terme -> les formes que le livre écrit."""


def chercher(check: Check, motif: str | re.Pattern) -> re.Match:
    """The first match of `motif` (a regular expression) in the passage; stale if none."""
    # The words read here go to the rules (a feat's name, a kind of action): claimed.
    return check.find(re.compile(motif) if isinstance(motif, str) else motif)


def lire(check: Check, motif: str | re.Pattern) -> str:
    """The words the first group of `motif` matches in the passage."""
    return chercher(check, motif).group(1)


def signaler(
    check: Check,
    match: re.Match,
    message: str,
    cle: str,
    *,
    groupe: int = 0,
    depuis: int = 0,
    travail: list | None = None,
    attendu: object = None,
    trouve: object = None,
    lire: str = "",
    a_la_main: str = "",
) -> None:
    """Report, as an erratum at `match` (its `groupe`), a statement the rules contradict.

    `depuis` is the first step of the binding's trace that belongs to the working, or
    `travail` the steps it rests on; `lire`, what the book should say there; `a_la_main`, why
    no patch may write it by itself.
    """
    check.erratum(
        match.span(groupe),
        message,
        cle,
        expected=attendu,
        found=trouve,
        since=depuis,
        quoted=match.span(),
        working=travail,
        reads=lire,
        by_hand=a_la_main,
    )


def dire(check: Check, motif: str | re.Pattern, attendu: str, cle: str, *, depuis: int = 0) -> bool:
    """The words of `motif`'s first group are `attendu`, as the rules give; else an erratum."""
    match = chercher(check, motif)
    if match.group(1) == attendu:
        return True
    signaler(
        check,
        match,
        check.said("word", found=match.group(1), given=attendu),
        cle,
        groupe=1,
        depuis=depuis,
        attendu=attendu,
        trouve=match.group(1),
        lire=attendu,
    )
    return False


# -- feat names ------------------------------------------------------------------

LECTURES_DES_DONS: dict[str, str] = {
    "Science de l'initiative": "Sens de l'initiative",
    "Arme de prédilection": "Maniement de l'arme",
    "Science l'initiative": "Sens de l'initiative",
}
"""Names the book gives feats its lists name otherwise, and the feat the rules read in their
place (`rules.dons`, « Readings where the book leaves a choice »): what a reader should read,
the correction of its erratum (the example's character file finds its passage by words this
correction keeps)."""

MENTION = re.compile(r"\b(?:[Ll]es|[Ll]e|du) dons? ?(?=[A-ZÉÈÊ])")
"""Where the book names a feat: « le don X », « du don X », « les dons X et Y », « le donX »."""

FIN_DE_NOM = re.compile(
    r"\s*(?:[,.;:()]|$)|\s+(?:associés?|est|et|qui|doit|pour|ne|n'|permet|apporte)\b"
)
"""What ends a feat's name in a sentence: punctuation, or the next word of the sentence."""

SUITE_DE_NOMS = re.compile(r" et (?=[A-ZÉÈÊ])")


@dataclass(frozen=True)
class Mention:
    """A feat named in a passage: the name as written, and where it is in the passage's text."""

    nom: str
    debut: int
    fin: int


def mentions_de_dons(texte: str) -> Iterator[Mention]:
    """Every feat the text names after « don » or « dons », in order."""
    for mention in MENTION.finditer(texte):
        position = mention.end()
        while True:
            fin = FIN_DE_NOM.search(texte, position)
            fin_du_nom = fin.start() if fin else len(texte)
            yield Mention(texte[position:fin_du_nom], position, fin_du_nom)
            suite = SUITE_DE_NOMS.match(texte, fin_du_nom)
            if suite is None:
                break
            position = suite.end()


def mention_en_match(texte: str, mention: Mention) -> re.Match:
    """A match object spanning `mention`, for `signaler`."""
    return re.compile(re.escape(mention.nom)).match(texte, mention.debut)
