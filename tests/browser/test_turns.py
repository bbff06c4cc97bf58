"""Play by turns through the page, with real parts: the local Nostr relay, which
stores events (tools/relay.py), the site pointed at it, and devices that are
never open at the same time: each opens, plays its turn, and closes."""

from __future__ import annotations

import random
import re

from playwright.sync_api import expect

from game import replay
from harness.browser_page import start_game
from tests.browser.browser_helpers import static_server, wait_until
from tests.browser.turns_helpers import (
    MOVES_ARE,
    SENT,
    VIEW,
    WAIT_MS,
    Device,
    open_table,
    play_by_turns,
    record_of,
    take_seat,
)
from tools.relay import free_port, start_relay


def test_a_three_player_game_by_turns_between_devices_never_open_together(live_browser, live_site):
    rng = random.Random(5)
    ann, bob, cy = (Device(live_browser, n) for n in ("Ann", "Bob", "Cy"))
    page = ann.open(live_site)
    start_game(page, ["Ann", "Bob", "Cy"], 21, seats=["human", "turns", "turns"])
    expect(page.locator("#turns-url")).to_be_visible(timeout=WAIT_MS)
    invite = page.locator("#turns-url").input_value()
    assert "#turns=" in invite
    expect(page.locator("#turns-qr svg")).to_be_visible()
    page.click("#turns-link-close")
    wait_until(page, SENT, WAIT_MS)  # the relays have the table before a friend opens it
    ann.close(page)
    devices = {0: ann, 1: bob, 2: cy}
    for seat, device, name in ((1, bob, "Bobby"), (2, cy, "Cyd")):
        page = device.open(invite)
        take_seat(page, seat, name)
        device.close(page)
    page = ann.open(live_site)
    view = page.evaluate(VIEW)
    ann.close(page)
    last, _, _ = play_by_turns(devices, live_site, view["to_move"], rng)
    # The reference rules replay the record to the scores every device shows.
    final = replay(last)
    assert final.over and last["setup"]["players"] == ["Ann", "Bobby", "Cyd"]
    for device in devices.values():
        page = device.open(live_site)
        wait_until(page, MOVES_ARE, WAIT_MS, arg=len(last["moves"]))
        assert record_of(page) == last
        rows = page.evaluate(VIEW)["final"]["rows"]
        assert {r["index"]: r["total"] for r in rows} == dict(enumerate(final.final["scores"]))
        device.close(page)
        assert device.errors == [], device.errors


def test_a_nile_game_by_turns_outlives_a_relay_out_of_reach_and_one_that_forgets(
    live_browser, dist_dir
):
    """Two devices, a relay out of reach beside a storing one, which later
    forgets everything (started again empty): the next player opens the "your
    turn" link, which carries the whole game, and the game goes on to its end.
    The site of this game names both relays (a page's Playwright route would
    turn its HTTP cache off: every visit would load and compile the runtime
    anew)."""
    rng = random.Random(8)
    relay = start_relay()
    port = int(relay.url.rsplit(":", 1)[1].strip("/"))
    dead = f"ws://127.0.0.1:{free_port()}"
    server = static_server.make_server(dist_dir, 0, "/", quiet=True, relays=[dead, relay.url])
    static_server.start_in_thread(server)
    site = static_server.url_of(server)
    ann, bob = (Device(live_browser, n) for n in ("Ann", "Bob"))
    for device in (ann, bob):
        device.allowed.append(
            re.compile(r"WebSocket connection to 'ws://127\.0\.0\.1:\d+/?' failed")
        )
    try:
        invite, mover, _ = open_table(ann, site, ["Ann", "Bob"], 41, ["human", "turns"], nile=True)
        page = bob.open(invite)
        take_seat(page, 1, "Bo")
        bob.close(page)
        devices = {0: ann, 1: bob}
        # Passes now and then only: the game must last past its 12th decision.
        _, mover, moves = play_by_turns(devices, site, mover, rng, until=12, passes=0.3)
        # The last to play tells the next: the link carries the whole game.
        last = devices[1 - mover]
        page = last.open(site)
        wait_until(page, MOVES_ARE, WAIT_MS, arg=moves)
        page.click("#turns-tell")
        tell = page.locator("#turns-url").input_value()
        assert "~" in tell
        last.close(page)
        relay.stop()
        relay = start_relay(port=port)  # the relay forgot everything
        # The next player opens the link; then each opens the site as before.
        record, mover, moves = play_by_turns(
            devices, tell, mover, rng, expected=moves, until=moves + 1
        )
        if not replay(record).over:
            record, _, moves = play_by_turns(devices, site, mover, rng, expected=moves)
        final = replay(record)
        assert (
            final.over and record["setup"]["nile"] and record["setup"]["players"] == ["Ann", "Bo"]
        )
        for device in devices.values():
            page = device.open(site)
            wait_until(page, MOVES_ARE, WAIT_MS, arg=moves)
            assert record_of(page) == record
            rows = page.evaluate(VIEW)["final"]["rows"]
            assert {r["index"]: r["total"] for r in rows} == dict(enumerate(final.final["scores"]))
            device.close(page)
            assert device.errors == [], device.errors
        # The relay out of reach was asked all along, and said so.
        assert all(dead in " ".join(d.tolerated) for d in devices.values())
    finally:
        relay.stop()
        server.shutdown()
        server.server_close()
