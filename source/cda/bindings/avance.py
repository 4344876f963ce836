"""Bindings of the chapter « les règles avancées »: heroism and the adjustment factors."""

import re

from build_tools.game import covariation, operation, untraced

from ..rules import avance, combat
from ..rules.actions import (
    Jet,
    action_reussie,
    chances_de_reussite,
    cible_a_atteindre,
    degre_d_echec,
    jet,
)
from ..rules.personnages import (
    ASPECT_SANS_JET,
    NIVEAUX_DE_CONNAISSANCE,
    SURCOUT_PAR_NIVEAU_D_HEROISME,
    bonus_de_competence,
    cout_d_un_niveau_de_competence,
    niveau_de_competence,
)
from . import affirmer, binder

_NOTATION = r"([+\-−]?\d+)(h\d*)?"


def lire_statistique(check, before: str) -> tuple[int, int]:
    """Read a statistic in the book's heroic notation after `before`: « Ph 6h » → (6, 1).

    The value is a given; the level is read from what follows it (« h2 », « h »
    or nothing), through the rule `lire_notation`.
    """
    found = re.search(re.escape(before) + r"\s*" + _NOTATION, check.text)
    notation = (found.group(1) + (found.group(2) or "")) if found else ""
    if found and found.group(2) and len(found.group(2)) > 1:
        check.given(before + " {}h{}")
    else:
        check.given(before + " {}")
    return avance.lire_notation(notation)


def claim_notation(check, before: str, valeur: int, niveau: int) -> None:
    """Claim that the text writes the statistic as the rules note it: « Ph 8h2 », « My 7h »."""
    notation = avance.notation_d_heroisme(valeur, niveau)
    pattern = re.sub(r"[+\-−]?\d+", "{}", notation)
    numbers = tuple(int(number) for number in re.findall(r"[+\-−]?\d+", notation))
    check.claim(f"{before} {pattern}", numbers)


@binder.prose(contains="Si le niveau d'héroïsme n'est que de")
def niveau_omis(para):
    para.waive_words("« en ajoutant un h » : une lettre qu'on écrit, pas une addition", "ajouter")
    # « le niveau après la statistique »: where the notation writes it (8h2).
    notation = avance.notation_d_heroisme(8, 2)
    para.word("le niveau [] la statistique", "après" if notation.startswith("8") else "avant")
    para.claim(
        "n'est que de {}, on n'inscrit que h, en omettant le {}.",
        (avance.NIVEAU_OMIS, avance.NIVEAU_OMIS),
    )


@binder.example(title="Indication du niveau d'héroïsme")
def indication_du_niveau_d_heroisme(ex):
    physique, heroisme_physique = ex.given(
        "possède {} en Physique avec un niveau d'héroïsme de {},"
    )
    mystique, heroisme_mystique = ex.given("{} en Mystique avec un niveau d'héroïsme de {}.")
    claim_notation(ex, "Ph", physique, heroisme_physique)
    claim_notation(ex, "My", mystique, heroisme_mystique)


@binder.example(title="Calcul du total d'héroïsme")
def calcul_du_total_d_heroisme(ex):
    physique, heroisme_physique = lire_statistique(ex, "Ph")
    manoeuvre = ex.given("Ma {} et")
    niveau, heroisme_competence = lire_statistique(ex, "Équitation à")
    bc = bonus_de_competence(niveau)
    ex.claim("(pour un bonus de compétence de {}h)", bc)
    difficulte, heroisme_difficulte = lire_statistique(
        ex, "manœuvre incroyable d'un niveau de difficulté de"
    )
    cible = cible_a_atteindre(physique, manoeuvre, bc)
    ex.claim("une cible à atteindre de ({}+{}+{}=) {}", (physique, manoeuvre, bc, cible))
    ex.claim("un ND de {}", difficulte)
    total = avance.total_d_heroisme((heroisme_physique, heroisme_competence), heroisme_difficulte)
    ex.claim(
        "de ({}+{}-{}=) {}!",
        (heroisme_physique, heroisme_competence, heroisme_difficulte, total),
    )


@binder.table(title="exemples de niveaux d'héroïsme")
def exemples_de_niveaux_d_heroisme(table):
    for heroisme, niveau in table.rows:
        niveau.claim("{}", avance.niveau_d_heroisme_de(heroisme.text))


@binder.prose(contains="sert à augmenter plutôt le")
def effet_du_total_d_heroisme(para):
    points = avance.POINTS_PAR_TOTAL_D_HEROISME
    para.claim(
        "augmenter plutôt le degré de réussite de {} points "
        "ou diminuer le degré d'échec de {} points",
        (points, points),
    )
    para.claim("les degrés d'échec augmentent de {} points", points)
    para.claim("les degrés de réussite diminuent de {}.", points)


@binder.prose(contains="il gagne un point dans son")
def conversions(para):
    maximum = avance.CA_MAXIMALE
    ca, th = avance.convertir_ca(maximum + 1, 0)
    para.claim("plus grande que {}, il gagne", maximum)
    para.claim("Il abaisse alors sa CA de {} et augmente son TH de {}.", (maximum + 1 - ca, th))
    relevee, th = avance.relever_ca(avance.CA_MINIMALE, 0)
    para.claim("inférieure ou égale à {}, il peut", avance.CA_MINIMALE)
    para.claim(
        "augmenter son CA de {} en diminuant son TH de {}.", (relevee - avance.CA_MINIMALE, -th)
    )
    nd, nh = avance.convertir_nd(maximum + 1, 0)
    para.claim("passe au-dessus de {}, on peut", maximum)
    para.claim(
        "augmenter leur niveau d'héroïsme de {} et diminuer leur ND de {}.", (nh, maximum + 1 - nd)
    )


def signe(nombre: int) -> str:
    """A bonus as the book writes it: « +5 », « −2 »."""
    return f"{nombre:+d}".replace("-", "\u2212")


@binder.example(title="Héroïsme et cible à atteindre")
def heroisme_et_cible_a_atteindre(ex):
    physique = ex.given("aspect Physique de {} avec")
    puissance = ex.given("avec {} en Puissance")
    # The niveau de connaissance is a link (« disciple »): its NC gives the BC.
    niveau = next(
        xref.get("linkend")
        for xref in ex.passage.element.iter("xref")
        if xref.get("linkend") in ("profane", "apprenti", "disciple", "compagnon", "maître")
    )
    with ex.working() as selon_le_niveau:
        bonus = bonus_de_competence(niveau_de_competence(niveau))
    # The BC the example's story goes on with: the one its sum's total is made of (the « +5 »
    # of « soit +5 de BC », else the sum's own term), so that one slip is one finding.
    bc = ex.peek("en pugilat, soit {} de")
    _, _, terme, somme = ex.peek("finale est donc de {} + {} + {} = {}.")
    recit = bc if physique + puissance + bc == somme else terme
    if recit != bonus:
        with untraced():
            autres = [
                autre
                for autre in NIVEAUX_DE_CONNAISSANCE
                if bonus_de_competence(niveau_de_competence(autre)) == recit
            ]
        if len(autres) == 1:
            # that BC is another level's: the level named is the erratum, one word that leaves
            # the story whole (a link, corrected by its target)
            (autre,) = autres
            with ex.working() as selon_l_autre:
                bonus_de_competence(niveau_de_competence(autre))
            mot = ex.find(re.compile(r"(?#niveau de connaissance)est maintenant (\w+) en pugilat"))
            ex.erratum(
                mot.span(1),
                f"le texte dit {niveau}, dont le BC est {bonus} ; le BC de {signe(recit)} qu'il "
                f"donne, et l'héroïsme qui en suit, sont ceux d'un {autre}",
                "niveau de connaissance",
                expected=autre,
                found=niveau,
                working=selon_le_niveau + selon_l_autre,
                reads=autre,
            )
            bonus = recit  # the BC of the level the text should name
    ex.claim(
        "en pugilat, soit {} de",
        bonus,
        working=selon_le_niveau,
        by_hand="the rest of the example follows the text's BC, which no level gives: with the "
        "level's, its CA and héroïsme are another story, which the rules do not write"
        if recit != bonus
        else "",
    )
    cible = cible_a_atteindre(physique, puissance, recit)
    # the sum, once the BC is corrected, is part of its correction (the rest follows the text's)
    ex.claim(
        "finale est donc de {} + {} + {} = {}.",
        (physique, puissance, recit, cible),
        once_corrected=(physique, puissance, bonus, cible_a_atteindre(physique, puissance, bonus))
        if recit != bonus
        else None,
    )
    convertie, total = avance.convertir_ca(cible, 0)
    if not total:
        # The example's story is héroïsme: under the maximum there is none, and what follows
        # (its conversion, the roll it turns) is no longer the rules' story. One finding, at
        # the story's first word the rules deny.
        affirmer(
            ex,
            "On peut considérer alors que le personnage possède une CA de",
            False,
            f"une CA de {cible}, qui ne dépasse pas {avance.CA_MAXIMALE} : pas d'héroïsme",
        )
        ex.waive(
            re.compile(r"(?#la suite du récit)(?<=possède une CA de)[\s\S]*"),
            "la suite d'un récit d'héroïsme que les règles n'écrivent pas : la phrase "
            "qui l'ouvre est l'erratum",
        )
        return
    points = avance.POINTS_PAR_TOTAL_D_HEROISME
    ex.claim("une CA de ({} - {} =) {} avec", (cible, points, convertie))
    ex.claim("avec un total d'héroïsme de {}.", total)
    difficulte = ex.given("d'un niveau de difficulté {}.")
    de = ex.given("il obtient {}, soit un échec")
    ex.claim("supérieur à sa CA de {},", convertie)
    echec = degre_d_echec(convertie, de)
    ex.claim("avec un degré d'échec de {}-{} = {}.", (de, convertie, echec))
    ex.claim("à {} point dans son total d'héroïsme", total)
    heroique = avance.degre_heroique(-echec, total)
    ex.claim(
        "pour obtenir ({}-{}=) {}, ou un degré de réussite de {}!",
        (echec, points, -heroique, heroique),
    )
    ex.claim("qui avait un niveau de difficulté de {}.", difficulte)
    affirmer(
        ex,
        "soit un échec",
        not jet(convertie, de).reussite,
        f"une réussite à une CA de {convertie}",
    )
    # The heroic degree read back as a roll: a positive one is a °R, a negative one a °É.
    resultat = Jet(heroique > 0, abs(heroique))
    affirmer(
        ex,
        "Le personnage a donc réussi sa manœuvre",
        action_reussie(resultat, difficulte),
        f"un échec : un degré de {heroique} ne bat pas le ND {difficulte}",
    )


@binder.prose(contains="on augmentera le coût de")
def cout_de_l_heroisme(para):
    para.claim("augmentera le coût de {} PX par niveau d'héroïsme", SURCOUT_PAR_NIVEAU_D_HEROISME)


@binder.example(title="Progression et héroïsme")
def progression_et_heroisme(ex):
    lire_statistique(ex, "compétence de")  # the level one below, which costs nothing here
    arrivee, heroisme_d_arrivee = lire_statistique(ex, "à")
    cout = cout_d_un_niveau_de_competence(arrivee, heroisme_d_arrivee)
    ex.claim(
        "dépenser {} + {} × {} = {} PX",
        (arrivee, heroisme_d_arrivee, SURCOUT_PAR_NIVEAU_D_HEROISME, cout),
    )


@binder.prose(contains="Le facteur d'attaque vaut")
def facteur_d_attaque(para):
    # « ce facteur que vous retirez de la somme du CA et du bonus de parade »
    parade = combat.total_de_parade(10, 3)
    para.word("vous [] de la somme", "retirer" if parade < 10 + 3 else "ajouter")
    # « Plus il est élevé, plus les personnages ont des chances de se faire toucher. Plus il est
    # bas, moins les attaques porteront facilement »: the chance the rules give at another FA
    fa = avance.FACTEUR_D_ATTAQUE

    def touche(facteur):
        return combat.chance_de_toucher_a_un_facteur(ASPECT_SANS_JET, facteur)

    para.word("élevé, [] les personnages", covariation(touche, fa - 1))  # TP ≤ 0 above it
    para.word("bas, [] les attaques", covariation(touche, fa, lower=True))
    para.claim("dans les règles actuelles {}.", avance.FACTEUR_D_ATTAQUE)
    # « des personnages identiques »: the average character of the book, with
    # aspect 10, moyen 0 and a BC of 0, and the same weapon without bonus.
    chance = combat.chance_de_toucher_un_pareil(ASPECT_SANS_JET)
    para.claim(
        "Avec une valeur de {}, cela donne, pour des personnages identiques, une chance de {}%",
        (avance.FACTEUR_D_ATTAQUE, chance * 100),
    )


@binder.prose(contains="Le facteur de mortalité actuel est de")
def facteur_de_mortalite(para):
    para.waive(
        "pour deux personnages égaux",
        "« deux personnages égaux » : deux combattants identiques, l'illustration de la règle",
    )
    # « est retiré à l'Enc. Plus il est élevé, plus les coups sont mortels. Plus il est bas,
    # plus les chances du personnages de s'en sortir sans problème sont élevées »: the FM is 0,
    # and what the rules give at another FM says how it goes
    fm = avance.FACTEUR_DE_MORTALITE
    para.word(
        "lui, est [] à l",
        operation(lambda enc, f: combat.encaissement_a_un_facteur(enc, 0, f), "ajout"),
    )

    def s_en_sort(facteur):
        return chances_de_reussite(combat.encaissement_a_un_facteur(ASPECT_SANS_JET, 0, facteur))

    para.word("élevé, [] les coups", covariation(lambda f: 1 - s_en_sort(f), fm))
    para.word("bas, [] les chances", covariation(s_en_sort, fm, lower=True))
    para.waive_words("« personnages égaux » : identiques, l'illustration de la règle")
    para.claim("Le facteur de mortalité actuel est de {}", avance.FACTEUR_DE_MORTALITE)
