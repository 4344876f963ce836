"""The rules of « les personnages » against the book's own examples and rule sentences."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "source"))

from cda.rules import personnages as regles  # noqa: E402

PROFIL_FINAL_DE_MARIE_PIERRE = {"Pu": 3, "Ré": -1, "Ma": 4, "Pr": 2, "Ex": -5, "Pe": -3}


@pytest.mark.parametrize(
    "niveau, nc, bc",
    [
        ("profane", 0, -10),
        ("apprenti", 5, -5),
        ("disciple", 10, 0),
        ("compagnon", 15, 5),
        ("maître", 20, 10),
    ],
)
def test_table_of_niveaux_and_their_bonus(niveau, nc, bc):
    # Table « le niveau de compétence »; « Le bonus de compétence (BC) est égal
    # au niveau de compétence moins 10 ».
    assert regles.niveau_de_competence(niveau) == nc
    assert regles.bonus_de_competence(nc) == bc


def test_a_niveau_goes_from_zero_to_twenty():
    with pytest.raises(ValueError):
        regles.bonus_de_competence(21)
    with pytest.raises(ValueError):
        regles.bonus_de_competence(-1)


def test_marie_pierre_rolls_her_aspects():
    # « un double 2 ainsi que 2 et 1, pour des résultats de 7 et 6. Son
    # troisième résultat est de 30 - (7+6) = 17 »
    premier = regles.resultat_d_un_jet_d_aspect((2, 2))
    second = regles.resultat_d_un_jet_d_aspect((2, 1))
    assert (premier, second) == (7, 6)
    assert regles.troisieme_aspect(premier, second) == 17


def test_marie_pierre_adjusts_her_aspects_within_five_and_fifteen():
    aspects = {"Ph": 6, "Me": 17, "My": 7}
    # « Elle ne peut pas augmenter son Mental au-delà de 17 »
    assert not regles.peut_echanger_un_point_d_aspect(aspects, "My", "Me")
    aspects = regles.echanger_un_point_d_aspect(aspects, "Ph", "My")
    assert aspects == {"Ph": 5, "Me": 17, "My": 8}
    # « Marie-Pierre ne peut plus emprunter dans son Physique qui est rendu à 5 »
    with pytest.raises(regles.ChoixInterdit):
        regles.echanger_un_point_d_aspect(aspects, "Ph", "My")
    aspects = regles.echanger_un_point_d_aspect(aspects, "Me", "My")
    assert aspects == {"Ph": 5, "Me": 16, "My": 9}


def test_rolled_moyens_are_the_three_results_and_their_inverses():
    assert regles.moyens_tires((-3, 2, 5)) == (-3, 2, 5, 3, -2, -5)


def test_marie_pierre_profile_breaks_a_pair_before_her_exchanges_and_none_after():
    place = {"Pu": 5, "Ré": -2, "Ma": 3, "Pr": 2, "Ex": -5, "Pe": -3}
    assert regles.contraintes_non_respectees(place) == ("Pu +5 dépasse Ré -2 de plus de 5",)
    moyens = regles.transferer_un_point_de_moyen(place, "Pu", "Ma")
    moyens = regles.transferer_un_point_de_moyen(moyens, "Pu", "Ré")
    assert moyens == PROFIL_FINAL_DE_MARIE_PIERRE
    assert regles.contraintes_non_respectees(moyens) == ()


@pytest.mark.parametrize(
    "profil, brisee",
    [
        ({"Pu": 1, "Ré": 0, "Ma": 0, "Pr": 0, "Ex": 0, "Pe": 0}, "somme des moyens 1 ≠ 0"),
        ({"Pu": 6, "Ré": 1, "Ma": -3, "Pr": -2, "Ex": -1, "Pe": -1}, "Pu +6 hors de -5 à +5"),
        ({"Pu": 0, "Ré": 0, "Ma": 3, "Pr": -3, "Ex": 0, "Pe": 0}, "Ma +3 dépasse Pr -3"),
        ({"Pu": 0, "Ré": 0, "Ma": 0, "Pr": 0, "Ex": 3, "Pe": -3}, "Ex +3 dépasse Pe -3"),
    ],
)
def test_each_constraint_on_the_moyens(profil, brisee):
    assert any(message.startswith(brisee) for message in regles.contraintes_non_respectees(profil))


def test_the_inverse_of_a_pair_constraint_is_allowed():
    # « (l'inverse est toutefois possible) »
    assert (
        regles.contraintes_non_respectees({"Pu": -3, "Ré": 3, "Ma": -3, "Pr": 3, "Ex": -3, "Pe": 3})
        == ()
    )


def test_starting_competences_give_thirty_five_px():
    # « soit 35 points au total »
    assert regles.px_d_aspect_de_depart(regles.COMPETENCES_DE_DEPART) == 35


def test_marie_pierre_progresses_from_the_aspects_she_was_left_with():
    # 10 PX in Physique, 20 in Mental, 5 in Mystique after the adjustment
    # (Ph 5, Me 16, My 9). The book's « Physique de 6 à 7 (il lui reste 3 PX) »
    # starts from 6, the value before her adjustment: from 5 the rules give 6,
    # with 4 PX left.
    assert regles.progression_d_un_aspect(5, 10) == (6, 4)
    assert regles.progression_d_un_aspect(6, 10) == (7, 3)
    assert regles.progression_d_un_aspect(16, 20) == (17, 3)
    assert regles.progression_d_un_aspect(9, 5) == (9, 5)


def test_berthiaume_raises_equitation_and_his_physique():
    # « dépenser 13 de ses PX pour augmenter Équitation de 12 à 13 et reçoit donc
    # 1 PX en aspect Physique. Avec 15 PX … augmenter son aspect de 14 à 15 »
    assert regles.cout_d_un_niveau_de_competence(13) == 13
    assert regles.px_d_aspect_d_une_competence(13, 12) == 1
    assert regles.progression_d_un_aspect(14, 14 + 1) == (15, 0)
    assert regles.progression_d_un_aspect(14, 14) == (14, 14)


def test_heroism_surcharges_a_niveau_by_twenty_px():
    # « Pour passer une compétence de 12h à 13h, un personnage devra dépenser
    # 13 + 1 × 20 = 33 PX. »
    assert regles.cout_d_un_niveau_de_competence(13, niveau_d_heroisme=1) == 33
    assert regles.px_pour_augmenter_un_aspect(8, niveau_d_heroisme=2) == 8 + 1 + 40


def test_two_disciples_and_two_apprentis_for_one_compagnon():
    # « échanger deux compétences à disciple et deux compétences à apprenti
    # contre une compétence à compagnon (15) »
    assert regles.echanger_contre_un_compagnon(regles.COMPETENCES_DE_DEPART) == {
        "apprenti": 1,
        "compagnon": 1,
    }
    with pytest.raises(regles.ChoixInterdit):
        regles.echanger_contre_un_compagnon({"disciple": 1, "apprenti": 3})


def test_exchanges_count_the_points_moved():
    # Marie-Pierre moves 2 points of aspects and 2 points of moyens, within the 5 allowed.
    assert regles.points_echanges({"Ph": 6, "Me": 17, "My": 7}, {"Ph": 5, "Me": 16, "My": 9}) == 2
    place = {"Pu": 5, "Ré": -2, "Ma": 3, "Pr": 2, "Ex": -5, "Pe": -3}
    assert regles.points_echanges(place, PROFIL_FINAL_DE_MARIE_PIERRE) == 2
