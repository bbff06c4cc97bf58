#!/usr/bin/env python3
"""Play by turns through the local relay: a decision's way to another device's open page, the
time from opening the site to "your turn" shown, and the bytes each decision sends.

Usage: .venv/bin/python bench/turns.py [--opens 10] [--games 1]

Builds the site into a temporary folder, serves it, starts the local relay
(tools/relay.py, which stores events) and Chromium. Two devices (two browser
contexts): the first starts a 2-player game with a friend's seat by turns, the
second opens the invite and takes it. Then ``--opens`` times, the device whose
turn it is opens the site afresh (its storage kept, a new page) after the other
device played, so that only the relay can tell it: the time from the
navigation to "Your turn: 1 games" shown; it plays its turn and closes. Then
``--games`` whole games, both pages open, played by clicks: for each decision,
the time from its signature on the device that made it (the moment it is sent)
to the other device's page holding it (fetched, checked and taken), and the
bytes of each event sent; at the end, the size of the whole game's event.
Medians and 95th percentiles; prints numbers only, checks nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.stats import line  # noqa: E402
from harness.browser_page import start_game, wait_ready  # noqa: E402
from harness.pages import DISPATCH_CLICK, offered  # noqa: E402
from tools import build, serve  # noqa: E402
from tools.chromium import CHROMIUM, LIVE_ARGS, wait_until  # noqa: E402
from tools.relay import start_relay  # noqa: E402

# Each page notes when its table's log first holds each number of decisions.
WATCH = """(() => {
  window.turnsAt = {};
  setInterval(() => {
    for (const key of Object.keys(localStorage)) {
      if (!key.includes(':turns:')) continue;
      const held = JSON.parse(localStorage.getItem(key));
      const n = held.payload ? held.payload.log.filter((s) => s.b !== undefined).length : 0;
      if (!(n in window.turnsAt)) window.turnsAt[n] = Date.now();
    }
  }, 5);
})()"""
# When "Your turn" is first shown, from the navigation (performance.now()).
YOUR_TURN = """new MutationObserver(() => {
  const count = document.querySelector('#turns-count');
  if (!window.yourTurnAt && count && count.textContent.startsWith('Your turn:'))
    window.yourTurnAt = performance.now();
}).observe(document, { subtree: true, childList: true, characterData: true });"""
VIEW = "async () => JSON.parse(await window.mykerinos.call('view', '[]'))"
# The table's version held is sent, and is the game on screen.
SENT = """(async () => {
  const held = Object.keys(localStorage).filter((k) => k.includes(':turns:'))
    .map((k) => JSON.parse(localStorage.getItem(k)));
  const link = JSON.parse(await window.mykerinos.call('shareLink', '[]'));
  return held.every((h) => !h.unsent) && held.some((h) => 'g=' + h.payload.game === link.code);
})()"""


def events_sent(page, sizes: list[int]) -> None:
    """Note the size of every event the page publishes."""

    def on_socket(socket) -> None:
        socket.on(
            "framesent",
            lambda data: sizes.append(len(data)) if str(data).startswith('["EVENT"') else None,
        )

    page.on("websocket", on_socket)


def table(browser, site: str) -> tuple[list, str]:
    """Two devices at one table: their contexts, and the invite."""
    contexts = [browser.new_context() for _ in range(2)]
    ann = contexts[0].new_page()
    ann.goto(site)
    wait_ready(ann)
    start_game(ann, ["Ann", "Bob"], random.randrange(10**6), seats=["human", "turns"])
    ann.wait_for_selector("#turns-url", timeout=30_000)
    invite = ann.locator("#turns-url").input_value()
    ann.click("#turns-link-close")
    bob = contexts[1].new_page()
    bob.goto(invite)
    wait_ready(bob)
    bob.wait_for_selector("#turns-take", timeout=30_000)
    bob.fill("#turns-name", "Bob")
    bob.click("#turns-take")
    wait_until(bob, "document.querySelector('#turns-turn') !== null", 30_000)
    for page in (ann, bob):
        page.close()
    return contexts, invite


def play_turn(page, rng: random.Random) -> dict:
    """Click while this page offers something; wait until the table's version is sent."""
    while True:
        view = page.evaluate(VIEW)
        targets = offered(view)
        if not targets or view["final"]:
            break
        others = [t for t in targets if t != "action:pass"] or targets
        if view["building"]:
            others = [t for t in targets if not t.startswith("action:")] or targets
        page.evaluate(DISPATCH_CLICK, rng.choice(others if rng.random() < 0.7 else targets))
        page.wait_for_timeout(50)
    wait_until(page, SENT, 60_000)
    return page.evaluate(VIEW)


def opens(contexts: list, site: str, count: int, rng: random.Random) -> list[float]:
    """The device whose turn it is opens the site after the other played (so
    only the relay can tell it): from the navigation to "your turn" shown;
    then it plays its turn and closes."""
    page = contexts[0].new_page()
    page.goto(site)
    wait_ready(page)
    mover = page.evaluate(VIEW)["to_move"]
    page.close()
    found = []
    for number in range(count + 1):
        page = contexts[mover].new_page()
        page.add_init_script(YOUR_TURN)
        page.goto(site)
        wait_until(page, "window.yourTurnAt", 60_000)
        if number:  # the first open knew it already: it made the table
            found.append(page.evaluate("window.yourTurnAt"))
        view = play_turn(page, rng)
        page.close()
        if view["final"]:
            break
        mover = view["to_move"]
    return found


def game(contexts: list, site: str, rng: random.Random) -> tuple[list[float], list[int]]:
    """A whole game by clicks, both pages open: each decision's way, each event's size."""
    sizes: list[int] = []
    pages = []
    for context in contexts:
        page = context.new_page()
        events_sent(page, sizes)
        page.goto(site)
        wait_ready(page)
        page.evaluate(WATCH)
        pages.append(page)
    deadline = time.monotonic() + 1800
    while time.monotonic() < deadline:
        views = [page.evaluate(VIEW) for page in pages]
        if any(view["final"] for view in views):
            break
        acted = False
        for page, view in zip(pages, views, strict=True):
            targets = offered(view)
            if targets:
                others = [t for t in targets if t != "action:pass"] or targets
                if view["building"]:
                    others = [t for t in targets if not t.startswith("action:")] or targets
                page.evaluate(DISPATCH_CLICK, rng.choice(others if rng.random() < 0.7 else targets))
                acted = True
                page.wait_for_timeout(50)
        if not acted:
            time.sleep(0.05)
    time.sleep(3)
    seen = [{int(k): v for k, v in page.evaluate("window.turnsAt").items()} for page in pages]
    ways = []
    for n in sorted(set(seen[0]) & set(seen[1])):
        if n:
            ways.append(float(abs(seen[0][n] - seen[1][n])))
    for page in pages:
        page.close()
    return ways, sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--opens", type=int, default=10, help="site opened to your turn (default 10)"
    )
    parser.add_argument("--games", type=int, default=1, help="whole 2-player games (default 1)")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="mykerinos-bench-") as tmp:
        out = Path(tmp) / "site"
        build.build(out, quiet=True)
        relay = start_relay()
        server = serve.make_server(out, 0, "/", quiet=True, relay_url=relay.url)
        serve.start_in_thread(server)
        site = serve.url_of(server)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path=CHROMIUM, args=LIVE_ARGS, headless=True
                )
                rng = random.Random(7)
                contexts, _ = table(browser, site)
                opened = opens(contexts, site, args.opens, rng)
                ways: list[float] = []
                sizes: list[int] = []
                for number in range(args.games):
                    if number:
                        for context in contexts:
                            context.close()
                        contexts, _ = table(browser, site)
                    got, sent = game(contexts, site, rng)
                    ways += got
                    sizes += sent
                browser.close()
        finally:
            server.shutdown()
            relay.stop()
    print("Play by turns through the local relay (tools/relay.py):")
    print(line("site opened to 'Your turn' shown", opened))
    print(line("decision sent to taken on the other page", ways))
    print(line("bytes sent per event (one relay)", [float(s) for s in sizes], "B"))
    if sizes:
        print(f"  the whole game's last event: {sizes[-1]} bytes ({len(sizes)} events sent)")
    print(json.dumps({"opened_ms": opened, "ways_ms": ways, "event_bytes": sizes}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
