"""A guest reloaded again and again, in Chromium, while the room's device is
busy with its computers: seated again each time, its seat its own on both
devices, the game the same. The Firefox ESR guest's is in
tests/crossbrowser/test_live_firefox.py.

The room's device is one whose room has been open for over a minute, and
whose transport makes the offer to every device that joins: a reload of the
guest then joins through an offer its library made ahead and renews (ICE
restarted), the case that left a guest out of its seat by the draw of its new
id until the transport's connections stopped rolling such an offer back
(docs/LIVE.md, "Presence")."""

from __future__ import annotations

import random
import time

from harness.browser_page import start_game, wait_ready
from tests.browser.browser_helpers import wait_until
from tests.browser.test_live_game import (
    MOVES_AT_LEAST,
    SEAT_TAKEN,
    SEED,
    WAIT_MS,
    moves_of,
    play_until,
    record_of,
    take_seat,
)

# Set on the room's device before live play starts (its library is loaded
# then): the offers its library makes ahead are dated a minute back, as in a
# room open for that long (the library renews an offer over 57 s old as it
# hands it out), and its transport id is the lowest there is ("000..."), so
# that it offers the connection to every device that joins rather than
# waiting for that device's offer.
AGED_ROOM = """(() => {
  const library = (name) => new RegExp(`trystero/core/${name}\\\\.mjs`).test(new Error().stack ?? "");
  const random = Math.random;
  let lowest = 20;
  Math.random = () => (lowest > 0 && library("utils") ? (lowest--, 0) : random());
  const now = Date.now;
  Date.now = () => (library("peer") ? now() - 120_000 : now());
})()"""
# The library's id of this page in the room.
SELF_ID = "async () => (await import('./live/trystero/core/utils.mjs')).selfId"

RELOADS = 8
# Each reload's time to be seated again stays under this (the issue: within
# 5 s three times in four, and once not within 15 s).
SEATED_S = 15
MINE = "() => !!document.querySelector('#live-panel [data-seat=\"1\"] .live-you')"


def aged_room(device, live_site, names, seats):
    """The room's device (AGED_ROOM) with a game of ``seats`` open: its page and the invite."""
    host = device(live_site)
    host.context.add_init_script(AGED_ROOM)
    host.reload()
    wait_ready(host)
    start_game(host, names, SEED, seats=seats)
    host.locator("#live-invite").wait_for(timeout=WAIT_MS)
    url = host.locator("#live-url").input_value()
    host.click("#live-invite-close")
    assert host.evaluate(SELF_ID) == "0" * 20
    return host, url


def test_a_guest_reloaded_again_and_again_is_seated_again_each_time(device, live_site):
    host, url = aged_room(
        device, live_site, ["Ann", "Bob", "Cy", "Dee"], ["human", "friend", "hard", "hard"]
    )
    bob = device(url)
    take_seat(bob, 1, "Bobby")
    rng = random.Random(12)
    took = []
    for _ in range(RELOADS):
        # A few decisions, Bob's among them once his turn comes: the computers
        # think on the room's device, and it is at that while Bob reloads.
        goal = moves_of(host) + 3
        play_until([host, bob], lambda goal=goal: moves_of(host) >= goal, rng)
        before = record_of(host)
        started = time.monotonic()
        bob.reload()
        wait_ready(bob)
        wait_until(bob, MINE, WAIT_MS, 0.05)
        took.append(round(time.monotonic() - started, 1))
        host.wait_for_function(SEAT_TAKEN, timeout=WAIT_MS)
        # Bob's device has the game as it was, and what was played since.
        wait_until(bob, MOVES_AT_LEAST, WAIT_MS, arg=len(before["moves"]))
        after = record_of(bob)
        assert after["setup"] == before["setup"]
        assert after["moves"][: len(before["moves"])] == before["moves"]
    assert max(took) < SEATED_S, f"seated again after {took} s"
    # Bob plays on from his seat: the game moves on through his turns.
    goal = moves_of(host) + 4
    play_until([host, bob], lambda: moves_of(host) >= goal, rng)
    wait_until(bob, MOVES_AT_LEAST, WAIT_MS, arg=moves_of(host))
    assert record_of(bob)["moves"] == record_of(host)["moves"][: moves_of(bob)]
