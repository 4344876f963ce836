"""The chapter « La résolution des actions » bound to the rules: examples, table, note, sentences.

The table of chances is held to its own construction, cell by cell and
exactly; its distance from the dice is a figure, printed as a note on every
check and written into the working of the one finding it leads to. Why, and
why no tolerance against the dice: see `rules.mesures`.
"""

from __future__ import annotations

import re
from fractions import Fraction

from build_tools.game import comparison, note, operation, untraced

from ..rules import actions as regles
from ..rules import des, mesures
from . import binder
from .constats import lu

DIFFICULTES_DE_LA_TABLE = range(-20, 20)


def ecart_entre_la_table_et_les_des() -> tuple[Fraction, int, list[int]]:
    """The largest distance, in points of percentage, between the table's curve and the dice,
    where it is, and the difficulties of the failure side where the curve is not below the dice."""
    ecarts = {
        d: 100 * des.chance_du_jet_ouvert_au_moins(-d) - mesures.chance_de_la_table(d)
        for d in DIFFICULTES_DE_LA_TABLE
    }
    pire = max(ecarts, key=lambda d: abs(ecarts[d]))
    exceptions = [d for d in DIFFICULTES_DE_LA_TABLE if d <= 0 and ecarts[d] <= 0]
    return abs(ecarts[pire]), pire, exceptions


def _nombre(valeur, chiffres: int = 1, *, signe: bool = False) -> str:
    """A number as the book's working writes it: 1,3; −0,02 (+0,05 with its sign)."""
    texte = f"{float(valeur):{'+' if signe else ''}.{chiffres}f}"
    return texte.replace(".", ",").replace("-", "−")


def _en_pourcent(valeur, chiffres: int = 1) -> str:
    """A percentage as the book's working writes it: 0,792 %."""
    return f"{float(valeur):.{chiffres}f}".replace(".", ",") + "\u202f%"


def _difficulte(d: int) -> str:
    """A difficulty with its sign as the book writes it: +3, −18."""
    return f"{d:+d}".replace("-", "−")


# -- Difficulté d'une action ----------------------------------------------------


@binder.prose(contains="Un personnage type aura")
def chance_a_difficulte_zero(para):
    ecart, pire, exceptions = ecart_entre_la_table_et_les_des()
    note(
        "une marge de 0 réussit et ±d10° donne 0 une fois sur 11 : "
        "chance = 1/2 + 1/22 = 6/11 ≈ 54,5\u202f%"
    )
    sauf = ", ".join(
        f"{_difficulte(d)} ({_en_pourcent(mesures.chance_de_la_table(d))} pour "
        f"{_en_pourcent(100 * des.chance_du_jet_ouvert_au_moins(-d), 3)})"
        for d in exceptions
    )
    note(
        "la courbe de la table, tirée de 50\u202f% à la difficulté 0, est sous les dés à "
        f"chaque difficulté de −20 à 0{' sauf ' + sauf if sauf else ''} ; le plus grand écart "
        f"est de {_en_pourcent(ecart)} à {_difficulte(pire)} "
        f"({_en_pourcent(mesures.chance_de_la_table(pire))} dans la table, "
        f"{_en_pourcent(100 * des.chance_du_jet_ouvert_au_moins(-pire))} aux dés)"
    )
    # The personnage type, « avec zéro à tous ses Attributs et ses Compétences », at « une
    # action de difficulté zéro »: his difficulté finale is the action's (worked out untraced:
    # the working is the chance's, a sum of zeros adds nothing a reader needs).
    type_ = para.given("celui avec {} à tous ses Attributs")
    difficulte = para.given("une action de difficulté {}")
    with untraced():
        finale = regles.difficulte_finale(regles.niveau_de_competence(type_, type_), difficulte)
    # A whole percentage as printed: half a point is its own rounding, and the figure the
    # text should print is the chance to the whole percent.
    chance = regles.chance_de_reussite_en_pourcentage(finale)
    # The table is drawn from this sentence's 50 % (the rule CHANCE_A_DIFFICULTE_ZERO it
    # states): the right figure is printed, never patched alone.
    note(
        "la table est tirée de ces 50\u202f% : corrigée seule, la phrase contredirait la "
        "règle dont la table est tirée, qui est à refaire avec elle"
    )
    para.claim(
        "aura {}% de chance",
        chance,
        within=Fraction(1, 2),
        key=f"a difficulte 0 lu {lu(para, 'aura {}% de chance')}",
        written=round(chance),
        by_hand="the table of chances is drawn from these 50 percent (the rule "
        "CHANCE_A_DIFFICULTE_ZERO the sentence states): corrected alone, the sentence would "
        "contradict the rule the table rests on, and the table is to be drawn again with it",
    )


@binder.prose(contains="deux fois plus difficile")
def ecarts_de_difficulte(para):
    # « un malus de 5 points qui est ajouté de la difficulté »: a circumstance goes onto it.
    para.word("points qui est [] de la", operation(regles.difficulte_ajustee, "ajout"))
    para.word(
        "est calculée en [] la difficulté",
        operation(lambda nc, difficulte: regles.difficulte_finale(nc, difficulte), "ajout"),
    )
    # « deux fois plus difficile », « trois fois »: the sentence ecart_pour_un_rapport cites
    # says them, and the citation holds them to the rule (a contradiction at the word); read
    # here too, a changed ratio was also the points after it, three findings for one slip.
    deux_fois = mesures.ecart_pour_un_rapport(2)
    para.claim("la difficulté gagne {} points", deux_fois)
    para.claim("on retire {} points", deux_fois)
    para.claim("c'est un malus de {} points", mesures.ecart_pour_un_rapport(3))


@binder.example(id="xdifficulte")  # its section has the same title
def difficulte_d_une_action(ex):
    ex.waive_words("récit de l'exemple : l'ordre des calculs, pas une règle")
    competence = ex.given("Compétence de {} en Acrobatie")
    difficulte = ex.given("a une difficulté de {}")
    circonstances = ex.given("difficulté supplémentaire de {}")
    ajustee = regles.difficulte_ajustee(difficulte, circonstances)
    ex.claim("donnant une difficulté totale de {}", ajustee)
    agilite, manoeuvre = ex.given("heureusement {} en Agilité et {} en Manœuvre")
    niveau = regles.niveau_de_competence(competence, agilite, manoeuvre)
    ex.claim("avec son niveau d'acrobatie, {}", niveau)
    finale = regles.difficulte_finale(niveau, ajustee)
    ex.claim(re.compile(r"\( ([+\-]\d+) \+ ([+\-]\d+) = \) ([+\-]\d+)"), (niveau, ajustee, finale))
    return finale


@binder.table(title="Chances de réussite d'une action")
def chances_de_reussite(table):
    imprimees: dict[int, Fraction] = {}
    rangees = iter(table.rows)
    for difficultes, pourcentages in zip(rangees, rangees, strict=True):
        for cellule_difficulte, cellule_pourcentage in zip(
            difficultes[1:], pourcentages[1:], strict=True
        ):
            difficulte = cellule_difficulte.given()
            imprimee = lu(cellule_pourcentage, "{}%")
            imprimees[difficulte] = Fraction(imprimee.replace(",", "."))
            note(
                f"à {_difficulte(difficulte)}, 50\u202f% × 10^(−{abs(difficulte)}/10) ≈ "
                f"{_en_pourcent(50 * 10 ** (-abs(difficulte) / 10), 3)} du petit côté ; "
                "±d10° donne "
                f"{_en_pourcent(100 * des.chance_du_jet_ouvert_au_moins(-difficulte))}"
            )
            cellule_pourcentage.claim(
                "{}%",
                mesures.chance_selon_les_mesures(difficulte),
                key=f"difficulte {difficulte:+d} lu {imprimee}",
            )
    distance_aux_des(table, imprimees)


def distance_aux_des(table, imprimees: dict[int, Fraction]) -> None:
    """A note giving how far the printed chances are from the ±d10° chances, as a figure."""
    ecarts = {
        d: 100 * des.chance_du_jet_ouvert_au_moins(-d) - chance for d, chance in imprimees.items()
    }
    pire = max(ecarts, key=lambda d: abs(ecarts[d]))
    moyen = sum(abs(ecart) for ecart in ecarts.values()) / len(ecarts)
    au_dessus = [d for d, ecart in ecarts.items() if d <= 0 and ecart <= 0]
    table.inform(
        f"les chances imprimées sont en moyenne à {_nombre(moyen)} points des chances de ±d10°, "
        f"à {_nombre(abs(ecarts[pire]))} au plus (à {_difficulte(pire)} : "
        f"{_en_pourcent(imprimees[pire])} imprimés, {_en_pourcent(imprimees[pire] + ecarts[pire])}"
        " aux dés) ; de −20 à 0 elles sont sous les dés"
        + (" sauf à " + ", ".join(_difficulte(d) for d in au_dessus) if au_dessus else ""),
        key="distance aux des",
        derivation=[
            f"{_difficulte(d)} : {_en_pourcent(imprimees[d])} imprimés, "
            f"{_en_pourcent(imprimees[d] + ecart, 3)} aux dés, {_nombre(ecart, 2, signe=True)}"
            for d, ecart in ecarts.items()
        ],
    )


@binder.prose(contains="Dans notre exemple précédent, la difficulté")
def chance_de_l_acrobatie(para, difficulte_d_une_action):
    difficulte = difficulte_d_une_action
    para.claim("la difficulté de {} donne", difficulte)
    note(
        f"±d10° donne {_en_pourcent(100 * des.chance_du_jet_ouvert_au_moins(-difficulte))} ; "
        "la phrase lit la table"
    )
    para.claim("donne {}%", mesures.chance_selon_les_mesures(difficulte))


@binder.prose(contains="Quelqu'un m'a fait remarquer")
def comparaison_des_mesures(para):
    # The reader's fair chance, V_A / (V_A + V_B), is what correction_de_la_mesure computes,
    # for B − A ≥ 0 (hence « Dans le cas où B est inférieure à A, inversez A et B »).
    para.waive("comparer {} valeurs", "les deux Mesures comparées, de A et de B : un duel")
    para.waive("la somme des {} Mesures", "les deux Mesures comparées, de A et de B : un duel")
    para.word("serait [] à la Mesure", "égal")
    para.word("l'attaquant, [] par la somme", "diviser")
    para.word("où B est [] à A", "inférieur")
    note(
        "la chance équitable de A, VA / (VA + VB) = 1/(1 + 10^((B − A)/10)) (V : la valeur "
        "d'une Mesure), dépasse celle que la table donne à A − B (50\u202f% × 10^(−(B − A)/10)) : "
        "la difficulté équitable est −B plus une correction, qui facilite le jet de A"
    )
    para.affirm(
        "si A = B, la difficulté est de -B,",
        mesures.correction_de_la_mesure(0) == 0,
        rules_give=f"-B+{mesures.correction_de_la_mesure(0)}",
    )
    bas, haut = para.given("si {} < B-A <= {}")
    para.claim(
        "la difficulté est de -B{}",
        mesures.correction_d_une_tranche(haut),
        key=f"tranche de {bas} a {haut} lu {lu(para, 'la difficulté est de -B{}')}",
    )
    para.claim("si {} < B-A", haut)
    bas, haut = haut, para.given("B-A <= {}")
    para.claim(
        "la difficulté est de -B{}",
        mesures.correction_d_une_tranche(haut),
        key=f"tranche de {bas} a {haut} lu {lu(para, 'la difficulté est de -B{}')}",
    )
    para.claim("si B-A > {}", haut)
    para.claim(
        "la difficulté est de -B{}",
        mesures.correction_d_une_tranche(None),
        key=f"tranche au-dela de {haut} lu {lu(para, 'la difficulté est de -B{}')}",
    )


# -- La marge de réussite -------------------------------------------------------


@binder.prose(contains="ne fera pas un double périlleux")
def marge_sans_effet(para):
    para.waive_words("« double périlleux » : une figure d'acrobatie, pas un doublement", "double")
    para.given("s'il réussit à {}")


@binder.prose(contains="La marge de réussite est facile à calculer")
def marge_d_echec(para):
    para.word(
        "lance les dés et [] le résultat",
        operation(lambda difficulte, jet: regles.marge_de_reussite(difficulte, jet), "ajout"),
    )
    para.word("cette dernière est [] à zéro", comparison(regles.action_reussie, 0))
    para.word("Lorsqu'elle est [] à zéro", comparison(lambda m: not regles.action_reussie(m), 0))
    marge = para.given("une marge de réussite de {}")
    para.claim("une marge d'échec de {}", regles.marge_d_echec(marge))


# -- Les types d'action -----------------------------------------------------------


@binder.example(title="Action en confrontation")
def action_en_confrontation(ex):
    base = ex.given("qu'une difficulté de {} est représentative")
    intuition, manoeuvre, baratin = ex.given("respectivement {}, {} et {}")
    niveau = regles.niveau_de_competence(intuition, manoeuvre, baratin)
    finale = regles.difficulte_finale(niveau, base)
    ex.claim("cela lui fait une difficulté finale de {}", finale)
    malchance = ex.given("lance un {} sur son dé de malchance")
    chance = ex.given("un {} sur son dé de chance")
    marge = regles.marge_de_reussite(finale, des.resultat_du_jet(chance, malchance))
    ex.claim("La marge de réussite du joueur est donc de {}", marge)
    ex.affirm(
        "le joueur réussit donc son baratin", regles.action_reussie(marge), rules_give="un échec"
    )
    ex.affirm("peut par contre parer", regles.parade_possible(marge), rules_give="aucune parade")
    niveau_du_marchand = ex.given("possède un total de {}")
    ex.claim("Avec la pénalité de {} du baratin", base)
    ex.claim(
        "cela lui donne une difficulté finale de {}",
        regles.difficulte_de_la_parade(niveau_du_marchand, base),
    )
    return base


@binder.prose(contains="c'est bien la difficulté")
def parade_a_la_difficulte_de_base(para, action_en_confrontation):
    marge = para.given("une marge de réussite de {}")
    para.claim(
        "avec une difficulté de {}",
        regles.difficulte_de_base_de_la_parade(action_en_confrontation, marge),
    )


@binder.prose(contains="Les actions multiples surviennent")
def actions_multiples(para):
    para.claim("simultanées de {} points", regles.MALUS_PAR_ACTION_SUPPLEMENTAIRE)
    # « si un personnage fait trois actions en même temps »: a count in words, read.
    actions = para.given("si un personnage fait {} actions en même temps")
    para.waive("chacune de ses {} actions", "les actions que « fait trois actions » donne")
    para.claim("sera de {}", regles.malus_d_actions_multiples(actions))
