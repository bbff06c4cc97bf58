"""How the tests and the benchmarks start and wait on Chromium: Debian's build, headless, quiet.

One place for the path and the flags, so that tests and benchmarks measure the
same browser. Never `playwright install`: the system's /usr/bin/chromium is used
(installed by `./run test`), and `--no-sandbox` lets it run as root.
"""
from __future__ import annotations

import os
import time

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


def wait_until(page, expression: str, timeout_ms: float = 120_000,  # type: ignore[no-untyped-def]
               interval: float = 0.05):
    """Poll a JS expression (it may return a promise) until its value is truthy; return it.

    page.wait_for_function does not wait for a promise's value, so this serves
    for anything asynchronous (service worker, Cache Storage, the bot worker).
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout_ms / 1000:.0f} s: {expression}")
        time.sleep(interval)
