"""Les jets: un d20 plus la compétence, comparé à la difficulté."""

from build_tools.game import constant, rule

DIFFICULTES = constant(
    {"Facile": 10, "Moyenne": 15, "Difficile": 20}, cites="table « Les difficultés »"
)
"""Les difficultés du tableau du livre, par leur nom."""


@rule(
    formula="D = tableau « Les difficultés » [difficulté]",
    symbols={"difficulté": "nom"},
    cites="table « Les difficultés »",
)
def difficulte(nom: str) -> int:
    """La difficulté d'une action, que donne le tableau « Les difficultés »."""
    return DIFFICULTES[nom]


@rule(cites="table « Les difficultés »")
def table_des_difficultes() -> list[tuple[str, int]]:
    """Le tableau « Les difficultés », pour la carte du jeu (deck.toml)."""
    return [(nom, difficulte(nom)) for nom in DIFFICULTES]


@rule(
    formula="T = d20 + C",
    symbols={"d20": "de", "C": "competence"},
    cites="ajoute sa compétence au résultat",
)
def total(de: int, competence: int) -> int:
    """Le total est le résultat du dé plus la compétence."""
    return de + competence


@rule(
    formula="T ≥ D",
    symbols={"T": "total_du_jet", "D": "difficulte"},
    cites="si ce total atteint la difficulté",
)
def reussite(total_du_jet: int, difficulte: int) -> bool:
    """L'action réussit si le total atteint la difficulté."""
    return total_du_jet >= difficulte
