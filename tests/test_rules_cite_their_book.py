"""Every rule and constant of each game's rules modules cites a sentence found in its book.

A rules module keeps its own copy of the rules; what ties that copy to the book is the
sentence each `@rule` and `constant` cites. This test reads the three books and their rules
modules (every module under `rules/`, the cards' and sheets' included) and checks, for each
module-level constant (an UPPER_CASE name) and each `@rule` function, that it cites words
the book holds. A rule the book never states is allowed only where the ledger records it
(`rule-unstated:<name>`, with its reason): then its words must indeed be missing.
"""

from __future__ import annotations

import ast
import importlib
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from build_tools.books import load_game, select
from build_tools.checking.rule import CITATIONS, Citation
from build_tools.diagnostics import slug
from build_tools.model.docbook import TABLES, normalize, text_of, title_of
from build_tools.model.sentences import RULES
from build_tools.reader import read_book

SOURCE = Path(__file__).resolve().parents[1] / "source"


def declarations(path: Path) -> list[tuple[int, int, str]]:
    """(first line, last line, name) of the module-level constants and @rule functions."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name) and re.fullmatch(r"[A-Z][A-Z0-9_]+", target.id):
                    found.append((node.lineno, node.end_lineno, target.id))
        elif isinstance(node, ast.FunctionDef):
            for decorator in node.decorator_list:
                call = decorator.func if isinstance(decorator, ast.Call) else decorator
                if isinstance(call, ast.Name) and call.id == "rule":
                    first = min(d.lineno for d in node.decorator_list)
                    found.append((first, node.lineno, node.name))
    return found


def citations(folder: Path) -> dict[Path, list[Citation]]:
    """The citations the game's rules modules declare, each module imported once."""
    (book,) = select([str(folder)])
    game, problems = load_game(book)
    assert game is not None, problems
    package = game.rules.__name__  # the package `rules` of the game
    if not package.endswith(".rules"):
        package = package.rsplit(".", 1)[0]
    for module in sorted((folder / "rules").glob("*.py")):
        if module.stem != "__init__":
            importlib.import_module(f"{package}.{module.stem}")
    by_file: dict[Path, list[Citation]] = {}
    rules = (folder / "rules").resolve()
    # Each file resolved once: the process has registered the citations of every game it loaded.
    paths: dict[str, Path] = {}
    for citation in CITATIONS:
        if citation.file not in paths:
            paths[citation.file] = Path(citation.file).resolve()
        if paths[citation.file].parent == rules:
            by_file.setdefault(paths[citation.file], []).append(citation)
    return by_file


def sentences(citation: Citation) -> list[str]:
    return [citation.cites] if isinstance(citation.cites, str) else list(citation.cites)


def problems_of(folder: Path) -> tuple[int, list[str]]:
    """How many rules and constants the game declares, and those that cite no sentence of its
    book (or whose sentence the book has although the ledger says it never states it)."""
    (book,) = select([str(folder)])
    document = read_book(book.main)
    texts = [text_of(element) for element in document.root.iter(*RULES)]
    tables = {title_of(element) for element in document.root.iter(*TABLES)}

    def holds(words: str) -> bool:
        table = re.fullmatch(r"table « (.+) »", normalize(words))
        if table:  # a rule a whole table states cites the table by its title
            return table.group(1) in tables
        return any(normalize(words) in text for text in texts)

    ledger = tomllib.loads((folder / "ledger.toml").read_text(encoding="utf-8"))
    unstated = {
        entry["id"].removeprefix("rule-unstated:")
        for entry in ledger["known"]
        if entry["id"].startswith("rule-unstated:")
    }
    declared = citations(folder)
    problems = []
    counted = 0
    for module in sorted((folder / "rules").glob("*.py")):
        for first, last, what in declarations(module):
            counted += 1
            place = f"{module.name}:{first} {what}"
            cited = [
                citation
                for citation in declared.get(module.resolve(), [])
                if first <= citation.line <= last and citation.cites
            ]
            if not cited:
                problems.append(f"{place}: cites no sentence")
                continue
            missing = [words for words in sentences(cited[-1]) if not holds(words)]
            if slug(what) in unstated:
                if not missing:
                    problems.append(f"{place}: the ledger says the book never states it")
            elif missing:
                problems.append(f"{place}: the book does not hold « {missing[0]} »")
    return counted, problems


@pytest.mark.parametrize("name", ["cda", "harmonies", "edad"])
def test_every_rule_and_constant_cites_a_sentence_of_its_book(name):
    counted, problems = problems_of(SOURCE / name)
    assert counted > 50  # each game has dozens of rules: its modules were read
    assert not problems, "\n".join(problems)


def test_a_constant_citing_words_the_book_lacks_or_nothing_is_named(tmp_path):
    copy = tmp_path / "edad"
    shutil.copytree(SOURCE / "edad", copy)
    rules = copy / "rules" / "equipement.py"
    text = rules.read_text(encoding="utf-8")
    text = text.replace('cites="Le seuil de base des armes est de 5"', 'cites="Le seuil est de 6"')
    text = text.replace(
        "from build_tools.game import constant, rule",
        "from build_tools.game import constant, rule\n\nNOUVEAU_SEUIL = 7",
    )
    rules.write_text(text, encoding="utf-8")
    _, problems = problems_of(copy)
    assert any(
        "SEUIL_DE_BASE_DES_ARMES: the book does not hold « Le seuil est de 6 »" in p
        for p in problems
    ), problems
    assert any(p.endswith("NOUVEAU_SEUIL: cites no sentence") for p in problems), problems


# One known erratum per book whose working uses a cited rule: the working names the sentence
# of the book that states that rule (« (stated at file:line) »), as the reader can go and read.
WORKINGS = [
    ("cda", "erratum:glossary-echec-automatique:est-inferieure-a", "source/cda/cda.xml:724"),
    (
        "harmonies",
        "erratum:paragraph-quelqu-un-m-a-fait:tranche-de-3-a-6-lu-2",
        "source/harmonies/actions.xml:377",
    ),
    (
        "edad",
        "erratum:example-exemple-combat-contre-cinq-gobelins:action-6-tue",
        "source/edad/book.xml:109",
    ),
]


@pytest.mark.parametrize("name, erratum, place", WORKINGS, ids=[w[0] for w in WORKINGS])
def test_the_working_of_an_erratum_names_the_sentence_of_its_rule(
    checked_book, name, erratum, place
):
    (finding,) = [finding for finding in checked_book(name).findings if finding.id == erratum]
    assert any(line.strip() == f"(énoncée à {place})" for line in finding.derivation), (
        finding.derivation
    )


@pytest.mark.parametrize("name", ["cda", "harmonies", "edad"])
def test_every_rule_states_itself_in_one_line(name):
    # The first line of a rule's docstring is its statement in the working (« … [statement] »):
    # a statement running over two lines would be shown cut in the middle of its sentence.
    cut = []
    for module in sorted((SOURCE / name / "rules").glob("*.py")):
        for node in ast.parse(module.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and any(
                (call := d.func if isinstance(d, ast.Call) else d)
                and isinstance(call, ast.Name)
                and call.id == "rule"
                for d in node.decorator_list
            ):
                statement = (ast.get_docstring(node) or "").split("\n\n")[0]
                if not statement or "\n" in statement:
                    cut.append(f"{module.name}:{node.lineno} {node.name}: {statement!r}")
    assert not cut, "\n".join(cut)
