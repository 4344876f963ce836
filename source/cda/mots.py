"""Les termes de règle des Clefs de l'Aube: les mots du jeu dont un seul changé change la règle.

Each family holds rivals: one written for another (« (Ph) » for « (Me) »,
« blessure grave » for « blessure légère ») is a rule changed. They come from
the rules module, so that the check and the rules name the same things.
"""

from __future__ import annotations

from .rules import actions, personnages, sante


def _familles() -> dict[str, dict[str, list[str]]]:
    aspects = {nom: [nom, abrege] for abrege, nom in personnages.ASPECTS.items()}
    moyens = {nom: [nom, abrege] for abrege, nom in personnages.MOYENS.items()}
    moyens["Résistance"].append("Rs")  # the book also abbreviates it Rs (« Pu/Rs »)
    niveaux = {niveau: [niveau] for niveau in personnages.NIVEAUX_DE_CONNAISSANCE}
    # « normale » alone is every other sentence's adjective: the labels that say a level.
    difficultes = {
        difficulte: [difficulte]
        for difficulte in actions.DIFFICULTES
        if " " in difficulte or difficulte == "légendaire"
    }
    gravites = {
        gravite: [f"blessure {gravite}", f"blessures {gravite}s".replace("ss", "s")]
        for gravite in sante.GRAVITES
    }
    return {
        "aspect": aspects,
        "moyen": moyens,
        "niveau de connaissance": niveaux,
        "difficulté": difficultes,
        "gravité": gravites,
    }


TERMES = _familles()
"""Famille -> terme -> les formes que le livre écrit."""
