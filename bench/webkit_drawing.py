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
import http.server
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.crossbrowser.tabs import MINIBROWSER, x_display  # noqa: E402

WEBDRIVER = os.environ.get("WEBKIT_DRIVER") or shutil.which("WebKitWebDriver") or "WebKitWebDriver"
DRAWING_STARTS_S = 6  # the page's own delay before it draws


def page_processes() -> list[int]:
    pids = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                comm = Path(f"/proc/{name}/comm").read_text().strip()
            except OSError:
                continue
            if comm.startswith("WebKitWebProces"):  # the kernel cuts names at 15 characters
                pids.append(int(name))
    return pids


def private_mb(pid: int) -> float:
    kb = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith(("Private_Clean", "Private_Dirty")):
                kb += int(line.split()[1])
    except OSError:
        return 0.0
    return kb / 1024


def sample(seconds: float) -> list[tuple[float, float]]:
    """(time since the page opened, the largest page process's private MB), twice a second."""
    out = []
    start = time.monotonic()
    while (now := time.monotonic() - start) < seconds:
        out.append((now, max((private_mb(p) for p in page_processes()), default=0.0)))
        time.sleep(0.5)
    return out


def serve() -> str:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    def handler(*args: object, **kwargs: object) -> Quiet:
        return Quiet(*args, directory=str(ROOT / "bench"), **kwargs)  # type: ignore[arg-type]

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/webkit_drawing.html"


def run(url: str, seconds: float, driver: bool, display: str) -> list[tuple[float, float]]:
    env = {**os.environ, "DISPLAY": display}
    if not driver:
        browser = subprocess.Popen(
            [MINIBROWSER, url], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            return sample(seconds)
        finally:
            browser.terminate()
            browser.wait()
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    os.environ["DISPLAY"] = display
    options = Options()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    session = webdriver.WebKitGTK(options=options, service=Service(executable_path=WEBDRIVER))
    try:
        session.get(url)
        return sample(seconds)
    finally:
        session.quit()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", default="50,200,600")
    parser.add_argument("--modes", default="replace,update,attrs")
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--driver", action="store_true")
    args = parser.parse_args(argv)
    url = serve()
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
