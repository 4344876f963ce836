"""Les Clefs de l'Aube: its rules and the bindings of its book."""

# Example sections: the authors title them « exemple… », and once misspell it
# (« un example de combat entre Björn et Kröm »), so both spellings count.
EXAMPLE_SECTIONS = r"^(une? )?[Ee]x[ea]mples?\b"


def setup(game) -> None:
    """Register the rules of Les Clefs de l'Aube and the bindings of its book."""
    from . import bindings, rules
    from .rules import fiche

    game.rules = rules
    game.sheet = fiche.FICHE
    game.binder = bindings.binder
    game.example_sections = EXAMPLE_SECTIONS
