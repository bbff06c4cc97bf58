"""Live play with the room's device in the background, with real parts: the
local Nostr relay, the site pointed at it, a guest in the tests' live Chromium,
and the host in a Chromium of its own whose hidden pages are really throttled.

Playwright keeps every page it drives visible (it turns focus emulation on,
which Chromium counts as the page being shown) and starts Chromium with
--disable-background-timer-throttling, --disable-renderer-backgrounding and
--disable-backgrounding-occluded-windows. So the host's Chromium is started
here without those switches and attached to over CDP with no_defaults: then a
second tab brought to the front really hides the host's page (its
visibilityState is "hidden" and its page timers fire once a second, which the
tests check), and Page.setWebLifecycleState freezes and wakes it as a system
does to a page in the background."""

from __future__ import annotations

import random
import subprocess
import tempfile
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from harness.browser_page import start_game, view_of, wait_ready
from harness.pages import offered
from tests.browser.browser_helpers import wait_until
from tests.browser.conftest import origin_of_url, wipe
from tests.browser.test_live_game import (
    DROP,
    NAMES,
    SEED,
    SPOKEN,
    WAIT_MS,
    moves_of,
    play_until,
    record_of,
    same_game,
    take_seat,
)
from tools import chromium
from tools.relay import free_port

# Ann plays on the host's device, Bob on his own, a computer on the host's.
SEATS = ["human", "friend", "easy"]
# How far apart a page's own timer of 100 ms fires, over a while.
TIMER_GAPS = """() => new Promise((done) => {
  const gaps = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }, 100);
  setTimeout(() => { clearInterval(timer); done(gaps); }, 3000);
})"""


@pytest.fixture(scope="module")
def host_chromium(playwright_instance):
    """A Chromium of its own for the host, with background throttling on, and
    attached to without Playwright's focus emulation: its default context, for
    the file's tests one after the other (`host_browser`)."""
    port = free_port()
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        process = subprocess.Popen(
            [
                chromium.executable(),
                *chromium.LIVE_ARGS,
                *chromium.TEST_ARGS,
                f"--remote-debugging-port={port}",
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            endpoint = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(f"{endpoint}/json/version", timeout=1).close()
                    break
                except OSError:
                    assert time.monotonic() < deadline, "the host's Chromium did not start"
                    time.sleep(0.1)
            browser = playwright_instance.chromium.connect_over_cdp(endpoint, no_defaults=True)
            yield browser.contexts[0]
            browser.close()
        finally:
            process.terminate()  # its helper processes end with it
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture
def host_browser(host_chromium, live_site):
    """The host's Chromium for one test: one blank tab, and after the test every
    tab closed and the site's storage wiped (its HTTP cache and service worker
    kept, as a returning player's are)."""
    context = host_chromium
    if not context.pages:
        context.new_page()
    yield context
    wipe(context, [origin_of_url(live_site)], keep=context.new_page())


def open_room(context, live_site: str, device):
    """The host opens a room on its Chromium; Bob takes his seat: (host, bob)."""
    host = context.pages[0]
    host.set_default_timeout(WAIT_MS * 2)
    host.goto(live_site)
    wait_ready(host)
    start_game(host, NAMES[:3], SEED, seats=SEATS)
    expect(host.locator("#live-invite")).to_be_visible(timeout=WAIT_MS)
    url = host.locator("#live-url").input_value()
    host.click("#live-invite-close")
    bob = device(url)
    take_seat(bob, 1, "Bobby")
    return host, bob


def hide(context, host):
    """Another tab in front: the host's page is hidden, and really throttled."""
    cover = context.new_page()
    cover.bring_to_front()
    assert host.evaluate("document.visibilityState") == "hidden"
    gaps = host.evaluate(TIMER_GAPS)
    assert min(gaps[1:]) > 500, f"a hidden page's timers are not slowed down: {gaps}"
    return cover


def hide_at_bobs_turn(context, host, bob, rng: random.Random) -> None:
    """Play until Bob is to move, hide the host, and wait for Bob to see its seat away for now."""
    play_until([host, bob], lambda: to_move(host) == 1, rng)
    hide(context, host)
    expect(bob.locator('#live-panel [data-seat="0"] .live-state')).to_contain_text(
        "away for now", timeout=WAIT_MS
    )


def to_move(page) -> int | None:
    view = view_of(page)
    return None if view["final"] else view["to_move"]


def bob_moves(bob, rng: random.Random) -> int:
    """Bob clicks until his decision has come back from the host: the moves then."""
    before = moves_of(bob)
    play_until([bob], lambda: moves_of(bob) > before, rng, timeout_s=60)
    return moves_of(bob)


def host_status_of_bob(host) -> str:
    return host.evaluate("document.querySelector('#live-panel [data-seat=\"1\"]').dataset.status")


def test_a_host_in_a_background_tab_keeps_the_room_going(host_browser, device, live_site):
    host, bob = open_room(host_browser, live_site, device)
    rng = random.Random(3)
    # Bob sees the host's seat away for now, in words, and no offer to carry on.
    hide_at_bobs_turn(host_browser, host, bob, rng)
    assert bob.locator('#live-panel [data-seat="0"]').get_attribute("data-status") == "host"
    # Bob's decision is taken by the hidden host and comes back to him; the
    # computer on the hidden host plays on until a person is to move.
    bob_moves(bob, rng)
    same_game(host, bob)
    # Ten seconds in the background (more than a silence that counts as away):
    # the host's beats kept coming, Bob's seat stayed taken there.
    time.sleep(10)
    expect(bob.locator("#live-take-over")).to_have_count(0)
    assert bob.locator('#live-panel [data-seat="0"]').get_attribute("data-status") == "host"
    assert host_status_of_bob(host) == "taken"
    # Shown again: Bob sees it back.
    host.bring_to_front()
    expect(bob.locator('#live-panel [data-seat="0"] .live-state')).not_to_contain_text(
        "away for now", timeout=WAIT_MS
    )


def test_a_frozen_host_comes_back_with_what_was_sent_meanwhile(host_browser, device, live_site):
    host, bob = open_room(host_browser, live_site, device)
    rng = random.Random(6)
    hide_at_bobs_turn(host_browser, host, bob, rng)
    host.evaluate(SPOKEN)
    before = moves_of(host)
    # The system freezes the host's page (as a phone's browser does): nothing
    # on it runs, its beats stop. Bob plays meanwhile.
    cdp = host_browser.new_cdp_session(host)
    cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
    sent_at = time.monotonic()
    # Bob clicks until his decision is made and sent (nothing more to click).
    play_until([bob], lambda: not offered(view_of(bob)), rng, timeout_s=60)
    assert moves_of(bob) == before, "the frozen host answered"
    time.sleep(max(0.0, 8 - (time.monotonic() - sent_at)))  # more than AWAY_S in all
    # It said it was in the background: Bob is not offered to carry on yet.
    expect(bob.locator("#live-take-over")).to_have_count(0)
    cdp.send("Page.setWebLifecycleState", {"state": "active"})
    # Awake: what Bob sent meanwhile is played and comes back to him.
    wait_until(
        bob,
        "n => window.mykerinos.call('exportRecord', '[]')"
        ".then(t => JSON.parse(JSON.parse(t)).moves.length > n)",
        WAIT_MS,
        arg=before,
    )
    time.sleep(2)
    assert host_status_of_bob(host) == "taken"
    spoken = " ".join(host.evaluate("window.spoken"))
    assert "Bobby is away." not in spoken, spoken  # given time to be heard after the sleep
    host.bring_to_front()
    goal = moves_of(host) + 3
    play_until([host, bob], lambda: moves_of(host) >= goal or view_of(host)["final"], rng)
    same_game(host, bob)
    assert record_of(host)["seats"] == ["human", "human", "easy"]


def test_a_host_whose_link_went_while_hidden_opens_its_room_again_when_shown(
    host_browser, device, live_site
):
    host, bob = open_room(host_browser, live_site, device)
    rng = random.Random(4)
    play_until([host, bob], lambda: to_move(host) == 1, rng)
    hide(host_browser, host)
    # The system closed the hidden page's connections (as iOS Safari does):
    # Bob is told the host is not answering.
    host.evaluate(DROP)
    expect(bob.locator("#live-take-over")).to_be_visible(timeout=WAIT_MS)
    # Shown again, the host opens its room again (reloading) and Bob comes
    # back to it by himself.
    with host.expect_navigation(timeout=WAIT_MS):
        host.bring_to_front()
    wait_ready(host)
    expect(host.locator('#live-panel [data-seat="1"]')).to_have_attribute(
        "data-status", "taken", timeout=WAIT_MS
    )
    expect(bob.locator("#live-take-over")).to_be_hidden(timeout=WAIT_MS)
    before = moves_of(host)
    assert bob_moves(bob, rng) > before
    assert record_of(bob) == record_of(host)
