"""La résolution des actions: difficulty, Niveau de Compétence, marge de réussite, action types.

The chapter « La résolution des actions » of Harmonies, as functions named
with the book's terms. The player adds the roll (±d10°, see `des`) to the
difficulté finale; the total is the marge de réussite, and the action
succeeds when it is zero or more.

What these rules take from chapters we do not have: the Niveau de
Compétence (NC) is linked to a section « scompniveau » that did not reach
us; the two examples add the Compétence and the Attributs used (« +2 en
Agilité et +1 en Manœuvre, ce qui lui donne avec son niveau d'acrobatie,
+5 »; « Intuition + Manœuvre + Baratin … +2, +3 et −1 »), and that sum is all
these rules encode.

Readings chosen where the chapter leaves room:

- The roll of an action is the open roll ±d10°: the chapter only says « les
  dés », but its table of chances runs to ±20 points, which the closed ±d10
  (−9 to +9) cannot reach.
- « Trois fois plus difficile à échouer, c'est un malus de 5 points qui est
  ajouté de la difficulté »: the emphasised « ajouté » is read as written, a
  difficulty raised by 5 (an easier action); the word « malus » is the
  author's, and no number depends on it.
- In an opposition with two rolls, equal marges are a draw: the chapter only
  says that the larger marge wins.
- A lone action is not a multiple action: the malus counts the actions beyond
  the first (« trois actions … le malus … sera de −6 »).
"""

from __future__ import annotations

from fractions import Fraction

from build_tools.checking.rule import rule

from . import des

DIFFICULTE_D_OPPOSITION = 0
"""« La difficulté est toujours de zéro » in an action en opposition."""

MALUS_PAR_ACTION_SUPPLEMENTAIRE = 3
"""« Chaque action supplémentaire … augmentera la difficulté … de trois points »."""

PREMIER, SECOND, NUL = "premier opposant", "second opposant", "match nul"


@rule
def niveau_de_competence(*valeurs: int) -> int:
    """NC = the Compétence plus the Attributs used for the action."""
    return sum(valeurs)


@rule
def difficulte_ajustee(difficulte_de_l_action: int, *circonstances: int) -> int:
    """The difficulté de l'action, plus or minus what the circumstances add or take away."""
    return difficulte_de_l_action + sum(circonstances)


@rule
def difficulte_finale(niveau_de_competence: int, difficulte_ajustee: int) -> int:
    """Difficulté finale = NC + difficulté de l'action ajustée selon les circonstances."""
    return niveau_de_competence + difficulte_ajustee


@rule
def marge_de_reussite(difficulte_finale: int, jet: int) -> int:
    """Marge de réussite = difficulté finale + jet de dés."""
    return difficulte_finale + jet


@rule
def action_reussie(marge_de_reussite: int) -> bool:
    """The action succeeds when the marge de réussite is zero or more."""
    return marge_de_reussite >= 0


@rule
def marge_d_echec(marge_de_reussite: int) -> int:
    """Marge d'échec = − marge de réussite (« une marge de réussite de −3 est … d'échec de +3 »)."""
    return -marge_de_reussite


@rule
def chance_de_reussite(difficulte_finale: int) -> Fraction:
    """P(réussite) = P(difficulté finale + ±d10° ≥ 0), exact."""
    return des.chance_du_jet_ouvert_au_moins(-difficulte_finale)


@rule
def chance_de_reussite_en_pourcentage(difficulte_finale: int) -> Fraction:
    """The chance of success in percent, exact (100 × P)."""
    return 100 * chance_de_reussite(difficulte_finale)


# -- les types d'action -------------------------------------------------------


@rule
def difficulte_d_opposition_a_un_jet(niveau_du_premier: int, niveau_du_second: int) -> int:
    """One roll: difficulty = NC of the first opponent − NC of the second."""
    return niveau_du_premier - niveau_du_second


@rule
def vainqueur_de_l_opposition_a_un_jet(marge_de_reussite: int) -> str:
    """Marge > 0: the first opponent wins; < 0: the second; exactly 0: a draw."""
    if marge_de_reussite > 0:
        return PREMIER
    if marge_de_reussite < 0:
        return SECOND
    return NUL


@rule
def chances_de_l_opposition_a_un_jet(niveau_du_premier: int, niveau_du_second: int) -> dict:
    """P(the first wins), P(draw), P(the second wins) of a one-roll opposition, exact."""
    difficulte = difficulte_d_opposition_a_un_jet(niveau_du_premier, niveau_du_second)
    nul = des.chance_du_jet_ouvert(-difficulte)
    premier = des.chance_du_jet_ouvert_au_moins(1 - difficulte)
    return {PREMIER: premier, NUL: nul, SECOND: 1 - premier - nul}


@rule
def vainqueur_de_l_opposition_a_deux_jets(marge_du_premier: int, marge_du_second: int) -> str:
    """Two rolls at difficulty zero: the larger marge de réussite wins (equal marges: a draw)."""
    if marge_du_premier > marge_du_second:
        return PREMIER
    if marge_du_premier < marge_du_second:
        return SECOND
    return NUL


@rule
def difficulte_de_la_parade(niveau_du_defenseur: int, difficulte_de_base: int) -> int:
    """The parry of a confrontation: the defender's NC + the same base difficulty as the action."""
    return difficulte_finale(niveau_du_defenseur, difficulte_de_base)


@rule
def parade_possible(marge_de_l_action: int) -> bool:
    """A confrontation can be parried only when the action succeeded."""
    return action_reussie(marge_de_l_action)


@rule
def malus_d_actions_multiples(nombre_d_actions: int) -> int:
    """Malus on every simultaneous action = −3 per action beyond the first."""
    if nombre_d_actions < 1:
        raise ValueError("an action count starts at one")
    return -MALUS_PAR_ACTION_SUPPLEMENTAIRE * (nombre_d_actions - 1)


@rule
def difficulte_de_base_de_la_parade(difficulte_de_base: int, marge_de_l_action: int) -> int:
    """The parry takes the action's base difficulty, whatever the action's marge de réussite."""
    return difficulte_de_base
