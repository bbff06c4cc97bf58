"""The README and the pages under docs/: every path they name in backquotes
exists, and the README stays a short front door."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README_MAX_LINES = 250

# Made by the build or by an install, so absent from a fresh clone.
MADE_PREFIXES = ("dist/", "node_modules/", ".venv/", ".build-cache/")
# A name that ends in one of these is a file, even with no "/" in it.
FILE_EXTENSIONS = (
    ".py",
    ".js",
    ".mjs",
    ".json",
    ".md",
    ".toml",
    ".css",
    ".html",
    ".txt",
    ".png",
    ".svg",
    ".webmanifest",
)
# Letters a path may hold: no space (a command line), no "*" (a glob), no ":" (a URL).
PATH_CHARS = re.compile(r"[\w.@+-]+(/[\w.@+-]*)*")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def tracked_names() -> set[str]:
    """The last part of every tracked path and of every folder above it."""
    out = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout
    files = out.split() or [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")]
    return {part for path in files for part in Path(path).parts}


def looks_like_path(text: str) -> bool:
    if "..." in text or not PATH_CHARS.fullmatch(text):
        return False
    if text.startswith(".") and "/" not in text:  # an extension alone: `.py`
        return False
    return "/" in text or text.endswith(FILE_EXTENSIONS)


def named_paths(text: str) -> list[tuple[int, str]]:
    """(line number, path) for every backquoted path outside fenced code blocks."""
    found: list[tuple[int, str]] = []
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        for match in CODE_SPAN.finditer(line):
            span = match.group(2).strip()
            if looks_like_path(span):
                found.append((number, span))
    return found


def exists(path: str, folder: Path, names: set[str]) -> bool:
    if path.startswith(MADE_PREFIXES):
        return True
    if (ROOT / path).exists() or (folder / path).exists():
        return True
    # A bare file name ("bridge.py") names a file somewhere in the project.
    return "/" not in path and path in names


def missing_paths(document: Path, text: str, names: set[str]) -> list[str]:
    where = document.relative_to(ROOT) if document.is_relative_to(ROOT) else document
    return [
        f"{where}:{number}: `{path}`"
        for number, path in named_paths(text)
        if not exists(path, document.parent, names)
    ]


def test_every_path_the_docs_name_exists() -> None:
    names = tracked_names()
    missing = [
        line
        for document in documents()
        for line in missing_paths(document, document.read_text(encoding="utf-8"), names)
    ]
    assert not missing, "paths named in the docs that do not exist:\n" + "\n".join(missing)


def test_the_path_check_sees_a_missing_path() -> None:
    text = "See `game/state.py`, `web/front/js/nowhere.js` and `nowhere.py`.\n\n`./run test --fast`"
    found = missing_paths(ROOT / "docs" / "X.md", text, tracked_names())
    assert found == ["docs/X.md:1: `web/front/js/nowhere.js`", "docs/X.md:1: `nowhere.py`"]


def test_what_is_not_a_path_is_not_checked() -> None:
    for text in (
        "https://example.org/a.js",
        "wss://relay/x",
        "tests/*.py",
        "./run test --fast",
        "page/...",
        "mykerinos:<site path>:game:<id>",
        "window.mykerinos.call",
        ".py",
    ):
        assert not looks_like_path(text), text
    assert named_paths("```\n`web/x.js`\n```\n`dist/sw.js` and ``web/page/``") == [
        (4, "dist/sw.js"),
        (4, "web/page/"),
    ]


def test_the_readme_is_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines (at most {README_MAX_LINES})"
