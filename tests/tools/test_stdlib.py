"""The standard library the site ships holds every module the page imports.

tools/build.py ships only the modules listed in tools/stdlib_modules.txt
(written by tools/trace_page.py). These tests fail when the page would import
one that is not there: every module our code names (checked on the built
zip's entries), and everything the page's Python does (tools/page_exercise.py:
a whole game for each computer level, review, links, lessons...) run in the
page's own Pyodide under Node.js on the built zip. They use the site the
browser tests use when `./run test` has built it (MYKERINOS_PREBUILT=1).
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.sources import PACKAGES
from tools import build

ROOT = build.ROOT
OURS = tuple(PACKAGES)

pytestmark = pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide").is_dir() or shutil.which("node") is None,
    reason="run `npm ci` first",
)


@pytest.fixture(scope="module")
def stdlib_zip(built: Path) -> Path:
    """The standard library as the site ships it (``built``: tests/tools/conftest.py)."""
    return built / "pyodide" / "python_stdlib.zip"


def modules_in(zip_path: Path) -> set[str]:
    with zipfile.ZipFile(zip_path) as zf:
        return {m for m in map(build.module_of, zf.namelist()) if m is not None}


def stdlib_sources() -> set[str]:
    """Modules the standard library holds as files (the others are built in)."""
    with zipfile.ZipFile(build.PYODIDE_SRC / "python_stdlib.zip") as zf:
        names = zf.namelist()
    found = set()
    for name in names:
        if name.endswith(".py"):
            parts = name[:-3].split("/")
            if parts[-1] == "__init__":
                parts.pop()
            found.add(".".join(parts))
    return found


def imports_of(path: Path) -> list[str]:
    """Every module an import statement of ``path`` names, anywhere in it (functions included)."""
    named = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            named += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            named.append(node.module)
    return named


def imported_by_us(leave_out: str | None = None) -> dict[str, str]:
    """Every module an import statement of game/ or web/page/ names (but in the
    folder ``leave_out``): {module: a file naming it}."""
    named: dict[str, str] = {}
    for package in OURS:
        for path in sorted(PACKAGES[package].rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if path.name == "__main__.py":  # the command line, never in the page
                continue
            if leave_out is not None and where.startswith(leave_out):
                continue
            for name in imports_of(path):
                named.setdefault(name, where)
    return named


def test_every_module_our_code_imports_is_shipped(stdlib_zip: Path) -> None:
    live_zip = stdlib_zip.parent.parent / build.LIVE_PY_ZIP
    with zipfile.ZipFile(live_zip) as zf:
        with_live_play = {m for m in map(build.module_of, zf.namelist()) if m and "." not in m}
    assert with_live_play == set(build.LIVE_STDLIB)
    shipped = modules_in(stdlib_zip) | with_live_play
    in_stdlib = stdlib_sources()
    missing = {
        name: where
        for name, where in imported_by_us().items()
        if name.split(".")[0] not in OURS and name in in_stdlib and name not in shipped
    }
    assert not missing, f"not in the built standard library (run tools/trace_page.py): {missing}"


def test_the_modules_live_play_brings_are_imported_by_live_play_alone() -> None:
    """A first visit that never goes live has no use for them: the first
    visit's library leaves them out (live/livepy.zip brings them)."""
    elsewhere = imported_by_us(leave_out=f"web/page/{build.LIVE_PY_DIR}/")
    assert not {name.split(".")[0] for name in elsewhere} & set(build.LIVE_STDLIB)
    assert not set(build.LIVE_STDLIB) & set(build.listed(build.STDLIB_MODULES))


def test_the_shipped_library_is_what_the_list_says(stdlib_zip: Path) -> None:
    listed = set(build.listed(build.STDLIB_MODULES))
    assert modules_in(stdlib_zip) == listed
    # Far smaller than the whole library (about 700 modules), and bytecode only.
    assert 100 < len(listed) < 250
    with zipfile.ZipFile(stdlib_zip) as zf:
        assert all(name.endswith(".pyc") for name in zf.namelist())


@pytest.mark.slow
def test_the_page_s_python_runs_whole_on_the_built_library(stdlib_zip: Path) -> None:
    done = subprocess.run(
        [
            "node",
            str(ROOT / "tools" / "page_python.mjs"),
            *("--stdlib", str(stdlib_zip)),
            *("--part", str(stdlib_zip.parent.parent / build.LIVE_PY_ZIP)),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(report["games"]) == {"easy", "medium", "hard", "expert"}
    assert all(moves > 20 for moves in report["games"].values()), report["games"]
    lessons = json.loads((ROOT / "web" / "page" / "lessons.json").read_text())["lessons"]
    assert report["lessons"] == len(lessons)
    assert report["modules_of_ours"] > 40
    # Every module it loaded from a file came from the built library, or with live play.
    loaded = set(report["modules"]) & stdlib_sources()
    assert loaded <= modules_in(stdlib_zip) | set(build.LIVE_STDLIB)
