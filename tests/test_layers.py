"""The floors of the engine, read from its imports: no circle, validation below render, games
on the author API only, and every package in the wheel."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from conftest import ROOT

ENGINE = ROOT / "build_tools"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(tree: ast.AST) -> set[str]:
    """The `build_tools` modules a module imports, at its top or in a function; what is
    imported only for type annotations (under `if TYPE_CHECKING:`) is not loaded, and left out."""
    names: set[str] = set()
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
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


def engine_graph() -> dict[str, set[str]]:
    """Module -> the engine modules it imports (a package's name stands for its __init__)."""
    modules = {module_name(path): path for path in ENGINE.rglob("*.py")}
    return {
        name: {other for other in imported(ast.parse(path.read_text())) if other in modules}
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
    assert circles(engine_graph()) == []


def test_validation_and_the_model_import_nothing_of_checking_render_or_commands():
    graph = engine_graph()
    above = ("build_tools.render", "build_tools.checking", "build_tools.commands")
    wrong = {
        (name, other)
        for name, others in graph.items()
        if name.startswith(("build_tools.validation", "build_tools.model"))
        for other in others
        if other.startswith(above)
    }
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
