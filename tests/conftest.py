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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def folder(item: pytest.Item) -> str:
        path = item.path.resolve()
        return path.relative_to(TESTS).parts[0] if path.is_relative_to(TESTS) else ""

    items.sort(key=lambda item: folder(item) not in FIRST)  # stable: the rest keep their order
    for item in items:
        path = item.path.resolve()
        if not path.is_relative_to(TESTS):
            continue  # e.g. a file named on the command line outside tests/
        for name in FOLDER_MARKERS.get(path.relative_to(TESTS).parts[0], ()):
            item.add_marker(name)
