"""Les dons: every feat of the book as data, and their prerequisites as a graph.

A feat names the feats it requires (`prerequis`) and those it must be used with
(`utilise_avec`); both are edges of the graph that `problemes_du_graphe`
checks: every edge names a defined feat, and no feat depends on itself. A feat
« Pour tout entier n » (`chaine`) is a chain: its level n requires its level n−1,
and everyone has level 0, so the chain is not a cycle.

Readings where the book leaves a choice:

- « Maîtrise de l'arme » requires « le don Arme de prédilection associé », a
  feat of D&D that Edad does not define. Edad's weapon feat that comes before it
  is « Maniement de l'arme » (seuil 5 → 10, then Maîtrise 10 → 15), so the rules
  require that; the check reports the book's name.
- The book names the initiative feat three ways: « Science de l'initiative »
  (the D&D name), « Science l'initiative », and « Sens de l'initiative » in the
  list of feats, which is the definition the rules keep.
- The bindings' `mots.LECTURES_DES_DONS` gives readers these readings (« lire : … »).
- « Epée longue rapide », « Marteau de Guerre rapide »: the feat Arme rapide for
  the weapon named, as « avec l'arme choisie » says.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from build_tools.game import constant, rule

from .equipement import COMPETENCES_MARTIALES
from .file import COMPLEXE, SIMPLE

TRONC_COMMUN, COMBATTANTS, ROUBLARDS, MAGICIENS = (
    "Tronc Commun",
    "Les Combattants",
    "Les Roublards",
    "Les Magiciens",
)

COMPETENCE_MARTIALE = constant(
    "compétence martiale associée",
    cites="Le don Maniement de l'arme est disponible à condition d'avoir 5 à la compétence "
    "martiale associée",
)
"""The skill a weapon feat asks for: the martial skill of the weapon chosen."""


@dataclass(frozen=True)
class Don:
    """Un don: son nom, sa section, ses conditions et les nombres qui le décrivent.

    `competences` maps a skill to the points it needs (per level, for a chain:
    « au moins 5*n points »); `effets` holds the numbers of its effect, by name (a factor: 2
    for « double »; a change per point: −1 « retirer », +1 « ajouter »), and the actions it
    costs or gives (Berserk's rage: « une action complexe », « une action simple »).
    """

    nom: str
    section: str
    prerequis: tuple[str, ...] = ()
    utilise_avec: tuple[str, ...] = ()
    competences: Mapping[str, int] = field(default_factory=dict)
    chaine: bool = False
    effets: Mapping[str, int | str] = field(default_factory=dict)
    competences_utilisees: tuple[str, ...] = ()
    """The skills its effect puts to a use (Maîtrise des pièges: fouille, Crochetage)."""

    @property
    def nom_dans_le_livre(self) -> str:
        """The name as the book writes it in the feat's own sentence: « Robustesse n »."""
        return f"{self.nom} n" if self.chaine else self.nom


MANIEMENT = constant(
    "Maniement de l'arme",
    cites="Le don Maniement de l'arme est disponible à condition d'avoir 5 à la compétence "
    "martiale associée",
)

DONS: dict[str, Don] = constant(
    {
        don.nom: don
        for don in (
            Don("Combat en aveugle", TRONC_COMMUN),
            Don("Sens de l'initiative", TRONC_COMMUN, effets={"bonus d'initiative": 4}),
            Don("Sang froid", TRONC_COMMUN, competences={"Volonté": 5}),
            Don("Esquive instinctive", TRONC_COMMUN, competences={"Agilité": 5}),
            Don("Pistage", TRONC_COMMUN, competences={"Survie": 5}),
            Don("Dur à cuire", TRONC_COMMUN, competences={"Résistance": 5}),
            Don(
                "Robustesse",
                TRONC_COMMUN,
                competences={"Résistance": 5},
                chaine=True,
                effets={"PVs supplémentaires": 3},
            ),
            Don("Port des armures légères", TRONC_COMMUN),
            Don("Port des armures intermédiaires", TRONC_COMMUN, ("Port des armures légères",)),
            Don("Port des armures lourdes", TRONC_COMMUN, ("Port des armures intermédiaires",)),
            Don("Port des boucliers", TRONC_COMMUN),
            Don("Maîtrise des boucliers", TRONC_COMMUN, ("Port des boucliers",)),
            Don(
                "Berserk",
                COMBATTANTS,
                competences={"Résistance": 5},
                chaine=True,
                effets={"réactivité récupérée": COMPLEXE, "action pour se remettre": SIMPLE},
            ),
            Don(
                MANIEMENT,
                COMBATTANTS,
                competences={COMPETENCE_MARTIALE: 5},
                effets={"bonus au toucher": 2, "seuil de compétence": 10},
            ),
            Don("Arme critique", COMBATTANTS, (MANIEMENT,), effets={"zone de critique": 2}),
            Don("Arme rapide", COMBATTANTS, (MANIEMENT,)),
            Don(
                "Enchaînement",
                COMBATTANTS,
                utilise_avec=("Arme rapide",),
                effets={"attaques": 2},
            ),
            Don("Sens de la feinte", COMBATTANTS, ("Enchaînement",), (MANIEMENT,)),
            Don(
                "Tir de précision",
                COMBATTANTS,
                utilise_avec=(MANIEMENT,),
                effets={"bonus annulé": -4},
            ),
            Don(
                "Feu nourri",
                COMBATTANTS,
                utilise_avec=(MANIEMENT,),
                effets={"bonus pour toucher": -4, "flèches": 2},
            ),
            Don(
                "Tir en mouvement",
                COMBATTANTS,
                utilise_avec=(MANIEMENT,),
                effets={"malus supprimé": -4},
            ),
            Don(
                "Attaque en puissance",
                COMBATTANTS,
                utilise_avec=(MANIEMENT,),
                effets={"au toucher, par point": -1, "aux dégâts, par point": 1, "arme lourde": 2},
            ),
            Don("Science de la destruction", COMBATTANTS, ("Attaque en puissance",), (MANIEMENT,)),
            Don("Combat à deux armes", COMBATTANTS, utilise_avec=(MANIEMENT,), effets={"armes": 2}),
            Don(
                "Maîtrise de l'arme",
                COMBATTANTS,
                (MANIEMENT,),
                competences={COMPETENCE_MARTIALE: 10},
                effets={"bonus au toucher": 3, "seuil de compétence": 15},
            ),
            Don(
                "Maîtrise des pièges",
                ROUBLARDS,
                effets={"bonus de fouille": 4, "bonus de Crochetage": 4},
                competences_utilisees=("fouille", "Crochetage"),
            ),
            Don(
                "Attaque sournoise",
                ROUBLARDS,
                utilise_avec=(MANIEMENT,),
                competences={"Agilité": 5},
                effets={"handicap en Force": -2},
            ),
            Don(
                "Attaque précise", ROUBLARDS, utilise_avec=(MANIEMENT,), competences={"Agilité": 5}
            ),
            Don("Canaliser", MAGICIENS, chaine=True),
            Don("Magie de guerre", MAGICIENS),
            Don("Incantation silencieuse", MAGICIENS),
            Don("Incantation statique", MAGICIENS),
            Don(
                "Incantation rapide", MAGICIENS, ("Incantation silencieuse", "Incantation statique")
            ),
        )
    },
    cites=(
        "Abordons maintenant les dons qui ne sont pas spécifiques à un rôle",
        "Passons aux dons",
        "Voici maintenant les dons spécifiques aux roublards",
        "Voici maintenant les dons spécifiques aux magiciens",
    ),
)
"""Les dons du livre, dans son ordre."""

NIVEAU_DE_BASE_DES_CHAINES = constant(
    0, cites="tout le monde a le don Robustesse 0, qui n'est pas noté par commodité"
)
"""« tout le monde a le don Robustesse 0, qui n'est pas noté par commodité »."""

PRECEDENT_DANS_UNE_CHAINE = constant(1, cites="et qu'il a le don Robustesse n-1", formula="n − 1")
"""Le niveau n d'une chaîne demande le niveau n−1."""

_SUFFIXE_D_ARME_RAPIDE = " rapide"  # how the examples name a weapon's Arme rapide


@rule(
    cites=(
        "tout le monde a le don Robustesse 0, qui n'est pas noté par commodité",
        "J1 possède le don Epée longue rapide",
        "et apporte la capacité à attaquer (ou de parer) en action simple avec l'arme choisie",
    )
)
def resoudre_le_nom(nom: str) -> str | None:
    """Le don qu'un nom désigne : son nom, « X n » d'une chaîne, ou « <arme> rapide ».

    Le don qu'un nom désigne : son nom, « X n » ou « X n-1 » d'une chaîne, ou « <arme> rapide », le
    don Arme rapide de l'arme choisie."""
    if nom in DONS:
        return nom
    base, _, niveau = nom.rpartition(" ")
    if base in DONS and DONS[base].chaine and niveau in ("n", "n-1", "0"):
        return base
    if nom.endswith(_SUFFIXE_D_ARME_RAPIDE):
        arme = nom.removesuffix(_SUFFIXE_D_ARME_RAPIDE).lower().replace("é", "e")
        if any(arme == martiale.replace("é", "e") for martiale in COMPETENCES_MARTIALES):
            return "Arme rapide"
    return None


def graphe_des_dons(dons: Iterable[Don] = DONS.values()) -> dict[str, tuple[str, ...]]:
    """Each feat and the feats it names (required, or to be used with)."""
    return {don.nom: don.prerequis + don.utilise_avec for don in dons}


def problemes_du_graphe(graphe: Mapping[str, Iterable[str]]) -> list[str]:
    """Chaque condition nomme un don défini, et aucun don ne dépend de lui-même.

    A check of the book's consistency, not a rule of the game: no sentence states it."""
    problemes = [
        f"« {don} » demande « {requis} », qui n'est pas un don défini"
        for don, requis_du_don in graphe.items()
        for requis in requis_du_don
        if requis not in graphe
    ]
    problemes += ["cycle: " + " → ".join(f"« {nom} »" for nom in cycle) for cycle in cycles(graphe)]
    return problemes


def cycles(graphe: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The cycles of the graph, each from its first feat in the graph's order back to it."""
    trouves: list[list[str]] = []
    deja_vus: set[frozenset[str]] = set()
    ordre = {nom: index for index, nom in enumerate(graphe)}

    def explorer(chemin: list[str]) -> None:
        for suivant in graphe.get(chemin[-1], ()):
            if suivant == chemin[0]:
                if frozenset(chemin) not in deja_vus:
                    deja_vus.add(frozenset(chemin))
                    trouves.append([*chemin, chemin[0]])
            elif suivant in graphe and suivant not in chemin and ordre[suivant] > ordre[chemin[0]]:
                explorer([*chemin, suivant])

    for depart in graphe:
        explorer([depart])
    return trouves


@rule(
    formula="compensation = min(perception, DD de camouflage)",
    symbols={"perception": "perception", "DD de camouflage": "dd_de_camouflage"},
    cites="et permet d'ajouter sa compétence de perception pour compenser le DD de camouflage "
    "de la cible (mais ne peut le dépasser)",
)
def compensation_en_aveugle(perception: int, dd_de_camouflage: int) -> int:
    """Combat en aveugle : la perception compense le DD de camouflage, sans le dépasser.

    Ce que la compétence de perception compense du DD de camouflage de la cible avec Combat en
    aveugle : toute la perception, jusqu'au DD (elle ne peut le dépasser)."""
    return min(perception, dd_de_camouflage)


@rule(
    formula="points de rage restants > 0 : aucune ; sinon : l'action pour se remettre",
    symbols={"points de rage restants": "points_de_rage_restants"},
    cites="De plus, après les avoir dépensés, il doit payer une action simple pour se remettre",
)
def action_due_apres_la_rage(points_de_rage_restants: int) -> str | None:
    """L'action que coûte la rage de berserker : due une fois ses points dépensés.

    L'action qu'un berserker doit payer pour se remettre de sa rage : aucune tant qu'il lui
    reste des points de réactivité de la rage, une action simple après les avoir dépensés."""
    if points_de_rage_restants > 0:
        return None
    return DONS["Berserk"].effets["action pour se remettre"]


@rule(cites="Le don Sens de l'initiative est disponible sans condition, et donne +4 au jet")
def bonus_d_initiative_du_don(nom: str) -> int:
    """Le bonus d'initiative que donne un don : +4 pour Sens de l'initiative.

    Le bonus d'initiative que donne le don nommé : +4 pour Sens de l'initiative, 0 pour un nom qui
    n'est pas un don."""
    don = resoudre_le_nom(nom)
    return DONS[don].effets.get("bonus d'initiative", 0) if don else 0


@rule(
    formula="points requis = points du don × niveau",
    symbols={
        "points du don": lambda arguments: DONS[arguments["nom"]].competences[
            arguments["competence"]
        ],
        "niveau": "niveau",
    },
    cites=(
        "est disponible si le personnage au moins 5*n points de compétences en Résistance",
        "est disponible si le personnage au moins 5 points de compétences en Volonté",
    ),
)
def points_de_competence_requis(nom: str, competence: str, niveau: int = 1) -> int:
    """Les points de compétence que demande le don (au niveau n d'une chaîne, 5*n)."""
    return DONS[nom].competences[competence] * niveau


@rule(
    formula="PVs = 3 × niveau",
    symbols={"niveau": "niveau"},
    cites="et lui donne 3 PVs supplémentaires",
)
def pvs_de_robustesse(niveau: int) -> int:
    """Robustesse n donne 3 PVs supplémentaires par niveau."""
    return DONS["Robustesse"].effets["PVs supplémentaires"] * niveau


@rule(
    formula=(
        "Canaliser actuel ≠ niveau − 1 : il lui faut d'abord le Canaliser précédent ; "
        "bonus d'Int < niveau : son bonus d'intelligence est trop bas ; "
        "Canaliser actuel = niveau − 1 et bonus d'Int ≥ niveau : le don lui est disponible"
    ),
    symbols={
        "Canaliser actuel": "canaliser_actuel",
        "bonus d'Int": "bonus_d_intelligence",
        "niveau": "niveau",
    },
    cites="le don Canaliser n est disponible à la condition d'avoir le don Canaliser n-1 (tous "
    "les personnages ont Canaliser 0, qui n'est pas noté par commodité) et d'avoir un bonus "
    "d'intelligence supérieur ou égal à n",
)
def peut_prendre_canaliser(niveau: int, bonus_d_intelligence: int, canaliser_actuel: int) -> bool:
    """Canaliser n demande Canaliser n − 1 et un bonus d'intelligence supérieur ou égal à n."""
    return canaliser_actuel == niveau - PRECEDENT_DANS_UNE_CHAINE and bonus_d_intelligence >= niveau


@rule(
    formula="Arme rapide : une action simple ; sinon : une action complexe",
    symbols={"Arme rapide": "arme_rapide"},
    cites=(
        "pour une action simple (au lieu d'une action complexe sans ce don)",
        "et apporte la capacité à attaquer (ou de parer) en action simple avec l'arme choisie",
    ),
)
def action_d_attaque(arme_rapide: bool) -> str:
    """Une attaque coûte une action complexe, une action simple avec Arme rapide.

    Une attaque coûte une action complexe ; une action simple avec le don Arme rapide de l'arme."""
    return SIMPLE if arme_rapide else COMPLEXE
