#!/usr/bin/env python3
"""One bare Pyodide runtime in Chromium, Firefox and WebKit: cold start and memory.

Usage: python3 bench/runtime.py [--runs 3] [--browsers chromium,firefox,webkit]
                                [--prebuilt DIR] [--stdlib ZIP]

Builds the site into a temporary folder (or takes DIR as it is) and serves, on
127.0.0.1, a page of its own next to the site's pyodide/ folder: the page
imports pyodide.mjs and calls loadPyodide (no PyScript, no engine, no worker),
runs `import sys` and sets a ready marker. Each run opens a new browser (a
fresh profile: empty HTTP cache, nothing compiled) and loads that page once.

Measured in the page, in ms since navigation start:

- mjs:      pyodide.mjs imported (the page's module started);
- wasm:     pyodide.asm.wasm downloaded (PerformanceResourceTiming responseEnd);
- stdlib:   the standard library zip downloaded (the same);
- compiled: WebAssembly.instantiate(Streaming) of pyodide.asm.wasm resolved
            (compiling and instantiating; wrapped by the page);
- ready:    loadPyodide resolved and `import sys` ran: Python has started
            (what lies between compiled and ready is Python's own start:
            mounting the standard library, initialising the interpreter and
            its first imports, the browser compiling the wasm code that runs).

And from Linux's /proc (smaps_rollup), 2 s after ready: the private memory
of the page's process (Chromium's renderer, Firefox's content process,
WebKit's WebKitWebProcess; of the browser's processes of that kind, the one
with the most), pages no other process maps: the closest to what a phone
charges a tab.

--stdlib ZIP adds a second page load to every run, the same page given that
file in place of pyodide/python_stdlib.zip (loadPyodide's stdLibURL; e.g. a
smaller standard library), so that both are compared within one run.

--game also loads the site's own page in every run (a new browser each time)
and reads when it became clickable (its `mykerinos:clickable` mark, web/front/js/loader.js),
then prints each browser's median and its ratio to Chromium's.

Prints medians of the runs, and every run; checks nothing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.memory import _rollup, close_all, descendants, is_page_process, open_tab  # noqa: E402
from tools import build, serve  # noqa: E402

MB = 1024 * 1024
READY_TIMEOUT_S = 180
PAGE_NAME = "runtime.html"
ALT_STDLIB = "other_stdlib.zip"
PHASES = ("mjs", "wasm", "stdlib", "compiled", "ready")

# The bare page. The inline script runs before any module: it wraps
# WebAssembly's instantiate functions to time the compile of the big module.
PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide</title>
<link rel="icon" href="data:,">
<script>
window.__rt = { compiled: [] };
for (const name of ["instantiateStreaming", "instantiate"]) {
  const original = WebAssembly[name];
  WebAssembly[name] = function (...args) {
    const started = performance.now();
    const promise = original.apply(this, args);
    promise.then(() => __rt.compiled.push([started, performance.now()]), () => {});
    return promise;
  };
}
</script>
<script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
__rt.mjs = performance.now();
const options = { indexURL: new URL("./pyodide/", location.href).href };
const stdlib = new URLSearchParams(location.search).get("stdlib");
if (stdlib) options.stdLibURL = new URL(stdlib, location.href).href;
const py = await loadPyodide(options);
py.runPython("import sys");
__rt.ready = performance.now();
document.body.dataset.ready = "1";
</script></head><body><p>Bare Pyodide</p></body></html>
"""

# What the page measured, as {phase: ms since navigation start}.
READ_PHASES = """(() => {
  const end = (ending) => {
    const entry = performance.getEntriesByType("resource").find((e) => e.name.endsWith(ending));
    return entry ? entry.responseEnd : null;
  };
  // The longest instantiate is pyodide.asm.wasm's (Pyodide also tries tiny modules).
  const longest = __rt.compiled.reduce((a, b) => (b[1] - b[0] > a[1] - a[0] ? b : a), [0, 0]);
  return { mjs: __rt.mjs, wasm: end("/pyodide.asm.wasm"), stdlib: end("_stdlib.zip"),
           compiled: longest[1] || null, ready: __rt.ready };
})()"""


def private_mb(browser: str) -> float:
    """Private memory of the browser's biggest page process, in MB (0: none found)."""
    pids = [p for p in descendants(os.getpid()) if is_page_process(browser, p)]
    return max((_rollup(p)[1] for p in pids), default=0) / MB


def site_for(built: Path, folder: Path, stdlib: Path | None) -> None:
    """The served folder: the bare page, the built pyodide/ files and the
    other standard library, if any (linked, not copied)."""
    (folder / PAGE_NAME).write_text(PAGE)
    (folder / "pyodide").mkdir()
    for file in (built / "pyodide").iterdir():
        (folder / "pyodide" / file.name).symlink_to(file.resolve())
    if stdlib:
        (folder / ALT_STDLIB).symlink_to(stdlib.resolve())


def one_run(browser: str, url: str) -> tuple[str, dict]:
    """Cold load in a new browser: (version, {phase: ms, "private": MB})."""
    stack: list = []
    try:
        tab = open_tab(browser, stack)
        tab.goto(url)
        tab.wait("document.body && document.body.dataset.ready === '1'", READY_TIMEOUT_S, 0.1)
        result = dict(tab.js(READ_PHASES))
        time.sleep(2.0)
        result["private"] = private_mb(browser)
        return tab.version, result
    finally:
        close_all(stack, browser)


def fmt(value, unit: str = "") -> str:
    return "-" if value is None else f"{value:.0f}{unit}"


CLICKABLE_JS = "performance.getEntriesByName('mykerinos:clickable')[0]?.startTime"


def game_run(browser: str, url: str) -> dict:
    """Cold load of the game page in a new browser: ms to clickable, private MB then."""
    stack: list = []
    try:
        tab = open_tab(browser, stack)
        tab.goto(url)
        clickable = tab.wait(CLICKABLE_JS, READY_TIMEOUT_S, 0.1)
        time.sleep(2.0)
        return {"clickable": clickable, "private": private_mb(browser)}
    finally:
        close_all(stack, browser)


def median(runs: list[dict], key: str) -> float | None:
    values = [r[key] for r in runs if r.get(key) is not None]
    return statistics.median(values) if values else None


def report(label: str, runs: list[dict]) -> None:
    med = {key: median(runs, key) for key in (*PHASES, "private")}
    print(f"{label}: cold start of one bare Pyodide runtime, median of {len(runs)} runs")
    print("  ms since navigation: " + ", ".join(f"{k} {fmt(med[k])}" for k in PHASES))
    if med["compiled"] is not None and med["ready"] is not None:
        print(f"  Python's own start (compiled -> ready): {med['ready'] - med['compiled']:.0f} ms")
    print(f"  private memory of the page's process once ready: {fmt(med['private'], ' MB')}")
    for i, run in enumerate(runs, 1):
        print(
            f"    run {i}: "
            + ", ".join(f"{k} {fmt(run.get(k))}" for k in PHASES)
            + f"; private {fmt(run.get('private'), ' MB')}"
        )
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="cold loads per browser (default 3)")
    parser.add_argument(
        "--browsers",
        default="chromium,firefox,webkit",
        help="comma-separated, among chromium, firefox, webkit (default all)",
    )
    parser.add_argument("--prebuilt", metavar="DIR", help="take pyodide/ from this built site")
    parser.add_argument(
        "--stdlib",
        metavar="ZIP",
        type=Path,
        help="also load each page with this standard library zip instead",
    )
    parser.add_argument(
        "--game", action="store_true", help="also load the game page itself, to clickable"
    )
    args = parser.parse_args(argv)
    browsers = [b.strip() for b in args.browsers.split(",") if b.strip()]
    unknown = set(browsers) - {"chromium", "firefox", "webkit"}
    if unknown or args.runs < 1:
        parser.error(f"unknown browsers {sorted(unknown)}" if unknown else "--runs must be >= 1")
    if args.stdlib and not args.stdlib.is_file():
        parser.error(f"{args.stdlib}: no such file")

    with tempfile.TemporaryDirectory(prefix="mykerinos-bench-") as tmp:
        built = Path(args.prebuilt) if args.prebuilt else Path(tmp) / "site"
        if not args.prebuilt:
            build.build(built, quiet=True)
        folder = Path(tmp) / "served"
        folder.mkdir()
        site_for(built, folder, args.stdlib)
        variants = {"python_stdlib.zip": ""}
        shipped = (built / "pyodide" / "python_stdlib.zip").stat().st_size
        print(f"python_stdlib.zip: {shipped:,} bytes", end="")
        if args.stdlib:
            variants[f"--stdlib {args.stdlib.name}"] = f"?stdlib={ALT_STDLIB}"
            print(f"; --stdlib {args.stdlib}: {args.stdlib.stat().st_size:,} bytes", end="")
        print("; load average " + " ".join(f"{x:.1f}" for x in os.getloadavg()))
        server = serve.make_server(folder, 0, "/", quiet=True)
        serve.start_in_thread(server)
        url = serve.url_of(server) + PAGE_NAME
        game = serve.make_server(built, 0, "/", quiet=True)
        serve.start_in_thread(game)
        try:
            results: dict[tuple[str, str], list[dict]] = {}
            versions: dict[str, str] = {}
            # Browsers and variants alternate, so that load drifts hit all of them.
            for _ in range(args.runs):
                for browser in browsers:
                    for variant, query in variants.items():
                        try:
                            versions[browser], run = one_run(browser, url + query)
                            results.setdefault((browser, variant), []).append(run)
                        except Exception as error:  # report it and go on with the others
                            print(f"{browser} ({variant}): run failed: {error}")
                    if args.game:
                        try:
                            results.setdefault((browser, "game page"), []).append(
                                game_run(browser, serve.url_of(game))
                            )
                        except Exception as error:
                            print(f"{browser} (game page): run failed: {error}")
            for (browser, variant), runs in results.items():
                if variant != "game page":
                    report(f"{browser} {versions[browser]}, {variant}", runs)
            chromium = median(results.get(("chromium", "game page"), []), "clickable")
            for (browser, variant), runs in results.items():
                if variant == "game page":
                    ms = median(runs, "clickable")
                    ratio = f", {ms / chromium:.2f} x Chromium's" if ms and chromium else ""
                    print(
                        f"{browser}, the game page: cold load to clickable, median of {len(runs)}:"
                        f" {fmt(ms)} ms{ratio}; private memory then {fmt(median(runs, 'private'), ' MB')}"
                        f" (runs: {', '.join(fmt(r['clickable']) for r in runs)})"
                    )
        finally:
            game.shutdown()
            game.server_close()
            server.shutdown()
            server.server_close()
            shutil.rmtree(folder, ignore_errors=True)
    print("load average at the end: " + " ".join(f"{x:.1f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
