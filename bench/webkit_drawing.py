#!/usr/bin/env python3
"""How WebKitGTK's page process grows with frames drawn, apart from the game.

Usage: python3 bench/webkit_drawing.py [--frames 50,200,600] [--modes replace,update,attrs]
                                       [--seconds 40] [--driver]
       python3 bench/webkit_drawing.py --phone 400 [--frames 600] [--runs 1]
                                       [--steps STEP;STEP;...] [--painting cpu|gpu]

Opens bench/webkit_drawing.html in WebKitGTK's MiniBrowser (under its own Xvfb
unless DISPLAY is set), which draws N frames of a board-sized SVG (400 rects,
100 texts) and a 60-line list, 6 s after load, in one of three ways:
`replace` builds new nodes every frame, `update` changes attributes and texts
in place, `attrs` changes attributes only. Prints the page process's private
memory (from /proc, as bench/memory.py) just before the drawing, its peak, and
at the end of the window. `--driver` opens the page through WebKitWebDriver
instead (as the tests and bench/memory.py do), to compare with a browser that
no automation drives.

`--phone L` bisects upwards instead, under a phone's limit of L MB
(tools/phone_browser.py, as bench/phone.py): each step a new browser, the
page drawing `--frames` frames with the game's features added one at a time
(`--steps`, cumulative by default: replace, then css, text, filter, clip,
gradient, layers, anim, live, game, morph, pyodide; see the page). Printed
for each step: WebKit's footprint and /proc's private memory before the
drawing, at the peak and settled (bench/phone.py), and the footprint at its peak by kind (bench/smaps.py).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import smaps  # noqa: E402
from bench.phone import Watch, pair, settle  # noqa: E402
from bench.runtime import private_mb  # noqa: E402
from harness.tabs import MINIBROWSER, WEBKIT_DRIVER, WebKitTab, x_display  # noqa: E402
from tools import serve  # noqa: E402
from tools.phone import PageGone, Phone  # noqa: E402

DRAWING_STARTS_S = 6  # the page's own delay before it draws


def sample(seconds: float) -> list[tuple[float, float]]:
    """(time since the page opened, the page process's private MB), twice a second."""
    out = []
    start = time.monotonic()
    while (now := time.monotonic() - start) < seconds:
        out.append((now, private_mb("webkit")))
        time.sleep(0.5)
    return out


def run(url: str, seconds: float, driver: bool, display: str) -> list[tuple[float, float]]:
    if driver:
        tab = WebKitTab(MINIBROWSER, WEBKIT_DRIVER, display, gl_painting=True)
        try:
            tab.goto(url)
            return sample(seconds)
        finally:
            tab.close()
    env = {**os.environ, "DISPLAY": display}
    browser = subprocess.Popen(
        [MINIBROWSER, url], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        return sample(seconds)
    finally:
        browser.terminate()
        browser.wait()


STEPS = (
    "mode=replace",
    "mode=replace&features=css",
    "mode=replace&features=css,text",
    "mode=replace&features=css,text,filter",
    "mode=replace&features=css,text,filter,clip",
    "mode=replace&features=css,text,filter,clip,gradient",
    "mode=replace&features=css,text,filter,clip,gradient,layers",
    "mode=replace&features=css,text,filter,clip,gradient,layers,anim",
    "mode=replace&features=css,text,filter,clip,gradient,layers,anim,live",
    "mode=replace&features=css,text,filter,clip,gradient,layers,anim,live,game",
    "mode=morph&features=css,text,filter,clip,gradient,layers,anim,live,game",
    "mode=morph&features=css,text,filter,clip,gradient,layers,anim,live,game,pyodide",
)


def phone_step(url: str, limit: int, settle_s: float, painting: str = "cpu") -> dict:
    """One step in a new phone browser: memory before, at the peak, settled."""
    note: dict = {}
    with Phone(limit, painting=painting) as phone, Watch() as watch:
        try:
            phone.goto(url)
            phone.wait("document.title === 'ready'", 300, 0.2)
            time.sleep(0.9)
            note["before"] = watch.now()
            phone.wait("document.title === 'done'", 1800, 0.5)
            note["settled"], note["policy"] = settle(phone, watch, settle_s, limit)
        except PageGone:
            pass
        note["killed"] = phone.killed
        note["peak"] = watch.peak()
        note["at_peak"] = watch.at_peak
    return note


def bisect(
    url: str,
    limit: int,
    frames: int,
    steps: list[str],
    runs: int,
    settle_s: float,
    painting: str = "cpu",
) -> None:
    print(
        f"WebKitGTK under a limit of {limit} MB, {frames} frames a step, painting on the {painting};"
        " footprint/private MB (WebKit's footprint, /proc's private memory)",
        flush=True,
    )
    columns = {}
    for n, step in enumerate(steps):
        for run in range(runs):
            note = phone_step(f"{url}?frames={frames}&{step}", limit, settle_s, painting)
            fate = f"KILLED ({note['killed']})" if note["killed"] else "alive"
            print(
                f"{n:2} {step:72} before {pair(note.get('before'))}, peak {pair(note['peak'])},"
                f" settled {pair(note.get('settled'))} ({note.get('policy', '-')}); {fate}",
                flush=True,
            )
            if note["at_peak"] and run == 0:
                columns[f"step {n}"] = note["at_peak"]
    for key in ("footprint", "private"):
        print(f"\nat the footprint's peak, by kind, {key} MB (first run of each step)")
        print(smaps.table(columns, key))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", default="50,200,600")
    parser.add_argument("--modes", default="replace,update,attrs")
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--driver", action="store_true")
    parser.add_argument("--phone", type=int, default=0, help="bisect under this limit, MB")
    parser.add_argument("--steps", default=";".join(STEPS), help="queries, ';' between")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--settle", type=float, default=20)
    parser.add_argument(
        "--painting",
        choices=("cpu", "gpu"),
        default="cpu",
        help="with --phone: layers painted on the processor as on a phone (default), or"
        " WebKitGTK's GPU painting (tools/phone_browser.py)",
    )
    args = parser.parse_args(argv)
    if args.phone:
        server = serve.make_server(ROOT, 0, "/", quiet=True)
        serve.start_in_thread(server)
        url = serve.url_of(server) + "bench/webkit_drawing.html"
        frames = int(args.frames.split(",")[-1])
        try:
            bisect(
                url,
                args.phone,
                frames,
                args.steps.split(";"),
                args.runs,
                args.settle,
                args.painting,
            )
        finally:
            server.shutdown()
        return 0
    server = serve.make_server(ROOT, 0, "/", quiet=True)
    serve.start_in_thread(server)
    url = serve.url_of(server) + "bench/webkit_drawing.html"
    print(f"WebKitGTK page process, private memory (MB), {args.seconds:.0f} s from opening")
    print(
        f"{'mode':8} {'frames':>6} {'before':>7} {'peak':>6} {'end':>6} {'added':>6} {'MB/frame':>8}"
    )
    with x_display() as display:
        for mode in args.modes.split(","):
            for frames in (int(n) for n in args.frames.split(",")):
                samples = run(
                    f"{url}?frames={frames}&mode={mode}", args.seconds, args.driver, display
                )
                before = max(
                    m for t, m in samples if DRAWING_STARTS_S - 3 <= t <= DRAWING_STARTS_S - 0.5
                )
                peak = max(m for _, m in samples)
                end = samples[-1][1]
                print(
                    f"{mode:8} {frames:>6} {before:>7.0f} {peak:>6.0f} {end:>6.0f} "
                    f"{end - before:>+6.0f} {(end - before) / frames:>8.2f}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
