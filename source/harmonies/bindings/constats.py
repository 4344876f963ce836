"""Statements the text makes in words or symbols, held against the rules like numbers.

`Check.claim` compares numbers only. The chapters also say things in words
(« soit une éraflure », « David évite le coup ») and in symbols (the formula
« Niveau+BP+FP-FF », « FD = +N, FF = +N »); a statement the rules contradict
is reported here the way a wrong number is: an erratum at the phrase, with the
working since the binding's last claim. A phrase that is no longer in the
text is a stale binding, never a pass.
"""

from __future__ import annotations

import re

from build_tools.checking.binder import Check, Claim, StaleBinding
from build_tools.checking.passage import compile_pattern
from build_tools.diagnostics import Finding


def trouver(check: Check, phrase: str | re.Pattern) -> re.Match:
    """The first unconsumed match of `phrase` in the passage; stale if there is none."""
    match = check.passage.search(compile_pattern(phrase))
    if match is None:
        raise StaleBinding(phrase if isinstance(phrase, str) else phrase.pattern)
    return match


def affirmer(
    check: Check,
    phrase: str | re.Pattern,
    tenu: bool,
    selon_les_regles: str,
    *,
    groupe: int = 0,
    cle: str | None = None,
) -> bool:
    """The text states `phrase`; the rules hold it (`tenu`) or give `selon_les_regles` instead.

    `groupe` narrows what is reported to one group of a regular expression
    (the label in a row, not the whole row); `cle` names the finding when the
    phrase is a regular expression.
    """
    match = trouver(check, phrase)
    dit, debut, fin = match.group(groupe), match.start(groupe), match.end(groupe)
    # The working shown is what a claim would show: the rule calls since the last claim.
    working = [str(step) for step in check.trace.since(getattr(check, "_mark", 0))]
    check._mark = len(check.trace.steps)
    check.claims.append(Claim(dit, (dit,), (dit if tenu else selon_les_regles,), tenu, working))
    if tenu:
        return True
    gauche = max(0, debut - 40)
    check.findings.append(
        Finding(
            "error",
            "erratum",
            f"the text says « {dit} », the rules give {selon_les_regles}",
            file=check.passage.file,
            line=check.passage.line_at(debut),
            column=check.passage.column_at(debut, dit.split(" ")[0]),
            where=check.where,
            text=("…" if gauche else "") + check.passage.text[gauche : fin + 40] + "…",
            key=cle or (phrase if isinstance(phrase, str) else phrase.pattern),
            derivation=working,
        )
    )
    return False


TROU = r"([^ /|%),]*[^ /|%),.])"
"""A hole that reads a number up to the next separator, and leaves no letter in a finding's id."""


def nomme(motif: str, nom: str) -> re.Pattern:
    """`motif` (literal text, single spaces, `{}` holes) as a pattern whose finding id is `nom`.

    A finding's id ends with its pattern; cells or rows read with the same
    pattern would share an id, and a ledger entry could then stand for
    another defect. The name goes into the pattern as a regex comment, and
    the holes are written so that the id shows the name and the literal words.
    """
    litteraux = (re.escape(piece).replace("\\ ", " ") for piece in motif.split("{}"))
    return re.compile(f"(?#{nom})" + TROU.join(litteraux))


def nomme_avec_ce_qui_est_lu(check: Check, motif: str, nom: str) -> re.Pattern:
    """`nomme(motif, nom)`, the name ending with what the text says at the holes.

    A ledger entry is matched by id: naming a claim after the numbers it reads
    means that an entry stands for that wrong number only; if the text comes
    to say another wrong number, the entry goes stale and the new one is new.
    """
    lu = trouver(check, nomme(motif, nom)).groups()
    return nomme(motif, f"{nom} lu {' '.join(lu)}")


TERME = re.compile(r"([+\-±]?)\s*(d10°|[A-Za-zé]+)")


def termes_de_la_formule(formule: str) -> dict[str, str]:
    """« Niveau+BP+FP-FF » → {'Niveau': '+', 'BP': '+', 'FP': '+', 'FF': '-'}."""
    return {nom: signe or "+" for signe, nom in TERME.findall(formule)}


def formule(termes: dict[str, str]) -> str:
    """{'Niveau': '+', 'FF': '-'} → « Niveau-FF », as the book writes a formula."""
    texte = "".join(f"{signe}{nom}" for nom, signe in termes.items())
    return texte[1:] if texte.startswith("+") else texte
