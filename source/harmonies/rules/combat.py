"""Le combat: attack factors, attack types and adverbs, the four totals, damage and pain.

The chapter « Le combat » of Harmonies, as functions named with the book's
terms (over 600 lines, for a reason: one chapter of the book, its rules in the
book's order, as the book's readers look them up). An attack is described by
four Facteurs (Finesse FF, Dommages FD, Rapidité FR, Parade FP); with the
Niveau de Compétence and the weapon's bonuses (BF, BP, BR, BD) they give four
totals:

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

from build_tools.game import constant, note, rule

# -- les Facteurs d'attaque ---------------------------------------------------

FACTEURS = constant(
    {"FF": "finesse", "FD": "dommages", "FR": "rapidite", "FP": "parade"},
    cites="Une attaque est décrite par 4 Facteurs qui valent tous 0 ou plus",
)
"""The four Facteurs d'attaque by the book's abbreviation."""

FACTEUR_MINIMAL = constant(
    0, cites="Une attaque est décrite par 4 Facteurs qui valent tous 0 ou plus", formula="F ≥ 0"
)
"""« 4 Facteurs qui valent tous 0 ou plus »."""

FINESSE_MAXIMALE = constant(
    5, cites="Finesse ne peut toutefois être supérieur à +5", formula="FF ≤ +5"
)
"""« Le Facteur Finesse ne peut toutefois être supérieur à +5 »."""

PARADE_DEFENSIVE = constant(
    3, cites=("Elle donne alors un bonus de +3", "FP = +3 mais aucune attaque possible")
)
"""« Elle donne alors un bonus de +3 » (defence without attack)."""

PARADE_DU_SURPRIS = constant(
    -5,
    cites="Un personnage surpris ou qui choisit d'ignorer totalement sa défense a "
    "automatiquement un FP de -5",
    formula="FP = −5",
)
"""« Un personnage surpris … a automatiquement un FP de −5 »."""

PENALITE_DE_CHANGEMENT_D_INTENTION = constant(
    -1, cites="mais au prix d'une pénalité de -1 sur toutes ses actions pour cet assaut"
)
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


@rule(
    formula=(
        "plus petit Facteur < 0 : un Facteur est négatif ; "
        "FF > 5 : la Finesse dépasse +5 ; "
        "mêlée et FF > 0 : pas de Finesse en mêlée ; "
        "plus petit Facteur ≥ 0 et FF ≤ 5 : les Facteurs sont admis"
    ),
    symbols={
        "plus petit Facteur": lambda arguments: min(
            arguments["facteurs"].par_abreviation().values()
        ),
        "FF": lambda arguments: arguments["facteurs"].finesse,
        "mêlée": "en_melee",
    },
    cites=(
        "Une attaque est décrite par 4 Facteurs qui valent tous 0 ou plus",
        "Le Facteur Finesse ne peut toutefois être supérieur à +5",
        "En mêlée, un attaquant ne peut donc mettre de points en Finesse",
    ),
)
def facteurs_admis(facteurs: Facteurs, *, en_melee: bool = False) -> bool:
    """Les Facteurs valent 0 ou plus, la Finesse au plus +5, aucune Finesse en mêlée.

    Les Facteurs valent tous 0 ou plus, la Finesse au plus +5, et aucune Finesse en mêlée."""
    if any(valeur < FACTEUR_MINIMAL for valeur in facteurs.par_abreviation().values()):
        return False
    if facteurs.finesse > FINESSE_MAXIMALE:
        return False
    return not (en_melee and facteurs.finesse)


@rule(
    formula="FP = −5",
    cites="Un personnage surpris ou qui choisit d'ignorer totalement sa défense a "
    "automatiquement un FP de -5",
)
def surpris(facteurs: Facteurs) -> Facteurs:
    """Un personnage surpris a automatiquement un FP de −5.

    Un personnage surpris, ou qui ignore totalement sa défense, a automatiquement un FP de −5."""
    return replace(facteurs, parade=PARADE_DU_SURPRIS)


# -- les types d'attaque et les adverbes ---------------------------------------

ADVERBES = constant(
    {"Pas": 0, "Peu": 1, "Assez": 2, "«...»": 3, "Très": 4, "Totale": 5},
    cites="table « Table des adverbes »",  # its binding checks every cell
)
"""Table des adverbes: the N of each adverb."""

ADVERBE_PAR_DEFAUT = constant("«...»", cites="La valeur par défaut est normalement")
"""« La valeur par défaut est normalement «...» »."""

TYPES_D_ATTAQUE = constant(
    {
        "Attaque normale": lambda n: Facteurs(),
        "Attaque forcée/précise": lambda n: Facteurs(dommages=n, finesse=n),
        "Attaque retenue": lambda n: Facteurs(dommages=n, retenue=True),
        "Attaque feintée": lambda n: Facteurs(finesse=n),
        "Attaque rapide": lambda n: Facteurs(rapidite=n, finesse=n),
        "Attaque défensive (ou défense sans attaque)": lambda n: Facteurs(
            parade=PARADE_DEFENSIVE, attaque=False
        ),
    },
    cites="table « Types d'attaque possible »",  # its binding checks every row
)
"""« Types d'attaque possible »: the Facteurs of each type for an adverb's N."""


@rule(
    formula="N = « Table des adverbes » [adverbe]",
    symbols={"adverbe": "adverbe"},
    cites="Dans les cas où ça s'applique, la valeur de N est déterminée par un adverbe",
)
def valeur_de_l_adverbe(adverbe: str) -> int:
    """La valeur de N est déterminée par un adverbe (Table des adverbes)."""
    return ADVERBES[adverbe]


@rule(
    cites=(
        "table « Types d'attaque possible »",
        "Dans les cas où ça s'applique, la valeur de N est déterminée par un adverbe",
    )
)
def facteurs_du_type(type_d_attaque: str, adverbe: str = ADVERBE_PAR_DEFAUT) -> Facteurs:
    """Les Facteurs d'un type d'attaque, dont l'adverbe donne N."""
    return TYPES_D_ATTAQUE[type_d_attaque](valeur_de_l_adverbe(adverbe))


# -- les armes, les personnages et leur table de combat -------------------------

CLASSE = constant(("S", "E", "L", "G", "C", "F"), cites="La classe de dommage: S/E/L/G/C/F")
"""The degrees of a weapon's class of damage, from the lightest."""

EFFETS = constant(
    {"S": "sonné", "E": "éraflure", "L": "blessure légère"},
    cites=(
        "Le coup est à peine suffisant pour sonner notre Ogre",
        "soit une éraflure",
        "est suffisant pour lui provoquer une blessure légère",
    ),
)
"""The degrees whose effect the chapter states (« sonner », « éraflure », « blessure légère »)."""

DOULEUR = constant(
    {"E": 1, "L": 3},
    cites=(
        "La dague de David lui ouvre légèrement le bras, causant un point de douleur",
        "blessure légère, et donc -3 points de douleur",
    ),
)
"""Points de douleur of a degree: « une éraflure … un point de douleur »; « légère … −3 »."""

PENALITE_DU_SONNE = constant(
    -1, cites="le prochain round se fera avec une pénalité de -1 à toutes les activités"
)
"""Sonné: « le prochain round se fera avec une pénalité de −1 à toutes les activités »."""

SEUIL_D_EVANOUISSEMENT = constant(
    5, cites="Passant le cap du -5, Goliath devra tenter un jet d'évanouissement"
)
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


STATISTIQUES_VARIABLES = constant(
    ("points de douleur", "blessures"), cites="Les points de douleurs et les blessures varient"
)
"""« Les points de douleurs et les blessures varient »."""

STATISTIQUES_CONSTANTES = constant(
    ("encaissement", "rapidite", "parade", "attaque", "dommages", "classe"),
    cites="les 6 autres sont normalement constants",
)
"""The other important statistics, « normalement constants »: those of the MJ's table of combat."""

STATISTIQUES_IMPORTANTES = constant(
    STATISTIQUES_VARIABLES + STATISTIQUES_CONSTANTES,
    cites="8 caractéristiques reviennent presque à tous les rounds",
)
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


@rule(
    cites=(
        "C'est un ensemble d'un bonus de base en Rapidité, en Dommages et en Finesse",
        "Les styles de combat permettent donc de simplifier le compte des Facteurs d'Attaque",
    )
)
def apport_du_style(style: Facteurs, base: str) -> int:
    """Ce qu'un style de combat ajoute à chaque base (Rapidité, Parade, Attaque, Dommages).

    Un style est un bonus de base en Rapidité, en Dommages et en Finesse : FR à la Rapidité, −FF à
    la Parade, FF − FR − FD à l'Attaque, FD aux Dommages."""
    # « un ensemble d'un bonus de base en Rapidité, en Dommages et en Finesse » that « permettent
    # donc de simplifier le compte des Facteurs d'Attaque »: a style is Facteurs declared once
    # for all, and the « +Style » of each base is what those Facteurs do to its total.
    return {
        "Rapidité": style.rapidite,
        "Parade": style.parade - style.finesse,
        "Attaque": style.finesse - style.rapidite - style.dommages,
        "Dommages": -style.dommages if style.retenue else style.dommages,
    }[base]


@rule(
    cites="il ne recevra aucun bonus dû à ses armes si ces dernières ne sont pas tirées ou s'il "
    "ne voit pas l'attaque arriver"
)
def arme_inutile(arme: Arme) -> Arme:
    """Une arme non tirée, ou une attaque qu'on ne voit pas, ne donne aucun bonus.

    Une arme qui n'est pas tirée, ou une attaque qu'on ne voit pas arriver : aucun bonus dû à
    l'arme."""
    return replace(
        arme, bonus_de_finesse=0, bonus_de_parade=0, bonus_de_rapidite=0, bonus_de_dommages=0
    )


@rule(
    formula="Niveau = Compétence + Attributs",
    symbols={"Compétence": "competence", "Attributs": "attributs"},
    cites="Les Compétences de combat des Arpèges utilisent toujours les mêmes Attributs pour une "
    "arme donnée",
)
def niveau_de_combat(competence: int, attributs: int) -> int:
    """Le Niveau est la Compétence de combat plus ses Attributs (Lame courte + Ag+Mn)."""
    return competence + attributs


@rule(
    formula="Encaissement = Cp+Rs + Armure",
    symbols={"Cp+Rs": "cp_rs", "Armure": "armure"},
    cites="l'Encaissement (Cp+Rs+Armure)",
)
def encaissement(cp_rs: int, armure: int) -> int:
    """L'Encaissement est Cp + Rs + Armure."""
    return cp_rs + armure


@rule(
    formula="base d'Attaque = Niveau + BF + Style",
    symbols={"Niveau": "niveau", "BF": "bonus_de_finesse", "Style": "style"},
    cites="La base d'Attaque: Niveau+BF+Style",
)
def base_d_attaque(niveau: int, bonus_de_finesse: int, style: int = 0) -> int:
    """La base d'Attaque est Niveau + BF + Style."""
    return niveau + bonus_de_finesse + style


@rule(
    formula="base de Parade = Niveau + BP + Style",
    symbols={"Niveau": "niveau", "BP": "bonus_de_parade", "Style": "style"},
    cites="La base de Parade: Niveau+BP+Style",
)
def base_de_parade(niveau: int, bonus_de_parade: int, style: int = 0) -> int:
    """La base de Parade est Niveau + BP + Style."""
    return niveau + bonus_de_parade + style


@rule(
    formula="base de Rapidité = Niveau + BR + Style",
    symbols={"Niveau": "niveau", "BR": "bonus_de_rapidite", "Style": "style"},
    cites="La base de Rapidité: Niveau+BR+Style",
)
def base_de_rapidite(niveau: int, bonus_de_rapidite: int, style: int = 0) -> int:
    """La base de Rapidité est Niveau + BR + Style."""
    return niveau + bonus_de_rapidite + style


@rule(
    formula="base de Dommages = BD + Style",
    symbols={"BD": "bonus_de_dommages", "Style": "style"},
    cites="La base de Dommages: BD+Style",
)
def base_de_dommages(bonus_de_dommages: int, style: int = 0) -> int:
    """La base de Dommages est BD + Style (sans le Niveau)."""
    return bonus_de_dommages + style


@rule(cites="Le MJ a déjà préparé la table de combat des deux personnages")
def table_de_combat(personnage: Personnage) -> TableDeCombat:
    """La table de combat du MJ : l'Encaissement, les bases A/P/R/D et la classe de l'arme."""
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


@rule(
    formula="Rapidité = Niveau + BR + FR + pénalité",
    symbols={
        "Niveau + BR": "base_de_rapidite",
        "FR": "facteur_de_rapidite",
        "pénalité": lambda arguments: arguments.get("penalite") or None,
    },
    cites="La Rapidité est déterminée par le Niveau de Compétence, du Bonus de Rapidité d'une "
    "arme et du Facteur de Rapidité",
)
def total_de_rapidite(base_de_rapidite: int, facteur_de_rapidite: int, penalite: int = 0) -> int:
    """La Rapidité est le Niveau plus le Bonus de Rapidité et le Facteur de Rapidité.

    La Rapidité est le Niveau de Compétence, plus le Bonus de Rapidité de l'arme et le Facteur de
    Rapidité.

    The base holds Niveau + BR; penalties are added."""
    return base_de_rapidite + facteur_de_rapidite + penalite


@rule(
    formula="Défense = Niveau + BP + FP − FF + pénalité",
    symbols={
        "Niveau + BP": "base_de_parade",
        "FP": "facteur_de_parade",
        "FF": "facteur_de_finesse",
        "pénalité": lambda arguments: arguments.get("penalite") or None,
    },
    cites="et du Facteur de Parade moins le Facteur de Finesse",
)
def total_de_defense(
    base_de_parade: int, facteur_de_parade: int, facteur_de_finesse: int, penalite: int = 0
) -> int:
    """La Défense est le Niveau plus BP et FP, moins le Facteur de Finesse.

    La Défense est la somme du Niveau, du Bonus de Parade et du Facteur de Parade, moins le Facteur
    de Finesse.

    The base holds Niveau + BP; penalties are added."""
    return base_de_parade + facteur_de_parade - facteur_de_finesse + penalite


@rule(
    formula="Attaque = Niveau + BF + FF − FR − FD ± d10° + pénalité",
    symbols={
        "Niveau + BF": "base_d_attaque",
        "pénalité": lambda arguments: arguments.get("penalite") or None,
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
    """L'Attaque est le Niveau plus les dés, BF et FF, moins FR et FD.

    L'Attaque est la somme du Niveau, du jet de dés, du Bonus de Finesse et de la Finesse de
    l'attaque, moins la somme du Facteur de Rapidité et du Facteur de Dommages.

    The base holds Niveau + BF; penalties are added."""
    return (
        base_d_attaque
        + facteur_de_finesse
        - facteur_de_rapidite
        - facteur_de_dommages
        + jet
        + penalite
    )


@rule(
    formula=("retenue : Dommages = BD − FD + pénalité ; sinon : Dommages = BD + FD + pénalité"),
    symbols={
        "retenue": "retenue",
        "BD": "base_de_dommages",
        "FD": "facteur_de_dommages",
        "pénalité": lambda arguments: arguments.get("penalite") or None,
    },
    cites=(
        "La somme du Bonus de Dommages et du Facteur de Dommages",
        "toutefois le FD sera soustrait dans le calcul du Total de Dommage",
    ),
)
def total_de_dommages(
    base_de_dommages: int, facteur_de_dommages: int, retenue: bool = False, penalite: int = 0
) -> int:
    """Les Dommages sont le Bonus de Dommages plus (ou moins) le Facteur de Dommages.

    Les Dommages sont la somme du Bonus de Dommages et du Facteur de Dommages (soustrait pour une
    attaque retenue)."""
    signe = -1 if retenue else 1
    return base_de_dommages + signe * facteur_de_dommages + penalite


@rule(
    formula="TA ≥ TD : l'attaque réussit ; TA < TD : l'attaque échoue",
    symbols={"TA": "total_d_attaque", "TD": "total_de_defense"},
    cites="si le Total d'Attaque de l'attaquant égale ou dépasse le Total de Défense de son "
    "adversaire",
)
def attaque_reussie(total_d_attaque: int, total_de_defense: int) -> bool:
    """Une attaque réussit si le Total d'Attaque égale ou dépasse le Total de Défense."""
    return total_d_attaque >= total_de_defense


@rule(
    formula=(
        "|R₁ − R₂| < 3 : les attaques sont simultanées ; "
        "|R₁ − R₂| ≥ 3 : le total le plus élevé commence"
    ),
    symbols={"R₁": "rapidite_a", "R₂": "rapidite_b"},
    cites="est de moins de 3 points. Sinon, c'est",
)
def attaques_simultanees(rapidite_a: int, rapidite_b: int) -> bool:
    """Les attaques sont simultanées si les Rapidités diffèrent de moins de 3 points.

    Les attaques sont simultanées si l'écart entre les deux Rapidités est de moins de 3 points."""
    return abs(rapidite_a - rapidite_b) < ECART_DE_SIMULTANEITE


@rule(
    formula=(
        "|R₁ − R₂| < 3 : les attaques sont simultanées ; "
        "R₁ > R₂ : le premier commence ; R₁ < R₂ : le second commence"
    ),
    symbols={"R₁": "rapidite_a", "R₂": "rapidite_b"},
    cites="Sinon, c'est le total le plus élevé qui commence",
)
def qui_commence(rapidite_a: int, rapidite_b: int) -> str | None:
    """Hors simultanéité, c'est le total de Rapidité le plus élevé qui commence.

    Returns "a" or "b", or None when the attacks are simultaneous."""
    if attaques_simultanees(rapidite_a, rapidite_b):
        return None
    return "a" if rapidite_a > rapidite_b else "b"


@rule(
    formula="pénalité = −douleur + sonné + intention changée",
    symbols={
        "douleur": "points_de_douleur",
        "sonné": lambda arguments: PENALITE_DU_SONNE if arguments.get("sonne") else None,
        "intention changée": lambda arguments: (
            PENALITE_DE_CHANGEMENT_D_INTENTION if arguments.get("changement_d_intention") else None
        ),
    },
    cites=(
        "Goliath a maintenant un point de douleur et attaque David",
        "le prochain round se fera avec une pénalité de -1 à toutes les activités",
        "au prix d'une pénalité de -1 sur toutes ses actions pour cet assaut",
    ),
)
def penalite(
    points_de_douleur: int, sonne: bool = False, changement_d_intention: bool = False
) -> int:
    """La pénalité : −1 par point de douleur, −1 si sonné, −1 pour une intention changée.

    La pénalité sur toutes les activités : −1 par point de douleur, −1 si sonné, −1 pour une
    intention changée."""
    return (
        -points_de_douleur
        + (PENALITE_DU_SONNE if sonne else 0)
        + (PENALITE_DE_CHANGEMENT_D_INTENTION if changement_d_intention else 0)
    )


# -- les dégâts -----------------------------------------------------------------


@rule(
    formula="jet d'encaissement = Encaissement ± d10° − Dommages + pénalité",
    symbols={
        "Encaissement": "encaissement",
        "d10°": "jet",
        "Dommages": "total_de_dommages",
        "pénalité": lambda arguments: arguments.get("penalite") or None,
    },
    cites="Le Total de Dommages est pris comme difficulté dans un jet d'encaissement",
)
def jet_d_encaissement(
    encaissement: int, jet: int, total_de_dommages: int, penalite: int = 0
) -> int:
    """Le jet d'encaissement : l'Encaissement plus les dés, moins le Total de Dommages.

    Le jet d'encaissement est l'Encaissement plus les dés, moins le Total de Dommages, pris comme
    difficulté."""
    return encaissement + jet - total_de_dommages + penalite


@rule(
    formula=(
        "résultat > S : aucun dégât ; résultat ≤ F : F ; résultat ≤ C : C ; résultat ≤ G : G ; "
        "résultat ≤ L : L, blessure légère ; résultat ≤ E : E, éraflure ; résultat ≤ S : S, sonné"
    ),
    symbols={
        "résultat": "resultat",
        **{
            degre: lambda arguments, rang=rang: arguments["classe"][rang]
            for rang, degre in enumerate(CLASSE)
        },
    },
    cites="dans un jet d'encaissement avec la classe de l'arme",
)
def degre_de_degats(resultat: int, classe: tuple[int, ...]) -> str | None:
    """Le pire degré de la classe de l'arme que le résultat atteint.

    Le pire degré S/E/L/G/C/F de la classe de l'arme que le résultat atteint (aucun : pas de dégât).
    """
    atteints = [degre for degre, seuil in zip(CLASSE, classe, strict=True) if resultat <= seuil]
    return atteints[-1] if atteints else None


@rule(
    formula=(
        f"éraflure : points de douleur = {DOULEUR['E']} ; "
        f"blessure légère : points de douleur = {DOULEUR['L']} ; sinon : points de douleur = 0"
    ),
    symbols={
        "éraflure": lambda arguments: arguments["degre"] == "E",
        "blessure légère": lambda arguments: arguments["degre"] == "L",
    },
    cites=(
        "La dague de David lui ouvre légèrement le bras, causant un point de douleur",
        "blessure légère, et donc -3 points de douleur",
    ),
)
def points_de_douleur(degre: str | None) -> int:
    """Une éraflure cause un point de douleur, une blessure légère trois."""
    if degre in ("G", "C", "F"):
        raise ValueError(f"the chapters we have give no effect for the degree {degre}")
    return DOULEUR.get(degre, 0)


@rule(
    formula=(
        "douleur ≥ cap : un jet d'évanouissement est dû ; "
        "douleur < cap : aucun jet d'évanouissement"
    ),
    symbols={"douleur": "points_de_douleur", "cap": SEUIL_D_EVANOUISSEMENT},
    cites="Passant le cap du -5, Goliath devra tenter un jet d'évanouissement",
)
def jet_d_evanouissement_du(points_de_douleur: int) -> bool:
    """Passé le cap de 5 points de douleur, un jet d'évanouissement est dû."""
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


@rule(
    cites=(
        "un combat se déroule en assauts, divisés en trois parties",
        "c'est le Total de Rapidité qui détermine l'ordre de résolution",
    )
)
def round_de_combat(
    premier: Combattant,
    second: Combattant,
    facteurs: dict[str, Facteurs],
    jets_d_attaque: dict[str, int],
    jets_d_encaissement: dict[str, int],
) -> Round:
    """Un round : les totaux, l'ordre, chaque attaque, chaque encaissement, la douleur.

    Un round : les totaux, l'ordre (ou la simultanéité), chaque attaque, chaque encaissement, la
    douleur."""
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
        f"{ordre[0]} attaque le premier"
        + (", et les attaques sont simultanées" if simultane else ", seul")
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
            note(f"{nom} doit réussir un jet d'évanouissement avant de pouvoir frapper")
            break
        if nom not in jets_d_attaque:
            note(f"aucun dé n'est donné pour l'attaque de {nom}")
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
                note(f"aucun dé n'est donné pour le jet d'encaissement de {cible.nom}")
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
