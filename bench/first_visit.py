#!/usr/bin/env python3
"""A first visit over the wire: the game against a bare Pyodide page.

Usage: python3 bench/first_visit.py [--site DIR]... [--runs 1] [--slow-runs 1] [--no-slow]
                                   [--start-runs 0]

Serves, on 127.0.0.1 and with gzip as a static host serves files (every file
gzip makes smaller, so not the zips and PNGs, each compressed once):

- the game: a fresh build of this tree, or each --site DIR as it is (so that
  two builds, before and after a change, are measured in one run);
- a bare Pyodide page made of the npm packages exactly as they come
  (node_modules/pyodide, its standard library untouched, and
  node_modules/@pyscript/core): PyScript starts Python, which writes a line
  and sets the ready marker. No service worker.

and drives headless Chromium, each load in a new browser profile:

- bytes: a cold first visit, from navigation until the page is ready and, for
  the game, until its service worker has installed (it downloads whatever the
  page did not load, for offline play): the bytes of every response body as
  received (gzip-encoded where the server compressed), by file;
- slow link: navigation start to the ready marker (the page clickable) under
  Chromium's network emulation (CDP Network.emulateNetworkConditions), 1.6
  Mbit/s down, 750 kbit/s up, 150 ms round trip; the game and the bare page
  alternate. For the game it also prints the first and last byte counts its
  loading screen showed;
- start-up (--start-runs N, for the game sites only, without emulation, the
  sites alternating): bench/runtime.py's cold load of the game page in a new
  Chromium, to clickable (its `mykerinos:clickable` mark) and the page's
  private memory then, so that two builds' start-up compare in one run.

Prints numbers only, checks nothing.
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import statistics
import sys
import tempfile
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import runtime  # noqa: E402  (bench/runtime.py: a cold load of the game page)

from bench.load import READY_AT  # noqa: E402
from tools import build, serve  # noqa: E402
from tools.chromium import CHROMIUM, CHROMIUM_ARGS, wait_until  # noqa: E402

TIMEOUT_MS = 300_000
# Chromium's "slow mobile" class of link: bytes per second and ms of round trip.
SLOW = {"download": 1.6e6 / 8, "upload": 750e3 / 8, "latency": 150}

BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare Pyodide</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="./pyscript/core.css">
  <script type="module" src="./pyscript/core.js"></script>
</head>
<body>
  <p id="out"></p>
  <script type="py" config="./pyscript.toml">
import js
js.document.getElementById("out").textContent = "Hello from Python"
js.document.body.dataset.ready = "1"
  </script>
</body>
</html>
"""
BARE_TOML = 'interpreter = "./pyodide/pyodide.mjs"\n'

READY_PROBE = (
    READY_AT
    + """// What the loading screen said about bytes, each distinct text once.
window.__bytesShown = [];
new MutationObserver(() => {
  const node = document.getElementById("loader-bytes");
  const text = node && node.textContent;
  if (text && window.__bytesShown.at(-1) !== text) window.__bytesShown.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""
)


class GzipHandler(serve.Handler):
    """tools/serve.py's handler, answering with gzip when the browser accepts
    it and the file shrinks, as a static host does."""

    cache: dict[str, bytes] = {}

    def send_head(self) -> Any:
        fs_path = self.translate_path(self.path)
        wants = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (wants and os.path.isfile(fs_path)) or fs_path.endswith(build.SENT_AS_THEY_ARE):
            return super().send_head()
        st = os.stat(fs_path)
        self._etag = f'"{st.st_mtime_ns:x}-{st.st_size:x}-gz"'
        if self._etag in self.headers.get("If-None-Match", ""):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if fs_path not in self.cache:
            self.cache[fs_path] = gzip.compress(Path(fs_path).read_bytes(), 6, mtime=0)
        body = self.cache[fs_path]
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(fs_path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def make_bare(folder: Path) -> None:
    """The bare page: PyScript and Pyodide as their npm packages ship them."""
    folder.mkdir()
    (folder / "index.html").write_text(BARE_HTML)
    (folder / "pyscript.toml").write_text(BARE_TOML)
    (folder / "pyodide").mkdir()
    for name in build.PYODIDE_FILES:
        (folder / "pyodide" / name).symlink_to(build.PYODIDE_SRC / name)
    (folder / "pyscript").mkdir()
    for path in build.PYSCRIPT_SRC.iterdir():
        if path.suffix != ".map":
            (folder / "pyscript" / path.name).symlink_to(path)


def new_context(playwright: Any, profile: str) -> Any:
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
    )
    context.add_init_script(READY_PROBE)
    return context


def first_visit_bytes(playwright: Any, url: str, game: bool) -> dict[str, int]:
    """{path: body bytes received} of a cold first visit (service worker's install included)."""
    with tempfile.TemporaryDirectory(prefix="mykerinos-profile-") as profile:
        context = new_context(playwright, profile)
        try:
            finished: list[Any] = []
            context.on("requestfinished", lambda request: finished.append(request))
            page = context.new_page()
            page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
            page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=TIMEOUT_MS)
            if game:
                wait_until(
                    page,
                    "navigator.serviceWorker.getRegistration()"
                    ".then(r => !!(r && r.active && r.active.state === 'activated'))",
                    timeout_ms=TIMEOUT_MS,
                )
            page.wait_for_timeout(500)
            sizes: dict[str, int] = {}
            for request in finished:
                response = request.response()
                if response is None or response.from_service_worker:
                    continue
                path = urlsplit(request.url).path[len(urlsplit(url).path) :] or "index.html"
                sizes[path] = sizes.get(path, 0) + request.sizes()["responseBodySize"]
            return sizes
        finally:
            context.close()


def slow_visit(playwright: Any, url: str) -> tuple[float, list[str]]:
    """ms from navigation start to the ready marker on the slow link, and the
    byte counts the loading screen showed."""
    with tempfile.TemporaryDirectory(prefix="mykerinos-profile-") as profile:
        context = new_context(playwright, profile)
        try:
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send(
                "Network.emulateNetworkConditions",
                {
                    "offline": False,
                    "latency": SLOW["latency"],
                    "downloadThroughput": SLOW["download"],
                    "uploadThroughput": SLOW["upload"],
                },
            )
            page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
            page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=TIMEOUT_MS)
            wait_until(page, "window.__readyAt !== undefined")
            return page.evaluate("window.__readyAt"), page.evaluate("window.__bytesShown")
        finally:
            context.close()


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def report_bytes(name: str, sizes: dict[str, int]) -> None:
    total = sum(sizes.values())
    runtime = sum(s for p, s in sizes.items() if p.split("/", 1)[0] in build.RUNTIME_DIRS)
    print(f"  {name}: {total:,} bytes ({mb(total)}), of which pyodide/ and pyscript/ {mb(runtime)}")
    snapshot = sum(s for p, s in sizes.items() if "/snapshot-" in p)
    if snapshot:
        # Fetched by the service worker once the page is ready, for the next visits' start.
        print(
            f"    without Python's snapshot (fetched by the service worker after the page is"
            f" ready, for the next visits): {total - snapshot:,} bytes ({mb(total - snapshot)});"
            f" the snapshot {snapshot:,} bytes"
        )
    for path, size in sorted(sizes.items(), key=lambda item: -item[1])[:8]:
        print(f"      {size:>10,}  {path}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", action="append", default=[], type=Path, help="a built site")
    parser.add_argument("--runs", type=int, default=1, help="cold visits counted per page")
    parser.add_argument("--slow-runs", type=int, default=1, help="slow-link visits per page")
    parser.add_argument("--no-slow", action="store_true", help="bytes only")
    parser.add_argument(
        "--start-runs", type=int, default=0, help="cold and cached start-ups per game site"
    )
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="mykerinos-bench-") as tmp:
        root = Path(tmp)
        sites = args.site
        if not sites:
            sites = [root / "built"]
            build.build(sites[0], quiet=True)
        pages = {"bare": "bare/"}
        for i, site in enumerate(sites):
            name = f"game {i + 1}" if len(sites) > 1 else "game"
            (root / f"site{i}").symlink_to(Path(site).resolve())
            pages[name] = f"site{i}/"
        make_bare(root / "bare")
        server = serve.make_server(root, 0, "/", quiet=True)
        server.RequestHandlerClass = type("Handler", (GzipHandler,), {"base": "/", "quiet": True})
        serve.start_in_thread(server)
        base = serve.url_of(server)
        try:
            with sync_playwright() as pw:
                sizes = {
                    name: [
                        first_visit_bytes(pw, base + path, name != "bare") for _ in range(args.runs)
                    ]
                    for name, path in pages.items()
                }
                slow: dict[str, list[tuple[float, list[str]]]] = {name: [] for name in pages}
                if not args.no_slow:
                    for _ in range(args.slow_runs):
                        for name, path in pages.items():
                            slow[name].append(slow_visit(pw, base + path))
            starts: dict[str, list[dict[str, Any]]] = {n: [] for n in pages if n != "bare"}
            for _ in range(args.start_runs):
                for name in starts:
                    starts[name].append(runtime.game_run("chromium", base + pages[name]))
        finally:
            server.shutdown()
            server.server_close()

    for i, site in enumerate(sites):
        if len(sites) > 1:
            print(f"game {i + 1}: {site}")
    print("first visit, response bodies as received (gzip where it helps), last run")
    for name, runs in sizes.items():
        report_bytes(name, runs[-1])
    bare = sum(sizes["bare"][-1].values())
    for name, runs in sizes.items():
        if name != "bare":
            print(f"  {name}/bare: {sum(runs[-1].values()) / bare:.2f}")
    if not args.no_slow:
        print(
            f"\nslow link ({SLOW['download'] * 8 / 1e6:.1f} Mbit/s down, {SLOW['latency']} ms"
            f" round trip): navigation start -> clickable, median of {args.slow_runs}"
        )
        for name, runs in slow.items():
            times = [t for t, _ in runs]
            shown = runs[-1][1]
            said = f"; loading screen said {shown[0]!r} ... {shown[-1]!r}" if shown else ""
            print(
                f"  {name:8} {statistics.median(times) / 1000:6.1f} s"
                f"  (runs: {[round(t / 1000, 1) for t in times]}){said}"
            )
        for name, runs in slow.items():
            if name != "bare":
                ratio = statistics.median(t for t, _ in runs) / statistics.median(
                    t for t, _ in slow["bare"]
                )
                print(f"  {name}/bare: {ratio:.2f}")
    if args.start_runs:
        print(f"\nstart-up, no emulation, cold, median of {args.start_runs}")
        for name, runs in starts.items():
            print(
                f"  {name:8} clickable {statistics.median(r['clickable'] for r in runs):6.0f} ms"
                f"  private {statistics.median(r['private'] for r in runs):4.0f} MB"
                f"  (runs: {[round(r['clickable']) for r in runs]})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
