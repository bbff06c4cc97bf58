"""Play by turns through the page, with real parts: the local Nostr relay, which
stores events (tools/relay.py), the site pointed at it, and devices that are
never open at the same time: each opens, plays its turn, and closes.

One whole game, played once for this file's two tests (a module's fixture,
what each test checks kept from it): three players on the Nile, three devices,
a relay out of reach beside the storing one, which forgets everything halfway."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import expect

from game import replay
from harness.browser_page import start_game
from tests.browser.browser_helpers import static_server, wait_until
from tests.browser.shared_games import waited_for
from tests.browser.turns_helpers import (
    MOVES_ARE,
    SENT,
    VIEW,
    WAIT_MS,
    Device,
    play_by_turns,
    record_of,
    take_seat,
)
from tools.relay import free_port, start_relay


@dataclass
class ByTurns:
    """What the game by turns showed, kept for the tests that read it."""

    invite: str = ""  # the table's invite, as the opening device showed it
    qr_shown: bool = False  # its QR code drawn beside it
    tell: str = ""  # the "your turn" link the last to play before the relay forgot gave
    moves_before: int = 0  # the decisions the relay had when it forgot them
    record: dict = field(default_factory=dict)  # the game's record at its end
    # Each device at the end: its record, the totals its final table shows, what
    # the page logged as errors, and the console lines of the relay out of reach.
    shown: dict = field(default_factory=dict)
    dead: str = ""  # the relay out of reach


@pytest.fixture(scope="module")
def nile_by_turns(shared_live_browser, dist_dir) -> ByTurns:
    """A whole 3-player Nile game by turns (its site naming a relay out of reach
    beside the storing one, which forgets everything past the 12th decision: the
    next player opens the "your turn" link, which carries the whole game). The
    site of this game names both relays (a page's Playwright route would turn
    its HTTP cache off: every visit would load and compile the runtime anew)."""
    got = ByTurns()
    rng = random.Random(5)
    relay = start_relay()
    port = int(relay.url.rsplit(":", 1)[1].strip("/"))
    got.dead = f"ws://127.0.0.1:{free_port()}"
    server = static_server.make_server(dist_dir, 0, "/", quiet=True, relays=[got.dead, relay.url])
    static_server.start_in_thread(server)
    site = static_server.url_of(server)
    ann, bob, cy = (Device(shared_live_browser, n) for n in ("Ann", "Bob", "Cy"))
    devices = {0: ann, 1: bob, 2: cy}
    for device in devices.values():
        device.allowed.append(
            re.compile(r"WebSocket connection to 'ws://127\.0\.0\.1:\d+/?' failed")
        )
    try:
        page = ann.open(site)
        start_game(page, ["Ann", "Bob", "Cy"], 21, seats=["human", "turns", "turns"], nile=True)
        expect(page.locator("#turns-url")).to_be_visible(timeout=WAIT_MS)
        got.invite = page.locator("#turns-url").input_value()
        # Waited for, as a person looks for it (the code is drawn after the link).
        got.qr_shown = waited_for(lambda: expect(page.locator("#turns-qr svg")).to_be_visible())
        page.click("#turns-link-close")
        wait_until(page, SENT, WAIT_MS)  # the relays have the table before a friend opens it
        mover = page.evaluate(VIEW)["to_move"]
        ann.close(page)
        for seat, device, name in ((1, bob, "Bobby"), (2, cy, "Cyd")):
            page = device.open(got.invite)
            take_seat(page, seat, name)
            device.close(page)
        # Passes now and then only: the game must last past its 12th decision.
        played, mover, moves = play_by_turns(devices, site, mover, rng, until=12, passes=0.3)
        # The last to play tells the next: the link carries the whole game.
        last = devices[played["moves"][-1]["player"]]
        page = last.open(site)
        wait_until(page, MOVES_ARE, WAIT_MS, arg=moves)
        page.click("#turns-tell")
        got.tell = page.locator("#turns-url").input_value()
        last.close(page)
        got.moves_before = moves
        relay.stop()
        relay = start_relay(port=port)  # the relay forgot everything
        # The next player opens the link; then each opens the site as before.
        record, mover, moves = play_by_turns(
            devices, got.tell, mover, rng, expected=moves, until=moves + 1
        )
        if not replay(record).over:
            record, _, moves = play_by_turns(devices, site, mover, rng, expected=moves)
        got.record = record
        for seat, device in devices.items():
            page = device.open(site)
            wait_until(page, MOVES_ARE, WAIT_MS, arg=moves)
            rows = page.evaluate(VIEW)["final"]["rows"]
            got.shown[seat] = {
                "record": record_of(page),
                "totals": {r["index"]: r["total"] for r in rows},
            }
            device.close(page)
            got.shown[seat] |= {"errors": device.errors, "tolerated": device.tolerated}
    finally:
        relay.stop()
        server.shutdown()
        server.server_close()
        shared_live_browser.pool.give_back()
    return got


def test_a_three_player_game_by_turns_between_devices_never_open_together(nile_by_turns):
    got = nile_by_turns
    assert "#turns=" in got.invite and got.qr_shown
    # The reference rules replay the record to the scores every device shows.
    final = replay(got.record)
    assert final.over and got.record["setup"]["players"] == ["Ann", "Bobby", "Cyd"]
    assert sorted(got.shown) == [0, 1, 2]
    for shown in got.shown.values():
        assert shown["record"] == got.record
        assert shown["totals"] == dict(enumerate(final.final["scores"]))
        assert shown["errors"] == []


def test_a_nile_game_by_turns_outlives_a_relay_out_of_reach_and_one_that_forgets(nile_by_turns):
    got = nile_by_turns
    assert "~" in got.tell  # the link carries the whole game
    # The game went on from the link, past what the relay forgot, to its end.
    assert got.moves_before >= 12 and len(got.record["moves"]) > got.moves_before
    final = replay(got.record)
    assert final.over and got.record["setup"]["nile"]
    for shown in got.shown.values():
        assert shown["record"] == got.record
        assert shown["totals"] == dict(enumerate(final.final["scores"]))
        assert shown["errors"] == []
        # The relay out of reach was asked all along, and said so.
        assert got.dead in " ".join(shown["tolerated"])
