"""The bindings of the book Edad 0.2 to its rules: examples, tables, feats and rule sentences.

In the book's order. The goblin fight is replayed by `rejeu.Rejeu`; names and
kinds of action, which are words, are read and judged by `mots`.

Over 600 lines, for a reason: one binding per passage of the book, in the
book's order, so that a reader of one finds the other beside it.
"""

from __future__ import annotations

import difflib
import re
from fractions import Fraction

from build_tools.game import (
    Binder,
    Check,
    TableCheck,
    comparison,
    note,
    operation,
    slug,
    threshold,
)

from . import mots
from .rejeu import Rejeu
from .rules import dons, equipement, file, jets, magie, personnage

binder = Binder(terms=mots.TERMES)

ACTION = r"(simple|complexe)"
PARTS_DE_LA_FILE = {"moitié": Fraction(1, 2), "tiers": Fraction(1, 3), "quart": Fraction(1, 4)}
"""The words by which the book names a share of the queue, and the share each says."""
LIEN = r"(?:\w+ )?"
"""A word that links two clauses (« donc », « ainsi »), which an author may reword: the
regular expressions that read the fight rest on the words that carry its rules."""


def verifier_les_noms_de_dons(check: Check) -> None:
    """Every feat the passage names is a feat of the book (its chains and « <arme> rapide » too)."""
    for mention in mots.mentions_de_dons(check.text):
        depuis = len(check.trace.steps)
        if dons.resoudre_le_nom(mention.nom) is not None:
            continue
        proche = difflib.get_close_matches(mention.nom, list(dons.DONS), n=1, cutoff=0.5)
        ailleurs = f" (les dons définissent « {proche[0]} »)" if proche else ""
        mots.signaler(
            check,
            mots.mention_en_match(check.text, mention),
            f"le texte nomme le don « {mention.nom} », "
            f"qu’aucune liste de dons ne définit{ailleurs}",
            f"don {mention.nom}",
            depuis=depuis,
            trouve=mention.nom,
            lire=mots.LECTURES_DES_DONS.get(mention.nom, ""),
        )


# -- Avant-propos --------------------------------------------------------------


@binder.prose(contains="le jeu de rôle maison s'appuyant sur D&D version")
def version_de_d_et_d(para: Check) -> None:
    para.waive("D&D version {}", "the edition of D&D Edad builds on")


@binder.prose(contains="La version 0.1 a été testée")
def version_testee(para: Check) -> None:
    para.waive("La version {} a été testée", "a version of the rules")


@binder.prose(contains="Je suis donc ravi de vous présenter la version")
def version_presentee(para: Check) -> None:
    para.waive("la version {} d'Edad", "a version of the rules")


# -- Le Personnage --------------------------------------------------------------


@binder.prose(contains="Classiquement, les valeurs sont tirées avec")
def tirage_des_caracteristiques(para: Check) -> None:
    # The six caractéristiques and their abbreviations, in the rules' order.
    noms, abreges = list(personnage.CARACTERISTIQUES.values()), list(personnage.CARACTERISTIQUES)
    for liste in (noms, abreges):
        phrase = ", ".join(liste[:-1]) + " et " + liste[-1]
        para.affirm(phrase, True, rules_give=phrase, key=f"liste {liste[0]}")
    para.claim("tirées avec {}D{}", personnage.TIRAGE_CLASSIQUE)


@binder.prose(contains="remplacent les jets de sauvegarde")
def competences_de_sauvegarde(para: Check) -> None:
    for competence, abrege in personnage.COMPETENCES_DE_SAUVEGARDE.items():
        para.word(f"{competence}([])", personnage.CARACTERISTIQUES[abrege])


@binder.prose(contains="Le bonus lié à une caractéristique est la valeur")
def bonus_lie(para: Check) -> None:
    para.claim("moins {} (donc", personnage.VALEUR_SANS_BONUS)


@binder.prose(contains="La plupart des races ont un facteur de puissance de")
def facteur_de_puissance(para: Check) -> None:
    para.claim("un facteur de puissance de {}, ce qui", personnage.FACTEUR_DE_PUISSANCE_LIBRE)


@binder.example(title="Exemple : bonus de caractéristique")
def bonus_de_caracteristique(ex: Check) -> None:
    force = ex.given("ayant {} en force")
    ex.claim("est de {}", personnage.bonus_de_caracteristique(force))


@binder.example(title="Exemple : bonus de compétence")
def bonus_de_competence(ex: Check) -> None:
    ex.word("Estimation ([])", personnage.CARACTERISTIQUES[personnage.COMPETENCES["Estimation"]])
    intelligence = ex.given("qui aura {} en intelligence")
    ex.claim("un bonus de {} sur le test", personnage.bonus_de_competence(0, intelligence))


# -- Le Système De Jeu ----------------------------------------------------------


@binder.prose(contains="il faudra lancer un D20 et additionner")
def jet_d_action(para: Check) -> None:
    para.claim("lancer un D{} et additionner", jets.FACES)


@binder.prose(contains="Si un joueur fait 1, il relance le dé")
def relances(para: Check) -> None:
    para.claim("fait {}, il relance le dé et soustrait", jets.RELANCE_SOUSTRAITE)
    para.claim("fait {}, il relance le dé et additionne", jets.RELANCE_AJOUTEE)


INTERVALLE = re.compile(r"entre (\d+) et (\d+)|au delà de (\d+)")


def trous_et_chevauchements(intervalles: list[tuple[int, int | None]]) -> list[str]:
    """Where consecutive intervals (the last one may be unbounded) leave a hole or overlap."""
    problemes = []
    for (_, fin), (debut, _) in zip(intervalles, intervalles[1:], strict=False):
        if fin is not None and debut > fin + 1:
            trou = f"{fin + 1}" if debut == fin + 2 else f"{fin + 1} à {debut - 1}"
            problemes.append(f"trou: {trou} n'a pas de catégorie")
        elif fin is not None and debut <= fin:
            problemes.append(f"chevauchement: {debut} à {fin} ont deux catégories")
    return problemes


@binder.table(title="Catégories d'écart")
def categories_d_ecart(table: TableCheck) -> None:
    bornes = {nom: (debut, fin) for nom, debut, fin in jets.CATEGORIES_D_ECART}
    # the table as the text writes it, with its holes and overlaps, first in the working
    intervalles = []
    for _, ecart in table.rows:
        lu = INTERVALLE.search(ecart.text)
        if lu and lu.group(3):
            intervalles.append((int(lu.group(3)) + 1, None))
        elif lu:
            intervalles.append((int(lu.group(1)), int(lu.group(2))))
    # The cells of a table share one working: the text's intervals and their holes or
    # overlaps are written again before each claim, so whichever cell disagrees shows them.
    contexte = [
        "selon le texte: "
        + ", ".join(f"{a} à {b if b is not None else '∞'}" for a, b in intervalles),
        *trous_et_chevauchements(intervalles),
    ]
    vues = []
    # A table of as many rows as the rules have categories names them in the rules' order:
    # a row named otherwise is one erratum at its name, its bounds then the rules' category's.
    ordre = list(bornes) if len(table.rows) == len(bornes) else None
    for index, (categorie, ecart) in enumerate(table.rows):
        nom = categorie.text.removeprefix("et ")
        vues.append(nom)
        if ordre and nom != ordre[index]:
            note(f"selon les règles: {', '.join(ordre)}")
            mots.signaler(
                categorie,
                mots.chercher(categorie, re.escape(nom)),
                f"le texte nomme la catégorie d’écart « {nom} » "
                f"où les règles donnent « {ordre[index]} »"
                f" (catégorie {index + 1} sur {len(ordre)})",
                f"catégorie {nom}",
                depuis=len(categorie.trace.steps) - 1,
                trouve=nom,
                lire=ordre[index],
            )
            nom = ordre[index]
        if nom not in bornes:
            mots.signaler(
                categorie,
                mots.chercher(categorie, re.escape(nom)),
                f"le texte nomme la catégorie d’écart « {nom} », que les règles n’ont pas",
                f"catégorie {nom}",
            )
            continue
        debut, fin = bornes[nom]
        for ligne in contexte:
            note(ligne)
        if fin is None:
            # « au delà de N » starts at N + 1: the category must follow the last one without a hole
            note(f"{nom} selon les règles: à partir de {debut}, soit « au delà de {debut - 1} »")
            ecart.claim("au delà de {}", debut - 1)
        else:
            ecart.claim("entre {} et {}", (debut, fin))
    if ordre is None and vues != list(bornes):
        mots.signaler(
            table,
            mots.chercher(table, ".+"),
            f"la table donne les catégories {', '.join(vues)}, les règles {', '.join(bornes)}",
            "catégories",
        )


@binder.prose(contains="peut choisir de faire 10 à son dé")
def faire_10(para: Check) -> None:
    para.claim("faire {} à son dé", jets.SCORE_DE_FAIRE_10)


@binder.prose(contains="peut choisir de faire 20 à la place")
def faire_20(para: Check) -> None:
    para.claim("faire {} à la place", jets.SCORE_DE_FAIRE_20)
    para.claim("en obtenant un {} sur le dé", jets.RELANCE_AJOUTEE)


# -- Le Système De Combat -------------------------------------------------------


@binder.prose(contains="correspondra à l'attribut d'initiative (Init)")
def initiative(para: Check) -> None:
    init = file.attribut_d_initiative(14, 12, 1)
    para.word("Le bonus est [] à la somme", comparison(lambda bonus: bonus == init, init))
    para.claim("tirer {}D{} puis", file.DES_D_INITIATIVE)
    verifier_les_noms_de_dons(para)
    # « d'autres bonus (comme celui issu du don X) »: X is a feat whose bonus is to the
    # initiative (a name no list defines is verifier_les_noms_de_dons' erratum)
    nomme = re.search(r"issu du don (.+?)\)", para.text)
    don = dons.resoudre_le_nom(nomme.group(1)) if nomme else None
    if don is not None:
        para.affirm(
            f"issu du don {nomme.group(1)}",
            dons.bonus_d_initiative_du_don(don) > 0,
            rules_give=f"« {don} » ne donne aucun bonus d’initiative",
        )


@binder.example(title="Exemple : attribut d'initiative")
def attribut_d_initiative(ex: Check) -> None:
    dexterite = ex.given("qui a {} en dextérité")
    intelligence = ex.given("{} en intelligence")
    verifier_les_noms_de_dons(ex)
    nom = mots.lire(ex, r"le don (.+?) \(bonus")
    don = dons.resoudre_le_nom(nom)
    if don is None:
        don = difflib.get_close_matches(nom, list(dons.DONS), n=1)[0]
        note(f"« {nom} » n'est pas un don: lu comme « {don} »")
    bonus = dons.bonus_d_initiative_du_don(don)
    ex.claim("(bonus de {})", bonus)
    init = file.attribut_d_initiative(dexterite, intelligence, bonus)
    ex.claim('l\'attribut "Init {}"', init)
    ex.claim("sera de {}D{}+{}", (*file.DES_D_INITIATIVE, init))


@binder.prose(contains="le gain est égal à leur valeur d'intelligence divisée par 10")
def gain_de_reactivite(para: Check) -> None:
    para.claim("divisée par {}", file.DIVISEUR_DE_REACTIVITE)
    # Who gains: A acts simply in a file of four and moves; those behind his new place gain.
    avant = file.File(tuple(file.Combattant(nom, 10) for nom in "ABCD"))
    apres = file.action_du_premier(avant, file.SIMPLE)
    gagnants = [c.nom for c in apres.combattants if c.gains]
    derriere = all(apres.position(nom) > apres.position("A") for nom in gagnants)
    para.word("situés [] lui", "derrière" if gagnants and derriere else "devant")
    # The gain is made by the move itself (file._deplacer): once it is done.
    para.word("[] qu'un personnage", "après")
    gain = file.gain_de_reactivite(15)
    para.word("le gain est [] à leur", comparison(lambda x: x == gain, gain))
    simple = file.cout_en_reactivite(file.SIMPLE, 5)
    para.word("faire une [] (le coût", file.SIMPLE)
    para.word("le coût est [] au nombre", comparison(lambda combattants: simple == combattants, 5))
    para.word("ou une [] (le", file.COMPLEXE)
    complexe = file.cout_en_reactivite(file.COMPLEXE, 5)
    para.word("(le [])", "double" if complexe == 2 * simple else "moitié")


def action_dite(check: Check, motif: str, selon_les_regles: str, cle: str) -> str:
    """The kind of action the text states at `motif` (which the rules must give); the text's.

    The queue goes on with the text's word, so that a wrong word is reported once.
    """
    mots.dire(check, motif, selon_les_regles, cle)
    return mots.lire(check, motif)


@binder.example(title="Exemple : combat contre cinq gobelins")
def combat_contre_cinq_gobelins(ex: Check) -> None:
    ex.waive_words("récit du combat : la file et ses actions sont rejouées par les règles")
    ex.given("Quatre joueurs J{}, J{}, J{} et J{}")
    ex.given("cinq gobelins G{}, G{}, G{}, G{} et G{}")
    combat = Rejeu(ex, "l'ordre de la file est le suivant :")
    sorts = []

    # 1. J3 casts sommeil on G2 (level 1: a complex action) and goes to the end
    combat.a_la_main("{nom} a la main")
    sorts.append(
        (combat.file.premier.nom, mots.chercher(ex, rf"sort de niveau (\d+), {LIEN}coûte"))
    )
    niveau = ex.given("sort de niveau {}, donc coûte")
    mots.dire(
        ex,
        r"coûte (une action \w+)\)",
        combat.selon(magie.cout_d_incantation, niveau),
        "sommeil",
    )
    action = mots.lire(ex, rf"coûte une action {ACTION}\)")
    combat.endormir(combat.nom_donne("sur {nom}, qui s'endort", "endormi"))
    combat.agir(action)
    dernier = combat.file.combattants[-1].nom
    combat.claim_du_nom(
        "{nom} va en fin de file", "action 1: en fin de file", dernier, travail=combat.action
    )
    combat.comparer()

    # 2. G2, asleep, spends a complex action
    combat.a_la_main("{nom} est endormi et décompte")
    dormeurs = [c.nom for c in combat.file.combattants if c.endormi]
    combat.agir(mots.lire(ex, rf"décompte une action {ACTION}"))
    combat.comparer()

    # 3. J1 attacks G2 with his long sword: Epée longue rapide makes it a simple action
    combat.a_la_main("{nom} va tenter de profiter")
    combat.claim_du_nom("que {nom} est endormi", "action 3: le dormeur", dormeurs[0])
    ex.waive("avec J{}, en espérant tuer G{} avant", "J1's plan, no rule")
    combat.claim_du_nom("{nom} possède le don", "action 3: le don", combat.file.premier.nom)
    verifier_les_noms_de_dons(ex)
    action = action_dite(
        ex,
        rf"pour une action {ACTION} \(au lieu",
        combat.selon(dons.action_d_attaque, True),
        "arme rapide",
    )
    action_dite(ex, rf"au lieu d'une action {ACTION} sans", dons.action_d_attaque(False), "sans")
    combat.nom_donne("sur {nom} pour une action", "action 3: cible")
    acteur, avant = combat.file.premier.nom, combat.file
    combat.agir(action)
    # « ceux qui sont après lui gagnent des points de réactivité »: where the rules' gainers stand
    gagnants = [c.nom for c in combat.file.combattants if c.gains > avant.combattant(c.nom).gains]
    devant = gagnants and all(combat.devant(nom, acteur) for nom in gagnants)
    ex.word("ceux qui sont [] lui gagnent", "avant" if devant else "après", working=combat.action)
    combat.comparer()

    # 4. G3, without a quick weapon, attacks J2 with a complex action
    combat.a_la_main("{nom} ne peut tenter cette approche")
    ex.waive("avec G{} car il ne dispose pas", "the goblin G4 named in passing")
    action = action_dite(
        ex,
        rf"Il porte {LIEN}une attaque en action {ACTION}",
        combat.selon(dons.action_d_attaque, False),
        "G3",
    )
    combat.nom_donne("action complexe à {nom}, qui pourrait", "action 4: cible")
    competence = mots.chercher(ex, r"réussit son test de (\w+)")
    combat.nom_donne("{nom} réussit son test", "action 4: le blessé")
    if competence.group(1) not in personnage.COMPETENCES:
        depuis = len(ex.trace.steps)
        remplacante = personnage.competence_de_la_sauvegarde(competence.group(1))
        mots.signaler(
            ex,
            competence,
            f"le texte nomme la compétence « {competence.group(1)} », qu’Edad n’a pas : "
            "Agilité, Résistance et Volonté remplacent les jets de sauvegarde de D&D",
            f"compétence {competence.group(1)}",
            groupe=1,
            depuis=depuis,
            attendu=f"« {remplacante} »" if remplacante else None,
            trouve=competence.group(1),
        )
    combat.agir(action)
    combat.comparer()

    # 5. G4 does as G3
    ex.waive("De même que G{},", "G3, named in passing")
    combat.a_la_main("{nom} porte une action")
    action = action_dite(
        ex, rf"porte une action {ACTION} sur", combat.selon(dons.action_d_attaque, False), "G4"
    )
    combat.nom_donne("sur {nom}, mais il ne touche", "action 5: cible")
    combat.agir(action)
    combat.comparer()

    # 6. J2's quick war hammer: a simple action; the goblin it kills leaves the queue
    combat.a_la_main("{nom} dispose du don")
    action = action_dite(
        ex,
        rf"porter une attaque en action {ACTION} à",
        combat.selon(dons.action_d_attaque, True),
        "marteau",
    )
    acteur, avant = combat.file.premier.nom, combat.file
    combat.tuer("à {nom}, dont la tête explose", "action 6: tué")
    combat.agir(action)
    # « ceux qui sont dans la dernière moitié de la file reçoivent des points de réactivité »:
    # the share of the queue whose combatants (the actor aside) are the rules' gainers
    gagnants = {
        c.nom
        for c in combat.file.combattants
        if c.nom in avant.noms and c.gains > avant.combattant(c.nom).gains
    }
    noms = combat.file.noms
    parts = [
        lemme
        for lemme, part in PARTS_DE_LA_FILE.items()
        if set(noms[len(noms) - int(len(noms) * part) :]) - {acteur} == gagnants
    ]
    if not parts:  # no share holds them exactly: the one nearest their number (the actor too)
        parts = [
            min(
                PARTS_DE_LA_FILE,
                key=lambda lemme: abs(int(len(noms) * PARTS_DE_LA_FILE[lemme]) - len(gagnants) - 1),
            )
        ]
    ex.word("la dernière [] de la file", parts[0], working=combat.action)
    malchanceux = mots.lire(ex, r"dommage pour ([A-Z]\d+)")
    attendu = malchanceux if combat.devant(malchanceux, acteur) else f"derrière {acteur}"
    combat.claim_du_nom(
        "(dommage pour {nom})", "action 6: sans gain", attendu, travail=combat.action
    )
    combat.comparer()

    # 7. J1 again, with his quick long sword (« une attaque rapide »)
    combat.a_la_main("{nom} porte une attaque rapide")
    combat.agir(combat.selon(dons.action_d_attaque, True))
    combat.comparer()

    # 8. J4 casts Rayon de givre (level 0: a simple action), which finishes G5
    combat.a_la_main("{nom} lance un Rayon de givre")
    sorts.append(
        (combat.file.premier.nom, mots.chercher(ex, rf"sort de niveau (\d+), {LIEN}une action"))
    )
    niveau = ex.given("sort de niveau {}, donc une action")
    mots.dire(
        ex, r"(une action \w+)\) qui", combat.selon(magie.cout_d_incantation, niveau), "rayon"
    )
    action = mots.lire(ex, rf"une action {ACTION}\) qui")
    combat.tuer("qui achève {nom}", "action 8: tué")
    combat.agir(action)
    combat.comparer()

    # the casters could learn their spells: level ≤ bonus d'intelligence
    for lanceur, sort in sorts:
        niveau = int(sort.group(1))
        intelligence = combat.connus[lanceur].intelligence
        if intelligence is None:
            continue
        bonus = personnage.bonus_de_caracteristique(int(intelligence))
        if not magie.peut_apprendre(niveau, bonus, range(niveau)):
            mots.signaler(
                ex,
                sort,
                f"{lanceur} (Int {intelligence}) cannot know a spell of level {niveau}",
                f"sort de {lanceur}",
                groupe=1,
            )


@binder.prose(contains="partiellement abolie dans la version")
def version_abolie(para: Check) -> None:
    para.waive("dans la version {} d'Edad", "a version of the rules")


# -- la Création Du Personnage ------------------------------------------------------


@binder.prose(contains="perdre 1 PV par tour")
def agonie(para: Check) -> None:
    maximum = 12
    para.word(
        "négatifs (mais [] à -PVs",
        comparison(lambda pv: personnage.etat(pv, maximum) != "mort", -maximum),
    )
    para.claim("tombent à {}, le personnage devient inconscient", personnage.SEUIL_D_INCONSCIENCE)
    para.claim("perdre {} PV par tour", personnage.PERTE_DU_MOURANT_PAR_TOUR)


@binder.prose(contains="Le seuil de base des armes est de 5.")
def seuil_de_base(para: Check) -> None:
    para.claim("Le seuil de base des armes est de {}", equipement.SEUIL_DE_BASE_DES_ARMES)


@binder.prose(contains="Les deux types d'objet parent avec un bonus à la parade")
def parade_des_armures_et_boucliers(para: Check) -> None:
    para.claim("égal à de {}+bonus à la CA", equipement.BASE_DU_BONUS_DE_PARADE)
    para.waive("Les {} types d'objet", "les armures et les boucliers que la phrase d'avant nomme")


TAILLES = {
    "légères": "légère",
    "moyennes": "moyenne",
    "lourdes": "lourde",
    "intermédiaires": "intermédiaire",
}
"""The sizes the table writes in the plural; the others (« de bois », « pavois ») as they are."""
OBJET = re.compile(
    r"^(?:et )?(?:[Ll]es |ceux )?(?:(?P<sorte>armes|boucliers|armures) )?(?P<taille>.+)$"
)
MAGIQUE = re.compile(r"Si (?:l'|le )(?P<sorte>arme|bouclier|armure) est magique")


@binder.table(title="Points de vie des objets")
def points_de_vie_des_objets(table: TableCheck) -> None:
    sorte, vus = None, []
    objets = [row for row in table.rows if len(row) == 2]
    ordre = list(equipement.POINTS_DE_VIE_DES_OBJETS)
    ordre = ordre if len(objets) == len(ordre) else None
    for row in table.rows:
        if len(row) == 1:
            (cellule,) = row
            magique = mots.chercher(cellule, MAGIQUE)
            if magique.group("sorte") != sorte:
                mots.signaler(
                    cellule,
                    magique,
                    f"la règle des objets magiques nomme « {magique.group('sorte')} » "
                    f"dans les lignes de « {sorte} »",
                    f"objet magique {magique.group('sorte')}",
                )
            cellule.claim(
                "rajouter {}*bonus", equipement.PVS_PAR_BONUS_D_ALTERATION[magique["sorte"]]
            )
            continue
        objet, pvs = row
        lu = OBJET.match(objet.text)
        sorte = lu.group("sorte").removesuffix("s") if lu.group("sorte") else sorte
        taille = TAILLES.get(lu.group("taille"), lu.group("taille"))
        # As many items as the rules': each row is the rules' item of its place, in order; a
        # row naming another is one erratum at its name, its points then that item's.
        attendu = ordre[len(vus)] if ordre and len(vus) < len(ordre) else None
        if attendu and (sorte, taille) != attendu and attendu[0] == sorte:
            note(f"selon les règles: {list(ordre)}")
            mots.signaler(
                objet,
                lu,
                f"le texte nomme « {objet.text} » où les règles donnent « {' '.join(attendu)} »"
                f" (objet {len(vus) + 1} sur {len(ordre)})",
                f"objet {objet.text}",
                depuis=len(objet.trace.steps) - 1,
                trouve=objet.text,
            )
            taille = attendu[1]
        if (sorte, taille) not in equipement.POINTS_DE_VIE_DES_OBJETS:
            mots.signaler(
                objet,
                lu,
                f"le texte donne des points de vie à « {objet.text} », "
                "un objet que les règles n’ont pas",
                f"objet {objet.text}",
            )
            pvs.given("{}")
            continue
        vus.append((sorte, taille))
        pvs.claim("{}", equipement.points_de_vie_d_un_objet(sorte, taille))
    manquants = [objet for objet in equipement.POINTS_DE_VIE_DES_OBJETS if objet not in vus]
    doubles = sorted({objet for objet in vus if vus.count(objet) > 1})
    if manquants or doubles:
        mots.signaler(
            table,
            mots.chercher(table, ".+"),
            "la table "
            + " et ".join(
                f"{verbe} {', '.join(f'« {sorte} {taille} »' for sorte, taille in objets)}"
                for verbe, objets in (("omet", manquants), ("donne deux fois", doubles))
                if objets
            ),
            "objets",
        )


# -- the feats ------------------------------------------------------------------

DEFINITION = re.compile(
    r"(?:Pour tout entier n(?: non nul)?, )?[Ll]e don ?(?P<nom>.+?) est disponible"
)


def nombres_du_don(entree: Check, don: dons.Don) -> None:
    """Claim every number of a feat's sentence against the feat of the rules."""
    nom = don.nom
    for competence in don.competences:
        requis = dons.points_de_competence_requis(nom, competence)
        if don.chaine:
            entree.claim(f"au moins {{}}*n points de compétences en {competence}", requis)
        elif competence == dons.COMPETENCE_MARTIALE:
            entree.claim(f"{{}} à la {competence}", requis)
        elif f"points de compétences en {competence}" in entree.text:
            entree.claim(f"au moins {{}} points de compétences en {competence}", requis)
        else:
            entree.claim(f"d'avoir {{}} à la compétence {competence}", requis)
    if don.chaine:
        entree.claim(f"{nom} n-{{}}", dons.PRECEDENT_DANS_UNE_CHAINE)
        entree.claim(f"{nom} {{}}, qui", dons.NIVEAU_DE_BASE_DES_CHAINES)
    effets = {
        "bonus d'initiative": "donne {} au jet d'initiative",
        "PVs supplémentaires": "lui donne {} PVs supplémentaires",
        "bonus au toucher": "bonus de {} au toucher",
        "seuil de compétence": "seuil de compétence de l'arme à {}",
        "bonus annulé": "annuler le bonus de {} pour toucher",
        "bonus pour toucher": "avec un bonus de {} pour toucher",
        "malus supprimé": "supprimer le malus de {} pour tirer",
        "bonus de fouille": "détecter des pièges avec un bonus de {}",
        "bonus de Crochetage": "désamorcer avec un bonus de {}",
        "handicap en Force": "subit {} en Force",
        "flèches": ("permet de tirer {} flèches", "pour les {} flèches"),
        "armes": ("être utilisé avec {} armes", "maniement de {} armes"),
    }
    for effet, valeur in don.effets.items():
        note(f"« {nom} », selon les règles : {effet} = {valeur}")
        if effet in MOTS_DES_EFFETS:
            entree.word(MOTS_DES_EFFETS[effet], _lemme_de_l_effet(valeur))
            continue
        for motif in (effets[effet],) if isinstance(effets[effet], str) else effets[effet]:
            entree.claim(motif, valeur)
    for competence in don.competences_utilisees:
        if competence in COMPETENCES_DES_EFFETS:
            entree.word(COMPETENCES_DES_EFFETS[competence], competence)
    if nom == "Sang froid":
        entree.claim("faire {} ou {} même", (jets.SCORE_DE_FAIRE_10, jets.SCORE_DE_FAIRE_20))
    if nom == "Incantation rapide":
        entree.claim("sorts de niveau {})", magie.NIVEAU_LIBRE)


MOTS_DES_EFFETS = {
    "zone de critique": "et [] la zone de critique",
    "attaques": "porter une [] attaque",
    "arme lourde": "et le [] si l'arme est lourde",
    "au toucher, par point": "permet de [] un certain nombre de point au toucher",
    "aux dégâts, par point": "pour en [] autant aux dégâts",
    "réactivité récupérée": "alors de quoi faire une [] en points de réactivité",
    "action pour se remettre": "il doit payer une [] pour se remettre",
}
"""The effects of a feat the book says in words: a factor (« double »), a change per point
(« retirer », « ajouter »), an action (« une action simple »); the word at `[]` is the rules'."""

FACTEURS = {2: "double", 3: "triple"}
"""A factor as the book says it."""

COMPETENCES_DES_EFFETS = {"Crochetage": "d'utiliser la compétence [] pour les désamorcer"}
"""Where a feat's sentence names a skill its effect puts to use (`competences_utilisees`)."""


def _lemme_de_l_effet(valeur: int | str) -> str:
    """The rule word of an effect: an action as it is, a factor in words, a change per point
    as « ajouter » or « retirer » (derived from its sign by the engine's `operation`)."""
    if isinstance(valeur, str):
        return valeur
    if valeur in (1, -1):
        return operation(lambda total, points: total + valeur * points, "ajout")
    return FACTEURS[valeur]


def verifier_le_don(entree: Check, don: dons.Don) -> tuple[str, list]:
    """The feat's sentence: its name, the feats it names (edges of the graph), its numbers."""
    definition = mots.chercher(entree, DEFINITION)
    nom_du_livre = definition.group("nom")
    if nom_du_livre != don.nom_dans_le_livre:
        mots.signaler(
            entree,
            definition,
            f"le texte nomme ce don « {nom_du_livre} », les règles et les autres sections "
            f"le nomment « {don.nom_dans_le_livre} »",
            f"nom du don {don.nom}",
            groupe=1,
            trouve=nom_du_livre,
            lire=don.nom_dans_le_livre,
        )
    terme = entree.passage.element.find("term")
    if terme is not None:  # the entry's term names the feat as its sentence does
        nom_du_terme = " ".join("".join(terme.itertext()).split())
        en_tete = re.compile(re.escape(nom_du_terme)).match(entree.text)
        if en_tete and nom_du_terme != don.nom_dans_le_livre:
            mots.signaler(
                entree,
                en_tete,
                f"le terme de l’entrée nomme ce don « {nom_du_terme} », les règles et sa "
                f"phrase le nomment « {don.nom_dans_le_livre} »",
                f"terme du don {don.nom}",
                trouve=nom_du_terme,
                lire=don.nom_dans_le_livre,
            )
    # A feat the text names otherwise than the rules is that erratum, once: in the graph it is
    # the rules' feat, so that the feats naming it (and its own chain) are no second finding.
    noeud = don.nom if nom_du_livre != don.nom_dans_le_livre else nom_du_livre
    noeud = noeud.removesuffix(" n") if don.chaine else noeud
    aretes = []
    # The conditions are said before the effect: « …, et permet de », « …, et double … ».
    fin_des_conditions = entree.text.find(", et ", definition.end())
    for mention in mots.mentions_de_dons(entree.text):
        if mention.debut == definition.start("nom"):
            continue
        requis = mention.nom
        if don.chaine and requis in (f"{noeud} n-1", f"{noeud} 0"):
            continue  # the chain's previous level, not another feat
        aretes.append((requis, entree, mention))
        if mention.debut < fin_des_conditions:
            _une_condition_des_regles(entree, don, mention)
    nombres_du_don(entree, don)
    return noeud, aretes


def _une_condition_des_regles(entree: Check, don: dons.Don, mention) -> None:
    """A feat the sentence's conditions name is one the rules' feat requires or is used with:
    « le don Maniement de l'arme associé » of Tir de précision is its `utilise_avec`. A name the
    book does not define is the graph's finding (`verifier_le_graphe`), not this one."""
    conditions = don.prerequis + don.utilise_avec
    nomme = dons.resoudre_le_nom(mention.nom)
    if nomme is None or nomme in conditions or nomme == don.nom:
        return
    note(f"« {don.nom} » : requis {list(don.prerequis)}, utilisé avec {list(don.utilise_avec)}")
    mots.signaler(
        entree,
        mots.mention_en_match(entree.text, mention),
        f"le texte nomme le don « {mention.nom} » condition de « {don.nom} », les règles "
        f"donnent {' et '.join(f'« {nom} »' for nom in conditions) or 'aucune'}",
        f"condition {mention.nom}",
        depuis=len(entree.trace.steps) - 2,
        trouve=mention.nom,
        lire=" et ".join(conditions),
    )


def verifier_le_graphe(graphe: dict[str, list]) -> None:
    """Every feat a feat names is defined in the book, and no feat depends on itself."""

    def noeud(requis: str) -> str:
        return requis if requis in graphe else dons.resoudre_le_nom(requis) or requis

    for don, aretes in graphe.items():
        for requis, entree, mention in aretes:
            if noeud(requis) in graphe:
                continue
            mots.signaler(
                entree,
                mots.mention_en_match(entree.text, mention),
                f"« {don} » nomme le don « {requis} », que le livre ne définit pas",
                f"don {requis}",
                depuis=len(entree.trace.steps),
                trouve=requis,
                lire=mots.LECTURES_DES_DONS.get(requis, ""),
            )
    simple = {
        don: tuple(noeud(requis) for requis, _, _ in aretes) for don, aretes in graphe.items()
    }
    for cycle in dons.cycles(simple):
        entree = graphe[cycle[0]][0][1]
        mots.signaler(
            entree,
            mots.chercher(entree, DEFINITION),
            "the feats depend on themselves: " + " → ".join(cycle),
            "cycle " + " ".join(cycle),
        )


def _mots_de_canaliser(entree: Check) -> None:
    """« un bonus d'intelligence supérieur ou égal à n » and « un niveau de lanceur de sort égal
    à n », as the rules of the chain and of the niveau de lanceur give them."""
    n = 3
    entree.word(
        "d'intelligence [] à n",
        comparison(lambda bonus: dons.peut_prendre_canaliser(n, bonus, n - 1), n),
    )
    niveau = magie.niveau_de_lanceur(n)
    entree.word("de sort [] à n", comparison(lambda x: x == niveau, n))


def _mots_de_combat_en_aveugle(entree: Check) -> None:
    """« (mais ne peut le dépasser) »: the perception compensates the DD up to the DD itself."""
    dd = 10
    entree.word(
        "(mais ne peut le [])",
        threshold(lambda perception: dons.compensation_en_aveugle(perception, dd) < perception, dd),
    )


def _mots_de_berserk(entree: Check) -> None:
    """« après les avoir dépensés, il doit payer une action simple »: the action is due once the
    rage's points are spent (none while some are left), as the rules' rage says."""
    apres = dons.action_due_apres_la_rage(0) and not dons.action_due_apres_la_rage(3)
    entree.word("De plus, [] les avoir dépensés", "après" if apres else "avant")


def _mots_d_arme_rapide(entree: Check) -> None:
    """« attaquer (ou de parer) en action simple »: the action an attack costs with the feat."""
    entree.word("(ou de parer) en []", dons.action_d_attaque(arme_rapide=True))


MOTS_DES_DONS = {
    "Canaliser": _mots_de_canaliser,
    "Arme rapide": _mots_d_arme_rapide,
    "Combat en aveugle": _mots_de_combat_en_aveugle,
    "Berserk": _mots_de_berserk,
}
"""The feats whose effect the rules model in words, not only in numbers: their rule words."""


def lier_le_don(don: dons.Don, precedents: tuple[str, ...] | None) -> str:
    """Bind a feat's section; the last one (`precedents`: the others' names) checks the graph
    from what every feat's binding returned (its node and edges)."""

    def binding(entree: Check, *autres: tuple[str, list]) -> tuple[str, list]:
        noeud, aretes = verifier_le_don(entree, don)
        if don.nom in MOTS_DES_DONS:
            MOTS_DES_DONS[don.nom](entree)
        entree.waive_words(
            "l'effet du don dit en mots : les règles n'en modélisent que les nombres, réclamés"
        )
        if precedents is not None:
            graphe: dict[str, list] = {}
            for nom, liste in (*autres, (noeud, aretes)):
                graphe.setdefault(nom, []).extend(liste)
            verifier_le_graphe(graphe)
        return noeud, aretes

    binding.__name__ = binding.__qualname__ = f"don_{slug(don.nom).replace('-', '_')}"
    binding.needs = precedents or ()
    binder.section(id=f"don-{slug(don.nom)}")(binding)
    return binding.__name__


_noms_des_dons: list[str] = []
for _index, _don in enumerate(dons.DONS.values()):
    _dernier = _index == len(dons.DONS) - 1
    _noms_des_dons.append(lier_le_don(_don, tuple(_noms_des_dons) if _dernier else None))


# -- Les Combattants, Les Magiciens -------------------------------------------------

LISTE_DES_ARMES = re.compile(r"de leur taille : (.+), ce qui nous fait")


@binder.prose(contains="ce qui nous fait 20 compétences martiales de base")
def competences_martiales(para: Check) -> None:
    liste = re.sub(r" \([^)]*\)", "", mots.lire(para, LISTE_DES_ARMES))
    armes = [arme.strip() for arme in re.split(r", | et ", liste)]
    note(f"{len(armes)} armes dans la liste: {', '.join(armes)}")
    para.claim("ce qui nous fait {} compétences", len(armes))
    if tuple(armes) != equipement.COMPETENCES_MARTIALES:
        mots.signaler(
            para,
            mots.chercher(para, LISTE_DES_ARMES),
            f"le texte nomme {', '.join(armes)}, "
            f"les règles {', '.join(equipement.COMPETENCES_MARTIALES)}",
            "compétences martiales",
        )


@binder.prose(contains="Les protections magiques ont un bonus de parade")
def parade_des_protections(para: Check) -> None:
    para.claim("égal à {}+bonus à la CA", equipement.BASE_DU_BONUS_DE_PARADE)
    para.waive_words(
        "the concentration's test of Volonté is the magic's, which no rule of the module states",
        "protection magique",
        "Volonté",
    )


@binder.prose(contains="Le temps d'incantation est égal au niveau du sort plus un")
def temps_d_incantation(para: Check) -> None:
    niveau = 3
    temps = magie.temps_d_incantation(niveau)
    para.word("d'incantation est [] au niveau", comparison(lambda x: x == temps, temps))
    para.word("plus un, [] par deux", "diviser" if temps * 2 == niveau + 1 else "multiplier")
    # The unit of the time, and the half of it: « une action complexe » for 1, simple for ,5.
    para.word("par deux en [] (un", magie.cout_d_incantation(1).removeprefix("une action "))
    para.word("correspond à une []", magie.cout_d_incantation(0).removeprefix("une action "))
    para.waive("un ,5 correspond", "« ,5 »: the half of an action complexe, not a number")


@binder.prose(contains="Un magicien peut apprendre tous les sorts de niveau 0.")
def apprentissage_des_sorts(para: Check) -> None:
    bonus = 3
    interdit = comparison(lambda n: not magie.peut_apprendre(n, bonus, range(n)), bonus)
    # « strictement supérieur » and « supérieur » say the same strict bound.
    para.word(
        "de niveau [] à son bonus", {"supérieur": "strictement supérieur"}.get(interdit, interdit)
    )
    para.claim("tous les sorts de niveau {}", magie.NIVEAU_LIBRE)
    para.claim("un sort de niveau n-{} de cette école", magie.NIVEAU_PRECEDENT)


@binder.prose(contains="les règles (version")
def version(subtitle: Check) -> None:
    subtitle.waive("version {}", "the version of the rules, not a rule")
