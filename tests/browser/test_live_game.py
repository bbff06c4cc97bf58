"""Live play through the page, with real parts: a Nostr relay on this machine
(tools/relay.py), the site served with its live play pointed at it (as
`./run serve --relay` does), and Chromium pages, each in a context of its own
(a device), started with loopback candidates allowed. A game is started with
friends' seats in the new-game dialog, the invite is opened on the other
pages, each picks a seat and the game is played to its end by clicks."""

from __future__ import annotations

import json
import random
import time

import pytest
from playwright.sync_api import expect

from game import replay
from harness.pages import offered
from tests.browser.browser_helpers import start_game, view_of, wait_ready
from tests.browser.test_live_transport import LIVE_ARGS
from tools import chromium
from tools import serve as static_server
from tools.relay import start_relay

NAMES = ["Ann", "Bob", "Cy", "Dee"]
SEATS = ["human", "friend", "friend", "easy"]
SEED = 11
WAIT_MS = 30_000

# Clicks a target as a person would (the page's own click listener on #app).
CLICK = """target => {
  const el = document.querySelector(`[data-target="${CSS.escape(target)}"]`);
  if (!el) return false;
  el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  return true;
}"""

# Drops the page's connection to the room as a sleeping phone's would.
DROP = """async () => (await import("./front/js/live/live.js")).drop()"""


@pytest.fixture(scope="module")
def relay():
    running = start_relay()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def live_site(dist_dir, relay):
    server = static_server.make_server(dist_dir, 0, "/", quiet=True, relay_url=relay.url)
    static_server.start_in_thread(server)
    yield static_server.url_of(server)
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def live_browser(playwright_instance):
    browser = playwright_instance.chromium.launch(
        executable_path=chromium.executable(), args=LIVE_ARGS, headless=True
    )
    yield browser
    browser.close()


@pytest.fixture
def device(live_browser):
    """Factory: a new page in a context of its own (a device)."""
    contexts = []

    def open_one(url: str):
        context = live_browser.new_context()
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: print("page error:", error))
        page.goto(url)
        wait_ready(page)
        return page

    yield open_one
    for context in contexts:
        context.close()


def host_game(device, live_site, names=NAMES, seats=SEATS):
    """The host's page starts a game with friends' seats: the invite's URL."""
    host = device(live_site)
    start_game(host, names, SEED, seats=seats)
    expect(host.locator("#live-invite")).to_be_visible(timeout=WAIT_MS)
    url = host.locator("#live-url").input_value()
    assert "#live=" in url
    expect(host.locator("#live-qr svg")).to_be_visible()
    host.click("#live-invite-close")
    return host, url


def take_seat(page, seat: int, name: str) -> None:
    """On an invite's page: pick the seat, say a name, and wait to be in."""
    pick = page.locator("#live-pick")
    expect(pick).to_be_visible(timeout=WAIT_MS)
    page.check(f'#live-pick input[name=live-seat][value="{seat}"]')
    page.fill("#live-name", name)
    page.click("#live-take")
    expect(page.locator(f'#live-panel [data-seat="{seat}"] .live-you')).to_be_visible(
        timeout=WAIT_MS
    )


def play_until(pages, done, rng: random.Random, timeout_s: float = 600) -> int:
    """Each page clicks one offered target when it has some, until ``done()``."""
    deadline = time.monotonic() + timeout_s
    clicks = 0
    while not done():
        acted = False
        for page in pages:
            view = view_of(page)
            targets = offered(view)
            if targets and not view["final"]:
                others = [t for t in targets if t != "action:pass"]
                if view["building"]:
                    others = [t for t in targets if not t.startswith("action:")] or targets
                target = rng.choice(others if others and rng.random() < 0.7 else targets)
                if page.evaluate(CLICK, target):  # else: not drawn yet, next round
                    clicks += 1
                    acted = True
        if not acted:
            time.sleep(0.05)
        assert time.monotonic() < deadline, "the live game does not end"
    return clicks


def record_of(page) -> dict:
    return json.loads(json.loads(page.evaluate("window.mykerinos.call('exportRecord', '[]')")))


def moves_of(page) -> int:
    return len(record_of(page)["moves"])


def test_a_whole_four_player_live_game_ends_the_same_on_three_devices(device, live_site):
    host, url = host_game(device, live_site)
    bob = device(url)
    take_seat(bob, 1, "Bobby")
    cy = device(url)
    take_seat(cy, 2, "Cyd")
    # Everyone sees who is here; the host saw them join (its polite live region).
    expect(host.locator('#live-panel [data-seat="2"]')).to_have_attribute("data-status", "taken")
    statuses = bob.locator("#live-panel li").evaluate_all("els => els.map(e => e.dataset.status)")
    assert statuses == ["host", "taken", "taken", "host"]
    pages = [host, bob, cy]
    play_until(pages, lambda: all(view_of(p)["final"] for p in pages), random.Random(5))
    records = [record_of(p) for p in pages]
    assert records[0] == records[1] == records[2]
    assert replay(records[0]).over and records[0]["seats"] == ["human"] * 3 + ["easy"]


def test_a_guest_comes_back_after_a_reload_and_after_going_offline(device, live_site):
    host, url = host_game(device, live_site, NAMES[:3], ["human", "friend", "easy"])
    bob = device(url)
    take_seat(bob, 1, "Bobby")
    rng = random.Random(2)
    play_until([host, bob], lambda: moves_of(host) >= 6, rng)
    # A reload mid-game: back to its seat, with the game as the host has it.
    bob.reload()
    wait_ready(bob)
    expect(bob.locator('#live-panel [data-seat="1"] .live-you')).to_be_visible(timeout=WAIT_MS)
    bob.wait_for_function(
        "n => JSON.parse(window.mykerinos.call('exportRecord', '[]')).length > 0", arg=0
    )
    host.wait_for_function(
        "() => document.querySelector('#live-panel [data-seat=\"1\"]').dataset.status === 'taken'",
        timeout=WAIT_MS,
    )
    assert record_of(bob) == record_of(host)
    play_until([host, bob], lambda: view_of(host)["to_move"] == 0, rng)
    # Offline for several moves (its connection dropped, as a phone's asleep):
    # the host plays on (its own seat and its computer).
    bob.evaluate(DROP)
    host.wait_for_function(
        "() => document.querySelector('#live-panel [data-seat=\"1\"]').dataset.status === 'away'",
        timeout=WAIT_MS,
    )
    before = moves_of(bob)
    play_until([host], lambda: view_of(host)["to_move"] == 1 or view_of(host)["final"], rng)
    assert moves_of(host) > before
    bob.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    bob.wait_for_function(
        "n => JSON.parse(JSON.parse(window.mykerinos.call('exportRecord', '[]'))).moves.length >= n",
        arg=moves_of(host),
        timeout=WAIT_MS,
    )
    assert record_of(bob) == record_of(host)
