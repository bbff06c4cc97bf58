"""Which Chromium the tests and benchmarks drive, how it starts, and how they wait on it.

One place decides, so that tests, benchmarks and `./run` use the same browser:

1. the `CHROMIUM` environment variable (a path to the executable, e.g. on macOS
   "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome");
2. the PATH: `chromium`, `chromium-browser`, `google-chrome`;
3. a browser Playwright installed itself earlier, if there is one (this
   project never runs `playwright install`);
4. nothing: `find()` returns None and `./run` installs Debian's chromium with apt.

`python3 tools/chromium.py` prints the path found, or exits with status 1.
Headless and quiet flags; `--no-sandbox` lets it run as root (CI containers).

The tests drive Chromium's headless shell where there is one (`shell()`: the
`CHROMIUM_SHELL` environment variable, `chromium-headless-shell` on the PATH,
or beside Debian's chromium; `python3 tools/chromium.py --shell` prints it), as
Playwright's own headless Chromium is: the same engine without the browser's
windows and display compositor, whose pages start in about a quarter less
processor (docs/TESTING.md). The benchmarks measure the full browser, as
players run it, and so do the few tests of what only a browser with windows
does (a tab hidden behind another, installability).
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Playwright is a test tool: imported where it runs
    from playwright.sync_api import Browser, Page, Playwright

NAMES_ON_PATH = ("chromium", "chromium-browser", "google-chrome")
SHELL_ON_PATH = "chromium-headless-shell"
# Where Debian's chromium-headless-shell package puts it (its /usr/bin entry is a wrapper).
SHELL_BESIDE = Path("/usr/lib/chromium/chromium-headless-shell")

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
# Live play on loopback (the tests' and benches' relay on this machine): host
# candidates allowed and not hidden behind mDNS names.
LIVE_ARGS = [
    *CHROMIUM_ARGS,
    "--allow-loopback-in-peer-connection",
    "--disable-features=WebRtcHideLocalIpsWithMdns",
]


def _playwright_browser() -> str | None:
    """The Chromium of the installed Playwright version, if its files are there."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    try:
        with sync_playwright() as pw:
            path = pw.chromium.executable_path
    except Exception:  # no driver, or it cannot start: treat as absent
        return None
    return path if path and Path(path).is_file() else None


def find() -> str | None:
    """The Chromium executable to drive, by the order in this module's docstring."""
    chosen = os.environ.get("CHROMIUM")
    if chosen:
        return chosen  # as given: a wrong path fails loudly at launch, not silently replaced
    for name in NAMES_ON_PATH:
        path = shutil.which(name)
        if path:
            return path
    return _playwright_browser()


CHROMIUM = find()


def find_shell() -> str | None:
    """Chromium's headless shell, by the order in this module's docstring."""
    chosen = os.environ.get("CHROMIUM_SHELL")
    if chosen:
        return chosen
    if SHELL_BESIDE.is_file():
        return str(SHELL_BESIDE)
    return shutil.which(SHELL_ON_PATH)


SHELL = find_shell()


def executable() -> str:
    """The path to launch, or an error that says how to get a browser."""
    if CHROMIUM is None or not Path(CHROMIUM).is_file():
        where = f"{CHROMIUM} does not exist" if CHROMIUM else "no Chromium found"
        raise FileNotFoundError(
            f"{where}: set CHROMIUM=/path/to/chromium-or-chrome, put chromium on the PATH, "
            "or run ./run test (installs Debian's chromium)"
        )
    return CHROMIUM


def shell_found() -> str | None:
    """The headless shell, if it is there."""
    return SHELL if SHELL and Path(SHELL).is_file() else None


def shell() -> str:
    """The headless shell the tests drive, or the full browser where there is none."""
    return shell_found() or executable()


def launch(playwright: Playwright) -> Browser:
    """A headless Chromium browser from a Playwright instance (the full browser)."""
    return playwright.chromium.launch(
        executable_path=executable(), args=CHROMIUM_ARGS, headless=True
    )


# The tests' WebAssembly compiled by V8's baseline compiler only (Liftoff), never
# again by its optimising one (TurboFan) once a function runs hot: the same
# results, and a page's start takes about a third less processor (each start
# spent about 1 CPU-s re-optimising Python's interpreter in the background,
# docs/TESTING.md). The benchmarks keep V8's usual tiers, as players have them.
TEST_ARGS = ["--js-flags=--liftoff-only"]


def launch_for_tests(playwright: Playwright, args: list[str] = CHROMIUM_ARGS) -> Browser:
    """The tests' Chromium: the headless shell (``shell()``), Liftoff only (``TEST_ARGS``)."""
    return playwright.chromium.launch(
        executable_path=shell(), args=[*args, *TEST_ARGS], headless=True
    )


def wait_until(
    page: Page,
    expression: str,
    timeout_ms: float = 120_000,
    interval: float = 0.05,
) -> Any:
    """Poll a JS expression (it may return a promise) until its value is truthy; return it.

    page.wait_for_function does not wait for a promise's value, so this serves
    for anything asynchronous (service worker, Cache Storage, the bot worker).
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            value = page.evaluate(expression)
        except Exception as error:  # the page navigated meanwhile (a reload it asked for)
            if "context was destroyed" not in str(error) or time.monotonic() > deadline:
                raise
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout_ms / 1000:.0f} s: {expression}")
        time.sleep(interval)


if __name__ == "__main__":
    try:
        if sys.argv[1:] == ["--shell"]:
            found = shell_found()
            if found is None:
                raise FileNotFoundError("no headless shell found")
            print(found)
            sys.exit(0)
        print(executable())
    except FileNotFoundError as error:
        print(f"chromium: {error}", file=sys.stderr)
        sys.exit(1)
