#!/usr/bin/env python3
"""The page under a phone's memory limit, in WebKitGTK: does a whole game live?

Usage: python3 bench/phone.py [--limits 400,500] [--games bare,computers,person,guest]
                              [--runs 3] [--seed 7] [--site DIR --site DIR ...]
                              [--settle 10] [--trace SECONDS] [--painting cpu|gpu]
                              [--strict FRACTION]

A phone closes a tab whose process passes its memory limit (iOS publishes
none; reports put it at 300-500 MB on older iPhones). tools/phone_browser.py
is a small WebKitGTK browser, phone-sized, that holds its page to a limit of
L MB the way a phone does (WebKit's memory pressure handler: polled each
second, the process killed at 100% of L). For each L, `--runs` rounds (3 by
default), each in a new browser (a fresh profile); within a round every game
and every site takes its turn, so that the load's drifts fall on all of them:

- bare: bench/runtime.py's bare Pyodide page (loadPyodide, `import sys`,
  nothing else), watched for 40 s once ready;
- computers: the game page, a 4-player game of computers (hard, hard, medium,
  expert) played to its end;
- person: a person (clicked by the bench: random highlighted targets, real
  actions mostly, passes now and then) against three computers (hard, hard,
  medium), to the end;
- guest: a live game's guest, replayed (`--games guest`, not by default).
  Debian's WebKitGTK has no WebRTC, so no live guest runs in it: the bench
  first plays one live game in Chromium (once a run of the bench, for each site),
  as bench/live.py does (the local relay, tools/relay.py; a host's page and
  two guests' pages, three people clicking random highlighted targets with a
  moment's thought between clicks, to the end), and one guest's page logs
  every live call it makes to Python (live*, and its own clicks: each
  name, its arguments as sent, when). In the phone browser the game page (no
  invite) then makes the same calls in the same order, two frames apart at
  least and the logged gaps kept up to REPLAY_GAP_MS, through live play's own
  modules: room.js's start() (live Python loaded and unpacked as the page
  does, then the join), apply() (the view drawn, the seats and the seat
  picker as live.js's react draws them), a click's view drawn as the page
  draws it. The times, the room's messages and whether each was signed
  (JavaScript checks the room's key) reach Python as the calls' arguments,
  and the seat's secret comes from the room's device, so the replay is the
  game itself (Python's one random draw on a guest, its save slot's name, is
  not in the record): the replayed page's record must be the recorded
  guest's, or the run fails. Nothing is sent anywhere.

The candidates for the game's share, each alone in a new browser on the game
page holding a finished random 4-player game (`--games idle,views,drawing,thinking`):
idle (60 s of nothing), views (Python builds the view of every position three
times, JavaScript parses each and keeps it in localStorage, nothing drawn),
drawing (those views drawn one a frame, three times over, without Python),
thinking (30 hints of 1.5 s of search, nothing drawn).

Two figures of the page's process, sampled twice a second: WebKit's own
footprint, the figure its pressure handler compares with the limit and kills
on (the private dirty anonymous memory, computed from /proc/PID/smaps as
WebKit computes it: bench/smaps.py), and /proc's private memory (every page
no other process maps, file-backed and clean ones too). Each once ready, at
its peak, and settled: the medians of the last 3 s of `--settle` s idle at
the end, with what WebKit's handler was doing then (above half the limit it
goes through its critical path every second: caches dropped, compiled code
thrown away, a collection, malloc_trim; WebKitGTK 2.50 takes pressure notices
from its UI process only, so the bench cannot send one). Then, for each game and site, the median and range over the runs,
how many lived, the game's share above the bare page (medians of the same
run), and where the memory was at its peak (bench/smaps.py's kinds, the
median of each over the runs). Python's heap (Pyodide's WebAssembly memory,
which never shrinks) is what the game's worker says (`window.mykerinos.heap()`), and for
the bare page what a probe the browser adds to the page sees.
`--site DIR` (repeatable) serves built sites as they are: before and after a
change, in one run. Checks nothing.
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

from bench import smaps  # noqa: E402
from bench.live import TAKE  # noqa: E402  (a guest takes its seat as bench/live.py's do)
from bench.memory import descendants, is_page_process  # noqa: E402
from bench.runtime import PAGE_NAME, site_for  # noqa: E402
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

# Keeps every WebAssembly memory a page makes on its main thread (the bare
# page's Pyodide: Python's heap), so that its size can be read: it only ever
# grows. The game's Python runs in a worker, which no probe of the page sees:
# the game says its heap's size itself (window.mykerinos.heap()).
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
WASM_MB = (
    "(window.mykerinos && window.mykerinos.heap ? await window.mykerinos.heap()"
    " : Math.max(0, ...(window.__wasmMemories || []).map((m) => m.buffer.byteLength))) / 1048576"
)

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
STATE_JS = """(async () => {
  const [text, record] = await Promise.all(
    [window.mykerinos.call(`view`, `[]`), window.mykerinos.call(`exportRecord`, `[]`)]);
  const view = JSON.parse(text);
  const b = document.body.dataset;
  return { final: view.final !== null, bot: view.bot_to_move, building: view.building,
           season: view.season, revision: view.revision, actions: view.actions.map((a) => a.id),
           cells: view.region.cells.filter((c) => c.hl).map((c) => 'cell:' + c.name),
           rooms: view.museum.filter((r) => r.hl).map((r) => 'room:' + r.id),
           cards: view.region.parcels.concat(view.region.nile).filter((p) => p.hl).map((p) => 'card:' + p.id),
           shown: b.revision + ':' + b.game === view.revision + ':' + view.game,
           drawn: Number(b.drawn || 0), bots: b.bot,
           moves: JSON.parse(JSON.parse(record)).moves.length, wasm: ${WASM} };
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
  const last = JSON.parse(await py("review", "last")).review.index;
  for (let pass = 0; pass < ${PASSES}; pass++)
    for (let k = 0; k <= last; k++) {
      const text = await py("review", "position:" + k);
      JSON.parse(text);
      localStorage.setItem(key, text);
      if (k % 10 === 0) await new Promise((r) => setTimeout(r, 0));
    }
  await py("review", "exit");
  return last + 1;
})()""".replace("${PASSES}", str(PASSES))

# The views of every position, taken first; then each drawn in turn, one a frame.
DRAWING_JS = """(async () => {
  const py = (name, ...args) => window.mykerinos.call(name, JSON.stringify(args));
  const last = JSON.parse(await py("review", "last")).review.index;
  const texts = [];
  for (let k = 0; k <= last; k++) texts.push(await py("review", "position:" + k));
  await py("review", "exit");
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  for (let pass = 0; pass < ${PASSES}; pass++)
    for (const text of texts) { window.mykerinosUI.draw(JSON.parse(text)); await frame(); await frame(); }
  window.mykerinosUI.draw(JSON.parse(await py("view")));
  return texts.length;
})()""".replace("${PASSES}", str(PASSES))

# The hint for the first position of a game of four persons, thought out again
# and again in slices of 8 ms, as the page thinks; nothing drawn.
THINKING_JS = """(async () => {
  const py = (name, ...args) => window.mykerinos.call(name, JSON.stringify(args));
  await py("newGame", ["A", "B", "C", "D"], "7", { nile: false, seats: ["human", "human", "human", "human"] });
  for (let n = 0; n < ${HINTS}; n++) {
    const job = JSON.parse(await py("think", "hint")).job;
    for (;;) {
      const step = JSON.parse(await py("thinkStep", job, 8));
      if (!step.busy) break;
      await new Promise((r) => setTimeout(r, 0));
    }
  }
  return ${HINTS};
})()""".replace("${HINTS}", str(HINTS))


def page_pid() -> int | None:
    """The biggest WebKit page process among this bench's descendants."""
    pids = [p for p in descendants(os.getpid()) if is_page_process("webkit", p)]
    sizes = {p: smaps.rollup_kb(p).get("Rss", 0) for p in pids}
    return max(sizes, key=lambda p: sizes[p]) if sizes else None


class Watch:
    """The page process's memory, sampled twice a second on a thread: WebKit's
    footprint and /proc's private memory (MB); the breakdown by kind
    (bench/smaps.py) at the footprint's peak."""

    def __init__(self) -> None:
        self.samples: list[tuple[float, float, float]] = []  # (time, footprint, private)
        self.wasm_mb = 0.0  # the page's WebAssembly memory, as last read
        self.at_peak: dict[str, dict[str, int]] | None = None
        self.pid: int | None = None
        self._peak_read = 0.0  # the footprint when at_peak was read
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _loop(self) -> None:
        while not self._stop.wait(0.5):
            pid = page_pid()
            if pid is None:
                continue
            self.pid = pid
            rollup = smaps.rollup_kb(pid)
            private = (rollup.get("Private_Clean", 0) + rollup.get("Private_Dirty", 0)) / 1024
            footprint = smaps.footprint_kb(pid) / 1024
            if not footprint:
                continue
            now = time.monotonic()
            if footprint > self._peak_read + 2:  # a new peak: where it is
                found = smaps.breakdown(pid, self.wasm_mb)
                if found["total"]["rss"]:
                    self.at_peak = found
                    self._peak_read = footprint
            self.samples.append((now, footprint, private))

    def now(self) -> tuple[float, float]:
        """(footprint, private) MB of the last sample."""
        return self.samples[-1][1:] if self.samples else (0.0, 0.0)

    def peak(self) -> tuple[float, float]:
        return (
            max((s[1] for s in self.samples), default=0.0),
            max((s[2] for s in self.samples), default=0.0),
        )

    def since(self, seconds: float) -> tuple[float, float] | None:
        """Medians of the last `seconds` of samples."""
        if not self.samples:
            return None
        end = self.samples[-1][0]
        last = [s for s in self.samples if s[0] >= end - seconds]
        return statistics.median(s[1] for s in last), statistics.median(s[2] for s in last)

    def __enter__(self) -> Watch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def kinds_now(watch: Watch) -> str:
    """The footprint by kind now (bench/smaps.py), MB, the larger kinds first."""
    if watch.pid is None:
        return ""
    try:
        found = smaps.breakdown(watch.pid, watch.wasm_mb)
    except OSError:  # the process is gone
        return ""
    rows = sorted(((found[k]["footprint"] / 1024, k) for k in smaps.KINDS), reverse=True)
    return " ".join(f"{kind} {mb:.0f}" for mb, kind in rows if mb >= 1)


def settle(
    phone: Phone, watch: Watch, seconds: float, limit: int, strict: float = smaps.STRICT
) -> tuple[tuple[float, float] | None, str]:
    """The page's memory `seconds` after its work, the medians of the last 3 s,
    and what WebKit's pressure handler was doing then (bench/smaps.py's
    policy): above half the limit it releases memory as on a critical notice
    every second it polls, so that a settled figure above it has been through
    the handler's critical path many times."""
    time.sleep(seconds)
    phone.js("1")  # still answering?
    settled = watch.since(3)
    return settled, smaps.policy(settled[0], limit, strict) if settled else "-"


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


def start(phone: Phone, seats: list[str], seed: int) -> None:
    """A new game through the dialog, as a person starts one; back once it is drawn."""
    before = phone.js(NEW_GAME_JS % (json.dumps(NAMES[: len(seats)]), json.dumps(seats), seed))
    phone.wait(
        f"!document.querySelector('#new-game-dialog').open"
        f" && Number(document.body.dataset.drawn) > {before}",
        60,
    )


def noted(state: dict, note: dict, on_state=None) -> None:
    """A polled state into `note` (the last season and move count, the largest
    Python heap), and to `on_state`."""
    note.update(season=state["season"], moves=state["moves"])
    note["wasm"] = max(note.get("wasm") or 0, state["wasm"])
    if on_state:
        on_state(state)


def play(phone: Phone, seats: list[str], seed: int, note: dict, on_state=None) -> None:
    """Start the game and play it to its end (the person's seat by clicks);
    `note` keeps the last season and move count seen and the largest Python
    heap (with WASM_PROBE in the page); `on_state` sees every state polled."""
    start(phone, seats, seed)
    rng = random.Random(seed)
    deadline = time.monotonic() + GAME_TIMEOUT_S
    while time.monotonic() < deadline:
        state = phone.js(STATE_JS)
        noted(state, note, on_state)
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


# A live game's guest (--games guest): the page's calls to live Python, logged
# in Chromium and replayed in the phone browser (see the module's docstring).
GUEST_NAMES = ["Ann", "Bob", "Cy"]
GUEST_SEATS = ["human", "friend", "friend"]
REPLAY_GAP_MS = 300  # the longest gap kept between two calls replayed
THINK_S = (0.1, 0.8)  # a person's moment between two clicks, recording

# Before the page's own scripts, on the logged guest's page: once Python sets
# window.mykerinos, every live call and click is logged (name, arguments as
# sent, performance.now()) on its way to Python, which answers as before.
LOG_LIVE_JS = """(() => {
  const log = window.__liveLog = [];
  let held;
  Object.defineProperty(window, "mykerinos", {
    configurable: true,
    enumerable: true,
    get: () => held,
    set(api) {
      if (api && typeof api.call === "function" && !api.__logged) {
        const call = api.call;
        api.call = function (name, args) {
          if (name.startsWith("live") || name === "click") log.push({ name, args, t: performance.now() });
          return call.call(this, name, args);
        };
        api.__logged = true;
      }
      held = api;
    },
  });
})()"""

# (Promise.resolve: window.mykerinos.call answers with a promise, Python being
# in a worker, or at once in the builds before that, which --site may serve.)
VIEW_JS = "Promise.resolve(window.mykerinos.call('view', '[]')).then(JSON.parse)"
RECORD_JS = (
    "Promise.resolve(window.mykerinos.call('exportRecord', '[]')).then(JSON.parse).then(JSON.parse)"
)

# The logged calls made again, in order, in the background (window.__replay
# says how far): through live play's own modules, with a page object of
# the replay's own (the page's view drawn by its renderer, hooks of its own).
REPLAY_JS = """(() => {
  const calls = ${CALLS};
  const state = (window.__replay = { done: 0, total: calls.length, error: null, over: false });
  const py = window.mykerinos;
  const ui = window.mykerinosUI;
  const module = (path) => import(new URL("web/front/js/" + path, document.baseURI).href);
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  (async () => {
    const [room, seats, carry, hooks, dialogs] = await Promise.all(
      ["live/room.js", "live/seats.js", "live/carry.js", "hooks.js", "dialogs.js"].map(module),
    );
    const page = { store: null, hooks: hooks.createHooks(), notice: dialogs.notice, redraw: () => {}, botStatus: () => {} };
    page.show = (view) => {
      ui.draw(view);
      hooks.shown(page.hooks, view);
    };
    // live.js's react, for a guest: the seats, what the room says, the seat picker, the offers.
    const react = (page, info) => {
      seats.drawSeats(info, { invite: () => {}, again: () => {}, leave: () => {}, say: () => {} });
      const box = document.querySelector("#announce");
      if (info.said.length && box) box.textContent = info.said.join(" ");
      if (!carry.takesSeatAgain(info)) {
        if (info.choose) seats.pickSeat(page, info, () => {});
        else seats.closeSeatPicker();
      }
      carry.offerWaysOn(info);
    };
    // Python's answer, parsed: a promise of it (Python in a worker), or the
    // answer itself from the builds before, whose room.start wants it at once.
    const answer = (c) => {
      const text = py.call(c.name, c.args);
      return typeof text === "string" ? JSON.parse(text) : text.then(JSON.parse);
    };
    let last = calls.length ? calls[0].t : 0;
    for (const c of calls) {
      await Promise.all([wait(Math.min(${GAP}, Math.max(0, c.t - last))), frame().then(frame)]);
      last = c.t;
      if (c.name === "liveJoin") await room.start(page, () => answer(c), react);
      else if (c.name === "click") ui.draw(await answer(c)); // its liveFlush is logged after it
      else if (c.name === "liveFlush") room.apply(await answer(c), false);
      else room.apply(await answer(c));
      state.done++;
    }
    state.over = true;
  })().catch((error) => {
    state.error = String((error && error.stack) || error);
  });
  return calls.length;
})()""".replace("${GAP}", str(REPLAY_GAP_MS))

# How far the replay is, in one round trip.
REPLAYED_JS = """(async () => {
  const [text, record] = await Promise.all(
    [window.mykerinos.call(`view`, `[]`), window.mykerinos.call(`exportRecord`, `[]`)]);
  const r = window.__replay;
  const view = JSON.parse(text);
  return { done: r.done, total: r.total, error: r.error, over: r.over, season: view.season,
           final: view.final !== null,
           moves: JSON.parse(JSON.parse(record)).moves.length,
           wasm: ${WASM} };
})()""".replace("${WASM}", WASM_MB)


def record_guest(site: Path, seed: int) -> dict:
    """One live game in Chromium (see the module's docstring): the logged
    guest's calls, its record at the end, and how long the game took."""
    from playwright.sync_api import sync_playwright

    from harness.browser_page import start_game, wait_ready
    from harness.pages import DISPATCH_CLICK, choose, offered
    from tools.chromium import CHROMIUM, LIVE_ARGS, wait_until
    from tools.relay import start_relay

    rng = random.Random(seed)
    relay = start_relay()
    server = serve.make_server(site, 0, "/", quiet=True, relay_url=relay.url)
    serve.start_in_thread(server)
    started = time.monotonic()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=LIVE_ARGS, headless=True)
            try:

                def device(url: str, *scripts: str):
                    page = browser.new_context().new_page()
                    for script in scripts:
                        page.context.add_init_script(script)
                    page.goto(url)
                    return page

                host = device(serve.url_of(server))
                wait_ready(host, READY_TIMEOUT_S * 1000)
                start_game(host, GUEST_NAMES, seed, seats=GUEST_SEATS)
                host.wait_for_selector("#live-invite", timeout=60_000)
                invite = host.input_value("#live-url")
                host.click("#live-invite-close")
                pages = [host]
                for seat in range(1, len(GUEST_SEATS)):
                    take = TAKE.replace("SEAT", str(seat))
                    page = device(invite, *([LOG_LIVE_JS] if seat == 1 else []), take)
                    page.wait_for_selector(
                        "#live-panel .live-you", state="attached", timeout=READY_TIMEOUT_S * 1000
                    )
                    pages.append(page)
                guest = pages[1]
                deadline = time.monotonic() + GAME_TIMEOUT_S
                while not host.evaluate(VIEW_JS)["final"]:
                    if time.monotonic() > deadline:
                        raise TimeoutError(f"the live game not over after {GAME_TIMEOUT_S} s")
                    for page in pages:
                        view = page.evaluate(VIEW_JS)
                        if not offered(view) or view["final"]:
                            continue
                        if page.evaluate(DISPATCH_CLICK, choose(view, rng, real=0.85)):
                            time.sleep(rng.uniform(*THINK_S))
                    time.sleep(0.05)
                wait_until(guest, f"{VIEW_JS}.then(view => view.final)", 60_000)
                time.sleep(2.0)  # the last beats
                return {
                    "calls": guest.evaluate("window.__liveLog"),
                    "record": guest.evaluate(RECORD_JS),
                    "seconds": time.monotonic() - started,
                }
            finally:
                browser.close()
    finally:
        relay.stop()
        server.shutdown()
        server.server_close()


def replay(phone: Phone, logged: dict, note: dict, on_state=None) -> None:
    """The logged guest's calls made again on the game page (REPLAY_JS), to
    the end; the replayed record checked against the recorded guest's."""
    phone.js(
        "(() => { const d = document.querySelector('#new-game-dialog'); if (d.open) d.close(); })()"
    )
    phone.js(REPLAY_JS.replace("${CALLS}", json.dumps(logged["calls"])))
    deadline = time.monotonic() + GAME_TIMEOUT_S
    while time.monotonic() < deadline:
        state = phone.js(REPLAYED_JS)
        noted(state, note, on_state)
        if state["error"]:
            raise RuntimeError(f"the replay failed: {state['error'][:500]}")
        if state["over"]:
            break
        time.sleep(0.5)
    else:
        raise TimeoutError(f"the replay not over after {GAME_TIMEOUT_S} s")
    if not state["final"] or phone.js(RECORD_JS) != logged["record"]:
        raise RuntimeError("the replayed game's record is not the recorded guest's")
    note["over"] = True


def part(phone: Phone, kind: str, seed: int, note: dict) -> None:
    """One candidate alone (PARTS) on the game page, holding a finished random
    game of 4 players (the same for every candidate)."""
    record = json.dumps(to_record(random_game(4, seed)))
    args = json.dumps(json.dumps([record]))
    answer = phone.js(
        f"Promise.resolve(window.mykerinos.call(`importRecord`, {args})).then(JSON.parse)"
    )
    assert answer.get("ok"), answer
    phone.js(
        "document.querySelector('#new-game-dialog').close(),"
        " Promise.resolve(window.mykerinos.call(`view`, `[]`))"
        ".then((text) => window.mykerinosUI.draw(JSON.parse(text)))"
    )
    time.sleep(5)
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
    kind: str,
    url: str,
    limit: int,
    seed: int,
    settle_s: float,
    trace_s: float = 0,
    painting: str = "cpu",
    logged: dict | None = None,
    snapshot: bool = False,
    strict: float = smaps.STRICT,
) -> dict:
    """One page in a new phone browser: its memory, moves, and whether it was
    killed (`logged`: the live game's guest to replay, record_guest();
    `snapshot`: the game's Python restored from the build's snapshot, as on a
    return visit)."""
    note: dict = {"over": False, "season": None, "moves": None}
    with Phone(limit, painting=painting, strict=strict) as phone, Watch() as watch:
        note["version"] = phone.version
        started = time.monotonic()
        last = [started]

        def on_state(state: dict) -> None:
            watch.wasm_mb = state["wasm"]
            if trace_s and time.monotonic() - last[0] >= trace_s:
                last[0] = time.monotonic()
                footprint, private = watch.now()
                print(
                    f"    {last[0] - started:5.0f} s: season {state['season']}, move"
                    f" {state['moves']:3}, footprint {footprint:4.0f} MB, private {private:4.0f} MB,"
                    f" Python's heap {state['wasm']:.0f} MB; {kinds_now(watch)}",
                    flush=True,
                )

        try:
            phone.init_script(WASM_PROBE)
            if snapshot and kind != "bare":
                phone.init_script("window.mykerinosSnapshot = 'fetch';")
            phone.goto(url)
            phone.wait(READY_JS, READY_TIMEOUT_S, 0.2)
            time.sleep(1.0)
            note["ready"] = watch.now()
            note["start_peak"] = watch.peak()  # the start's own peak (a restore's, with --snapshot)
            if kind != "bare":
                note["python"] = phone.js(
                    "window.mykerinosPython ? window.mykerinosPython.snapshot : null"
                )
            if kind == "bare":
                time.sleep(BARE_WATCH_S)
                note["over"] = True
                note["wasm"] = watch.wasm_mb = phone.js(WASM_MB)
            elif kind in PARTS:
                part(phone, kind, seed, note)
                watch.wasm_mb = note["wasm"]
            elif kind == "guest":
                assert logged is not None
                replay(phone, logged, note, on_state)
            else:
                play(phone, GAMES[kind], seed, note, on_state)
            note["settled"], note["policy"] = settle(phone, watch, settle_s, limit, strict)
        except PageGone:
            pass
        except (RuntimeError, TimeoutError) as error:
            note["error"] = str(error)
        note["killed"] = phone.killed
        note["peak"] = watch.peak()
        note["at_peak"] = watch.at_peak
        if phone.killed:
            note["settled"] = None
    return note


def fmt(mb: float | None) -> str:
    return "-" if mb is None else f"{mb:.0f}"


def pair(mbs: tuple[float, float] | None) -> str:
    """footprint/private, MB."""
    return "-/-" if mbs is None else f"{mbs[0]:.0f}/{mbs[1]:.0f}"


def spread(values: list[float]) -> str:
    """Median and range."""
    if not values:
        return "-"
    if len(values) == 1:
        return f"{values[0]:.0f}"
    return f"{statistics.median(values):.0f} ({min(values):.0f}-{max(values):.0f})"


def describe(kind: str) -> str:
    if kind == "bare":
        return "bare Pyodide page"
    if kind in GAMES:
        return f"{kind}: {', '.join(GAMES[kind])}"
    if kind == "guest":
        return "guest: a live game's, replayed"
    return f"the game page, {kind} alone"


def report(kind: str, limit: int, note: dict) -> None:
    if note.get("killed"):
        fate = f"KILLED ({note['killed']}) in season {note['season']}, move {note['moves']}"
    elif note.get("error"):
        fate = f"failed: {note['error']}"
    elif kind in PARTS:
        fate = f"alive ({note['work']})"
    elif kind == "guest":
        fate = f"alive, game over, {note['moves']} moves, the recorded guest's record"
    elif kind != "bare":
        fate = f"alive, game over, {note['moves']} moves"
    else:
        fate = "alive"
    policy = f" ({note['policy']})" if note.get("policy") else ""
    print(
        f"  L={limit} {describe(kind):40} footprint/private MB: ready {pair(note.get('ready'))}"
        f" (start's peak {pair(note.get('start_peak'))}{', Python ' + note['python'] if note.get('python') else ''}),"
        f" peak {pair(note.get('peak'))}, settled {pair(note.get('settled'))}{policy};"
        f" Python's heap {fmt(note.get('wasm'))} MB; {fate}",
        flush=True,
    )


def summary(limit: int, notes: dict[tuple[str, str], list[dict]], many_sites: bool) -> None:
    """Medians and ranges over the runs; the game's share; the peaks by kind."""
    print(f"\nL={limit}: medians (range) over the runs, MB; footprint is WebKit's, private /proc's")
    print(
        f"  {'page':52} {'lived':>5}  {'peak footprint':>16} {'peak private':>16}"
        f" {'settled footprint':>18} {'settled private':>16}"
    )
    for (kind, site), runs in notes.items():
        name = describe(kind) + (f" [{Path(site).name}]" if many_sites and site else "")
        alive = [n for n in runs if not n.get("killed") and not n.get("error")]
        settled = [n["settled"] for n in alive if n.get("settled")]
        print(
            f"  {name:52} {len(alive)}/{len(runs):<3}"
            f"  {spread([n['peak'][0] for n in runs]):>16} {spread([n['peak'][1] for n in runs]):>16}"
            f" {spread([s[0] for s in settled]):>18} {spread([s[1] for s in settled]):>16}"
        )
    bare = notes.get(("bare", ""), [])
    for (kind, site), runs in notes.items():
        if kind == "bare" or not bare:
            continue
        shares = [
            (game["settled"][0] - base["settled"][0], game["peak"][0] - base["peak"][0])
            for game, base in zip(runs, bare)
            if game.get("settled") and base.get("settled")
        ]
        if shares:
            where = f" [{Path(site).name}]" if many_sites else ""
            print(
                f"  the {kind} game's share above the bare page of its run{where}, footprint:"
                f" settled {spread([a for a, _ in shares])} MB, peak {spread([b for _, b in shares])} MB"
            )
    columns = {}
    for (kind, site), runs in notes.items():
        found = [n["at_peak"] for n in runs if n.get("at_peak")]
        if found:
            columns[kind + (f" {Path(site).name}"[:8] if many_sites and site else "")] = {
                k: {key: int(statistics.median(f[k][key] for f in found)) for key in found[0][k]}
                for k in found[0]
            }
    if columns:
        for key, what in (
            ("footprint", "WebKit's footprint"),
            ("private", "private"),
            ("rss", "resident"),
        ):
            print(
                f"\n  L={limit} at the footprint's peak, by kind (bench/smaps.py), {what}, MB (medians)"
            )
            print("\n".join("  " + line for line in smaps.table(columns, key).splitlines()))
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limits", default="400,500", help="memory limits in MB (default 400,500)")
    parser.add_argument(
        "--games",
        default="bare,computers,person",
        help="among bare, computers, person, guest (a live game's guest, replayed); and the"
        " candidates for the game's share, each alone on the game page: " + ", ".join(PARTS),
    )
    parser.add_argument("--runs", type=int, default=3, help="rounds of every game (default 3)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the games (default 7)")
    parser.add_argument(
        "--site",
        action="append",
        default=[],
        help="a built site to serve as it is (repeatable: sites compared in one run)",
    )
    parser.add_argument(
        "--settle", type=float, default=20, help="seconds idle after the end (default 20)"
    )
    parser.add_argument(
        "--trace", type=float, default=0, help="print the memory every this many seconds of a game"
    )
    parser.add_argument(
        "--painting",
        choices=("cpu", "gpu"),
        default="cpu",
        help="the page's layers painted on the processor as on a phone (default), or with"
        " WebKitGTK's GPU painting (here: Mesa's software GL; tools/phone_browser.py)",
    )
    parser.add_argument(
        "--strict",
        type=float,
        default=smaps.STRICT,
        help="the fraction of the limit above which WebKit goes through its critical release"
        " every second (default 0.5, WebKit's own; tools/phone_browser.py)",
    )
    parser.add_argument(
        "--snapshot",
        action="store_true",
        help="the game's Python restored from the build's snapshot, as on a return visit"
        " (web/front/js/python.js), where a new profile would start it as usual",
    )
    args = parser.parse_args(argv)
    limits = [int(n) for n in args.limits.split(",")]
    kinds = [k.strip() for k in args.games.split(",") if k.strip()]
    known = {"bare", "guest", *GAMES, *PARTS}
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
            "WebKitGTK under a phone's memory limit, the page's process"
            f" (seed {args.seed}, {args.runs} runs, painting on the {args.painting}, critical release above {args.strict:.0%} of"
            f" the limit; load average " + " ".join(f"{x:.1f}" for x in os.getloadavg()) + ")",
            flush=True,
        )
        logs: dict[str, dict] = {}  # the live game's guest logged, by site: once a run
        if "guest" in kinds:
            for folder in sites:
                logged = logs[str(folder)] = record_guest(folder, args.seed)
                print(
                    f"a live game recorded in Chromium{f' [{folder.name}]' if len(sites) > 1 else ''}:"
                    f" {len(logged['record']['moves'])} moves in {logged['seconds']:.0f} s,"
                    f" the guest's {len(logged['calls'])} calls logged",
                    flush=True,
                )
        try:
            for limit in limits:
                notes: dict[tuple[str, str], list[dict]] = {}
                for run in range(args.runs):
                    print(f" run {run + 1} of {args.runs}", flush=True)
                    # Every game and site in turn, so that load drifts hit all of them.
                    for kind in kinds:
                        for site, url in ({"": bare_url} if kind == "bare" else game_urls).items():
                            if len(game_urls) > 1 and site:
                                print(f"  [{site}]")
                            note = measure(
                                kind,
                                url,
                                limit,
                                args.seed,
                                args.settle,
                                args.trace,
                                args.painting,
                                logs.get(site),
                                args.snapshot,
                                args.strict,
                            )
                            notes.setdefault((kind, site), []).append(note)
                            report(kind, limit, note)
                summary(limit, notes, len(game_urls) > 1)
        finally:
            for server in servers:
                server.shutdown()
                server.server_close()
    print("load average at the end: " + " ".join(f"{x:.1f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
