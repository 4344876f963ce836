"""Bindings of the chapter « le combat »: the fight of Björn and Kröm, surclassement, shooting."""

import re
from types import SimpleNamespace

from build_tools.game import comparison, operation

from ..rules import combat, sante
from ..rules.actions import DE_D_ACTION, cible_a_atteindre, degre_de_reussite
from ..rules.avance import FACTEUR_D_ATTAQUE
from ..rules.personnages import (
    ASPECTS,
    NIVEAUX_DE_CONNAISSANCE,
    bonus_de_competence,
    niveau_de_competence,
)
from . import affirmer, binder

GRAVITES_DU_GLOSSAIRE = {"legere": "légère", "grave": "grave", "critique": "critique"}
"""The glossary entries of the wounds, by id, and the wound each names."""


@binder.prose(contains="additionnée du bonus de parade de l'arme moins")
def total_de_parade(para):
    # « la CA …, additionnée du bonus de parade »: TP + FA = CA + BP.
    para.word(
        "l'arme, [] du bonus",
        operation(lambda ca, bp: combat.total_de_parade(ca, bp) + FACTEUR_D_ATTAQUE, "ajout"),
    )
    para.claim("bonus de parade de l'arme moins {}", FACTEUR_D_ATTAQUE)


@binder.example(title="un example de combat entre Björn et Kröm")
def bjorn_et_krom(ex):
    # Each fighter's niveau de connaissance is a link (« apprenti »), read from the markup.
    ex.waive_words(
        "récit du combat : l'aspect et le moyen où chacun manie son arme, qu'aucune règle du"
        " livre ne choisit ; leur somme est donnée (14)"
    )
    niveau_de_krom, niveau_de_bjorn = _niveaux_lies(ex)[:2]
    nc = niveau_de_competence(niveau_de_krom)
    ex.claim("arme ({} de niveau de compétence, soit", nc)
    bc = bonus_de_competence(nc)
    ex.claim("soit un bonus de compétence de {})", bc)
    puissance_en_physique = ex.given("Puissance en Physique de {} (Ph + Pu)")
    ba, bp, bd = ex.given(
        "(BA) de {}, un bonus de parade (BP) de {} et un bonus de dommage (BD) de {}."
    )
    cible = cible_a_atteindre(puissance_en_physique, bonus_de_competence=bc)
    ex.claim("avec son arme est donc de {} ({} - NC {})", (cible, puissance_en_physique, -bc))
    be, enc = ex.given(
        "peau d'ours, ce qui lui donne un bonus d'encaisse de {} "
        "et sa Résistance en Physique (Ph+Re) est de {}."
    )
    # Each fighter's totals are kept for the claims that state them, not given to the next one.
    with ex.working():
        krom = SimpleNamespace(
            cible=cible,
            bp=bp,
            ta=combat.total_d_attaque(cible, ba),
            tp=combat.total_de_parade(cible, bp),
            bd=bd,
            enc=enc,
            be=be,
        )

    # Björn: an épée longue and a small shield, whose BP adds to the sword's.
    ba, bp_arme, bd = ex.given("Cette arme lui donne BA{}, BP{}, BD{}.")
    bc = bonus_de_competence(niveau_de_competence(niveau_de_bjorn))
    ex.claim("Son niveau de compétence d'apprenti lui donne un bonus de compétence de {},", bc)
    puissance_en_physique = ex.given("où il a {} en tout")
    cible = cible_a_atteindre(puissance_en_physique, bonus_de_competence=bc)
    ex.claim("Sa CA est donc de {} - {} (BC) = {}.", (puissance_en_physique, -bc, cible))
    be = ex.given("cotte de maille au corps, pour un bonus d'encaisse de {},")
    bp_bouclier = ex.given("bouclier (petit) qui lui donne un bonus de parade de {}.")
    enc = ex.given("Sa Résistance en Physique (Ph+Re) est de {}.")
    with ex.working() as totaux_de_bjorn:
        bjorn = SimpleNamespace(
            ta=combat.total_d_attaque(cible, ba),
            tp=combat.total_de_parade(cible, bp_arme + bp_bouclier),
            bd=bd,
            enc=enc,
            be=be,
        )

    # Who can hit whom, on which faces.
    ex.claim(
        "il doit avoir au-dessus du TP de l'adversaire et au plus son TA sur le d{}", DE_D_ACTION
    )
    ex.claim("soit entre {} et {} incluent", combat.jets_qui_touchent(krom.ta, bjorn.tp))
    ex.claim("au-dessus de {} (TP de Kröm)", combat.total_de_parade(krom.cible, krom.bp))
    ex.claim("et au plus {} (son TA)", bjorn.ta, working=totaux_de_bjorn.of(combat.total_d_attaque))
    ex.claim("soit entre {} et {}.", combat.jets_qui_touchent(bjorn.ta, krom.tp))

    # Kröm's blow.
    ex.claim("Il lance le d{} et obtient", DE_D_ACTION)
    de = ex.given("et obtient {}, il touche")
    with ex.working() as coup:
        dommage = combat.attaque(krom.ta, bjorn.tp, de, krom.bd)
    if not affirmer(
        ex,
        "il touche!",
        dommage is not None,
        f"un coup manqué à TA {krom.ta}, TP {bjorn.tp}",
        working=coup.of(combat.attaque),
    ):
        # no blow to follow: the numbers left are reported unbound
        return SimpleNamespace(krom=krom, bjorn=bjorn)
    ex.claim("Son arme a {} de BD", krom.bd)
    ex.claim(
        # the term is the link's, which its erratum's correction rewrites (« de dommage »)
        re.compile(r"ce qui fait un niveau de (?:difficulté|dommage) de (\d+)!"),
        dommage,
        working=coup.of(combat.niveau_de_dommage),
    )
    # The number is linked to a term of the glossary: it must be the niveau de dommage, the
    # rule that makes the 28 (its line in the working of the link's claim).
    combat.niveau_de_dommage(degre_de_reussite(krom.ta, de), krom.bd)
    terme = _terme_lie_avant(ex, "ce qui fait un")
    affirmer(
        ex,
        "ce qui fait un niveau de difficulté de",
        terme == "dom",
        f"le niveau de dommage (Dom = °R + BD = {dommage}), mais le {dommage} renvoie à "
        f"« {terme} », le niveau de difficulté (ND)",
        lire="ce qui fait un niveau de dommage de",
    )
    ex.claim("absorbe les {} premiers points", bjorn.be)
    ex.claim("avoir entre {} et {} pour encaisser", combat.jets_qui_encaissent(bjorn.enc))
    ex.claim("les {} points restants", sante.niveau_de_dommage_sous_l_armure(dommage, bjorn.be))
    de_d_encaissement = ex.given("Björn obtient {}, il reçoit")
    encaisse = degre_de_reussite(bjorn.enc, de_d_encaissement)
    effectifs = sante.dommages_effectifs(dommage, encaisse, bjorn.be)
    ex.claim("il reçoit donc {} de dommages", effectifs)
    ex.claim(
        "( {} du Dom moins {} points d'armure",
        (dommage, bjorn.be),
        working=coup.of(combat.niveau_de_dommage),
    )
    # « moins le °R du jet d'encaissement »: the °R comes off, as the armour does.
    ex.word(
        "d'armure [] le °R",
        operation(lambda dom, degre: sante.dommages_effectifs(dom, degre, bjorn.be) + bjorn.be),
    )
    blessure = sante.type_de_blessure(effectifs)
    lien = _terme_lie_avant(ex, "ce qui lui donne une")
    affirmer(
        ex,
        "ce qui lui donne une",
        GRAVITES_DU_GLOSSAIRE.get(lien) == blessure,
        f"une blessure « {blessure} » pour {effectifs} dommages effectifs ; "
        f"le texte renvoie à « {lien} »",
    )
    return SimpleNamespace(krom=krom, bjorn=bjorn)


@binder.table(title="Résumé des totaux de combats")
def resume_des_totaux(table, bjorn_et_krom):
    head = table.head_rows[0]
    head[2].claim("TP (CA+BP-{})", FACTEUR_D_ATTAQUE)
    # « Enc (Ph+Re) »: the encaissements it totals are the example's, « sa Résistance en
    # Physique (Ph+Re) », the aspect the fight's blows are taken in
    head[4].word("Enc ([]+Re)", ASPECTS["Ph"])
    combattants = {"Kröm": bjorn_et_krom.krom, "Björn": bjorn_et_krom.bjorn}
    for row in table.rows:
        combattant = combattants[row[0].text]
        row[1].claim("{}", combattant.ta)
        row[2].claim("{}", combattant.tp)
        row[3].claim("{}", combattant.bd)
        row[4].claim("{}", combattant.enc)
        row[5].claim("{}", combattant.be)


@binder.prose(contains="Sert uniquement à se défendre")
def manoeuvre_de_parade(para):
    para.waive_words("la CA de la manœuvre en abréviations : son moyen est vérifié ailleurs")
    para.claim("ajouté au °R + {}.", combat.bonus_de_manoeuvre("MP"))


@binder.prose(contains="Le coup qui fait mal")
def manoeuvre_de_dommage(para):
    para.waive_words("la CA de la manœuvre en abréviations : son moyen est vérifié ailleurs")
    # The bonus is written after its operator (« °R + 5 », « °R - 5 »): the sign is the text's.
    bonus = combat.bonus_de_manoeuvre("MD")
    moins = re.search(r"ajouté au °R ([-−]) ", para.text)
    if moins:
        para.claim(f"ajouté au °R {moins.group(1)} {{}}, et représente", -bonus)
    else:
        para.claim("ajouté au °R + {}, et représente", bonus)


@binder.prose(contains="le malus de -5 aux dommages")
def surclassement_pour_les_debutants(para):
    para.claim("le malus de {} aux dommages", combat.bonus_de_manoeuvre("MD"))


@binder.prose(contains="trois types de portée")
def portees(para):
    # « est égale à la cible à atteindre de la compétence plus un éventuel bonus »
    ca = cible_a_atteindre(10, 0, 0)
    para.word("pour tirer est [] à la cible", comparison(lambda tir: tir == ca, ca))
    para.waive_words(
        "« ajustements ajoutés » et « portée maximale … dépassée » : laissés au MJ et à"
        " chaque arme, le livre n'en chiffre aucun",
        "ajouter",
        "dépasser",
    )
    difficultes = tuple(combat.difficulte_de_portee(p) for p in ("courte", "moyenne", "grande"))
    para.claim("de difficulté de base: {}, {} et {}.", difficultes)


@binder.prose(contains="entre la courte et la moyenne portée")
def dommages_de_tir(para):
    # Read as a shot at short range: see the docstring of rules/combat.py.
    para.waive_words("« le projectile atteint sa cible » : il touche, aucun seuil", "atteindre")
    dom = combat.niveau_de_dommage_de_tir(5, 3, "courte")
    para.word("de dommage [] à la somme", comparison(lambda x: x == dom, dom))
    sans_portee = 5 + 3
    para.word("et du BD [] la Difficulté", "moins" if dom < sans_portee else "plus")
    para.claim("verra son BD diminué de {}.", combat.difficulte_de_portee("courte"))


@binder.prose(contains="Il utilise pour cela son CA en Évitement")
def esquive(para):
    # « son CA en Évitement, soit un jet de Manœuvre en Physique »: the CA's moyen and aspect
    para.word("un jet de [] en", combat.MOYEN_D_EVITEMENT)
    para.word("en [] avec son", combat.ASPECT_D_EVITEMENT)
    para.claim("avec son bonus de compétence moins {}.", FACTEUR_D_ATTAQUE)


def _niveaux_lies(check) -> list[str]:
    """The niveaux de connaissance the passage links to (« apprenti »…), in order."""
    return [
        xref.get("linkend")
        for xref in check.passage.element.iter("xref")
        if xref.get("linkend") in NIVEAUX_DE_CONNAISSANCE
    ]


def _terme_lie_avant(check, words: str) -> str | None:
    """The linkend of the first cross-reference that follows `words` in the passage's markup."""
    for xref in check.passage.element.iter("xref"):
        before = xref.getprevious()
        text = (before.tail if before is not None else xref.getparent().text) or ""
        if " ".join(text.split()).endswith(words):
            return xref.get("linkend")
    return None
