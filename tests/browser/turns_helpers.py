"""Play by turns between browser contexts that are never open at the same time:
each device is a saved storage state, opened for its turn, closed after it."""

from __future__ import annotations

import json
import random
import re
import time
from typing import NamedTuple

from playwright.sync_api import expect

from harness.browser_page import Views, start_game, wait_ready
from harness.pages import DISPATCH_CLICK, offered
from tests.browser.browser_helpers import wait_until

WAIT_MS = 30_000
# The table this device sits at, as it keeps it (web/front/js/turns/tables.js).
HELD = """() => Object.keys(localStorage).filter((k) => k.includes(':turns:'))
  .map((k) => JSON.parse(localStorage.getItem(k)))"""
# The game on screen and the table's version held agree, and no relay still waits for it.
SENT = """(async () => {
  const held = Object.keys(localStorage).filter((k) => k.includes(':turns:'))
    .map((k) => JSON.parse(localStorage.getItem(k)));
  const link = JSON.parse(await window.mykerinos.call('shareLink', '[]'));
  return held.length > 0 && held.every((h) => !h.unsent)
    && held.some((h) => h.payload && 'g=' + h.payload.game === link.code);
})()"""
# The page's game has exactly this many decisions.
MOVES_ARE = """(n) => window.mykerinos.call('exportRecord', '[]')
  .then((t) => JSON.parse(JSON.parse(t)).moves.length === n)"""
VIEW = "async () => JSON.parse(await window.mykerinos.call('view', '[]'))"


class Device:
    """A person's device: one browser context, its storage kept between visits,
    its page open for a visit only (never while another device's is)."""

    def __init__(self, browser, name: str) -> None:
        self.browser = browser
        self.name = name
        # The storage it starts with (another device's, copied), then as it was
        # at the end of its last visit.
        self.state: dict | None = None
        self.page = None  # the device's one tab, blank between visits
        self.errors: list[str] = []
        # Console lines the browser itself writes for a relay out of reach, and
        # those it wrote.
        self.allowed: list[re.Pattern[str]] = []
        self.tolerated: list[str] = []

    def open(self, url: str):
        """A visit: the site opened in the device's tab (its HTTP cache, service
        worker and storage kept, as a phone's are)."""
        if self.page is None:
            context = self._context()
            self.page = context.new_page()
            self.page.on(
                "pageerror", lambda error: self.errors.append(f"{self.name}: {error.stack}")
            )
            self.page.on("console", self._on_console)
        self.page.goto(url)
        wait_ready(self.page)
        return self.page

    def _context(self):
        """A device of the live Chromium's pool (given back wiped after the test),
        or a context of its own where there is no pool or the storage is another's."""
        pool = getattr(self.browser, "pool", None)
        if pool is None:
            return self.browser.new_context(storage_state=self.state, service_workers="allow")
        return pool.take(storage_state=self.state)

    def _on_console(self, message) -> None:
        if message.type != "error":
            return
        if any(p.search(message.text) for p in self.allowed):
            self.tolerated.append(message.text)
        else:
            self.errors.append(f"{self.name}: {message.text}")

    def close(self, page) -> None:
        """The visit over: the site left for a blank page (its storage kept)."""
        self.state = page.context.storage_state()
        page.goto("about:blank")


def record_of(page) -> dict:
    return json.loads(json.loads(page.evaluate("window.mykerinos.call('exportRecord', '[]')")))


# This device holds the seat in the table's version it has sent.
SEATED = """(seat) => Object.keys(localStorage).filter((k) => k.includes(':turns:'))
  .map((k) => JSON.parse(localStorage.getItem(k))).some((h) => h.seats.includes(seat) && !h.unsent)"""


def take_seat(page, seat: int, name: str) -> None:
    """The seat taken from the invite's page, and sent to the relays."""
    expect(page.locator("#turns-seat")).to_be_visible(timeout=WAIT_MS)
    page.check(f'#turns-seat input[name=turns-seat][value="{seat}"]')
    page.fill("#turns-name", name)
    page.click("#turns-take")
    wait_until(page, SEATED, WAIT_MS, arg=seat)
    wait_until(page, SENT, WAIT_MS)


class Opened(NamedTuple):
    invite: str  # the table's invite
    mover: int  # the seat to move first
    held: dict  # the table as the opening device keeps it


def open_table(
    device: Device, site: str, names: list[str], seed: int, seats: list[str], nile: bool = False
) -> Opened:
    """A table opened on `device`, its invite shown then closed; the device
    closes once the relays have the table (else a friend opening the invite at
    once finds nothing yet)."""
    page = device.open(site)
    start_game(page, names, seed, seats=seats, nile=nile)
    expect(page.locator("#turns-url")).to_be_visible(timeout=WAIT_MS)
    invite = page.locator("#turns-url").input_value()
    page.click("#turns-link-close")
    wait_until(page, SENT, WAIT_MS)
    opened = Opened(invite, page.evaluate(VIEW)["to_move"], page.evaluate(HELD)[0])
    device.close(page)
    return opened


# How often a player passes where it may.
PASSES = 0.8


def play_turn(
    page, rng: random.Random, timeout_s: float = 300, sent: bool = True, passes: float = PASSES
) -> int:
    """Click offered targets while it is this device's turn; wait until sent."""
    deadline = time.monotonic() + timeout_s
    clicks = 0
    views = Views()
    while True:
        view = views.of(page)
        targets = offered(view)
        if not targets or view["final"]:
            break
        others = [t for t in targets if t != "action:pass"]
        if view["building"]:
            others = [t for t in targets if not t.startswith("action:")] or targets
        # Mostly passes where a pass is offered: short games (each turn is a page
        # opened and closed), every kind of decision still met.
        if "action:pass" in targets and not view["building"] and rng.random() < passes:
            target = "action:pass"
        else:
            target = rng.choice(others or targets)
        if page.evaluate(DISPATCH_CLICK, target):
            clicks += 1
            views.acted(page)
        page.wait_for_timeout(30)  # the click taken, or the view drawn
        assert time.monotonic() < deadline, f"the turn does not end: {view['prompt']} {targets}"
    if not sent:
        return clicks
    try:
        wait_until(page, SENT, WAIT_MS)
    except TimeoutError as error:
        held = page.evaluate(HELD)
        link = page.evaluate("window.mykerinos.call('shareLink', '[]')")
        words = page.locator("#turns-panel").inner_text()
        raise AssertionError(f"not sent: {held} {link} {words}") from error
    return clicks


def play_by_turns(
    devices: dict[int, Device],
    url: str,
    mover: int,
    rng: random.Random,
    expected: int | None = None,
    until: int = 10_000,
    passes: float = PASSES,
) -> tuple[dict, int, int]:
    """The game played, each device opened for its turn only (it catches up
    from the relay first, having ``expected`` decisions), then closed, until it
    ends or has ``until`` decisions: the record, the seat to move and the
    number of decisions."""
    for _ in range(400):
        device = devices[mover]
        page = device.open(url)
        if expected is not None:
            wait_until(page, MOVES_ARE, WAIT_MS, arg=expected)
        play_turn(page, rng, passes=passes)
        record = record_of(page)
        view = page.evaluate(VIEW)
        device.close(page)
        expected, mover = len(record["moves"]), view["to_move"]
        if view["final"] or expected >= until:
            return record, mover, expected
    raise AssertionError("the game by turns does not end")
