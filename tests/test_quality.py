"""Project-wide checks: the engine stays pure and typed, and nothing points at a CDN."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_engine_imports_without_any_browser_module() -> None:
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('js', 'pyodide', 'pyscript'):\n"
        "            raise ImportError('browser module ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "sys.path.insert(0, 'web')\n"
        "import game, game.bots, game.__main__\n"
        "import page.table, page.texts\n"
        "from game.selfplay import random_game\n"
        "print(random_game(3, 1).final['winners'])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().startswith("[")


def test_engine_uses_only_the_standard_library() -> None:
    allowed_roots = set(sys.stdlib_module_names) | {"game"}
    for path in (ROOT / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed_roots, f"{path.name} imports {name}"


def test_mypy_strict_is_clean_on_the_engine() -> None:
    # web/page/*.py too: the page's Python (its browser-only imports marked in place);
    # and tools/, which builds and serves the site.
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "game", "web/page", "tools"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_python_is_linted_and_formatted() -> None:
    """ruff (pinned in requirements-dev.txt, set up in pyproject.toml): lint, then format."""
    for args in (["check", "."], ["format", "--check", "."]):
        out = subprocess.run(
            [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True
        )
        assert out.returncode == 0, out.stdout + out.stderr


def test_javascript_is_linted_and_formatted() -> None:
    """Biome (pinned in package.json, set up in biome.json): format and lint, errors fail."""
    biome = ROOT / "node_modules" / "@biomejs" / "biome" / "bin" / "biome"
    out = subprocess.run(
        ["node", str(biome), "ci", "--colors=off", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_no_tracked_file_points_at_a_cdn() -> None:
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    pattern = re.compile(r"https?://(cdn\.|unpkg|fastly|jsdelivr|cdnjs|pyscript\.net)")
    offenders = []
    for name in files:
        if name.endswith(
            (".html", ".toml", ".js", ".mjs", ".py", ".css", ".json")
        ) and not name.endswith("package-lock.json"):
            text = (ROOT / name).read_text(encoding="utf-8", errors="replace")
            if pattern.search(text):
                offenders.append(name)
    assert offenders == []
