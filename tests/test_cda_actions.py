"""The rules of « les actions » against the book's own examples and rule sentences."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "source"))

from cda.rules import actions as regles  # noqa: E402
from cda.rules.actions import Jet  # noqa: E402


def test_jerome_finds_a_book():
    # « une CA égale à 13 (son Mental) + 0 (son bonus de Bibliothèque) -1 (sa
    # Perception) = 12 … obtient 9, une réussite normale avec un °R … soit 9 »
    ca = regles.cible_a_atteindre(13, -1, 0)
    assert ca == 12
    assert regles.jet(ca, 9) == Jet(True, 9)


def test_jerome_fails_to_shelve_it():
    # « une CA de 13+0-3 = 10 … obtient 15 … Son degré d'échec sera de … 5 »
    ca = regles.cible_a_atteindre(13, -3, 0)
    assert ca == 10
    assert regles.degre_d_echec(ca, 15) == 5


def test_a_forced_one_gives_the_ca_as_degree():
    # « Avec une CA de -5 … obtient 1! Son degré de réussite est donc égale à sa CA, soit -5 »
    assert regles.degre_de_reussite(-5, 1) == -5


@pytest.mark.parametrize(
    "cible, niveau",
    [
        (-3, "échec automatique"),
        (1, "échec automatique"),
        (2, None),
        (19, None),
        (20, "réussite automatique"),
        (31, "réussite automatique"),
    ],
)
def test_automatic_results(cible, niveau):
    # « Une CA inférieure ou égale à 1 … une CA supérieure ou égale à 20 »
    assert regles.niveau_de_reussite_automatique(cible) == niveau


def test_a_forced_twenty_fails_with_twenty_minus_the_ca():
    # « un 20 sera considéré comme un échec normal avec un °É égal à 20-CA »
    assert regles.jet(24, 20) == Jet(False, -4)
    assert regles.jet(24, 19) == Jet(True, 19)


def test_difficulty_is_beaten_from_nd_exclusive_to_ca_inclusive():
    # « entre 5 (exclus) et 12 (inclus) »
    assert regles.faces_reussies(12, 5) == (6, 12)
    assert regles.faces_reussies(4, 5) is None


@pytest.mark.parametrize(
    "difficulte, nd",
    [
        ("normale", 0),
        ("très difficile", 5),
        ("extrêment difficile", 10),
        ("presque impossible", 15),
        ("légendaire", 20),
    ],
)
def test_table_of_difficulties(difficulte, nd):
    assert regles.niveau_de_difficulte(difficulte) == nd


def test_remi_boils_an_egg_with_a_negative_degree():
    # « Son degré d'échec est de 17-14 = 3 … un °R de -3, qui est supérieur au ND » (-5)
    resultat = regles.jet(14, 17)
    assert resultat == Jet(False, 3)
    assert regles.degre_signe(resultat) == -3
    assert regles.action_reussie(resultat, -5, echec_comme_negatif=True)
    assert not regles.action_reussie(resultat, -5)


def test_konrad_rolls_under_a_handicap():
    # « une CA de (24 - 5 points d'handicap = ) 19 … (il n'aurait pu échouer qu'avec un 20) »
    ca = regles.cible_a_atteindre(24, handicap=5)
    assert ca == 19
    assert regles.faces_echouees(ca) == (20,)
    assert regles.jet(ca, 6).reussite
    assert not regles.action_reussie(regles.jet(ca, 6), 10)


def test_gaston_open_critical_die():
    # « -18 (sa CA initiale) + 20 (le premier jet) + 1 (le second jet) = +3 …
    # vaincre le ND de -5 … qu'un 12 … (-18+12=)-6, et il aurait échoué »
    prouesse = regles.jet_avec_de_critique(-18, 1, 1, (20, 1))
    assert prouesse == Jet(True, 3)
    assert regles.action_reussie(prouesse, -5)
    autre = regles.jet_avec_de_critique(-18, 1, 1, (12,))
    assert autre == Jet(True, -6)
    assert not regles.action_reussie(autre, -5)


def test_jonathan_critical_failure_adds_to_the_degree_of_failure():
    # « 18 - 16 (sa CA) + 18 (son d20 supplémentaire) »: 20, where the book prints +22.
    assert regles.jet_avec_de_critique(16, 18, 1, (18,)) == Jet(False, 20)


def test_no_reroll_without_a_one_on_the_critical_die():
    assert regles.jet_avec_de_critique(16, 18, 4) == Jet(False, 2)
    with pytest.raises(ValueError):
        regles.jet_avec_de_critique(16, 18, 4, (18,))


@pytest.mark.parametrize(
    "premier, second, gagnant",
    [
        (Jet(False, 3), Jet(False, 1), None),
        (Jet(True, 2), Jet(False, 1), 1),
        (Jet(False, 9), Jet(True, 1), 2),
        (Jet(True, 4), Jet(True, 9), 2),
        (Jet(True, 9), Jet(True, 4), 1),
        (Jet(True, 5), Jet(True, 5), None),
    ],
)
def test_confrontation(premier, second, gagnant):
    # « Si les deux ont un échec, aucun ne remporte une victoire. Si un seul des
    # deux à une victoire, il l'emporte. Si les deux ont une victoire, c'est le
    # plus haut °R qui l'emporte. »
    assert regles.confrontation(premier, second) == gagnant


def test_mireille_multiple_actions():
    # « 3 (le nombre d'actions) … 6 … 9 … 9 … + 5 (la pénalité supplémentaire) = 14 »
    assert regles.handicaps_des_actions_multiples(3) == (3, 6, 9)
    assert regles.handicap_d_action_imprevue(3) == 14
    assert regles.handicap_d_action_imprevue(3, rang_imprevu=2) == 19
    assert regles.handicaps_des_actions_multiples(1) == (0,)


def test_merlin_fireball():
    # « 15 (Eff) + 8 (Diff) - 12 (°R) = 11 (Dom) »; a failed roll takes the full Eff.
    assert regles.dommage_de_depassement(15, 8, regles.jet(17, 12)) == 11
    assert regles.dommage_de_depassement(15, 8, regles.jet(17, 18)) == 15
    assert regles.dommage_de_depassement(15, 8, regles.jet(17, 7)) == 15


def test_a_successful_depassement_always_costs_less_than_the_effort():
    # « puisque °R > Diff, un jet réussi à toujours un Dom plus petit que l'Effort »
    for effort, difficulte, cible, de in itertools.product(
        (5, 15), range(-3, 12), range(-2, 23), range(1, 21)
    ):
        resultat = regles.jet(cible, de)
        dom = regles.dommage_de_depassement(effort, difficulte, resultat)
        if regles.action_reussie(resultat, difficulte):
            assert dom < effort
        else:
            assert dom == effort


def test_a_degree_over_the_ca_needs_the_critical_die():
    # « un personnage obtiendra pratiquement jamais plus que sa CA (sauf
    # utilisation du dé critique) »
    for cible in range(-20, 40):
        assert regles.chances_de_depasser_la_cible(cible) == 0
    assert regles.chances_de_depasser_la_cible(10, regles.DE_CRITIQUE) > 0


@pytest.mark.parametrize("cible", range(1, 20))
def test_a_handicap_and_a_difficulty_of_the_same_points_leave_the_same_chances(cible):
    # « d'une façon ou d'une autre, les chances de succès restent les mêmes »
    for points in range(cible):
        faces = sum(1 for de in range(1, 21) if points < de <= cible)
        assert regles.chances_de_reussite(cible - points) == regles.chances_de_reussite(
            cible, points
        )
        assert regles.chances_de_reussite(cible, points) * 20 == faces
        assert regles.handicap_ou_difficulte_memes_chances(cible, points)
