#!/usr/bin/env python3
"""Live play on loopback: how long devices take to meet, a message's round trip, and live games through the page.

Usage: .venv/bin/python bench/live.py [--rooms 10] [--pings 50] [--games 2] [--joins 0]

Builds the site into a temporary folder, serves it, starts the local relay
(tools/relay.py) and a Chromium with loopback WebRTC allowed. For each of
``--rooms`` fresh rooms, two pages (two browser contexts: two devices) load the
transport (web/front/js/live/transport.js) and join; the bench prints, per page, the
time from calling join() to the relay reached, and to the other device
connected (its onPeerJoin), then ``--pings`` round trips of a short message
over the data channel between the two.

Then ``--games`` whole live games through the page, as players play them: a
host's page starts a 3-player game of people with two friends' seats; two
more pages (new contexts: devices on a first visit) open the invite, each
picks a seat the moment the picker shows (a script in the page: the time a
click takes to travel from the bench is not the page's); the bench prints the
time from opening the invite (the navigation) to the page ready (Python
started, the board drawn), to the seat
picker shown and to seated, and the steps between as live play marks them
(relay reached, room's device connected, first message, live Python loaded,
take sent). The game is played to
its end by clicks; for each decision, the time from the click that made it
to the new position drawn on every other device (each page notes when it
draws a new number of decisions). Every 25 decisions a guest reloads: the
time from its navigation to its seat back and to the game caught up.
At the end the room's device starts another game (Play again, the same
seats): the time from its click to the new game drawn on every other device.
Then ``--joins`` rooms where no game is played: a host's page starts a
4-player game with three friends' seats, and three first visits open the
invite and take their seats in turn, timed the same way (more samples of the
time to seated than whole games give).
Medians and 95th percentiles; prints numbers only, checks nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.stats import line  # noqa: E402
from harness.browser_page import start_game, wait_ready  # noqa: E402
from harness.pages import offered  # noqa: E402
from tools import build, serve  # noqa: E402
from tools.chromium import CHROMIUM, LIVE_ARGS, wait_until  # noqa: E402
from tools.relay import start_relay  # noqa: E402

JOIN = """async ({transport, room, relay}) => {
  const { join } = await import(transport);
  const live = { got: [], peerAt: null };
  window.live = live;
  const started = performance.now();
  live.link = await join(room, "bench", { relays: [relay], iceServers: [] });
  live.relayAt = performance.now() - started;
  live.link.onPeerJoin = () => { live.peerAt ??= performance.now() - started; };
  live.link.onMessage = (text, peer) => {
    if (text.startsWith("ping")) live.link.send(peer, "pong" + text.slice(4));
    else live.got.push(text);
  };
  return live.relayAt;
}"""

PINGS = """async ({peer, count}) => {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const before = window.live.got.length;
    window.live.link.send(peer, "ping" + i);
    while (window.live.got.length === before) await new Promise((r) => setTimeout(r, 0));
    times.push(performance.now() - started);
  }
  return times;
}"""


# Each page notes (epoch ms) when it draws a new number of decisions, and when
# its live play shows the seat picker and its seat (ms since its navigation).
# The record is read once per draw of the page (body[data-drawn] counts them),
# not on every change to the document: the probe's own cost stays out of the
# page's figures. Python answers later (a promise): the time is the draw's.
MARKS = """(() => {
  window.marks = { drawn: {}, games: {}, ready: null, picker: null, seated: null };
  let draws = null;
  const look = () => {
    const m = window.marks;
    const game = document.body?.dataset.game;
    if (game && !(game in m.games)) m.games[game] = performance.timeOrigin + performance.now();
    if (m.ready === null && document.body?.dataset.ready) m.ready = performance.now();
    if (m.picker === null && document.querySelector("#live-pick")) m.picker = performance.now();
    if (m.seated === null && document.querySelector("#live-panel .live-you")) m.seated = performance.now();
    const api = window.mykerinos;
    if (!api || !document.body.dataset.drawn || document.body.dataset.drawn === draws) return;
    draws = document.body.dataset.drawn;
    const at = performance.timeOrigin + performance.now();
    api.call("exportRecord", "[]").then((text) => {
      const n = JSON.parse(JSON.parse(text)).moves.length;
      if (!(n in m.drawn)) m.drawn[n] = at;
    });
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
})()"""

# A visitor's page takes its seat (as its init script, ``seat`` filled in) the
# moment the seat picker shows: what is timed is the page's and the room's
# work, not the time a click takes to reach the page from the bench.
TAKE = """(() => {
  const take = () => {
    const choice = document.querySelector('#live-pick input[name=live-seat][value="SEAT"]');
    if (!choice) return;
    watch.disconnect();
    choice.checked = true;
    document.querySelector("#live-take").click();
  };
  const watch = new MutationObserver(take);
  watch.observe(document, { subtree: true, childList: true });
})()"""

CLICK = """target => {
  const el = document.querySelector(`[data-target="${CSS.escape(target)}"]`);
  if (!el) return null;
  const at = performance.timeOrigin + performance.now();
  el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  return at;
}"""

# The steps between opening an invite and being seated, as live play marks
# them (performance.mark, ms since the navigation): web/front/js/live/transport.js,
# parts.js, room.js and seats.js.
STEP_MARKS = {
    "  relay reached": "live:relay",
    "  room's device connected": "live:peer",
    "  first message received": "live:message",
    "  live words loaded": "live:words",
    "  live Python fetched": "live:zip",
    "  live Python unpacked": "live:python",
    "  room joined in Python": "live:opened",
    "  take sent": "live:take",
}
STEPS = """Object.fromEntries(performance.getEntriesByType("mark").filter((m) => m.name.startsWith("live:")).reverse().map((m) => [m.name, m.startTime]))"""

# The room's device starts another game in the room (Play again, the same
# seats); epoch ms of the click on its dialog's start button.
AGAIN = """async () => {
  document.querySelector("#live-play-again").click();
  while (!document.querySelector("#live-again-start")) await new Promise((r) => setTimeout(r, 10));
  const at = performance.timeOrigin + performance.now();
  document.querySelector("#live-again-start").click();
  return at;
}"""

VIEW = "window.mykerinos.call('view', '[]').then(JSON.parse)"
MOVES = (
    "window.mykerinos.call('exportRecord', '[]').then(t => JSON.parse(JSON.parse(t)).moves.length)"
)


class NotBack(Exception):
    """A reloaded guest did not take its seat back within a minute: the game stops there."""


def seat_guests(
    browser,
    site: str,
    rng: random.Random,
    found: dict[str, list[float]],
    guests: int,
    returning: bool = False,
):
    """A host's page starts a game of people with `guests` friends' seats, and
    one device on a first visit (`returning`: a device that has opened the
    game before, its service worker installed) opens the invite for each seat
    in turn, timed from the navigation to seated (see the module's docstring).
    Returns the browser contexts (the host's first) and the pages, all still open."""
    contexts = []
    said = "returning: " if returning else ""

    def device(url: str, seat: int | None = None):
        context = browser.new_context()
        contexts.append(context)
        if seat is not None and returning:
            before = context.new_page()
            before.goto(site)
            wait_ready(before, 120_000)
            wait_until(
                before,
                "navigator.serviceWorker.getRegistration()"
                ".then(r => !!(r && r.active && r.active.state === 'activated'))",
                120_000,
            )
            before.close()
        context.add_init_script(MARKS)
        if seat is not None:
            context.add_init_script(TAKE.replace("SEAT", str(seat)))
        page = context.new_page()
        page.goto(url)
        return page

    host = device(site)
    wait_ready(host, 120_000)
    names = ["Ann", "Bob", "Cy", "Di"][: guests + 1]
    start_game(host, names, rng.randrange(10**6), seats=["human"] + ["friend"] * guests)
    host.wait_for_selector("#live-invite", timeout=60_000)
    url = host.input_value("#live-url")
    host.click("#live-invite-close")
    pages = [host]
    for seat in range(1, guests + 1):
        page = device(url, seat)
        page.wait_for_function("() => window.marks.seated !== null", timeout=60_000)
        steps = page.evaluate(STEPS)
        found[said + "invite opened to the page ready"].append(page.evaluate("window.marks.ready"))
        for name, mark in STEP_MARKS.items():
            if mark in steps:
                found[said + name].append(steps[mark])
        found[said + "invite opened to seat picker shown"].append(
            page.evaluate("window.marks.picker")
        )
        found[said + "invite opened to seated"].append(page.evaluate("window.marks.seated"))
        if returning:
            found[said + "Python restored from the snapshot"].append(
                float(page.evaluate("window.mykerinosPython.snapshot === 'restored'"))
            )
        pages.append(page)
    return contexts, pages


def live_game(browser, site: str, rng: random.Random, found: dict[str, list[float]]) -> None:
    """One whole live game through the page (see the module's docstring)."""
    contexts, pages = seat_guests(browser, site, rng, found, 2)
    host, guests = pages[0], pages[1:]
    clicks: list[tuple[float, int]] = []  # (epoch ms, page index)
    kept: list[dict[str, float]] = [{} for _ in pages]  # what a page drew before it reloaded
    away: set[int] = set()  # decisions made or drawn while a page reloaded
    reloads = 0
    while not host.evaluate(VIEW)["final"]:
        acted = False
        for i, page in enumerate(pages):
            view = page.evaluate(VIEW)
            targets = offered(view)
            if not targets or view["final"]:
                continue
            others = [t for t in targets if t != "action:pass"]
            if view["building"]:
                others = [t for t in targets if not t.startswith("action:")] or targets
            at = page.evaluate(
                CLICK, rng.choice(others if others and rng.random() < 0.7 else targets)
            )
            if at is not None:
                clicks.append((at, i))
                acted = True
        moves = host.evaluate(MOVES)
        if moves >= 25 * (reloads + 1) and not host.evaluate(VIEW)["final"]:
            reloads += 1
            guest = guests[reloads % 2]
            kept[pages.index(guest)].update(guest.evaluate("window.marks.drawn"))
            guest.reload()
            try:
                guest.wait_for_function("() => window.marks.seated !== null", timeout=60_000)
            except Exception:
                print(
                    "a reloaded guest not back in its seat:",
                    guest.evaluate(
                        "[document.querySelector('#notice')?.innerText, JSON.stringify(window.marks).slice(0, 300)]"
                    ),
                    file=sys.stderr,
                )
                for context in contexts:
                    context.close()
                raise NotBack from None
            found["reloaded guest to its seat back"].append(guest.evaluate("window.marks.seated"))
            # Polled about once a frame, as page.wait_for_function did (it waits
            # for no promise's value): the time it returns is measured.
            wait_until(guest, f"{MOVES}.then(n => n >= {moves})", 60_000, 0.016)
            found["reloaded guest to the game caught up"].append(
                guest.evaluate("performance.now()")
            )
            away.update(range(moves, guest.evaluate(MOVES) + 2))
        if not acted:
            time.sleep(0.02)
    time.sleep(0.5)
    # What a page drew before it reloaded stands; around a reload, the
    # decisions it drew on coming back are not counted (the reload times those).
    drawn = [{**page.evaluate("window.marks.drawn"), **kept[i]} for i, page in enumerate(pages)]
    total = host.evaluate(MOVES)
    for n in range(1, total + 1):
        if n in away:
            continue
        firsts = [float(d[str(n)]) for d in drawn if str(n) in d]
        if len(firsts) < len(pages):
            continue  # a page reloaded meanwhile
        first = min(firsts)
        made = [c for c in clicks if c[0] <= first]
        if not made:
            continue
        at, who = made[-1]
        others = [float(d[str(n)]) for j, d in enumerate(drawn) if j != who]
        found["decision to drawn on every other device"].append(max(others) - at)
    # Play again: the time from the room's device's click to the new game
    # drawn on every other device.
    known = [set(page.evaluate("Object.keys(window.marks.games)")) for page in guests]
    at = host.evaluate(AGAIN)
    news = []
    for page, old in zip(guests, known):
        page.wait_for_function(
            "old => Object.keys(window.marks.games).some((g) => !old.includes(g))",
            arg=sorted(old),
            timeout=60_000,
        )
        games = page.evaluate("window.marks.games")
        news.append(min(t for g, t in games.items() if g not in old))
    found["Play again to drawn on every other device"].append(max(news) - at)
    for context in contexts:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=10, help="rooms joined (default 10)")
    parser.add_argument("--pings", type=int, default=50, help="round trips per room (default 50)")
    parser.add_argument(
        "--games", type=int, default=2, help="live games through the page (default 2)"
    )
    parser.add_argument(
        "--joins",
        type=int,
        default=0,
        help="more rooms where three first visits take their seats, and no game is played"
        " (default 0): more samples of the time to seated",
    )
    parser.add_argument(
        "--returning",
        type=int,
        default=0,
        help="rooms as --joins where the three devices have opened the game before (their"
        " service worker installed, Python restored from its snapshot), alternating with"
        " --joins' rooms (default 0)",
    )
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    relay_ms: list[float] = []
    peer_ms: list[float] = []
    round_trips: list[float] = []
    names = (
        "invite opened to the page ready",
        *STEP_MARKS,
        "invite opened to seat picker shown",
        "invite opened to seated",
        "decision to drawn on every other device",
        "reloaded guest to its seat back",
        "reloaded guest to the game caught up",
        "Play again to drawn on every other device",
    )
    names += tuple(
        "returning: " + name
        for name in (*names[:11], "Python restored from the snapshot")
        if not name.startswith(("decision", "reloaded", "Play again"))
    )
    found: dict[str, list[float]] = {name: [] for name in names}
    stopped = 0  # games stopped by a reloaded guest not back in its seat
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
                for number in range(args.rooms):
                    room = f"bench-{number}-{time.time_ns()}"
                    contexts = [browser.new_context() for _ in range(2)]
                    pages = [c.new_page() for c in contexts]
                    for page in pages:
                        page.goto(site + "web/front/js/live/config.json")
                    # Both join at once, as two people opening the room.
                    for page in pages:
                        page.evaluate(
                            "(a) => { window.joining = (" + JOIN + ")(a); }",
                            {
                                "transport": site + "web/front/js/live/transport.js",
                                "room": room,
                                "relay": relay.url,
                            },
                        )
                    for page in pages:
                        relay_ms.append(page.evaluate("window.joining"))
                        page.wait_for_function("() => window.live.peerAt !== null", timeout=30_000)
                        peer_ms.append(page.evaluate("window.live.peerAt"))
                    peer = pages[1].evaluate("window.live.link.self")
                    round_trips += pages[0].evaluate(PINGS, {"peer": peer, "count": args.pings})
                    for context in contexts:
                        context.close()
                rng = random.Random(7)
                for _ in range(args.games):
                    try:
                        live_game(browser, site, rng, found)
                    except NotBack:
                        stopped += 1
                for number in range(max(args.joins, args.returning)):
                    kinds = [False] * (number < args.joins) + [True] * (number < args.returning)
                    for returning in kinds:
                        for context in seat_guests(browser, site, rng, found, 3, returning)[0]:
                            context.close()
                browser.close()
        finally:
            relay.stop()
            server.shutdown()
            server.server_close()

    print(f"live transport on loopback, local relay, {args.rooms} rooms of two devices")
    print(line("join() to the relay reached", relay_ms))
    print(line("join() to the other device connected", peer_ms))
    print(line("message round trip (data channel)", round_trips))
    if args.games or args.joins:
        print(
            f"live games through the page: {args.games} games of 3 people on 3 devices"
            + (f", and {args.joins} rooms of 4 seats taken, no game played" if args.joins else "")
            + (
                f", and {args.returning} such rooms of devices that opened the game before"
                if args.returning
                else ""
            )
        )
        for name in names:
            if found[name]:
                print(line(name, found[name]))
        if stopped:
            print(
                f"  {stopped} of {args.games} games stopped: a reloaded guest not back within 60 s"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
