"""The engine's and the page's modules import each other in one direction only,
and keep out of each other's private names.

Every import in ``game/`` and ``web/page/`` is read from the source, those only for
type checking included: the graph they draw must have no cycle (imports inside
functions included), and an import inside a function is only for the few
modules the page defers on purpose (``DEFERRED``). No module reads another's private names (``_name``: only ``self`` and
``cls`` may), and no cache is keyed on ``id()`` (ids are reused once an
object is gone). The scripts around them (``harness/``, ``tools/``,
``bench/``) draw no cycle either, and no bench imports from ``tests/``: what
the benches share with the tests is ``harness/``'s.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.sources import PACKAGES, ROOT, SCRIPTS, module_name, module_path

# Modules imported where first used, not at the top: the page starts without
# them (links and today's deal, the computers' thinking, the lessons, live
# play's unpacking), and on a phone's processor each import is felt
# (docs/PERFORMANCE.md). Only these may be imported inside a function.
DEFERRED = {
    "page.share",
    "page.thinking",
    "page.lesson",
    "page.turns",  # play by turns, and its mode: loaded by a device at a table only
    "page.turning",
    "base64",
    "io",
    "zipfile",
}

# Names with an underscore that are public by convention (namedtuple's methods).
PUBLIC = {"_replace", "_asdict", "_fields", "_make"}


def is_module(name: str, packages: dict[str, Path] = PACKAGES) -> bool:
    return module_path(name, packages) is not None


def package_of(path: Path, packages: dict[str, Path] = PACKAGES) -> str:
    """The package a relative import in ``path`` starts from."""
    here = module_name(path, packages)
    return here if path.name == "__init__.py" else here.rpartition(".")[0]


def from_target(node: ast.ImportFrom, package: str) -> str:
    """The module a ``from ... import`` statement in ``package`` imports from."""
    if not node.level:
        return node.module or ""
    base = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(path: Path, packages: dict[str, Path] = PACKAGES) -> set[str]:
    """The modules of ``packages`` that ``path`` imports, wherever the import statement stands."""
    here = module_name(path, packages)
    package = package_of(path, packages)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = from_target(node, package)
            submodules = {
                f"{target}.{alias.name}"
                for alias in node.names
                if is_module(f"{target}.{alias.name}", packages)
            }
            # "from . import nile" imports the module nile (its package is already there).
            found.update(submodules if node.module is None else submodules | {target})
    return {
        name for name in found if name.split(".")[0] in packages and is_module(name, packages)
    } - {here}


def sources(package: str) -> list[Path]:
    return sorted(PACKAGES[package].rglob("*.py"))


def graph(package: str) -> dict[str, set[str]]:
    return {module_name(path): imports_of(path) for path in sources(package)}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


@pytest.mark.parametrize("package", PACKAGES)
def test_the_import_graph_has_no_cycle(package: str) -> None:
    edges = graph(package)
    known = {"game": ("game.state", "game.position"), "page": ("page.modes", "page.review")}
    module, imported = known[package]
    assert imported in edges[module]  # the graph is really read
    assert find_cycle(edges) is None, " -> ".join(find_cycle(edges) or [])


def test_the_scripts_import_graph_has_no_cycle() -> None:
    edges = {
        module_name(path, SCRIPTS): imports_of(path, SCRIPTS)
        for folder in SCRIPTS.values()
        for path in sorted(folder.rglob("*.py"))
    }
    assert "tools.build" in edges["bench.live"]  # the graph is really read
    assert "harness.tabs" in edges["harness.firefox_tab"]
    assert find_cycle(edges) is None, " -> ".join(find_cycle(edges) or [])


def test_no_bench_imports_from_the_tests() -> None:
    found = []
    for path in sorted(SCRIPTS["bench"].rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and not node.level
                else []
            )
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno}: {name}"
                for name in names
                if name.split(".")[0] == "tests"
            ]
    assert found == [], "a bench takes what it shares with the tests from harness/"


def test_the_cycle_finder_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def imported_by(node: ast.Import | ast.ImportFrom, package: str) -> set[str]:
    """The modules one import statement in ``package`` names."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    target = from_target(node, package)
    if node.module is not None:
        return {target}
    return {f"{target}.{alias.name}" for alias in node.names}


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_inside_a_function_but_the_deferred(package: str) -> None:
    hidden = []
    for path in sources(package):
        package = package_of(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                hidden += [
                    f"{path.relative_to(ROOT)}:{inner.lineno}"
                    for inner in ast.walk(node)
                    if isinstance(inner, (ast.Import, ast.ImportFrom))
                    and not imported_by(inner, package) <= DEFERRED
                ]
    assert hidden == []


def test_the_deferred_are_imported_by_name() -> None:
    here = "page"  # the package of page/bridge.py
    assert imported_by(ast.parse("from . import share").body[0], here) == {"page.share"}  # type: ignore[arg-type]
    assert imported_by(ast.parse("from .lesson import Lesson").body[0], here) == {"page.lesson"}  # type: ignore[arg-type]
    assert imported_by(ast.parse("import zipfile").body[0], here) == {"zipfile"}  # type: ignore[arg-type]


def private_reach(source: str) -> list[str]:
    """Where ``source`` reads a private name that is not its own: an attribute
    ``x._name`` of anything but ``self`` or ``cls``, or ``from m import _name``;
    and every call of ``id()``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            name = node.attr
            own = isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            if (
                name.startswith("_")
                and not name.startswith("__")
                and name not in PUBLIC
                and not own
            ):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom):
            found += [
                f"{node.lineno}: import {a.name}" for a in node.names if a.name.startswith("_")
            ]
        elif (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id"
        ):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_reads_another_ones_private_names(package: str) -> None:
    found = [
        f"{path.relative_to(ROOT)}:{where}"
        for path in sources(package)
        for where in private_reach(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_private_name_guard_sees_what_it_forbids() -> None:
    assert private_reach("table._timeline = None") == ["1: table._timeline"]
    assert private_reach("from .table import _view") == ["1: import _view"]
    assert private_reach("key = (id(state), 1)") == ["1: id(state)"]
    assert private_reach("self._x = cls._y\nm._replace(a=1)") == []
