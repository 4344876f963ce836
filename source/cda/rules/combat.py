"""Le combat: totaux de combat, jets qui touchent, dommages, surclassement, tir et esquive.

The chapter « le combat » of Les Clefs de l'Aube, as code. An attack is an
action roll (see `actions`) with the total d'attaque (TA) as CA and the
adversary's total de parade (TP) as ND.

Readings chosen where the book leaves room:

- The manœuvre de dommage adds the BD to « °R + 5 » in the chapter's list, but
  « BD - 5 » in the glossary and « le malus de -5 aux dommages » in the note
  for beginners; the rules follow the two that agree: -5.
- « une arme utilisée entre la courte et la moyenne portée verra son BD
  diminué de 5 »: a shot beyond the short-range mark but short of the medium
  one still has the short range's difficulty (5); the book states no other
  way of reading the distances.
- A failed jet d'encaissement subtracts nothing from the Dom (no °R).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from build_tools.game import Distribution, constant, die, note, rule

from .actions import Jet, chances_de_reussite, confrontation, faces_reussies, jet
from .avance import FACTEUR_D_ATTAQUE, FACTEUR_DE_MORTALITE

DIFFICULTES_DE_PORTEE = constant(
    {"courte": 5, "moyenne": 10, "grande": 15},
    cites="courte, moyenne et grande, auxquels correspondent trois niveaux de difficulté de base",
)
"""Les niveaux de difficulté de base des trois portées d'une arme de tir."""


@dataclass(frozen=True)
class Manoeuvre:
    """Une manœuvre du surclassement: son moyen, son bonus d'arme, et son bonus ajouté au °R."""

    nom: str
    moyen: str
    bonus_d_arme: str
    bonus: int


MANOEUVRES = constant(
    {
        "MP": Manoeuvre("manœuvre de parade", "Ma", "BP", 5),
        "MA": Manoeuvre("manœuvre d'attaque", "Ex", "BA", 0),
        "MD": Manoeuvre("manœuvre de dommage", "Pu", "BD", -5),
    },
    cites=("Sa CA est de Ph + Ma +", "Sa CA est de Ph + Ex +", "Sa CA est de Ph + Pu +"),
)
"""Les trois manœuvres de base: CA = Ph + moyen + BC; °R + bonus d'arme + bonus."""


# -- les totaux de combat -----------------------------------------------------


@rule(
    formula="TA = CA + BA",
    symbols={"CA": "cible", "BA": "bonus_d_attaque"},
    cites="Le total d'attaque correspond à la",
)
def total_d_attaque(cible: int, bonus_d_attaque: int) -> int:
    """TA = CA de l'arme + BA."""
    return cible + bonus_d_attaque


@rule(
    formula="TP = CA + BP − FA",
    symbols={"CA": "cible", "BP": "bonus_de_parade", "FA": FACTEUR_D_ATTAQUE},
    cites="additionnée du bonus de parade de l'arme moins 10",
)
def total_de_parade(cible: int, bonus_de_parade: int) -> int:
    """Le total de parade est la CA de l'arme, additionnée du bonus de parade, moins 10."""
    return parade_a_un_facteur(cible, bonus_de_parade, FACTEUR_D_ATTAQUE)


def parade_a_un_facteur(cible: int, bonus_de_parade: int, facteur_d_attaque: int) -> int:
    """Le TP à un facteur d'attaque donné : CA + BP − FA.

    The rule itself at another FA, untraced: what the book says a higher or lower FA would
    do (« Plus il est élevé, plus les personnages ont des chances de se faire toucher »).
    """
    return cible + bonus_de_parade - facteur_d_attaque


def chance_de_toucher_a_un_facteur(cible: int, facteur_d_attaque: int) -> Fraction:
    """P(toucher) entre deux personnages identiques (même CA, ni BA ni BP) à ce FA."""
    return chance_de_toucher(cible, parade_a_un_facteur(cible, 0, facteur_d_attaque))


@rule(
    formula="Esq = CA en Évitement − FA",
    symbols={"CA en Évitement": "cible_en_evitement", "FA": FACTEUR_D_ATTAQUE},
    cites="moins 10. Ce total s'appelle l'esquive (Esq)",
)
def esquive(cible_en_evitement: int) -> int:
    """Esq = CA en Évitement (Ph + Ma + BC) - FA."""
    return cible_en_evitement - FACTEUR_D_ATTAQUE


ASPECT_D_EVITEMENT = constant("Physique", cites="Il utilise pour cela son CA en Évitement")
"""The aspect of the CA en Évitement the esquive takes: « un jet de Manœuvre en Physique »."""

MOYEN_D_EVITEMENT = constant("Manœuvre", cites="Il utilise pour cela son CA en Évitement")
"""The moyen of the CA en Évitement: « Esq = Ph + Ma + BC − FA » (the sheet's esquive)."""

MOYEN_D_ENCAISSEMENT = constant(
    "Résistance", cites="Le personnage fait alors un jet de Résistance dans l'aspect affecté"
)
"""The moyen of a jet d'encaissement, whatever the aspect: « Enc = aspect + Ré − FM »."""


@rule(
    formula="Enc = aspect + Ré − FM",
    symbols={"aspect": "aspect", "Ré": "resistance", "FM": FACTEUR_DE_MORTALITE},
    cites="Le personnage fait alors un jet de Résistance dans l'aspect affecté",
)
def encaissement(aspect: int, resistance: int) -> int:
    """Enc = aspect + Résistance - FM (facteur de mortalité, 0)."""
    return encaissement_a_un_facteur(aspect, resistance, FACTEUR_DE_MORTALITE)


def encaissement_a_un_facteur(aspect: int, resistance: int, facteur_de_mortalite: int) -> int:
    """L'Enc à un facteur de mortalité donné : aspect + Ré − FM.

    The rule itself at another FM, untraced: the FM is 0, and what the book says of it (« est
    retiré à l'encaissement », « Plus il est élevé, plus les coups sont mortels ») is what
    another value would do.
    """
    return aspect + resistance - facteur_de_mortalite


# -- l'attaque ----------------------------------------------------------------


@rule(cites="il doit avoir au-dessus du TP de l'adversaire et au plus son TA sur le d20")
def jets_qui_touchent(total_d_attaque: int, total_de_parade: int) -> tuple[int, int] | None:
    """Les faces du d20 qui touchent: au-dessus du TP adverse et au plus le TA."""
    return faces_reussies(total_d_attaque, total_de_parade)


@rule(cites="il doit avoir au-dessus du TP de l'adversaire et au plus son TA sur le d20")
def chance_de_toucher(total_d_attaque: int, total_de_parade: int) -> Fraction:
    """P(toucher) = P(°R > TP) sur un jet avec le TA comme CA (exact)."""
    return chances_de_reussite(total_d_attaque, total_de_parade)


@rule(cites="Il existe deux facteurs d'ajustement")
def chance_de_toucher_un_pareil(
    cible: int, bonus_d_attaque: int = 0, bonus_de_parade: int = 0
) -> Fraction:
    """Deux personnages identiques: P(toucher) avec TA = CA + BA contre TP = CA + BP - FA."""
    return chance_de_toucher(
        total_d_attaque(cible, bonus_d_attaque), total_de_parade(cible, bonus_de_parade)
    )


@rule(
    formula="Dom = °R + BD",
    symbols={"°R": "degre_de_reussite", "BD": "bonus_de_dommage"},
    cites="égal au °R additionné du",
)
def niveau_de_dommage(degre_de_reussite: int, bonus_de_dommage: int) -> int:
    """Dom = °R de l'attaque + BD de l'arme."""
    return degre_de_reussite + bonus_de_dommage


@rule(
    cites=(
        "égal au °R additionné du",
        "Le personnage fait alors un jet de Résistance dans l'aspect affecté",
    )
)
def dommages_effectifs_d_un_coup(
    total_d_attaque: int,
    total_de_parade: int,
    bonus_de_dommage: int,
    encaissement: int,
    bonus_d_encaisse: int = 0,
) -> Distribution:
    """Dommages effectifs d'un coup qui touche: °R + BD - BE - °R d'encaissement (exact).

    A coup that cannot hit (no face over the TP and within the TA) has no
    distribution: ValueError.
    """
    faces = die(20).conditional(
        lambda de: attaque(total_d_attaque, total_de_parade, de, 0) is not None
    )
    dom = faces.map(lambda de: jet(total_d_attaque, de).degre + bonus_de_dommage)
    encaisse = die(20).map(
        lambda de: jet(encaissement, de).degre if jet(encaissement, de).reussite else 0
    )
    return dom.combine(encaisse, lambda dommage, degre: dommage - bonus_d_encaisse - degre)


@rule(cites="Le personnage fait alors un jet de Résistance dans l'aspect affecté")
def jets_qui_encaissent(encaissement: int) -> tuple[int, int] | None:
    """Les faces du d20 qui réussissent le jet d'encaissement (Enc comme CA)."""
    return faces_reussies(encaissement)


# -- le combat par surclassement ----------------------------------------------


@rule(
    formula="CA = Ph + moyen + BC",
    symbols={"Ph": "physique", "moyen": "moyen", "BC": "bonus_de_competence"},
    cites=("Sa CA est de Ph + Ma +", "Sa CA est de Ph + Ex +", "Sa CA est de Ph + Pu +"),
)
def cible_de_manoeuvre(physique: int, moyen: int, bonus_de_competence: int) -> int:
    """CA d'une manœuvre = Ph + moyen de la manœuvre (Ma, Ex ou Pu) + BC."""
    return physique + moyen + bonus_de_competence


@rule(
    formula="bonus = liste « les manœuvres de combat » [manœuvre]",
    symbols={"manœuvre": "manoeuvre"},
    cites=(
        "est ajouté au °R + 5. Une manœuvre",
        "- 5 pour donner le",
        "le malus de -5",
    ),
)
def bonus_de_manoeuvre(manoeuvre: str) -> int:
    """Ce que la manœuvre ajoute au °R en plus du bonus d'arme : MP +5, MA 0, MD −5.

    The chapter's list gives the MD « °R + 5 »; the glossary (« - 5 pour donner le
    Dom ») and the note for beginners (« le malus de -5 ») give −5. The rules do
    not choose silently: the chapter's sentence is reported with the two others
    as its other places, and the ledger records the authors' decision.
    """
    return MANOEUVRES[manoeuvre].bonus


@rule(
    formula="°R de la manœuvre = °R + bonus d'arme + bonus de la manœuvre",
    symbols={
        "°R": "degre_de_reussite",
        "bonus d'arme": "bonus_d_arme",
        "bonus de la manœuvre": lambda arguments: MANOEUVRES[arguments["manoeuvre"]].bonus,
    },
    cites=("de l'arme est ajouté au °R + 5. Une", "de l'arme est ajouté au °R. Cette"),
)
def degre_de_manoeuvre(manoeuvre: str, degre_de_reussite: int, bonus_d_arme: int) -> int:
    """°R de la manœuvre = °R + bonus d'arme (BP, BA ou BD) + bonus de la manœuvre."""
    return degre_de_reussite + bonus_d_arme + bonus_de_manoeuvre(manoeuvre)


@rule(cites="Si les deux ont une victoire, c'est le plus haut qui l'emporte")
def surclassement(premier: Jet, second: Jet) -> tuple[int | None, int]:
    """Le vainqueur (1, 2 ou None) et l'effet: son °R, moins celui du vaincu s'il a réussi."""
    vainqueur = confrontation(premier, second)
    if vainqueur is None:
        note("personne ne l'emporte : les points accumulés sont perdus")
        return None, 0
    gagnant, perdant = (premier, second) if vainqueur == 1 else (second, premier)
    effet = gagnant.degre - (perdant.degre if perdant.reussite else 0)
    return vainqueur, effet


# -- le tir -------------------------------------------------------------------


@rule(
    formula="ND de base = portées du tir [portée]",
    symbols={"portée": "portee"},
    cites="courte, moyenne et grande, auxquels correspondent trois niveaux de difficulté de base",
)
def difficulte_de_portee(portee: str) -> int:
    """ND de base d'une portée: courte 5, moyenne 10, grande 15."""
    return DIFFICULTES_DE_PORTEE[portee]


@rule(
    formula="Dom = °R + BD − Diff de la portée",
    symbols={
        "°R": "degre_de_reussite",
        "BD": "bonus_de_dommage",
        "Diff de la portée": lambda arguments: DIFFICULTES_DE_PORTEE[arguments["portee"]],
    },
    cites="égale à la somme du °R et du BD moins la Difficulté de la portée",
)
def niveau_de_dommage_de_tir(degre_de_reussite: int, bonus_de_dommage: int, portee: str) -> int:
    """Dom d'un tir = °R + BD - difficulté de la portée."""
    return degre_de_reussite + bonus_de_dommage - difficulte_de_portee(portee)


@rule(
    formula="réussite et °R > TP : l'attaque touche ; sinon : l'attaque manque",
    symbols={
        "réussite": lambda arguments: (
            jet.__wrapped__(arguments["total_d_attaque"], arguments["de"]).reussite
        ),
        "°R": lambda arguments: (
            jet.__wrapped__(arguments["total_d_attaque"], arguments["de"]).degre
        ),
        "TP": "total_de_parade",
    },
    cites="il doit avoir au-dessus du TP de l'adversaire et au plus son TA sur le d20",
)
def attaque(
    total_d_attaque: int, total_de_parade: int, de: int, bonus_de_dommage: int
) -> int | None:
    """Le Dom d'une attaque qui touche (°R + BD), ou None si elle manque."""
    resultat = jet(total_d_attaque, de)
    if not resultat.reussite or resultat.degre <= total_de_parade:
        return None
    return niveau_de_dommage(resultat.degre, bonus_de_dommage)
