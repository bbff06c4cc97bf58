#!/usr/bin/env python3
"""Engine speed in the browser: random complete games per second on the page's Pyodide.

Usage: python3 bench/engine_page.py [--games 100] [--repeat 3] [--nile] [--site DIR ...]

Builds the site into a temporary folder (or serves each ``--site`` folder as
it is), serves it on 127.0.0.1 and opens the page in headless Chromium
(Playwright). Once the page is ready it starts a Pyodide of its own from the
site's files (``pyodide/``, ``game.zip``; the page's Python is left alone) and
plays the games of ``bench/engine.py`` (``game.selfplay.random_game``) for 2,
3 and 4 players, timed inside Python. Prints games/s, the median of the
repeats; checks nothing.

Several ``--site`` folders (for instance one built from an older version) are
measured in turn, row by row, so that they share the machine's conditions.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import build, serve  # noqa: E402
from tools.chromium import launch  # noqa: E402

TIMEOUT_MS = 180_000

# Python's half of the bench: the games of bench/engine.py, timed in Python.
BENCH_PY = """
import json, time
from game.selfplay import random_game

def bench(players, games, nile=False):
    start = time.perf_counter()
    decisions = sum(len(random_game(int(players), seed, nile=bool(nile)).moves)
                    for seed in range(int(games)))
    return json.dumps({"games": int(games), "decisions": decisions,
                       "seconds": time.perf_counter() - start})
"""

# Starts a Pyodide from the site's own files, once, then runs one bench call in it.
BENCH = """
async ([players, games, nile, code]) => {
  if (!window.__engineBench) {
    const here = (path) => new URL(path, location.href).href;
    const { loadPyodide } = await import(here("pyodide/pyodide.mjs"));
    const py = await loadPyodide({ indexURL: here("pyodide/") });
    py.unpackArchive(await (await fetch(here("game.zip"))).arrayBuffer(), "zip");
    py.runPython(code);
    window.__engineBench = py.globals.get("bench");
  }
  return String(window.__engineBench(players, games, nile));
}
"""


def open_page(browser: Any, url: str) -> Any:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url)
    page.wait_for_selector('body[data-ready="1"]', state="attached")
    return page


def bench(page: Any, players: int, games: int, nile: bool) -> dict[str, Any]:
    answer = json.loads(page.evaluate(BENCH, [players, games, nile, BENCH_PY]))
    if "seconds" not in answer:
        raise RuntimeError(f"the bench answered {answer}")
    return dict(answer)


Runs = dict[int, list[dict[str, Any]]]  # the bench's answers per player count


def run(urls: list[str], games: int, repeat: int, nile: bool) -> dict[str, Runs]:
    results: dict[str, Runs] = {url: {} for url in urls}
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            pages = {url: open_page(browser, url) for url in urls}
            for page in pages.values():
                bench(page, 4, 3, nile)  # start its Python and warm it up
            for players in (2, 3, 4):
                for _ in range(repeat):
                    for url, page in pages.items():
                        results[url].setdefault(players, []).append(
                            bench(page, players, games, nile)
                        )
        finally:
            browser.close()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per run (default 100)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per row (default 3)")
    parser.add_argument("--nile", action="store_true", help="play with the Nile expansion")
    parser.add_argument(
        "--site",
        type=Path,
        action="append",
        default=[],
        help="serve this built site as it is (may be given more than once)",
    )
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="mykerinos-bench-") as tmp:
        sites = list(args.site)
        if not sites:
            sites = [Path(tmp) / "site"]
            build.build(sites[0], quiet=True)
        servers = [serve.make_server(site, 0, "/", quiet=True) for site in sites]
        for server in servers:
            serve.start_in_thread(server)
        try:
            urls = [serve.url_of(server) for server in servers]
            results = run(urls, args.games, args.repeat, args.nile)
        finally:
            for server in servers:
                server.shutdown()
                server.server_close()

    print(
        f"random games on Pyodide in the page (, headless Chromium), {args.games} games "
        f"per run, median of {args.repeat}" + (", Nile" if args.nile else "")
    )
    for site, url in zip(sites, urls):
        if len(sites) > 1:
            print(f"{site}:")
        for players, runs in results[url].items():
            rates = [r["games"] / r["seconds"] for r in runs]
            decisions = sum(r["decisions"] for r in runs) / sum(r["games"] for r in runs)
            rate = statistics.median(rates)
            print(
                f"{players} players: {rate:8.1f} games/s ({rate * decisions:9.0f} decisions/s, "
                f"{decisions:.0f} decisions/game; runs: "
                + ", ".join(f"{r:.0f}" for r in rates)
                + ")"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
