"""Le système de combat: initiative, the queue (« la file ») and réactivité.

Readings of « Le Système De Combat », where the text leaves a choice:

- « décalé de la moitié du nombre de participants, arrondi à l'inférieur »: the
  one who acts moves back n // 2 places, n counting everyone in the queue.
- « il donne un gain de réactivité aux personnages situés derrière lui »: once
  someone has changed place, everyone behind his new place gains Int / 10; those
  he passed, now in front of him, gain nothing. Someone sent to the end gives no
  gain: nobody is behind him.
- « Ceux qui sont en première moitié »: the first n // 2 places, the same
  rounding as the move; the others are « en deuxième moitié ».
- Someone who leaves the queue (killed) leaves it at once, so the move of the
  one who acts is counted without him: the goblin fight prints exactly this.
- The reactivity a character has is what he has gained since the start of the
  fight, as the goblin fight prints it (« gagnent des points de réactivité
  (indiqués entre parenthèses) »). A rested character also starts with a complex
  action's worth, `reactivite_d_un_personnage_repose`; the example leaves it out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from build_tools.game import Distribution, constant, note, rule

from .jets import des
from .personnage import VALEUR_SANS_BONUS, bonus_de_caracteristique

SIMPLE, COMPLEXE = "simple", "complexe"
ACTIONS = constant(
    (SIMPLE, COMPLEXE),
    cites="Il peut déclarer deux types d'action : une action simple ou une action complexe",
)

DIVISEUR_DE_REACTIVITE = constant(
    10,
    cites="le gain est égal à leur valeur d'intelligence divisée par 10",
    formula="gain = Int / 10",
)
"""« le gain est égal à leur valeur d'intelligence divisée par 10 »."""

DES_D_INITIATIVE = constant(
    (1, 20), cites="ce qui consiste à tirer 1D20 puis à rajouter différents bonus", formula="1D20"
)
"""« tirer 1D20 puis à rajouter différents bonus »: un dé à 20 faces."""


def en_virgule(valeur: Fraction | int) -> str:
    """A decimal number as the book writes it: `Fraction(3, 2)` → « 1,5 »."""
    valeur = Fraction(valeur)
    if valeur.denominator == 1:
        return str(valeur.numerator)
    entier, reste = divmod(abs(valeur), 1)
    chiffres = ""
    while reste and len(chiffres) < 6:
        reste *= 10
        chiffre, reste = divmod(reste, 1)
        chiffres += str(chiffre)
    signe = "-" if valeur < 0 else ""
    return f"{signe}{entier},{chiffres}"


@dataclass(frozen=True)
class Combattant:
    """Un combattant de la file: son nom, son intelligence, sa réactivité, s'il dort.

    `gains` counts the gains of réactivité he has had; while his intelligence is
    not known (None) his réactivité cannot be computed, but the gains are still
    counted, so that it can be recovered from the first value a text gives.
    """

    nom: str
    intelligence: Fraction | int | None = None
    reactivite: Fraction = Fraction(0)
    endormi: bool = False
    gains: int = 0

    def __str__(self) -> str:
        etoile = "*" if self.endormi else ""
        if not self.gains and not self.reactivite:
            return f"{self.nom}{etoile}"
        valeur = "?" if self.intelligence is None else en_virgule(self.reactivite)
        return f"{self.nom}{etoile}({valeur})"


@dataclass(frozen=True)
class File:
    """La file des combattants, du premier (qui a la main) au dernier."""

    combattants: tuple[Combattant, ...]

    def __str__(self) -> str:
        return " ".join(str(combattant) for combattant in self.combattants)

    __repr__ = __str__

    def __len__(self) -> int:
        return len(self.combattants)

    @property
    def noms(self) -> tuple[str, ...]:
        return tuple(combattant.nom for combattant in self.combattants)

    @property
    def premier(self) -> Combattant:
        return self.combattants[0]

    def position(self, nom: str) -> int:
        """The place of `nom`, 0 for the head of the queue."""
        return self.noms.index(nom)

    def combattant(self, nom: str) -> Combattant:
        return self.combattants[self.position(nom)]


@rule(
    formula="Init = bonus de Dex + bonus d'Int + autres bonus",
    symbols={  # pris au dépourvu, ni Dex ni Int
        "bonus de Dex": lambda arguments: (
            None
            if arguments.get("pris_au_depourvu")
            else arguments["dexterite"] - VALEUR_SANS_BONUS
        ),
        "bonus d'Int": lambda arguments: (
            None
            if arguments.get("pris_au_depourvu")
            else arguments["intelligence"] - VALEUR_SANS_BONUS
        ),
        "autres bonus": "autres_bonus",
    },
    cites=(
        "Le bonus est égal à la somme entre le bonus de dextérité, le bonus d'intelligence, plus "
        "d'autres bonus",
        "les personnage pris au dépourvu ne peuvent ajouter leur bonus d'intelligence et de "
        "dextérité",
    ),
)
def attribut_d_initiative(
    dexterite: int, intelligence: int, autres_bonus: int = 0, pris_au_depourvu: bool = False
) -> int:
    """Init = bonus de Dex + bonus d'Int + autres bonus (sans Dex ni Int au dépourvu).

    L'attribut d'initiative est la somme des bonus de Dex et d'Int et d'autres bonus ; pris au
    dépourvu, sans Dex ni Int."""
    if pris_au_depourvu:
        return autres_bonus
    return (
        bonus_de_caracteristique(dexterite) + bonus_de_caracteristique(intelligence) + autres_bonus
    )


@rule(
    formula="initiative = 1D20 + Init",
    cites="ce qui consiste à tirer 1D20 puis à rajouter différents bonus",
)
def jet_d_initiative(init: int) -> Distribution:
    """L'initiative se tire avec 1D20, auquel on ajoute l'attribut d'initiative."""
    return des(*DES_D_INITIATIVE) + init


@rule(
    cites="celui qui a le plus haut score d'initiative au début, et ensuite par ordre décroissant"
)
def file_initiale(scores_d_initiative: dict[str, int]) -> tuple[str, ...]:
    """La file : le plus haut score d'initiative en tête, puis par ordre décroissant.

    La file met le plus haut score d'initiative en tête, puis les autres par ordre décroissant."""
    return tuple(sorted(scores_d_initiative, key=lambda nom: -scores_d_initiative[nom]))


@rule(
    formula="décalage = ⌊participants / 2⌋",
    symbols={"participants": "nombre_de_participants"},
    cites="il est décalé de la moitié du nombre de participants, arrondi à l'inférieur",
)
def decalage_d_une_action_simple(nombre_de_participants: int) -> int:
    """L'action simple décale de la moitié du nombre de participants, arrondie à l'inférieur."""
    return nombre_de_participants // 2


@rule(
    formula="gain = Int / 10",
    symbols={"Int": "intelligence"},
    cites="le gain est égal à leur valeur d'intelligence divisée par 10",
)
def gain_de_reactivite(intelligence: Fraction | int) -> Fraction:
    """Le gain de réactivité est égal à la valeur d'intelligence divisée par 10."""
    return Fraction(intelligence) / DIVISEUR_DE_REACTIVITE


@rule(
    formula="Int = 10 × réactivité / gains",
    symbols={"réactivité": "reactivite", "gains": "gains"},
    cites="le gain est égal à leur valeur d'intelligence divisée par 10",
)
def intelligence_d_apres_la_reactivite(reactivite: Fraction, gains: int) -> Fraction | int:
    """L'intelligence est dix fois la réactivité gagnée, divisée par le nombre de gains.

    The gain rule read backwards."""
    if gains <= 0:
        raise ValueError("sans gain, la réactivité ne dit rien de l'intelligence")
    intelligence = Fraction(reactivite) * DIVISEUR_DE_REACTIVITE / gains
    return intelligence.numerator if intelligence.denominator == 1 else intelligence


@rule(
    formula=(
        "action simple : coût = nombre de combattants ; "
        "action complexe : coût = 2 × nombre de combattants"
    ),
    symbols={
        "action simple": lambda arguments: arguments["action"] == SIMPLE,
        "action complexe": lambda arguments: arguments["action"] == COMPLEXE,
        "nombre de combattants": "nombre_de_combattants",
    },
    cites="une action simple (le coût est égal au nombre de combattants) ou une action complexe "
    "(le double)",
)
def cout_en_reactivite(action: str, nombre_de_combattants: int) -> int:
    """Une action simple coûte le nombre de combattants ; une complexe, le double.

    Une action simple coûte le nombre de combattants en réactivité ; une action complexe, le double.
    """
    if action not in ACTIONS:
        raise ValueError(f"une action est simple ou complexe, pas {action!r}")
    return nombre_de_combattants * (1 if action == SIMPLE else 2)


@rule(
    cites="Un personnage reposé commence le combat avec de quoi faire une action complexe en "
    "points de réactivité"
)
def reactivite_d_un_personnage_repose(nombre_de_combattants: int) -> int:
    """Un personnage reposé commence avec de quoi faire une action complexe en réactivité."""
    return cout_en_reactivite(COMPLEXE, nombre_de_combattants)


def _deplacer(file: File, nom: str, nouvelle_place: int) -> File:
    """`nom` moved to `nouvelle_place`; those behind his new place gain Int / 10."""
    combattants = list(file.combattants)
    acteur = combattants.pop(file.position(nom))
    nouvelle_place = min(nouvelle_place, len(combattants))
    derriere = [
        replace(
            combattant,
            gains=combattant.gains + 1,
            reactivite=combattant.reactivite
            if combattant.intelligence is None
            else combattant.reactivite + gain_de_reactivite(combattant.intelligence),
        )
        for combattant in combattants[nouvelle_place:]
    ]
    return File((*combattants[:nouvelle_place], acteur, *derriere))


@rule(
    formula=(
        "action simple : le premier est décalé en milieu de file ; "
        "action complexe : le premier passe en fin de file"
    ),
    symbols={
        "action simple": lambda arguments: arguments["action"] == SIMPLE,
        "action complexe": lambda arguments: arguments["action"] == COMPLEXE,
    },
    cites="L'action simple l'amène en milieu de file (il est décalé de la moitié du nombre de "
    "participants, arrondi à l'inférieur), alors que l'action complexe l'amène en fin de file",
)
def action_du_premier(file: File, action: str) -> File:
    """L'action simple amène le premier en milieu de file, l'action complexe en fin.

    Le premier agit : une action simple l'amène en milieu de file, une action complexe en fin de
    file."""
    nom = file.premier.nom
    if action == SIMPLE:
        place = decalage_d_une_action_simple(len(file))
    elif action == COMPLEXE:
        place = len(file) - 1
    else:
        raise ValueError(f"une action est simple ou complexe, pas {action!r}")
    return _deplacer(file, nom, place)


@rule(cites="Ceux qui sont en première moitié peuvent déclarer une action simple")
def en_premiere_moitie(file: File, nom: str) -> bool:
    """La première moitié de la file est faite de ses ⌊n / 2⌋ premières places."""
    return file.position(nom) < len(file) // 2


@rule(
    cites=(
        "Ceux qui sont en première moitié peuvent déclarer une action simple (auquel cas ils "
        "reculent d'une demi-file) ou une action complexe (auquel cas ils reculent d'une "
        "demi-file et paient en réactivité le coût d'une action simple)",
        "Ceux qui sont en deuxième moitié peuvent déclarer une action simple ou complexe, payée "
        "en réactivité, puis sont mis en bout de file",
    )
)
def reaction(file: File, nom: str, action: str) -> tuple[File, int]:
    """Une réaction déplace celui qui réagit dans la file et lui coûte de la réactivité.

    En première moitié: simple, on recule d'une demi-file sans payer; complexe, on
    recule d'une demi-file et paie le coût d'une action simple. En deuxième
    moitié: on paie le coût de l'action en réactivité et on va en bout de file.
    """
    n = len(file)
    if en_premiere_moitie(file, nom):
        cout = 0 if action == SIMPLE else cout_en_reactivite(SIMPLE, n)
        place = file.position(nom) + decalage_d_une_action_simple(n)
    else:
        cout = cout_en_reactivite(action, n)
        place = n - 1
    combattant = file.combattant(nom)
    if combattant.reactivite < cout:
        note(f"{nom} n'a que {en_virgule(combattant.reactivite)} de réactivité pour {cout}")
        raise ValueError(f"{nom} n'a pas assez de réactivité pour cette réaction")
    payee = File(
        tuple(
            replace(c, reactivite=c.reactivite - cout) if c.nom == nom else c
            for c in file.combattants
        )
    )
    return _deplacer(payee, nom, place), cout


@rule(cites="Un combattant hors de combat quitte aussitôt la file")
def quitter_la_file(file: File, nom: str) -> File:
    """Un combattant hors de combat quitte aussitôt la file.

    The book never says so: the goblin fight only shows it (G5, « achevé », is no longer
    in the next order). The rule is reported `rule-unstated` and recorded in the ledger."""
    return File(tuple(c for c in file.combattants if c.nom != nom))


@rule(cites="qui s'endort (marqué d'un *)")
def endormir(file: File, nom: str) -> File:
    """Un combattant endormi est marqué d'un * dans la file."""
    return File(tuple(replace(c, endormi=True) if c.nom == nom else c for c in file.combattants))
