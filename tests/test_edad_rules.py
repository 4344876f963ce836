"""Edad's rules, each pinned to what the book says (line numbers of the original text)."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "source"))

from edad.rules import dons, equipement, file, jets, magie, personnage  # noqa: E402
from edad.rules.file import COMPLEXE, SIMPLE, Combattant, File  # noqa: E402


def test_bonus_of_a_characteristic_line_22():
    assert personnage.bonus_de_caracteristique(15) == 5
    assert personnage.bonus_de_caracteristique(7) == -3


def test_skill_bonus_line_30():
    # « quelqu'un qui aura 14 en intelligence aura un bonus de +4 sur le test d'estimation »
    assert personnage.bonus_de_competence(0, 14) == 4
    assert personnage.bonus_de_competence(3, 14) == 7


def test_neighbouring_skill_uses_half_the_points_rounded_down_line_131():
    assert [personnage.points_pour_une_competence_voisine(p) for p in (0, 1, 5, 8)] == [0, 0, 2, 4]


@pytest.mark.parametrize(
    "restants, etat",
    [(12, "conscient"), (0, "inconscient"), (-1, "mourant"), (-15, "mourant"), (-16, "mort")],
)
def test_hit_points_and_dying_line_115(restants, etat):
    assert personnage.etat(restants, 15) == etat


@pytest.mark.parametrize(
    "ecart, categorie",
    [
        (0, "léger"),
        (4, "léger"),
        (5, "moyen"),
        (9, "moyen"),
        (10, "conséquent"),
        (14, "conséquent"),
        (15, "important"),
        (19, "important"),
        (20, "terrible"),
        (37, "terrible"),
    ],
)
def test_gap_categories_line_44(ecart, categorie):
    assert jets.categorie_d_ecart(ecart) == categorie


def test_gap_categories_leave_no_hole_and_do_not_overlap():
    bornes = jets.CATEGORIES_D_ECART
    assert bornes[0][1] == 0 and bornes[-1][2] is None
    for (_, _, fin), (_, debut, _) in zip(bornes, bornes[1:], strict=False):
        assert debut == fin + 1


def test_taking_10_and_20_lines_46_47():
    assert jets.peut_faire_10(situation_stressante=False)
    assert not jets.peut_faire_10(situation_stressante=True)
    assert jets.peut_faire_10(situation_stressante=True, sang_froid=True)
    assert not jets.peut_faire_20(situation_stressante=False, peut_recommencer=False)
    assert jets.peut_faire_20(situation_stressante=False, peut_recommencer=True)
    assert jets.score_en_faisant(20, 3) == 23
    with pytest.raises(ValueError):
        jets.score_en_faisant(15, 3)


def test_initiative_attribute_line_54():
    # 15 en dextérité, 13 en intelligence, le don (+4): « Init +12 »
    assert file.attribut_d_initiative(15, 13, 4) == 12
    assert file.attribut_d_initiative(15, 13, 4, pris_au_depourvu=True) == 4
    assert file.jet_d_initiative(12).mean() == Fraction(21, 2) + 12
    assert file.file_initiale({"A": 8, "B": 19, "C": 12}) == ("B", "C", "A")


def test_reactivity_gain_and_costs_line_59():
    assert file.gain_de_reactivite(16) == Fraction(8, 5)
    assert file.cout_en_reactivite(SIMPLE, 9) == 9
    assert file.cout_en_reactivite(COMPLEXE, 9) == 18
    assert file.reactivite_d_un_personnage_repose(9) == 18
    assert file.en_virgule(Fraction(8, 5)) == "1,6"
    assert file.en_virgule(Fraction(21, 10)) == "2,1"
    assert file.en_virgule(3) == "3"


INTELLIGENCES = {
    "J1": 12,
    "J2": 11,
    "J3": 19,
    "J4": 16,
    "G1": 8,
    "G2": 6,
    "G3": 7,
    "G4": 9,
    "G5": 7,
}


def queue(noms: str) -> File:
    return File(tuple(Combattant(nom, INTELLIGENCES[nom]) for nom in noms.split()))


def test_a_simple_action_moves_half_the_queue_and_gives_reactivity_behind_line_80():
    apres = file.action_du_premier(queue("J1 G3 G4 J2 G1 J4 G5 J3 G2"), SIMPLE)
    assert str(apres) == "G3 G4 J2 G1 J1 J4(1,6) G5(0,7) J3(1,9) G2(0,6)"


def test_a_complex_action_sends_to_the_end_and_gives_nothing_line_74():
    apres = file.action_du_premier(queue("J3 G2 J1 G3 G4 J2 G1 J4 G5"), COMPLEXE)
    assert str(apres) == "G2 J1 G3 G4 J2 G1 J4 G5 J3"


def test_leaving_the_queue_before_the_move_line_95():
    # J4 achève G5, then moves 7 // 2 = 3 places
    avant = queue("J4 G5 J3 J2 J1 G2 G3 G4")
    apres = file.action_du_premier(file.quitter_la_file(avant, "G5"), SIMPLE)
    assert apres.noms == ("J3", "J2", "J1", "J4", "G2", "G3", "G4")


def test_reactions_line_66():
    depart = File(
        tuple(
            Combattant(nom, INTELLIGENCES[nom], Fraction(20) if nom == "J3" else Fraction(0))
            for nom in "J1 G3 G4 J2 G1 J4 G5 J3".split()
        )
    )
    # first half, simple: back half a queue, free
    apres, cout = file.reaction(depart, "G3", SIMPLE)
    assert (apres.position("G3"), cout) == (5, 0)
    # second half, complex: paid in reactivity, to the end
    apres, cout = file.reaction(depart, "J3", COMPLEXE)
    assert (apres.noms[-1], cout, apres.combattant("J3").reactivite) == ("J3", 16, 4)
    with pytest.raises(ValueError):
        file.reaction(depart, "G5", SIMPLE)


def test_item_hit_points_lines_168_170():
    assert equipement.points_de_vie_d_un_objet("arme", "légère") == 30
    assert equipement.points_de_vie_d_un_objet("arme", "lourde", 2) == 70
    assert equipement.points_de_vie_d_un_objet("bouclier", "pavois", 1) == 120
    assert equipement.points_de_vie_d_un_objet("armure", "intermédiaire", 3) == 700


def test_parry_bonus_and_martial_skills_lines_162_179():
    assert equipement.bonus_de_parade(3) == 13
    assert equipement.nombre_de_competences_martiales() == 20
    assert equipement.ORDRE_DES_PARADES == ("protection magique", "bouclier", "armure")


@pytest.mark.parametrize(
    "niveau, rapide, temps, actions",
    [
        (0, False, Fraction(1, 2), (0, 1)),
        (1, False, 1, (1, 0)),
        (2, False, Fraction(3, 2), (1, 1)),
        (3, False, 2, (2, 0)),
        (0, True, Fraction(1, 2), (0, 1)),
        (2, True, 1, (1, 0)),
    ],
)
def test_casting_time_line_238(niveau, rapide, temps, actions):
    assert magie.temps_d_incantation(niveau, rapide) == temps
    assert magie.actions_d_incantation(niveau, rapide) == actions


def test_goblin_fight_spells_lines_73_94():
    assert magie.cout_d_incantation(1) == "une action complexe"  # sommeil
    assert magie.cout_d_incantation(0) == "une action simple"  # Rayon de givre
    assert magie.cout_d_incantation(2) == "une action complexe et une action simple"
    assert magie.cout_d_incantation(3) == "2 actions complexes"
    assert (
        magie.cout_d_incantation(3, incantation_rapide=True)
        == "une action complexe et une action simple"
    )


def test_who_may_learn_what_line_243():
    assert magie.peut_apprendre(0, bonus_d_intelligence=0)
    assert not magie.peut_apprendre(1, bonus_d_intelligence=3)
    assert magie.peut_apprendre(1, bonus_d_intelligence=3, niveaux_maitrises_dans_l_ecole=[0])
    assert not magie.peut_apprendre(4, bonus_d_intelligence=3, niveaux_maitrises_dans_l_ecole=[3])
    assert dons.peut_prendre_canaliser(2, bonus_d_intelligence=2, canaliser_actuel=1)
    assert not dons.peut_prendre_canaliser(3, bonus_d_intelligence=2, canaliser_actuel=2)


def test_the_feats_of_the_rules_form_a_sound_graph():
    assert dons.problemes_du_graphe(dons.graphe_des_dons()) == []
    assert len(dons.DONS) == 33


def test_the_graph_check_finds_undefined_names_and_cycles():
    graphe = {"A": ("B",), "B": ("C",), "C": ("A",), "D": ("Arme de prédilection",)}
    assert dons.problemes_du_graphe(graphe) == [
        "« D » demande « Arme de prédilection », qui n'est pas un don défini",
        "cycle: « A » → « B » → « C » → « A »",
    ]


@pytest.mark.parametrize(
    "nom, don",
    [
        ("Robustesse n-1", "Robustesse"),
        ("Canaliser 0", "Canaliser"),
        ("Port des boucliers", "Port des boucliers"),
        ("Epée longue rapide", "Arme rapide"),
        ("Marteau de Guerre rapide", "Arme rapide"),
        ("Arme de prédilection", None),
        ("Science de l'initiative", None),
        ("Fourchette rapide", None),
    ],
)
def test_names_of_feats(nom, don):
    assert dons.resoudre_le_nom(nom) == don


def test_feat_numbers():
    assert dons.bonus_d_initiative_du_don("Sens de l'initiative") == 4
    assert dons.bonus_d_initiative_du_don("Science l'initiative") == 0
    assert dons.points_de_competence_requis("Robustesse", "Résistance", 3) == 15
    assert dons.pvs_de_robustesse(2) == 6


def test_characteristics_rolled_with_3d6_line_20():
    tirage = personnage.tirage_classique()
    assert (min(tirage), max(tirage)) == (3, 18)
    assert tirage[3] == Fraction(1, 216) and tirage[10] == Fraction(27, 216)
    assert tirage.mean() == Fraction(21, 2)
