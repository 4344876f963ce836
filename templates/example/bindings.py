"""The bindings of {{ title }}'s book to its rules: each example and table worked again."""

import re

from build_tools.game import Binder

from .rules import characters, combat, tests

TERMS = {
    "attribute": {name: [name] for name in characters.ATTRIBUTES},
    "difficulty": {name: [name] for name in tests.DIFFICULTIES},
}
"""The game's own rule words: an attribute or a difficulty the text names is checked."""

binder = Binder(terms=TERMS)

DIFFICULTY = re.compile(r"\ban? (" + "|".join(tests.DIFFICULTIES) + r") ")
"""A difficulty the text names (« a Hard ford »): read with the game's own code."""


@binder.example(title="Mara of the Ferry")
def mara(ex):
    might, agility, wits, spirit = ex.given("Might {}, Agility {}, Wits {} and Spirit {}")
    ex.claim("Her Health is {}", characters.health(might))
    ex.claim("her Resolve is {}", characters.resolve(spirit))
    return {"Might": might, "Agility": agility, "Wits": wits, "Spirit": spirit}


@binder.example(title="Oren the Tall")
def oren(ex):
    might, spirit = ex.given("Might {} and Spirit {}")
    ex.claim("His Health is {}", characters.health(might))
    ex.claim("his Resolve is {}", characters.resolve(spirit))
    return {"Might": might, "Spirit": spirit}


@binder.table(title="Difficulties")
def difficulties(table):
    for row in table.rows:
        row[1].claim("{}", tests.difficulty(row[0].text))


def difficulty_named(ex) -> int:
    """The number of the difficulty the text names (« a Hard ford »), its word claimed."""
    name = DIFFICULTY.search(ex.text)[1]
    ex.word("a [] ", name)
    return tests.difficulty(name)


@binder.example(title="Crossing the ford")
def crossing_the_ford(ex, mara):
    number = difficulty_named(ex)
    ex.claim("her Agility of {}", mara["Agility"])
    dice = sum(ex.given("rolls {} and {}"))
    total = tests.total(dice, mara["Agility"])
    ex.claim("for a total of {}", total)
    ex.affirm("the test succeeds", tests.succeeds(total, number), rules_give="a failure")
    ex.claim("a margin of {}", tests.margin(total, number))


@binder.example(title="The old lock")
def the_old_lock(ex):
    number = difficulty_named(ex)
    wits = ex.given("Wits of {}")
    dice = sum(ex.given("rolls {} and {}"))
    # The success and the margin follow the total the text states: a wrong total is one
    # erratum, not three.
    stated = ex.peek("for a total of {}")
    ex.claim("for a total of {}", tests.total(dice, wits))
    ex.affirm("the test succeeds", tests.succeeds(stated, number), rules_give="a failure")
    ex.claim("a margin of {}", tests.margin(stated, number))


@binder.example(title="The ambush at the mill")
def the_ambush_at_the_mill(ex, oren):
    weapon = ex.given("of damage {}")
    guard = ex.given("of guard {}")
    ex.claim("his Might of {}", oren["Might"])
    dice = sum(ex.given("rolls {} and {}"))
    total = tests.total(dice, oren["Might"])
    ex.claim("for a total of {}", total)
    ex.affirm("a hit", tests.succeeds(total, guard), rules_give="a miss")
    margin = tests.margin(total, guard)
    ex.claim("a margin of {}", margin)
    ex.claim("which deals {} damage", combat.damage(weapon, margin))
