"""How the Edad bindings read feat names in a sentence: « le don X », « les dons X et Y »."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "source"))

from edad.mots import mentions_de_dons  # noqa: E402


@pytest.mark.parametrize(
    "phrase, noms",
    [
        (
            "plus d'autres bonus (comme celui issu du don Science de l'initiative) et",
            ["Science de l'initiative"],
        ),
        ("et le don Science l'initiative (bonus de +4) aura", ["Science l'initiative"]),
        ("J1 possède le don Epée longue rapide, et va donc", ["Epée longue rapide"]),
        ("Le donTir en mouvement est disponible sans condition", ["Tir en mouvement"]),
        (
            "à condition d'avoir les dons Incantation silencieuse et Incantation statique, et",
            ["Incantation silencieuse", "Incantation statique"],
        ),
        (
            "avec deux armes à une main et les dons Maniement de l'arme associés",
            ["Maniement de l'arme"],
        ),
        (
            "qu'il a le don Robustesse n-1 (tout le monde a le don Robustesse 0, qui",
            ["Robustesse n-1", "Robustesse 0"],
        ),
        ("Les dons coûtent cinq points de karma", []),
        ("les dons d'attaque rapide sont précieux", []),
    ],
)
def test_feat_names_in_a_sentence(phrase, noms):
    assert [mention.nom for mention in mentions_de_dons(phrase)] == noms


def test_a_mention_knows_where_it_is():
    phrase = "avoir le don Port des boucliers, et donne"
    (mention,) = mentions_de_dons(phrase)
    assert phrase[mention.debut : mention.fin] == "Port des boucliers"
