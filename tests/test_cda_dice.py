"""The dice of Les Clefs de l'Aube, exact, against brute-force enumeration of every face."""

from __future__ import annotations

import itertools
import sys
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "source"))

from cda.rules import actions, personnages  # noqa: E402
from cda.rules.actions import Jet  # noqa: E402

CIBLES = range(-25, 46)


def jet_selon_le_livre(cible: int, de: int) -> Jet:
    """The roll as the chapter words it, case by case, written apart from the rules module."""
    if cible <= 1 and de == 1:
        return Jet(True, cible)  # « un 1 sera considéré comme une réussite normale … égal à la CA »
    if cible >= 20 and de == 20:
        return Jet(False, 20 - cible)  # « un 20 sera considéré comme un échec normal … 20-CA »
    if de <= cible:
        return Jet(True, de)  # « obtenir un nombre inférieur ou égal à sa CA »
    return Jet(False, de - cible)  # « égal au résultat du dé moins la CA »


@pytest.mark.parametrize("cible", CIBLES)
def test_every_face_reads_as_the_chapter_says(cible):
    for de in range(1, 21):
        assert actions.jet(cible, de) == jet_selon_le_livre(cible, de)


@pytest.mark.parametrize("cible", CIBLES)
def test_distribution_of_a_roll_counts_the_twenty_faces(cible):
    comptes = defaultdict(int)
    for de in range(1, 21):
        comptes[jet_selon_le_livre(cible, de)] += 1
    attendu = {resultat: Fraction(n, 20) for resultat, n in comptes.items()}
    assert dict(actions.distribution_des_jets(cible)) == attendu


@pytest.mark.parametrize("cible", CIBLES)
@pytest.mark.parametrize("nd", [-5, 0, 5, 10, 15, 25])
def test_chances_against_a_difficulty_count_the_faces(cible, nd):
    faces = sum(
        1
        for de in range(1, 21)
        if jet_selon_le_livre(cible, de).reussite and jet_selon_le_livre(cible, de).degre > nd
    )
    assert actions.chances_de_reussite(cible, nd) == Fraction(faces, 20)


def relances_ouvertes(profondeur: int):
    """Every chain of the open d20 with its probability: 20s re-rolled, cut at `profondeur` dice."""
    for longueur in range(1, profondeur + 1):
        for dernier in range(1, 21):
            if dernier == 20 and longueur < profondeur:
                continue
            yield (20,) * (longueur - 1) + (dernier,), Fraction(1, 20**longueur)


@pytest.mark.parametrize("cible", [-18, 0, 1, 10, 16, 19, 20, 24])
@pytest.mark.parametrize("de_critique", [6, 10, 20])
def test_critical_die_against_enumeration_of_every_chain(cible, de_critique):
    profondeur = 3
    attendu = defaultdict(Fraction)
    for de, face in itertools.product(range(1, 21), range(1, de_critique + 1)):
        base = Fraction(1, 20 * de_critique)
        if face != 1:
            attendu[actions.jet_avec_de_critique(cible, de, face)] += base
            continue
        for chaine, p in relances_ouvertes(profondeur):
            resultat = jet_selon_le_livre(cible, de)
            attendu[Jet(resultat.reussite, resultat.degre + sum(chaine))] += base * p
    obtenu = actions.distribution_des_jets(cible, de_critique, profondeur=profondeur)
    assert dict(obtenu) == dict(attendu)


def test_open_d20_keeps_every_twenty_and_stops_on_another_face():
    # Gaston: « obtient 20! Il relance … et obtient finalement 1 ».
    assert actions.d20_ouvert_lu((20, 1)) == 21
    with pytest.raises(ValueError):
        actions.d20_ouvert_lu((20,))
    with pytest.raises(ValueError):
        actions.d20_ouvert_lu((5, 20))


def test_open_d20_mean_is_210_over_19_up_to_the_cut():
    # An unbounded open d20 has mean 10.5 / (1 - 1/20) = 210/19; the cut loses little.
    assert abs(actions.d20_ouvert().mean() - Fraction(210, 19)) < Fraction(1, 10**6)


@pytest.mark.parametrize("cible", range(1, 20))
def test_mean_degree_of_success_is_half_of_one_plus_the_ca(cible):
    assert actions.moyenne_des_degres_de_reussite(cible) == Fraction(
        sum(range(1, cible + 1)), cible
    )


def test_half_of_a_ca_of_ten_in_half_of_the_successes():
    # « il obtiendra la moitié de sa CA dans seulement 50% de ses réussites »
    # (la CA moyenne is 10, « la moitié d'une CA moyenne » being 5).
    assert actions.part_des_reussites_au_dela(10, Fraction(5)) == Fraction(1, 2)


def test_rolled_aspects_against_the_four_dice():
    attendu = defaultdict(Fraction)
    for des in itertools.product(range(1, 7), repeat=4):
        premier = des[0] + des[1] + 3
        second = des[2] + des[3] + 3
        attendu[(premier, second, 30 - premier - second)] += Fraction(1, 6**4)
    assert dict(personnages.distribution_des_aspects()) == dict(attendu)


def test_only_the_third_rolled_aspect_leaves_five_to_fifteen():
    # « seul le jet de dé permet d'avoir un résultat au-delà de 15 (quand la somme
    # des résultats des dés est inférieure à 15) ou en deçà de 5 (… supérieure à 25) »
    aspects = personnages.distribution_des_aspects()
    for (premier, second, troisieme), _ in aspects.items():
        assert 5 <= premier <= 15 and 5 <= second <= 15
        assert (troisieme > 15) == (premier + second < 15)
        assert (troisieme < 5) == (premier + second > 25)
    assert aspects.probability(lambda a: a[2] > 15) == aspects.probability(lambda a: a[2] < 5)


def test_rolled_moyens_stay_within_minus_five_and_five():
    nombre, faces, ajout = personnages.DES_DE_MOYEN
    resultats = {sum(des) + ajout for des in itertools.product(range(1, faces + 1), repeat=nombre)}
    assert min(resultats) == personnages.MOYEN_MINIMUM
    assert max(resultats) == personnages.MOYEN_MAXIMUM
