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


# Folders whose tests run first: the longest tests of the run (whole games in
# Firefox and WebKit), started while every worker is free rather than left to
# one worker at the end.
FIRST = ("crossbrowser",)


# Whole games played once per worker and read by tests of several files
# (tests/browser/shared_games.py): the tests reading one are run one after the
# other, where the first of them stands, so that one worker plays the game for
# all of them (pytest-xdist hands each worker a run of consecutive tests).
SHARED_GAMES = ("live_game_with_a_phone",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def folder(item: pytest.Item) -> str:
        path = item.path.resolve()
        return path.relative_to(TESTS).parts[0] if path.is_relative_to(TESTS) else ""

    items.sort(key=lambda item: folder(item) not in FIRST)  # stable: the rest keep their order
    for game in SHARED_GAMES:
        readers = [item for item in items if game in getattr(item, "fixturenames", ())]
        if len(readers) > 1:
            at = items.index(readers[0])
            rest = [item for item in items if item not in readers]
            items[:] = rest[:at] + readers + rest[at:]
    for item in items:
        path = item.path.resolve()
        if not path.is_relative_to(TESTS):
            continue  # e.g. a file named on the command line outside tests/
        for name in FOLDER_MARKERS.get(path.relative_to(TESTS).parts[0], ()):
            item.add_marker(name)
