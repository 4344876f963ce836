"""La feuille de personnage de {{ title }}: une compétence, et le total d'un jet moyen."""

from __future__ import annotations

from build_tools.render.sheets_model import Case, Description, Groupe

from . import jets

FICHE = Description(
    titre="{{ title }} — feuille de personnage",
    entete=(Case("nom", "Nom du personnage", type=str, largeur=6, requise=True),),
    sections=(
        Groupe(
            "jet",
            "Le jet",
            (
                Case("competence", "Compétence", "C", minimum=0, maximum=20, requise=True),
                Case(
                    "total_moyen",
                    "Total d'un jet de 10",
                    "T",
                    formule="T = 10 + C",
                    source="ajoute sa compétence au résultat",
                ),
            ),
        ),
    ),
    verifier=lambda personnage: [],
    calculer=lambda personnage: {
        "jet.total_moyen": jets.total(10, personnage["jet"]["competence"])
    },
)
