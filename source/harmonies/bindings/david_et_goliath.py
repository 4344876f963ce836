"""The fight « Déroulement d'un round de combat » replayed round by round.

David and Goliath are built from their sheets (the example's first two
paragraphs); the MJ's prepared table of combat is checked against them. The
fight is then played from that table — it is what the MJ plays from — with
the Facteurs each declares and the dice the text gives, by
`rules.combat.round_de_combat`. Every total, the order of the attacks, each
hit or miss, each jet d'encaissement, its degree and the pain it leaves are
held against the simulation, in the order the text gives them.

A round is computed once, and its steps kept apart (`ex.working()`): each
claim rests on the call of the rule that gives its own total
(`tour.of(rule, result=…)`), not on the whole round.
"""

from __future__ import annotations

import re

from build_tools.game import Working, compile_pattern, note, number_value, untraced

from ..rules import combat as regles
from . import binder
from .constats import lu, trouver


def somme(termes: int, liaison: str = "") -> re.Pattern:
    """« (+7+3-3-3) +4 »: a sum of `termes` signed numbers in brackets, then its total."""
    return re.compile(r"\(" + r"([+\-]\d+)" * termes + r"\) " + liaison + r"([+\-]\d+)")


def declarer(ex, motif: str) -> regles.Facteurs:
    """The Facteurs a fighter declares, such as « (FR: +3, FD: +3, FF: 0) »: bounds checked."""
    abreviations = re.findall(r"(F[FDRP]): \{\}", motif)
    declaration = trouver(ex, compile_pattern(motif))
    valeurs = [number_value(valeur) for valeur in declaration.groups()]
    facteurs = regles.Facteurs(
        **{regles.FACTEURS[a]: v for a, v in zip(abreviations, valeurs, strict=True)}
    )
    ex.affirm(
        motif,
        regles.facteurs_admis(facteurs),
        rules_give="des Facteurs hors de leurs bornes (tous de 0 ou plus, FF de +5 au plus)",
        key=f"facteurs {declaration.group()}",
    )
    ex.given(motif)
    return facteurs


def lire_la_table(ex, nom: str) -> regles.TableDeCombat:
    """The MJ's table as printed for `nom`, read without consuming it (claims come after)."""
    encaissement = trouver(ex, compile_pattern(f"|{nom} | Enc. : {{}}"))
    nombre = r"([+\-]?\d+)"
    ligne = trouver(
        ex,
        re.compile(
            rf"\|{nom} \|.*?APRD : {'/ '.join([nombre] * 4)} \| SELGCF : {'/ '.join([nombre] * 6)}"
        ),
    )
    attaque, parade, rapidite, dommages, *classe = (number_value(v) for v in ligne.groups())
    return regles.TableDeCombat(
        nom, number_value(encaissement.group(1)), attaque, parade, rapidite, dommages, tuple(classe)
    )


def verifier_la_table(ex, personnage: regles.Personnage) -> Working:
    """The MJ's prepared table of `personnage` against his sheet; the steps of his table."""
    etiquette = trouver(ex, re.compile(rf"\|{personnage.nom} \|.*?\|(\w+) \| APRD")).group(1)
    note(
        f"la fiche de {personnage.nom} : {personnage.arme.nom}, classe "
        + "/".join(f"{seuil:+d}".replace("-", "−") for seuil in personnage.arme.classe)
    )
    # The rows come in the order of the sheets: the first such label not yet read is his.
    ex.affirm(
        re.compile(rf"{re.escape(etiquette)}(?= \| APRD)"),
        etiquette.lower() == personnage.arme.nom,
        rules_give=f"l’arme de {personnage.nom} ({personnage.arme.nom})",
        key=f"arme de {personnage.nom} lue {etiquette}",
        reads=personnage.arme.nom.capitalize(),  # the table's labels: « Épée », « Dague »
    )
    with ex.working() as fiche:
        table = regles.table_de_combat(personnage)
    ex.claim(
        f"|{personnage.nom} | Enc. : {{}}",
        table.encaissement,
        working=fiche.of(regles.encaissement),
    )
    ligne = "APRD : {}/ {}/ {}/ {} | SELGCF : {}/ {}/ {}/ {}/ {}/ {}"
    ex.claim(
        ligne,
        (table.attaque, table.parade, table.rapidite, table.dommages, *table.classe),
        key=f"table de {personnage.nom} lue {lu(ex, ligne)}",
        working=fiche,
    )
    return fiche


class Totaux:
    """The steps of one round that give each of its totals, for the claim that states it."""

    def __init__(self, tour: Working, resultat: regles.Round, tables: dict) -> None:
        self.tour = tour
        self.resultat = resultat
        self.tables = tables

    def _penalite(self, nom: str) -> Working:
        penalite = self.resultat.penalite[nom]
        # the first time it is worked out: later calls in the round give the same line
        return (
            Working(self.tour.of(regles.penalite, result=penalite)[:1]) if penalite else Working()
        )

    def rapidite(self, nom: str) -> Working:
        return self._penalite(nom) + self.tour.of(
            regles.total_de_rapidite,
            result=self.resultat.rapidite[nom],
            base_de_rapidite=self.tables[nom].rapidite,
        )

    def defense(self, nom: str) -> Working:
        return self._penalite(nom) + self.tour.of(
            regles.total_de_defense,
            result=self.resultat.defense[nom],
            base_de_parade=self.tables[nom].parade,
        )

    def ordre(self) -> Working:
        return self.tour.of(regles.attaques_simultanees)

    def attaque(self, coup: regles.Coup) -> Working:
        return self.tour.of(
            regles.total_d_attaque,
            result=coup.total_d_attaque,
            base_d_attaque=self.tables[coup.attaquant].attaque,
            jet=coup.jet,
        )

    def touche(self, coup: regles.Coup) -> Working:
        return self.tour.of(
            regles.attaque_reussie,
            total_d_attaque=coup.total_d_attaque,
            total_de_defense=coup.total_de_defense,
        )

    def dommages(self, coup: regles.Coup) -> Working:
        return self.tour.of(
            regles.total_de_dommages,
            result=coup.total_de_dommages,
            base_de_dommages=self.tables[coup.attaquant].dommages,
        )

    def encaissement(self, coup: regles.Coup) -> Working:
        return self.tour.of(
            regles.jet_d_encaissement, result=coup.resultat, jet=coup.jet_d_encaissement
        )

    def degre(self, coup: regles.Coup) -> Working:
        return self.encaissement(coup) + self.tour.of(
            regles.degre_de_degats, resultat=coup.resultat
        )

    def douleur(self, coup: regles.Coup) -> Working:
        return self.degre(coup) + self.tour.of(regles.points_de_douleur, degre=coup.degre)

    def evanouissement(self, nom: str) -> Working:
        return self.tour.of(
            regles.jet_d_evanouissement_du, points_de_douleur=self.resultat.douleur[nom]
        )


@binder.example(title="Déroulement d'un round de combat")
def david_et_goliath(ex):
    # -- the sheets ------------------------------------------------------------------
    dague = regles.Arme(
        "dague",
        *ex.given("(Lame courte [Ag+Mn], {}/{}/{}/{}"),
        ex.given("Classe {}/{}/{}/{}/{}/{}) avec aucune armure"),
    )
    david = regles.Personnage(
        "David",
        dague,
        competence=ex.given("{} en Lame courte"),
        attributs=ex.given("{} en Ag+Mn et"),
        cp_rs=ex.given("Ag+Mn et {} en Cp+Rs"),
        armure=0,  # « avec aucune armure »
    )
    epee = regles.Arme(
        "épée",
        *ex.given("(Lame longue [Cp+Mn], {}/{}/{}/{}"),
        ex.given("Classe {}/{}/{}/{}/{}/{}) avec une armure"),
    )
    goliath = regles.Personnage(
        "Goliath",
        epee,
        armure=ex.given("armure de cuir {}"),
        competence=ex.given("{} en Lame longue"),
        attributs=ex.given("{} en Cp+Mn"),
        cp_rs=ex.given("Cp+Mn et {} en Cp+Rs"),
    )

    # -- the MJ's table of combat, then the fight played from it ------------------------
    tables = {nom: lire_la_table(ex, nom) for nom in (david.nom, goliath.nom)}
    ex.waive("la table de combat des {} personnages", "David et Goliath, les deux de l'exemple")
    fiches = {p.nom: verifier_la_table(ex, p) for p in (david, goliath)}
    combattants = {nom: regles.Combattant(table) for nom, table in tables.items()}
    au_combat = (combattants["David"], combattants["Goliath"])
    t_d, t_g = tables["David"], tables["Goliath"]
    # The same fight played from the tables the sheets give: what a wrong number of the
    # MJ's table changes further on is part of that erratum's correction (`once_corrected`).
    with untraced():
        justes = {p.nom: regles.Combattant(regles.table_de_combat(p)) for p in (david, goliath)}
    selon_les_fiches = (justes["David"], justes["Goliath"])

    # -- round 1 ----------------------------------------------------------------------
    f_d = declarer(ex, "(FR: {}, FD: {}, FF: {})")
    f_g = declarer(ex, "(FD: {}, FF: {})")
    jets = {"David": ex.given("David lance les dés et obtient un {}!")}
    encaisse = {"Goliath": ex.given("Il fait hélas un {},")}
    jets["Goliath"] = ex.given("Il fait un {} sur les dés")
    with ex.working() as tour:
        r1 = regles.round_de_combat(*au_combat, {"David": f_d, "Goliath": f_g}, jets, encaisse)
    with untraced():
        regles.round_de_combat(*selon_les_fiches, {"David": f_d, "Goliath": f_g}, jets, encaisse)
    coup_d, coup_g = r1.coup_de("David"), r1.coup_de("Goliath")
    totaux = Totaux(tour, r1, tables)

    ex.claim(
        somme(2),
        (t_d.rapidite, f_d.rapidite, r1.rapidite["David"]),
        working=totaux.rapidite("David"),
    )
    ex.claim("avec une Défense de {}", r1.defense["David"], working=totaux.defense("David"))
    ex.claim(
        "Goliath lui a {} en Rapidité", r1.rapidite["Goliath"], working=totaux.rapidite("Goliath")
    )
    ex.claim(
        somme(2),
        (t_g.parade, -f_g.finesse, r1.defense["Goliath"]),
        working=totaux.defense("Goliath"),
    )
    ex.affirm(
        "C'est donc David qui attaque le premier",
        r1.ordre[0] == "David",
        rules_give=r1.ordre[0],
        working=totaux.ordre(),
    )
    ex.affirm(
        "avant de pouvoir riposter",
        not r1.simultane,
        rules_give="des attaques simultanées",
        working=totaux.ordre(),
    )
    # FF is 0: the text leaves it out of the sum.
    ex.claim(
        somme(4),
        (t_d.attaque, coup_d.jet, -f_d.rapidite, -f_d.dommages, coup_d.total_d_attaque),
        working=totaux.attaque(coup_d),
    )
    ex.affirm(
        "il dépasse largement la défense",
        coup_d.touche,
        rules_give="un coup manqué",
        working=totaux.touche(coup_d),
    )
    ex.claim(
        somme(2),
        (t_d.dommages, f_d.dommages, coup_d.total_de_dommages),
        working=totaux.dommages(coup_d),
    )
    ex.claim(
        "contre son encaisse de {}",
        t_g.encaissement,
        working=fiches["Goliath"].of(regles.encaissement),
    )
    ex.claim(
        somme(3),
        (t_g.encaissement, -coup_d.total_de_dommages, coup_d.jet_d_encaissement, coup_d.resultat),
        working=totaux.encaissement(coup_d),
    )
    ex.affirm(
        "soit une éraflure",
        coup_d.degre == "E",
        rules_give=f"le degré {coup_d.degre}",
        working=totaux.degre(coup_d),
    )
    ex.affirm(
        "causant un point de douleur",
        coup_d.douleur_infligee == 1,
        rules_give="une autre douleur",
        working=totaux.douleur(coup_d),
    )
    ex.affirm(
        "Goliath a maintenant un point de douleur",
        r1.douleur["Goliath"] == 1,
        rules_give=f"{r1.douleur['Goliath']} points",
        working=totaux.douleur(coup_d),
    )
    ex.claim(
        somme(5, "soit "),
        (
            t_g.attaque,
            coup_g.jet,
            f_g.finesse,
            -f_g.dommages,
            coup_g.penalite,
            coup_g.total_d_attaque,
        ),
        working=totaux.attaque(coup_g),
    )
    ex.affirm(
        "David évite le coup",
        not coup_g.touche,
        rules_give="un coup qui touche",
        working=totaux.touche(coup_g),
    )

    # -- round 2 ----------------------------------------------------------------------
    f_d = declarer(ex, "restant prudent (FD: {})")
    f_g = declarer(ex, "(FD: {}, FF: {})")
    jets = {
        "David": ex.given("David lance les dés et obtient {} cette fois"),
        "Goliath": ex.given("Goliath lui, lance les dés et obtient {}."),
    }
    encaisse = {
        "Goliath": ex.given("obtient encore un {}!"),
        "David": ex.given("providence et obtient un {}!"),
    }
    with ex.working() as tour:
        r2 = regles.round_de_combat(*au_combat, {"David": f_d, "Goliath": f_g}, jets, encaisse)
    coup_d, coup_g = r2.coup_de("David"), r2.coup_de("Goliath")
    with untraced():
        juste = regles.round_de_combat(
            *selon_les_fiches, {"David": f_d, "Goliath": f_g}, jets, encaisse
        ).coup_de("Goliath")
    t_juste = justes["Goliath"].table
    totaux = Totaux(tour, r2, tables)

    ex.claim(
        "sont donc de {} et {} pour David",
        (r2.rapidite["David"], r2.defense["David"]),
        working=totaux.rapidite("David") + totaux.defense("David"),
    )
    ex.claim(
        somme(2),
        (t_g.rapidite, r2.penalite["Goliath"], r2.rapidite["Goliath"]),
        working=totaux.rapidite("Goliath"),
    )
    ex.claim(
        somme(3),
        (t_g.parade, -f_g.finesse, r2.penalite["Goliath"], r2.defense["Goliath"]),
        working=totaux.defense("Goliath"),
    )
    ex.affirm(
        "Bien que David attaque le premier",
        r2.ordre[0] == "David",
        rules_give=r2.ordre[0],
        working=totaux.ordre(),
    )
    ex.affirm(
        "Goliath pourra attaquer avant de ressentir",
        r2.simultane,
        rules_give="l’une après l’autre",
        working=totaux.ordre(),
    )
    ex.claim(
        somme(3),
        (t_d.attaque, coup_d.jet, -f_d.dommages, coup_d.total_d_attaque),
        working=totaux.attaque(coup_d),
    )
    ex.affirm(
        "il arrive quand même à percer sa défense",
        coup_d.touche,
        rules_give="un coup manqué",
        working=totaux.touche(coup_d),
    )
    ex.claim(
        somme(5),
        (
            t_g.attaque,
            coup_g.jet,
            f_g.finesse,
            -f_g.dommages,
            coup_g.penalite,
            coup_g.total_d_attaque,
        ),
        working=totaux.attaque(coup_g),
    )
    ex.affirm(
        "Il touche donc David",
        coup_g.touche,
        rules_give="un coup manqué",
        working=totaux.touche(coup_g),
    )
    ex.claim(
        somme(2),
        (t_d.dommages, f_d.dommages, coup_d.total_de_dommages),
        working=totaux.dommages(coup_d),
    )
    ex.claim(
        somme(3),
        (t_g.dommages, f_g.dommages, coup_g.penalite, coup_g.total_de_dommages),
        working=totaux.dommages(coup_g),
        once_corrected=(t_juste.dommages, f_g.dommages, juste.penalite, juste.total_de_dommages),
    )
    ex.claim(
        somme(4),
        (
            t_g.encaissement,
            coup_d.jet_d_encaissement,
            -coup_d.total_de_dommages,
            coup_d.penalite_du_defenseur,
            coup_d.resultat,
        ),
        working=totaux.encaissement(coup_d),
    )
    ex.affirm(
        "soit une autre éraflure",
        coup_d.degre == "E",
        rules_give=f"le degré {coup_d.degre}",
        working=totaux.degre(coup_d),
    )
    ex.claim(
        somme(3),
        (t_d.encaissement, coup_g.jet_d_encaissement, -coup_g.total_de_dommages, coup_g.resultat),
        working=totaux.encaissement(coup_g),
        once_corrected=(
            t_d.encaissement,
            juste.jet_d_encaissement,
            -juste.total_de_dommages,
            juste.resultat,
        ),
    )
    ex.affirm(
        "aucun dégât",
        coup_g.degre is None,
        rules_give=f"le degré {coup_g.degre}",
        working=totaux.degre(coup_g),
    )

    # -- round 3 ----------------------------------------------------------------------
    ex.affirm(
        "Goliath est rendu avec un deuxième point de douleur",
        r2.douleur["Goliath"] == 2,
        rules_give=f"{r2.douleur['Goliath']} points",
        working=totaux.douleur(coup_d),
    )
    f_g = declarer(ex, "(FD: {}, FF: {})")
    f_d = declarer(ex, "dans le même sens (FD: {})")
    jets = {"David": ex.given("David lance les dés et obtient un {} cette fois")}
    encaisse = {"Goliath": ex.given("fait un horrible {} sur les dés")}
    with ex.working() as tour:
        r3 = regles.round_de_combat(*au_combat, {"David": f_d, "Goliath": f_g}, jets, encaisse)
    coup_d = r3.coup_de("David")
    totaux = Totaux(tour, r3, tables)

    ex.claim(
        somme(2),
        (t_g.rapidite, r3.penalite["Goliath"], r3.rapidite["Goliath"]),
        working=totaux.rapidite("Goliath"),
    )
    ex.affirm(
        "Goliath est rendu plus lent que David",
        r3.ordre[0] == "David",
        rules_give=r3.ordre[0],
        working=totaux.ordre(),
    )
    ex.claim("qui attaque encore à {}", r3.rapidite["David"], working=totaux.rapidite("David"))
    ex.claim(
        somme(3),
        (t_d.attaque, coup_d.jet, -f_d.dommages, coup_d.total_d_attaque),
        working=totaux.attaque(coup_d),
    )
    ex.claim(
        somme(3),
        (t_g.parade, -f_g.finesse, r3.penalite["Goliath"], r3.defense["Goliath"]),
        working=totaux.defense("Goliath"),
    )
    ex.affirm(
        "arrive à nouveau à percer la Défense",
        coup_d.touche,
        rules_give="un coup manqué",
        working=totaux.touche(coup_d),
    )
    ex.claim(
        somme(2),
        (t_d.dommages, f_d.dommages, coup_d.total_de_dommages),
        working=totaux.dommages(coup_d),
    )
    ex.claim(
        somme(4),
        (
            t_g.encaissement,
            coup_d.jet_d_encaissement,
            -coup_d.total_de_dommages,
            coup_d.penalite_du_defenseur,
            coup_d.resultat,
        ),
        working=totaux.encaissement(coup_d),
    )
    ex.affirm(
        "une blessure légère",
        coup_d.degre == "L",
        rules_give=f"le degré {coup_d.degre}",
        working=totaux.degre(coup_d),
    )
    ex.claim(
        "et donc {} points de douleur", -coup_d.douleur_infligee, working=totaux.douleur(coup_d)
    )
    ex.claim("Passant le cap du {}", -r3.douleur["Goliath"], working=totaux.douleur(coup_d))
    ex.affirm(
        "Goliath devra tenter un jet d'évanouissement",
        r3.evanouissement["Goliath"],
        rules_give="aucun jet d’évanouissement",
        working=totaux.evanouissement("Goliath"),
    )
    ex.affirm(
        "avant d'avoir pu riposter",
        r3.en_suspens == "Goliath",
        rules_give="Goliath frappe",
        working=totaux.evanouissement("Goliath"),
    )
    return (r1, r2, r3)
