"""The chapter « les personnages » bound to the rules: its examples, tables and rule sentences.

Marie-Pierre's Enchanteur runs through the four creation examples: the
aspects she rolls are the ones she adjusts, then gains PX in from her starting
compétences (each example takes what the one before returned).
"""

from __future__ import annotations

import re
from fractions import Fraction

from build_tools.game import StaleBinding, comparison, note, operation, threshold

from ..rules import personnages as regles
from ..rules.actions import cible_a_atteindre
from . import affirmer, binder


def _formule(des: tuple[int, int, int]) -> tuple[str, tuple[int, int, int]]:
    """The pattern of a roll such as « 2d6+3 » or « 2d6-7 », and the numbers it reads."""
    nombre, faces, ajout = des
    signe = "+" if ajout >= 0 else "-"
    return "{}d{}" + signe + "{}", (nombre, faces, abs(ajout))


def _profil(**moyens: int) -> dict[str, int]:
    """Six moyens at 0 but those given (by abbreviation)."""
    return {abrege: moyens.get(abrege, 0) for abrege in regles.MOYENS}


# -- the history of the book --------------------------------------------------


@binder.prose(contains="Changement des Attributs en")
def aspects_et_moyens_de_la_version(para):
    # Version 1.2 of the revision history: « Changement des Attributs en 3
    # Aspects et des Attitudes en 6 Moyens ».
    para.claim("Attributs en {} Aspects", len(regles.ASPECTS))
    para.claim("Attitudes en {} Moyens", len(regles.MOYENS))


# -- les aspects --------------------------------------------------------------


@binder.prose(contains="Les aspects débutent généralement entre")
def aspects_de_depart(para):
    para.claim("entre {} et {}", (regles.ASPECT_DE_DEPART_MINIMUM, regles.ASPECT_DE_DEPART_MAXIMUM))


# -- les moyens ---------------------------------------------------------------


@binder.prose(contains="Les moyens sont au nombre de")
def nombre_de_moyens(para):
    para.claim("au nombre de {}", len(regles.MOYENS))
    # « la somme des moyens est toujours égale à zéro »: the constraint the rules test.
    para.word(
        "est toujours [] à zéro",
        comparison(
            lambda somme: not regles.contraintes_non_respectees(_profil(Pu=somme)),
            regles.SOMME_DES_MOYENS,
        ),
    )


@binder.prose(contains="Les moyens vont normalement de")
def bornes_des_moyens(para):
    para.claim("de {} à {}", (regles.MOYEN_MINIMUM, regles.MOYEN_MAXIMUM))


@binder.prose(contains="La somme de tous les moyens doit toujours valoir")
def somme_des_moyens(para):
    para.claim("valoir {}", regles.SOMME_DES_MOYENS)


@binder.prose(contains="La Puissance ne peut pas dépasser la Résistance")
def paire_puissance_resistance(para):
    _paire(para, 0)


@binder.prose(contains="La Manœuvre ne peut pas dépasser la Précision")
def paire_manoeuvre_precision(para):
    _paire(para, 1)


@binder.prose(contains="L'Expression ne peut pas dépasser la Perception")
def paire_expression_perception(para):
    _paire(para, 2)


def _paire(para, rang: int) -> None:
    """« La Puissance ne peut pas dépasser la Résistance de plus de 5 points »: the pair's
    moyens in the rules' order, and the constraint as the rules test it."""
    premier, second = regles.PAIRES_DE_MOYENS[rang]
    para.word("[] ne peut pas", regles.MOYENS[premier])
    para.word("dépasser la [] de", regles.MOYENS[second])

    def brisee(ecart: int) -> bool:
        # The first moyen over the second by `ecart`, the sum kept at 0.
        haut, bas = ecart - ecart // 2, -(ecart // 2)
        reste = -(haut + bas)
        profil = _profil(**{premier: haut, second: bas})
        autre = next(m for m in regles.MOYENS if m not in (premier, second))
        profil[autre] += reste
        return any(
            premier in contrainte for contrainte in regles.contraintes_non_respectees(profil)
        )

    para.word("ne peut pas [] la", threshold(brisee, regles.ECART_MAXIMAL_DANS_UNE_PAIRE))
    para.claim("de plus de {} points", regles.ECART_MAXIMAL_DANS_UNE_PAIRE)


@binder.table(title="les dénominations indicatives des combinaisons")
def combinaisons(table):
    # The table names the combinations of an aspect and a moyen; it states no
    # number. Its headings must be the book's three aspects and six moyens,
    # with the abbreviations the chapter gives them.
    entetes = zip(regles.ASPECTS.items(), table.head_rows[0][1:], strict=True)
    lignes = zip(regles.MOYENS.items(), (ligne[0] for ligne in table.rows), strict=True)
    for (abrege, _), cellule in (*entetes, *lignes):
        attendu = regles.denomination(abrege)
        affirmer(cellule, cellule.text, cellule.text == attendu, f"« {attendu} »")
    for ligne in table.rows:
        for cellule in ligne[1:]:  # « Cinq sens physique »: a combination's name
            cellule.waive(cellule.text, "le nom d'une combinaison : il ne dit aucune règle")


# -- les compétences ----------------------------------------------------------


@binder.prose(contains="Le niveau de compétence va de")
def bornes_du_niveau_de_competence(para):
    para.claim(
        "va de {} à {}",
        (regles.NIVEAU_DE_COMPETENCE_MINIMUM, regles.NIVEAU_DE_COMPETENCE_MAXIMUM),
    )
    para.claim("{} étant complètement profane", regles.niveau_de_competence("profane"))
    para.claim("et {} étant considéré comme un maître", regles.niveau_de_competence("maître"))


@binder.table(title="le niveau de compétence")
def niveaux_de_competence(table):
    for ligne in table.rows:
        niveau_de_connaissance = ligne[0].text.split(" (")[0]
        ligne[1].claim("{}", regles.niveau_de_competence(niveau_de_connaissance))


@binder.prose(contains="est égal au niveau de compétence moins")
def bonus_de_competence(para):
    bc = regles.bonus_de_competence(12)
    para.word("(BC) est [] au niveau", comparison(lambda x: x == bc, bc))
    para.word(
        "niveau de compétence []",
        # The sign the rules give the base: BC − NC is minus the base.
        operation(
            lambda nc, base: (
                nc
                + (regles.bonus_de_competence(nc) - nc) // regles.BASE_DU_BONUS_DE_COMPETENCE * base
            )
        ),
    )
    para.claim("{}. C'est ce dernier", -regles.bonus_de_competence(0), key="moins")
    # « toujours ajouté à l'aspect »: the BC goes onto the aspect in the CA.
    para.word(
        "toujours [] à l'aspect",
        operation(lambda aspect, bc: cible_a_atteindre(aspect, 0, bc), "ajout"),
    )


# -- la création des personnages ----------------------------------------------


@binder.prose(contains="La création des personnages est semi-aléatoire")
def creation_des_aspects(para):
    para.waive_words(
        "« des CA de 20 assez faciles à atteindre » : une appréciation du jeu, aucun seuil",
        "atteindre",
    )
    formule, des = _formule(regles.DES_D_ASPECT)
    para.claim("soit lancer {} fois " + formule, (regles.JETS_D_ASPECT, *des))
    para.claim("soustraire leur somme de {}", regles.TOTAL_DES_ASPECTS)
    para.claim("pour obtenir {} résultats", len(regles.ASPECTS))
    para.claim("mettre {} points partout", regles.ASPECT_SANS_JET)
    # The footnote: ten everywhere, a moyen at its +5 and a compétence at
    # compagnon (BC +5) reach a CA of 20 from the start.
    para.claim(
        "des CA de {} assez faciles",
        cible_a_atteindre(
            regles.ASPECT_SANS_JET,
            regles.MOYEN_MAXIMUM,
            regles.bonus_de_competence(regles.niveau_de_competence("compagnon")),
        ),
    )
    formule, des = _formule(regles.DES_D_ASPECT_PROGRESSIFS)
    para.claim("utilisez " + formule + " pour les deux premiers", des)
    para.claim("soustrayez leur somme de {}", regles.TOTAL_DES_ASPECTS_PROGRESSIFS)


@binder.example(title="la détermination des Aspects")
def determination_des_aspects(ex):
    double = ex.given("un double {}")
    premier_de, second_de = ex.given("ainsi que {} et {}")
    premier = regles.resultat_d_un_jet_d_aspect((double, double))
    second = regles.resultat_d_un_jet_d_aspect((premier_de, second_de))
    ex.claim("des résultats de {} et {}", (premier, second))
    troisieme = regles.troisieme_aspect(premier, second)
    ex.claim(
        "troisième résultat est de {} - ({}+{}) = {}",
        (regles.TOTAL_DES_ASPECTS, premier, second, troisieme),
    )
    # Her choice of where each result goes: the third in Mental, the first in
    # Mystique, the second in Physique.
    ex.claim("mais {} en Mental", troisieme)
    ex.claim("{} en Mystique et {} en Physique", (premier, second))
    return {"Ph": second, "Me": troisieme, "My": premier}


@binder.prose(contains="Le joueur peut ensuite faire")
def echanges_d_aspects(para):
    avant = {"Ph": 10, "Me": 10, "My": 10}
    apres = regles.echanger_un_point_d_aspect(avant, "Ph", "Me")
    para.claim(
        "faire {} échanges de {} point", (regles.ECHANGES_D_ASPECTS, apres["Me"] - avant["Me"])
    )
    para.claim("un aspect au-dessus de {}", regles.ASPECT_MAXIMUM_PAR_ECHANGE)
    para.claim("en diminuer un en deçà de {}", regles.ASPECT_MINIMUM_PAR_ECHANGE)
    para.claim("résultat au-delà de {}", regles.ASPECT_MAXIMUM_PAR_ECHANGE)
    para.claim(
        "est inférieure à {})",
        regles.somme_pour_un_troisieme_aspect(regles.ASPECT_MAXIMUM_PAR_ECHANGE),
    )
    para.claim("ou en deçà de {}", regles.ASPECT_MINIMUM_PAR_ECHANGE)
    para.claim(
        "est supérieure à {})",
        regles.somme_pour_un_troisieme_aspect(regles.ASPECT_MINIMUM_PAR_ECHANGE),
    )


@binder.example(title="l'ajustement des aspects")
def ajustement_des_aspects(ex, determination_des_aspects):
    ex.waive_words(
        "récit de l'exemple : les aspects de Marie-Pierre, lus par les nombres qui les suivent"
    )
    tirage = determination_des_aspects
    aspects = tirage
    # « Elle ne peut pas augmenter son Mental au-delà de 17 »: her Mental,
    # already over 15, can take no point by exchange.
    ex.claim("son Mental au-delà de {}", aspects["Me"])
    affirmer(
        ex,
        "Elle ne peut pas augmenter son Mental",
        not regles.peut_echanger_un_point_d_aspect(aspects, "My", "Me"),
        "un échange qui élève son Mental",
    )
    # the aspect she wants higher and the two she takes from are named: read, each the
    # exchange's (« un Mystique plus élevé », « son Aspect Physique », « un point en Mental »)
    ex.word("avoir un [] plus élevé", regles.ASPECTS["My"])
    avant = aspects
    aspects = regles.echanger_un_point_d_aspect(aspects, "Ph", "My")
    # « un Mystique plus élevé »: where the exchange takes her Mystique
    ex.word("un Mystique [].", "plus haut" if aspects["My"] > avant["My"] else "plus bas")
    ex.claim("Physique et le fait descendre de {} point", tirage["Ph"] - aspects["Ph"])
    ex.claim("augmenter son Mystique à {}. Ce", aspects["My"])
    ex.claim("Physique qui est rendu à {}", aspects["Ph"])
    affirmer(
        ex,
        "ne peut plus emprunter dans son Physique",
        not regles.peut_echanger_un_point_d_aspect(aspects, "Ph", "My"),
        "un échange qui abaisse encore son Physique",
    )
    avant = aspects
    aspects = regles.echanger_un_point_d_aspect(aspects, "Me", "My")
    ex.claim("en Mental (qui passe de {} à {})", (avant["Me"], aspects["Me"]))
    ex.claim("augmenter son Mystique à {}.", aspects["My"])
    echanges = regles.points_echanges(tirage, aspects)
    affirmer(
        ex,
        "pour augmenter son Mystique à",
        echanges <= regles.ECHANGES_D_ASPECTS,
        f"{echanges} échanges, au-delà des {regles.ECHANGES_D_ASPECTS} permis",
    )
    return aspects


@binder.prose(contains="Vient le temps de déterminer les")
def creation_des_moyens(para):
    formule, des = _formule(regles.DES_DE_MOYEN)
    # the moyens all alike, « tous les mettre à zéro »: their sum, zero, shared by the six
    para.claim("tous les mettre à {}", Fraction(regles.SOMME_DES_MOYENS, len(regles.MOYENS)))
    para.claim("tirer {} fois " + formule, (regles.JETS_DE_MOYEN, *des))
    para.claim("Les {} résultats obtenus", regles.JETS_DE_MOYEN)
    premier = para.given("pour {}, ")
    second = para.given("pour {}, etc.)")
    para.claim("(soit {} pour", regles.inverse_d_un_moyen(premier))
    para.claim(", {} pour", regles.inverse_d_un_moyen(second))
    para.claim("jusqu'à {} points d'échange", regles.ECHANGES_DE_MOYENS)
    para.claim("inférieur à {} ou supérieur à {}", (regles.MOYEN_MINIMUM, regles.MOYEN_MAXIMUM))


# Where Marie-Pierre places each of the six results (the three rolls, then
# their inverses, in the order the text gives them): her choice, not a rule.
PLACEMENT_DE_MARIE_PIERRE = {"Ex": 5, "Pe": 0, "Ma": 3, "Pr": 1, "Pu": 2, "Ré": 4}


@binder.example(title="la détermination des moyens")
def determination_des_moyens(ex):
    ex.waive_words(
        "récit de l'exemple : les moyens de Marie-Pierre, lus par les nombres qui les suivent"
    )
    tirages = ex.given("Elle obtient {}, {} et {}")
    resultats = regles.moyens_tires(tirages)
    # « auxquels elles ajoutent leurs inverses »: the rules add three results to the three rolls
    ex.word("elles [] leurs inverses", "ajouter" if len(resultats) > len(tirages) else "retirer")
    ex.claim("soit {}, {} et {}", resultats[3:])
    place = {moyen: resultats[rang] for moyen, rang in PLACEMENT_DE_MARIE_PIERRE.items()}
    # The example writes Résistance « Rs » where the book abbreviates it « Ré », three
    # times: one slip, corrected wherever it stands; the patterns follow the text as printed.
    ecrite = re.search(r"en Pu/(\w+)", ex.text).group(1)
    ex.claim(
        f"placer {{}} et {{}} en Ex/Pe, {{}} et {{}} en Ma/Pr, et {{}} et {{}} en Pu/{ecrite}",
        (place["Ex"], place["Pe"], place["Ma"], place["Pr"], place["Pu"], place["Ré"]),
    )
    resistance = next(abrege for abrege, nom in regles.MOYENS.items() if nom == "Résistance")
    ex.affirm(
        f"en Pu/{ecrite}",
        resistance == ecrite,
        rules_give=f"« en Pu/{resistance} »",
        everywhere=True,
    )
    points = ex.given("transfert ensuite {} point")
    # the moyens she takes her points from and gives them to are the text's: the rules move
    # them, and the moyens they give are those the text states after (« maintenant +3/-1 … »)
    source = _abreviation(ex.given("point de {moyen} en"))
    premier = _abreviation(ex.given("en {moyen} et un autre"))
    second = _abreviation(ex.given("un autre en {moyen}"))
    moyens = regles.transferer_un_point_de_moyen(place, source, premier, points)
    moyens = regles.transferer_un_point_de_moyen(moyens, source, second, points)
    ex.claim(
        f"maintenant {{}}/{{}} en Pu/{ecrite}, {{}}/{{}} en Ma/Pr, et {{}}/{{}} en Ex/Pe",
        (moyens["Pu"], moyens["Ré"], moyens["Ma"], moyens["Pr"], moyens["Ex"], moyens["Pe"]),
    )
    echanges = regles.points_echanges(place, moyens)
    affirmer(
        ex,
        "Elle transfert ensuite",
        echanges <= regles.ECHANGES_DE_MOYENS,
        f"{echanges} points d’échange, au-delà des {regles.ECHANGES_DE_MOYENS} permis",
    )
    brisees = regles.contraintes_non_respectees(moyens)
    affirmer(ex, "respecte toutes les contraintes imposées", not brisees, "; ".join(brisees))
    return moyens


def _abreviation(moyen: str) -> str:
    """The abbreviation the rules name a moyen by (« Résistance » → « Ré »)."""
    return next(abrege for abrege, nom in regles.MOYENS.items() if nom == moyen)


@binder.prose(contains="Le joueur détermine finalement ces compétences")
def competences_de_depart(para):
    para.waive_words("les niveaux de connaissance nommés à côté de leur NC, réclamé")
    para.claim("deux compétences à disciple ({})", regles.niveau_de_competence("disciple"))
    para.claim("trois à apprenti ({})", regles.niveau_de_competence("apprenti"))
    echange = regles.ECHANGE_CONTRE_UN_COMPAGNON
    para.claim(
        "échanger {} compétences à disciple et {} compétences à apprenti",
        (echange["disciple"], echange["apprenti"]),
    )
    para.claim("compagnon ({})", regles.niveau_de_competence("compagnon"))
    para.claim(
        "soit {} points au total", regles.px_d_aspect_de_depart(regles.COMPETENCES_DE_DEPART)
    )


# Which aspect each of Marie-Pierre's compétences goes with: the book does not
# say; this is the only split of her five compétences that gives the 10 / 20 / 5
# PX it states, and the one their names suggest. Their levels are the text's.
COMPETENCES_DE_MARIE_PIERRE = {
    "Enchantement": "Me",
    "Alchimie": "Me",
    "Méditation": "My",
    "Dague": "Ph",
    "Survie": "Ph",
}


@binder.example(title="la détermination des compétences")
def determination_des_competences(ex, ajustement_des_aspects):
    for nom in COMPETENCES_DE_MARIE_PIERRE:
        if nom not in ex.text:
            raise StaleBinding(nom)
    # The levels she takes are the example's givens; the PX they bring, the rules'.
    disciple = ex.given("comme compétences de {niveau de connaissance} Enchantement")
    apprenti = ex.given("Dague et Survie comme compétences d'{niveau de connaissance}")
    niveaux = {"Enchantement": disciple, "Alchimie": disciple}
    ex.waive_words("récit de l'exemple : les aspects de Marie-Pierre, lus par les PX réclamés")
    px = {abrege: 0 for abrege in regles.ASPECTS}
    for nom, aspect in COMPETENCES_DE_MARIE_PIERRE.items():
        niveau = regles.niveau_de_competence(niveaux.get(nom, apprenti))
        px[aspect] += regles.px_d_aspect_d_une_competence(niveau)
    ex.claim("{} PX en Physique, {} en Mental et {} en Mystique", (px["Ph"], px["Me"], px["My"]))
    aspects = ajustement_des_aspects
    # The Physique the example starts from must be the one the adjustment left;
    # its own arithmetic is then checked from the value it prints, so that one
    # slip is one finding; what that arithmetic gives from the right start is
    # the rest of the slip's correction (5 → 6, 4 PX left).
    note(f"après l'ajustement des aspects, son Physique est de {aspects['Ph']}")
    ex.claim("augmenter son Physique de {}", aspects["Ph"])
    depart = int(re.search(r"augmenter son Physique de (\d+)", ex.text).group(1))
    physique, reste = regles.progression_d_un_aspect(depart, px["Ph"])
    ex.claim(
        "{} (il lui reste {} PX dans ce domaine)",
        (physique, reste),
        once_corrected=regles.progression_d_un_aspect(aspects["Ph"], px["Ph"]),
    )
    mental, reste = regles.progression_d_un_aspect(aspects["Me"], px["Me"])
    ex.claim("son Mental de {} à {} (il lui en reste {} aussi)", (aspects["Me"], mental, reste))
    mystique, _ = regles.progression_d_un_aspect(aspects["My"], px["My"])
    affirmer(
        ex,
        "pas assez de points pour faire progresser son aspect Mystique",
        mystique == aspects["My"],
        f"une Mystique de {mystique}",
    )


# -- l'expérience et la progression -------------------------------------------


@binder.prose(contains="Le coût pour augmenter une")
def cout_de_progression(para):
    # « augmenter une compétence de 1 point »: the step whose cost is the NC to reach.
    # « toujours égal au NC à atteindre »: a step from 4 to 5 costs the 5 it reaches, not the 4
    # it goes past
    depart = 4
    cout = regles.cout_d_un_niveau_de_competence(depart + 1)
    para.word("à []. Lorsqu'un niveau", "atteindre" if cout == depart + 1 else "dépasser")
    para.waive_words(
        "« le Mental du plus puissant Mage du Royaume » : l'aspect d'un abus que la note décrit"
    )
    para.claim("de {} point est toujours égal", 1)
    aspect = regles.ASPECT_SANS_JET
    para.claim("d'aspect + {}", regles.px_pour_augmenter_un_aspect(aspect) - aspect)
    nouveau, _ = regles.progression_d_un_aspect(aspect, regles.px_pour_augmenter_un_aspect(aspect))
    para.claim("augmente son aspect de {} point", nouveau - aspect)
    para.claim(
        "un échange de {} point entre {} moyens",
        (regles.ECHANGE_DE_MOYENS_PAR_ASPECT, regles.MOYENS_D_UN_ECHANGE),
    )
    # The footnote's limits are left to each campaign; no rule fixes them.
    para.waive("nouvelles compétences à {}", "an example of abuse, not a rule")
    para.waive("aux {} ou aux {} plus fortes", "an optional limit left to each campaign")


@binder.example(title="Progression des personnages")
def progression_des_personnages(ex):
    equitation, physique, px_d_aspect = ex.given(
        "Équitation à {} et {} en aspect Physique, avec {} PX"
    )
    recus = ex.given("a reçu {} PX")
    cout = regles.cout_d_un_niveau_de_competence(equitation + 1)
    ex.claim(
        "dépenser {} de ses PX pour augmenter Équitation de {} à {}",
        (cout, equitation, equitation + 1),
    )
    gain = regles.px_d_aspect_d_une_competence(equitation + 1, equitation)
    ex.claim("reçoit donc {} PX en aspect Physique", gain)
    px_d_aspect += gain
    ex.claim("Avec {} PX dans ce dernier", px_d_aspect)
    nouveau, _ = regles.progression_d_un_aspect(physique, px_d_aspect)
    ex.claim("augmenter son aspect de {} à {}", (physique, nouveau))
    ex.claim("un échange entre {} de ses moyens", regles.MOYENS_D_UN_ECHANGE)
    ex.claim("(les {} initiaux moins les {} PX qu'il a dépensés", (recus, cout))
    ex.claim("{} PX en réserve", recus - cout)
