"""Where the project's own sources are, for the tests that read them."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
PAGE = ROOT / "page"  # the page model (Python)
FRONT = ROOT / "front"  # the browser side: JavaScript, CSS, catalogues
JS = FRONT / "js"
GENERATED = JS / "generated"  # written by tools/page_types.py from page/
LANG = FRONT / "lang"


def front_end() -> list[Path]:
    """Every JavaScript module of the page, generated ones included."""
    return sorted(JS.rglob("*.js"))


def hand_written_js() -> list[Path]:
    """The JavaScript modules written by hand (not under generated/)."""
    return [p for p in front_end() if GENERATED not in p.parents]
