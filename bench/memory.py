#!/usr/bin/env python3
"""The page's memory over a whole 4-player game of computer players, in Chromium, Firefox and WebKit.

Usage: python3 bench/memory.py [--browsers chromium,firefox,webkit]
                               [--seats hard,hard,medium,easy] [--seed 7] [--prebuilt DIR]

Builds the site into a temporary folder (or serves DIR as it is), serves it on
127.0.0.1, opens it in each browser, waits for the service worker, starts a
4-player game whose seats are all computer players (their moves come from the
page's bot worker, as against a person) and waits for its end.

What is measured, from Linux's /proc (every process is found as a descendant
of this script, so nothing else on the machine is counted):

- the browser's content processes: Chromium's renderers (`--type=renderer`,
  not its own UI), Firefox's content processes (`-contentproc ... tab`: the
  page's isolated process, and pre-started and extension ones), WebKit's
  WebKitWebProcess. The page's own process is the one with the most memory:
  the page and its bot worker (a thread there, running its own Pyodide) live
  in it;
- per process: peak RSS (VmHWM, the kernel's own peak: resident memory,
  shared libraries included), peak PSS (shared pages divided among the
  processes that share them) and peak private memory (pages no other process
  maps: the closest to what a phone charges a tab), the last two sampled once a
  second from smaps_rollup; and the sums over all content processes;
- Chromium only, over CDP (Performance.getMetrics): JSHeapUsedSize and
  JSHeapTotalSize of the page's main thread, peak. The worker's heap and
  Pyodide's WebAssembly memory are not in it: the process figures are the ones
  to watch.

Prints numbers and checks nothing; the target is a peak under 300 MB (Safari on
phones closes tabs that take much more).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.crossbrowser.tabs import (  # noqa: E402
    FIREFOX, MINIBROWSER, WEBKIT_DRIVER, PlaywrightTab, PlaywrightThread, WebKitTab, x_display)
from tools import build, serve  # noqa: E402

TARGET_MB = 300
GAME_TIMEOUT_S = 1200
NAMES = ["Hatshepsut", "Imhotep", "Khufu", "Nefertiti"]
MB = 1024 * 1024


# ------------------------------------------------------------------ /proc
def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = defaultdict(list)
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        kids[ppid].append(int(entry))
    return kids


def descendants(root: int) -> list[int]:
    kids = _children()
    found, stack = [], [root]
    while stack:
        for child in kids.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def _args(pid: int) -> list[str]:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    return [a.decode(errors="replace") for a in raw.split(b"\0") if a]


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def _field_kb(path: str, key: str) -> int:
    """A "Key:   123 kB" line of a /proc file, in kB (0 once the process is gone)."""
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def is_page_process(browser: str, pid: int) -> bool:
    # Chromium rewrites its command line as one string: match words in the joined text.
    words = f" {' '.join(_args(pid))} "
    if browser == "chromium":  # web page renderers, not the browser's own UI or extensions
        return (" --type=renderer " in words and " --top-chrome-webui " not in words
                and " --extension-process " not in words)
    if browser == "firefox":  # web content, not the socket, GPU or utility processes
        return " -contentproc " in words and words.endswith(" tab ")
    return _comm(pid).startswith("WebKitWebProces")  # comm is cut at 15 characters


def _rollup(pid: int) -> tuple[int, int]:
    """(PSS, private) of a process, in bytes, from /proc/PID/smaps_rollup."""
    path = f"/proc/{pid}/smaps_rollup"
    private = _field_kb(path, "Private_Clean") + _field_kb(path, "Private_Dirty")
    return _field_kb(path, "Pss") * 1024, private * 1024


class Sampler:
    """Samples the page processes' memory on a thread until stopped: RSS four
    times a second, PSS and private memory once a second (smaps_rollup costs more)."""

    def __init__(self, browser: str, heap=None) -> None:
        self.browser = browser
        self.heap = heap  # callable -> (used, total) bytes, or None
        self.peak_rss_sum = self.peak_pss_sum = 0
        self.peak_heap = (0, 0)
        self.peaks: dict[int, dict[str, int]] = {}  # pid -> {"hwm", "pss", "private"} bytes
        self.names: dict[int, str] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def pages(self) -> list[int]:
        return [p for p in descendants(os.getpid()) if is_page_process(self.browser, p)]

    def now(self) -> tuple[int, int]:
        """(RSS, PSS) summed over the page processes now, in bytes."""
        pids = self.pages()
        rss = sum(_field_kb(f"/proc/{p}/status", "VmRSS") for p in pids) * 1024
        return rss, sum(_rollup(p)[0] for p in pids)

    def _peak(self, pid: int, key: str, value: int) -> None:
        peaks = self.peaks.setdefault(pid, {"hwm": 0, "pss": 0, "private": 0})
        peaks[key] = max(peaks[key], value)

    def _loop(self) -> None:
        tick = 0
        while not self._stop.wait(0.25):
            pids = self.pages()
            rss = 0
            for pid in pids:
                rss += _field_kb(f"/proc/{pid}/status", "VmRSS") * 1024
                self._peak(pid, "hwm", _field_kb(f"/proc/{pid}/status", "VmHWM") * 1024)
                self.names.setdefault(pid, _comm(pid))
            self.peak_rss_sum = max(self.peak_rss_sum, rss)
            if tick % 4 == 0:
                pss_sum = 0
                for pid in pids:
                    pss, private = _rollup(pid)
                    self._peak(pid, "pss", pss)
                    self._peak(pid, "private", private)
                    pss_sum += pss
                self.peak_pss_sum = max(self.peak_pss_sum, pss_sum)
                if self.heap is not None:
                    used, total = self.heap()
                    self.peak_heap = (max(self.peak_heap[0], used), max(self.peak_heap[1], total))
            tick += 1

    def page_process(self) -> int | None:
        """The page's own process: of those sampled, the one with the most memory."""
        return max(self.peaks, key=lambda pid: self.peaks[pid]["pss"], default=None)

    def __enter__(self) -> "Sampler":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


# --------------------------------------------------------------- browsers
def open_tab(browser: str, stack: list):
    """A tab in that browser; `stack` collects what to close afterwards."""
    if browser in ("chromium", "firefox"):
        downloads = tempfile.mkdtemp(prefix="mykerinos-bench-")
        stack.append(lambda: shutil.rmtree(downloads, ignore_errors=True))
        owner = (PlaywrightThread.chromium() if browser == "chromium"
                 else PlaywrightThread.firefox(FIREFOX, downloads))
        stack.append(owner.close)
        tab = PlaywrightTab(owner)
        stack.append(tab.close)
        return tab
    display = x_display()
    stack.append(lambda: display.__exit__(None, None, None))
    tab = WebKitTab(MINIBROWSER, WEBKIT_DRIVER, display.__enter__())
    stack.append(tab.close)
    return tab


def cdp_heap(tab):
    """A callable giving the page's main-thread JS heap (used, total) over CDP."""
    session = tab.run(lambda: tab.context.new_cdp_session(tab.page))
    tab.run(lambda: session.send("Performance.enable"))

    def read() -> tuple[int, int]:
        metrics = tab.run(lambda: session.send("Performance.getMetrics"))["metrics"]
        values = {m["name"]: m["value"] for m in metrics}
        return int(values.get("JSHeapUsedSize", 0)), int(values.get("JSHeapTotalSize", 0))

    return read


def measure(browser: str, url: str, seats: list[str], seed: int) -> None:
    stack: list = []
    try:
        tab = open_tab(browser, stack)
        heap = cdp_heap(tab) if browser == "chromium" else None
        with Sampler(browser, heap) as sampler:
            started = time.monotonic()
            tab.goto(url)
            tab.wait_ready()
            tab.wait("navigator.serviceWorker.getRegistration()"
                     ".then(r => !!(r && r.active && r.active.state === 'activated'))", 120)
            ready_s = time.monotonic() - started
            time.sleep(1.0)
            ready_rss, ready_pss = sampler.now()
            tab.new_game(NAMES[:len(seats)], seats, seed)
            game_started = time.monotonic()
            deadline = game_started + GAME_TIMEOUT_S
            while True:
                state = tab.js("({over: JSON.parse(window.mykerinos.view()).final !== null,"
                               " bots: document.body.dataset.bot})")
                if state["over"] or state["bots"] == "failed" or time.monotonic() > deadline:
                    break
                time.sleep(1.0)
            game_s = time.monotonic() - game_started
            moves = len(tab.js("JSON.parse(window.mykerinos.exportRecord()).moves"))
            end_rss, end_pss = sampler.now()
        label = f"{browser} {tab.version}"
        if not state["over"]:
            why = ("the computer players failed: "
                   + str(tab.js("document.querySelector('#bot-status').innerText"))
                   if state["bots"] == "failed" else f"not over after {GAME_TIMEOUT_S} s")
            print(f"{label}: THE GAME DID NOT END ({why})")
        print(f"{label}: ready (service worker included) in {ready_s:.1f} s; "
              f"{len(seats)}-player game ({', '.join(seats)}), {moves} moves in {game_s:.0f} s")
        page = sampler.page_process()
        if page is not None:
            peaks = sampler.peaks[page]
            print(f"  the page's process (pid {page}, {sampler.names.get(page, '?')}): "
                  f"peak RSS {peaks['hwm'] / MB:.0f} MB, peak PSS {peaks['pss'] / MB:.0f} MB, "
                  f"peak private {peaks['private'] / MB:.0f} MB")
        print(f"  all {len(sampler.peaks)} content processes of the browser: RSS ready "
              f"{ready_rss / MB:.0f} MB, peak {sampler.peak_rss_sum / MB:.0f} MB, end {end_rss / MB:.0f} MB;"
              f" PSS ready {ready_pss / MB:.0f} MB, peak {sampler.peak_pss_sum / MB:.0f} MB,"
              f" end {end_pss / MB:.0f} MB")
        for pid, peaks in sorted(sampler.peaks.items(), key=lambda item: -item[1]["pss"]):
            print(f"    pid {pid} {sampler.names.get(pid, '?'):16} peak RSS {peaks['hwm'] / MB:4.0f} MB,"
                  f" PSS {peaks['pss'] / MB:4.0f} MB, private {peaks['private'] / MB:4.0f} MB")
        if heap is not None:
            used, total = sampler.peak_heap
            print(f"  page main thread JS heap (CDP): peak used {used / MB:.1f} MB, "
                  f"peak total {total / MB:.1f} MB")
        if page is not None:
            peaks = sampler.peaks[page]
            verdicts = [f"{name} {'under' if peaks[key] < TARGET_MB * MB else 'OVER'}"
                        for name, key in (("RSS", "hwm"), ("PSS", "pss"), ("private", "private"))]
            print(f"  the page's process against the {TARGET_MB} MB target: {', '.join(verdicts)}")
        sys.stdout.flush()
    finally:
        for close in reversed(stack):
            try:
                close()
            except Exception as error:  # report, and close the rest
                print(f"  ({browser}: closing: {error})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--browsers", default="chromium,firefox,webkit",
                        help="comma-separated, among chromium, firefox, webkit (default all)")
    parser.add_argument("--seats", default="hard,hard,medium,easy",
                        help="the computer players' levels, 2 to 4 (default hard,hard,medium,easy)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the game (default 7)")
    parser.add_argument("--prebuilt", metavar="DIR", help="serve this built site as it is")
    args = parser.parse_args(argv)
    browsers = [b.strip() for b in args.browsers.split(",") if b.strip()]
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    unknown = set(browsers) - {"chromium", "firefox", "webkit"}
    if unknown or not 2 <= len(seats) <= 4:
        parser.error(f"unknown browsers {sorted(unknown)}" if unknown else "2 to 4 seats")

    with tempfile.TemporaryDirectory(prefix="mykerinos-bench-") as tmp:
        out = Path(args.prebuilt) if args.prebuilt else Path(tmp) / "site"
        if not args.prebuilt:
            build.build(out, quiet=True)
        server = serve.make_server(out, 0, "/", quiet=True)
        serve.start_in_thread(server)
        try:
            for browser in browsers:
                measure(browser, serve.url_of(server), seats, args.seed)
        finally:
            server.shutdown()
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
