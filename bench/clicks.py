#!/usr/bin/env python3
"""Click latency benchmark: a whole 4-player game played by clicking in Chromium.

Usage: python3 bench/clicks.py [--seed 7] [--out DIR] [--no-build] [--players 4]
                               [--site DIR --site DIR ...] [--rounds N] [--phone]
                               [--cpu RATE] [--trace DIR]

Builds the site (tools/build.py) into DIR (default: a temporary folder),
serves it on 127.0.0.1, opens it in headless Chromium (Playwright, the
browser of tools/chromium.py), starts a hot-seat game through the new-game
dialog (every seat a person) and plays it to the end by clicking highlighted
targets and action buttons, as a person would. For every click it records,
inside the page:

- latency: from the click event's time stamp to the frame that shows the
  answer being painted (the first task after the animation frame that drew
  the new view: a MessageChannel message posted from that frame runs once
  its rendering is done);
- python: the time spent in the bridge's click call (the engine, the view,
  the save and the JSON text), and the size of that text;
- draw: the animation frame's drawing (web/front/js/render.js: the parts whose
  slice changed, and what follows a draw);
- Event Timing: Chromium's own measure of the same click (input to next
  paint, rounded to 8 ms; clicks under 16 ms are not reported, counted here
  as 16 ms), when it reports one.

Prints count, median, p95 and max of each, and the load average. Prints
numbers only, checks nothing (speed is not asserted by tests).

--phone plays on a phone's screen (390x844 CSS px, touch, device scale 2).

--cpu RATE slows Chromium's processor RATE times (Emulation.setCPUThrottlingRate
through a CDP session, from the page's first request: 4 is what Lighthouse
takes for a mid-range phone), the page's dedicated workers included
(tools/worker_cpu.py, which needs root and cgroup v1).

--trace DIR records a Chromium trace of each game (devtools.timeline, the
page's main thread: what DevTools' Performance panel shows) into DIR and
prints, per click, the mean time of the main thread's events by name (nested
events counted in their own name too: a style recalculation forced by the
drawing shows in UpdateLayoutTree and in FireAnimationFrame).

--site DIR (repeatable) serves built sites as they are instead, one after the
other in the same run (the same game, the same clicks), to compare builds.
--rounds N plays the game N times on each site, the sites interleaved (A B,
then B A, ...), so that a change of the machine's load falls on both; each
game is printed, then each site's clicks of all its games together.

Every build since the page's calls went through one function
(`window.mykerinos.call`, before the light first visit) is driven alike; an
older build, whose `window.mykerinos` had one function per call, is refused
with a message rather than timed wrongly.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.stats import line  # noqa: E402
from tools import (  # noqa: E402
    build,
    chromium,  # noqa: E402
    serve,
    worker_cpu,
)

CATS = ["devtools.timeline"]
PHONE = {"width": 390, "height": 844}  # CSS px, portrait (--phone)
TIMEOUT_MS = 120_000
MAX_CLICKS = 1500
NAMES = ["Ann", "Bob", "Cleo", "Dan"]

# Installed before the page's own scripts: timing of every click, in the page.
PROBE = """
(() => {
  const records = [];
  let pending = null;        // the click being answered
  let rafStart = 0;          // when the current animation frame callback began
  window.__clicks = records;
  window.__lastView = null;

  // Each animation frame callback: when it began (the page draws in one).
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => raf((ts) => {
    rafStart = performance.now();
    callback(ts);
  });

  addEventListener("click", (event) => {
    if (!(event.target instanceof Element) || !event.target.closest("[data-target]")) return;
    pending = { target: event.target.closest("[data-target]").dataset.target,
                start: event.timeStamp, python: 0, bytes: 0, draw: 0, latency: 0,
                eventTiming: null, interaction: 0 };
    wrapPython();
  }, true);

  // The Python side, timed around the bridge's "click" calls (window.mykerinos.call,
  // set by web/front/js/engine.js), wrapped at the first click (the page looks it up on each call).
  function wrapPython() {
    const api = window.mykerinos;
    if (!api || api.call.__timed) return;
    const call = api.call;
    // Python answers a promise (in its worker) or, in older builds, the text.
    const timed = (name, args) => {
      if (name !== "click") return call(name, args);
      const t0 = performance.now();
      const seen = (text) => {
        if (pending) {
          pending.python = performance.now() - t0;
          pending.bytes = text.length;
        }
        window.__lastView = text;
        return text;
      };
      const answer = call(name, args);
      return typeof answer === "string" ? seen(answer) : answer.then(seen);
    };
    timed.__timed = true;
    api.call = timed;
  }

  // body[data-drawn] grows at the end of each draw: the frame's drawing is
  // done; the next task after this frame's rendering marks the paint.
  new MutationObserver(() => {
    if (!pending || pending.python === 0 || pending.draw) return;
    const record = pending;
    record.draw = performance.now() - rafStart;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      record.latency = performance.now() - record.start;
      pending = null;
      records.push(record);
    };
    channel.port2.postMessage(0);
  }).observe(document, { subtree: true, attributes: true,
                        attributeFilter: ["data-drawn"] });

  // Chromium's Event Timing entries for clicks (>= 16 ms only).
  window.__eventTiming = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === "click") {
          window.__eventTiming.push({ name: entry.name, start: entry.startTime,
                                      duration: entry.duration,
                                      interaction: entry.interactionId || 0 });
        }
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  } catch (error) { /* no Event Timing in this browser */ }
})();
"""


def legal_targets(view: dict) -> dict[str, list[str]]:
    """The view's clickable targets, by kind (docs/VIEW.md)."""
    region = view["region"]
    return {
        "actions": [a["id"] for a in view["actions"]],
        "cells": ["cell:" + c["name"] for c in region["cells"] if c["hl"]],
        "rooms": ["room:" + r["id"] for r in view["museum"] if r["hl"]],
        "cards": ["card:" + p["id"] for p in region["parcels"] + region["nile"] if p["hl"]],
    }


def choose(view: dict, rng: random.Random) -> str:
    """A legal target: mostly real actions built cube by cube, passing one time in five."""
    t = legal_targets(view)
    if view["building"]:
        return rng.choice(t["cells"] + t["rooms"])
    if t["cards"] or (t["rooms"] and not t["actions"]):
        if t["cards"] and (not t["rooms"] or rng.random() < 0.7):
            return rng.choice(t["cards"])
        return rng.choice(t["rooms"])
    if not t["actions"]:
        raise RuntimeError(f"nothing to click: {view['prompt']}")
    others = [a for a in t["actions"] if a != "action:pass"]
    if others and rng.random() >= 0.2:
        return rng.choice(others)
    return rng.choice(t["actions"])


def start_game(page, names: list[str], seed: int) -> dict:
    """A hot-seat game through the new-game dialog; returns its first view."""
    if not page.evaluate("document.querySelector('#new-game-dialog').open"):
        page.click("#new-game")
    page.select_option("#players-count", str(len(names)))
    for i, name in enumerate(names):
        page.select_option(f"#seat-{i}", "human")
        page.fill(f"#player-name-{i}", name)
    page.fill("#seed", str(seed))
    before = page.evaluate("Number(document.body.dataset.drawn || 0)")
    page.click("#start-game")
    page.wait_for_function("n => Number(document.body.dataset.drawn || 0) > n", arg=before)
    return json.loads(page.evaluate("window.mykerinos.call(`view`, `[]`)"))


def play(page, view: dict, seed: int) -> list[dict]:
    """Click until the game ends; the page's records, one per click."""
    rng = random.Random(seed)
    clicks = 0
    while view["final"] is None:
        target = choose(view, rng)
        count = page.evaluate("window.__clicks.length")
        page.locator(f'[data-target="{target}"]').click()
        page.wait_for_function("n => window.__clicks.length > n", arg=count, timeout=TIMEOUT_MS)
        view = json.loads(page.evaluate("window.__lastView"))
        if view["message"] is not None:
            raise RuntimeError(f"{target} refused: {view['message']}")
        clicks += 1
        if clicks > MAX_CLICKS:
            raise RuntimeError("the game does not end")
    return page.evaluate("window.__clicks")


def event_timing(records: list[dict], entries: list[dict]) -> list[float]:
    """Per click, Chromium's click-to-paint duration (16 ms when none was
    reported: shorter ones are not). Only the click entry: the automation
    presses and releases the button in two steps, so pointerdown's entry
    would also count the wait between them. An entry's start is its event's
    time stamp, so it is matched to the click with the same stamp (clicks
    come ~80 ms apart: a wider window would take a neighbour's entry)."""
    out = []
    for record in records:
        same = [e["duration"] for e in entries if abs(e["start"] - record["start"]) <= 1]
        out.append(max(same) if same else 16.0)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=7, help="the game's seed and the clicks' seed")
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--out", type=Path, default=None, help="build the site here")
    parser.add_argument("--no-build", action="store_true", help="serve --out as it is")
    parser.add_argument(
        "--site", action="append", default=[], help="a built site to serve as it is (repeatable)"
    )
    parser.add_argument(
        "--phone",
        action="store_true",
        help="a phone's screen (390x844, touch, scale 2): the phone layout, its scrolling included",
    )
    parser.add_argument(
        "--rounds", type=int, default=1, help="games per site, the sites interleaved (default 1)"
    )
    parser.add_argument(
        "--cpu",
        type=float,
        default=1,
        help="slow Chromium's processor this many times (4: a mid-range phone; default 1)",
    )
    parser.add_argument(
        "--trace",
        type=Path,
        default=None,
        help="record each game's Chromium trace into this folder",
    )
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="mykerinos-clicks-") as scratch:
        if args.site:
            sites = [Path(site).resolve() for site in args.site]
        else:
            out = (args.out or Path(scratch) / "dist").resolve()
            if not (args.no_build and (out / "index.html").is_file()):
                build.build(out, quiet=True)
            sites = [out]
        games: dict[Path, list[tuple[list[dict], list[dict], float, str]]] = {s: [] for s in sites}
        for round_ in range(args.rounds):
            for site in sites if round_ % 2 == 0 else sites[::-1]:
                label = f" [{site}]" if args.site else ""
                if args.rounds > 1:
                    label += f" game {round_ + 1} of {args.rounds}"
                trace = None
                if args.trace:
                    args.trace.mkdir(parents=True, exist_ok=True)
                    trace = args.trace / f"clicks-{sites.index(site) + 1}-{round_ + 1}.json"
                game = measure(site, args, trace)
                games[site].append(game)
                report(label, args, *game)
                if trace:
                    print(trace_summary(trace, len(game[0])))
                sys.stdout.flush()
        if args.rounds > 1:
            for site, played in games.items():
                label = f" [{site}]" if args.site else ""
                records = [r for game in played for r in game[0]]
                # Each game's entries match its own clicks (every page's clock starts at 0).
                timed = [t for game in played for t in event_timing(game[0], game[1])]
                seconds = sum(game[2] for game in played)
                print(f"\nAll {len(played)} games together:")
                report(label, args, records, [], seconds, played[0][3], timed)
    return 0


def measure(
    site: Path, args: argparse.Namespace, trace: Path | None = None
) -> tuple[list[dict], list[dict], float, str]:
    """One game clicked through on the site built in ``site`` (its Chromium trace into ``trace``)."""
    from playwright.sync_api import sync_playwright

    server = serve.make_server(site, 0, "/", quiet=True)
    serve.start_in_thread(server)
    try:
        with sync_playwright() as pw, contextlib.ExitStack() as slowing:
            browser = chromium.launch(pw)
            phone = (
                {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
                if args.phone
                else {}
            )
            context = browser.new_context(service_workers="block", **phone)
            context.add_init_script(PROBE)
            page = context.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            if args.cpu != 1:
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu})
                # The page's workers too: DevTools slows its main thread only.
                slowing.enter_context(worker_cpu.slowed(args.cpu, browser))
            page.goto(serve.url_of(server))
            page.wait_for_selector('body[data-ready="1"]', state="attached")
            if not page.evaluate("typeof window.mykerinos?.call === 'function'"):
                raise SystemExit(f"{site}: a build without window.mykerinos.call (too old)")
            view = start_game(page, NAMES[: args.players], args.seed)
            if trace:
                browser.start_tracing(page=page, path=str(trace), categories=CATS)
            began = time.monotonic()
            records = play(page, view, args.seed)
            seconds = time.monotonic() - began
            if trace:
                browser.stop_tracing()
            entries = page.evaluate("window.__eventTiming")
            version = browser.version
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return records, entries, seconds, version


def trace_summary(path: Path, clicks: int, top: int = 12) -> str:
    """The main thread's events of a trace by name: the mean time per click."""
    data = json.loads(path.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M"
        and e.get("name") == "thread_name"
        and e.get("args", {}).get("name") == "CrRendererMain"
    }
    totals: dict[str, float] = {}
    for e in events:
        if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) in main and "dur" in e:
            totals[e["name"]] = totals.get(e["name"], 0.0) + e["dur"] / 1000
    rows = sorted(totals.items(), key=lambda kv: -kv[1])[:top]
    out = [f"  trace {path.name}: the main thread's events, mean ms per click ({clicks} clicks)"]
    out += [f"    {name:<28} {total / max(clicks, 1):8.2f}" for name, total in rows]
    return "\n".join(out)


def report(
    label: str,
    args: argparse.Namespace,
    records: list[dict],
    entries: list[dict],
    seconds: float,
    version: str,
    timed: list[float] | None = None,
) -> None:
    latency = [r["latency"] for r in records]
    python = [r["python"] for r in records]
    draw = [r["draw"] for r in records]
    size = [r["bytes"] / 1024 for r in records]
    rest = [r["latency"] - r["python"] - r["draw"] for r in records]
    timed = event_timing(records, entries) if timed is None else timed
    load = os.getloadavg()
    slowed = f", processor slowed {args.cpu:g}x" if args.cpu != 1 else ""
    screen = ", phone" if args.phone else ""
    print(
        f"bench/clicks.py{label}: {args.players}-player hot-seat game, seed {args.seed}, "
        f"{len(records)} clicks in {seconds:.0f} s (Chromium {version}{screen}{slowed})"
    )
    print(f"  load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")
    print(line("click -> painted", latency))
    print(line("Event Timing", timed))
    print(line("  Python click()", python))
    print(line("  JS draw (frame)", draw))
    print(line("  other (wait, paint)", rest))
    print(line("view JSON per click", size, "KB"))
    within = sum(1 for v in latency if v <= 50) / len(latency)
    print(f"  clicks answered within 50 ms: {within:.0%} (target: p95 <= 50 ms)")
    over = sum(1 for v in timed if v > 200)
    print(f"  clicks over 200 ms by Event Timing: {over}")
    slow = sorted(records, key=lambda r: -r["latency"])[:5]
    print(
        "  slowest: "
        + ", ".join(
            f"{r['target']} {r['latency']:.0f} ms (py {r['python']:.0f}, draw {r['draw']:.0f})"
            for r in slow
        )
    )


if __name__ == "__main__":
    sys.exit(main())
