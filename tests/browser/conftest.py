"""Fixtures for browser tests: Playwright (sync API) driving Chromium's headless
shell (tools/chromium.py's `launch_for_tests`; the full browser where there is no shell).

- `dist_dir`: the site, built once per test run into $MYKERINOS_DIST (default
  dist/), or used as it is when MYKERINOS_PREBUILT=1 and it is there (`./run
  test` builds it before pytest starts). Under pytest-xdist the first worker
  to need it builds it while the others wait on a lock, then reuse it.
- Each pytest-xdist worker starts its own Chromium and its own servers (free
  ports), so the tests may run in parallel (`-n 2`).
- `serve(base="/", directory=None)`: starts a static server on a free port on
  127.0.0.1 and returns a `Site`; `site` and `site_subpath` are the site at /
  and at /mykerinos/.
- Every context of the tests' browser starts Python from the snapshot the
  build made (web/front/js/python.js), fetched on its first visit as a
  returning visitor's service worker would have it: most of a page's start
  is otherwise Python's, paid by every test. `browser.new_context(
  normal_start=True, ...)`, or the `normal_start` marker on a test using the
  `context` or a first-visit `page`, starts Python as a first visit does.
- `context`: a fresh browser context (no cache, no service worker).
- `page`: a new page. A test that also asks for `context`, or is marked
  `first_visit`, gets it in a fresh context: a first visit. Any other test gets
  it in its worker's `warm_context`, as a returning visitor whose storage was
  wiped: the HTTP cache and the service worker of earlier tests stay (the page
  starts in about half the processor time), while every origin's local
  storage and IndexedDB are cleared and every page closed after each test, so
  no save, seat or language passes from one test to the next.
- `recorder` records, on the CONTEXT (so service-worker fetches are seen
  too), every request, failed request, HTTP error and console error, with
  assertions:
      recorder.assert_only_host(site.host)
      recorder.assert_no_console_errors()
      recorder.assert_no_http_errors()
- Live play: `relay` (a Nostr relay on this machine, tools/relay.py), `live_site`
  (the site with its live play pointed at it, as `./run serve --relay` does) and
  `live_browser` (a Chromium with loopback WebRTC allowed, tools/chromium.py's
  LIVE_ARGS), one of each per worker. `device` opens a page in a device of
  the live Chromium's pool: the devices a test used are given back after it,
  their pages closed and their storage wiped, their HTTP cache and service
  worker kept (a returning player's phone).
- `wait_ready(page)` (in browser_helpers): waits for body[data-ready="1"]
  (60 s by default); `wait_service_worker(page)`: until the precache is done.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
import tempfile
import time
from collections import deque
from pathlib import Path

import pytest

from harness.tabs import NO_PAUSE
from tests.browser.browser_helpers import (
    READY_TIMEOUT_MS,
    ROOT,
    SUBPATH,
    Recorder,
    Site,
    build,
    static_server,
    wait_ready,
)
from tests.browser.shared_games import play_live_game_with_a_phone
from tools import chromium
from tools.relay import start_relay


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    # MYKERINOS_DIST: build somewhere else (two test runs at once on one checkout).
    out = Path(os.environ.get("MYKERINOS_DIST") or ROOT / "dist").resolve()
    if os.environ.get("MYKERINOS_PREBUILT") == "1" and (out / "sw.js").is_file():
        return out
    run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID")  # set in xdist workers only
    if run_id is None:
        build.build(out, quiet=True)
        return out
    # Workers would otherwise build into the same folder at once and delete each
    # other's files. The lock file records which run built the site last.
    key = hashlib.sha256(str(out).encode()).hexdigest()[:16]
    lock_path = Path(tempfile.gettempdir()) / f"mykerinos-build-{key}.lock"
    with open(lock_path, "a+", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        lock.seek(0)
        if lock.read() != run_id or not (out / "sw.js").is_file():
            build.build(out, quiet=True)
            lock.seek(0)
            lock.truncate()
            lock.write(run_id)
            lock.flush()
    return out


@pytest.fixture(scope="session")
def serve(dist_dir):
    """Factory: serve(base="/", directory=dist) -> Site on a free port."""
    servers = STARTED

    def start(base: str = "/", directory: Path | None = None) -> Site:
        server = static_server.make_server(directory or dist_dir, 0, base, quiet=True)
        static_server.start_in_thread(server)
        servers.append(server)
        host, port = server.server_address[:2]
        return Site(
            url=static_server.url_of(server), host=f"{host}:{port}", base=server.base, server=server
        )

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


# Every server this worker started: the origins whose storage a warm page wipes.
STARTED: list = []

# What a test may leave in an origin's storage (the HTTP cache, the service
# worker and its Cache Storage are kept on purpose).
WIPED_STORAGE = "cookies,local_storage,indexeddb,file_systems,websql"


@pytest.fixture(scope="session")
def site(serve) -> Site:
    return serve("/")


@pytest.fixture(scope="session")
def site_subpath(serve) -> Site:
    return serve(SUBPATH)


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    try:
        chromium.executable()
    except FileNotFoundError as error:
        pytest.fail(str(error))
    with sync_playwright() as pw:
        yield pw


# Set before the page's scripts run: python.js fetches the build's snapshot on
# a first visit too (a real first visit starts Python without it).
FROM_SNAPSHOT = "window.mykerinosSnapshot = 'fetch';"


def starting_from_snapshot(browser):
    """``browser`` whose contexts start their pages' Python from the snapshot,
    unless made with ``normal_start=True``, and play the computers' moves
    without the pause a person needs to follow them (``NO_PAUSE``), unless
    made with ``paced=True``."""
    new_context = browser.new_context

    def new_context_from_snapshot(*, normal_start: bool = False, paced: bool = False, **options):
        context = new_context(**options)
        if not normal_start:
            context.add_init_script(FROM_SNAPSHOT)
        if not paced:
            context.add_init_script(NO_PAUSE)
        return context

    browser.new_context = new_context_from_snapshot
    return browser


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = starting_from_snapshot(chromium.launch_for_tests(playwright_instance))
    yield browser
    browser.close()


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def context(request, browser, recorder):
    """A fresh context: empty HTTP cache, no service worker, all recorded."""
    normal = request.node.get_closest_marker("normal_start") is not None
    paced = request.node.get_closest_marker("paced") is not None
    context = browser.new_context(service_workers="allow", normal_start=normal, paced=paced)
    recorder.attach(context)
    yield context
    context.close()


@pytest.fixture(scope="session")
def warm_context(browser):
    """One context per worker, shared by the tests that do not need a first visit."""
    context = browser.new_context(service_workers="allow")
    yield context
    context.close()


def wipe(context, origins=None, keep=None) -> None:
    """Close every page of ``context`` but ``keep`` (a blank one left open) and
    clear what the game stores, on every origin served (or on ``origins``)."""
    for open_page in context.pages:
        if open_page is not keep:
            open_page.close()
    if origins is None:
        origins = [origin_of(server) for server in STARTED]
    blank = keep or context.new_page()
    try:
        cdp = context.new_cdp_session(blank)
        for origin in origins:
            cdp.send(
                "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": WIPED_STORAGE}
            )
        cdp.detach()
    finally:
        if keep is None:
            blank.close()


def origin_of(server) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}"


def origin_of_url(url: str) -> str:
    """``scheme://host:port`` of an address."""
    return "/".join(url.split("/", 3)[:3])


@pytest.fixture
def page(request, recorder):
    first_visit = (
        "context" in request.fixturenames
        or request.node.get_closest_marker("first_visit") is not None
    )
    if first_visit:
        context = request.getfixturevalue("context")
    else:
        context = request.getfixturevalue("warm_context")
        recorder.attach(context)
    page = context.new_page()
    if request.node.get_closest_marker("paced") is not None and not first_visit:
        # The warm context's pages play the computers at once: this one as a person sees them.
        page.add_init_script(PACED)
    page.set_default_timeout(READY_TIMEOUT_MS)
    # Everything the page logs and the requests it waits for, for wait_ready's
    # message if it never starts.
    page.console_lines = []
    page.on("console", lambda message: page.console_lines.append(f"{message.type}: {message.text}"))
    page.pending = set()
    page.on("request", lambda r: page.pending.add(r))
    page.on("requestfinished", lambda r: page.pending.discard(r))
    page.on("requestfailed", lambda r: page.pending.discard(r))
    try:
        yield page
    finally:
        if not first_visit:
            recorder.detach(context)
            wipe(context)


# --- live play
#
# One relay, one live site and one live Chromium per worker. The devices of a
# test are contexts of that Chromium lent by its `DevicePool`: a device given
# back has its pages closed and its storage wiped, and keeps its HTTP cache
# and service worker for the next test's device, as a returning player's
# phone does (a fresh context loads and compiles the runtime again: about one
# processor-second more a device). A device with options of its own (a
# phone's screen) is a new context, closed after.


@pytest.fixture(scope="session")
def relay():
    running = start_relay()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def live_site(dist_dir, relay):
    """The built site served at / with its live play pointed at the relay: its URL."""
    server = static_server.make_server(dist_dir, 0, "/", quiet=True, relay_url=relay.url)
    static_server.start_in_thread(server)
    yield static_server.url_of(server)
    server.shutdown()
    server.server_close()


# A page's computers shown for the time a person needs, whichever of the
# context's and the page's scripts runs first (their order is not defined).
PACED = "Object.defineProperty(window, 'mykerinosPauseMs', {get: () => undefined, set: () => {}});"


class DevicePool:
    """Device contexts of one Chromium, lent to a test and given back wiped."""

    def __init__(self, browser) -> None:
        self.browser = browser
        self.idle: list = []
        self.lent: list = []
        self.origins: set[str] = set()  # every origin a device opened
        self.spoilt: set = set()  # given an init script, closed or crashed: not lent again

    def take(self, storage_state: dict | None = None):
        """A device, empty, or holding ``storage_state`` (a new context then)."""
        if storage_state is None and self.idle:
            context = self.idle.pop()
        else:
            context = self._new(storage_state)
        self.lent.append(context)
        return context

    def _new(self, storage_state: dict | None):
        context = self.browser.new_context(service_workers="allow", storage_state=storage_state)
        context.on("close", lambda _: self.spoilt.add(context))
        context.on("request", self._seen)
        add_init_script = context.add_init_script

        def add_and_spoil(*args, **kwargs):  # the next test's device would run it too
            self.spoilt.add(context)
            return add_init_script(*args, **kwargs)

        context.add_init_script = add_and_spoil
        return context

    def _seen(self, request) -> None:
        if request.resource_type == "document" and request.url.startswith("http"):
            self.origins.add(origin_of_url(request.url))

    def give_back(self) -> None:
        """Every device lent since the last call, wiped and idle again."""
        lent, self.lent = self.lent, []
        for context in lent:
            if context in self.spoilt:
                try:
                    context.close()
                except Exception:  # already closed
                    pass
                continue
            context.set_offline(False)
            wipe(context, sorted(self.origins))
            self.idle.append(context)


@pytest.fixture(scope="session")
def shared_live_browser(playwright_instance):
    """This worker's Chromium for live play (loopback WebRTC allowed), with its
    `pool` of devices."""
    browser = starting_from_snapshot(
        chromium.launch_for_tests(playwright_instance, chromium.LIVE_ARGS)
    )
    browser.pool = DevicePool(browser)
    yield browser
    browser.close()


@pytest.fixture
def live_browser(shared_live_browser):
    """The live Chromium; the devices its pool lent to the test are given back after."""
    yield shared_live_browser
    shared_live_browser.pool.give_back()


@pytest.fixture(scope="session")
def live_game_with_a_phone(shared_live_browser, live_site):
    """A four-player live game played to its end once per worker, a phone among
    its devices (tests/browser/shared_games.py): read by test_live_game.py and
    test_phone_play.py."""
    game = play_live_game_with_a_phone(shared_live_browser, live_site)
    yield game
    game.close()


# What a failed live test shows of each of its devices, read when it failed:
# what the page says of the room (read with a time limit: a page that does not
# answer is said so) and its last console lines of every kind.
SAID_LINES = 40
DEVICE_STATE = """() => JSON.stringify({
  notice: document.querySelector('#notice')?.innerText ?? null,
  room: document.querySelector('#live-panel')?.innerText ?? null,
  body: { ...document.body.dataset },
})"""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A live test's failure report carries its devices' state (`device`'s ``told``)."""
    outcome = yield
    report = outcome.get_result()
    told = getattr(item, "devices_told", None)
    if told is not None and report.when == "call" and report.failed:
        report.sections.append(("the devices when the test failed", told()))


@pytest.fixture
def device(request, live_browser):
    """Factory: a new page on the live Chromium, in a context of its own (a device),
    at ``url`` and ready. Every console error and uncaught error of every device
    (a reload's too) fails the test: devices leaving, reloading or failing to
    connect are expected in live play, and said in the page's own words.
    ``device.allow(pattern)``: a console line the browser itself writes, which no
    page can silence (a relay deliberately out of reach: "WebSocket connection
    to ... failed"), allowed in that test only. A test that fails says, for
    each device, what its page showed of the room then and its last console
    lines of every kind."""
    started = time.monotonic()
    contexts = []  # the devices of their own, closed after
    devices: list = []
    said: list[deque[str]] = []  # each device's last console lines, in the order of `devices`
    errors: list[str] = []
    allowed: list[re.Pattern[str]] = []

    # A test marked paced sees each computer's move for the time a person does.
    paced = request.node.get_closest_marker("paced") is not None

    def open_one(url: str, before=None, **options):
        """``before(page)``: what the test sets on the page before it loads (a route)."""
        if options:
            context = live_browser.new_context(paced=paced, **options)
            contexts.append(context)
            page = context.new_page()
        else:
            context = live_browser.pool.take()
            page = context.new_page()
            if paced:  # the pool's devices play the computers at once: this one as a person does
                page.add_init_script(PACED)
        watch(page)
        if before is not None:
            before(page)
        page.goto(url)
        wait_ready(page)
        return page

    def watch(page) -> None:
        """A device's page heard from now on: its errors fail the test, its last
        console lines are kept for a failure's report (``device.watch``: a page a
        test opens itself, the one that comes back after a kill)."""
        devices.append(page)
        name = f"device {len(devices)}"

        # When and where, for a failure to say: seconds into the test, the page's
        # address, and whether the test had killed it (test_live_game.py's crash).
        def at() -> str:
            killed = ", killed" if getattr(page, "killed", False) else ""
            return f"{name} at {time.monotonic() - started:.1f} s ({page.url}{killed})"

        lines: deque[str] = deque(maxlen=SAID_LINES)
        said.append(lines)

        def heard(message) -> None:
            lines.append(f"{at()} {message.type}: {message.text}")
            if message.type == "error" and not any(p.search(message.text) for p in allowed):
                errors.append(f"{at()}, console error: {message.text}")

        page.on("console", heard)
        page.on("pageerror", lambda error: errors.append(f"{at()}, uncaught: {error}"))

    def told() -> str:
        out = []
        for number, (page, lines) in enumerate(zip(devices, said, strict=True), 1):
            try:
                state = (
                    "closed"
                    if page.is_closed()
                    else page.wait_for_function(DEVICE_STATE, timeout=2_000).json_value()
                )
            except Exception as error:  # a page that does not answer
                state = f"(not read: {str(error).splitlines()[0]})"
            out.append(f"device {number} ({page.url}): {state}\n" + "\n".join(lines))
        return "\n\n".join(out)

    request.node.devices_told = told
    open_one.allow = allowed.append  # type: ignore[attr-defined]
    open_one.watch = watch  # type: ignore[attr-defined]
    yield open_one
    for context in contexts:
        context.close()
    assert errors == [], "\n".join(errors)
