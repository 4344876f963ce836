"""La feuille de personnage de {{ title }}: une compétence, et le total d'un jet moyen."""

from __future__ import annotations

from build_tools.game import Box, Description, Group

from . import jets

FICHE = Description(
    title="{{ title }} — feuille de personnage",
    header=(Box("nom", "Nom du personnage", type=str, width=6, required=True),),
    sections=(
        Group(
            "jet",
            "Le jet",
            (
                Box("competence", "Compétence", "C", minimum=0, maximum=20, required=True),
                Box(
                    "total_moyen",
                    "Total d'un jet de 10",
                    "T",
                    formula="T = 10 + C",
                    cites="ajoute sa compétence au résultat",
                ),
            ),
        ),
    ),
    check=lambda personnage: [],
    compute=lambda personnage: {"jet.total_moyen": jets.total(10, personnage["jet"]["competence"])},
)
