"""The rules of Harmonies, pinned to what the two chapters state."""

from __future__ import annotations

import dataclasses
import sys
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "source"))

from harmonies.rules import actions, combat, des, mesures  # noqa: E402

# « Chances de réussite d'une action », as printed (actions.xml, lines 157–363).
TABLE_IMPRIMEE = dict(
    zip(
        range(-20, 20),
        [
            Fraction(v)
            for v in (
                "0.5 0.6 0.7 1.0 1.2 1.5 2.0 2.5 3.0 4.0 5 6 8 10 12 15 20 25 30 40 "
                "50 60 70 75 80 85 88 90 92 94 95 96 97 97.5 98 98.5 98.8 99 99.2 99.4"
            ).split()
        ],
        strict=True,
    )
)


# -- Mesures -------------------------------------------------------------------------


@pytest.mark.parametrize("rapport, points", [(2, 3), (3, 5), (10, 10), (100, 20), (1, 0)])
def test_a_ratio_is_ten_log_ten_points(rapport, points):
    # « deux fois plus difficile … 3 points », « trois fois … 5 points »
    assert mesures.ecart_pour_un_rapport(rapport) == points


def test_the_table_is_the_mesure_curve_in_round_numbers_but_at_minus_18():
    differentes = {
        d for d, chance in TABLE_IMPRIMEE.items() if mesures.chance_selon_les_mesures(d) != chance
    }
    assert differentes == {-18}
    assert mesures.chance_selon_les_mesures(-18) == Fraction(8, 10)


def test_the_printed_table_mirrors_itself_but_at_18():
    cassees = {d for d in range(1, 20) if TABLE_IMPRIMEE[d] + TABLE_IMPRIMEE[-d] != 100}
    assert cassees == {18}


def test_the_table_is_below_the_dice_on_the_failure_side_but_at_minus_8():
    pas_en_dessous = {
        d
        for d in range(-20, 1)
        if TABLE_IMPRIMEE[d] >= actions.chance_de_reussite_en_pourcentage(d)
    }
    assert pas_en_dessous == {-8}  # 8 % printed, 790/99 = 7.98 % rolled
    ecarts = {
        d: actions.chance_de_reussite_en_pourcentage(d) - TABLE_IMPRIMEE[d] for d in TABLE_IMPRIMEE
    }
    pire = max(ecarts, key=lambda d: abs(ecarts[d]))
    assert pire == -2
    assert round(float(ecarts[pire]), 1) == 7.4  # 37.4 % rolled, 30 % printed


def test_the_correction_of_two_mesures_grows_towards_three_points():
    corrections = [mesures.correction_de_la_mesure(x) for x in range(0, 30)]
    assert corrections == sorted(corrections)
    assert corrections[0] == 0 and corrections[3] == 1 and corrections[6] == 2
    assert mesures.correction_de_la_mesure_a_l_infini() == 3


def test_the_corrected_difficulty_gives_the_fair_chance_on_the_table():
    # B − A = 6: the fair chance is 1/(1 + 10^0.6) = 20 %; −B+2 = −4 gives 20 % on the table,
    # where the plain −6 gives 12 % and the note's −B−2 = −8 gives 8 %.
    assert mesures.chance_selon_les_mesures(-6 + mesures.correction_d_une_tranche(6)) == 20
    assert mesures.chance_selon_les_mesures(-6) == 12
    assert mesures.chance_selon_les_mesures(-6 - 2) == 8


# -- Actions ---------------------------------------------------------------------------


def test_the_chance_of_success_is_the_open_roll_at_or_above_minus_the_difficulty():
    assert actions.chance_de_reussite(0) == Fraction(6, 11)
    for d in range(-25, 25):
        assert actions.chance_de_reussite(d) == des.chance_du_jet_ouvert_au_moins(-d)
        assert actions.chance_de_reussite(d) < actions.chance_de_reussite(d + 1)


def test_the_examples_of_difficulty_and_confrontation():
    niveau = actions.niveau_de_competence(2, 2, 1)  # Acrobatie, Agilité, Manœuvre
    assert actions.difficulte_finale(niveau, actions.difficulte_ajustee(3, -5)) == 3
    finale = actions.difficulte_finale(actions.niveau_de_competence(2, 3, -1), -3)
    marge = actions.marge_de_reussite(finale, des.resultat_du_jet(6, 5))
    assert (finale, marge, actions.action_reussie(marge)) == (1, 2, True)
    assert actions.difficulte_de_la_parade(5, -3) == 2
    assert actions.difficulte_de_base_de_la_parade(-3, 10) == -3


def test_oppositions():
    assert actions.difficulte_d_opposition_a_un_jet(4, 6) == -2
    assert actions.vainqueur_de_l_opposition_a_un_jet(1) == actions.PREMIER
    assert actions.vainqueur_de_l_opposition_a_un_jet(-1) == actions.SECOND
    assert actions.vainqueur_de_l_opposition_a_un_jet(0) == actions.NUL
    assert actions.vainqueur_de_l_opposition_a_deux_jets(3, 2) == actions.PREMIER
    assert actions.vainqueur_de_l_opposition_a_deux_jets(2, 2) == actions.NUL


def test_a_one_roll_opposition_between_equals_is_even_with_one_draw_in_eleven():
    chances = actions.chances_de_l_opposition_a_un_jet(3, 3)
    assert chances == {
        actions.PREMIER: Fraction(5, 11),
        actions.NUL: Fraction(1, 11),
        actions.SECOND: Fraction(5, 11),
    }
    plus_fort = actions.chances_de_l_opposition_a_un_jet(5, 2)
    assert plus_fort[actions.PREMIER] > plus_fort[actions.SECOND]
    assert sum(plus_fort.values()) == 1


def test_multiple_actions_cost_three_points_per_extra_action():
    assert [actions.malus_d_actions_multiples(n) for n in (1, 2, 3)] == [0, -3, -6]
    assert actions.marge_d_echec(-3) == 3


# -- Combat ----------------------------------------------------------------------------


def test_the_largest_adverb_is_the_largest_finesse():
    assert max(combat.ADVERBES.values()) == combat.FINESSE_MAXIMALE
    assert combat.valeur_de_l_adverbe(combat.ADVERBE_PAR_DEFAUT) == 3


@pytest.mark.parametrize(
    "type_d_attaque, attendu",
    [
        ("Attaque normale", combat.Facteurs()),
        ("Attaque forcée/précise", combat.Facteurs(dommages=4, finesse=4)),
        ("Attaque retenue", combat.Facteurs(dommages=4, retenue=True)),
        ("Attaque feintée", combat.Facteurs(finesse=4)),
        ("Attaque rapide", combat.Facteurs(rapidite=4, finesse=4)),
        ("Attaque défensive (ou défense sans attaque)", combat.Facteurs(parade=3, attaque=False)),
    ],
)
def test_attack_types_with_the_adverb_tres(type_d_attaque, attendu):
    assert combat.facteurs_du_type(type_d_attaque, "Très") == attendu


def test_bounds_of_the_factors():
    assert combat.facteurs_admis(combat.Facteurs(finesse=5, dommages=8))
    assert not combat.facteurs_admis(combat.Facteurs(finesse=6))
    assert not combat.facteurs_admis(combat.Facteurs(rapidite=-1))
    assert not combat.facteurs_admis(combat.Facteurs(finesse=1), en_melee=True)
    assert combat.surpris(combat.Facteurs()).parade == -5


def test_the_four_totals():
    assert combat.total_de_rapidite(6, 3) == 9
    assert combat.total_de_defense(4, 0, 3) == 1
    assert combat.total_d_attaque(7, 0, 3, 3, 3) == 4
    assert combat.total_de_dommages(3, 3) == 6
    assert combat.total_de_dommages(3, 3, retenue=True) == 0
    assert combat.attaque_reussie(4, 4) and not combat.attaque_reussie(3, 4)


def test_simultaneity_is_a_gap_under_three_points():
    assert combat.attaques_simultanees(6, 4)
    assert not combat.attaques_simultanees(6, 3)


def test_the_degree_of_damage_is_the_worst_threshold_reached():
    dague = (-1, -3, -10, -20, -25, -30)
    assert combat.degre_de_degats(0, dague) is None
    assert combat.degre_de_degats(-1, dague) == "S"
    assert combat.degre_de_degats(-3, dague) == "E"
    assert combat.degre_de_degats(-9, dague) == "E"
    assert combat.degre_de_degats(-10, dague) == "L"
    assert combat.degre_de_degats(-31, dague) == "F"
    assert [combat.points_de_douleur(d) for d in (None, "S", "E", "L")] == [0, 0, 1, 3]
    with pytest.raises(ValueError):
        combat.points_de_douleur("G")


def test_the_ogre_is_stunned_for_a_round():
    resultat = combat.jet_d_encaissement(
        combat.encaissement(4, 3), -4, combat.total_de_dommages(3, 5)
    )
    assert resultat == -5
    assert combat.degre_de_degats(resultat, (-1, -7, -10, -15, -20, -30)) == "S"
    assert combat.penalite(0, sonne=True) == -1


def test_the_important_statistics_are_the_table_of_combat_and_what_varies():
    champs = {f.name for f in dataclasses.fields(combat.TableDeCombat)} - {"nom"}
    assert set(combat.STATISTIQUES_CONSTANTES) == champs
    assert len(combat.STATISTIQUES_IMPORTANTES) == 8


def test_a_style_is_facteurs_declared_once_for_all():
    style = combat.Facteurs(finesse=2, rapidite=1, dommages=1)
    personnage = combat.Personnage(
        "Bretteur", combat.Arme("fleuret", 2, 1, 3, 1, (-1,) * 6), 2, 2, 0, style=style
    )
    table = combat.table_de_combat(personnage)
    # Base + declared nothing = the totals of the same Facteurs declared on the plain base.
    sans_style = combat.table_de_combat(dataclasses.replace(personnage, style=combat.Facteurs()))
    assert table.rapidite == combat.total_de_rapidite(sans_style.rapidite, 1)
    assert table.parade == combat.total_de_defense(sans_style.parade, 0, 2)
    assert table.attaque == combat.total_d_attaque(sans_style.attaque, 2, 1, 1, 0)
    assert table.dommages == combat.total_de_dommages(sans_style.dommages, 1)


def test_a_weapon_not_drawn_gives_no_bonus():
    arme = combat.arme_inutile(combat.Arme("épée", 3, 2, 3, 3, (-1, -5, -7, -10, -15, -20)))
    assert (arme.bonus_de_finesse, arme.bonus_de_parade, arme.bonus_de_rapidite) == (0, 0, 0)
    assert arme.bonus_de_dommages == 0 and arme.classe == (-1, -5, -7, -10, -15, -20)
