"""Les termes de règle de Harmonies: les mots du jeu dont un seul changé change la règle.

Each family holds rivals: an adverb for another (« Peu » for « Très »), a
degree of damage for another (« éraflure » for « blessure grave »), one
Facteur for another (« FD » for « FF »).
"""

from __future__ import annotations

from .rules import combat

_NOMS_DES_FACTEURS = {
    "FF": ["Facteur de Finesse", "Facteur Finesse"],
    "FD": ["Facteur de Dommages"],
    "FR": ["Facteur de Rapidité"],
    "FP": ["Facteur de Parade"],
}

TERMES = {
    "adverbe": {adverbe: [adverbe] for adverbe in combat.ADVERBES if adverbe.isalpha()},
    "degré de dommage": {
        nom: [nom, nom[0].upper() + nom[1:]]
        for nom in ("sonné", "éraflure", "blessure légère", "blessure grave", "blessure critique")
    },
    "facteur": {
        abrege: [abrege, *_NOMS_DES_FACTEURS.get(abrege, [])] for abrege in combat.FACTEURS
    },
}
"""Famille -> terme -> les formes que le livre écrit."""
