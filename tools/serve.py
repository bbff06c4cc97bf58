#!/usr/bin/env python3
"""Serve the built site (dist/) on 127.0.0.1, optionally under a sub-path.

Usage: python3 tools/serve.py [--port 8000] [--base /mykerinos/] [--no-build] [--relay]

Builds dist/ first (tools/build.py) unless --no-build. With --base, the site
is at http://127.0.0.1:PORT/mykerinos/ (as on a static host's sub-folder) and
/ redirects there. Every response carries `Cache-Control: no-cache` and an
ETag, so the browser revalidates (cheap 304s); offline use is the service
worker's job.

With --relay, a Nostr relay runs beside the site (tools/relay.py, which needs
the packages of requirements-dev.txt: `./run serve --relay` installs them) and
the site's live-play configuration (web/front/js/live/config.json) is answered with
that relay in place of the public ones, and no ICE server: live play then needs
nothing beyond this machine.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import signal
import sys
import threading
from collections.abc import Sequence
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
# Live play's configuration in the site (answered with the local relay by --relay).
LIVE_CONFIG = "web/front/js/live/config.json"

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".txt": "text/plain; charset=utf-8",
}


def normalize_base(base: str) -> str:
    """'/mykerinos' or 'mykerinos/' -> '/mykerinos/'; '' -> '/'."""
    parts = [p for p in base.split("/") if p]
    return "/" + "".join(p + "/" for p in parts)


class Handler(SimpleHTTPRequestHandler):
    """Static files from `directory`, mounted at `base`."""

    protocol_version = "HTTP/1.1"
    # A response goes out as two writes (headers, then the body): on a kept-alive
    # connection Nagle's algorithm held the second until the browser acknowledged
    # the first, which it delays by 40 ms, so every file took 40-90 ms on loopback.
    disable_nagle_algorithm = True
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    base = "/"
    quiet = False
    _etag: str | None = None

    # Read from the server on every request (not fixed per connection), so
    # that server.directory can be switched while the server runs.
    @property
    def directory(self) -> str:
        return cast("Server", self.server).directory

    @directory.setter
    def directory(self, value: str) -> None:
        pass

    def send_head(self) -> Any:
        path = urlsplit(self.path).path
        relays = cast("Server", self.server).relays
        if relays and path == self.base + LIVE_CONFIG:
            return self.send_live_config(relays)
        if self.base != "/":
            if path in ("/", self.base.rstrip("/")):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header("Location", self.base)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            if not path.startswith(self.base):
                self.send_error(HTTPStatus.NOT_FOUND)
                return None
        # Strong-enough validator: Last-Modified alone has 1 s resolution, so
        # a file rebuilt within the same second would look unchanged.
        self._etag = None
        fs_path = self.translate_path(self.path)
        if os.path.isfile(fs_path):
            st = os.stat(fs_path)
            self._etag = f'"{st.st_mtime_ns:x}-{st.st_size:x}"'
            inm = self.headers.get("If-None-Match")
            if inm and self._etag in [t.strip() for t in inm.split(",")]:
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
        return super().send_head()

    def send_live_config(self, relays: list[str]) -> Any:
        """The site's live-play configuration pointed at the local relays."""
        with open(self.translate_path(self.path), "rb") as f:
            body = json.dumps(live_config(json.load(f), relays)).encode()
        self._etag = None
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", MIME_TYPES[".json"])
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def translate_path(self, path: str) -> str:
        if self.base != "/" and path.startswith(self.base):
            path = "/" + path[len(self.base) :]
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self._etag:
            self.send_header("ETag", self._etag)
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        try:
            super().copyfile(source, outputfile)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser went away (page closed, navigation): not an error

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def live_config(config: dict[str, Any], relays: list[str]) -> dict[str, Any]:
    """Live play's configuration with ``relays`` as its only relays and no ICE
    server (devices on one machine or one network reach each other directly)."""
    return {**config, "relays": relays, "iceServers": []}


class Server(ThreadingHTTPServer):
    daemon_threads = True
    directory: str  # the folder served (it may be switched while the server runs)
    base: str  # the path the site is served under
    relays: list[str]  # the local relays live play is pointed at (--relay), or none
    # socketserver queues 5 connections by default; a service worker's install
    # fetches every file at once while pages of other tests load: more may wait.
    request_queue_size = 128

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser closing a kept-alive connection is not an error.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path,
    port: int = 0,
    base: str = "/",
    quiet: bool = True,
    host: str = "127.0.0.1",
    relay_url: str | None = None,
    relays: Sequence[str] = (),
) -> Server:
    """A server for `directory` at http://host:port{base} (port 0: any free one),
    its live play pointed at ``relay_url`` when one is given, or at ``relays``
    (several, in that order: a test's relay out of reach beside a working one).

    Call serve_forever() (e.g. in a thread) and shutdown() + server_close().
    The directory can be changed later through server.directory.
    """
    directory = Path(directory).resolve()

    class BoundHandler(Handler):
        pass

    BoundHandler.base = normalize_base(base)
    BoundHandler.quiet = quiet

    server = Server((host, port), BoundHandler)
    server.directory = str(directory)
    server.base = BoundHandler.base
    server.relays = [relay_url] if relay_url else list(relays)
    return server


def url_of(server: Server) -> str:
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}{server.base}"


def start_in_thread(server: Server) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, name="static-server", daemon=True)
    thread.start()
    return thread


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000, 0 = any free)")
    parser.add_argument("--base", default="/", help="sub-path to serve under, e.g. /mykerinos/")
    parser.add_argument(
        "--dir", type=Path, default=ROOT / "dist", help="folder to serve (default dist)"
    )
    parser.add_argument("--no-build", action="store_true", help="serve the folder as it is")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    parser.add_argument(
        "--relay", action="store_true", help="run a Nostr relay beside the site for live play"
    )
    parser.add_argument(
        "--relay-port", type=int, default=7447, help="the relay's port (default 7447, 0 = any)"
    )
    args = parser.parse_args(argv)

    if not args.no_build:
        if str(ROOT) not in sys.path:
            sys.path.insert(0, str(ROOT))
        from tools import build

        try:
            build.build(args.dir)
        except build.BuildError as exc:
            print(f"build failed: {exc}", file=sys.stderr)
            return 1
    if not (args.dir / "index.html").is_file():
        print(
            f"{args.dir} has no index.html: build first (python3 tools/build.py)", file=sys.stderr
        )
        return 1

    relay = None
    if args.relay:
        if str(ROOT) not in sys.path:
            sys.path.insert(0, str(ROOT))
        from tools import relay as local_relay

        try:
            relay = local_relay.start_relay(args.relay_port)
        except local_relay.RelayError as exc:
            print(f"{exc} (try --relay-port)", file=sys.stderr)
            return 1
    try:
        server = make_server(
            args.dir, args.port, args.base, quiet=args.quiet, relay_url=relay.url if relay else None
        )
    except OSError as exc:
        if relay:
            relay.stop()
        print(
            f"cannot listen on 127.0.0.1:{args.port}: {exc.strerror} (try --port)", file=sys.stderr
        )
        return 1
    print(f"Serving {args.dir} at {url_of(server)}  (Ctrl+C to stop)", flush=True)
    # Stopped by a signal as by Ctrl+C: the finally below stops the relay too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    if relay:
        print(f"Live play's relay at {relay.url} (the site points at it)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        if relay:
            relay.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
