"""How the tests and the benchmarks start Chromium: Debian's build, headless, quiet.

One place for the path and the flags, so that tests and benchmarks measure the
same browser. Never `playwright install`: the system's /usr/bin/chromium is used
(installed by `./run test`), and `--no-sandbox` lets it run as root.
"""
from __future__ import annotations

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",  # no request to any other host
    "--disable-component-update",
    "--disable-sync",
]


def launch(playwright):  # type: ignore[no-untyped-def]
    """A headless Chromium browser from a Playwright instance."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
