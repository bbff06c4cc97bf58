"""Test tiers by folder: tests under tests/browser/ and tests/crossbrowser/ drive a real browser.

Each of them gets the `browser` marker (and those of tests/crossbrowser/ also
`crossbrowser`), whatever its name, so `./run test --fast` (which runs
`-m "not browser and not slow"`) never starts a browser. Markers are declared
in pyproject.toml; an unknown marker is an error.
"""

from __future__ import annotations

from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

# First folder under tests/ -> markers given to every test in it.
FOLDER_MARKERS = {
    "browser": ("browser",),
    "crossbrowser": ("browser", "crossbrowser"),
}


# What runs first: the longest tests of the run (whole games in Firefox and
# WebKit, then the files of tests/browser/ whose tests last a minute or
# near it: games between devices, by turns, live, by link, on phones),
# started while every worker is free rather than left to one worker at the end
# (pytest-xdist hands the rest out as the workers free up).
FIRST = ("crossbrowser",)
LONGEST = (
    "browser/test_turns.py",
    "browser/test_live_reload.py",
    "browser/test_live_game.py",
    "browser/test_links.py",
    "browser/test_turns_refusals.py",
    "browser/test_phone_play.py",
    "browser/test_tabs.py",
    "browser/test_live_background.py",
    "browser/test_nile_and_bots.py",
    "browser/test_review.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def folder(item: pytest.Item) -> str:
        path = item.path.resolve()
        return path.relative_to(TESTS).parts[0] if path.is_relative_to(TESTS) else ""

    def rank(item: pytest.Item) -> tuple[bool, int]:
        path = item.path.resolve()
        name = path.relative_to(TESTS).as_posix() if path.is_relative_to(TESTS) else ""
        return (
            folder(item) not in FIRST,
            LONGEST.index(name) if name in LONGEST else len(LONGEST),
        )

    items.sort(key=rank)  # stable: the rest keep their order
    for item in items:
        path = item.path.resolve()
        if not path.is_relative_to(TESTS):
            continue  # e.g. a file named on the command line outside tests/
        for name in FOLDER_MARKERS.get(path.relative_to(TESTS).parts[0], ()):
            item.add_marker(name)
