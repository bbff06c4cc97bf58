#!/usr/bin/env python3
"""Engine speed in the page: random complete games per second inside the bot worker (Pyodide).

Usage: python3 bench/engine_page.py [--games 100] [--repeat 3] [--nile] [--site DIR ...]

Builds the site into a temporary folder (or serves each ``--site`` folder as
it is), serves it on 127.0.0.1 and opens the page in headless Chromium
(Playwright). Once the page is ready it starts the computer players' worker
the way the page does (``web/bot_worker.py`` in a PyScript ``PyWorker`` on
the page's own Pyodide and engine files) and asks its ``bench`` function to
play the games of ``bench/engine.py`` (``game.selfplay.random_game``) for 2, 3
and 4 players, timed inside the worker. Prints games/s, the median of the
repeats; checks nothing.

Several ``--site`` folders (for instance one built from an older version, with
this version's ``web/bot_worker.py`` copied in) are measured in turn, row by
row, so that they share the machine's conditions.
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

# Starts the worker as web/ui/bots.js does, once, then runs one bench call in it.
BENCH = """
async ([players, games, nile]) => {
  if (!window.__engineBench) {
    await customElements.whenDefined("py-script");
    const here = (path) => new URL(path, location.href).href;
    const { PyWorker } = await import(here("pyscript/core.js"));
    const worker = await PyWorker(here("web/bot_worker.py"), {
      type: "pyodide",
      version: here("pyodide/pyodide.mjs"),
      config: { files: { [here("game.zip")]: "./*" } },
    });
    if (String(await worker.sync.ping()) !== "ok") throw new Error("worker did not start");
    window.__engineBench = worker;
  }
  return String(await window.__engineBench.sync.bench(players, games, nile));
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
    answer = json.loads(page.evaluate(BENCH, [players, games, nile]))
    if "seconds" not in answer:
        raise RuntimeError(f"the worker answered {answer}")
    return dict(answer)


Runs = dict[int, list[dict[str, Any]]]  # the bench's answers per player count


def run(urls: list[str], games: int, repeat: int, nile: bool) -> dict[str, Runs]:
    results: dict[str, Runs] = {url: {} for url in urls}
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            pages = {url: open_page(browser, url) for url in urls}
            for page in pages.values():
                bench(page, 4, 3, nile)  # start the worker and warm it up
            for players in (2, 3, 4):
                for _ in range(repeat):
                    for url, page in pages.items():
                        results[url].setdefault(players, []).append(
                            bench(page, players, games, nile))
        finally:
            browser.close()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per run (default 100)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per row (default 3)")
    parser.add_argument("--nile", action="store_true", help="play with the Nile expansion")
    parser.add_argument("--site", type=Path, action="append", default=[],
                        help="serve this built site as it is (may be given more than once)")
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

    print(f"random games in the bot worker (Pyodide, headless Chromium), {args.games} games "
          f"per run, median of {args.repeat}" + (", Nile" if args.nile else ""))
    for site, url in zip(sites, urls):
        if len(sites) > 1:
            print(f"{site}:")
        for players, runs in results[url].items():
            rates = [r["games"] / r["seconds"] for r in runs]
            decisions = sum(r["decisions"] for r in runs) / sum(r["games"] for r in runs)
            rate = statistics.median(rates)
            print(f"{players} players: {rate:8.1f} games/s ({rate * decisions:9.0f} decisions/s, "
                  f"{decisions:.0f} decisions/game; runs: "
                  + ", ".join(f"{r:.0f}" for r in rates) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
