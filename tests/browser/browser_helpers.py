"""Helpers for the browser tests (used by conftest.py and the tests).

Import as `from tests.browser.browser_helpers import wait_ready, ...`. What the
benches drive the page with too (waiting until it is ready, its view, a game
started through the new-game dialog) is harness/browser_page.py's, and is
re-exported here.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from harness.browser_page import (  # noqa: F401  (re-exported for the tests)
    READY_SELECTOR,
    READY_TIMEOUT_MS,
    STUCK_STATE,
    drawn,
    press,
    start_game,
    view_of,
    wait_ready,
    wait_redraw,
    wait_shown,
)
from page.table import Table
from tools import (
    build,  # noqa: F401  (re-exported for the tests)
    chromium,
)
from tools import serve as static_server  # noqa: F401

ROOT = build.ROOT

SUBPATH = "/mykerinos/"

NO_ARG = object()  # wait_until() called without an argument for its function


def wait_until(
    page,
    expression: str,
    timeout: float = READY_TIMEOUT_MS,
    interval: float = 0.1,
    *,
    arg=NO_ARG,
):
    """Poll a JS expression (it may return a promise) until its value is truthy
    (tools/chromium.py), with the tests' time limit. With ``arg``, the expression
    is a function, called with it (as JSON) each time, as page.wait_for_function
    would; unlike page.wait_for_function, a promise's value is waited for (so
    it serves for ``window.mykerinos.call``, which answers with a promise)."""
    if arg is not NO_ARG:
        expression = f"({expression})({json.dumps(arg)})"
    return chromium.wait_until(page, expression, timeout, interval)


def wait_service_worker(page, timeout: float = READY_TIMEOUT_MS) -> None:
    """Wait until the page's service worker is activated (precache complete)."""
    wait_until(
        page,
        "navigator.serviceWorker.getRegistration()"
        ".then(r => !!(r && r.active && r.active.state === 'activated'))",
        timeout,
    )


@dataclass
class Site:
    url: str  # e.g. http://127.0.0.1:41234/mykerinos/
    host: str  # e.g. 127.0.0.1:41234
    base: str  # e.g. /mykerinos/
    server: object = field(repr=False)

    def set_directory(self, directory: Path) -> None:
        """Serve another folder from now on (e.g. a new release)."""
        self.server.directory = str(Path(directory).resolve())


@dataclass
class Recorder:
    requests: list = field(default_factory=list)  # (method, url)
    failed: list = field(default_factory=list)  # (url, failure text)
    http_errors: list = field(default_factory=list)  # (status, url)
    console_errors: list = field(default_factory=list)  # text

    listeners: list = field(default_factory=list)  # (event, handler) while attached

    def attach(self, context) -> None:
        self.listeners = [
            ("request", lambda r: self.requests.append((r.method, r.url))),
            ("requestfailed", lambda r: self.failed.append((r.url, r.failure))),
            ("response", self._on_response),
            ("console", self._on_console),
            ("weberror", lambda e: self.console_errors.append(f"uncaught: {e.error}")),
        ]
        for event, handler in self.listeners:
            context.on(event, handler)

    def detach(self, context) -> None:
        """Stop recording ``context`` (one shared by several tests)."""
        for event, handler in self.listeners:
            context.remove_listener(event, handler)
        self.listeners = []

    def _on_response(self, response) -> None:
        if response.status >= 400:
            self.http_errors.append((response.status, response.url))

    def _on_console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def clear(self) -> None:
        for items in (self.requests, self.failed, self.http_errors, self.console_errors):
            items.clear()

    def foreign_requests(self, host: str) -> list[str]:
        """URLs of requests to anything but http://{host} (data:/blob: are local)."""
        bad = []
        for _, url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in ("data", "blob"):
                continue
            if parts.scheme not in ("http", "https") or parts.netloc != host:
                bad.append(url)
        return bad

    def assert_only_host(self, host: str) -> None:
        assert self.requests, "no request recorded"
        bad = self.foreign_requests(host)
        assert not bad, f"requests left {host}: {bad}"

    def assert_no_console_errors(self) -> None:
        assert not self.console_errors, f"console errors: {self.console_errors}"

    def assert_no_http_errors(self) -> None:
        assert not self.http_errors, f"HTTP errors: {self.http_errors}"


def finished_record_text(names: list[str], seed: int, moves_seed: int) -> str:
    """A whole game of random legal moves (``moves_seed`` picks them), as an exported record."""
    rng = random.Random(moves_seed)
    table = Table.new(names, seed)
    while not table.state.over:
        table.state.play(rng.choice(table.state.legal_moves()))
    return table.record_text()
