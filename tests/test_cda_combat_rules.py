"""The rules of « le combat » of Les Clefs de l'Aube, against the book and brute force."""

import sys
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "source"))

from cda.rules import combat  # noqa: E402
from cda.rules.actions import Jet  # noqa: E402


def brute_force_hits(total_d_attaque: int, total_de_parade: int) -> list[int]:
    """The d20 faces that hit, by the book's words: over the TP, at most the TA, never a 20."""
    return [
        face
        for face in range(1, 21)
        if face != 20
        and face <= max(total_d_attaque, 1)
        and min(face, total_d_attaque) > total_de_parade
    ]


def test_the_totals_of_kroem_and_bjoern():
    # « Résumé des totaux de combats »: CA 9 both; Kröm BA +1 BP -3; Björn BA +1, BP +1 and +1.
    assert combat.total_d_attaque(9, 1) == 10
    assert combat.total_de_parade(9, -3) == -4
    assert combat.total_de_parade(9, 2) == 1
    assert combat.encaissement(14 - 1, 0) == 13


@pytest.mark.parametrize("total_d_attaque", range(-3, 24))
@pytest.mark.parametrize("total_de_parade", range(-6, 22))
def test_hit_faces_and_chances_against_brute_force(total_d_attaque, total_de_parade):
    faces = brute_force_hits(total_d_attaque, total_de_parade)
    expected = (min(faces), max(faces)) if faces else None
    assert combat.jets_qui_touchent(total_d_attaque, total_de_parade) == expected
    assert combat.chance_de_toucher(total_d_attaque, total_de_parade) == Fraction(len(faces), 20)


def test_identical_characters_hit_each_other_half_the_time():
    for cible in range(10, 20):
        assert combat.chance_de_toucher_un_pareil(cible) == Fraction(1, 2)
    # Below a CA of 10 the TP goes under 0 and cannot lower the chance any more.
    assert combat.chance_de_toucher_un_pareil(6) == Fraction(6, 20)


def test_an_attack_deals_its_degree_plus_the_bd():
    assert combat.attaque(10, 1, 8, 20) == 28  # Kröm's 8 with his +20 axe
    assert combat.attaque(10, 1, 1, 20) is None  # not over Björn's TP of 1
    assert combat.attaque(10, 1, 11, 20) is None  # over Kröm's TA


def test_surclassement_maneuvres():
    assert combat.degre_de_manoeuvre("MP", 7, 1) == 13
    assert combat.degre_de_manoeuvre("MA", 7, 1) == 8
    assert combat.degre_de_manoeuvre("MD", 7, 15) == 17
    assert combat.surclassement(Jet(True, 12), Jet(True, 5)) == (1, 7)
    assert combat.surclassement(Jet(False, 3), Jet(True, 5)) == (2, 5)
    assert combat.surclassement(Jet(False, 3), Jet(False, 5)) == (None, 0)


def test_shooting_damage_loses_the_range_difficulty():
    assert [combat.difficulte_de_portee(p) for p in ("courte", "moyenne", "grande")] == [5, 10, 15]
    assert combat.niveau_de_dommage_de_tir(6, 15, "courte") == 16


def test_esquive_is_the_evitement_ca_minus_ten():
    assert combat.esquive(14) == 4


def test_effective_damage_between_equals_is_a_little_above_the_bd():
    # « le bonus de dommage d'une arme est équivalent à son dommage effectif moyen …
    # lorsque deux adversaires de même force se rencontrent » and, with the facteur
    # de mortalité at 0, « la majorité des coups feront des blessures légèrement
    # plus forte que les BD des armes ». Two average fighters: CA 10, Enc 10, no BE.
    bd = 15
    effectifs = combat.dommages_effectifs_d_un_coup(10, 0, bd, 10)
    assert effectifs.mean() == bd + Fraction(11, 4)  # hit °R 5.5, encaissement °R 2.75
    assert effectifs.probability(lambda dommages: dommages > bd) == Fraction(29, 40)


def test_effective_damage_against_brute_force():
    for ta, tp, enc in [(10, 0, 10), (10, 1, 11), (14, -4, 13), (3, 5, 18)]:
        counts: dict[int, int] = {}
        hits = 0
        for attack in range(1, 21):
            if attack > ta or attack == 20 or attack <= tp:
                continue
            hits += 1
            for roll in range(1, 21):
                degree = roll if roll <= enc and roll != 20 else 0
                value = attack + 20 - 4 - degree
                counts[value] = counts.get(value, 0) + 1
        if not hits:
            with pytest.raises(ValueError):
                combat.dommages_effectifs_d_un_coup(ta, tp, 20, enc, 4)
            continue
        distribution = combat.dommages_effectifs_d_un_coup(ta, tp, 20, enc, 4)
        assert dict(distribution.items()) == {
            value: Fraction(count, hits * 20) for value, count in counts.items()
        }
