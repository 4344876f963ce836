"""The chapter « les actions » bound to the rules: its examples, table and rule sentences.

Jérôme the librarian runs through the first examples (what `reussite_d_une_action` returns): the
Mental and BC of his first roll are those of the next ones, and the CA of his
search in the library is the one the difficulty example uses.
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

from build_tools.game import StaleBinding, comparison, operation, threshold, untraced

from ..rules import actions as regles
from ..rules import combat
from ..rules.personnages import (
    ASPECT_SANS_JET,
    ASPECTS,
    MOYENS,
    bonus_de_competence,
    niveau_de_competence,
)
from ..rules.sante import dommages_effectifs, type_de_blessure
from . import affirmer, binder

CA_MOYENNE = regles.cible_a_atteindre(
    ASPECT_SANS_JET, 0, bonus_de_competence(niveau_de_competence("disciple"))
)
"""The CA the book's averages are about (« la moitié d'une CA moyenne » is 5): an
aspect of 10, a neutral moyen and a compétence at disciple."""


# -- la cible à atteindre -----------------------------------------------------


@binder.prose(contains="est normalement un échec automatique")
def reussite_et_echec_automatiques(para):
    somme = regles.cible_a_atteindre(ASPECT_SANS_JET, 2)
    para.word("(CA) est [] à la somme", comparison(lambda ca: ca == somme, somme))
    para.claim("inférieure ou égale à {} est", regles.ECHEC_AUTOMATIQUE_JUSQU_A)
    para.claim("supérieure ou égale à {} est", regles.REUSSITE_AUTOMATIQUE_DES)
    # The remark: why the 20 and the 1 are automatic.
    para.claim("Si le {} n'était pas", regles.REUSSITE_AUTOMATIQUE_DES)
    # « il n'y aurait aucune différence entre un 19 et un 20 »: were a CA of 20
    # rolled, its 20 would fail, and the same faces would succeed as at 19.
    automatique = regles.REUSSITE_AUTOMATIQUE_DES
    para.claim("différence entre un {} et un {}", (automatique - 1, automatique))
    affirmer(
        para,
        "il n'y aurait aucune différence",
        regles.faces_de_reussite(automatique - 1) == regles.faces_de_reussite(automatique),
        "d’autres faces de réussite",
    )
    para.claim("le {} sur les dés étant toujours un échec", max(regles.faces_echouees(19)))
    para.claim("transféré au {} pour", min(regles.faces_de_reussite(1)))
    echec = regles.ECHEC_AUTOMATIQUE_JUSQU_A
    para.claim("une CA de {} est différente d'une CA de {}", (echec, echec + 1))
    affirmer(
        para,
        "est différente d'une CA de",
        regles.faces_de_reussite(echec) != regles.faces_de_reussite(echec + 1),
        "les mêmes faces de réussite",
    )


# -- the degrees --------------------------------------------------------------


@binder.prose(contains="il doit lancer un d20 et obtenir un nombre")
def degres(para):
    para.claim("lancer un d{}", regles.DE_D_ACTION)
    ca = CA_MOYENNE
    para.word("un nombre [] à sa CA", comparison(lambda de: regles.jet(ca, de).reussite, ca))
    para.word("le personnage [] sa CA", threshold(lambda de: not regles.jet(ca, de).reussite, ca))
    echec = regles.degre_d_echec(ca, ca + 3)
    para.word("Le degré d'échec est [] au résultat", comparison(lambda x: x == echec, echec))
    para.word(
        "résultat du dé [] la CA", operation(lambda de, cible: regles.degre_d_echec(cible, de))
    )


@binder.example(title="la réussite d'une action")
def reussite_d_une_action(ex):
    ex.waive_words(
        "récit de l'exemple : le moyen que choisit le personnage, lu par les nombres qui le suivent"
    )
    mental, perception = ex.given("a {} de Me et {} de Pe")
    # CA = aspect + moyen + BC: the jet's moyen is the one whose value the CA adds, the -1 of
    # his Pe (« un jet de Bibliothèque en Perception »)
    ex.word("un jet de Bibliothèque en []", MOYENS["Pe"])
    # « C'est un disciple, et il a donc 10 … en Bibliothèque »
    affirmer(ex, "C'est un disciple", True, "")
    nc = niveau_de_competence("disciple")
    ex.claim("il a donc {} de", nc)
    bc = bonus_de_competence(nc)
    ex.claim("de {}. Il désire", bc)
    ca = regles.cible_a_atteindre(mental, perception, bc)
    ex.claim(
        "égale à {} (son Mental) + {} (son bonus de Bibliothèque) {} (sa Perception) = {}",
        (mental, bc, perception, ca),
    )
    ex.claim("lance un d{}", regles.DE_D_ACTION)
    de = ex.given("et obtient {},")
    affirmer(ex, "une réussite normale", regles.jet(ca, de).reussite, "un échec")
    ex.claim("égal au résultat du dé, soit {}", regles.degre_de_reussite(ca, de))
    return {"Me": mental, "BC": bc, "CA en Bibliothèque": ca}


@binder.example(title="l'échec d'une action")
def echec_d_une_action(ex, reussite_d_une_action):
    ex.waive_words(
        "récit de l'exemple : le moyen que choisit le personnage, lu par les nombres qui le suivent"
    )
    jerome = reussite_d_une_action
    manoeuvre = ex.given("a {} en Manœuvre")
    # the jet's moyen is the one whose value the CA adds: his Manœuvre, the -3 the text gives
    ex.word("un jet de Bibliothèque en []", MOYENS["Ma"])
    ca = regles.cible_a_atteindre(jerome["Me"], manoeuvre, jerome["BC"])
    signe = "-" if manoeuvre < 0 else "+"
    ex.claim(
        "une CA de {}+{}" + signe + "{} = {}", (jerome["Me"], jerome["BC"], abs(manoeuvre), ca)
    )
    de = ex.given("obtient {}, un échec")
    affirmer(ex, "un échec!", not regles.jet(ca, de).reussite, "une réussite")
    ex.claim(
        "sera de {} (le résultat sur le dé) - {} (sa CA) soit {}",
        (de, ca, regles.degre_d_echec(ca, de)),
    )


@binder.prose(contains="un 1 sera considéré comme une")
def jets_forces(para):
    para.claim("inférieure ou égale à {}, un", regles.ECHEC_AUTOMATIQUE_JUSQU_A)
    # On a forced roll the 1 succeeds with the CA as °R: at any CA up to the
    # automatic échec, the face that succeeds is the 1.
    para.claim("un {} sera considéré comme une", min(regles.faces_de_reussite(-5)))
    para.claim("supérieure ou égale à {}, un", regles.REUSSITE_AUTOMATIQUE_DES)
    para.claim("un {} sera considéré comme un", max(regles.faces_echouees(20)))
    ca = regles.REUSSITE_AUTOMATIQUE_DES + 4
    para.claim("égal à {}-CA", regles.degre_d_echec(ca, regles.DE_D_ACTION) + ca)
    # « un degré de réussite égal à la CA »: a 1 forced at a CA of -2 reads -2.
    force = regles.degre_de_reussite(-2, 1)
    para.word("de réussite [] à la CA", comparison(lambda x: x == force, -2))
    # « un degré de réussite égal à la CA (et donc zéro ou négatif) »: the
    # highest CA the sentence covers is the échec automatique's own bound.
    plus_haute = regles.ECHEC_AUTOMATIQUE_JUSQU_A
    degre = regles.degre_de_reussite(plus_haute, 1)
    if "ou négatif)" not in para.text:  # the erratum corrected (« donc » may be reworded)
        para.claim("(et donc {} ou moins)", degre)
        return
    # the words affirmed start at the rule's (« donc » may be reworded); the id keeps them
    para.affirm(
        "zéro ou négatif",
        degre <= 0,
        rules_give=f"un °R de {degre} à une CA de {plus_haute}, que la phrase couvre",
        key="et donc zéro ou négatif",
        reads=f"{degre} ou moins",
    )


@binder.example(title="la réussite d'une action impossible")
def reussite_d_une_action_impossible(ex):
    ex.waive_words("réplique d'un personnage, pas une règle")
    ca = ex.given("Avec une CA de {},")
    affirmer(
        ex,
        "est incapable de se servir",
        regles.niveau_de_reussite_automatique(ca) == "échec automatique",
        "une CA qui n’est pas un échec automatique",
    )
    de = ex.given("obtient {}!")
    ex.claim("égale à sa CA, soit {}", regles.degre_de_reussite(ca, de))


# -- les niveaux de difficulté ------------------------------------------------


@binder.prose(contains="Le ND par défaut est zéro")
def niveaux_de_difficulte(para):
    para.claim("Le ND par défaut est {}", regles.ND_PAR_DEFAUT)
    para.claim("descendre en bas de {}", regles.ND_PAR_DEFAUT)
    # Below 0 or above the d20's highest face, only a forced roll or the dé
    # critique can beat it.
    para.claim("ou au-dessus de {}.", regles.DE_D_ACTION)
    para.claim(
        "entre {} (normale) et {} (très difficile)",
        (regles.niveau_de_difficulte("normale"), regles.niveau_de_difficulte("très difficile")),
    )
    affirmer(
        para,
        "pratiquement jamais plus que sa CA (sauf utilisation du",
        regles.chances_de_depasser_la_cible(CA_MOYENNE) == 0
        and regles.chances_de_depasser_la_cible(CA_MOYENNE, regles.DE_CRITIQUE) > 0,
        "d’autres chances d’un °R au-dessus de la CA",
    )
    # « il obtiendra la moitié de sa CA dans seulement 50% de ses réussites »:
    # at the CA moyenne, the réussites over half the CA (exactly one in two at
    # any even CA). Reading « at least half » would give 6 in 10 at a CA of 10:
    # the sentence is a rule of thumb, and this is the reading that makes it exact.
    part = regles.part_des_reussites_au_dela(CA_MOYENNE, Fraction(CA_MOYENNE, 2))
    para.claim("seulement {}%", part * 100)
    para.word("[] de sa CA dans", "moitié")  # the threshold just read: CA / 2


@binder.table(title="les difficultés")
def difficultes(table):
    for ligne in table.rows:
        ligne[1].claim("{}", regles.niveau_de_difficulte(ligne[0].text))


@binder.example(title="Résolution d'action et niveau de difficulté")
def resolution_et_niveau_de_difficulte(ex, reussite_d_une_action):
    nd = ex.given("niveau de difficulté de {}.")
    ca = reussite_d_une_action["CA en Bibliothèque"]
    plus_basse, plus_haute = regles.faces_reussies(ca, nd)
    ex.claim("entre {} (exclus) et {} (inclus)", (plus_basse - 1, plus_haute))
    ex.claim("sur son d{}", regles.DE_D_ACTION)
    ex.claim("{} étant son niveau de difficulté et {} sa CA", (nd, ca))


@binder.prose(contains="Il est possible d'avoir un niveau de difficulté inférieur")
def niveau_de_difficulte_inferieur_a_zero(para):
    # Below the ND par défaut a degré d'échec may count as a negative °R.
    para.claim("inférieur à {}.", regles.ND_PAR_DEFAUT)


@binder.example(title="Niveau de difficulté négatif")
def niveau_de_difficulte_negatif(ex):
    ca = ex.given("une CA de {} en Cuisine")
    nd = ex.given("un ND de {}.")
    de = ex.given("obtient {}!")
    resultat = regles.jet(ca, de)
    ex.claim("est de {}-{} = {}", (de, ca, regles.degre_d_echec(ca, de)))
    ex.claim("comme un °R de {}", regles.degre_signe(resultat))
    affirmer(
        ex,
        "qui est supérieur au ND",
        regles.action_reussie(resultat, nd, echec_comme_negatif=True),
        "un °R qui ne bat pas le ND",
    )


@binder.prose(contains="même avec un niveau de difficulté de 15")
def moyenne_des_degres(para):
    para.waive_words(
        "« en sera atteint » : le handicap touche le °R maximal, aucune borne n'est comparée",
        "atteindre",
    )
    nd = para.given("niveau de difficulté de {},")
    degre = para.given("qui a eu {} de °R")
    affirmer(
        para,
        "mais hélas insuffisant",
        not regles.action_reussie(regles.Jet(True, degre), nd),
        "un °R qui bat le ND",
    )
    # « Bien qu'au niveau des probabilités, le résultat soit sensiblement le même »
    affirmer(
        para,
        "le résultat soit sensiblement le même",
        all(
            regles.handicap_ou_difficulte_memes_chances(ca, points)
            for ca in range(1, regles.DE_D_ACTION)
            for points in range(ca)
        ),
        "des chances différentes pour un handicap et un ND d’autant de points",
    )
    # « environ de 5 »: the mean °R at the CA moyenne is 5.5, which the book
    # rounds to a whole number.
    para.claim(
        "est environ de {}",
        regles.moyenne_des_degres_de_reussite(CA_MOYENNE),
        within=Fraction(1, 2),
    )
    # « soit la moitié d'une CA moyenne »: 5 is half the CA moyenne of 10.
    para.word("[] d'une CA moyenne", "moitié")


@binder.prose(contains="les chances de succès restent les mêmes")
def handicap_ou_difficulte(para):
    affirmer(
        para,
        "les chances de succès restent les mêmes",
        all(
            regles.handicap_ou_difficulte_memes_chances(ca, points)
            for ca in range(1, regles.DE_D_ACTION)
            for points in range(ca)
        ),
        "des chances différentes pour un handicap et un ND d’autant de points",
    )


ECRITURES = {"extrêment difficile": "extrêmement difficile"}
"""A difficulty of the table « les difficultés » as French spells it, where the table does not
(a correction writes the word a reader expects; the check reads either)."""


def _ecrite(difficulte: str) -> str:
    return ECRITURES.get(difficulte, difficulte)


def _difficulte_lue(mot: str) -> str:
    """The difficulty of the table that `mot` names, as the table spells it."""
    return next((d for d, ecrite in ECRITURES.items() if ecrite == mot), mot)


@binder.example(title="les handicaps et les difficultés")
def handicaps_et_difficultes(ex):
    ca = ex.given("une CA de {}) pour")
    # The story (Konrad rolls 6 and learns nothing) follows the ND the text prints: when that
    # ND is one other difficulty's, and the story is the rules' with it, the difficulty named
    # is the erratum, one word that leaves the story whole.
    motif_du_nd = "à obtenir et lui impose donc un niveau de difficulté de {}"
    nd_du_texte = ex.peek(motif_du_nd)
    mot = ex.find(re.compile(r"(?#difficulté nommée)est ((?:\S+ )?\S+) à obtenir et lui impose"))
    nommee = _difficulte_lue(mot.group(1))
    with ex.working() as selon_le_mot:
        difficulte = regles.niveau_de_difficulte(nommee)
    with untraced():
        jet = regles.jet(
            regles.cible_a_atteindre(ca, handicap=ex.peek("un handicap de {} points")),
            ex.peek("fait {} seulement"),
        )
        autres = [d for d, nd in regles.DIFFICULTES.items() if nd == nd_du_texte]
    if (
        difficulte != nd_du_texte
        and len(autres) == 1
        and not regles.action_reussie(jet, nd_du_texte)
    ):
        (autre,) = autres
        with ex.working() as selon_l_autre:
            regles.niveau_de_difficulte(autre)
        ex.erratum(
            mot.span(1),
            f"le texte dit « {mot.group(1)} », dont le ND est {difficulte} ; le ND de "
            f"{nd_du_texte} qu'il impose, et l'échec de Konrad qui en suit, sont ceux d'une "
            f"action « {_ecrite(autre)} »",
            "difficulté nommée",
            expected=_ecrite(autre),
            found=mot.group(1),
            working=selon_le_mot + selon_l_autre,
            reads=_ecrite(autre),
        )
        difficulte = nd_du_texte  # the ND of the difficulty the text should name
    ex.claim(
        motif_du_nd,
        difficulte,
        working=selon_le_mot,
        by_hand="the story after it (Konrad learns nothing) follows the text's ND, which no "
        "difficulty gives alone: with the table's, the divination succeeds, a story the rules "
        "do not write",
    )
    handicap = ex.given("un handicap de {} points")
    ca_handicapee = regles.cible_a_atteindre(ca, handicap=handicap)
    ex.claim("une CA de ({} - {} points d'handicap = ) {}", (ca, handicap, ca_handicapee))
    de = ex.given("fait {} seulement")
    resultat = regles.jet(ca_handicapee, de)
    affirmer(ex, "Bien que le jet soit réussi", resultat.reussite, "un échec")
    # The story follows the ND the example prints (its disagreement with the table is the
    # finding above, at the word or at the number), so that it is checked on its own terms.
    affirmer(
        ex,
        "Konrad n'a pas pu obtenir les renseignements",
        not regles.action_reussie(resultat, nd_du_texte),
        "un °R qui bat le ND",
    )
    ex.claim("qu'avec un {})", min(regles.faces_echouees(ca_handicapee)))


# -- le dé critique -----------------------------------------------------------


@binder.prose(contains="nommé le dé critique")
def de_critique(para):
    affirmer(
        para,
        "n'est jamais plus grand que sa",
        all(
            regles.chances_de_depasser_la_cible(ca) == 0
            for ca in range(-regles.DE_D_ACTION, 2 * regles.DE_D_ACTION)
        ),
        "un °R au-dessus de la CA sans le dé critique",
    )
    para.claim("lance un d{} avec son d{}", (regles.DE_CRITIQUE, regles.DE_D_ACTION))
    para.claim("Le d{} est géré", regles.DE_D_ACTION)
    para.claim("un {} naturel", regles.FACE_CRITIQUE)
    para.claim("relancer le d{} et", regles.DE_D_ACTION)
    para.claim("encore un {} sur", regles.DE_D_ACTION)
    para.claim("ajoute toujours le {}", regles.DE_D_ACTION)
    para.claim("relance encore le d{},", regles.DE_D_ACTION)
    para.claim("différent de {}.", regles.DE_D_ACTION)
    # Without the dé critique an ordinary °R lies over 0 and up to 20.
    para.claim("inférieur à {} ou supérieur à {}", (regles.ND_PAR_DEFAUT, regles.DE_D_ACTION))
    # « le d20 et l'ajouter à son degré »: the open d20 goes onto the °R.
    para.word(
        "et l'[] à son degré",
        operation(
            lambda ca, relance: (
                regles.jet_avec_de_critique(ca, ca, regles.FACE_CRITIQUE, (relance,)).degre
            ),
            "ajout",
        ),
    )
    # « lorsque le niveau de difficulté est supérieur à la CA (rendant le jet impossible) »
    ca = CA_MOYENNE
    para.word(
        "le niveau de difficulté est [] à la CA",
        comparison(lambda nd: regles.faces_reussies(ca, nd) is None, ca),
    )


@binder.example(title="une prouesse exceptionnelle")
def prouesse_exceptionnelle(ex):
    ca = ex.given("une CA de {} pour")
    de = ex.given("obtient un {} à la fois")
    # « un 1 à la fois sur son jet de dés et sur son dé critique »
    de_critique = de
    ex.claim("CA ({}) plus {}d{} ouvert", (ca, 1, regles.DE_D_ACTION))
    ex.claim("à nouveau le d{}", regles.DE_D_ACTION)
    premier = ex.given("obtient {}! Il relance")
    second = ex.given("obtient finalement {} (")
    ex.claim("que sur les {} après le premier {}!", (regles.DE_D_ACTION, regles.FACE_CRITIQUE))
    resultat = regles.jet_avec_de_critique(ca, de, de_critique, (premier, second))
    ex.claim(
        "de {} (sa CA initiale) + {} (le premier jet) + {} (le second jet) = {}",
        (ca, premier, second, resultat.degre),
    )
    nd = ex.given("le ND de {} que")
    affirmer(ex, "Il réussit donc à vaincre le ND", regles.action_reussie(resultat, nd), "un échec")
    autre = ex.given("qu'un {} sur son premier jet")
    autre_resultat = regles.jet_avec_de_critique(ca, de, de_critique, (autre,))
    ex.claim("que de ({}+{}=){}", (ca, autre, autre_resultat.degre))
    affirmer(
        ex, "et il aurait échoué", not regles.action_reussie(autre_resultat, nd), "une réussite"
    )


@binder.example(title="Maladresse exceptionnelle")
def maladresse_exceptionnelle(ex):
    ex.waive_words("récit de l'exemple : où se trouve le personnage, pas une règle")
    ca = ex.given("avec {} de CA")
    de, de_critique = ex.given("obtient un {} et un {} sur le dé critique")
    ex.claim("relance donc le d{}", regles.DE_D_ACTION)
    relance = ex.given("fait un autre {}!")
    resultat = regles.jet_avec_de_critique(ca, de, de_critique, (relance,))
    ex.claim(
        "de {} - {} (sa CA) + {} (son d{} supplémentaire), pour un total de {}",
        (de, ca, relance, regles.DE_D_ACTION, resultat.degre),
    )


@binder.prose(contains="Il est possible de faire varier le dé critique")
def variantes_du_de_critique(para):
    para.waive_words(
        "« lancé après » : un moment laissé au choix du MJ, qui ne change aucun degré", "après"
    )
    para.claim("lancer un d{} ou même un d{}", regles.DES_CRITIQUES_STRESSANTS)
    para.claim("que le d{} habituel", regles.DE_CRITIQUE)
    para.claim("qu'un d{} ou même un autre d{}", regles.DES_CRITIQUES_CALMES)


# -- les actions multiples ----------------------------------------------------


@binder.prose(contains="handicap cumulatif de")
def actions_multiples(para):
    para.claim("cumulatif de {} points", regles.HANDICAP_SUPPLEMENTAIRE_PAR_ACTION)
    para.claim("pénalité de {} par action", -regles.PENALITE_PAR_ACTION_IMPREVUE)
    premier = regles.handicaps_des_actions_multiples(3)[0]
    para.word("un handicap [] au nombre", comparison(lambda n: n == premier, 3))
    # The penalty of an unplanned action goes onto the last planned handicap.
    dernier = regles.handicaps_des_actions_multiples(3)[-1]
    imprevu = regles.handicap_d_action_imprevue(3)
    para.word("supplémentaire, [] à la dernière", "ajouter" if imprevu > dernier else "retirer")


# Mireille's actions, by order of importance, as the example lists them.
ACTIONS_DE_MIREILLE = ("éviter l'assaut", "trancher la corde", "sauter de cheval")


@binder.example(title="les actions multiples")  # the example, not its same-titled section
def exemple_d_actions_multiples(ex):
    for action in ACTIONS_DE_MIREILLE:
        if action not in ex.text:
            raise StaleBinding(action)
    nombre = len(ACTIONS_DE_MIREILLE)
    ex.claim("les {} autres seront compromises", nombre - 1)
    handicaps = regles.handicaps_des_actions_multiples(nombre)
    ex.claim("sera de {} (le nombre d'actions)", handicaps[0])
    supplement = regles.HANDICAP_SUPPLEMENTAIRE_PAR_ACTION
    ex.claim(
        "({} pour le nombre d'action plus {} points supplémentaires) {}",
        (nombre, handicaps[1] - handicaps[0], handicaps[1]),
    )
    ex.claim(
        "({} points déjà accumulés et {} points supplémentaires) {}",
        (handicaps[1], supplement, handicaps[2]),
    )
    imprevue = regles.handicap_d_action_imprevue(nombre)
    ex.claim(
        "handicap de {} (l'action la plus pénalisée du tour) + {} (la pénalité"
        " supplémentaire) = {}",
        (handicaps[-1], imprevue - handicaps[-1], imprevue),
    )


# -- les actions de dépassement -----------------------------------------------


@binder.prose(contains="action qui permet le dépassement possède")
def attributs_du_depassement(para):
    para.waive_words("« ajoutent un élément de risque » : un risque, pas un nombre", "ajouter")
    para.claim("possède {} attributs", len(regles.ATTRIBUTS_DU_DEPASSEMENT))


@binder.prose(contains="Le jet d'action se fait normalement, avec la difficulté")
def difficulte_du_depassement(para):
    # « même une difficulté de 0 pourrait être intéressante »: the lowest
    # difficulty there is, the ND par défaut.
    para.claim("même une difficulté de {}", regles.ND_PAR_DEFAUT)


@binder.prose(contains="un jet réussi à toujours un Dom plus petit")
def dom_plus_petit_que_l_effort(para):
    # « puisque °R > Diff »: the attribute the rule compares the °R with.
    para.word("puisque °R > [],", regles.ATTRIBUTS_DU_DEPASSEMENT["Diff"])
    para.waive_words("« le terme d'Effort maximal » names the attribute", "Effort maximal")
    for effort, difficulte in ((15, 8), (10, 0), (5, 12)):
        reussis = regles.dommages_possibles_de_depassement(effort, difficulte, True)
        affirmer(
            para,
            "un jet réussi à toujours un Dom plus petit que l'Effort",
            reussis is None or reussis[1] < effort,
            f"un Dom jusqu’à {reussis and reussis[1]} pour un Eff de {effort}",
        )
        rates = regles.dommages_possibles_de_depassement(effort, difficulte, False)
        affirmer(
            para,
            "Un jet râté se prend les pleins dommages, soit Eff",
            rates == (effort, effort),
            f"les Dom {rates} pour un Eff de {effort}",
        )


def _aspect_nomme(check, motif: str) -> str | None:
    """The aspect (its name) the first group of `motif` names in the passage, if one."""
    lu = re.search(motif, check.text)
    noms = {**ASPECTS, **{nom: nom for nom in ASPECTS.values()}}
    return noms.get(lu.group(1)) if lu else None


@binder.example(title="une action de dépassement")
def action_de_depassement(ex):
    # The example names the aspect of the action three times: the spell's CA, the encaissement
    # the Dom is taken in, the aspect the wound hinders; the rules take the Dom in the aspect
    # of the action. The aspect of the action is the one the example names most: where one of
    # the three says another, the erratum is at it.
    nommes = [
        _aspect_nomme(ex, motif)
        for motif in (r"\((\w+)\+", r"d'encaissement de (\w+)\+", r"son aspect (\w+)")
    ]
    aspect = Counter(nommes).most_common(1)[0][0]
    ex.word("([]+", aspect)
    affecte = regles.aspect_affecte_par_un_depassement(aspect)
    ex.waive_words(
        "le moyen de la Magie du Feu : le livre n'en nomme aucun, et la CA est donnée (17)"
    )
    effort = ex.given("(Eff = {})")
    difficulte = ex.given("une difficulté de {}.")
    ex.claim("Magie du Feu-{})", -bonus_de_competence(0))
    ca = ex.given("CA = {}.")
    de = ex.given("fait {} sur")
    ex.claim("le d{}.", regles.DE_D_ACTION)
    resultat = regles.jet(ca, de)
    affirmer(ex, "C'est son °R car", regles.action_reussie(resultat, difficulte), "un jet raté")
    ex.claim(
        "car {} est plus grand que Diff = {} et plus petit que sa CA de {}",
        (regles.degre_de_reussite(ca, de), difficulte, ca),
    )
    dom = regles.dommage_de_depassement(effort, difficulte, resultat)
    ex.claim(
        "est de {} (Eff) + {} (Diff) - {} (°R) = {} (Dom)",
        (effort, difficulte, resultat.degre, dom),
    )
    ex.word("d'encaissement de []+", affecte)
    ex.word("+[] qui vaut", combat.MOYEN_D_ENCAISSEMENT)
    encaissement = ex.given("qui vaut {}.")
    de_d_encaissement = ex.given("obtient {}.")
    degre = regles.degre_de_reussite(encaissement, de_d_encaissement)
    effectifs = dommages_effectifs(dom, degre)
    ex.claim("{} (Dom) - {} (la °R du jet d'encaissement) = {}", (dom, degre, effectifs))
    blessure = type_de_blessure(effectifs)
    affirmer(ex, "ça donne étourdi", blessure == "étourdi", f"« {blessure} »")
    ex.word("à utiliser son aspect []", affecte)
