"""Where the project's own sources are, for the tests that read them."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
PAGE = ROOT / "web" / "page"  # the page model (Python)
FRONT = ROOT / "web" / "front"  # the browser side: JavaScript, CSS, catalogues
JS = FRONT / "js"
GENERATED = JS / "generated"  # written by tools/page_types.py from web/page/
LANG = FRONT / "lang"
# Our Python packages by import name: each imported from the folder it sits in.
PACKAGES = {"game": GAME, "page": PAGE}
# The scripts around them, by import name: the build and its tools, the benches
# (run as scripts, importing each other as `bench.x`) and what the benches and
# the tests share (harness/).
SCRIPTS = {"harness": ROOT / "harness", "tools": ROOT / "tools", "bench": ROOT / "bench"}


def module_name(path: Path, packages: dict[str, Path] = PACKAGES) -> str:
    """The dotted name Python imports a file of one of our packages by."""
    root = next(d.parent for d in packages.values() if d == path or d in path.parents)
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def module_path(name: str, packages: dict[str, Path] = PACKAGES) -> Path | None:
    """The file of one of our modules by its dotted name (None: not ours)."""
    top, *rest = name.split(".")
    if top not in packages:
        return None
    path = packages[top].joinpath(*rest)
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def front_end() -> list[Path]:
    """Every JavaScript module of the page, generated ones included."""
    return sorted(JS.rglob("*.js"))


def hand_written_js() -> list[Path]:
    """The JavaScript modules written by hand (not under generated/)."""
    return [p for p in front_end() if GENERATED not in p.parents]
