"""Les actions: the d20 roll under the cible à atteindre, its degrees, difficulty and variants.

The chapter « les actions » of Les Clefs de l'Aube, as functions named with
the book's terms. A roll is one d20 compared with the cible à atteindre (CA);
a result at or under the CA is a réussite whose degré de réussite (°R) is the
die, a result over it an échec whose degré d'échec (°É) is the die minus the CA.

Readings chosen where the book leaves room (each one the most natural reading
of the text, so nothing that can honestly mean it is flagged):

- The chapter puts the échec automatique at « une CA inférieure ou égale à 1 »
  and the réussite automatique at « supérieure ou égale à 20 »; the rules
  follow the chapter (the glossary's « inférieure à 1 » disagrees with it).
- When the Gardien has the dice rolled anyway, a 1 is a réussite normale with
  °R equal to the CA and a 20 an échec normal with °É equal to 20 − CA; a 1
  on the die always succeeds and a 20 always fails, so the same two rules give
  every forced roll.
- The niveau de difficulté (ND) must be *exceeded* by the °R (glossary « doit
  être dépassée », example « entre 5 (exclus) et 12 (inclus) »).
- The ND of each label is the table « les difficultés » (très difficile 5,
  extrêment difficile 10). The prose « 10 (très difficile) » and Konrad's
  example disagree with it: that is a finding of the book, not a reading.
- A handicap lowers the CA by its points and an avantage raises it.
- The dé critique adds an open-ended d20 (re-rolled while it shows 20) to the
  degree of the roll, whether it is a °R or a °É (« l'ajouter à son degré de
  réussite ou d'échec »).
- In a confrontation where both win with the same °R the book names no
  winner; the rules return none.
- A lone action is not a multiple action and has no handicap; the handicaps of
  simultaneous actions start at their number, so they only apply from two
  actions on.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from build_tools.game import Distribution, ImpossibleValue, constant, die, note, open_ended, rule

# -- the die and the automatic results ---------------------------------------

DE_D_ACTION = constant(
    20,
    cites="il doit lancer un d20 et obtenir un nombre inférieur ou égal à sa CA",
    formula="dé d'action = d20",
)
"""Faces of the die of every action: « il doit lancer un d20 »."""

ECHEC_AUTOMATIQUE_JUSQU_A = constant(
    1,
    cites=(
        "Une CA inférieure ou égale à 1 est normalement un échec automatique",
        "lancer les dés lorsque la CA est inférieure ou égale à 1",
    ),
    formula="ÉA : CA ≤ 1",
)
"""« Une CA inférieure ou égale à 1 est normalement un échec automatique. »"""

REUSSITE_AUTOMATIQUE_DES = constant(
    20,
    cites=(
        "une CA supérieure ou égale à 20 est normalement une réussite automatique",
        "alors que si la CA est supérieure ou égale à 20",
    ),
    formula="RA : CA ≥ 20",
)
"""« une CA supérieure ou égale à 20 est normalement une réussite automatique »."""

# -- difficulty ---------------------------------------------------------------

ND_PAR_DEFAUT = constant(0, cites="Le ND par défaut est zéro")
"""« Le ND par défaut est zéro. »"""

# The labels as printed, « extrêment » included, so that the table's own
# words look them up.
DIFFICULTES: dict[str, int] = constant(
    {
        "normale": 0,
        "très difficile": 5,
        "extrêment difficile": 10,
        "presque impossible": 15,
        "légendaire": 20,
    },
    cites="table « les difficultés »",
)
"""Table « les difficultés »: the niveau de difficulté (ND) of each label."""

# -- the critical die ---------------------------------------------------------

DE_CRITIQUE = constant(10, cites="le joueur lance un d10 avec son d20, nommé le dé critique")
"""« le joueur lance un d10 avec son d20, nommé le dé critique »."""

FACE_CRITIQUE = constant(
    1, cites="s'il obtient un 1 naturel sur le dé critique, il peut alors relancer le d20"
)
"""« s'il obtient un 1 naturel sur le dé critique, il peut alors relancer le d20 »."""

DES_CRITIQUES_STRESSANTS = constant((8, 6), cites="faire lancer un d8 ou même un d6")
"""« faire lancer un d8 ou même un d6 » when the situation is particularly stressful."""

DES_CRITIQUES_CALMES = constant((12, 20), cites="ne faire lancer qu'un d12 ou même un autre d20")
"""« ne faire lancer qu'un d12 ou même un autre d20 » when the situation lends itself badly."""

_PROFONDEUR_DES_RELANCES = 8
"""How many re-rolls of 20 the exact distributions follow before cutting the chain: a bound
of the computation, not a rule of the book, so it is no constant of the rules.

A cut chain leaves out (1/20)**8 of probability, far below any figure printed.
"""

# -- actions de dépassement ---------------------------------------------------

ATTRIBUTS_DU_DEPASSEMENT = constant(
    {"Diff": "Difficulté de l'effet", "Eff": "Effort maximal"},
    cites="Une action qui permet le dépassement possède 2 attributs",
)
"""« Une action qui permet le dépassement possède 2 attributs »."""

# -- multiple actions ---------------------------------------------------------

HANDICAP_SUPPLEMENTAIRE_PAR_ACTION = constant(
    3, cites="les suivantes subiront un handicap cumulatif de 3 points supplémentaires"
)
"""« les suivantes subiront un handicap cumulatif de 3 points supplémentaires »."""

PENALITE_PAR_ACTION_IMPREVUE = constant(5, cites="une pénalité de -5 par action supplémentaire")
"""« une pénalité de -5 par action supplémentaire » not planned at the start of the turn."""


@dataclass(frozen=True)
class Jet:
    """The outcome of one action roll: réussite or échec, and its degree.

    `degre` is the degré de réussite (°R) of a réussite, or the degré d'échec
    (°É) of an échec.
    """

    reussite: bool
    degre: int

    @property
    def degre_de_reussite(self) -> int | None:
        """°R, or None for an échec."""
        return self.degre if self.reussite else None

    @property
    def degre_d_echec(self) -> int | None:
        """°É, or None for a réussite."""
        return None if self.reussite else self.degre


# -- the cible à atteindre ----------------------------------------------------


@rule(
    formula="CA = aspect + moyen + BC − handicap + avantage",
    symbols={
        "aspect": "aspect",
        "moyen": "moyen",
        "BC": "bonus_de_competence",
        "handicap": "handicap",
        "avantage": "avantage",
    },
    cites="est égale à la somme de l' et d'un choisit selon les circonstances",
)
def cible_a_atteindre(
    aspect: int,
    moyen: int = 0,
    bonus_de_competence: int = 0,
    handicap: int = 0,
    avantage: int = 0,
) -> int:
    """CA = aspect + moyen + BC − handicap + avantage (cible à atteindre)."""
    return aspect + moyen + bonus_de_competence - handicap + avantage


@rule(
    formula=(
        "CA ≤ 1 : échec automatique ; CA ≥ 20 : réussite automatique ; "
        "1 < CA < 20 : ni l'un ni l'autre, on lance le dé"
    ),
    symbols={"CA": "cible"},
    cites=(
        "Une CA inférieure ou égale à 1 est normalement un échec automatique",
        "une CA supérieure ou égale à 20 est normalement une réussite automatique",
    ),
)
def niveau_de_reussite_automatique(cible: int) -> str | None:
    """Une CA ≤ 1 est un échec automatique, une CA ≥ 20 une réussite automatique.

    Une CA inférieure ou égale à 1 est un échec automatique, supérieure ou égale à 20 une
    réussite automatique ; entre les deux, on lance le dé."""
    if cible <= ECHEC_AUTOMATIQUE_JUSQU_A:
        return "échec automatique"
    if cible >= REUSSITE_AUTOMATIQUE_DES:
        return "réussite automatique"
    return None


# -- one roll -----------------------------------------------------------------


@rule(
    # The forced rolls first: a 1 at a CA under 1 (°R = CA), a 20 at a CA of 20 or more.
    formula=(
        "dé = 1 et CA < 1 : réussite, °R = CA ; dé > CA : échec, °É = dé − CA ; "
        "dé = 20 : échec, °É = dé − CA ; dé ≤ CA : réussite, °R = dé"
    ),
    symbols={"dé": "de", "CA": "cible"},
    cites="il doit lancer un d20 et obtenir un nombre inférieur ou égal à sa CA",
)
def jet(cible: int, de: int) -> Jet:
    """Un d20 ≤ CA est une réussite (°R = dé) ; au-delà, un échec (°É = dé − CA).

    Un 1 réussit toujours, un 20 échoue toujours."""
    return _lire_le_de(cible, de)


def _lire_le_de(cible: int, de: int) -> Jet:
    # Untraced, for the distributions that read every face.
    if not 1 <= de <= DE_D_ACTION:
        raise ImpossibleValue(de, f"un d{DE_D_ACTION} donne 1 à {DE_D_ACTION}")
    if de == 1:
        # A forced roll at CA ≤ 1: « un 1 sera considéré comme une réussite
        # normale avec un degré de réussite égal à la CA ».
        return Jet(True, min(de, cible))
    if de == DE_D_ACTION or de > cible:
        # A forced roll at CA ≥ 20: « un 20 sera considéré comme un échec
        # normal avec un degré d'échec égal à 20-CA ».
        return Jet(False, de - cible)
    return Jet(True, de)


@rule(
    formula="dé = 1 et CA < 1 : réussite, °R = CA ; sinon : réussite, °R = dé",
    symbols={"dé": "de", "CA": "cible"},
    cites="Le résultat obtenu sur le dé est alors son degré de réussite (°R)",
)
def degre_de_reussite(cible: int, de: int) -> int:
    """°R = le d20 quand il est inférieur ou égal à la CA (la CA elle-même sur un 1 forcé)."""
    resultat = jet(cible, de)
    if not resultat.reussite:
        raise ValueError(f"a {de} against a CA of {cible} is an échec, with no °R")
    return resultat.degre


@rule(
    formula="°É = dé − CA",
    symbols={"dé": "de", "CA": "cible"},
    cites="Le degré d'échec est égal au résultat du dé moins la CA du personnage",
)
def degre_d_echec(cible: int, de: int) -> int:
    """°É = d20 − CA quand le d20 dépasse la CA (ou donne 20)."""
    resultat = jet(cible, de)
    if resultat.reussite:
        raise ValueError(f"a {de} against a CA of {cible} is a réussite, with no °É")
    return resultat.degre


@rule(
    formula="réussite : degré = °R ; échec : degré = −°É",
    symbols={
        "réussite": lambda arguments: arguments["resultat"].reussite,
        "échec": lambda arguments: not arguments["resultat"].reussite,
        "°R": lambda arguments: arguments["resultat"].degre,
        "°É": lambda arguments: arguments["resultat"].degre,
    },
    cites="un degré d'échec peut être considéré comme un degré de réussite négatif",
)
def degre_signe(resultat: Jet) -> int:
    """Le °R d'une réussite, ou −°É d'un échec lu comme un °R négatif (ND inférieur à 0)."""
    return resultat.degre if resultat.reussite else -resultat.degre


@rule(
    formula=("°R > ND : l'action réussit ; °R ≤ ND : l'action échoue"),
    symbols={
        "°R": lambda arguments: _degre_compte(
            arguments["resultat"], arguments.get("echec_comme_negatif", False)
        ),
        "ND": "niveau_de_difficulte",
    },
    cites="Le ND représente le degré de réussite nécessaire",
)
def action_reussie(
    resultat: Jet, niveau_de_difficulte: int = ND_PAR_DEFAUT, echec_comme_negatif: bool = False
) -> bool:
    """L'action réussit quand le °R dépasse le ND (un échec peut compter comme un °R négatif)."""
    return _bat_la_difficulte(resultat, niveau_de_difficulte, echec_comme_negatif)


def _degre_compte(resultat: Jet, echec_comme_negatif: bool) -> int | None:
    # The °R an action is judged by: an échec counts as a negative °R only where the rules say.
    if resultat.reussite:
        return resultat.degre
    return -resultat.degre if echec_comme_negatif else None


def _bat_la_difficulte(resultat: Jet, niveau_de_difficulte: int, echec_comme_negatif: bool) -> bool:
    # Untraced, for the distributions.
    if resultat.reussite:
        return resultat.degre > niveau_de_difficulte
    return echec_comme_negatif and -resultat.degre > niveau_de_difficulte


@rule(
    # A 1 always succeeds (°R = CA at a CA under 1), a 20 always fails.
    formula=(
        "CA < 1 et ND < CA : seul le 1 bat le ND ; "
        "ND < CA : faces qui battent le ND = max(1, ND + 1) à min(CA, 19) ; "
        "ND ≥ CA : aucune face ne bat le ND"
    ),
    symbols={"ND": "niveau_de_difficulte", "CA": "cible"},
    cites="Le ND représente le degré de réussite nécessaire",
)
def faces_reussies(cible: int, niveau_de_difficulte: int = ND_PAR_DEFAUT) -> tuple[int, int] | None:
    """Les faces du d20 qui réussissent contre un ND : de ND + 1 à la CA (ou aucune)."""
    faces = [
        de
        for de in range(1, DE_D_ACTION + 1)
        if _bat_la_difficulte(_lire_le_de(cible, de), niveau_de_difficulte, False)
    ]
    return (min(faces), max(faces)) if faces else None


@rule(
    formula="CA < 1 : seul le 1 réussit ; CA ≥ 1 : faces de réussite = 1 à min(CA, 19)",
    symbols={"CA": "cible"},
    cites="il doit lancer un d20 et obtenir un nombre inférieur ou égal à sa CA",
)
def faces_de_reussite(cible: int) -> tuple[int, ...]:
    """Les faces du d20 qui sont une réussite à cette CA (le 1 l'est toujours)."""
    return tuple(de for de in range(1, DE_D_ACTION + 1) if _lire_le_de(cible, de).reussite)


@rule(
    formula="CA ≥ 20 : seul le 20 échoue ; CA < 20 : faces échouées = max(CA + 1, 2) à 20",
    symbols={"CA": "cible"},
    cites="Si le personnage dépasse sa CA, l'action est un échec",
)
def faces_echouees(cible: int) -> tuple[int, ...]:
    """Les faces du d20 qui sont un échec à cette CA."""
    return tuple(de for de in range(1, DE_D_ACTION + 1) if not _lire_le_de(cible, de).reussite)


# -- difficulty and handicaps -------------------------------------------------


@rule(
    formula="ND = tableau « les difficultés » [difficulté]",
    symbols={"difficulté": "difficulte"},
    cites="table « les difficultés »",
)
def niveau_de_difficulte(difficulte: str) -> int:
    """Le niveau de difficulté (ND) d'une difficulté, selon la table « les difficultés »."""
    return DIFFICULTES[difficulte]


# -- the critical die ---------------------------------------------------------


@cache
def d20_ouvert(profondeur: int = _PROFONDEUR_DES_RELANCES) -> Distribution:
    """The d20 re-rolled and added while it shows 20 (« 1d20 ouvert »)."""
    return open_ended(DE_D_ACTION, explode_on=DE_D_ACTION, depth=profondeur)


@rule(formula="d20 ouvert = dés", symbols={"dés": "des"}, cites="il ajoute toujours le 20 à son °R")
def d20_ouvert_lu(des: tuple[int, ...]) -> int:
    """Un d20 ouvert : chaque 20 est gardé et relancé ; la suite s'arrête sur une autre face."""
    for rang, de in enumerate(des):
        derniere = rang == len(des) - 1
        if not 1 <= de <= DE_D_ACTION:
            raise ImpossibleValue(
                de, f"un d{DE_D_ACTION} ouvert donne 1 à {DE_D_ACTION} à chaque jet"
            )
        if (de == DE_D_ACTION) == derniere:
            raise ValueError(f"an open d20 re-rolls exactly its 20s, not {des}")
    return sum(des)


@rule(
    # The jet decides réussite or échec (a 1 always succeeds, a 20 always fails), and its
    # degree is the one the relance adds to.
    formula=(
        "dé critique = 1 et échec : maladresse exceptionnelle, °É = dé − CA + relance ; "
        "dé critique = 1 et réussite : prouesse exceptionnelle, °R = °R du jet + relance"
    ),
    symbols={
        "dé critique": "de_critique",
        "échec": lambda arguments: not _lire_le_de(arguments["cible"], arguments["de"]).reussite,
        "réussite": lambda arguments: _lire_le_de(arguments["cible"], arguments["de"]).reussite,
        "dé": "de",
        "CA": "cible",
        "°R du jet": lambda arguments: _lire_le_de(arguments["cible"], arguments["de"]).degre,
        "relance": lambda arguments: sum(arguments["relances"]),
    },
    cites="s'il obtient un 1 naturel sur le dé critique",
)
def jet_avec_de_critique(
    cible: int, de: int, de_critique: int, relances: tuple[int, ...] = ()
) -> Jet:
    """Sur un 1 au dé critique, le d20 ouvert des relances s'ajoute au °R ou au °É."""
    resultat = jet(cible, de)
    if de_critique != FACE_CRITIQUE:
        if relances:
            raise ValueError("the d20 is re-rolled only on a 1 on the dé critique")
        return resultat
    return Jet(resultat.reussite, resultat.degre + d20_ouvert_lu(relances))


@cache
def distribution_des_jets(
    cible: int, de_critique: int | None = None, profondeur: int = _PROFONDEUR_DES_RELANCES
) -> Distribution:
    """Exact distribution of the `Jet` at this CA, with a dé critique of that many faces if any.

    The open d20 of the dé critique is followed for `profondeur` dice at most.
    Distributions are immutable, so each is computed once.
    """
    if de_critique is None:
        return die(DE_D_ACTION).map(lambda de: _lire_le_de(cible, de))
    simple, ajout = distribution_des_jets(cible), _ajout_du_de_critique(de_critique, profondeur)
    # The ajout goes to the degree, of a success as of a failure. Each Jet is coded as one
    # integer (2 × degré, plus 1 for a failure) and the ajout as 2 × ajout: the sum of the two
    # codes is the code of the Jet with its ajout, so the whole sum is one sum of integer
    # distributions (`dice`'s, in C), where a pair of outcomes at a time was most of the time
    # of the card of chances. The code is read back once, at the end.
    codes = simple.map(lambda jet: 2 * jet.degre + (0 if jet.reussite else 1))
    return (codes + ajout).renamed(_jet_du_code)


@cache
def _jet_du_code(code: int) -> Jet:
    """The Jet a code stands for (`distribution_des_jets`): made once for every distribution
    that has it, a Jet being immutable."""
    return Jet(code % 2 == 0, code // 2)


@cache
def _ajout_du_de_critique(de_critique: int, profondeur: int) -> Distribution:
    """What the dé critique adds to a Jet's degree, coded as `distribution_des_jets` sums it
    (2 × ajout): the d20 ouvert on a 1, else nothing. It does not depend on the CA, so it is
    made once per dé."""
    ajout = die(de_critique).combine(
        d20_ouvert(profondeur), lambda face, total: total if face == FACE_CRITIQUE else 0
    )
    return ajout.map(lambda plus: 2 * plus)


@rule(cites="il doit lancer un d20 et obtenir un nombre inférieur ou égal à sa CA")
def chances_de_reussite(
    cible: int, niveau_de_difficulte: int = ND_PAR_DEFAUT, de_critique: int | None = None
) -> Fraction:
    """Les chances que le °R dépasse le ND en un jet à cette CA (exactes)."""
    return distribution_des_jets(cible, de_critique).probability(
        lambda resultat: _bat_la_difficulte(resultat, niveau_de_difficulte, False)
    )


@rule(
    formula="°R moyen = (1 + CA) / 2",
    symbols={"CA": "cible"},
    cites="Le résultat obtenu sur le dé est alors son degré de réussite (°R)",
)
def moyenne_des_degres_de_reussite(cible: int) -> Fraction:
    """Le °R moyen des réussites à cette CA : (1 + CA) / 2 pour 1 ≤ CA ≤ 20."""
    reussites = distribution_des_jets(cible).conditional(lambda resultat: resultat.reussite)
    return reussites.map(lambda resultat: resultat.degre).mean()


@rule(
    formula="part = P(°R > seuil | °R ≤ CA)",
    symbols={"seuil": "seuil", "CA": "cible"},
    cites="Le ND représente le degré de réussite nécessaire",
)
def part_des_reussites_au_dela(cible: int, seuil: Fraction) -> Fraction:
    """Parmi les réussites à cette CA, la part dont le °R dépasse le seuil."""
    reussites = distribution_des_jets(cible).conditional(lambda resultat: resultat.reussite)
    return reussites.probability(lambda resultat: resultat.degre > seuil)


@rule(cites="s'il obtient un 1 naturel sur le dé critique")
def chances_de_depasser_la_cible(cible: int, de_critique: int | None = None) -> Fraction:
    """Les chances d'une réussite au °R supérieur à la CA : nulles sans le dé critique."""
    return distribution_des_jets(cible, de_critique).probability(
        lambda resultat: resultat.reussite and resultat.degre > cible
    )


@rule(cites="Bien qu'au niveau des probabilités")
def handicap_ou_difficulte_memes_chances(cible: int, points: int) -> bool:
    """Un handicap de n points et un ND de n laissent les mêmes chances de réussite à cette CA."""
    avec_handicap = distribution_des_jets(cible - points).probability(
        lambda resultat: _bat_la_difficulte(resultat, ND_PAR_DEFAUT, False)
    )
    avec_difficulte = distribution_des_jets(cible).probability(
        lambda resultat: _bat_la_difficulte(resultat, ND_PAR_DEFAUT + points, False)
    )
    return avec_handicap == avec_difficulte


# -- confrontation ------------------------------------------------------------


@rule(cites="Si les deux ont une victoire, c'est le plus haut qui l'emporte")
def confrontation(premier: Jet, second: Jet) -> int | None:
    """Deux échecs : nul ne l'emporte ; une réussite l'emporte ; deux : le °R le plus haut."""
    if premier.reussite and second.reussite:
        if premier.degre == second.degre:
            note("°R égaux : le livre ne nomme aucun vainqueur")
            return None
        return 1 if premier.degre > second.degre else 2
    if premier.reussite:
        return 1
    if second.reussite:
        return 2
    return None


# -- multiple actions ---------------------------------------------------------


@rule(cites="les suivantes subiront un handicap cumulatif de 3 points supplémentaires")
def handicaps_des_actions_multiples(nombre_d_actions: int) -> tuple[int, ...]:
    """Action la plus importante : handicap = nombre d'actions ; les suivantes, 3 de plus."""
    if nombre_d_actions < 2:
        return (0,) * nombre_d_actions
    return tuple(
        nombre_d_actions + HANDICAP_SUPPLEMENTAIRE_PAR_ACTION * rang
        for rang in range(nombre_d_actions)
    )


@rule(
    formula="handicap = dernier handicap prévu + 5 × rang de l'imprévue",
    symbols={
        "dernier handicap prévu": lambda arguments: (
            handicaps_des_actions_multiples.__wrapped__(arguments["nombre_d_actions_prevues"])
            or (0,)
        )[-1],
        "rang de l'imprévue": "rang_imprevu",
    },
    cites="cette action imprévue se fera avec un handicap de",
)
def handicap_d_action_imprevue(nombre_d_actions_prevues: int, rang_imprevu: int = 1) -> int:
    """Une action imprévue : le dernier handicap prévu + 5 par action imprévue."""
    prevus = handicaps_des_actions_multiples(nombre_d_actions_prevues)
    dernier = prevus[-1] if prevus else 0
    return dernier + PENALITE_PAR_ACTION_IMPREVUE * rang_imprevu


# -- actions de dépassement ---------------------------------------------------


@rule(
    formula="réussite et °R > Diff : Dom = Eff + Diff − °R ; sinon : Dom = Eff",
    symbols={
        "réussite": lambda arguments: arguments["resultat"].reussite,
        "°R": lambda arguments: arguments["resultat"].degre,
        "Diff": "difficulte",
        "Eff": "effort_maximal",
    },
    cites="est soustrait de la somme de Effort maximal (Eff) et de la Difficulté de l'effet",
)
def dommage_de_depassement(effort_maximal: int, difficulte: int, resultat: Jet) -> int:
    """Dom = Eff + Diff − °R quand le jet dépasse Diff ; sinon l'Eff entier."""
    return _dommage_de_depassement(effort_maximal, difficulte, resultat)


def _dommage_de_depassement(effort_maximal: int, difficulte: int, resultat: Jet) -> int:
    # Untraced, for the enumerations.
    if _bat_la_difficulte(resultat, difficulte, False):
        return effort_maximal + difficulte - resultat.degre
    return effort_maximal


@rule(cites="un jet réussi à toujours un Dom plus petit que l'Effort")
def dommages_possibles_de_depassement(
    effort_maximal: int, difficulte: int, reussi: bool
) -> tuple[int, int] | None:
    """Le Dom (le plus bas, le plus haut) d'un dépassement réussi (ou raté), à toute CA."""
    doms = {
        _dommage_de_depassement(effort_maximal, difficulte, resultat)
        for cible in range(-DE_D_ACTION, 2 * DE_D_ACTION)
        for de in range(1, DE_D_ACTION + 1)
        if _bat_la_difficulte(resultat := _lire_le_de(cible, de), difficulte, False) == reussi
    }
    return (min(doms), max(doms)) if doms else None


@rule(cites="encaissé par le personnage (cet élément")
def aspect_affecte_par_un_depassement(aspect_de_l_action: str) -> str:
    """L'aspect où le personnage encaisse le Dom d'un dépassement : celui de son action.

    The book does not name it in a rule: the Dom is the effort of the action, « encaissé par
    le personnage », and its example takes it in the aspect of the action throughout (a boule
    de feu in My: « un jet d'encaissement de My+Ré », « son aspect Mystique »).
    """
    return aspect_de_l_action
