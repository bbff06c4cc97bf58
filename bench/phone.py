#!/usr/bin/env python3
"""The page under a phone's memory limit, in WebKitGTK: does a whole game live?

Usage: python3 bench/phone.py [--limits 400,500] [--games bare,computers,person]
                              [--seed 7] [--site DIR --site DIR ...] [--settle 20]
                              [--trace SECONDS]

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

The candidates for the game's share, each alone in a new browser on the game
page holding a finished random 4-player game (`--games idle,views,drawing,thinking`):
idle (60 s of nothing), views (Python builds the view of every position three
times, JavaScript parses each and keeps it in localStorage, nothing drawn),
drawing (those views drawn one a frame, three times over, without Python),
thinking (30 hints of 1.5 s of search, nothing drawn).

Printed for each: the page process's private memory (pages no other process
maps, from /proc, sampled twice a second: the closest to what a phone charges
a tab) once ready, at its peak, and settled (the median of the last 5 s of
the wait); moves played; and whether WebKit killed it (web-process-terminated,
EXCEEDED_MEMORY_LIMIT), with the season and move it was killed at. Then the
game's share: its peak and settled memory above the bare page's at the same
limit; and the size of Python's heap (Pyodide's WebAssembly memory, which
never shrinks), read through a probe the browser adds to every page.
`--site DIR` (repeatable) serves built sites as they are, each game measured
on each site in turn: before and after a change, in one run. Checks nothing.
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
from game.record import to_record  # noqa: E402
from game.selfplay import random_game  # noqa: E402
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

# Keeps every WebAssembly memory the page makes (Pyodide's is Python's heap),
# so that its size can be read: it only ever grows.
WASM_PROBE = """(() => {
  const kept = window.__wasmMemories = [];
  const Memory = WebAssembly.Memory;
  WebAssembly.Memory = function (...args) { const m = new Memory(...args); kept.push(m); return m; };
  WebAssembly.Memory.prototype = Memory.prototype;
  const look = (result) => {
    const instance = result && (result.instance || result);
    for (const value of Object.values((instance && instance.exports) || {}))
      if (value instanceof Memory && !kept.includes(value)) kept.push(value);
    return result;
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) { return original.apply(this, args).then(look); };
  }
})()"""
WASM_MB = "Math.max(0, ...(window.__wasmMemories || []).map((m) => m.buffer.byteLength)) / 1048576"

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
  const view = JSON.parse(window.mykerinos.call(`view`, `[]`));
  const b = document.body.dataset;
  return { final: view.final !== null, bot: view.bot_to_move, building: view.building,
           season: view.season, revision: view.revision, actions: view.actions.map((a) => a.id),
           cells: view.region.cells.filter((c) => c.hl).map((c) => 'cell:' + c.name),
           rooms: view.museum.filter((r) => r.hl).map((r) => 'room:' + r.id),
           cards: view.region.parcels.concat(view.region.nile).filter((p) => p.hl).map((p) => 'card:' + p.id),
           shown: b.revision + ':' + b.game === view.revision + ':' + view.game,
           drawn: Number(b.drawn || 0), bots: b.bot,
           moves: JSON.parse(JSON.parse(window.mykerinos.call(`exportRecord`, `[]`))).moves.length, wasm: ${WASM} };
})()""".replace("${WASM}", WASM_MB)

# A click on a target's element, as the page's own click handler receives it.
CLICK_JS = """(() => {
  const el = document.querySelector(%s);
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  return true;
})()"""


# The candidates for the game's share, each alone on the game page holding a
# finished game (--parts): what the page keeps after doing only that.
PARTS = ("idle", "views", "drawing", "thinking")
PASSES = 3  # passes over the game's positions (views, drawing)
HINTS = 30  # hints thought out (thinking): 1.5 s of searching each

# Python builds the view of every position of the game (review), hands it to
# JavaScript as text, which parses it and keeps it in localStorage as the
# page does with each view; nothing is drawn.
VIEWS_JS = """(async () => {
  const py = (name, ...args) => window.mykerinos.call(name, JSON.stringify(args));
  const key = window.mykerinosSaves.prefix + "bench-view";
  const last = JSON.parse(py("review", "last")).review.index;
  for (let pass = 0; pass < ${PASSES}; pass++)
    for (let k = 0; k <= last; k++) {
      const text = py("review", "position:" + k);
      JSON.parse(text);
      localStorage.setItem(key, text);
      if (k % 10 === 0) await new Promise((r) => setTimeout(r, 0));
    }
  py("review", "exit");
  return last + 1;
})()""".replace("${PASSES}", str(PASSES))

# The views of every position, taken first; then each drawn in turn, one a frame.
DRAWING_JS = """(async () => {
  const py = (name, ...args) => window.mykerinos.call(name, JSON.stringify(args));
  const last = JSON.parse(py("review", "last")).review.index;
  const texts = [];
  for (let k = 0; k <= last; k++) texts.push(py("review", "position:" + k));
  py("review", "exit");
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  for (let pass = 0; pass < ${PASSES}; pass++)
    for (const text of texts) { window.mykerinosUI.draw(JSON.parse(text)); await frame(); await frame(); }
  window.mykerinosUI.draw(JSON.parse(py("view")));
  return texts.length;
})()""".replace("${PASSES}", str(PASSES))

# The hint for the first position of a game of four persons, thought out again
# and again in slices of 8 ms, as the page thinks; nothing drawn.
THINKING_JS = """(async () => {
  const py = (name, ...args) => window.mykerinos.call(name, JSON.stringify(args));
  py("newGame", ["A", "B", "C", "D"], "7", { nile: false, seats: ["human", "human", "human", "human"] });
  for (let n = 0; n < ${HINTS}; n++) {
    const job = JSON.parse(py("think", "hint")).job;
    for (;;) {
      const step = JSON.parse(py("thinkStep", job, 8));
      if (!step.busy) break;
      await new Promise((r) => setTimeout(r, 0));
    }
  }
  return ${HINTS};
})()""".replace("${HINTS}", str(HINTS))


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


def play(phone: Phone, seats: list[str], seed: int, note: dict, on_state=None) -> None:
    """Start the game and play it to its end (the person's seat by clicks);
    `note` keeps the last season and move count seen and the largest Python
    heap (with WASM_PROBE in the page); `on_state` sees every state polled."""
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
        note["wasm"] = max(note.get("wasm") or 0, state["wasm"])
        if on_state:
            on_state(state)
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


def part(phone: Phone, kind: str, seed: int, note: dict) -> None:
    """One candidate alone (PARTS) on the game page, holding a finished random
    game of 4 players (the same for every candidate)."""
    record = json.dumps(to_record(random_game(4, seed)))
    args = json.dumps(json.dumps([record]))
    answer = phone.js(f"JSON.parse(window.mykerinos.call(`importRecord`, {args}))")
    assert answer.get("ok"), answer
    phone.js(
        "document.querySelector('#new-game-dialog').close(),"
        " window.mykerinosUI.draw(JSON.parse(window.mykerinos.call(`view`, `[]`)))"
    )
    time.sleep(5)
    note["ready"] = private_mb("webkit")
    started = time.monotonic()
    done = {
        "idle": lambda: time.sleep(60) or 0,
        "views": lambda: phone.js(VIEWS_JS, 1800),
        "drawing": lambda: phone.js(DRAWING_JS, 1800),
        "thinking": lambda: phone.js(THINKING_JS, 1800),
    }[kind]()
    note["work"] = f"{done} in {time.monotonic() - started:.0f} s"
    note["moves"] = len(json.loads(record)["moves"])
    note["over"] = True
    note["wasm"] = phone.js(WASM_MB)


def measure(
    kind: str, url: str, limit: int, seed: int, settle_s: float, trace_s: float = 0
) -> dict:
    """One page in a new phone browser: its memory, moves, and whether it was killed."""
    note: dict = {"over": False, "season": None, "moves": None}
    with Phone(limit) as phone, Watch() as watch:
        note["version"] = phone.version
        started = time.monotonic()
        last = [started]

        def trace(state: dict) -> None:
            if trace_s and time.monotonic() - last[0] >= trace_s:
                last[0] = time.monotonic()
                print(
                    f"    {last[0] - started:5.0f} s: season {state['season']}, move"
                    f" {state['moves']:3}, private {watch.now():4.0f} MB, Python's heap"
                    f" {state['wasm']:.0f} MB",
                    flush=True,
                )

        try:
            phone.init_script(WASM_PROBE)
            phone.goto(url)
            phone.wait(READY_JS, READY_TIMEOUT_S, 0.2)
            time.sleep(1.0)
            note["ready"] = watch.now()
            if kind == "bare":
                time.sleep(BARE_WATCH_S)
                note["over"] = True
                note["wasm"] = phone.js(WASM_MB)
            elif kind in PARTS:
                part(phone, kind, seed, note)
            else:
                play(phone, GAMES[kind], seed, note, trace)
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
    seats = (
        "bare Pyodide page"
        if kind == "bare"
        else f"{kind}: {', '.join(GAMES[kind])}"
        if kind in GAMES
        else f"the game page, {kind} alone"
    )
    if note.get("killed"):
        fate = f"KILLED ({note['killed']}) in season {note['season']}, move {note['moves']}"
    elif note.get("error"):
        fate = f"failed: {note['error']}"
    elif kind in PARTS:
        fate = f"alive ({note['work']})"
    elif kind != "bare":
        fate = f"alive, game over, {note['moves']} moves"
    else:
        fate = "alive"
    print(
        f"  L={limit} {seats:40} ready {fmt(note.get('ready')):>4} MB, peak {fmt(note['peak']):>4} MB,"
        f" settled {fmt(note['settled']):>4} MB; Python's heap {fmt(note.get('wasm'))} MB; {fate}"
    )
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limits", default="400,500", help="memory limits in MB (default 400,500)")
    parser.add_argument(
        "--games",
        default="bare,computers,person",
        help="among bare, computers, person; and the candidates for the game's share,"
        " each alone on the game page: " + ", ".join(PARTS),
    )
    parser.add_argument("--seed", type=int, default=7, help="seed of the games (default 7)")
    parser.add_argument(
        "--site",
        action="append",
        default=[],
        help="a built site to serve as it is (repeatable: sites compared in one run)",
    )
    parser.add_argument("--settle", type=float, default=20, help="seconds idle after the end")
    parser.add_argument(
        "--trace", type=float, default=0, help="print the memory every this many seconds of a game"
    )
    args = parser.parse_args(argv)
    limits = [int(n) for n in args.limits.split(",")]
    kinds = [k.strip() for k in args.games.split(",") if k.strip()]
    known = {"bare", *GAMES, *PARTS}
    if set(kinds) - known:
        parser.error(f"unknown games {sorted(set(kinds) - known)}")
    why = missing()
    if why:
        parser.error(why)

    with tempfile.TemporaryDirectory(prefix="mykerinos-bench-") as tmp:
        if args.site:
            sites = [Path(site).resolve() for site in args.site]
        else:
            sites = [Path(tmp) / "site"]
            build.build(sites[0], quiet=True)
        bare = Path(tmp) / "bare"
        bare.mkdir()
        site_for(sites[0], bare, None)
        servers = [serve.make_server(folder, 0, "/", quiet=True) for folder in [bare, *sites]]
        for server in servers:
            serve.start_in_thread(server)
        bare_url = serve.url_of(servers[0]) + PAGE_NAME
        game_urls = {str(site): serve.url_of(server) for site, server in zip(sites, servers[1:])}
        print(
            "WebKitGTK under a phone's memory limit: the page process's private memory"
            f" (seed {args.seed}; load average "
            + " ".join(f"{x:.1f}" for x in os.getloadavg())
            + ")"
        )
        try:
            for limit in limits:
                notes: dict[tuple[str, str], dict] = {}
                # Sites alternate within each kind, so that load drifts hit all of them.
                for kind in kinds:
                    for site, url in ({"": bare_url} if kind == "bare" else game_urls).items():
                        if len(game_urls) > 1 and site:
                            print(f"  [{site}]")
                        notes[kind, site] = measure(
                            kind, url, limit, args.seed, args.settle, args.trace
                        )
                        report(kind, limit, notes[kind, site])
                base = notes.get(("bare", ""))
                if base and not base.get("killed"):
                    for (kind, site), game in notes.items():
                        if kind in GAMES and not game.get("killed") and game["settled"] is not None:
                            where = f" [{site}]" if len(game_urls) > 1 else ""
                            print(
                                f"  L={limit} the {kind} game's share above the bare page{where}:"
                                f" peak {game['peak'] - base['peak']:+.0f} MB,"
                                f" settled {game['settled'] - base['settled']:+.0f} MB"
                            )
        finally:
            for server in servers:
                server.shutdown()
                server.server_close()
    print("load average at the end: " + " ".join(f"{x:.1f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
