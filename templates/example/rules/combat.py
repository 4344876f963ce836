"""Combat: an attack is a test of Might; a hit deals the weapon's damage plus the margin."""

from build_tools.game import rule


@rule(
    formula="damage = weapon + margin",
    symbols={"weapon": "weapon", "margin": "margin_of_the_attack"},
    cites="deals the weapon's damage plus the margin of the attack",
)
def damage(weapon: int, margin_of_the_attack: int) -> int:
    """A hit deals the weapon's damage plus the margin of the attack."""
    return weapon + margin_of_the_attack
