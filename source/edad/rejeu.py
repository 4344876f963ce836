"""A fight of the book replayed on the rules' queue, and compared with every order it prints.

The binding of the example reads the fight as the book tells it: who has the
hand, what he does, who falls asleep or leaves the fight. `Rejeu` applies each
action to the queue of the rules (`rules.file`), then compares the result with
the next « L'ordre est : … » of the text:

- the order of the combatants and their marks (« * » asleep, a réactivité or
  none) must be the rules' order: a difference is one erratum for the line;
- each réactivité printed is claimed against the rules' value, except the first
  one printed for a combatant, which gives his intelligence (Int = 10 × gain).

Each action starts from the order the book printed before it and, when that
line was reported, from the rules' own queue too: a line agreeing with either is
right. So one wrong line is reported once, and a story that goes another way
than the rules (someone else leaving the queue) is reported where it does.
Every number of the lines (the « 3 » of « G3 », the « 1,6 » of « (1,6) ») is
given or claimed, so the coverage of the example is complete.

Each action's steps are kept apart (`Check.working()`): the claims of the line
after it (its réactivités, its order) rest on that action's steps, on the
queue the line is compared with, and on no other action's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from build_tools.game import Check, Working, note

from .mots import chercher, signaler
from .rules import file as regles
from .rules.file import Combattant, File

JETON = re.compile(r"([A-Z])(\d+)(\*?)(?:\((\d+(?:,\d+)?)\s*\))?")
"""A combatant as a queue line writes him: « G2*(1,8 ) » is G2, asleep, with 1,8."""

NOM = r"[A-Z](\d+)"
"""A combatant's name in a pattern of `Rejeu`: its letter is read, its number is the hole."""

NOM_ENTIER = r"([A-Z]\d+)"
"""A combatant's name as the words of an erratum: the whole name, « G5 »."""


@dataclass(frozen=True)
class Jeton:
    """One combatant of a queue line of the book, and where his number is in the passage."""

    nom: str
    endormi: bool
    reactivite: Fraction | None
    debut_du_nombre: int


def motif(texte: str, commentaire: str, nom: str = NOM) -> re.Pattern:
    """The words of `texte`, where each « {nom} » is a combatant whose number is a hole.

    The comment names the claim: the engine keys a finding on the pattern's text.
    """
    morceaux = [
        r"\s+".join(re.escape(mot) for mot in partie.split(" ")) for partie in texte.split("{nom}")
    ]
    return re.compile(f"(?#{commentaire})" + nom.join(morceaux))


class Rejeu:
    """The queue of a fight, action after action, against the book's lines."""

    def __init__(self, check: Check, introduction: str) -> None:
        self.check = check
        self.actions = 0
        self.action = Working()
        """The steps of the action being played, on the book's queue."""
        self.action_selon_les_regles = Working()
        """The same action's steps on the rules' own queue, while there is one."""
        self.connus: dict[str, Combattant] = {}
        """The last state of every combatant met, by name, out of the queue too."""
        jetons, _ = self._lire_la_ligne(introduction, "file initiale")
        self.file = self._file_du_livre(jetons, File(()))
        self.avant = self._reactivites(self.file)
        """Each combatant's réactivité before the action being played."""
        self.variante: File | None = None
        """The rules' own queue, while the book's last line differs from it."""
        self.tue: tuple[str, re.Match, File, list] | None = None
        """Who the text says is killed in the action being played, the words that say so, the
        queue before, and the action's moves from his fall on (`tuer`)."""

    # -- the narration ------------------------------------------------------

    def nom_donne(self, texte: str, commentaire: str) -> str:
        """The combatant `texte` names, read as given (a target, someone named in passing)."""
        forme = motif(texte, commentaire)
        lettre = self._lettre(forme)
        return f"{lettre}{self.check.given(forme)}"

    def claim_du_nom(
        self, texte: str, commentaire: str, attendu: str, *, travail: Working | None = None
    ) -> bool:
        """The combatant `texte` names is `attendu`, as the rules give (from `travail`)."""
        forme = motif(texte, commentaire)
        lettre = self._lettre(forme)
        if lettre == attendu[0]:
            return self.check.claim(forme, int(attendu[1:]), working=travail)
        return self.check.claim(forme, attendu, working=travail)

    def a_la_main(self, texte: str) -> bool:
        """The one `texte` names is the head of the queue, who has the hand.

        The book's previous line says who it is: no step of the rules is its working.
        """
        return self.claim_du_nom(
            texte, f"action {self.actions + 1}: qui agit", self.file.premier.nom, travail=Working()
        )

    def tuer(self, texte: str, commentaire: str) -> str:
        """The one `texte` names is killed: he leaves the queue. When the next order is the
        rules' with another one gone, the name is the erratum (`comparer`)."""
        nomme = chercher(self.check, motif(texte, commentaire, NOM_ENTIER))
        nom = self.nom_donne(texte, commentaire)
        self.tue = (nom, nomme, self.file, [])
        self.quitter(nom)
        return nom

    def endormir(self, nom: str) -> None:
        self._appliquer(regles.endormir, nom)

    def quitter(self, nom: str) -> None:
        with self.check.working() as pas:
            note(
                f"{nom} est hors de combat: il quitte la file avant que l'action ne décale personne"
            )
        self.action += pas
        if self.variante is not None:
            self.action_selon_les_regles += pas
        self._appliquer(regles.quitter_la_file, nom)

    def selon(self, regle, *arguments):
        """What a rule says of the action being played (the kind of action a feat makes of an
        attack, the cost of a spell): its steps are part of the action's working."""
        with self.check.working() as pas:
            resultat = regle(*arguments)
        self.action += pas
        if self.variante is not None:
            self.action_selon_les_regles += pas
        return resultat

    def agir(self, action: str) -> None:
        """The head of the queue does `action` (« simple » or « complexe »)."""
        self._appliquer(regles.action_du_premier, action)

    def devant(self, nom: str, acteur: str) -> bool:
        """`nom` is in front of `acteur` in the queue, so gained nothing from his move."""
        return self.file.position(nom) < self.file.position(acteur)

    def _appliquer(self, regle, argument) -> None:
        if self.tue is not None:
            self.tue[3].append((regle, argument))
        with self.check.working() as pas:
            self.file = regle(self.file, argument)
        self.action += pas
        if self.variante is not None:
            with self.check.working() as pas:
                self.variante = regle(self.variante, argument)
            self.action_selon_les_regles += pas

    # -- the lines « L'ordre est : … » ----------------------------------------

    def comparer(self, introduction: str = "L'ordre est :") -> None:
        """Compare the next line of the book with the rules' queue, then go on from the book's.

        The queue the rules give starts from the book's previous line; when that
        line was itself reported, the rules' own queue is tried too, so that one
        wrong line is reported once and a wrong story (someone else leaving the
        queue) is reported where it happens.
        """
        self.actions += 1
        jetons, ligne = self._lire_la_ligne(introduction, f"file après l'action {self.actions}")
        forme_du_livre = [(j.nom, j.endormi, j.reactivite is not None) for j in jetons]
        candidates = [(self.file, self.action)]
        if self.variante is not None:
            candidates.append((self.variante, self.action_selon_les_regles))
        retenue = next((c for c in candidates if self._forme(c[0]) == forme_du_livre), None)
        if retenue is None and (autre := self._autre_victime(forme_du_livre)) is not None:
            retenue = autre  # the line is right: the name of the one killed is not
        selon, travail = retenue or candidates[0]
        recuperes: dict[str, Combattant] = {}
        for jeton in jetons:
            if jeton.reactivite is not None:
                self._reactivite(jeton, selon, recuperes, travail)
        selon = File(tuple(recuperes.get(c.nom, c) for c in selon.combattants))
        if retenue is None:
            signaler(
                self.check,
                ligne,
                f"le texte dit que la file est « {' '.join(ligne.group(1).split())} », "
                f"les règles donnent « {selon} »",
                f"file après l'action {self.actions}",
                groupe=1,
                travail=travail,
                attendu=str(selon),
                trouve=ligne.group(1),
                lire=str(selon),
                # the book's next lines follow its own queue: this line corrected alone
                # would make them wrong (a patch of the story, not of a line)
                a_la_main="the story after it follows the queue the book prints (who acts "
                "next, who is killed later): corrected alone this line would contradict it, "
                "and the rules do not choose the story's later actions",
            )
        self.file = self._file_du_livre(jetons, selon, recuperes)
        self.variante = None if retenue is not None else selon
        self.tue = None
        self.action, self.action_selon_les_regles = Working(), Working()
        self.avant = self._reactivites(self.file)

    def _autre_victime(self, forme: list) -> tuple[File, Working] | None:
        """When the order the book prints next (`forme`) is the rules' with another one
        killed than the one the text names, that name is an erratum, reported at its words
        and read as the order has it; the rules' queue for him, and its steps."""
        if self.tue is None:
            return None
        nom, nomme, avant, coups = self.tue
        for autre in avant.noms:
            if autre in (nom, avant.premier.nom):
                continue
            with self.check.working() as pas:
                note(f"{autre} est hors de combat: il quitte la file")
                file = avant
                for regle, argument in coups:
                    tombe = regle is regles.quitter_la_file and argument == nom
                    file = regle(file, autre if tombe else argument)
            if self._forme(file) != forme:
                continue
            signaler(
                self.check,
                nomme,
                f"le texte dit {nom}, l'ordre qui suit donne {autre} hors de combat "
                f"(il a quitté la file, {nom} y est toujours)",
                f"action {self.actions}: tué",
                groupe=1,
                travail=pas,
                attendu=autre,
                trouve=nom,
                lire=autre,
            )
            return file, pas
        return None

    @staticmethod
    def _reactivites(file: File) -> dict[str, Fraction]:
        return {c.nom: c.reactivite for c in file.combattants if c.intelligence is not None}

    def _connu(self, nom: str, selon: File) -> Combattant:
        if nom in selon.noms:
            return selon.combattant(nom)
        return self.connus.get(nom) or Combattant(nom)

    def _reactivite(
        self, jeton: Jeton, selon: File, recuperes: dict[str, Combattant], travail: Working
    ) -> None:
        """Claim one réactivité of the line (on the steps of the action, `travail`), or read an
        intelligence from the first one."""
        valeur = re.compile(
            f"(?#réactivité de {jeton.nom} après l'action {self.actions})"
            f"(?<={re.escape(jeton.nom)}{'[*]' if jeton.endormi else ''})"
            r"\((\d+(?:,\d+)?)\s*\)"
        )
        combattant = self._connu(jeton.nom, selon)
        if combattant.intelligence is not None:
            self.check.claim(valeur, combattant.reactivite, working=self._sien(combattant, travail))
            return
        lue = self.check.given(valeur)
        if combattant.gains:
            # read from the text, not claimed: no claim of the line rests on it
            with self.check.working():
                intelligence = regles.intelligence_d_apres_la_reactivite(lue, combattant.gains)
            recuperes[jeton.nom] = replace(combattant, intelligence=intelligence, reactivite=lue)

    def _sien(self, combattant: Combattant, travail: Working) -> Working:
        """The action's steps that make `combattant`'s réactivité: his own gain, not the others',
        and the sum it makes (« réactivité de G5 = 1 + 0,6 = 1,6 »)."""
        gain = regles.gain_de_reactivite.citation
        avant = self.avant.get(combattant.nom)
        a_gagne = avant is None or combattant.reactivite > avant
        sien = Working(
            step
            for step in travail
            if step.citation is not gain
            or (a_gagne and step.arguments.get("intelligence") == combattant.intelligence)
        )
        if avant is not None and a_gagne:
            with self.check.working() as somme:
                note(
                    f"réactivité de {combattant.nom} = {regles.en_virgule(avant)} + "
                    f"{regles.en_virgule(combattant.reactivite - avant)} = "
                    f"{regles.en_virgule(combattant.reactivite)}"
                )
            sien += somme
        return sien

    def _forme(self, file: File) -> list[tuple[str, bool, bool]]:
        """What a line shows besides the values: who, in which order, asleep, with réactivité."""
        return [(c.nom, c.endormi, bool(c.gains or c.reactivite)) for c in file.combattants]

    def _file_du_livre(
        self, jetons: list[Jeton], selon: File, recuperes: dict[str, Combattant] | None = None
    ) -> File:
        """The book's queue, each combatant as the rules know him (the book's marks kept)."""
        combattants = []
        for jeton in jetons:
            connu = (recuperes or {}).get(jeton.nom) or self._connu(jeton.nom, selon)
            if jeton.reactivite is not None and connu.intelligence is None and not connu.gains:
                # a value where the rules gave no gain: the line is reported; keep the book's
                connu = replace(connu, reactivite=jeton.reactivite)
            combattants.append(replace(connu, endormi=jeton.endormi))
        for combattant in (*selon.combattants, *combattants):
            self.connus[combattant.nom] = combattant
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
