#!/usr/bin/env python3
"""How WebKitGTK's page process grows with frames drawn, apart from the game.

Usage: python3 bench/webkit_drawing.py [--frames 50,200,600] [--modes replace,update,attrs]
                                       [--seconds 40] [--driver]

Opens bench/webkit_drawing.html in WebKitGTK's MiniBrowser (under its own Xvfb
unless DISPLAY is set), which draws N frames of a board-sized SVG (400 rects,
100 texts) and a 60-line list, 6 s after load, in one of three ways:
`replace` builds new nodes every frame, `update` changes attributes and texts
in place, `attrs` changes attributes only. Prints the page process's private
memory (from /proc, as bench/memory.py) just before the drawing, its peak, and
at the end of the window. `--driver` opens the page through WebKitWebDriver
instead (as the tests and bench/memory.py do), to compare with a browser that
no automation drives.
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

from bench.runtime import private_mb  # noqa: E402
from harness.tabs import MINIBROWSER, WEBKIT_DRIVER, WebKitTab, x_display  # noqa: E402
from tools import serve  # noqa: E402

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
        tab = WebKitTab(MINIBROWSER, WEBKIT_DRIVER, display)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", default="50,200,600")
    parser.add_argument("--modes", default="replace,update,attrs")
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--driver", action="store_true")
    args = parser.parse_args(argv)
    server = serve.make_server(ROOT / "bench", 0, "/", quiet=True)
    serve.start_in_thread(server)
    url = serve.url_of(server) + "webkit_drawing.html"
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
