"""Le combat: attack factors, attack types and adverbs, the four totals, damage and pain.

The chapter « Le combat » of Harmonies, as functions named with the book's
terms. An attack is described by four Facteurs (Finesse FF, Dommages FD,
Rapidité FR, Parade FP); with the Niveau de Compétence and the weapon's
bonuses (BF, BP, BR, BD) they give four totals:

    Rapidité = Niveau + BR + FR
    Défense  = Niveau + BP + FP − FF
    Attaque  = Niveau + BF + FF − FR − FD ± d10°
    Dommages = BD ± FD

An attack hits when its Attaque equals or beats the target's Défense. The
Dommages are the difficulty of the target's jet d'encaissement, read against
the attacking weapon's class S/E/L/G/C/F.

What these rules take from chapters we do not have — the Niveau de
Compétence, the jet d'encaissement (« sencaisse ») and the weapon's class
(« bclasse ») are links to sections that did not reach us — is only what
this chapter states and its examples use:

- the jet d'encaissement is Encaissement (Cp + Rs + Armure) + ±d10° −
  Total de Dommages (« +4+3−(3+5)−4 = −5 », « (+5−6−5) −6 »);
- its result is read against the class: a result at or under a threshold
  reaches that degree, the worst one reached counts (−6 against
  −1/−3/−10/… is an « éraflure », the E; −14 a « blessure légère », the L);
  a result over the first threshold does nothing (« +1, aucun dégât »);
- only three degrees have a stated effect: S « sonne » (a penalty of −1 on
  everything the next round), E costs one point de douleur, L three; G, C
  and F are named and nothing more;
- each point de douleur is a −1 on everything the wounded does — the
  examples take it off Rapidité, Défense, Attaque, Dommages and the jet
  d'encaissement alike;
- « passant le cap du −5 »: from 5 points de douleur on, a jet
  d'évanouissement is due (the chapter does not give that roll).

Readings chosen where the chapter leaves room:

- « 4 Facteurs qui valent tous 0 ou plus » and « le seul cas où la Parade à
  une valeur différente de zéro » are about the attack a player declares; a
  surprised character's FP of −5 is imposed on him, not declared, so it is
  not held against them.
- The attack types and the adverbs are « des propositions »: declared
  factors outside them (an attaque rapide with FD, an FD of +8) are allowed
  as long as they keep the stated bounds (all ≥ 0, FF ≤ +5, no FF in a
  mêlée).
- In the « Calcul des dégâts » example, « Total de Dommages = +3 » is the
  mace's Bonus de Dommages: the example adds the Facteur of +5 to it.
- A style de combat is « un bonus de base en Rapidité, en Dommages et en
  Finesse » that spares counting the Facteurs: it is taken as Facteurs
  declared once for all, and the « +Style » of each base of the MJ's table
  as what they do to that total (its FF takes off the Parade).
- When the attacks are not simultaneous, the one who strikes second does so
  after the first blow's pain (« Goliath a maintenant un point de douleur et
  attaque David … (+5−1+3−3−1) »); simultaneous attacks are both made with
  the pain each had at the start of the round.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from build_tools.checking.rule import constant, note, rule

# -- les Facteurs d'attaque ---------------------------------------------------

FACTEURS = {
    "FF": "finesse",
    "FD": "dommages",
    "FR": "rapidite",
    "FP": "parade",
}
"""The four Facteurs d'attaque by the book's abbreviation."""

FACTEUR_MINIMAL = 0
"""« 4 Facteurs qui valent tous 0 ou plus »."""

FINESSE_MAXIMALE = constant(
    5, cites="Finesse ne peut toutefois être supérieur à +5", formula="FF ≤ +5"
)
"""« Le Facteur Finesse ne peut toutefois être supérieur à +5 »."""

PARADE_DEFENSIVE = 3
"""« Elle donne alors un bonus de +3 » (defence without attack)."""

PARADE_DU_SURPRIS = -5
"""« Un personnage surpris … a automatiquement un FP de −5 »."""

PENALITE_DE_CHANGEMENT_D_INTENTION = -1
"""Changing one's intentions after another's declaration: −1 on every action of the assaut."""

ECART_DE_SIMULTANEITE = constant(
    3, cites="est de moins de 3 points. Sinon, c'est", formula="|R₁ − R₂| < 3"
)
"""Les attaques sont simultanées quand les totaux de Rapidité diffèrent de moins de 3 points."""


@dataclass(frozen=True)
class Facteurs:
    """The four Facteurs of a declared attack; `retenue` when FD is taken off the Dommages."""

    finesse: int = 0
    dommages: int = 0
    rapidite: int = 0
    parade: int = 0
    retenue: bool = False
    attaque: bool = True

    def par_abreviation(self) -> dict[str, int]:
        return {abreviation: getattr(self, nom) for abreviation, nom in FACTEURS.items()}


@rule
def facteurs_admis(facteurs: Facteurs, *, en_melee: bool = False) -> bool:
    """Every Facteur is 0 or more, the Finesse at most +5, and none in a mêlée."""
    if any(valeur < FACTEUR_MINIMAL for valeur in facteurs.par_abreviation().values()):
        return False
    if facteurs.finesse > FINESSE_MAXIMALE:
        return False
    return not (en_melee and facteurs.finesse)


@rule
def surpris(facteurs: Facteurs) -> Facteurs:
    """A character surprised, or ignoring his defence, has an FP of −5."""
    return replace(facteurs, parade=PARADE_DU_SURPRIS)


# -- les types d'attaque et les adverbes ---------------------------------------

ADVERBES = {"Pas": 0, "Peu": 1, "Assez": 2, "«...»": 3, "Très": 4, "Totale": 5}
"""Table des adverbes: the N of each adverb."""

ADVERBE_PAR_DEFAUT = "«...»"
"""« La valeur par défaut est normalement «...» »."""

TYPES_D_ATTAQUE = {
    "Attaque normale": lambda n: Facteurs(),
    "Attaque forcée/précise": lambda n: Facteurs(dommages=n, finesse=n),
    "Attaque retenue": lambda n: Facteurs(dommages=n, retenue=True),
    "Attaque feintée": lambda n: Facteurs(finesse=n),
    "Attaque rapide": lambda n: Facteurs(rapidite=n, finesse=n),
    "Attaque défensive (ou défense sans attaque)": lambda n: Facteurs(
        parade=PARADE_DEFENSIVE, attaque=False
    ),
}
"""« Types d'attaque possible »: the Facteurs of each type for an adverb's N."""


@rule
def valeur_de_l_adverbe(adverbe: str) -> int:
    """N given by the adverb (Table des adverbes)."""
    return ADVERBES[adverbe]


@rule
def facteurs_du_type(type_d_attaque: str, adverbe: str = ADVERBE_PAR_DEFAUT) -> Facteurs:
    """The Facteurs of an attack type whose N is given by an adverb."""
    return TYPES_D_ATTAQUE[type_d_attaque](valeur_de_l_adverbe(adverbe))


# -- les armes, les personnages et leur table de combat -------------------------

CLASSE = ("S", "E", "L", "G", "C", "F")
"""The degrees of a weapon's class of damage, from the lightest."""

EFFETS = {"S": "sonné", "E": "éraflure", "L": "blessure légère"}
"""The degrees whose effect the chapter states (« sonner », « éraflure », « blessure légère »)."""

DOULEUR = {"E": 1, "L": 3}
"""Points de douleur of a degree: « une éraflure … un point de douleur »; « légère … −3 »."""

PENALITE_DU_SONNE = -1
"""Sonné: « le prochain round se fera avec une pénalité de −1 à toutes les activités »."""

SEUIL_D_EVANOUISSEMENT = 5
"""« Passant le cap du −5, Goliath devra tenter un jet d'évanouissement »."""


@dataclass(frozen=True)
class Arme:
    """A weapon: its bonuses BF/BP/BR/BD (Finesse, Parade, Rapidité, Dommages) and its class."""

    nom: str
    bonus_de_finesse: int
    bonus_de_parade: int
    bonus_de_rapidite: int
    bonus_de_dommages: int
    classe: tuple[int, ...]


@dataclass(frozen=True)
class Personnage:
    """What the combat uses of a character sheet."""

    nom: str
    arme: Arme
    competence: int
    attributs: int
    cp_rs: int
    armure: int = 0
    style: Facteurs = Facteurs()


STATISTIQUES_VARIABLES = ("points de douleur", "blessures")
"""« Les points de douleurs et les blessures varient »."""

STATISTIQUES_CONSTANTES = ("encaissement", "rapidite", "parade", "attaque", "dommages", "classe")
"""The other important statistics, « normalement constants »: those of the MJ's table of combat."""

STATISTIQUES_IMPORTANTES = STATISTIQUES_VARIABLES + STATISTIQUES_CONSTANTES
"""What the MJ keeps at hand because it comes back almost every round."""


@dataclass(frozen=True)
class TableDeCombat:
    """The MJ's prepared table: Enc., bases A/P/R/D (« APRD ») and the class SELGCF."""

    nom: str
    encaissement: int
    attaque: int
    parade: int
    rapidite: int
    dommages: int
    classe: tuple[int, ...]


@rule
def apport_du_style(style: Facteurs, base: str) -> int:
    """A style's share: FR to Rapidité, −FF to Parade, FF−FR−FD to Attaque, FD to Dommages."""
    # « un ensemble d'un bonus de base en Rapidité, en Dommages et en Finesse » that « permettent
    # donc de simplifier le compte des Facteurs d'Attaque »: a style is Facteurs declared once
    # for all, and the « +Style » of each base is what those Facteurs do to its total.
    return {
        "Rapidité": style.rapidite,
        "Parade": style.parade - style.finesse,
        "Attaque": style.finesse - style.rapidite - style.dommages,
        "Dommages": -style.dommages if style.retenue else style.dommages,
    }[base]


@rule
def arme_inutile(arme: Arme) -> Arme:
    """A weapon not drawn, or an attack not seen coming: none of the weapon's bonuses."""
    return replace(
        arme, bonus_de_finesse=0, bonus_de_parade=0, bonus_de_rapidite=0, bonus_de_dommages=0
    )


@rule
def niveau_de_combat(competence: int, attributs: int) -> int:
    """Niveau = the combat Compétence + its Attributs (e.g. Lame courte + Ag+Mn)."""
    return competence + attributs


@rule
def encaissement(cp_rs: int, armure: int) -> int:
    """Encaissement = Cp + Rs + Armure."""
    return cp_rs + armure


@rule
def base_d_attaque(niveau: int, bonus_de_finesse: int, style: int = 0) -> int:
    """Base d'Attaque = Niveau + BF + Style."""
    return niveau + bonus_de_finesse + style


@rule
def base_de_parade(niveau: int, bonus_de_parade: int, style: int = 0) -> int:
    """Base de Parade = Niveau + BP + Style."""
    return niveau + bonus_de_parade + style


@rule
def base_de_rapidite(niveau: int, bonus_de_rapidite: int, style: int = 0) -> int:
    """Base de Rapidité = Niveau + BR + Style."""
    return niveau + bonus_de_rapidite + style


@rule
def base_de_dommages(bonus_de_dommages: int, style: int = 0) -> int:
    """Base de Dommages = BD + Style (no Niveau)."""
    return bonus_de_dommages + style


@rule
def table_de_combat(personnage: Personnage) -> TableDeCombat:
    """The MJ's table of a character: Enc., A/P/R/D bases and the weapon's class."""
    arme = personnage.arme
    niveau = niveau_de_combat(personnage.competence, personnage.attributs)
    return TableDeCombat(
        personnage.nom,
        encaissement(personnage.cp_rs, personnage.armure),
        base_d_attaque(niveau, arme.bonus_de_finesse, apport_du_style(personnage.style, "Attaque")),
        base_de_parade(niveau, arme.bonus_de_parade, apport_du_style(personnage.style, "Parade")),
        base_de_rapidite(
            niveau, arme.bonus_de_rapidite, apport_du_style(personnage.style, "Rapidité")
        ),
        base_de_dommages(arme.bonus_de_dommages, apport_du_style(personnage.style, "Dommages")),
        arme.classe,
    )


# -- les quatre totaux ----------------------------------------------------------


@rule
def total_de_rapidite(base_de_rapidite: int, facteur_de_rapidite: int, penalite: int = 0) -> int:
    """Rapidité = Niveau + BR + FR (the base holds Niveau + BR), plus penalties."""
    return base_de_rapidite + facteur_de_rapidite + penalite


@rule(
    formula="Défense = Niveau + BP + FP − FF",
    symbols={"FP": "facteur_de_parade", "FF": "facteur_de_finesse"},
    cites="et du Facteur de Parade moins le Facteur de Finesse",
)
def total_de_defense(
    base_de_parade: int, facteur_de_parade: int, facteur_de_finesse: int, penalite: int = 0
) -> int:
    """La Défense est la somme du Niveau, du Bonus de Parade et du Facteur de Parade, moins le
    Facteur de Finesse.

    The base holds Niveau + BP; penalties are added.
    """
    return base_de_parade + facteur_de_parade - facteur_de_finesse + penalite


@rule(
    formula="Attaque = Niveau + d10° + BF + FF − FR − FD",
    symbols={
        "d10°": "jet",
        "FF": "facteur_de_finesse",
        "FR": "facteur_de_rapidite",
        "FD": "facteur_de_dommages",
    },
    cites="moins la somme du Facteur de Rapidité et du Facteur de",
)
def total_d_attaque(
    base_d_attaque: int,
    facteur_de_finesse: int,
    facteur_de_rapidite: int,
    facteur_de_dommages: int,
    jet: int,
    penalite: int = 0,
) -> int:
    """L'Attaque est la somme du Niveau, du jet de dés, du Bonus de Finesse et de la Finesse de
    l'attaque, moins la somme du Facteur de Rapidité et du Facteur de Dommages.

    The base holds Niveau + BF; penalties are added.
    """
    return (
        base_d_attaque
        + facteur_de_finesse
        - facteur_de_rapidite
        - facteur_de_dommages
        + jet
        + penalite
    )


@rule
def total_de_dommages(
    base_de_dommages: int, facteur_de_dommages: int, retenue: bool = False, penalite: int = 0
) -> int:
    """Dommages = BD ± FD (FD taken off for a retained attack), plus penalties."""
    signe = -1 if retenue else 1
    return base_de_dommages + signe * facteur_de_dommages + penalite


@rule
def attaque_reussie(total_d_attaque: int, total_de_defense: int) -> bool:
    """An attack hits when its Total d'Attaque equals or beats the Total de Défense."""
    return total_d_attaque >= total_de_defense


@rule(cites="est de moins de 3 points. Sinon, c'est")
def attaques_simultanees(rapidite_a: int, rapidite_b: int) -> bool:
    """Les attaques sont simultanées si l'écart entre les deux Rapidités est de moins de
    3 points."""
    return abs(rapidite_a - rapidite_b) < ECART_DE_SIMULTANEITE


@rule
def penalite(
    points_de_douleur: int, sonne: bool = False, changement_d_intention: bool = False
) -> int:
    """Penalty on every activity: −1 per point de douleur, −1 if sonné, −1 for a changed intent."""
    return (
        -points_de_douleur
        + (PENALITE_DU_SONNE if sonne else 0)
        + (PENALITE_DE_CHANGEMENT_D_INTENTION if changement_d_intention else 0)
    )


# -- les dégâts -----------------------------------------------------------------


@rule
def jet_d_encaissement(
    encaissement: int, jet: int, total_de_dommages: int, penalite: int = 0
) -> int:
    """Encaissement + ±d10° − Total de Dommages, plus penalties."""
    return encaissement + jet - total_de_dommages + penalite


@rule
def degre_de_degats(resultat: int, classe: tuple[int, ...]) -> str | None:
    """The worst degree S/E/L/G/C/F whose threshold the result is at or under (None: no damage)."""
    atteints = [degre for degre, seuil in zip(CLASSE, classe, strict=True) if resultat <= seuil]
    return atteints[-1] if atteints else None


@rule
def points_de_douleur(degre: str | None) -> int:
    """Points de douleur left by a degree: E one, L three (S and no damage none)."""
    if degre in ("G", "C", "F"):
        raise ValueError(f"the chapters we have give no effect for the degree {degre}")
    return DOULEUR.get(degre, 0)


@rule
def jet_d_evanouissement_du(points_de_douleur: int) -> bool:
    """From 5 points de douleur on, a jet d'évanouissement is due."""
    return points_de_douleur >= SEUIL_D_EVANOUISSEMENT


# -- un round de combat -----------------------------------------------------------


@dataclass
class Combattant:
    """A fighter during the fight: his table and what the fight has left on him."""

    table: TableDeCombat
    douleur: int = 0
    sonne: bool = False
    sonne_au_prochain_round: bool = False

    @property
    def nom(self) -> str:
        return self.table.nom

    def penalite(self) -> int:
        return penalite(self.douleur, self.sonne)


@dataclass
class Coup:
    """One attack of a round, and what it did."""

    attaquant: str
    defenseur: str
    penalite: int
    jet: int
    total_d_attaque: int
    total_de_defense: int
    touche: bool
    total_de_dommages: int | None = None
    penalite_du_defenseur: int = 0
    jet_d_encaissement: int | None = None
    resultat: int | None = None
    degre: str | None = None
    douleur_infligee: int = 0


@dataclass
class Round:
    """A round between two fighters: their totals, the order of the attacks, the blows."""

    rapidite: dict[str, int]
    defense: dict[str, int]
    penalite: dict[str, int]
    simultane: bool
    ordre: tuple[str, str]
    coups: list[Coup] = field(default_factory=list)
    douleur: dict[str, int] = field(default_factory=dict)
    evanouissement: dict[str, bool] = field(default_factory=dict)
    en_suspens: str | None = None
    """Who could not strike yet: knocked past the cap of pain, he owes a jet d'évanouissement."""

    def coup_de(self, nom: str) -> Coup:
        return next(coup for coup in self.coups if coup.attaquant == nom)


@rule
def round_de_combat(
    premier: Combattant,
    second: Combattant,
    facteurs: dict[str, Facteurs],
    jets_d_attaque: dict[str, int],
    jets_d_encaissement: dict[str, int],
) -> Round:
    """One round: totals, order (or simultaneity), each attack, each encaissement, the pain."""
    combattants = {premier.nom: premier, second.nom: second}
    penalites = {nom: c.penalite() for nom, c in combattants.items()}
    douleur_au_debut = {nom: c.douleur for nom, c in combattants.items()}
    rapidite = {
        nom: total_de_rapidite(c.table.rapidite, facteurs[nom].rapidite, penalites[nom])
        for nom, c in combattants.items()
    }
    defense = {
        nom: total_de_defense(
            c.table.parade, facteurs[nom].parade, facteurs[nom].finesse, penalites[nom]
        )
        for nom, c in combattants.items()
    }
    simultane = attaques_simultanees(rapidite[premier.nom], rapidite[second.nom])
    ordre = tuple(sorted(combattants, key=lambda nom: -rapidite[nom]))
    resultat = Round(rapidite, defense, penalites, simultane, ordre)
    note(
        f"{ordre[0]} attacks first"
        + (", and the attacks are simultaneous" if simultane else ", alone")
    )
    blessures: list[tuple[Combattant, Coup]] = []
    for nom in ordre:
        attaquant = combattants[nom]
        cible = next(c for autre, c in combattants.items() if autre != nom)
        if not facteurs[nom].attaque:
            continue
        passe_le_cap = jet_d_evanouissement_du(attaquant.douleur) and not (
            jet_d_evanouissement_du(douleur_au_debut[nom])
        )
        if not simultane and passe_le_cap:
            # « devra tenter un jet d'évanouissement pour éviter de s'effondrer avant d'avoir
            # pu riposter »: the chapter gives that roll no rule, so the round stops here.
            resultat.en_suspens = nom
            note(f"{nom} must pass a jet d'évanouissement before he can strike")
            break
        if nom not in jets_d_attaque:
            note(f"no die is given for {nom}'s attack")
            continue
        # Who strikes second after a blow that was not simultaneous strikes with its pain.
        penalite_de_l_attaquant = penalites[nom] if simultane else attaquant.penalite()
        coup = _attaque(
            attaquant,
            cible,
            facteurs[nom],
            jets_d_attaque[nom],
            defense[cible.nom],
            penalite_de_l_attaquant,
        )
        resultat.coups.append(coup)
        if coup.touche:
            coup.penalite_du_defenseur = penalites[cible.nom] if simultane else cible.penalite()
            if cible.nom in jets_d_encaissement:
                _encaisse(coup, attaquant, cible, jets_d_encaissement[cible.nom])
            else:
                note(f"no die is given for {cible.nom}'s jet d'encaissement")
            if simultane:
                blessures.append((cible, coup))
            else:
                _blesse(cible, coup)
    for cible, coup in blessures:
        _blesse(cible, coup)
    # A sonné lasts for the round after the blow.
    for combattant in combattants.values():
        combattant.sonne, combattant.sonne_au_prochain_round = (
            combattant.sonne_au_prochain_round,
            False,
        )
    resultat.douleur = {nom: c.douleur for nom, c in combattants.items()}
    resultat.evanouissement = {
        nom: jet_d_evanouissement_du(c.douleur) for nom, c in combattants.items()
    }
    return resultat


def _attaque(attaquant, cible, facteurs, jet, defense, penalite_de_l_attaquant) -> Coup:
    total = total_d_attaque(
        attaquant.table.attaque,
        facteurs.finesse,
        facteurs.rapidite,
        facteurs.dommages,
        jet,
        penalite_de_l_attaquant,
    )
    coup = Coup(
        attaquant.nom,
        cible.nom,
        penalite_de_l_attaquant,
        jet,
        total,
        defense,
        attaque_reussie(total, defense),
    )
    if coup.touche:
        coup.total_de_dommages = total_de_dommages(
            attaquant.table.dommages, facteurs.dommages, facteurs.retenue, penalite_de_l_attaquant
        )
    return coup


def _encaisse(coup: Coup, attaquant: Combattant, cible: Combattant, jet: int) -> None:
    coup.jet_d_encaissement = jet
    coup.resultat = jet_d_encaissement(
        cible.table.encaissement, jet, coup.total_de_dommages, coup.penalite_du_defenseur
    )
    coup.degre = degre_de_degats(coup.resultat, attaquant.table.classe)
    coup.douleur_infligee = points_de_douleur(coup.degre)


def _blesse(cible: Combattant, coup: Coup) -> None:
    cible.douleur += coup.douleur_infligee
    if coup.degre == "S":
        cible.sonne_au_prochain_round = True
