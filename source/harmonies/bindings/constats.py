"""Reading the text without accounting for it: numbers at a pattern, the terms of a formula.

What a binding reads here it then holds against the rules with `Check.claim`
or `Check.affirm`: the numbers a claim is about, so that its finding's id
names them; the signed terms of « Niveau+BP+FP-FF », so that the formula can
be compared with the rules'.
"""

from __future__ import annotations

import re

from build_tools.game import Check, compile_pattern


def trouver(check: Check, phrase: str | re.Pattern) -> re.Match:
    """The first unconsumed match of `phrase` in the passage, where the binding reads it
    (`Check.match`: a rule word of it said otherwise is read there); stale if there is none."""
    return check.match(phrase)


def lu(check: Check, motif: str) -> str:
    """What the text says at the holes of `motif` (first unconsumed match), without consuming it.

    A ledger entry is matched by id: a claim whose key ends with the numbers
    it reads stands for that wrong number only; if the text comes to say
    another wrong number, the entry goes stale and the new one is new.
    """
    return " ".join(trouver(check, compile_pattern(motif)).groups())


TERME = re.compile(r"([+\-±]?)\s*(d10°|[A-Za-zé]+)")


def termes_de_la_formule(formule: str) -> dict[str, str]:
    """« Niveau+BP+FP-FF » → {'Niveau': '+', 'BP': '+', 'FP': '+', 'FF': '-'}."""
    return {nom: signe or "+" for signe, nom in TERME.findall(formule)}


def formule(termes: dict[str, str]) -> str:
    """{'Niveau': '+', 'FF': '-'} → « Niveau-FF », as the book writes a formula."""
    texte = "".join(f"{signe}{nom}" for nom, signe in termes.items())
    return texte[1:] if texte.startswith("+") else texte
