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

from build_tools.game import constant, rule

from . import des

DIFFICULTE_D_OPPOSITION = constant(0, cites="La difficulté est toujours de zéro")
"""« La difficulté est toujours de zéro » in an action en opposition."""

MALUS_PAR_ACTION_SUPPLEMENTAIRE = constant(
    3,
    cites="Chaque action supplémentaire que le personnage entreprendra augmentera la difficulté "
    "sur toutes ses actions simultanées de trois points",
)
"""« Chaque action supplémentaire … augmentera la difficulté … de trois points »."""

PREMIER, SECOND, NUL = "premier opposant", "second opposant", "match nul"


@rule(
    formula="NC = Compétence + Attributs",
    symbols={
        "Compétence": lambda arguments: arguments["valeurs"][0],
        "Attributs": lambda arguments: sum(arguments["valeurs"][1:]),
    },
    cites="Le personnage a heureusement +2 en Agilité et +1 en Manœuvre, ce qui lui donne avec "
    "son niveau d'acrobatie, +5",
)
def niveau_de_competence(*valeurs: int) -> int:
    """Le Niveau de Compétence est la Compétence plus les Attributs utilisés pour l'action.

    The section that defines it did not reach us: the example states the sum."""
    return sum(valeurs)


@rule(
    formula="difficulté ajustée = difficulté de l'action + circonstances",
    symbols={
        "difficulté de l'action": "difficulte_de_l_action",
        "circonstances": lambda arguments: sum(arguments["circonstances"]) or None,
    },
    cites="le Meneur du Jeu peut ajouter ou soustraire à la difficulté de l'action selon les "
    "circonstances",
)
def difficulte_ajustee(difficulte_de_l_action: int, *circonstances: int) -> int:
    """Le MJ ajoute ou soustrait à la difficulté de l'action selon les circonstances.

    Le Meneur du Jeu ajoute ou soustrait à la difficulté de l'action selon les circonstances."""
    return difficulte_de_l_action + sum(circonstances)


@rule(
    formula="difficulté finale = NC + difficulté ajustée",
    symbols={"NC": "niveau_de_competence", "difficulté ajustée": "difficulte_ajustee"},
    cites="La difficulté finale est calculée en ajoutant la difficulté de l'action ajustée selon "
    "les circonstances au Niveau de Compétence du personnage",
)
def difficulte_finale(niveau_de_competence: int, difficulte_ajustee: int) -> int:
    """La difficulté finale est la difficulté ajustée plus le Niveau de Compétence.

    La difficulté finale est la difficulté de l'action ajustée, ajoutée au Niveau de Compétence."""
    return niveau_de_competence + difficulte_ajustee


@rule(
    formula="marge de réussite = difficulté finale + jet",
    symbols={"difficulté finale": "difficulte_finale", "jet": "jet"},
    cites="le joueur lance les dés et ajoute le résultat à la difficulté. Le total est la marge "
    "de réussite",
)
def marge_de_reussite(difficulte_finale: int, jet: int) -> int:
    """La marge de réussite est la difficulté finale plus le résultat des dés."""
    return difficulte_finale + jet


@rule(
    formula="marge ≥ 0 : l'action est réussie ; marge < 0 : l'action échoue",
    symbols={"marge": "marge_de_reussite"},
    cites="Lorsque cette dernière est égale ou supérieure à zéro, l'action est réussie",
)
def action_reussie(marge_de_reussite: int) -> bool:
    """L'action est réussie lorsque la marge de réussite est égale ou supérieure à zéro."""
    return marge_de_reussite >= 0


@rule(
    formula="marge d'échec = − marge de réussite",
    symbols={"marge de réussite": "marge_de_reussite"},
    cites="une marge de réussite de -3 est équivalente à une marge d'échec de +3",
)
def marge_d_echec(marge_de_reussite: int) -> int:
    """La marge d'échec est l'opposé de la marge de réussite."""
    return -marge_de_reussite


@rule(
    formula="P(réussite) = P(difficulté finale ± d10° ≥ 0)",
    symbols={"difficulté finale": "difficulte_finale"},
    cites="La difficulté d'une action permet de déterminer les chances de réussite",
)
def chance_de_reussite(difficulte_finale: int) -> Fraction:
    """La chance que la difficulté finale plus les dés soit égale ou supérieure à zéro.

    La chance de réussite est celle que la difficulté finale plus les dés soit égale ou supérieure à
    zéro (exacte)."""
    return des.chance_du_jet_ouvert_au_moins(-difficulte_finale)


@rule(
    formula="chance = 100 × P(réussite)",
    symbols={
        "P(réussite)": lambda arguments: des.chance_du_jet_ouvert_au_moins(
            -arguments["difficulte_finale"]
        )
    },
    cites="chances de réussite approximative en pourcentage reliées à la difficulté finale",
)
def chance_de_reussite_en_pourcentage(difficulte_finale: int) -> Fraction:
    """La chance de réussite en pourcentage, exacte (100 × P)."""
    return 100 * chance_de_reussite(difficulte_finale)


# -- les types d'action -------------------------------------------------------


@rule(
    formula="difficulté = NC₁ − NC₂",
    symbols={"NC₁": "niveau_du_premier", "NC₂": "niveau_du_second"},
    cites="on fait un jet avec une difficulté égale au Niveau de Compétence du premier opposant "
    "moins le Niveau de Compétence du second",
)
def difficulte_d_opposition_a_un_jet(niveau_du_premier: int, niveau_du_second: int) -> int:
    """À un jet, la difficulté est le NC du premier opposant moins celui du second.

    À un jet, la difficulté est le Niveau de Compétence du premier opposant moins celui du second.
    """
    return niveau_du_premier - niveau_du_second


@rule(
    cites=(
        "Si la marge de réussite est supérieure à zéro, le premier opposant l'emporte",
        "Si elle est inférieure à zéro, c'est le second opposant qui l'emporte",
        "Si le résultat est précisément zéro, on a un match nul",
    )
)
def vainqueur_de_l_opposition_a_un_jet(marge_de_reussite: int) -> str:
    """Marge positive : le premier l'emporte ; négative : le second ; zéro : match nul.

    Une marge supérieure à zéro fait l'emporter le premier opposant, inférieure le second ;
    précisément zéro, c'est un match nul."""
    if marge_de_reussite > 0:
        return PREMIER
    if marge_de_reussite < 0:
        return SECOND
    return NUL


@rule(
    cites=(
        "Si la marge de réussite est supérieure à zéro, le premier opposant l'emporte",
        "Si le résultat est précisément zéro, on a un match nul",
    )
)
def chances_de_l_opposition_a_un_jet(niveau_du_premier: int, niveau_du_second: int) -> dict:
    """Les chances du premier opposant, du match nul et du second, à un jet.

    Les chances que l'emporte le premier opposant, d'un match nul et que l'emporte le second, à un
    jet (exactes)."""
    difficulte = difficulte_d_opposition_a_un_jet(niveau_du_premier, niveau_du_second)
    nul = des.chance_du_jet_ouvert(-difficulte)
    premier = des.chance_du_jet_ouvert_au_moins(1 - difficulte)
    return {PREMIER: premier, NUL: nul, SECOND: 1 - premier - nul}


@rule(cites="chaque adversaire lance les dés et celui qui a la plus grande marge de réussite gagne")
def vainqueur_de_l_opposition_a_deux_jets(marge_du_premier: int, marge_du_second: int) -> str:
    """À deux jets, la plus grande marge de réussite gagne.

    À deux jets, celui qui a la plus grande marge de réussite gagne (à marges égales, match nul)."""
    if marge_du_premier > marge_du_second:
        return PREMIER
    if marge_du_premier < marge_du_second:
        return SECOND
    return NUL


@rule(
    formula="difficulté de la parade = NC du défenseur + difficulté de base",
    symbols={"NC du défenseur": "niveau_du_defenseur", "difficulté de base": "difficulte_de_base"},
    cites="l'adversaire peut parer l'action en prenant la même difficulté mais pas "
    "nécessairement les mêmes Attributs",
)
def difficulte_de_la_parade(niveau_du_defenseur: int, difficulte_de_base: int) -> int:
    """La parade prend la difficulté de base de l'action, avec le NC du défenseur.

    La parade prend la même difficulté de base que l'action, avec le Niveau de Compétence du
    défenseur."""
    return difficulte_finale(niveau_du_defenseur, difficulte_de_base)


@rule(
    formula="marge ≥ 0 : l'adversaire peut parer ; marge < 0 : rien ne se passe",
    symbols={"marge": "marge_de_l_action"},
    cites="Si l'action échoue, rien ne se passe. Par contre, si elle réussit, l'adversaire peut "
    "parer l'action",
)
def parade_possible(marge_de_l_action: int) -> bool:
    """L'adversaire ne peut parer une action en confrontation que si elle a réussi."""
    return action_reussie(marge_de_l_action)


@rule(
    formula="malus = −3 × (actions − 1)",
    symbols={"actions": "nombre_d_actions"},
    cites=(
        "augmentera la difficulté sur toutes ses actions simultanées de trois points",
        "le malus sur chacune de ses trois actions sera de -6",
    ),
)
def malus_d_actions_multiples(nombre_d_actions: int) -> int:
    """Chaque action supplémentaire rend toutes les actions plus difficiles de 3 points.

    Chaque action supplémentaire augmente la difficulté de toutes les actions simultanées de trois
    points."""
    if nombre_d_actions < 1:
        raise ValueError("an action count starts at one")
    return -MALUS_PAR_ACTION_SUPPLEMENTAIRE * (nombre_d_actions - 1)


@rule(
    formula="difficulté de la parade = difficulté de base",
    symbols={"difficulté de base": "difficulte_de_base"},
    cites="c'est bien la difficulté choisie au départ par le joueur et non sa marge de réussite "
    "qui donne la difficulté de la parade",
)
def difficulte_de_base_de_la_parade(difficulte_de_base: int, marge_de_l_action: int) -> int:
    """La difficulté de la parade est celle choisie au départ, non la marge.

    La difficulté de la parade est la difficulté choisie au départ, non la marge de réussite."""
    return difficulte_de_base
