"""Live play through the page, with real parts: a Nostr relay on this machine
(tools/relay.py), the site served with its live play pointed at it (as
`./run serve --relay` does), and Chromium pages, each in a context of its own
(a device), started with loopback candidates allowed. A game is started with
friends' seats in the new-game dialog, the invite is opened on the other
pages, each picks a seat and the game is played to its end by clicks."""

from __future__ import annotations

import json
import random
import re
import time

import pytest
from playwright.sync_api import expect

from game import new_game, replay
from harness.browser_page import Views, start_game, view_of, wait_ready
from harness.pages import DISPATCH_CLICK, offered
from page.share import link_code
from page.table import Table
from tests.browser.browser_helpers import wait_until
from tests.browser.test_accessibility import PHONE, audit
from tools import serve as static_server
from tools.relay import free_port

NAMES = ["Ann", "Bob", "Cy", "Dee"]
SEATS = ["human", "friend", "friend", "easy"]
SEED = 11
WAIT_MS = 30_000

# Whether the room's device shows seat 1 taken (its guest back in it).
SEAT_TAKEN = (
    "() => document.querySelector('#live-panel [data-seat=\"1\"]')?.dataset.status === 'taken'"
)

# Drops the page's connection to the room as a sleeping phone's would.
DROP = """async () => (await import("./web/front/js/live/live.js")).drop()"""
# Tells the page it is shown again (a phone woken, a tab brought back).
SHOWN = "document.dispatchEvent(new Event('visibilitychange'))"


def host_game(device, live_site, names=NAMES, seats=SEATS, close=True):
    """The host's page starts a game with friends' seats: the invite's URL."""
    host = device(live_site)
    start_game(host, names, SEED, seats=seats)
    expect(host.locator("#live-invite")).to_be_visible(timeout=WAIT_MS)
    url = host.locator("#live-url").input_value()
    assert "#live=" in url
    expect(host.locator("#live-qr svg")).to_be_visible()
    if close:
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


def click_each(pages, views: Views, rng: random.Random) -> int:
    """Each page clicks one offered target when it has some: how many clicked."""
    clicks = 0
    for page in pages:
        view = views.of(page)
        targets = offered(view)
        if targets and not view["final"]:
            others = [t for t in targets if t != "action:pass"]
            if view["building"]:
                others = [t for t in targets if not t.startswith("action:")] or targets
            target = rng.choice(others if others and rng.random() < 0.7 else targets)
            if page.evaluate(DISPATCH_CLICK, target):  # else: not drawn yet, next round
                views.acted(page)
                clicks += 1
    return clicks


def play_until(pages, done, rng: random.Random, timeout_s: float = 600) -> int:
    """Each page clicks one offered target when it has some, until ``done()``."""
    deadline = time.monotonic() + timeout_s
    clicks = 0
    views = Views()
    while not done():
        acted = click_each(pages, views, rng)
        clicks += acted
        if not acted:
            time.sleep(0.05)
        assert time.monotonic() < deadline, "the live game does not end"
    return clicks


# The page shows a game of the room that has not ended and has no decision yet.
NEW_GAME = """async () => {
  const view = JSON.parse(await window.mykerinos.call('view', '[]'));
  return !view.final && JSON.parse(JSON.parse(await window.mykerinos.call('exportRecord', '[]'))).moves.length === 0;
}"""
# The page shows a new game whose first player is the one named: its computers
# may have made their first decisions in it already (the room's device plays
# them at once).
NEW_GAME_FIRST = """async (first) => {
  const view = JSON.parse(await window.mykerinos.call('view', '[]'));
  const record = JSON.parse(JSON.parse(await window.mykerinos.call('exportRecord', '[]')));
  return !view.final && record.setup.players[0] === first;
}"""
# The page's game has at least this many decisions.
MOVES_AT_LEAST = (
    "n => window.mykerinos.call('exportRecord', '[]')"
    ".then(t => JSON.parse(JSON.parse(t)).moves.length >= n)"
)
# How many games the device keeps in its saves.
SAVED_GAMES = "Object.keys(localStorage).filter((key) => /:game:/.test(key)).length"


def seconds_to_follow(*pages, first: str | None = None) -> float:
    """From now until every page shows a new game with no decision yet, or,
    with ``first``, a new game whose first player that is."""
    started = time.monotonic()
    for page in pages:
        # Polled often: the time is measured (page.wait_for_function polled every
        # frame, but waits for no promise's value).
        if first is None:
            wait_until(page, NEW_GAME, WAIT_MS, 0.02)
        else:
            wait_until(page, NEW_GAME_FIRST, WAIT_MS, 0.02, arg=first)
    return time.monotonic() - started


def record_of(page) -> dict:
    return json.loads(json.loads(page.evaluate("window.mykerinos.call('exportRecord', '[]')")))


def moves_of(page) -> int:
    return len(record_of(page)["moves"])


# No computer to move in the page's game (the room's device plays them): it
# stands still until a person plays.
NO_COMPUTER_TO_MOVE = (
    "() => window.mykerinos.call('view', '[]')"
    ".then(t => { const v = JSON.parse(t); return !!v.final || !v.bot_to_move; })"
)


def same_game(host, *guests) -> dict:
    """Once the room's device has played its computers' moves, every guest
    catches up to its game and holds the same record: that record."""
    wait_until(host, NO_COMPUTER_TO_MOVE, WAIT_MS, 0.2)  # polled: a hidden page has no frames
    record = record_of(host)
    for guest in guests:
        wait_until(guest, MOVES_AT_LEAST, WAIT_MS, arg=len(record["moves"]))
        assert record_of(guest) == record
    return record


def test_a_whole_four_player_live_game_ends_the_same_on_three_devices(live_game_with_a_phone):
    """The game of tests/browser/shared_games.py (Cyd's device a phone), read here,
    then played again: this test is the last to use its pages."""
    game = live_game_with_a_phone
    host, bob, cy = game.host, game.bob, game.phone
    try:
        # Everyone sees who is here; the host saw them join (its polite live region).
        assert game.host_saw_seat_2_taken
        assert game.statuses_on_bob == ["host", "taken", "taken", "host"]
        pages = [host, bob, cy]
        assert all(view_of(p)["final"] for p in pages)
        records = [record_of(p) for p in pages]
        assert records[0] == records[1] == records[2]
        assert replay(records[0]).over and records[0]["seats"] == ["human"] * 3 + ["easy"]
        # The names the friends typed are the game's, on every device.
        assert records[0]["setup"]["players"] == ["Ann", "Bobby", "Cyd", "Dee"]
        for page in pages:
            assert "Cyd" in page.locator("table.final").inner_text()
        # Play again: the same people in the same room, Bob first now; everyone follows by itself.
        host.click("#live-play-again")
        assert audit(host, "play again", board=False)[0] == []
        host.click('#live-again li[data-seat="1"] button.live-up')
        host.click("#live-again-start")
        # The room's computer (Dee) may make the new game's first decisions before
        # the others have shown it (this game is not paced): they are waited for
        # by the game's first player, then the devices compared once the room's
        # device has played its computer.
        followed = seconds_to_follow(bob, cy, first="Bobby")
        assert followed < 2, f"the others followed after {followed:.1f} s"
        expect(bob.locator('#live-panel [data-seat="0"] .live-you')).to_be_visible()
        record = same_game(host, bob, cy)
        assert record["setup"]["players"] == ["Bobby", "Ann", "Cyd", "Dee"]
        assert all(move["player"] == 3 for move in record["moves"]), record["moves"]
        # The finished game stays in every device's saves.
        assert all(p.evaluate(SAVED_GAMES) == 2 for p in pages)
        assert game.errors == [], "\n".join(game.errors)
    finally:
        game.close()


def table_of_three(device, live_site):
    """The room's device (Ann), its invite's URL, and two friends seated from it: Bobby and Cyd."""
    host, url = host_game(device, live_site, NAMES[:3], ["human", "friend", "friend"])
    bob = device(url)
    take_seat(bob, 1, "Bobby")
    cy = device(url)
    take_seat(cy, 2, "Cyd")
    return host, url, bob, cy


def host_and_bobby(device, live_site):
    """The room's device (Ann, a computer in seat 2) and Bobby seated from its invite in seat 1."""
    host, url = host_game(device, live_site, NAMES[:3], ["human", "friend", "easy"])
    bob = device(url)
    take_seat(bob, 1, "Bobby")
    return host, bob


@pytest.mark.paced  # each device seen on the new game before a computer moves in it
def test_play_again_from_the_menu_mid_game_on_the_room_s_device(device, live_site):
    host, _, bob, cy = table_of_three(device, live_site)
    pages = [host, bob, cy]
    # The menu has Play again on the room's device only, in the page's language.
    entry = host.locator(".menu #menu-play-again")
    expect(entry).to_have_text("Play again")
    assert bob.locator("#menu-play-again").count() == cy.locator("#menu-play-again").count() == 0
    host.select_option("#language", "fr")
    expect(host.locator(".menu #menu-play-again")).to_have_text("Rejouer")
    host.select_option("#language", "en")
    play_until(pages, lambda: moves_of(host) >= 4, random.Random(7))
    # Mid-game, from the menu: the same people in the same seats, a new deal.
    expect(entry).to_be_visible()
    entry.click()
    expect(host.locator("#live-again")).to_be_visible()
    host.click("#live-again-start")
    followed = seconds_to_follow(bob, cy)
    assert followed < 2, f"the others followed after {followed:.1f} s"
    for page in pages:
        wait_until(page, NEW_GAME, WAIT_MS)
    expect(bob.locator('#live-panel [data-seat="1"] .live-you')).to_be_visible()
    expect(cy.locator('#live-panel [data-seat="2"] .live-you')).to_be_visible()
    records = [record_of(p) for p in pages]
    assert records[0] == records[1] == records[2] and records[0]["moves"] == []
    assert records[0]["setup"]["players"] == ["Ann", "Bobby", "Cyd"]
    # The game left mid-way stays in every device's saves; the new one goes on.
    assert all(p.evaluate(SAVED_GAMES) == 2 for p in pages)
    play_until(pages, lambda: moves_of(host) >= 2, random.Random(8))
    for page in (bob, cy):
        wait_until(page, MOVES_AT_LEAST, WAIT_MS, arg=moves_of(host))
    assert record_of(bob) == record_of(cy) == record_of(host)
    # Out of live play, the menu has no Play again.
    host.click("#live-leave")
    expect(host.locator("#menu-play-again")).to_have_count(0)


def test_guest_and_host_come_back_after_a_reload_and_a_guest_after_going_offline(device, live_site):
    host, bob = host_and_bobby(device, live_site)
    rng = random.Random(2)
    play_until([host, bob], lambda: moves_of(host) >= 6, rng)
    # A reload mid-game: back to its seat, with the game as the host has it.
    bob.reload()
    wait_ready(bob)
    expect(bob.locator('#live-panel [data-seat="1"] .live-you')).to_be_visible(timeout=WAIT_MS)
    expect(bob.locator("#notice")).to_be_hidden()  # "Connecting…" went once the game came
    wait_until(
        bob,
        "n => window.mykerinos.call('exportRecord', '[]').then(t => JSON.parse(t).length > 0)",
        WAIT_MS,
        arg=0,
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
    # Shown again, Bob's page joins the room again by reloading (a new id in
    # the room's transport), and catches up.
    with bob.expect_navigation(timeout=WAIT_MS):
        bob.evaluate(SHOWN)
    wait_ready(bob)
    same_game(host, bob)
    # The host reloads: it opens its room again, and Bob comes back to it by himself.
    host.reload()
    wait_ready(host)
    host.wait_for_function(SEAT_TAKEN, timeout=WAIT_MS)
    goal = moves_of(host) + 3
    play_until([host, bob], lambda: moves_of(host) >= goal, rng)
    same_game(host, bob)


def crash_and_load_again(device, page):
    """The page's process killed (its renderer crashed on purpose: no unload
    handler runs, as when a phone closes a tab over its memory), then the same
    address opened again on the same device: the new page, whose errors fail
    the test as every device's do."""
    url, context = page.url, page.context
    crashed: list[bool] = []
    page.on("crash", lambda _: crashed.append(True))
    session = context.new_cdp_session(page)
    page.killed = True  # an error of its own said after this says so (tests/browser/conftest.py)
    # Page.crash never answers (the renderer is gone first): sent without waiting for one.
    session._impl_obj._channel.send_no_reply("send", None, {"method": "Page.crash"})
    again = context.new_page()
    device.watch(again)
    for _ in range(200):  # up to 10 s; each wait lets Playwright take in the crash
        if crashed:
            break
        again.wait_for_timeout(50)
    assert crashed, "the page did not crash"
    again.goto(url)
    wait_ready(again)
    return again


def test_a_live_guest_and_host_killed_with_their_pages_come_back_where_they_stood(
    device, live_site
):
    host, bob = host_and_bobby(device, live_site)
    rng = random.Random(4)
    play_until([host, bob], lambda: moves_of(host) >= 6, rng)
    # The guest's page killed: loaded again, it is back in its seat with the game.
    bob = crash_and_load_again(device, bob)
    expect(bob.locator('#live-panel [data-seat="1"] .live-you')).to_be_visible(timeout=WAIT_MS)
    same_game(host, bob)
    # The room's device killed: it opens its room again, and the guest comes back to it.
    before = record_of(host)
    host = crash_and_load_again(device, host)
    assert record_of(host)["moves"][: len(before["moves"])] == before["moves"]
    host.wait_for_function(SEAT_TAKEN, timeout=WAIT_MS)
    goal = moves_of(host) + 3
    play_until([host, bob], lambda: moves_of(host) >= goal, rng)
    same_game(host, bob)
    assert record_of(host)["setup"]["players"] == ["Ann", "Bobby", "Cy"]


def test_a_guest_whose_live_play_fails_to_load_loads_it_again_and_takes_its_seat(device, live_site):
    """Live play's module is asked for by index.html's head start, then by the
    page's own start, which asks a second time if its fetch fails. The first two
    fetches cut short (as one was once on a busy machine: an uncaught error
    then): the page says nothing of it, loads it the third time and joins."""
    host, url = host_game(device, live_site, NAMES[:3], ["human", "friend", "easy"])
    cut: list[str] = []

    def cut_two(route):
        if len(cut) >= 2:
            route.continue_()
        else:
            cut.append(route.request.url)
            route.abort()

    # The browser's own line for each cut fetch, which no page can silence.
    device.allow(re.compile(r"Failed to load resource: net::ERR_FAILED"))
    # Without the service worker, whose cache would answer before the route could.
    bob = device(
        url,
        before=lambda page: page.route("**/live/live.js", cut_two),
        service_workers="block",
    )
    take_seat(bob, 1, "Bobby")
    assert len(cut) == 2, f"live play's module was cut {len(cut)} times"
    same_game(host, bob)


# A page whose first WebRTC connection fails, as a busy phone's starting the
# game may (context.add_init_script(), for the context's pages opened after it):
# the library would try that device again only at its next announcement, a
# minute later.
FAIL_FIRST = """(() => {
  const set = RTCPeerConnection.prototype.setRemoteDescription;
  let left = 1;
  RTCPeerConnection.prototype.setRemoteDescription = function (description) {
    if (left-- <= 0) return set.call(this, description);
    this.close();
    this.dispatchEvent(new Event("connectionstatechange"));
    return Promise.reject(new DOMException("failed on purpose", "InvalidStateError"));
  };
})()"""
LIVE_FAILED = "() => document.body.dataset.liveFailed === '1'"


def test_a_guest_waits_for_a_host_long_gone_and_meets_it_after_a_failed_connection(
    device, live_site
):
    host, bob = host_and_bobby(device, live_site)
    rng = random.Random(5)
    play_until([host, bob], lambda: moves_of(host) >= 4, rng)
    # Bob's phone sleeps; the room's device closes its page; Bob wakes while it is gone.
    bob.evaluate(DROP)
    context = host.context
    host.close()
    with bob.expect_navigation(timeout=WAIT_MS):
        bob.evaluate(SHOWN)
    wait_ready(bob)
    # Longer than a newcomer's wait for a room's device (three joins of 5 s):
    # a guest with a seat in the room does not give up on it.
    bob.wait_for_timeout(17_000)
    assert not bob.evaluate(LIVE_FAILED)
    expect(bob.locator("#live-panel")).to_be_visible()
    # The room's device comes back, and its first connection to Bob fails.
    context.add_init_script(FAIL_FIRST)
    host = context.new_page()
    host.goto(live_site)
    wait_ready(host)
    host.wait_for_function(SEAT_TAKEN, timeout=WAIT_MS)
    goal = moves_of(host) + 3
    play_until([host, bob], lambda: moves_of(host) >= goal, rng)
    same_game(host, bob)
    assert not bob.evaluate(LIVE_FAILED)


# Keeps what the page sends (window.sent) through its link to the room.
SPY = """async () => {
  const link = (await import("./web/front/js/live/live.js")).connection();
  const send = link.send;
  window.sent = [];
  link.send = (to, text) => { window.sent.push([to, text]); return send(to, text); };
}"""
# Keeps every text the polite live region says (window.spoken).
SPOKEN = """() => {
  window.spoken = [];
  const box = document.querySelector("#announce");
  new MutationObserver(() => window.spoken.push(box.textContent)).observe(box, {
    childList: true, characterData: true, subtree: true,
  });
}"""
# Sends text to every device of the room through this page's link.
SEND = """async (text) => (await import("./web/front/js/live/live.js")).connection().send(null, text)"""
# The same, signed with a room key of this page's own making (not the room's).
SEND_SIGNED = """async (text) => {
  const keys = await import("./web/front/js/live/keys.js");
  const sign = await keys.signer((await keys.makeRoomKey()).signing);
  const link = (await import("./web/front/js/live/live.js")).connection();
  return link.send(null, await sign(text));
}"""


def test_forged_replayed_and_other_seat_messages_are_refused(device, live_site):
    host, url, bob, cy = table_of_three(device, live_site)
    bob.evaluate(SPY)
    rng = random.Random(9)
    pages = [host, bob, cy]
    play_until(pages, lambda: moves_of(host) >= 2 and view_of(host)["to_move"] == 0, rng)
    moves = [text for _, text in bob.evaluate("window.sent") if '"t":"move"' in text]
    assert moves, "Bob played no move"
    record = record_of(host)

    def unchanged() -> None:
        time.sleep(1.0)  # what was sent has long arrived on loopback
        assert [record_of(p) for p in pages] == [record] * 3

    # A replayed move of Bob's: refused by the room's device, Bob is told why.
    bob.evaluate(SEND, moves[-1])
    expect(bob.locator("#message, .message").first).to_contain_text(
        "An old message arrived again", timeout=WAIT_MS
    )
    unchanged()
    # Cy's device sends a move for Bob's seat (it cannot sign it with Bob's secret).
    forged = json.loads(moves[-1])
    forged["seq"] += 1000
    cy.evaluate(SEND, json.dumps(forged))
    expect(cy.locator("#message, .message").first).to_contain_text(
        "not this device's", timeout=WAIT_MS
    )
    unchanged()
    # Cy's device, which knows the password, passes itself off as the room's device:
    # a welcome for a newcomer (a watcher here, who has no seat's secret) and a game,
    # with another deal and every seat taken, unsigned and signed with a key of its own.
    watcher = device(url)
    expect(watcher.locator("#live-pick")).to_be_visible(timeout=WAIT_MS)
    pages.append(watcher)
    record = record_of(host)
    seats = [{"seat": i, "kind": "human", "status": "taken", "name": "X"} for i in range(3)]
    room = url.split("#live=")[1].split(".")[0]
    code = link_code(Table(new_game(["X", "Y", "Z"], 666), ["human"] * 3))  # a real game
    for forged in (
        {"v": 2, "t": "welcome", "room": room, "nonce": "n" * 22, "code": code, "seats": seats},
        {"v": 2, "t": "game", "room": room, "code": code, "seats": seats},
        {"v": 2, "t": "seats", "room": room, "seats": seats},
    ):
        cy.evaluate(SEND, json.dumps(forged))
        cy.evaluate(SEND_SIGNED, json.dumps(forged))
    time.sleep(1.0)
    assert [record_of(p) for p in pages] == [record] * 4
    for page in (bob, watcher):
        statuses = page.locator("#live-seats li").evaluate_all("e => e.map(x => x.dataset.status)")
        assert statuses == ["host", "taken", "taken"]
    # An invite made before rooms had keys: out of date, said so.
    old = url.rsplit(".", 1)[0]
    watcher.goto(old)
    watcher.reload()
    expect(watcher.locator("#notice")).to_contain_text("out of date", timeout=WAIT_MS)


def test_unreachable_relays_are_said_within_the_wait_with_the_way_on_by_link(device, dist_dir):
    nowhere = f"ws://127.0.0.1:{free_port()}"  # nothing listens there
    # The browser's own line for a socket refused, which no page can silence.
    device.allow(re.compile(rf"^WebSocket connection to '{re.escape(nowhere)}/' failed: "))
    server = static_server.make_server(dist_dir, 0, "/", quiet=True, relay_url=nowhere)
    static_server.start_in_thread(server)
    try:
        host = device(static_server.url_of(server))
        start_game(host, NAMES[:2], SEED, seats=["human", "friend"])
        started = time.monotonic()
        notice = host.locator("#notice")
        expect(notice).to_contain_text("no relay answered", timeout=WAIT_MS)
        waited = time.monotonic() - started
        assert waited < 15, waited  # the configuration's wait (10 s), and not forever
        expect(host.locator("#live-by-link")).to_be_visible()
        host.click("#live-by-link")
        expect(host.locator("#share-url")).to_have_value(re.compile(r"#g="))
        # The game goes on on this device: Ann's turn, actions on screen.
        assert view_of(host)["actions"]
        assert host.locator("#live-panel").count() == 0
    finally:
        server.shutdown()
        server.server_close()


# What a finger may tap among these elements (those shown) under 44 x 44 CSS pixels,
# or reaching past the screen's sides.
SMALL_TAPS = """(selector) => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    const name = el.id || el.dataset.phrase || el.textContent.trim().slice(0, 24);
    if (r.width < 44 || r.height < 44) out.push(`${name}: ${r.width.toFixed(1)} x ${r.height.toFixed(1)}`);
    if (r.left < 0 || r.right > innerWidth) out.push(`${name}: ${r.left.toFixed(0)} to ${r.right.toFixed(0)}`);
  }
  return out;
}"""
PICKER_TAPS = "#live-pick button, #live-pick input[type=text], #live-pick label.live-choice"
PANEL_TAPS = "#live-panel button, #live-panel input, #live-panel select"


def test_the_invite_the_seat_picker_and_the_seat_list_pass_the_audit(device, live_site):
    host, url = host_game(device, live_site, NAMES[:2], ["human", "friend"], close=False)
    problems, _ = audit(host, "invite", board=False)
    host.click("#live-invite-close")
    host.evaluate(SPOKEN)
    guest = device(url, **PHONE)  # a 360 px phone
    expect(guest.locator("#live-pick")).to_be_visible(timeout=WAIT_MS)
    problems += audit(guest, "seat picker", board=False)[0]
    problems += [f"seat picker: {tap}" for tap in guest.evaluate(SMALL_TAPS, PICKER_TAPS)]
    take_seat(guest, 1, "Bobby")
    wide = guest.evaluate("document.documentElement.scrollWidth")
    assert wide <= 360, f"the phone scrolls sideways: {wide} px"
    expect(host.locator('#live-panel [data-seat="1"]')).to_have_attribute("data-status", "taken")
    problems += audit(host, "seat list, host")[0] + audit(guest, "seat list, guest")[0]
    # Who joined is announced in the page's polite live region.
    assert "Bobby joined the game." in host.evaluate("window.spoken.join(' ')")
    # A word to each other: hostile text shows as text on the others' devices, runs
    # nothing and breaks no layout; a ready phrase; the log is a polite live region.
    hostile = '<img src=x onerror="window.ran=1">\u202e' + "W" * 150 + "\u200b"
    guest.fill("#live-chat-text", hostile)
    guest.click("#live-chat-send")
    line = host.locator("#live-chat-log li").last
    expect(line).to_contain_text("Bobby", timeout=WAIT_MS)
    assert line.locator(".live-said").inner_text() == hostile.replace("\u202e", "").replace(
        "\u200b", ""
    )
    assert host.locator("#live-chat-log img").count() == 0
    assert host.evaluate("window.ran") is None and guest.evaluate("window.ran") is None
    assert host.locator("#live-chat-log").get_attribute("aria-live") == "polite"
    host.click('#live-chat button[data-phrase="thanks"]')
    expect(guest.locator("#live-chat-log li").last).to_have_text("Ann: Thanks for the game!")
    guest.fill("#live-chat-text", "x" * 300)  # the field keeps 200 characters
    assert len(guest.input_value("#live-chat-text")) == 200
    wide = guest.evaluate("document.documentElement.scrollWidth")
    assert wide <= 360, f"the phone scrolls sideways with the messages: {wide} px"
    # On the phone every tap of the panel and of the message line is 44 px each way.
    expect(guest.locator("#live-chat-log")).to_be_visible()
    problems += [f"live panel: {tap}" for tap in guest.evaluate(SMALL_TAPS, PANEL_TAPS)]
    problems += audit(host, "messages, host")[0] + audit(guest, "messages, guest")[0]
    assert problems == [], "\n".join(problems)


def test_a_guest_carries_on_when_the_host_is_gone_and_the_other_follows(device, live_site):
    host, url = host_game(device, live_site)
    bob = device(url)
    take_seat(bob, 1, "Bobby")
    cy = device(url)
    take_seat(cy, 2, "Cy")
    play_until([host, bob, cy], lambda: moves_of(host) >= 3, random.Random(4))
    # The room's device sends a decision once Python has answered it: the others
    # hold what it played before it goes.
    played = moves_of(host)
    deadline = time.monotonic() + WAIT_MS / 1000
    while moves_of(bob) < played and time.monotonic() < deadline:
        time.sleep(0.05)
    host.context.close()  # the room's device is gone for good
    expect(bob.locator("#live-take-over")).to_be_visible(timeout=WAIT_MS)
    moves = record_of(bob)["moves"]
    assert len(moves) >= 3
    bob.click("#live-take-over")
    # Bob's device holds the game now, in a room of its own, and invites again.
    expect(bob.locator("#live-invite")).to_be_visible(timeout=WAIT_MS)
    new_room = bob.locator("#live-url").input_value().split("#", 1)[1]
    assert new_room.startswith("live=")
    # A new room, with a new key: said so.
    assert new_room.rsplit(".", 1)[1] != url.rsplit(".", 1)[1]
    expect(bob.locator("#notice")).to_contain_text("new key")
    assert record_of(bob)["moves"] == moves
    bob.click("#live-invite-close")
    # Cy is told where the game went, follows, and is in its seat again there.
    expect(cy.locator("#live-follow")).to_be_visible(timeout=WAIT_MS)
    assert "Bobby" in cy.locator("#notice").inner_text()
    cy.click("#live-follow")
    expect(cy.locator('#live-panel [data-seat="2"] .live-you')).to_be_visible(timeout=WAIT_MS)
    assert cy.evaluate("location.hash") == "#" + new_room
    statuses = "e => e.map(x => x.dataset.status)"
    expect(bob.locator('#live-panel [data-seat="2"]')).to_have_attribute("data-status", "taken")
    assert bob.locator("#live-seats li").evaluate_all(statuses) == ["free", "host", "taken", "host"]
    assert record_of(cy)["moves"] == moves
