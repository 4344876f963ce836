"""Bindings of the chapter « la santé »: the table of damage effects, its examples, constants."""

import re
from fractions import Fraction

from build_tools.game import note, operation

from ..rules import sante
from ..rules.personnages import ASPECTS
from ..rules.sante import Blessures
from . import affirmer, binder


@binder.prose(contains="Les blessures ont 3 niveaux de gravité")
def niveaux_de_gravite(para):
    para.claim("ont {} niveaux de gravité", len(sante.GRAVITES))
    maximales = tuple(sante.BLESSURES_MAXIMALES[gravite] for gravite in sante.GRAVITES)
    para.claim("plus de {} blessures légères, {} graves et {} critique", maximales)
    # « Il en est de même pour les deux autres aspects »: all of them but the physical one
    para.claim("pour les {} autres aspects", len(ASPECTS) - 1)


@binder.prose(contains="Pour chaque point de fatigue, le personnage se voit infliger")
def handicap_par_point_de_fatigue(para):
    # « ce domaine (Physique, Mental ou Mystique) »: fatigue is counted in each aspect, every
    # one the rules enumerate; an aspect named twice, or another, is that word's erratum
    *premiers, dernier = ASPECTS.values()
    para.affirm(
        f"({', '.join(premiers)} ou {dernier})",
        True,
        rules_give="les trois aspects",
        key="les aspects de la fatigue",
    )
    para.waive_words("les trois aspects nommés : le handicap vaut pour chacun")
    handicap = sante.handicap_de_fatigue(1)
    if re.search(r"infliger un handicap de [+\-−]?\d", para.text):
        para.claim("infliger un handicap de {} sur", handicap)
        return
    # The sentence lost its number: « se voit infliger un handicap de sur toutes les CA ».
    affirmer(
        para,
        "infliger un handicap de sur toutes les CA",
        False,
        f"un handicap de {handicap} par point (le glossaire : « Chaque point diminue de 1 ») ; "
        "la phrase ne dit aucun nombre",
        lire=f"infliger un handicap de {handicap} sur toutes les CA",
    )


@binder.prose(contains="bonus dû à son armure (physique, mentale ou mystique)")
def armure_et_encaissement(para):
    # The rules follow « les armures » (and the combat example, and the 1.3
    # revision: « Les Bonus d'Armure se retire maintenant automatiquement aux
    # dommages »): the BE comes off the Dom, it does not raise the roll.
    # « le degré de réussite (positif) est soustrait du Dom »
    para.word("(positif) est [] du Dom", operation(sante.dommages_effectifs, "ajout"))
    para.waive_words(
        "la Résistance nommée dans la phrase du jet d'encaissement, affirmée à part", "Résistance"
    )
    affirmer(
        para,
        "éventuellement augmenté d'un bonus dû à son armure",
        False,
        "le BE retiré au Dom avant le jet d’encaissement "
        "(« les armures » : « Ce bonus est retiré au Dom avant le jet d'encaissement »)",
        lire="le Dom étant d'abord diminué du bonus dû à son armure",
    )


@binder.table(title="les effets des dommages")
def effets_des_dommages(table):
    for row in table.rows:
        bornes, blessure, fatigue, limite = row[:4]
        effet = sante.effet_du_type(blessure.text)
        if effet.minimum is None:
            bornes.claim("{} et moins", effet.maximum)
        elif effet.maximum is None:
            bornes.claim("{} et +", effet.minimum)
        else:
            bornes.claim("{} à {}", (effet.minimum, effet.maximum))
        fatigue.claim("{}", sante.points_de_fatigue(blessure.text))
        limite.claim("{}", sante.limite_de_recuperation(blessure.text))


@binder.prose(contains="Un personnage étourdi possède")
def etourdi(para):
    para.claim("possède {} dans cet aspect", sante.ETOURDISSEMENT)


@binder.example(title="Blessures et points de douleur")
def blessures_et_points_de_douleur(ex):
    legeres = ex.given("a reçu {} blessures légères")
    par_legere = sante.points_de_fatigue("légère")
    ex.claim("en tout {}x{}+", (legeres, par_legere))
    # Each claim takes the steps since the previous one: the étourdissement's line is its own.
    par_etourdissement = sante.points_de_fatigue("étourdi")
    total = legeres * par_legere + par_etourdissement
    note(f"PF = {legeres} × {par_legere} + {par_etourdissement} = {total}")
    ex.claim("+{}= {} PF", (par_etourdissement, total))
    blessures = Blessures(legeres=legeres)
    ex.claim("restera toujours {} points", sante.limite_de_recuperation_des_blessures(blessures))


@binder.prose(contains="Les niveaux de dommage sont normalement égaux")
def determination_des_niveaux_de_dommage(para):
    # « en moyenne, vaut 5 »: the mean °R of a successful encaissement at an
    # average Enc of 10 is 5.5, which the book gives to the unit below.
    para.claim("en moyenne, vaut {}", sante.degre_d_encaissement_moyen(), within=Fraction(1, 2))
    # « un °R sera soustrait »: the dommages effectifs are Dom − °R.
    para.word("°R sera []", operation(sante.dommages_effectifs, "ajout"))
    para.waive_words(
        "« normalement égaux à la blessure maximale » : le principe, dont la règle chiffrée"
        " suit (« y ajouter 5 points »)",
        "égal",
    )
    para.claim("d'y ajouter {} points", sante.ajout_au_niveau_de_dommage())


@binder.example(title="Détermination d'un niveau de dommage")
def chute_de_cheval(ex):
    # The book's damage figures go by fives, so « autour de » allows half a
    # step either side of the border between the two kinds of wound, and the
    # figure the text should write is the border to the nearest five.
    frontiere = sante.entre_deux_gravites("grave", "critique")
    par_cinq = 5 * round(frontiere / 5)
    ex.claim(
        "entre grave et critique, soit autour de {}",
        frontiere,
        within=Fraction(5, 2),
        written=par_cinq,
    )
    # The rest follows the figure the text chose; from the right one, the rest of its
    # correction.
    blessure_normale = _nombre_apres(ex.text, "soit autour de")
    niveau = sante.niveau_de_dommage_pour(blessure_normale)
    ex.claim(
        "niveau de dommage de {}",
        niveau,
        once_corrected=sante.niveau_de_dommage_pour(par_cinq),
    )
    ex.word("Il [] donc cinq", "ajouter" if niveau > blessure_normale else "retirer")
    ex.claim("donc {} points à cette dernière", abs(niveau - blessure_normale))


@binder.prose(contains="se récupèrent au rythme de")
def recuperation(para):
    para.claim("au rythme de {} point aux {} minutes", sante.RECUPERATION)
    para.claim("points de fatigue dépasse {}", sante.SEUIL_DE_BLESSURE_PAR_FATIGUE)
    para.claim("chaque tranche de {} points", sante.TRANCHE_DE_FATIGUE)
    para.claim("d'un coup au-dessus de {}", sante.SEUIL_DE_BLESSURE_PAR_FATIGUE)


def _nombre_apres(text: str, words: str) -> int:
    """The whole number the text writes right after `words` (for a figure already claimed)."""
    rest = text.split(words, 1)[1].lstrip()
    digits = ""
    for character in rest:
        if not (character.isdigit() or (not digits and character in "+-−")):
            break
        digits += character
    return int(digits.replace("−", "-"))
