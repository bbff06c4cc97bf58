#!/usr/bin/env python3
"""The page under a phone's memory limit, in WebKitGTK: does a whole game live?

Usage: python3 bench/phone.py [--limits 400,500] [--games bare,computers,person]
                              [--seed 7] [--prebuilt DIR] [--settle 20]

A phone closes a tab whose process passes its memory limit (iOS publishes
none; reports put it at 300-500 MB on older iPhones). tools/phone_browser.py
is a small WebKitGTK browser, phone-sized, that holds its page to a limit of
L MB the way a phone does (WebKit's memory pressure handler: polled each
second, the process killed at 100% of L). For each L, in one run, each in a
new browser (a fresh profile):

- bare: bench/runtime.py's bare Pyodide page (loadPyodide, `import sys`,
  nothing else), watched for 40 s once ready and then `--settle` s more;
- computers: the game page, a 4-player game of computers (hard, hard, medium,
  expert) played to its end, then `--settle` s with nothing to do;
- person: a person (clicked by the bench: random highlighted targets, real
  actions mostly, passes now and then) against three computers (hard, hard,
  medium), to the end, then the same wait.

Printed for each: the page process's private memory (pages no other process
maps, from /proc, sampled twice a second: the closest to what a phone charges
a tab) once ready, at its peak, and settled (the median of the last 5 s of
the wait); moves played; and whether WebKit killed it (web-process-terminated,
EXCEEDED_MEMORY_LIMIT), with the season and move it was killed at. Then the
game's share: its peak and settled memory above the bare page's at the same
limit. Checks nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.runtime import PAGE_NAME, private_mb, site_for  # noqa: E402
from tools import build, serve  # noqa: E402
from tools.phone import PageGone, Phone, missing  # noqa: E402

GAMES = {
    "computers": ["hard", "hard", "medium", "expert"],
    "person": ["human", "hard", "hard", "medium"],
}
NAMES = ["Hatshepsut", "Imhotep", "Khufu", "Nefertiti"]
READY_TIMEOUT_S = 300
GAME_TIMEOUT_S = 1800
BARE_WATCH_S = 40

READY_JS = "document.body && document.body.dataset.ready === '1'"

# Fills in and submits the new-game dialog as a person would; the redraws so far.
NEW_GAME_JS = """(() => {
  const names = %s, seats = %s, seed = %s;
  if (!document.querySelector('#new-game-dialog').open) document.querySelector('#new-game').click();
  const set = (selector, value) => {
    const el = document.querySelector(selector);
    el.value = value;
    el.dispatchEvent(new Event('change'));
  };
  set('#players-count', String(names.length));
  names.forEach((name, i) => { set(`#player-name-${i}`, name); set(`#seat-${i}`, seats[i]); });
  document.querySelector('#nile').checked = false;
  set('#seed', String(seed));
  const before = Number(document.body.dataset.drawn || 0);
  document.querySelector('#start-game').click();
  return before;
})()"""

# The view, whether the page shows it, and the redraws so far, in one round trip.
STATE_JS = """(() => {
  const view = JSON.parse(window.mykerinos.view());
  const b = document.body.dataset;
  return { final: view.final !== null, bot: view.bot_to_move, building: view.building,
           season: view.season, revision: view.revision, actions: view.actions.map((a) => a.id),
           cells: view.region.cells.filter((c) => c.hl).map((c) => 'cell:' + c.name),
           rooms: view.museum.filter((r) => r.hl).map((r) => 'room:' + r.id),
           cards: view.region.parcels.concat(view.region.nile).filter((p) => p.hl).map((p) => 'card:' + p.id),
           shown: b.revision + ':' + b.game === view.revision + ':' + view.game,
           drawn: Number(b.drawn || 0), bots: b.bot,
           moves: JSON.parse(window.mykerinos.exportRecord()).moves.length };
})()"""

# A click on a target's element, as the page's own click handler receives it.
CLICK_JS = """(() => {
  const el = document.querySelector(%s);
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  return true;
})()"""


class Watch:
    """The page process's private memory (MB), sampled twice a second on a thread."""

    def __init__(self) -> None:
        self.samples: list[tuple[float, float]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        while not self._stop.wait(0.5):
            mb = private_mb("webkit")
            if mb:
                self.samples.append((time.monotonic(), mb))

    def now(self) -> float:
        return self.samples[-1][1] if self.samples else 0.0

    def peak(self) -> float:
        return max((mb for _, mb in self.samples), default=0.0)

    def settled(self) -> float | None:
        """Median of the last 5 s of samples."""
        if not self.samples:
            return None
        end = self.samples[-1][0]
        return statistics.median(mb for t, mb in self.samples if t >= end - 5)

    def __enter__(self) -> Watch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def choose(state: dict, rng: random.Random) -> str:
    """Mostly real actions (built cube by cube); passes now and then keep the game short."""
    marks = state["cells"] + state["rooms"] + state["cards"]
    targets = state["actions"] + marks
    if state["building"]:
        return rng.choice(marks or targets)
    others = [t for t in targets if t != "action:pass"]
    if others and rng.random() < 0.6:
        return rng.choice(others)
    return rng.choice(targets)


def click(phone: Phone, target: str, drawn: int) -> None:
    phone.js(CLICK_JS % json.dumps(f'[data-target="{target}"]'))
    phone.wait(f"Number(document.body.dataset.drawn || 0) > {drawn}", 30, 0.03)


def play(phone: Phone, seats: list[str], seed: int, note: dict) -> None:
    """Start the game and play it to its end (the person's seat by clicks);
    `note` keeps the last season and move count seen."""
    before = phone.js(NEW_GAME_JS % (json.dumps(NAMES[: len(seats)]), json.dumps(seats), seed))
    phone.wait(
        f"!document.querySelector('#new-game-dialog').open"
        f" && Number(document.body.dataset.drawn) > {before}",
        60,
    )
    rng = random.Random(seed)
    deadline = time.monotonic() + GAME_TIMEOUT_S
    while time.monotonic() < deadline:
        state = phone.js(STATE_JS)
        note.update(season=state["season"], moves=state["moves"])
        if state["final"]:
            note["over"] = True
            return
        if state["bots"] == "failed":
            raise RuntimeError("the computer players failed")
        if state["bot"] or not state["shown"]:
            time.sleep(0.5)
            continue
        click(phone, choose(state, rng), state["drawn"])
    raise TimeoutError(f"not over after {GAME_TIMEOUT_S} s")


def measure(kind: str, url: str, limit: int, seed: int, settle_s: float) -> dict:
    """One page in a new phone browser: its memory, moves, and whether it was killed."""
    note: dict = {"over": False, "season": None, "moves": None}
    with Phone(limit) as phone, Watch() as watch:
        note["version"] = phone.version
        try:
            phone.goto(url)
            phone.wait(READY_JS, READY_TIMEOUT_S, 0.2)
            time.sleep(1.0)
            note["ready"] = watch.now()
            if kind == "bare":
                time.sleep(BARE_WATCH_S)
                note["over"] = True
            else:
                play(phone, GAMES[kind], seed, note)
            time.sleep(settle_s)
            phone.js("1")  # still answering?
        except PageGone:
            pass
        except (RuntimeError, TimeoutError) as error:
            note["error"] = str(error)
        note["killed"] = phone.killed
        note["peak"] = watch.peak()
        note["settled"] = None if phone.killed else watch.settled()
    return note


def fmt(mb: float | None) -> str:
    return "-" if mb is None else f"{mb:.0f}"


def report(kind: str, limit: int, note: dict) -> None:
    seats = "bare Pyodide page" if kind == "bare" else f"{kind}: {', '.join(GAMES[kind])}"
    if note.get("killed"):
        fate = f"KILLED ({note['killed']}) in season {note['season']}, move {note['moves']}"
    elif note.get("error"):
        fate = f"failed: {note['error']}"
    elif kind != "bare":
        fate = f"alive, game over, {note['moves']} moves"
    else:
        fate = "alive"
    print(
        f"  L={limit} {seats:40} ready {fmt(note.get('ready')):>4} MB, peak {fmt(note['peak']):>4} MB,"
        f" settled {fmt(note['settled']):>4} MB; {fate}"
    )
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limits", default="400,500", help="memory limits in MB (default 400,500)")
    parser.add_argument(
        "--games", default="bare,computers,person", help="among bare, computers, person"
    )
    parser.add_argument("--seed", type=int, default=7, help="seed of the games (default 7)")
    parser.add_argument("--prebuilt", metavar="DIR", help="serve this built site as it is")
    parser.add_argument("--settle", type=float, default=20, help="seconds idle after the end")
    args = parser.parse_args(argv)
    limits = [int(n) for n in args.limits.split(",")]
    kinds = [k.strip() for k in args.games.split(",") if k.strip()]
    if set(kinds) - {"bare", *GAMES}:
        parser.error(f"unknown games {sorted(set(kinds) - {'bare', *GAMES})}")
    why = missing()
    if why:
        parser.error(why)

    with tempfile.TemporaryDirectory(prefix="mykerinos-bench-") as tmp:
        site = Path(args.prebuilt) if args.prebuilt else Path(tmp) / "site"
        if not args.prebuilt:
            build.build(site, quiet=True)
        bare = Path(tmp) / "bare"
        bare.mkdir()
        site_for(site, bare, None)
        servers = {
            "bare": serve.make_server(bare, 0, "/", quiet=True),
            "game": serve.make_server(site, 0, "/", quiet=True),
        }
        for server in servers.values():
            serve.start_in_thread(server)
        urls = {
            "bare": serve.url_of(servers["bare"]) + PAGE_NAME,
            "game": serve.url_of(servers["game"]),
        }
        print(
            "WebKitGTK under a phone's memory limit: the page process's private memory"
            f" (seed {args.seed}; load average "
            + " ".join(f"{x:.1f}" for x in os.getloadavg())
            + ")"
        )
        try:
            for limit in limits:
                notes = {}
                for kind in kinds:
                    url = urls["bare" if kind == "bare" else "game"]
                    notes[kind] = measure(kind, url, limit, args.seed, args.settle)
                    report(kind, limit, notes[kind])
                base = notes.get("bare")
                if base and not base.get("killed"):
                    for kind in GAMES:
                        game = notes.get(kind)
                        if game and not game.get("killed") and game["settled"] is not None:
                            print(
                                f"  L={limit} the {kind} game's share above the bare page:"
                                f" peak {game['peak'] - base['peak']:+.0f} MB,"
                                f" settled {game['settled'] - base['settled']:+.0f} MB"
                            )
        finally:
            for server in servers.values():
                server.shutdown()
                server.server_close()
    print("load average at the end: " + " ".join(f"{x:.1f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
