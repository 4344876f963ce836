"""David against Goliath (« Déroulement d'un round de combat »), replayed by the rules.

The characters, the Facteurs they declare and the dice are those of the
example (source/harmonies/combat.xml, lines 413–498); the totals, the order
of the attacks, the hits, the damage and the pain are what the text states,
pinned here round by round.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "source"))

from harmonies.rules import combat  # noqa: E402

DAGUE = combat.Arme("dague", 3, 0, 2, 3, (-1, -3, -10, -20, -25, -30))
EPEE = combat.Arme("épée", 3, 2, 3, 3, (-1, -5, -7, -10, -15, -20))
DAVID = combat.Personnage("David", DAGUE, competence=1, attributs=3, cp_rs=-1, armure=0)
GOLIATH = combat.Personnage("Goliath", EPEE, competence=0, attributs=2, cp_rs=3, armure=2)

# « Le MJ a déjà préparé la table de combat » (lines 424–433).
TABLE_DE_DAVID = combat.TableDeCombat("David", -1, 7, 4, 6, 3, DAGUE.classe)
TABLE_DE_GOLIATH = combat.TableDeCombat("Goliath", 5, 5, 4, 5, 5, EPEE.classe)

ROUNDS = [
    # Facteurs declared, attack dice, dice of the jets d'encaissement.
    (
        {
            "David": combat.Facteurs(rapidite=3, dommages=3),
            "Goliath": combat.Facteurs(dommages=3, finesse=3),
        },
        {"David": 3, "Goliath": -1},
        {"Goliath": -5},
    ),
    (
        {
            "David": combat.Facteurs(dommages=5),
            "Goliath": combat.Facteurs(dommages=5, finesse=5),
        },
        {"David": -1, "Goliath": 3},
        {"Goliath": -5, "David": 11},
    ),
    (
        {
            "David": combat.Facteurs(dommages=5),
            "Goliath": combat.Facteurs(dommages=8, finesse=5),
        },
        {"David": 0},
        {"Goliath": -9},
    ),
]


def rejouer(table_de_david, table_de_goliath):
    david, goliath = combat.Combattant(table_de_david), combat.Combattant(table_de_goliath)
    return [
        combat.round_de_combat(david, goliath, facteurs, jets, encaisse)
        for facteurs, jets, encaisse in ROUNDS
    ]


@pytest.fixture(scope="module")
def rounds():
    return rejouer(TABLE_DE_DAVID, TABLE_DE_GOLIATH)


def test_the_prepared_table_of_david_is_his_sheet():
    assert combat.table_de_combat(DAVID) == TABLE_DE_DAVID


def test_the_prepared_table_of_goliath_differs_from_his_sheet_in_the_damage_only():
    depuis_la_fiche = combat.table_de_combat(GOLIATH)
    assert depuis_la_fiche.dommages == 3  # BD of his épée, +3/+2/+3/+3
    assert TABLE_DE_GOLIATH.dommages == 5  # « APRD : +5/ +4/ +5/ +5 »
    assert depuis_la_fiche == combat.TableDeCombat("Goliath", 5, 5, 4, 5, 3, EPEE.classe)


def test_every_declared_factor_is_within_the_bounds():
    for facteurs, _, _ in ROUNDS:
        assert all(combat.facteurs_admis(f) for f in facteurs.values())


def test_round_1_david_strikes_first_and_scratches_goliath(rounds):
    r = rounds[0]
    assert r.rapidite == {"David": 9, "Goliath": 5}  # « (+6+3) +9 », « +5 en Rapidité »
    assert r.defense == {"David": 4, "Goliath": 1}  # « Défense de +4 », « (+4-3) +1 »
    assert not r.simultane and r.ordre == ("David", "Goliath")
    david, goliath = r.coup_de("David"), r.coup_de("Goliath")
    assert (david.total_d_attaque, david.touche) == (4, True)  # « (+7+3-3-3) +4 »
    assert david.total_de_dommages == 6  # « (+3+3) +6 »
    assert (david.resultat, david.degre, david.douleur_infligee) == (-6, "E", 1)  # « éraflure »
    # « Goliath a maintenant un point de douleur et attaque David … (+5-1+3-3-1) soit +3 »
    assert (goliath.penalite, goliath.total_d_attaque, goliath.touche) == (-1, 3, False)
    assert r.douleur == {"David": 0, "Goliath": 1}


def test_round_2_the_attacks_are_simultaneous_and_both_hit(rounds):
    r = rounds[1]
    assert r.rapidite == {"David": 6, "Goliath": 4}  # « +6 », « (+5-1) +4 »
    assert r.defense == {"David": 4, "Goliath": -2}  # « +4 », « (+4-5-1) -2 »
    assert r.simultane and r.ordre[0] == "David"
    david, goliath = r.coup_de("David"), r.coup_de("Goliath")
    assert (david.total_d_attaque, david.touche) == (1, True)  # « (+7-1-5) +1 »
    assert (goliath.total_d_attaque, goliath.touche) == (7, True)  # « (+5+3+5-5-1) +7 »
    assert (david.total_de_dommages, goliath.total_de_dommages) == (8, 9)  # « +8 », « +9 »
    assert (david.resultat, david.degre) == (-9, "E")  # « (+5-5-8-1) -9 … autre éraflure »
    assert (goliath.resultat, goliath.degre) == (1, None)  # « (-1+11-9) +1, aucun dégât »
    assert r.douleur == {"David": 0, "Goliath": 2}  # « un deuxième point de douleur »


def test_round_3_goliath_is_wounded_and_must_roll_before_he_can_strike(rounds):
    r = rounds[2]
    assert r.rapidite == {"David": 6, "Goliath": 3}  # « (+5-2) +3 … David … à +6 »
    assert r.defense["Goliath"] == -3  # « (+4-5-2) -3 »
    assert not r.simultane and r.ordre[0] == "David"
    david = r.coup_de("David")
    assert (david.total_d_attaque, david.touche) == (2, True)  # « (+7+0-5) +2 »
    assert (david.total_de_dommages, david.resultat) == (8, -14)  # « (+5-9-8-2) -14 »
    assert (david.degre, david.douleur_infligee) == ("L", 3)  # « blessure légère … -3 »
    assert r.douleur["Goliath"] == 5  # « Passant le cap du -5 »
    assert r.evanouissement["Goliath"] and r.en_suspens == "Goliath"
    assert [coup.attaquant for coup in r.coups] == ["David"]


def test_from_goliaths_sheet_the_fight_ends_the_same():
    """With the +3 his sword gives, Goliath's blow of round 2 is +7 and David's roll +3: still
    no damage; nothing else of the fight changes."""
    depuis_les_fiches = rejouer(combat.table_de_combat(DAVID), combat.table_de_combat(GOLIATH))
    du_texte = rejouer(TABLE_DE_DAVID, TABLE_DE_GOLIATH)
    coup = depuis_les_fiches[1].coup_de("Goliath")
    assert (coup.total_de_dommages, coup.resultat, coup.degre) == (7, 3, None)
    for a, b in zip(depuis_les_fiches, du_texte, strict=True):
        assert (a.rapidite, a.defense, a.ordre, a.simultane, a.douleur) == (
            b.rapidite,
            b.defense,
            b.ordre,
            b.simultane,
            b.douleur,
        )


def test_the_check_holds_every_number_of_the_fight_against_the_replay(checked_book):
    rapport = checked_book("harmonies")
    verification = next(
        v for v in rapport.verifications.values() if "Déroulement d'un round" in v.where
    )
    desaccords = [c for c in verification.claims if not c.agreed]
    assert sum(len(claim.found) for claim in verification.claims) >= 100
    assert verification.unbound == 0
    # The two known defects of the example, and nothing else.
    assert [c.text for c in desaccords] == [
        "Épée",
        "APRD : +5/ +4/ +5/ +5 | SELGCF : -1/ -5/ -7/ -10/ -15/ -20",
    ]
