"""The floors of the engine, read from its imports: no circle, validation below render, games
on the author API only, and every package in the wheel."""

from __future__ import annotations

import ast
import functools
import tomllib
from pathlib import Path

from conftest import ROOT

ENGINE = ROOT / "build_tools"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(tree: ast.AST, annotations: bool = False) -> set[str]:
    """The `build_tools` modules a module imports, at its top or in a function; what is
    imported only for type annotations (under `if TYPE_CHECKING:`) is not loaded, and left
    out unless `annotations` (a circle of names is one even when only a type closes it)."""
    names: set[str] = set()
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            if not annotations:
                skipped.update(id(inner) for inner in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:  # `from package import module` imports that module
                names.add(
                    f"{node.module}.{alias.name}"
                    if _is_module(node.module, alias.name)
                    else node.module
                )
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return {name for name in names if name.split(".")[0] == "build_tools"}


def _is_module(package: str, name: str) -> bool:
    folder = ROOT.joinpath(*package.split("."))
    return (folder / f"{name}.py").is_file() or (folder / name / "__init__.py").is_file()


@functools.cache
def engine_graph(annotations: bool = False) -> dict[str, set[str]]:
    """Module -> the engine modules it imports (a package's name stands for its __init__);
    with `annotations`, those imported for type annotations only too."""
    modules = {module_name(path): path for path in ENGINE.rglob("*.py")}
    return {
        name: {
            other
            for other in imported(ast.parse(path.read_text()), annotations)
            if other in modules
        }
        - {name}
        for name, path in modules.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_circle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_no_engine_module_imports_itself_back_through_others():
    """Not even for a type annotation (checking/check once named binder's Binding so)."""
    assert circles(engine_graph(annotations=True)) == []


FLOORS = ("reading", "model", "validation", "checking", "render", "commands")
"""The floors of the engine, bottom up (docs/architecture.md): a module imports only its own
floor and those below; validation and checking stand side by side, neither importing the other."""


def floor(module: str) -> str:
    name = module.removeprefix("build_tools.")
    if name.split(".")[0] in ("commands", "entry", "__main__"):
        return "commands"
    if name.split(".")[0] in ("render", "reports"):
        return "render"
    if name.split(".")[0] in ("checking", "examine", "game", "books", "dice"):
        return "checking"
    if name.split(".")[0] in ("validation", "model"):
        return name.split(".")[0]
    return "reading"


def upward(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """The imports from a floor to one above it, or between validation and checking."""
    wrong = set()
    for name, others in graph.items():
        for other in others:
            low, high = FLOORS.index(floor(name)), FLOORS.index(floor(other))
            side_by_side = {floor(name), floor(other)} == {"validation", "checking"}
            if high > low and not (side_by_side and floor(name) == "checking"):
                wrong.add((name, other))
            elif side_by_side and floor(name) == "validation":
                wrong.add((name, other))
    return wrong


def test_the_floor_finder_finds_an_import_going_up():
    graph = {
        "build_tools.model.ids": {"build_tools.render.html.book"},
        "build_tools.validation.tables": {"build_tools.model.grid", "build_tools.checking.rule"},
        "build_tools.commands.check": {"build_tools.examine", "build_tools.reports"},
    }
    assert upward(graph) == {
        ("build_tools.model.ids", "build_tools.render.html.book"),
        ("build_tools.validation.tables", "build_tools.checking.rule"),
    }


def test_every_import_goes_to_the_same_floor_or_down():
    wrong = upward(engine_graph())
    assert not wrong, sorted(wrong)


def test_games_import_the_author_api_and_nothing_else_of_the_engine():
    games = [
        *(ROOT / "source").rglob("*.py"),
        *(ROOT / "templates" / "new").rglob("*.py"),
        *(ROOT / "templates" / "example").rglob("*.py"),
    ]
    assert games
    wrong = {
        (str(path.relative_to(ROOT)), name)
        for path in games
        for name in imported(ast.parse(path.read_text(encoding="utf-8")))
        if name != "build_tools.game" and not name.startswith("build_tools.game.")
    }
    assert not wrong, sorted(wrong)


def test_every_engine_package_is_in_the_wheel():
    declared = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "packages"
    ])  # fmt: skip
    packages = {module_name(path) for path in ENGINE.rglob("__init__.py")}
    assert packages <= declared, sorted(packages - declared)
