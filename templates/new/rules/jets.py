"""Les jets: un d20 plus la compétence, comparé à la difficulté."""

from build_tools.checking.rule import rule


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
