#!/usr/bin/env python3
"""How long a new game takes to show its first computer move, in Chromium, Firefox ESR and WebKitGTK.

Usage: python3 bench/first_move.py [--runs 3] [--level expert] [--seed 1]
                                   [--browsers chromium,firefox,webkit]
                                   [--prebuilt | --site DIR]

Builds the site into a temporary folder (or serves dist/ with --prebuilt, or
DIR as it is with --site), serves it on 127.0.0.1 and opens it in each
browser, one after the other, each with a fresh profile, as the cross-browser
tests do: Chromium through Playwright, Debian's Firefox ESR over WebDriver
BiDi (harness/firefox_tab.py), WebKitGTK's MiniBrowser through WebKitWebDriver
(under an Xvfb of its own unless DISPLAY is set). Once the page is ready and
its service worker active, it starts --runs new 3-player games in that tab,
through the new-game dialog as a person would: one seat a computer of
--level, the others people, the computer in the seat that moves first (run i
uses seed --seed + i; the engine's new_game tells who moves first).

Timed on the page's own clock (performance.now()), per game:

- click -> move: from the click on Start (a listener ahead of the page's own)
  to the drawing of the computer's first move (body's data-drawn mark, set
  once the new position is in the document);
- position -> move: from the drawing of the new game's first position to that
  of the computer's first move;
- thinking: the page's own request -> answer time for that move
  (window.mykerinosUI.botStats()). The page shows a move no sooner than 600 ms
  after it was asked for (web/front/js/bots.js), so the two figures above never
  go below that.

Prints each game's figures, then per browser the median and the max of
click -> move against the target: the first computer move drawn within 3 s.
Prints numbers only, checks nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.memory import close_all, open_tab  # noqa: E402
from game import new_game  # noqa: E402
from harness.tabs import Tab  # noqa: E402
from tools import build, serve  # noqa: E402

BROWSERS = ("chromium", "firefox", "webkit")
NAMES = ["Hatshepsut", "Imhotep", "Khufu"]
TARGET_MS = 3000
MOVE_TIMEOUT_S = 300  # an expert's move on a busy machine, in the slowest browser
SERVICE_WORKER_TIMEOUT_S = 120

# Notes, on the page's clock, each click on Start and each drawing of the page.
CLOCK_JS = """(() => {
  if (window.__firstMove) return true;
  const log = window.__firstMove = { clicks: [], draws: [] };
  addEventListener("click", (e) => {
    if (e.target instanceof Element && e.target.closest("#start-game"))
      log.clicks.push([performance.now(), e.timeStamp]);
  }, true);
  new MutationObserver(() => {
    const d = document.body.dataset;
    log.draws.push([performance.now(), Number(d.revision), d.game]);
  }).observe(document.body, { attributes: true, attributeFilter: ["data-drawn"] });
  return true;
})()"""

SERVICE_WORKER_READY = (
    "navigator.serviceWorker.getRegistration()"
    ".then(r => !!(r && r.active && r.active.state === 'activated'))"
)


def seats_for(seed: int, level: str) -> tuple[list[str], int]:
    """Seats with the computer where the first player to move sits, and that seat."""
    first = new_game(NAMES, seed).to_move
    seats = ["human"] * len(NAMES)
    seats[first] = level
    return seats, first


def one_game(tab: Tab, seed: int, level: str) -> dict:
    """Start a game whose first player is a computer; time its first move."""
    seats, first = seats_for(seed, level)
    clicks, draws, old_game, stats = tab.js(
        "[window.__firstMove.clicks.length, window.__firstMove.draws.length,"
        " document.body.dataset.game, window.mykerinosUI.botStats().length]"
    )
    tab.new_game(NAMES, seats, seed)
    deadline = time.monotonic() + MOVE_TIMEOUT_S
    while True:
        log, bots = tab.js(
            f"[{{clicks: window.__firstMove.clicks.slice({clicks}),"
            f" draws: window.__firstMove.draws.slice({draws})}}, document.body.dataset.bot]"
        )
        ours = [d for d in log["draws"] if d[2] != old_game]
        moved = [d for d in ours if d[1] > ours[0][1]] if ours else []
        if moved:
            break
        if bots == "failed":
            raise RuntimeError(
                "the computer failed: "
                + str(tab.js("document.querySelector('#bot-status')?.innerText"))
            )
        if time.monotonic() > deadline:
            raise TimeoutError(f"no computer move drawn within {MOVE_TIMEOUT_S} s")
        time.sleep(0.05)
    now, stamp = log["clicks"][-1]
    # The event's own time if it is on the same clock (it is where high-resolution
    # event times are given), else the time the listener ran.
    clicked = stamp if 0 < stamp <= now else now
    # A promise of Python's answer (Python in a worker), or the answer itself
    # in the builds before (Promise.resolve serves both, for --site).
    record = tab.js(
        "Promise.resolve(window.mykerinos.call(`exportRecord`, `[]`))"
        ".then((text) => JSON.parse(JSON.parse(text)).moves)"
    )
    thinking = tab.js(f"window.mykerinosUI.botStats().slice({stats})")
    return {
        "seed": seed,
        "seat": first,
        "click_ms": moved[0][0] - clicked,
        "position_ms": moved[0][0] - ours[0][0],
        "thinking_ms": thinking[0]["ms"] if thinking else None,
        "by_computer": bool(record) and record[0].get("player") == first,
    }


def measure(browser: str, url: str, runs: int, seed: int, level: str, games: list[dict]) -> None:
    """Open the page in a new browser and time `runs` new games into `games`."""
    stack: list = []
    try:
        started = time.monotonic()
        # A new browser with a fresh profile; Firefox ESR over WebDriver BiDi, as the tests drive it.
        tab: Tab = open_tab(browser, stack, firefox_driver="bidi")
        tab.goto(url)
        tab.wait_ready()
        try:
            tab.wait(SERVICE_WORKER_READY, SERVICE_WORKER_TIMEOUT_S, 0.5)
        except TimeoutError:
            print(f"  ({browser}: no active service worker after {SERVICE_WORKER_TIMEOUT_S} s)")
        print(
            f"{browser} {tab.version}: page ready and service worker active"
            f" in {time.monotonic() - started:.1f} s"
        )
        tab.js(CLOCK_JS)
        for i in range(runs):
            game = one_game(tab, seed + i, level)
            games.append(game)
            thinking = f"{game['thinking_ms']:.0f} ms" if game["thinking_ms"] is not None else "?"
            note = (
                "" if game["by_computer"] else "  (the first move recorded is not the computer's)"
            )
            print(
                f"  game {i + 1}, seed {game['seed']}, computer in seat {game['seat']}:"
                f" click -> move {game['click_ms']:.0f} ms,"
                f" position -> move {game['position_ms']:.0f} ms, thinking {thinking}{note}"
            )
    finally:
        close_all(stack, browser)


def summary(browser: str, games: list[dict], level: str) -> str:
    clicks = [g["click_ms"] for g in games]
    positions = [g["position_ms"] for g in games]
    return (
        f"{browser}: first {level} computer move, click -> drawn, {len(games)} games:"
        f" {', '.join(f'{t:.0f}' for t in clicks)} ms; median {statistics.median(clicks):.0f} ms,"
        f" max {max(clicks):.0f} ms (target: within {TARGET_MS / 1000:g} s);"
        f" position -> move median {statistics.median(positions):.0f} ms,"
        f" max {max(positions):.0f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="new games per browser (default 3)")
    parser.add_argument("--level", default="expert", help="the computer's level (default expert)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument(
        "--browsers",
        default=",".join(BROWSERS),
        help=f"comma-separated, among {', '.join(BROWSERS)} (default all three)",
    )
    parser.add_argument("--prebuilt", action="store_true", help="serve dist/ as it is")
    parser.add_argument("--site", type=Path, help="serve this built site as it is")
    args = parser.parse_args(argv)
    browsers = [b.strip() for b in args.browsers.split(",") if b.strip()]
    unknown = [b for b in browsers if b not in BROWSERS]
    if unknown:
        parser.error(f"unknown browser {unknown[0]!r} (choose among {', '.join(BROWSERS)})")

    with tempfile.TemporaryDirectory(prefix="mykerinos-bench-") as tmp:
        site = args.site or (ROOT / "dist" if args.prebuilt else Path(tmp) / "site")
        if not args.site and not args.prebuilt:
            build.build(site, quiet=True)
        server = serve.make_server(site, 0, "/", quiet=True)
        serve.start_in_thread(server)
        lines = []
        try:
            for browser in browsers:
                games: list[dict] = []
                try:
                    measure(browser, serve.url_of(server), args.runs, args.seed, args.level, games)
                except Exception as error:  # a bench: say it, go on with the next browser
                    print(f"  ({browser}: stopped: {type(error).__name__}: {error})")
                lines.append(
                    summary(browser, games, args.level) if games else f"{browser}: not measured"
                )
        finally:
            server.shutdown()
            server.server_close()
    print(f"{site}: 3-player games, the first player a computer ({args.level}), the others people")
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
