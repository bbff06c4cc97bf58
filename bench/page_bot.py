#!/usr/bin/env python3
"""Computer players in the page: how long they take, how much they search, and whether the page stays responsive.

Usage: python3 bench/page_bot.py [--moves 10] [--seed 7] [--level expert] [--cpu 4]
                                 [--prebuilt | --site DIR ...]

Builds the site into a temporary folder (or serves dist/ with --prebuilt, or
each --site folder as it is, one after the other: an older build against this
one), serves it on 127.0.0.1 and drives headless Chromium (Playwright). It
starts a 3-player game of three computer players of one level and, over the
first N computer moves, prints:

- per move, the time from the page's request to the answer, and the search's
  playouts per move and per second of search (``botStats``: the time Python
  spent thinking);
- the main thread's long tasks (PerformanceObserver "longtask", > 50 ms)
  from the new game to the last move measured: count and longest, then split
  into those while a computer thinks (from a move's request to its answer)
  and those between (the frames that draw the moves, a new season, the new
  game).

``--cpu 4`` slows Chromium's processor four times once the page is ready
(DevTools' Emulation.setCPUThrottlingRate, as ``bench/load.py --cpu``), the
page's dedicated workers included (tools/worker_cpu.py, which needs root and
cgroup v1): the phone's budget, in playouts per move, is what the computers
reach that way.

Prints numbers only, checks nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import build, serve, worker_cpu  # noqa: E402
from tools.chromium import launch, wait_until  # noqa: E402

TIMEOUT_MS = 120_000

LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def run(site_url: str, moves: int, seed: int, level: str, cpu: float = 1) -> dict:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw, contextlib.ExitStack() as slowing:
        browser = launch(pw)
        try:
            context = browser.new_context(service_workers="block")
            context.add_init_script(LONGTASKS)
            page = context.new_page()
            page.goto(site_url, timeout=TIMEOUT_MS)
            page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=TIMEOUT_MS)
            page.keyboard.press("Escape")  # the first-visit dialog
            time.sleep(0.5)
            if cpu > 1:
                session = context.new_cdp_session(page)
                session.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
                # The page's workers too: DevTools slows its main thread only.
                slowing.enter_context(worker_cpu.slowed(cpu, browser))
            started = page.evaluate("performance.now()")
            page.evaluate(
                "([names, level]) => Promise.resolve(window.mykerinos.call("
                f"'newGame', JSON.stringify([names, '{seed}', {{seats: [level, level, level]}}])))"
                ".then((text) => window.mykerinosUI.draw(JSON.parse(text)))",
                [["Hatshepsut", "Imhotep", "Khufu"], level],
            )
            wait_until(
                page,
                f"window.mykerinosUI.botStats().length >= {moves}"
                " || document.body.dataset.bot === 'failed'",
            )
            ended = page.evaluate("performance.now()")
            return {
                "stats": page.evaluate("window.mykerinosUI.botStats()")[:moves],
                "longtasks": page.evaluate("window.__longtasks"),
                "window": (started, ended),
                "failed": page.evaluate("document.body.dataset.bot") == "failed",
            }
        finally:
            browser.close()


def report(result: dict, label: str) -> None:
    if result["failed"]:
        print("the computer players failed (see the page's #bot-status)")
    times = [s["ms"] for s in result["stats"]]
    started, ended = result["window"]
    print(label)
    if times:
        per_move = [s.get("iterations") or 0 for s in result["stats"]]
        print("  playouts per move: " + ", ".join(str(k) for k in per_move))
        print(
            f"  move time, request -> answer, {len(times)} moves: median {statistics.median(times):.0f} ms,"
            f" min {min(times):.0f} ms, max {max(times):.0f} ms"
        )
        print("  all: " + ", ".join(f"{t:.0f}" for t in times))
        iters = sum(s.get("iterations") or 0 for s in result["stats"])
        search = sum(s.get("searchMs") or 0 for s in result["stats"]) / 1000
        if search > 0:
            print(
                f"  search: {iters / len(times):.0f} playouts per move, {iters / search:.0f} playouts/s"
            )
    tasks = [(s, d) for s, d in result["longtasks"] if started <= s < ended]
    # An older build's stats have no `at` (when the move was asked): no split then.
    thinking = [(m["at"], m["at"] + m["ms"]) for m in result["stats"] if "at" in m]
    during: list[float] = []
    between: list[float] = []
    for s, d in tasks:
        (during if any(s < b and s + d > a for a, b in thinking) else between).append(d)

    def longest(ds: list[float]) -> str:
        return f"{max(ds):.0f} ms" if ds else "none"

    print(
        f"  main-thread long tasks (> 50 ms) while the computers play: {len(tasks)},"
        f" longest {longest([d for _, d in tasks])} (over {(ended - started) / 1000:.1f} s)"
    )
    if len(thinking) < len(result["stats"]):
        print("    (this build does not say when each move was asked: no split)")
        return
    print(
        f"    while a computer thinks (request to answer): {len(during)}, longest {longest(during)}"
    )
    print(
        f"    between (drawing the moves, a new season, the new game): {len(between)},"
        f" longest {longest(between)}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--moves", type=int, default=10, help="computer moves to measure (default 10)"
    )
    parser.add_argument("--seed", type=int, default=7, help="seed of the game (default 7)")
    parser.add_argument("--level", default="hard", help="the computers' level (default hard)")
    parser.add_argument(
        "--cpu",
        type=float,
        default=1,
        help="slow the processor this many times once the page is ready (default 1: not)",
    )
    parser.add_argument("--prebuilt", action="store_true", help="serve dist/ as it is")
    parser.add_argument(
        "--site",
        type=Path,
        action="append",
        default=[],
        help="serve this built site as it is (may be given more than once)",
    )
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="mykerinos-bench-") as tmp:
        sites = list(args.site) or [ROOT / "dist" if args.prebuilt else Path(tmp) / "site"]
        if not args.site and not args.prebuilt:
            build.build(sites[0], quiet=True)
        for site in sites:
            server = serve.make_server(site, 0, "/", quiet=True)
            serve.start_in_thread(server)
            try:
                result = run(serve.url_of(server), args.moves, args.seed, args.level, args.cpu)
            finally:
                server.shutdown()
                server.server_close()
            slowed = f", processor slowed {args.cpu:g}x" if args.cpu > 1 else ""
            report(
                result,
                f"{site}: {args.level} computer players, 3-player game, seed {args.seed}{slowed}",
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
