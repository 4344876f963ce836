"""The rules of « les règles avancées » of Les Clefs de l'Aube: heroism and adjustment factors."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "source"))

from cda.rules import avance  # noqa: E402


@pytest.mark.parametrize(
    "valeur, niveau, notation", [(8, 2, "8h2"), (7, 1, "7h"), (12, 0, "12"), (15, 1, "15h")]
)
def test_notation_round_trips(valeur, niveau, notation):
    assert avance.notation_d_heroisme(valeur, niveau) == notation
    assert avance.lire_notation(notation) == (valeur, niveau)


def test_total_d_heroisme_of_legolas():
    assert avance.total_d_heroisme((1, 1), 1) == 1


@pytest.mark.parametrize(
    "ca, th, converted",
    [(23, 0, (3, 1)), (20, 0, (20, 0)), (21, 0, (1, 1)), (45, 1, (5, 3)), (12, 0, (12, 0))],
)
def test_a_ca_above_twenty_converts_into_heroism(ca, th, converted):
    assert avance.convertir_ca(ca, th) == converted


def test_a_ca_of_zero_or_less_may_be_raised():
    assert avance.relever_ca(0, 0) == (20, -1)
    assert avance.relever_ca(-25, 1) == (15, -1)
    assert avance.relever_ca(1, 0) == (1, 0)


def test_heroism_moves_the_degree_by_twenty():
    assert avance.degre_heroique(-2, 1) == 18  # °É 2 with TH 1 → °R 18
    assert avance.degre_heroique(9, -1) == -11


def test_the_heroism_scale():
    niveaux = [avance.niveau_d_heroisme_de(ligne) for ligne in avance.ECHELLE_D_HEROISME]
    assert niveaux == list(range(8))


def test_conversions_keep_the_value_over_the_heroic_scale():
    for ca in range(-60, 80):
        converted, th = avance.convertir_ca(ca, 0)
        assert converted + 20 * th == ca
        assert converted <= 20
