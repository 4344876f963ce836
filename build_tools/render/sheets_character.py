"""A character file (TOML) read, checked against its game's description and rules, and totalled.

The file's fields, their types and bounds come from the game's `Description`;
its rules then check what the bounds cannot (the moyens' sum, a feat's
prerequisites…), and compute every derived box. Each mistake is a diagnostic
naming the file, the line and the field, in French, with the place in the
book of the rule it breaks.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from build_tools.render.sheets_model import Case, Description, Erreur, Groupe, Piste, Tableau

NARROW = "\u202f"
"""The narrow no-break space French typography puts before ; ! ? and inside « »."""
COLON = "\u00a0:"


@dataclass
class Diagnostic:
    """One mistake of a character file: where, which field, what."""

    fichier: Path
    ligne: int
    champ: str
    message: str

    def astext(self) -> str:
        champ = f"{self.champ}{COLON} " if self.champ else ""
        where = f"{self.fichier}:{self.ligne}:1" if self.ligne else f"{self.fichier}"
        return f"{where}: error: {champ}{self.message}"


class PersonnageIllisible(Exception):
    """A character file that cannot give a sheet: its diagnostics."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__("\n".join(d.astext() for d in diagnostics))
        self.diagnostics = diagnostics


@dataclass
class Personnage:
    """A character read from its file: the values written, and the totals the rules derive."""

    fichier: Path
    livre: str
    valeurs: dict[str, Any]
    totaux: dict[str, Any] = field(default_factory=dict)

    def valeur(self, chemin: str) -> Any:
        """A written value or a derived total by its field (`moyens.Pu`, `armes.0.TA`)."""
        if chemin in self.totaux:
            return self.totaux[chemin]
        noeud: Any = self.valeurs
        for partie in chemin.split("."):
            if isinstance(noeud, list):
                index = int(partie)
                if index >= len(noeud):
                    return None
                noeud = noeud[index]
            elif isinstance(noeud, dict):
                if partie not in noeud:
                    return None
                noeud = noeud[partie]
            else:
                return None
        return noeud

    @property
    def nom(self) -> str:
        return str(self.valeurs.get("nom", self.fichier.stem))


def livre_du_fichier(path: Path) -> str:
    """The book a character file names (`livre = "cda"`): read before its game is known."""
    texte = _lire_texte(path)
    donnees = _toml(path, texte)
    livre = donnees.get("livre")
    if not isinstance(livre, str) or not livre:
        raise PersonnageIllisible(
            [
                Diagnostic(
                    path,
                    Lignes(texte).de("livre"),
                    "livre",
                    'le fichier doit nommer son livre (livre = "cda", "harmonies" ou '
                    '"edad" : le dossier du livre sous source/)'.replace(" :", COLON),
                )
            ]
        )
    return livre


def lire_personnage(path: Path, description: Description, citer) -> Personnage:
    """Read, check and total the character of `path`; `citer(phrase)` gives a rule's place.

    Raises `PersonnageIllisible` with every mistake found.
    """
    texte = _lire_texte(path)
    donnees = _toml(path, texte)
    lignes = Lignes(texte)
    diagnostics = [
        Diagnostic(path, lignes.de(champ), champ, message)
        for champ, message in _structure(donnees, description)
    ]
    if not diagnostics:
        for erreur in description.verifier(donnees):
            diagnostics.append(
                Diagnostic(path, lignes.de(erreur.champ), erreur.champ, _avec_source(erreur, citer))
            )
    if diagnostics:
        raise PersonnageIllisible(diagnostics)
    personnage = Personnage(path, donnees["livre"], donnees)
    personnage.totaux = description.calculer(donnees)
    return personnage


def _avec_source(erreur: Erreur, citer) -> str:
    """The message with the rule's place, typographic apostrophes throughout."""
    message = erreur.message.replace("'", "’")
    if not erreur.source:
        return message
    return f"{message} ({citer(erreur.source).replace(chr(39), '’')})"


def _lire_texte(path: Path) -> str:
    try:
        return Path(path).read_bytes().decode("utf-8")
    except OSError as error:
        raison = {
            FileNotFoundError: "le fichier n’existe pas",
            IsADirectoryError: "c’est un dossier, non un fichier",
            PermissionError: "la lecture du fichier est refusée",
        }.get(type(error), f"fichier illisible ({error.strerror or error})")
        raise PersonnageIllisible([Diagnostic(path, 0, "", raison)]) from None
    except UnicodeDecodeError as error:
        raise PersonnageIllisible(
            [Diagnostic(path, 1, "", f"le fichier n’est pas en UTF-8 (octet {error.start})")]
        ) from None


_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


def _toml(path: Path, texte: str) -> dict[str, Any]:
    try:
        return tomllib.loads(texte)
    except tomllib.TOMLDecodeError as error:
        position = _TOML_POSITION.search(str(error))
        ligne = int(position.group(1)) if position else 1
        raison = _TOML_POSITION.sub("", str(error)).strip()
        raise PersonnageIllisible(
            [Diagnostic(path, ligne, "", f"ce n’est pas du TOML valide{COLON} {raison}")]
        ) from None


# -- structure: known fields, types, bounds -----------------------------------------------


def _structure(donnees: Mapping[str, Any], description: Description):
    """(field, message) for every unknown field, wrong type, value out of bounds, missing field."""
    connus = set(FICHIER) | {case.cle for case in description.entete}
    for section in description.sections:
        if isinstance(section, Groupe) and not section.cle:
            connus |= {case.cle for case in section.cases}
        else:
            connus.add(section.cle)
    for cle in donnees:
        if cle not in connus:
            yield cle, f"champ inconnu « {cle} » (champs{COLON} {', '.join(sorted(connus))})"
    if not isinstance(donnees.get("incomplet", False), bool):
        yield "incomplet", "incomplet vaut true ou false"
    if not isinstance(donnees.get("notes", ""), str):
        yield "notes", 'les notes sont un texte entre guillemets ("""…""" sur plusieurs lignes)'
    yield from _cases(donnees, description.entete, "")
    for section in description.sections:
        if isinstance(section, Groupe):
            if not section.cle:
                yield from _cases(donnees, section.cases, "")
            elif section.cle in donnees:
                valeur = donnees[section.cle]
                if not isinstance(valeur, dict):
                    yield section.cle, f"« {section.cle} » doit être une table ([{section.cle}])"
                else:
                    yield from _inconnus(valeur, section.cases, section.cle)
                    yield from _cases(valeur, section.cases, section.cle)
            elif any(case.requise for case in section.cases):
                yield section.cle, f"il manque la table [{section.cle}] ({section.titre})"
        elif section.cle in donnees:
            yield from _tableau(donnees[section.cle], section)


def _tableau(valeur: Any, tableau: Tableau):
    if tableau.rangs:
        if not isinstance(valeur, dict):
            yield tableau.cle, f"« {tableau.cle} » doit être une table ([{tableau.cle}.…])"
            return
        rangs = dict(tableau.rangs)
        for rang, ligne in valeur.items():
            chemin = f"{tableau.cle}.{rang}"
            if rang not in rangs:
                yield chemin, f"« {rang} » inconnu (au choix{COLON} {', '.join(rangs)})"
            elif not isinstance(ligne, dict):
                yield chemin, f"« {chemin} » doit être une table ([{chemin}])"
            else:
                yield from _inconnus(ligne, tableau.colonnes, chemin)
                yield from _cases(ligne, tableau.colonnes, chemin)
        return
    if not isinstance(valeur, list) or not all(isinstance(ligne, dict) for ligne in valeur):
        yield tableau.cle, f"« {tableau.cle} » doit être une liste de tables ([[{tableau.cle}]])"
        return
    for index, ligne in enumerate(valeur):
        chemin = f"{tableau.cle}.{index}"
        yield from _inconnus(ligne, tableau.colonnes, chemin)
        yield from _cases(ligne, tableau.colonnes, chemin)


def _inconnus(valeur: Mapping[str, Any], cases, chemin: str):
    connues = {case.cle: case for case in cases}
    for cle in valeur:
        if cle not in connues:
            ecrites = ", ".join(c.cle for c in cases if not c.derivee)
            yield f"{chemin}.{cle}", f"champ inconnu « {cle} » (champs{COLON} {ecrites})"
        elif connues[cle].derivee:
            case = connues[cle]
            yield (
                f"{chemin}.{cle}",
                f"{case.etiquette} est un total calculé par les règles ({case.formule}){COLON} "
                "il ne s’écrit pas dans le fichier",
            )


def _cases(valeur: Mapping[str, Any], cases, chemin: str):
    for case in cases:
        if case.derivee:
            continue
        champ = f"{chemin}.{case.cle}" if chemin else case.cle
        if case.cle not in valeur:
            if case.requise:
                yield champ, f"il manque {case.nom} ({case.cle} = …)"
            continue
        yield from _valeur(valeur[case.cle], case, champ)


def _valeur(valeur: Any, case: Case | Piste, champ: str):
    if case.type is int:
        if isinstance(valeur, bool) or not isinstance(valeur, int):
            yield champ, f"{case.etiquette} doit être un nombre entier, pas {_montre(valeur)}"
            return
        bas, haut = case.minimum, case.maximum
        if (bas is not None and valeur < bas) or (haut is not None and valeur > haut):
            yield champ, f"{case.etiquette} vaut {_signe(valeur)}{NARROW}; " + _bornes(bas, haut)
        return
    if not isinstance(valeur, str):
        yield champ, f"{case.etiquette} doit être un texte entre guillemets, pas {_montre(valeur)}"
        return
    if case.choix and valeur not in case.choix:
        choix = ", ".join(f"« {c} »" for c in case.choix)
        yield champ, f"{case.etiquette} « {valeur} » n’existe pas (au choix{COLON} {choix})"


def _bornes(bas: int | None, haut: int | None) -> str:
    if bas is not None and haut is not None:
        return f"il va de {_signe(bas)} à {_signe(haut)}"
    if bas is not None:
        return f"il vaut au moins {_signe(bas)}"
    return f"il vaut au plus {_signe(haut)}"


def _signe(nombre: int) -> str:
    """A number as French print writes it: a true minus sign."""
    return str(nombre).replace("-", "−")


def _montre(valeur: Any) -> str:
    if isinstance(valeur, bool):
        return "un booléen"
    if isinstance(valeur, str):
        return f"le texte « {valeur} »"
    if isinstance(valeur, float):
        return f"le nombre à virgule {str(valeur).replace('-', '−').replace('.', ',')}"
    if isinstance(valeur, list):
        return "une liste"
    if isinstance(valeur, dict):
        return "une table"
    return repr(valeur)


# -- where each field is written ------------------------------------------------------------

_ENTETE = re.compile(r"^\s*\[(\[)?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_CLE = re.compile(r"""^\s*("[^"]*"|'[^']*'|[A-Za-z0-9_\-]+)\s*=""")


FICHIER = {
    "livre": "the book's folder under source/ (cda, harmonies, edad)",
    "notes": "free text, printed in the sheet's Notes box",
    "incomplet": "true for a character of the book's examples that its text gives only in part: "
    "its game then skips the creation counts, not the bounds",
}
"""The fields of every character file, whatever its game."""


class Lignes:
    """The line of each field of a TOML text: `moyens.Pu`, `armes.1.BA` (arrays counted)."""

    def __init__(self, texte: str):
        self.lignes: dict[str, int] = {}
        prefixe = ""
        tableaux: dict[str, int] = {}
        for numero, ligne in enumerate(texte.splitlines(), 1):
            entete = _ENTETE.match(ligne)
            if entete:
                nom = ".".join(p.strip().strip("\"'") for p in entete.group(2).split("."))
                if entete.group(1):
                    tableaux[nom] = tableaux.get(nom, -1) + 1
                    nom = f"{nom}.{tableaux[nom]}"
                prefixe = nom
                parties = nom.split(".")
                for fin in range(1, len(parties) + 1):
                    self.lignes.setdefault(".".join(parties[:fin]), numero)
                continue
            cle = _CLE.match(ligne)
            if cle:
                nom = cle.group(1).strip("\"'")
                self.lignes.setdefault(f"{prefixe}.{nom}" if prefixe else nom, numero)

    def de(self, champ: str) -> int:
        """The line of `champ`, else of the nearest table that holds it, else 1."""
        parties = champ.split(".")
        while parties:
            chemin = ".".join(parties)
            if chemin in self.lignes:
                return self.lignes[chemin]
            parties.pop()
        return 1
