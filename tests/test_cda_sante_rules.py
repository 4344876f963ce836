"""The rules of « la santé » of Les Clefs de l'Aube, against the book and brute force."""

import sys
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "source"))

from cda.rules import sante  # noqa: E402
from cda.rules.sante import Blessures  # noqa: E402


@pytest.mark.parametrize(
    "dommages, blessure, fatigue, limite",
    [
        (-7, "aucune", 0, 0),
        (0, "aucune", 0, 0),
        (1, "étourdi", 0, 0),
        (5, "étourdi", 0, 0),
        (6, "sonné", 1, 0),
        (10, "sonné", 1, 0),
        (11, "légère", 3, 1),
        (19, "légère", 3, 1),  # Björn's wound in the combat example
        (20, "légère", 3, 1),
        (21, "grave", 5, 3),
        (30, "grave", 5, 3),
        (31, "critique", 10, 5),
        (40, "critique", 10, 5),
        (41, "fatale", 20, 10),
        (400, "fatale", 20, 10),
    ],
)
def test_table_des_effets_des_dommages(dommages, blessure, fatigue, limite):
    assert sante.type_de_blessure(dommages) == blessure
    assert sante.points_de_fatigue(blessure) == fatigue
    assert sante.limite_de_recuperation(blessure) == limite


def test_the_table_covers_every_integer_once():
    for dommages in range(-50, 200):
        rows = [effet for effet in sante.EFFETS_DES_DOMMAGES if effet.contient(dommages)]
        assert len(rows) == 1, dommages


def test_dommages_effectifs_subtract_armour_and_the_encaissement():
    # Kröm's blow on Björn: Dom 28, BE 4, °R 5 → 19 (« il reçoit donc 19 de dommages »).
    assert sante.dommages_effectifs(28, 5, 4) == 19
    # A failed jet d'encaissement has no °R to subtract.
    assert sante.dommages_effectifs(28, 0, 4) == 24


def test_a_wound_beyond_the_maximum_escalates():
    blessures = Blessures()
    for _ in range(4):
        blessures = sante.recevoir_blessure(blessures, "légère")
    assert (blessures.legeres, blessures.graves) == (4, 0)
    blessures = sante.recevoir_blessure(blessures, "légère")  # the fifth becomes a grave
    assert (blessures.legeres, blessures.graves) == (4, 1)
    blessures = sante.recevoir_blessure(blessures, "grave")
    blessures = sante.recevoir_blessure(blessures, "légère")  # légère → grave → critique
    assert (blessures.legeres, blessures.graves, blessures.critiques) == (4, 2, 1)
    assert not blessures.fatale
    blessures = sante.recevoir_blessure(blessures, "critique")
    assert blessures.fatale


def test_recovery_stops_at_the_limit_of_the_wounds():
    blessures = Blessures(legeres=2)
    limite = sante.limite_de_recuperation_des_blessures(blessures)
    assert limite == 2
    assert sante.fatigue_apres_repos(7, 30, limite) == 4  # 1 point per 10 minutes
    assert sante.fatigue_apres_repos(7, 24 * 60, limite) == 2


def test_fatigue_handicap_is_one_per_point():
    assert [sante.handicap_de_fatigue(points) for points in range(4)] == [0, 1, 2, 3]


@pytest.mark.parametrize(
    "points, blessure",
    [
        (0, None),
        (10, None),
        (11, "légère"),
        (20, "légère"),
        (21, "grave"),
        (31, "critique"),
        (41, "fatale"),
    ],
)
def test_non_lethal_damage_turns_into_a_wound_above_ten_points(points, blessure):
    assert sante.blessure_par_fatigue(points) == blessure


def test_mean_encaissement_degree_against_brute_force():
    for encaissement in range(1, 20):
        successes = [face for face in range(1, 21) if face <= encaissement]
        mean = Fraction(sum(successes), len(successes))
        assert sante.degre_d_encaissement_moyen(encaissement) == mean
    assert sante.degre_d_encaissement_moyen() == Fraction(11, 2)
    assert sante.niveau_de_dommage_pour(25) == 30


def test_the_border_between_grave_and_critique_is_about_thirty():
    assert sante.entre_deux_gravites("grave", "critique") == Fraction(61, 2)
