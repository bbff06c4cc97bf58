#!/usr/bin/env python3
"""Page load benchmark: the game page against a bare PyScript page.

Usage: python3 bench/load.py [--runs 3] [--cpu 4] [--site DIR --site DIR ...]

Builds the site with the bare page (tools/build.py --bare) into a temporary
folder, serves it on 127.0.0.1 and drives headless Chromium (Playwright):

- cold:   a fresh browser profile (empty HTTP cache, no service worker),
          navigation start -> body[data-ready="1"];
- cached: a second page in the same context once the service worker is
          active, so the files come from its cache;

for the game page (/) and two bare pages, alternating the three, N runs each:
/bare/pyodide.html, the floor (the same local Pyodide and service worker,
loadPyodide and `import sys`, no PyScript), and /bare/ (PyScript, the same
runtime and service worker, Python sets the marker and nothing else): the
difference between the two is PyScript's own start. `--cpu 4` slows
Chromium's processor four times (DevTools' Emulation.setCPUThrottlingRate,
what Lighthouse uses for a mid-range phone) on every page alike, the pages'
dedicated workers included (tools/worker_cpu.py, which needs root and cgroup
v1). `--site DIR` (repeatable) serves sites built with `tools/build.py --bare`
as they are and measures each one's game page in turn: before and after a
change, in one run.

For the game page it breaks the time down (medians, ms since navigation
start): PyScript's core.js arrived, pyodide.asm.wasm arrived, the
interpreter loaded (PyScript's "Loaded interpreter"), the game's files
unpacked ("Loaded files"), `py:ready`, then the page's own User Timing
marks (web/page/main.py, web/front/js/boot.js): main.py's first line, our
modules imported, the session open, the first view in JavaScript, the board
drawn, and the page handed over (`mykerinos:ready`), clickable. For the game page it also prints when the
board is first visible: on a cached return visit that is the saved board,
painted by plain JS before Python has started (web/front/js/boot.js), next to when
the page is clickable (the ready marker); a cold first visit has no saved
board, so there both come together. Prints medians, the ratio game/bare, and the
bytes of the first visit (response bodies, as the plain Python server sends
them: uncompressed; gzip estimated), split into our own files and the runtime
(pyodide/, pyscript/). Prints numbers only, checks nothing.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import build, serve, worker_cpu  # noqa: E402
from tools.chromium import CHROMIUM, CHROMIUM_ARGS, wait_until  # noqa: E402

TIMEOUT_MS = 120_000

# Records when the ready marker appears, in ms since navigation start
# (bench/first_visit.py uses it too).
READY_AT = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "1") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
"""
READY_PROBE = (
    READY_AT
    + """// The board on screen (the saved one before Python runs, or the live one).
new MutationObserver((_, observer) => {
  if (document.querySelector("#region-box svg")) {
    window.__boardAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true });
// The game page's steps (bench/load.py's breakdown).
window.__steps = {};
const __step = (name) => { if (!(name in window.__steps)) window.__steps[name] = performance.now(); };
addEventListener("py:progress", (event) => __step(String(event.detail)));
document.addEventListener("py:ready", () => __step("py:ready"));
addEventListener("mykerinos:ready", () => __step("mykerinos:ready"));
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const name = entry.name.split("?")[0];
    if (name.endsWith("/pyscript/core.js")) __step("core.js");
    else if (name.endsWith("/pyodide.asm.wasm")) __step("wasm");
  }
}).observe({ type: "resource", buffered: true });
// The main thread's long tasks (over 50 ms): [start, duration].
window.__long = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__long.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask" });
// A tap on the saved board: when it was made, and the frame that shows it pressed.
document.addEventListener("click", (event) => {
  if (window.__tapAt === undefined && event.target.closest?.("[data-target]")) {
    window.__tapAt = event.timeStamp;
    window.__tapPreview = document.body.dataset.preview === "1";
  }
}, true);
new MutationObserver((_, observer) => {
  if (window.__tapAt !== undefined && document.querySelector(".pressed")) {
    observer.disconnect();
    requestAnimationFrame(() => { window.__pressedAt = performance.now(); });
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
"""
)

# A tap on the saved board while Python starts (a return visit): an action button.
TAP_TARGET = '#app [data-target^="action:"]'


# The breakdown's steps, in order: (key in window.__steps, label).
STEPS = (
    ("core.js", "PyScript's core.js arrived"),
    ("mykerinos:snapshot-read", "snapshot read (a return visit)"),
    ("mykerinos:snapshot-unpacked", "snapshot unpacked"),
    ("wasm", "pyodide.asm.wasm arrived"),
    ("mykerinos:restored", "Python's memory restored"),
    ("mykerinos:python", "Python started or restored"),
    ("Loaded interpreter", "interpreter loaded"),
    ("Loaded files", "game's files unpacked"),
    ("py:ready", "PyScript's py:ready"),
    ("mykerinos:main", "main.py's first line"),
    ("mykerinos:imported", "our modules imported"),
    ("mykerinos:session", "session open"),
    ("mykerinos:startup", "first view in JavaScript"),
    ("mykerinos:drawn", "board drawn"),
    ("mykerinos:ready", "page handed over"),
)


def tap_saved_board(page) -> None:
    """Tap an action button of the saved board, if it is painted before Python
    is ready (the tap is then shown pressed and answered once Python is)."""
    try:
        page.wait_for_selector(
            f'body[data-preview="1"] {TAP_TARGET}, body[data-ready="1"]',
            state="attached",
            timeout=TIMEOUT_MS,
        )
        if page.evaluate("document.body.dataset.preview === '1'"):
            page.locator(TAP_TARGET).first.click(timeout=2000, no_wait_after=True)
    except Exception:
        pass  # no saved board, or Python was ready first: nothing to tap


def load(
    context, url: str, cpu: float, tap: bool = False
) -> tuple[float, float | None, dict[str, float], object]:
    """A new tab, its processor slowed `cpu` times, navigated to url; ms from
    navigation start to the ready marker, to the board first visible (None:
    the page has no board), and the page's steps: with them "longest", the
    longest main-thread task before the ready marker, and with `tap` (a tap on
    the saved board while Python starts) "pressed", ms from the tap to the
    frame that shows it pressed. The tab stays open."""
    page = context.new_page()
    if cpu > 1:
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    if tap:
        tap_saved_board(page)
    page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=TIMEOUT_MS)
    wait_until(page, "window.__readyAt !== undefined")
    python = page.evaluate("window.mykerinosPython ? window.mykerinosPython.snapshot : null")
    longest = page.evaluate(
        "Math.max(0, ...window.__long.filter(([at]) => at <= window.__readyAt).map(([, d]) => d))"
    )
    pressed = page.evaluate(
        "window.__tapPreview && window.__pressedAt !== undefined"
        " ? window.__pressedAt - window.__tapAt : null"
    )
    extra = {"longest": longest} | ({"pressed": pressed} if pressed is not None else {})
    return (
        page.evaluate("window.__readyAt"),
        page.evaluate("window.__boardAt ?? null"),
        {
            "python": python,
            **extra,
            **page.evaluate("window.__steps"),
            **page.evaluate(
                "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
            ),
        },
        page,
    )


def seen(response) -> dict:
    """What a response says of itself, read when it arrives: no round trip to
    the browser (request.response() of a service worker's request can wait
    forever, which once held a whole run)."""
    request = response.request
    return {
        "url": response.url,
        "worker": request.service_worker is not None,
        "from_sw": response.from_service_worker,
        "bytes": int(response.headers.get("content-length") or 0),
    }


def body_bytes(responses: list[dict], site_url: str) -> tuple[int, int, dict[str, int]]:
    """(total, own, {path: bytes}) for responses from the network (their
    Content-Length: the local server sends files as they are)."""
    total = own = 0
    paths: dict[str, int] = {}
    for response in responses:
        if response["from_sw"]:
            continue
        url, size = response["url"], response["bytes"]
        path = url[len(site_url) :] if url.startswith(site_url) else url
        total += size
        paths[path] = paths.get(path, 0) + size
        if path.split("/", 1)[0] not in build.RUNTIME_DIRS:
            own += size
    return total, own, paths


def measure(playwright, site_url: str, page_path: str, cpu: float) -> dict:
    """One cold and one cached load, in a new browser profile.

    A persistent profile (fresh temporary folder) rather than an incognito
    context: its disk cache behaves as a user's, e.g. it keeps the 9.6 MB
    pyodide.asm.wasm, so the service worker's precache revalidates it (304)
    instead of downloading it again.
    """
    with tempfile.TemporaryDirectory(prefix="mykerinos-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        # Slowed, the page's workers too (DevTools slows its main thread only).
        with context, worker_cpu.slowed(cpu, context):
            context.add_init_script(READY_PROBE)
            finished: list[dict] = []
            context.on("response", lambda response: finished.append(seen(response)))

            cold, cold_board, cold_steps, page = load(context, site_url + page_path, cpu)
            wait_until(
                page,
                "navigator.serviceWorker.getRegistration()"
                ".then(r => !!(r && r.active && r.active.state === 'activated'))",
            )
            first = body_bytes([r for r in finished if not r["worker"]], site_url)
            install = body_bytes([r for r in finished if r["worker"]], site_url)
            page.close()

            done = len(finished)
            cached, cached_board, cached_steps, page = load(
                context, site_url + page_path, cpu, tap=True
            )
            second = [r for r in finished[done:] if not r["worker"]]
            from_sw = sum(1 for r in second if r["from_sw"])
            return {
                "cold": cold,
                "cached": cached,
                "cold_board": cold_board,
                "cached_board": cached_board,
                "cold_steps": cold_steps,
                "cached_steps": cached_steps,
                "first": first,
                "install": install,
                "second_requests": len(second),
                "second_from_sw": from_sw,
            }


def gzip_size(out: Path, paths: dict[str, int]) -> int:
    total = 0
    for path in paths:
        file = out / urlsplit(path).path
        if file.is_dir():
            file = file / "index.html"
        if file.is_file():
            total += len(gzip.compress(file.read_bytes(), compresslevel=6))
    return total


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


BARE = (("pyscript", "bare/"), ("pyodide", "bare/pyodide.html"))


def report(results: dict[str, list[dict]], games: list[str], runs: int, cpu: float) -> None:
    slowed = f", processor slowed {cpu:g}x" if cpu > 1 else ""
    print(f"load time, navigation start -> body[data-ready=1], median of {runs} runs{slowed}")
    med = {
        name: {mode: statistics.median(r[mode] for r in found) for mode in ("cold", "cached")}
        for name, found in results.items()
    }
    print(f"{'':12}{'cold ms':>10}{'cached ms':>12}{'/pyodide':>10}{'/pyodide':>10}")
    for name in results:
        print(
            f"{name:12}{med[name]['cold']:>10.0f}{med[name]['cached']:>12.0f}"
            f"{med[name]['cold'] / med['pyodide']['cold']:>10.2f}"
            f"{med[name]['cached'] / med['pyodide']['cached']:>10.2f}"
        )
    for name in games:
        game = results[name]
        print(f"\n{name}: saved board visible / clickable, ms since navigation start, median")
        for mode in ("cold", "cached"):
            boards = [r[f"{mode}_board"] for r in game if r[f"{mode}_board"] is not None]
            board = f"{statistics.median(boards):.0f}" if boards else "-"
            print(
                f"  {mode:7} saved board visible {board:>6}   clickable"
                f" {statistics.median(r[mode] for r in game):>6.0f}"
                f"   (all runs: board {[round(b) for b in boards]})"
            )
        print(f"{name}'s steps, ms since navigation start, median (cold / cached)")
        for key, label in STEPS:
            row = []
            for mode in ("cold", "cached"):
                times = [r[f"{mode}_steps"][key] for r in game if key in r[f"{mode}_steps"]]
                row.append(f"{statistics.median(times):>8.0f}" if times else f"{'-':>8}")
            print(f"  {label:34}{row[0]}{row[1]}")
        row = [f"{statistics.median(r[mode] for r in game):>8.0f}" for mode in ("cold", "cached")]
        print(f"  {'clickable':34}{row[0]}{row[1]}")
        taps = [r["cached_steps"]["pressed"] for r in game if "pressed" in r["cached_steps"]]
        print(
            f"  a tap on the saved board shown pressed after (ms, cached, each run): "
            f"{[round(t) for t in taps] or '-'}"
        )
    print("\nlongest main-thread task before clickable, ms, each run (cold / cached)")
    for name, found in results.items():
        cold = [round(r["cold_steps"].get("longest", 0)) for r in found]
        cached = [round(r["cached_steps"].get("longest", 0)) for r in found]
        print(f"  {name:12} cold {cold}  cached {cached}")
    print()
    for name, found in results.items():
        print(
            f"  {name} all runs: cold {[round(r['cold']) for r in found]}"
            f" cached {[round(r['cached']) for r in found]}"
            f" (cached: {found[-1]['second_from_sw']}/{found[-1]['second_requests']}"
            " responses from the service worker)"
        )
        started = [r[f"{mode}_steps"].get("python") for mode in ("cold", "cached") for r in found]
        if any(started):
            cold = [r["cold_steps"].get("python") for r in found]
            cached = [r["cached_steps"].get("python") for r in found]
            print(f"    how Python started: cold {cold}, cached {cached}")


def report_bytes(results: dict[str, list[dict]], out: Path) -> None:
    print("\nfirst visit, response bodies as sent (uncompressed), gzip estimated")
    for name, found in results.items():
        total, own, paths = found[-1]["first"]
        itotal, iown, _ = found[-1]["install"]
        print(
            f"  {name} page requests: {total:>11,} bytes ({mb(total)}; gzip"
            f" {mb(gzip_size(out, paths))}), own files {own:,} bytes"
        )
        print(
            f"  {name} service worker: {itotal:>10,} bytes ({mb(itotal)}), own files {iown:,} bytes"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per page and mode (default 3)")
    parser.add_argument(
        "--cpu", type=float, default=1, help="slow the processor this many times (default 1: not)"
    )
    parser.add_argument(
        "--site",
        action="append",
        type=Path,
        default=[],
        help="a site built with tools/build.py --bare, served as it is (repeat: each one's game"
        " page in turn, the bare pages from the first)",
    )
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="mykerinos-bench-") as tmp:
        sites = args.site
        if not sites:
            sites = [Path(tmp) / "site"]
            build.build(sites[0], bare=True, quiet=True)
        servers = [serve.make_server(site, 0, "/", quiet=True) for site in sites]
        for server in servers:
            serve.start_in_thread(server)
        urls = [serve.url_of(server) for server in servers]
        games = ["game"] if len(sites) == 1 else [f"game {i + 1}" for i in range(len(sites))]
        pages = [(name, url, "") for name, url in zip(games, urls)]
        pages += [(name, urls[0], path) for name, path in BARE]
        results: dict[str, list[dict]] = {name: [] for name, _, _ in pages}
        try:
            with sync_playwright() as pw:
                for _ in range(args.runs):
                    for name, url, path in pages:
                        results[name].append(measure(pw, url, path, args.cpu))
        finally:
            for server in servers:
                server.shutdown()
                server.server_close()
        if len(sites) > 1:
            for name, site in zip(games, sites):
                print(f"{name}: {site}")
        report(results, games, args.runs, args.cpu)
        report_bytes(results, sites[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
