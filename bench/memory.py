#!/usr/bin/env python3
"""The page's memory over a whole 4-player game of computer players, in Chromium, Firefox and WebKit.

Usage: python3 bench/memory.py [--browsers chromium,firefox,webkit]
                               [--seats human,hard,hard,medium] [--seed 7] [--prebuilt DIR]
                               [--site DIR --site DIR ...] [--rounds N]
                               [--firefox-driver playwright|bidi]

Builds the site into a temporary folder (or serves DIR as it is), serves it on
127.0.0.1, opens it in each browser, waits for the service worker, starts a
4-player game of a person and three computer players and plays it to the end:
the person's decisions are clicked on the page (highlighted targets picked at
random, as the cross-browser tier does; the first one is a pass, timed from
the click to the first computer move drawn), the computers think in the page.

What is measured, from Linux's /proc (every process is found as a descendant
of this script, so nothing else on the machine is counted):

- the browser's content processes: Chromium's renderers (`--type=renderer`,
  not its own UI), Firefox's content processes (`-contentproc ... tab`: the
  page's isolated process, and pre-started and extension ones), WebKit's
  WebKitWebProcess. The page's own process is the one with the most memory;
- per process: peak RSS (VmHWM, the kernel's own peak: resident memory,
  shared libraries included), peak PSS (shared pages divided among the
  processes that share them) and peak private memory (pages no other process
  maps: the closest to what a phone charges a tab), the last two sampled once a
  second from smaps_rollup; and the sums over all content processes;
- the page's private memory at the middle of the game (by decisions) and its
  peak over the second half: how much the second half adds;
- Chromium only, over CDP (Performance.getMetrics): JSHeapUsedSize and
  JSHeapTotalSize of the page's main thread, peak. Pyodide's WebAssembly
  memory is not in it: the process figures are the ones to watch;
- the time from the person's click that hands the turn to the computers to the
  first computer move on the screen (the page's own clock, event to drawing);
- Chromium only: the main thread's long tasks (Long Tasks API, over 50 ms)
  from the moment the page is clickable to the end, a hint (at the person's
  second turn) and the computer's analysis (in review, once the game is over)
  included.

--site DIR (repeatable) serves built sites as they are, each on its own
port, to compare builds in one run; --rounds N plays each site N times in
each browser, the sites interleaved (A B, then B A, ...), and ends with one
line per browser and site. Every build since the page's calls went through
`window.mykerinos.call` (before the light first visit) is driven alike.

--firefox-driver bidi starts Firefox as a plain process and drives it over
WebDriver BiDi with no driver in between (harness/firefox_tab.py), for a
Firefox ESR the pinned Playwright cannot start (ESR 140:
`network.addDataCollector: unknown command`).

Prints numbers and checks nothing. Targets: the page's private memory at most
400 MB in WebKit and 200 MB in Chromium and Firefox, at most 10 MB added by
the second half, the first computer move within 3 s.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from harness.pages import choose, click, person_turn  # noqa: E402
from harness.tabs import (  # noqa: E402
    FIREFOX,
    MINIBROWSER,
    WEBKIT_DRIVER,
    PlaywrightTab,
    PlaywrightThread,
    WebKitTab,
    x_display,
)
from tools import build, serve  # noqa: E402
from tools.worker_cpu import descendants  # noqa: E402

TARGET_MB = {"chromium": 200, "firefox": 200, "webkit": 400}
GAME_TIMEOUT_S = 1200
NAMES = ["Hatshepsut", "Imhotep", "Khufu", "Nefertiti"]
MB = 1024 * 1024
# Python's view, and the exported record's decisions: window.mykerinos.call
# answers with a promise (Python in a worker), or at once in the builds
# before that (Promise.resolve serves both).
VIEW_JS = "Promise.resolve(window.mykerinos.call(`view`, `[]`)).then(JSON.parse)"
MOVES_JS = (
    "Promise.resolve(window.mykerinos.call(`exportRecord`, `[]`))"
    ".then((text) => JSON.parse(JSON.parse(text)).moves)"
)


# ------------------------------------------------------------------ /proc
# descendants(): tools/worker_cpu.py's, which the phone model uses too.


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
        return (
            " --type=renderer " in words
            and " --top-chrome-webui " not in words
            and " --extension-process " not in words
        )
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
        self.private: dict[int, list[tuple[float, int]]] = {}  # pid -> [(time, private bytes)]
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
                    self.private.setdefault(pid, []).append((time.monotonic(), private))
                    pss_sum += pss
                self.peak_pss_sum = max(self.peak_pss_sum, pss_sum)
                if self.heap is not None:
                    used, total = self.heap()
                    self.peak_heap = (max(self.peak_heap[0], used), max(self.peak_heap[1], total))
            tick += 1

    def page_process(self) -> int | None:
        """The page's own process: of those sampled, the one with the most memory."""
        return max(self.peaks, key=lambda pid: self.peaks[pid]["pss"], default=None)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


# --------------------------------------------------------------- browsers
def close_all(stack: list, browser: str) -> None:
    """Close what open_tab opened, last first; a failure is said and the rest still closed."""
    for close in reversed(stack):
        try:
            close()
        except Exception as error:
            print(f"  ({browser}: closing: {error})")


def open_tab(browser: str, stack: list, firefox_driver: str = "playwright"):
    """A tab in that browser; `stack` collects what to close afterwards."""
    if browser == "firefox" and firefox_driver == "bidi":
        from harness.firefox_tab import FirefoxTab

        tab = FirefoxTab(FIREFOX, paced=True)
        stack.append(tab.close)
        return tab
    if browser in ("chromium", "firefox"):
        downloads = tempfile.mkdtemp(prefix="mykerinos-bench-")
        stack.append(lambda: shutil.rmtree(downloads, ignore_errors=True))
        owner = (
            PlaywrightThread.chromium()
            if browser == "chromium"
            else PlaywrightThread.firefox(FIREFOX, downloads)
        )
        stack.append(owner.close)
        tab = PlaywrightTab(owner, paced=True)
        stack.append(tab.close)
        return tab
    display = x_display()
    stack.append(lambda: display.__exit__(None, None, None))
    tab = WebKitTab(MINIBROWSER, WEBKIT_DRIVER, display.__enter__(), paced=True, gl_painting=True)
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


# Logs, on the page's own clock, each click and each new position drawn.
CLOCK_JS = """(() => {
  window.__clicks = []; window.__drawn = [];
  addEventListener("click", (e) => window.__clicks.push(e.timeStamp), true);
  new MutationObserver(() => window.__drawn.push([performance.now(), document.body.dataset.revision]))
    .observe(document.body, { attributes: true, attributeFilter: ["data-revision"] });
})()"""


def first_computer_move_ms(tab, revision: int) -> float | None:
    """Milliseconds from the last click to the drawing of position ``revision``."""
    clicks, drawn = tab.js("[window.__clicks, window.__drawn]")
    shown = [t for t, r in drawn if r is not None and int(r) >= revision]
    return shown[0] - clicks[-1] if clicks and shown else None


LONG_TASKS_JS = """(() => {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push(e.duration);
  }).observe({ type: "longtask" });
})()"""


def ask_hint(tab) -> None:
    """The Hint button, and its answer on the page."""
    tab.click_css("#hint")
    tab.wait("!!document.querySelector('#hint-text')", 60)


def ask_analysis(tab) -> str:
    """Review the finished game's first position and ask the computer about it."""
    tab.click_css("#review-open")
    tab.wait(f"{VIEW_JS}.then((view) => view.review !== null)")
    tab.click_css("#review-first")
    tab.wait(f"{VIEW_JS}.then((view) => view.review.index === 0)")
    tab.wait("!!document.querySelector('#review-analyse')")
    tab.click_css("#review-analyse")
    return str(tab.wait("document.querySelector('#review-answer')?.textContent", 60))


def play(tab, seed: int, decisions: list[tuple[float, int]]) -> dict:
    """Play the person's seat to the end, noting (time, decisions so far) at
    each of the person's turns; the first decision that can be a pass is one,
    timed to the first computer move drawn."""
    rng = random.Random(seed)
    deadline = time.monotonic() + GAME_TIMEOUT_S
    first_ms = None
    turns = 0
    while time.monotonic() < deadline:
        view = person_turn(tab, timeout_s=GAME_TIMEOUT_S)
        turns += 1
        decisions.append(
            (
                time.monotonic(),
                len(tab.js(MOVES_JS)),
            )
        )
        if view["final"]:
            return {"over": True, "first_ms": first_ms}
        if first_ms is None and "action:pass" in [a["id"] for a in view["actions"]]:
            tab.js(CLOCK_JS)
            passed = click(tab, "action:pass")
            person_turn(tab, timeout_s=GAME_TIMEOUT_S)
            first_ms = first_computer_move_ms(tab, passed["revision"] + 1)
            continue
        if turns == 2 and not view["building"]:
            ask_hint(tab)
        click(tab, choose(view, rng))
    return {"over": False, "first_ms": first_ms}


def second_half_mb(
    samples: list[tuple[float, int]], decisions: list[tuple[float, int]]
) -> tuple[float, float] | None:
    """(private MB at the middle of the game, MB the second half's peak adds to it)."""
    if not samples or not decisions:
        return None
    total = decisions[-1][1]
    middle = next(t for t, n in decisions if n >= total / 2)
    before = [b for t, b in samples if t <= middle]
    after = [b for t, b in samples if t > middle]
    if not before or not after:
        return None
    return before[-1] / MB, (max(after) - before[-1]) / MB


def measure(
    browser: str, url: str, seats: list[str], seed: int, firefox_driver: str = "playwright"
) -> dict:
    """One game in a new browser; prints what it measured and returns the main figures."""
    stack: list = []
    figures: dict = {}
    try:
        tab = open_tab(browser, stack, firefox_driver)
        heap = cdp_heap(tab) if browser == "chromium" else None
        with Sampler(browser, heap) as sampler:
            started = time.monotonic()
            tab.goto(url)
            tab.wait_ready()
            if not tab.js("typeof window.mykerinos?.call === 'function'"):
                raise SystemExit(f"{url}: a build without window.mykerinos.call (too old)")
            # The page's own clock: navigation start to the clickable mark (web/front/js/loader.js).
            clickable_s = (
                tab.wait("performance.getEntriesByName('mykerinos:clickable')[0]?.startTime", 30)
                / 1000
            )
            tab.wait(
                "navigator.serviceWorker.getRegistration()"
                ".then(r => !!(r && r.active && r.active.state === 'activated'))",
                120,
            )
            ready_s = time.monotonic() - started
            time.sleep(1.0)
            ready_rss, ready_pss = sampler.now()
            if browser == "chromium":
                tab.js(LONG_TASKS_JS)
            tab.new_game(NAMES[: len(seats)], seats, seed)
            game_started = time.monotonic()
            decisions: list[tuple[float, int]] = []
            if "human" in seats:
                try:
                    played = play(tab, seed, decisions)
                except AssertionError as failure:  # the computers failed, or took too long
                    print(f"  ({browser}: {failure})")
                    played = {"over": False, "first_ms": None}
                state = {"over": played["over"], "bots": tab.js("document.body.dataset.bot")}
                if played["over"]:
                    try:
                        played["analysis"] = ask_analysis(tab)
                    except (AssertionError, TimeoutError) as failure:
                        played["analysis"] = f"not asked: {failure}"
            else:
                deadline = game_started + GAME_TIMEOUT_S
                while True:
                    state = tab.js(
                        VIEW_JS + ".then((view) => ({over: view.final !== null,"
                        " bots: document.body.dataset.bot}))"
                    )
                    decisions.append(
                        (
                            time.monotonic(),
                            len(tab.js(MOVES_JS)),
                        )
                    )
                    if state["over"] or state["bots"] == "failed" or time.monotonic() > deadline:
                        break
                    time.sleep(1.0)
                played = {"first_ms": None}
            game_s = time.monotonic() - game_started
            long_tasks = tab.js("window.__longtasks") if browser == "chromium" else None
            moves = len(tab.js(MOVES_JS))
            end_rss, end_pss = sampler.now()
        label = f"{browser} {tab.version}"
        figures.update(
            version=tab.version,
            over=state["over"],
            moves=moves,
            clickable_s=clickable_s,
            first_ms=played["first_ms"],
        )
        if not state["over"]:
            why = (
                "the computer players failed: "
                + str(tab.js("document.querySelector('#bot-status').innerText"))
                if state["bots"] == "failed"
                else f"not over after {GAME_TIMEOUT_S} s"
            )
            print(f"{label}: THE GAME DID NOT END ({why})")
        print(
            f"{label}: cold load to clickable {clickable_s:.1f} s (the service worker active at"
            f" {ready_s:.1f} s); "
            f"{len(seats)}-player game ({', '.join(seats)}), {moves} moves in {game_s:.0f} s"
        )
        page = sampler.page_process()
        if page is not None:
            peaks = sampler.peaks[page]
            print(
                f"  the page's process (pid {page}, {sampler.names.get(page, '?')}): "
                f"peak RSS {peaks['hwm'] / MB:.0f} MB, peak PSS {peaks['pss'] / MB:.0f} MB, "
                f"peak private {peaks['private'] / MB:.0f} MB"
            )
        print(
            f"  all {len(sampler.peaks)} content processes of the browser: RSS ready "
            f"{ready_rss / MB:.0f} MB, peak {sampler.peak_rss_sum / MB:.0f} MB, end {end_rss / MB:.0f} MB;"
            f" PSS ready {ready_pss / MB:.0f} MB, peak {sampler.peak_pss_sum / MB:.0f} MB,"
            f" end {end_pss / MB:.0f} MB"
        )
        for pid, peaks in sorted(sampler.peaks.items(), key=lambda item: -item[1]["pss"]):
            print(
                f"    pid {pid} {sampler.names.get(pid, '?'):16} peak RSS {peaks['hwm'] / MB:4.0f} MB,"
                f" PSS {peaks['pss'] / MB:4.0f} MB, private {peaks['private'] / MB:4.0f} MB"
            )
        if heap is not None:
            used, total = sampler.peak_heap
            print(
                f"  page main thread JS heap (CDP): peak used {used / MB:.1f} MB, "
                f"peak total {total / MB:.1f} MB"
            )
        if page is not None:
            peaks = sampler.peaks[page]
            figures["peak_private_mb"] = peaks["private"] / MB
            target = TARGET_MB[browser]
            print(
                f"  the page's private memory against the {target} MB target: "
                f"{'under' if peaks['private'] <= target * MB else 'OVER'}"
            )
            half = second_half_mb(sampler.private.get(page, []), decisions)
            if half is not None:
                figures["middle_mb"], figures["second_half_mb"] = half
                print(
                    f"  the page's private memory at the middle of the game {half[0]:.0f} MB;"
                    f" the second half adds {half[1]:.1f} MB at its peak (target 10 MB)"
                )
        if long_tasks is not None:
            figures["long_tasks"] = len(long_tasks)
            longest = f"{max(long_tasks):.0f} ms" if long_tasks else "none"
            print(
                f"  main-thread long tasks (> 50 ms) once clickable, the game, a hint and an"
                f" analysis ({played.get('analysis', 'none')!r}) included: {len(long_tasks)},"
                f" longest {longest}"
            )
        if played["first_ms"] is not None:
            print(
                f"  the person's pass to the first computer move drawn: {played['first_ms']:.0f} ms"
                " (target 3000 ms)"
            )
        sys.stdout.flush()
    finally:
        close_all(stack, browser)
    return figures


def summary(browser: str, site: str, runs: list[dict]) -> str:
    """One line of a site's games in one browser: each figure, game by game."""

    def each(key: str, form: str) -> str:
        values = [form.format(run[key]) if run.get(key) is not None else "-" for run in runs]
        return " / ".join(values)

    over = sum(1 for run in runs if run.get("over"))
    return (
        f"  {browser} {runs[0].get('version', '?') if runs else '?'} [{site}] {len(runs)} games"
        f" ({over} over): peak private {each('peak_private_mb', '{:.0f}')} MB;"
        f" middle {each('middle_mb', '{:.0f}')} MB, the second half adds"
        f" {each('second_half_mb', '{:+.0f}')} MB; clickable {each('clickable_s', '{:.1f}')} s;"
        f" pass to first computer move {each('first_ms', '{:.0f}')} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--browsers",
        default="chromium,firefox,webkit",
        help="comma-separated, among chromium, firefox, webkit (default all)",
    )
    parser.add_argument(
        "--seats",
        default="human,hard,hard,medium",
        help="2 to 4 seats: 'human' (played by the bench) or a computer level"
        " (default human,hard,hard,medium)",
    )
    parser.add_argument("--seed", type=int, default=7, help="seed of the game (default 7)")
    parser.add_argument("--prebuilt", metavar="DIR", help="serve this built site as it is")
    parser.add_argument(
        "--site",
        action="append",
        default=[],
        metavar="DIR",
        help="a built site to serve as it is (repeatable: builds compared in one run)",
    )
    parser.add_argument(
        "--rounds", type=int, default=1, help="games per site and browser, sites interleaved"
    )
    parser.add_argument(
        "--firefox-driver",
        choices=("playwright", "bidi"),
        default="playwright",
        help="Playwright (default), or Firefox as a plain process over WebDriver BiDi",
    )
    args = parser.parse_args(argv)
    browsers = [b.strip() for b in args.browsers.split(",") if b.strip()]
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    unknown = set(browsers) - {"chromium", "firefox", "webkit"}
    if unknown or not 2 <= len(seats) <= 4:
        parser.error(f"unknown browsers {sorted(unknown)}" if unknown else "2 to 4 seats")

    with tempfile.TemporaryDirectory(prefix="mykerinos-bench-") as tmp:
        if args.site:
            sites = [Path(site).resolve() for site in args.site]
        else:
            sites = [Path(args.prebuilt) if args.prebuilt else Path(tmp) / "site"]
            if not args.prebuilt:
                build.build(sites[0], quiet=True)
        servers = [serve.make_server(site, 0, "/", quiet=True) for site in sites]
        for server in servers:
            serve.start_in_thread(server)
        results: dict[tuple[str, Path], list[dict]] = {}
        try:
            for browser in browsers:
                for round_ in range(args.rounds):
                    order = list(zip(sites, servers))
                    for site, server in order if round_ % 2 == 0 else order[::-1]:
                        if len(sites) > 1 or args.rounds > 1:
                            load = os.getloadavg()
                            print(
                                f"\n== {browser}, {site}, game {round_ + 1} of {args.rounds}"
                                f" (load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f})"
                            )
                        figures = measure(
                            browser, serve.url_of(server), seats, args.seed, args.firefox_driver
                        )
                        results.setdefault((browser, site), []).append(figures)
        finally:
            for server in servers:
                server.shutdown()
                server.server_close()
        if len(sites) > 1 or args.rounds > 1:
            print("\nSummary, game by game:")
            for (browser, site), runs in results.items():
                print(summary(browser, str(site), runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
