"""A fight of the book replayed on the rules' queue, and compared with every order it prints.

The binding of the example reads the fight as the book tells it: who has the
hand, what he does, who falls asleep or leaves the fight. `Rejeu` applies each
action to the queue of the rules (`rules.file`), then compares the result with
the next « L'ordre est : … » of the text:

- the order of the combatants and their marks (« * » asleep, a réactivité or
  none) must be the rules' order: a difference is one erratum for the line;
- each réactivité printed is claimed against the rules' value, except the first
  one printed for a combatant, which gives his intelligence (Int = 10 × gain).

Each action starts from the order the book printed before it, so that one wrong
line of the book is reported once, not again at every line after it. Every
number of the lines (the « 3 » of « G3 », the « 1,6 » of « (1,6) ») is given
or claimed, so the coverage of the example is complete.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from build_tools.checking.binder import Check
from build_tools.checking.rule import note

from .mots import chercher, signaler
from .rules import file as regles
from .rules.file import Combattant, File

JETON = re.compile(r"([A-Z])(\d+)(\*?)(?:\((\d+(?:,\d+)?)\s*\))?")
"""A combatant as a queue line writes him: « G2*(1,8 ) » is G2, asleep, with 1,8."""

NOM = r"[A-Z](\d+)"
"""A combatant's name in a pattern of `Rejeu`: its letter is read, its number is the hole."""


@dataclass(frozen=True)
class Jeton:
    """One combatant of a queue line of the book, and where his number is in the passage."""

    nom: str
    endormi: bool
    reactivite: Fraction | None
    debut_du_nombre: int


def motif(texte: str, commentaire: str) -> re.Pattern:
    """The words of `texte`, where each « {nom} » is a combatant whose number is a hole.

    The comment names the claim: the engine keys a finding on the pattern's text.
    """
    morceaux = [
        r"\s+".join(re.escape(mot) for mot in partie.split(" ")) for partie in texte.split("{nom}")
    ]
    return re.compile(f"(?#{commentaire})" + NOM.join(morceaux))


class Rejeu:
    """The queue of a fight, action after action, against the book's lines."""

    def __init__(self, check: Check, introduction: str) -> None:
        self.check = check
        self.actions = 0
        self.debut_de_l_action = len(check.trace.steps)
        self.combattants: dict[str, Combattant] = {}
        self.file = File(())
        jetons, _ = self._lire_la_ligne(introduction, "file initiale")
        self.file = self._file_du_livre(jetons)

    # -- the narration ------------------------------------------------------

    def nom_donne(self, texte: str, commentaire: str) -> str:
        """The combatant `texte` names, read as given (a target, someone named in passing)."""
        forme = motif(texte, commentaire)
        lettre = self._lettre(forme)
        return f"{lettre}{self.check.given(forme)}"

    def claim_du_nom(self, texte: str, commentaire: str, attendu: str) -> bool:
        """The combatant `texte` names is `attendu`, as the rules give."""
        forme = motif(texte, commentaire)
        lettre = self._lettre(forme)
        if lettre == attendu[0]:
            return self.check.claim(forme, int(attendu[1:]))
        return self.check.claim(forme, attendu)

    def a_la_main(self, texte: str) -> bool:
        """The one `texte` names is the head of the queue, who has the hand."""
        return self.claim_du_nom(
            texte, f"action {self.actions + 1}: qui agit", self.file.premier.nom
        )

    def endormir(self, nom: str) -> None:
        self.file = regles.endormir(self.file, nom)

    def quitter(self, nom: str) -> None:
        note(f"{nom} est hors de combat: il quitte la file avant que l'action ne décale personne")
        self.file = regles.quitter_la_file(self.file, nom)

    def agir(self, action: str) -> None:
        """The head of the queue does `action` (« simple » or « complexe »)."""
        self.file = regles.action_du_premier(self.file, action)
        self.combattants.update((c.nom, c) for c in self.file.combattants)

    def devant(self, nom: str, acteur: str) -> bool:
        """`nom` is in front of `acteur` in the queue, so gained nothing from his move."""
        return self.file.position(nom) < self.file.position(acteur)

    # -- the lines « L'ordre est : … » ----------------------------------------

    def comparer(self, introduction: str = "L'ordre est :") -> None:
        """Compare the next line of the book with the rules' queue, then go on from the book's."""
        self.actions += 1
        jetons, ligne = self._lire_la_ligne(introduction, f"file après l'action {self.actions}")
        for jeton in jetons:
            if jeton.reactivite is not None:
                self._reactivite(jeton)
        # the rules' queue, with the intelligences the line has just given
        selon_les_regles = File(
            tuple(
                replace(self.combattants.get(c.nom, c), endormi=c.endormi)
                for c in self.file.combattants
            )
        )
        livre = self._file_du_livre(jetons)
        if self._forme(livre) != self._forme(selon_les_regles):
            signaler(
                self.check,
                ligne,
                f"the text says the queue is « {livre} », the rules give « {selon_les_regles} »",
                f"file après l'action {self.actions}",
                depuis=self.debut_de_l_action,
                attendu=str(selon_les_regles),
                trouve=str(livre),
            )
        self.file = livre
        self.debut_de_l_action = len(self.check.trace.steps)

    def _reactivite(self, jeton: Jeton) -> None:
        """Claim one réactivité of the line, or read an intelligence from the first one."""
        valeur = re.compile(
            f"(?#réactivité de {jeton.nom} après l'action {self.actions})"
            f"(?<={re.escape(jeton.nom)}{'[*]' if jeton.endormi else ''})"
            r"\((\d+(?:,\d+)?)\s*\)"
        )
        combattant = self.combattants.get(jeton.nom) or Combattant(jeton.nom)
        if combattant.intelligence is not None:
            self.check.claim(valeur, combattant.reactivite)
            return
        lue = self.check.given(valeur)
        if combattant.gains:
            intelligence = regles.intelligence_d_apres_la_reactivite(lue, combattant.gains)
            self.combattants[jeton.nom] = replace(
                combattant, intelligence=intelligence, reactivite=lue
            )

    def _forme(self, file: File) -> list[tuple[str, bool, bool]]:
        """What a line shows besides the values: who, in which order, asleep, with réactivité."""
        return [(c.nom, c.endormi, bool(c.gains or c.reactivite)) for c in file.combattants]

    def _file_du_livre(self, jetons: list[Jeton]) -> File:
        """The book's queue, each combatant as the rules know him (the book's marks kept)."""
        combattants = []
        for jeton in jetons:
            connu = self.combattants.get(jeton.nom) or Combattant(jeton.nom)
            if jeton.reactivite is not None and connu.intelligence is None and not connu.gains:
                # a value where the rules gave no gain: keep the book's, the line is reported
                connu = replace(connu, reactivite=jeton.reactivite)
            combattants.append(replace(connu, endormi=jeton.endormi))
            self.combattants[jeton.nom] = combattants[-1]
        return File(tuple(combattants))

    def _lire_la_ligne(self, introduction: str, commentaire: str) -> tuple[list[Jeton], re.Match]:
        """The next queue line after `introduction`; its combatants' numbers are given."""
        ligne = chercher(self.check, re.compile(re.escape(introduction) + r" ([^.]*)\."))
        jetons = [
            Jeton(
                m.group(1) + m.group(2),
                bool(m.group(3)),
                Fraction(m.group(4).replace(",", ".")) if m.group(4) else None,
                ligne.start(1) + m.start(2),
            )
            for m in JETON.finditer(ligne.group(1))
        ]
        texte = self.check.passage.text
        morceaux, position = [], ligne.start()
        for jeton in jetons:
            fin_du_nombre = jeton.debut_du_nombre + len(jeton.nom) - 1
            morceaux += [re.escape(texte[position : jeton.debut_du_nombre]), r"(\d+)"]
            position = fin_du_nombre
        morceaux.append(re.escape(texte[position : ligne.end()]))
        self.check.given(re.compile(f"(?#{commentaire})" + "".join(morceaux)))
        return jetons, ligne

    def _lettre(self, forme: re.Pattern) -> str:
        match = chercher(self.check, forme)
        return self.check.passage.text[match.start(1) - 1]
