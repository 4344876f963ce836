"""The mistakes a game author makes, each a finding at the author's file:line, never exit 3.

Each case edits one file of the example game (`rulebook new GAME --example`) as an author
would get it wrong, a documented field given a wrong type, a wrong name or a stale
reference, and asserts the one finding that says so: its file, its line and its words.
docs/mistakes.md is drawn from this table (a test keeps the two together).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from build_tools.commands.cli import main
from build_tools.commands.new import scaffold

ROOT = Path(__file__).resolve().parent.parent

# (kind, file edited, text replaced, replacement, file:line of the finding, its words)
MISTAKES = [
    # -- rules --------------------------------------------------------------------------------
    (
        "a rule's cited sentence with another number than the book's",
        "rules/characters.py",
        'cites="Resolve is 5 plus their Spirit"',
        'cites="Resolve is 6 plus their Spirit"',
        "characters.xml:6",
        "the book now says « 5 » where its rule 'resolve' says « 6 »",
    ),
    (
        "a rule's cited sentence with another rule word than the book's",
        "rules/tests.py",
        'cites="succeeds if the total equals or beats the difficulty"',
        'cites="succeeds if the total beats the difficulty"',
        "tests.xml:5",
        "the book now says « equals or beats » where its rule 'succeeds' says « beats »",
    ),
    (
        "a rule citing a sentence the book does not have",
        "rules/combat.py",
        'cites="deals the weapon\'s damage plus the margin of the attack"',
        'cites="doubles the damage on a six"',
        "rules/combat.py:6",
        "the rule 'damage' cites a sentence the book does not hold: « doubles the damage on a six",
    ),
    (
        "a rule citing a table the book does not have",
        "rules/tests.py",
        'cites="table “Difficulties”",\n)\ndef difficulty',
        'cites="table “Difficultiez”",\n)\ndef difficulty',
        "rules/tests.py:16",
        "cites a sentence the book does not hold: « table “Difficultiez” »",
    ),
    (
        "a constant with a number its sentence does not say",
        "rules/characters.py",
        "LOWEST, HIGHEST = constant((0, 4),",
        "LOWEST, HIGHEST = constant((0, 5),",
        "rules/characters.py:8",
        "the rules module says 5 where the sentence it cites says 0, 4",
    ),
    (
        "a formula's symbol standing for no argument of its rule",
        "rules/characters.py",
        'symbols={"Might": "might"}',
        'symbols={"Might": "mightt"}',
        "rules/characters.py:12",
        "the symbol 'Might' stands for 'mightt', which health() does not take",
    ),
    (
        "a rule's formula that is no text",
        "rules/combat.py",
        'formula="damage = weapon + margin"',
        'formula=["damage = weapon + margin"]',
        "rules/combat.py:6",
        "@rule of damage(): formula must be a text",
    ),
    (
        "a rule's formula with two operators in a row",
        "rules/combat.py",
        'formula="damage = weapon + margin"',
        'formula="damage = weapon + + margin"',
        "rules/combat.py:6",
        "@rule of damage(): its formula « damage = weapon + + margin » cannot be read: « + + » is"
        " two operators in a row",
    ),
    (
        "a rule's formula with a bracket left open",
        "rules/characters.py",
        'formula="Health = 10 + 2 × Might"',
        'formula="Health = (10 + 2 × Might"',
        "rules/characters.py:12",
        "cannot be read: « ( » is never closed",
    ),
    (
        "a rule's formula naming what none of its symbols stands for",
        "rules/combat.py",
        'formula="damage = weapon + margin"',
        'formula="damage = weapon + margin + BONUS"',
        "rules/combat.py:6",
        "cannot be read: « BONUS » is none of its symbols (weapon, margin)",
    ),
    (
        "a rule's cites that is no text",
        "rules/combat.py",
        'cites="deals the weapon\'s damage plus the margin of the attack"',
        "cites=42",
        "rules/combat.py:6",
        "@rule of damage(): cites must be a text of the book, or a tuple of them, not 42",
    ),
    (
        "a rule's symbols that are no mapping",
        "rules/combat.py",
        'symbols={"weapon": "weapon", "margin": "margin_of_the_attack"}',
        'symbols=["weapon", "margin"]',
        "rules/combat.py:6",
        "@rule of damage(): symbols must map each symbol of the formula",
    ),
    (
        "a rule that raises",
        "rules/combat.py",
        "return weapon + margin_of_the_attack",
        "return weapon / 0",
        "rules/combat.py:13",
        "binding the_ambush_at_the_mill raised ZeroDivisionError: division by zero",
    ),
    (
        "a rules module that is no Python",
        "rules/combat.py",
        "def damage(weapon: int, margin_of_the_attack: int) -> int:",
        "def damage(weapon: int, margin_of_the_attack: int) -> int",
        "rules/combat.py:11",
        "cannot load: SyntaxError: expected ':'",
    ),
    (
        "a rules module importing what is not there",
        "rules/combat.py",
        "from build_tools.game import rule\n",
        "from build_tools.game import rule\nfrom . import weapons\n",
        "rules/combat.py:4",
        "cannot load: ImportError: cannot import name 'weapons'",
    ),
    (
        "a rule's parameter renamed, its symbols left as they were",
        "rules/combat.py",
        "def damage(weapon: int, margin_of_the_attack: int) -> int:",
        "def damage(weapon: int, margin: int) -> int:",
        "rules/combat.py:6",
        "the symbol 'margin' stands for 'margin_of_the_attack', which damage() does not take",
    ),
    (
        "a rule's parameter renamed, the deck's terms left as they were",
        "rules/combat.py",
        '    symbols={"weapon": "weapon", "margin": "margin_of_the_attack"},\n'
        '    cites="deals the weapon\'s damage plus the margin of the attack",\n'
        ")\n"
        "def damage(weapon: int, margin_of_the_attack: int) -> int:\n"
        '    """A hit deals the weapon\'s damage plus the margin of the attack."""\n'
        "    return weapon + margin_of_the_attack",
        '    symbols={"weapon": "weapon", "margin": "margin"},\n'
        '    cites="deals the weapon\'s damage plus the margin of the attack",\n'
        ")\n"
        "def damage(weapon: int, margin: int) -> int:\n"
        '    """A hit deals the weapon\'s damage plus the margin of the attack."""\n'
        "    return weapon + margin",
        "deck.toml:39",
        "combat.damage takes no argument margin_of_the_attack (its arguments: weapon, margin)",
    ),
    # -- the game's __init__.py -------------------------------------------------------------------
    (
        "an __init__.py without setup(game)",
        "__init__.py",
        "def setup(game) -> None:",
        "def set_up(game) -> None:",
        "__init__.py:1",
        "its __init__.py defines no setup(game)",
    ),
    (
        "a setup(game) that raises",
        "__init__.py",
        "game.sheet = sheet.SHEET",
        "game.sheet = sheet.SHEETS",
        "__init__.py:11",
        "has no attribute 'SHEETS'",
    ),
    (
        "a binder that is no Binder",
        "__init__.py",
        "game.binder = bindings.binder",
        "game.binder = bindings",
        "__init__.py:10",
        "game.binder must be a Binder (bindings.binder, made by Binder()), not module",
    ),
    (
        "a rules package that is no module",
        "__init__.py",
        "game.rules = rules",
        'game.rules = "rules"',
        "__init__.py:9",
        "game.rules must be the rules package or module (from . import rules), not str",
    ),
    (
        "a sheet that is no Description",
        "__init__.py",
        "game.sheet = sheet.SHEET",
        "game.sheet = sheet",
        "__init__.py:11",
        "game.sheet must be the sheet's Description (rules/fiche.py), not module",
    ),
    # -- bindings -------------------------------------------------------------------------------
    (
        "an example's title the book does not have",
        "bindings.py",
        '@binder.example(title="Oren the Tall")',
        '@binder.example(title="Oren the Small")',
        "bindings.py:29",
        "binding oren: example title='Oren the Small' is not in the book",
    ),
    (
        "a table's title the book does not have",
        "bindings.py",
        '@binder.table(title="Difficulties")',
        '@binder.table(title="Difficulty")',
        "bindings.py:37",
        "binding difficulties: table title='Difficulty' is not in the book",
    ),
    (
        "a prose binding's phrase the book does not have",
        "bindings.py",
        '@binder.table(title="Difficulties")',
        '@binder.prose(contains="the margin of nothing")\ndef margin_sentence(para):\n'
        '    para.claim("{}", 1)\n\n\n@binder.table(title="Difficulties")',
        "bindings.py:37",
        "binding margin_sentence: prose contains='the margin of nothing' is not in the book",
    ),
    (
        "a binding decorator naming no passage",
        "bindings.py",
        '@binder.example(title="Oren the Tall")',
        "@binder.example()",
        "bindings.py:29",
        "binder.example() takes exactly one of title, id",
    ),
    (
        "a given's pattern the text no longer says",
        "bindings.py",
        'might, spirit = ex.given("Might {} and Spirit {}")',
        'might, spirit = ex.given("Might {} or Spirit {}")',
        "characters.xml:15",
        "the text no longer says « Might {} or Spirit {} »; closest text: « Might 4 and Spirit 1 »",
    ),
    (
        "a claim's pattern the text no longer says",
        "bindings.py",
        'ex.claim("which deals {} damage", combat.damage(weapon, margin))',
        'ex.claim("which inflicts {} wounds", combat.damage(weapon, margin))',
        "combat.xml:9",
        "the text no longer says « which inflicts {} wounds »",
    ),
    (
        "an affirmed phrase the text no longer says",
        "bindings.py",
        'ex.affirm("a hit", tests.succeeds(total, guard), rules_give="a miss")',
        'ex.affirm("a strike", tests.succeeds(total, guard), rules_give="a miss")',
        "combat.xml:8",
        "the text no longer says « a strike »",
    ),
    (
        "a claim given more values than its pattern has holes",
        "bindings.py",
        'ex.claim("His Health is {}", characters.health(might))',
        'ex.claim("His Health is {}", (characters.health(might), 1))',
        "bindings.py:32",
        "pattern 'His Health is {}' has 1 hole(s), 2 expected value(s) given",
    ),
    (
        "a claim given a word where its hole reads a number",
        "bindings.py",
        'ex.claim("His Health is {}", characters.health(might))',
        'ex.claim("His Health is {}", "eighteen")',
        "bindings.py:32",
        "the rules give 'eighteen', which is no number",
    ),
    (
        "a binding needing a binding that does not exist",
        "bindings.py",
        "def the_ambush_at_the_mill(ex, oren):",
        "def the_ambush_at_the_mill(ex, orenn):",
        "bindings.py:74",
        "binding the_ambush_at_the_mill needs orenn, which no binding is named",
    ),
    (
        "a binding reading what its dependency did not return",
        "bindings.py",
        'ex.claim("her Agility of {}", mara["Agility"])',
        'ex.claim("her Agility of {}", mara["Agilty"])',
        "bindings.py:53",
        "binding crossing_the_ford raised KeyError: 'Agilty'",
    ),
    (
        "a word claimed with a lemma of no family",
        "bindings.py",
        'ex.word("a [] ", name)',
        'ex.word("a [] ", "Impossible")',
        "bindings.py:46",
        "'Impossible' is no rule word of this book's vocabulary",
    ),
    (
        "a waiver without its reason",
        "bindings.py",
        'ex.claim("his Resolve is {}", characters.resolve(spirit))',
        'ex.waive("his Resolve is {}", "")',
        "bindings.py:33",
        "waive() needs a reason",
    ),
    (
        "an example bound twice",
        "bindings.py",
        '@binder.example(title="Oren the Tall")',
        '@binder.example(title="Mara of the Ferry")\ndef mara_again(ex):\n'
        '    ex.given("Might {}, Agility {}, Wits {} and Spirit {}")\n\n\n'
        '@binder.example(title="Oren the Tall")',
        "characters.xml:8",
        "example title='Mara of the Ferry' binds a passage already bound",
    ),
    (
        "terms of another shape than family, lemma, forms",
        "bindings.py",
        "binder = Binder(terms=TERMS)",
        'binder = Binder(terms=["Might", "Agility"])',
        "bindings.py:15",
        "Binder(terms=...) must be a mapping",
    ),
    (
        "a term's forms given as one word, not a list",
        "bindings.py",
        '"attribute": {name: [name] for name in characters.ATTRIBUTES},',
        '"attribute": {name: name for name in characters.ATTRIBUTES},',
        "bindings.py:15",
        "the forms of 'Might' (attribute) must be a list of the words the book writes",
    ),
    # -- deck.toml ------------------------------------------------------------------------------
    (
        "a deck that is no TOML",
        "deck.toml",
        'title = "Tests"',
        'title = "Tests',
        "deck.toml:10",
        "the deck file is not valid TOML",
    ),
    (
        "a misspelt key of a block",
        "deck.toml",
        'heading = "Difficulties"',
        'headng = "Difficulties"',
        "deck.toml:21",
        "a table block has no key 'headng'",
    ),
    (
        "a block of two kinds",
        "deck.toml",
        'quote = "The test succeeds if the total equals or beats the difficulty."',
        'quote = "The test succeeds if the total equals or beats the difficulty."\n'
        'sequence = ["one"]',
        "deck.toml:10",
        "a block needs exactly one of quote, formula, sequence, table, chances",
    ),
    (
        "a quote the book does not say",
        "deck.toml",
        'quote = "The test succeeds if the total equals or beats the difficulty."',
        'quote = "A double one always fails the test."',
        "deck.toml:18",
        "the book no longer says « A double one always fails the test. »",
    ),
    (
        "a quote with another rule word than the book's",
        "deck.toml",
        'quote = "The test succeeds if the total equals or beats the difficulty."',
        'quote = "The test succeeds if the total beats the difficulty."',
        "deck.toml:18",
        "the book says « equals or beats » where the card says « beats »",
    ),
    (
        "a card's formula its rule disagrees with",
        "deck.toml",
        'formula = "damage = weapon + margin"',
        'formula = "damage = weapon + 2 × margin"',
        "deck.toml:39",
        "the formula « damage = weapon + 2 × margin » gives 17 where the rules give 10",
    ),
    (
        "a formula's rule the rules module does not have",
        "deck.toml",
        'rule = "combat.damage"',
        'rule = "combat.damages"',
        "deck.toml:40",
        "rules/combat.py has no function 'damages'",
    ),
    (
        "a formula's rule in a module the rules do not have",
        "deck.toml",
        'rule = "combat.damage"',
        'rule = "fight.damage"',
        "deck.toml:40",
        "the game's rules have no module 'fight'",
    ),
    (
        "a term naming no argument of the rule",
        "deck.toml",
        'terms = { weapon = "weapon", margin = "margin_of_the_attack" }',
        'terms = { weapon = "weapon", margin = "margin" }',
        "deck.toml:39",
        "combat.damage takes no argument margin (its arguments: weapon, margin_of_the_attack)",
    ),
    (
        "a term its formula does not hold",
        "deck.toml",
        'terms = { weapon = "weapon", margin = "margin_of_the_attack" }',
        'terms = { weapon = "weapon", margin = "margin_of_the_attack", bonus = "weapon" }',
        "deck.toml:39",
        "the formula « damage = weapon + margin » has no term « bonus », which its terms name",
    ),
    (
        "formula = true on a rule taking a tuple of dice",
        "rules/tests.py",
        "return dice + attribute",
        "return sum(dice) + attribute",
        "deck.toml:14",
        "tests.total fails when its terms are numbers",
    ),
    (
        "a formula block without its rule (a misspelt key)",
        "deck.toml",
        'rule = "combat.damage"',
        'rules = "combat.damage"',
        "deck.toml:40",
        "a formula block has no key 'rules'",
    ),
    (
        "a table's function the rules do not have",
        "deck.toml",
        'table = "aid.difficulties"',
        'table = "aid.difficulty"',
        "deck.toml:22",
        "aid.difficulty cannot be computed: rules/aid.py has no function 'difficulty'",
    ),
    (
        "a table's columns more than its rows' cells",
        "deck.toml",
        'columns = ["difficulty", "number"]',
        'columns = ["difficulty", "number", "extra"]',
        "deck.toml:22",
        "aid.difficulties gives rows of another width than its 3 columns",
    ),
    (
        "a table's columns that are no list",
        "deck.toml",
        'columns = ["difficulty", "number"]',
        'columns = "difficulty, number"',
        "deck.toml:23",
        'columns = "difficulty, number": expected a list of column headings',
    ),
    (
        "a table compared with a book's table the book does not have",
        "deck.toml",
        'book = "Difficulties"',
        'book = "Difficulty"',
        "deck.toml:22",
        "the book has no single table titled « Difficulty »",
    ),
    (
        "a table's function giving rows of another shape",
        "rules/aid.py",
        "return [(name, tests.difficulty(name)) for name in tests.DIFFICULTIES]",
        "return [name for name in tests.DIFFICULTIES]",
        "deck.toml:22",
        "aid.difficulties gives rows of another width than its 2 columns",
    ),
    (
        "a table's function that raises",
        "rules/aid.py",
        "return [(name, tests.difficulty(name)) for name in tests.DIFFICULTIES]",
        'return [(name, tests.difficulty(name + "x")) for name in tests.DIFFICULTIES]',
        "deck.toml:22",
        "aid.difficulties cannot be computed: KeyError: 'Easyx'",
    ),
    (
        "a chances function the rules do not have",
        "deck.toml",
        'chances = "aid.chances"',
        'chances = "aid.chance"',
        "deck.toml:31",
        "aid.chance cannot be computed: rules/aid.py has no function 'chance'",
    ),
    (
        "decimals of the wrong kind",
        "deck.toml",
        "chart = false",
        'chart = false\ndecimals = "one"',
        "deck.toml:34",
        'decimals = "one": expected a number of decimals, or a list of them, one per column',
    ),
    (
        "a sequence that is no list",
        "deck.toml",
        "sequence = [",
        'sequence = "one"\nold = [',
        "deck.toml:44",
        'sequence = "one": expected a list of texts',
    ),
    (
        "a card size there is none of",
        "deck.toml",
        'size = "poker"',
        'size = "bridge"',
        "deck.toml:6",
        "unknown card size 'bridge' (poker, tarot, a6)",
    ),
    (
        "a colour that is no #rrggbb",
        "deck.toml",
        'colour = "#2f4a3a"',
        'colour = "green"',
        "deck.toml:7",
        '[deck]: colour = "green": expected a colour as #rrggbb',
    ),
    (
        "a card without its title",
        "deck.toml",
        'title = "Combat"',
        'titl = "Combat"',
        "deck.toml:35",
        "card 3 has no title",
    ),
    # -- the sheet (rules/sheet.py, a game's fiche.py) ----------------------------------------
    (
        "a box citing words the book does not say",
        "rules/sheet.py",
        'cites="Each attribute is rated from 0 to 4",',
        'cites="Each attribute is rated from 1 to 4",',
        "rules/sheet.py:27",
        "the character sheet cites « Each attribute is rated from 1 to 4 », which the book",
    ),
    (
        "a box whose rule is no function",
        "rules/sheet.py",
        "rule=characters.health,",
        "rule=characters.ATTRIBUTES,",
        "rules/sheet.py:38",
        "the box derived.health: rule= must be a function of the rules (a @rule), not tuple",
    ),
    (
        "two boxes of one key",
        "rules/sheet.py",
        '"resolve",\n                    "Resolve",',
        '"health",\n                    "Resolve",',
        "rules/sheet.py:45",
        "two boxes of the sheet are derived.health",
    ),
    (
        "a box's argument reading a field the sheet does not have",
        "rules/sheet.py",
        'arguments={"might": "attributes.might"}',
        'arguments={"might": "attributes.mighty"}',
        "rules/sheet.py:42",
        "the argument 'might' reads attributes.mighty, which is no box of the sheet",
    ),
    (
        "a box's argument its rule does not take",
        "rules/sheet.py",
        'arguments={"might": "attributes.might"}',
        'arguments={"strength": "attributes.might"}',
        "rules/sheet.py:42",
        "its rule health() takes no argument 'strength' (its arguments: might)",
    ),
    (
        "a derived box that nothing computes",
        "rules/sheet.py",
        'arguments={"might": "attributes.might"},\n',
        "",
        "rules/sheet.py:38",
        "the sheet computes no value for derived.health",
    ),
    (
        "an example character file that is not there",
        "rules/sheet.py",
        '"characters/mara.toml",',
        '"characters/marra.toml",',
        "rules/sheet.py:57",
        "the example character characters/marra.toml is no file of the game's folder",
    ),
    (
        "an agreement whose words the book no longer prints",
        "rules/sheet.py",
        '"Her Health is {} and her Resolve is {}",',
        '"Her Health reaches {} and her Resolve is {}",',
        "rules/sheet.py:62",
        "the book no longer prints « Her Health reaches {} and her Resolve is {} »",
    ),
    (
        "an agreement naming no box of the sheet",
        "rules/sheet.py",
        '("derived.health", "derived.resolve"),',
        '("derived.health", "derived.resolv"),',
        "rules/sheet.py:60",
        "names derived.resolv, which is no box of the sheet",
    ),
    # -- character files ------------------------------------------------------------------------
    (
        "a character file that is no TOML",
        "characters/mara.toml",
        "might = 2",
        "might = = 2",
        "characters/mara.toml:6",
        "this is not valid TOML: Invalid value",
    ),
    (
        "a field the sheet does not have",
        "characters/mara.toml",
        "wits = 1",
        "wits = 1\nluck = 3",
        "characters/mara.toml:9",
        "unknown field “luck” (fields: might, agility, wits, spirit)",
    ),
    (
        "a text where a number goes",
        "characters/mara.toml",
        "might = 2",
        'might = "two"',
        "characters/mara.toml:6",
        "Mi must be a whole number, not the text “two”",
    ),
    (
        "a decimal where a whole number goes",
        "characters/mara.toml",
        "might = 2",
        "might = 2.5",
        "characters/mara.toml:6",
        "Mi must be a whole number, not the decimal number 2.5",
    ),
    (
        "a value out of its bounds",
        "characters/mara.toml",
        "agility = 3",
        "agility = 7",
        "characters/mara.toml:7",
        "Ag is 7; it goes from 0 to 4 (“Characters”, characters.xml:4)",
    ),
    (
        "a required field left out",
        "characters/mara.toml",
        "spirit = 2\n",
        "",
        "characters/mara.toml:5",
        "Spirit is missing (spirit = …)",
    ),
    (
        "a derived total written in the file",
        "characters/mara.toml",
        "spirit = 2\n",
        "spirit = 2\n\n[derived]\nhealth = 14\n",
        "characters/mara.toml:12",
        "He is a total the rules compute (Health = 10 + 2 × Might): it is not written in the file",
    ),
    (
        "a group written as a value",
        "characters/mara.toml",
        "[attributes]\nmight = 2\nagility = 3\nwits = 1\nspirit = 2\n",
        "attributes = 5\n",
        "characters/mara.toml:5",
        "“attributes” must be a table ([attributes])",
    ),
    (
        "a character whose totals are not the book's",
        "characters/mara.toml",
        "might = 2",
        "might = 3",
        "characters.xml:10",
        "the book prints 14 for derived.health, the sheet computes 16",
    ),
]


@pytest.fixture(scope="module")
def example(tmp_path_factory) -> Path:
    """The example game as `rulebook new --example` writes it, copied for each mistake."""
    source = tmp_path_factory.mktemp("example") / "source"
    source.mkdir()
    scaffold(source, "ember", example=True)
    return source / "ember"


def test_the_catalogue_holds_forty_kinds_each_once():
    kinds = [kind for kind, *_ in MISTAKES]
    assert len(kinds) >= 40 and len(set(kinds)) == len(kinds)


@pytest.mark.parametrize(
    "kind, file, old, new, place, words", MISTAKES, ids=[case[0] for case in MISTAKES]
)
def test_a_mistake_is_a_finding_at_its_file_and_line(
    kind, file, old, new, place, words, example, tmp_path, monkeypatch, capsys
):
    # each case its own game's name: its Python is imported afresh, never another case's
    name = "m" + re.sub(r"\W+", "_", kind)[:30].lower()
    game = tmp_path / "source" / name
    scaffold(tmp_path / "source", name, example=True)
    path = game / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"the example no longer holds {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    status = main(["check", name, "--format", "json"])
    out, err = capsys.readouterr()
    assert status == 1, (status, out[-2000:], err)  # findings: never 3, never a traceback
    assert "Traceback" not in out + err
    (book,) = json.loads(out)["books"]
    found = [
        (f"{Path(f['file']).relative_to(Path('source') / name)}:{f['line']}", f["message"])
        for f in book["findings"]
        if not f.get("known") and f.get("file")
    ]
    assert any(at == place and words in message for at, message in found), found


def _check_edited(tmp_path, monkeypatch, capsys, name, file, old, new) -> list[dict]:
    """The new findings of the example game with `old` replaced by `new` in `file`."""
    scaffold(tmp_path / "source", name, example=True)
    path = tmp_path / "source" / name / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"the example no longer holds {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_SOURCE", raising=False)
    main(["check", name, "--format", "json"])
    (book,) = json.loads(capsys.readouterr().out)["books"]
    return [f for f in book["findings"] if not f.get("known")]


# An English book's relation words are rule words as a French book's are (checking/words.py,
# chosen by the book's language): (file edited, old, new, file:line, the word it stands at)
ENGLISH_WORDS = [
    (
        "rules/tests.py",
        'cites="succeeds if the total equals or beats the difficulty"',
        'cites="succeeds if the total beats the difficulty"',
        "tests.xml:5",
        "equals or beats",
    ),
    (
        "rules/characters.py",
        'cites="Resolve is 5 plus their Spirit"',
        'cites="Resolve is 5 minus their Spirit"',
        "characters.xml:6",
        "plus",
    ),
    (
        "deck.toml",
        "total equals or beats the difficulty.",
        "total beats the difficulty.",
        "deck.toml:18",
        "beats",
    ),
    (
        "deck.toml",
        "weapon's damage plus the margin",
        "weapon's damage minus the margin",
        "deck.toml:46",
        "minus",
    ),
]


@pytest.mark.parametrize(
    "file, old, new, place, word", ENGLISH_WORDS, ids=[e[2] for e in ENGLISH_WORDS]
)
def test_an_english_rule_word_changed_is_one_finding_at_the_word(
    file, old, new, place, word, tmp_path, monkeypatch, capsys
):
    name = "w" + re.sub(r"\W+", "_", new)[:30].lower()
    (finding,) = _check_edited(tmp_path, monkeypatch, capsys, name, file, old, new)
    at = f"{Path(finding['file']).relative_to(Path('source') / name)}:{finding['line']}"
    assert at == place, finding
    source = (tmp_path / "source" / name / place.split(":")[0]).read_text(encoding="utf-8")
    line = source.split("\n")[finding["line"] - 1]
    assert finding["column"] == line.rindex(word) + 1, finding  # the last: « 10 plus … 5 plus »
    assert f"« {word} »" in finding["message"], finding


ENGLISH_REWORDINGS = [
    (
        "deck.toml",
        "total equals or beats the difficulty.",
        "total meets or exceeds the difficulty.",
    ),
    (
        "rules/tests.py",
        'cites="succeeds if the total equals or beats the difficulty"',
        'cites="succeeds if the total meets or beats the difficulty"',
    ),
    ("tests.xml", "total equals or beats the", "total meets or exceeds the"),
]


@pytest.mark.parametrize(
    "file, old, new", ENGLISH_REWORDINGS, ids=[e[2] for e in ENGLISH_REWORDINGS]
)
def test_an_english_rewording_gives_no_finding(file, old, new, tmp_path, monkeypatch, capsys):
    name = "r" + re.sub(r"\W+", "_", new)[:30].lower()
    assert _check_edited(tmp_path, monkeypatch, capsys, name, file, old, new) == []


def test_docs_list_every_mistake_with_what_it_says():
    page = (ROOT / "docs" / "mistakes.md").read_text(encoding="utf-8")
    for kind, _, _, _, _, words in MISTAKES:
        assert f"| {kind} |" in page, kind
        shown = words.replace("|", "\\|").replace("\u00a0", " ").replace("\u202f", " ")
        assert shown in page, words
