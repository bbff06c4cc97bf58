"""Play by turns: what a device refuses, with nothing lost and a word on screen.

The attacker here knows the table's secret (one of its devices, say), so it can
write events the relay takes: a version changed on the way, a decision signed by
the wrong seat, an older version replayed, a version of another table. The open
page of the seat to move refuses each, keeps its game, and says why. A relay
that refuses every event, and one that forgets them, cost nothing."""

from __future__ import annotations

import json
import random

from playwright.sync_api import expect

from game.compact import decode_link
from page.share import checked_code, link_code
from page.table import Table
from page.turns import read_game
from tests.browser.browser_helpers import wait_until
from tests.browser.turns_helpers import (
    HELD,
    WAIT_MS,
    Device,
    open_table,
    play_turn,
    take_seat,
)

# In the page: a payload sealed with the table's key and published as the
# table's event, through the page's own modules (what any device of the table can do).
PUBLISH = """async ({payload, relay, created}) => {
  const held = Object.keys(localStorage).filter((k) => k.includes(':turns:'))
    .map((k) => JSON.parse(localStorage.getItem(k)))[0];
  const secret = await import('./web/front/js/turns/secret.js');
  const nostr = await import('./web/front/js/turns/nostr.js');
  const relays = await import('./web/front/js/turns/relays.js');
  const keys = await secret.tableKeys(held.secret);
  const content = await secret.seal(keys.aes, JSON.stringify(payload));
  const event = await nostr.makeEvent(keys.nostr, keys.tag, content, created);
  return (await relays.publish([relay], event)).stored;
}"""
# The table's log held here has this many entries.
HELD_LOG = """(n) => Object.keys(localStorage).filter((k) => k.includes(':turns:'))
  .some((k) => JSON.parse(localStorage.getItem(k)).payload?.log.length === n)"""
# In the page: an entry signed with a key, chained after a log.
SIGN = """async ({table, log, entry, signing}) => {
  const { signEntry } = await import('./web/front/js/turns/log.js');
  return signEntry(table, log, entry, signing);
}"""


def next_game(code: str) -> tuple[str, int, str]:
    """The game one legal decision on (the first the engine lists), the seat that
    made it and the decision as the rules write it."""
    linked = decode_link(checked_code(code))
    table = Table(linked.state, None if linked.kinds is None else list(linked.kinds))
    seat = table.state.to_move
    table.play(table.legal()[0])
    after = link_code(table)
    return after, seat, str(read_game(after)["decisions"][-1][1])


def test_a_device_refuses_forged_and_old_versions_and_keeps_its_game(
    live_browser, live_site, relay
):
    ann, bob = Device(live_browser, "Ann"), Device(live_browser, "Bob")
    invite, _, ann_held = open_table(ann, live_site, ["Ann", "Bob"], 33, ["human", "turns"])
    page = bob.open(invite)
    take_seat(page, 1, "Bob")
    held = page.evaluate(HELD)[0]
    payload = held["payload"]
    mover = read_game(payload["game"])["toMove"]
    # The seat to move's device stays open; the forged versions come while it waits.
    if mover == 0:
        bob.close(page)
        page = ann.open(live_site)
        wait_until(page, HELD_LOG, WAIT_MS, arg=len(payload["log"]))  # Bob's take come
    created = [int(page.evaluate("Math.floor(Date.now() / 1000)")) + 5]

    def publish(version: dict) -> None:
        created[0] += 1
        stored = page.evaluate(
            PUBLISH, {"payload": version, "relay": relay.url, "created": created[0]}
        )
        assert stored == 1

    def refused(version: dict, word: str) -> None:
        before = page.evaluate(HELD)[0]["payload"]
        publish(version)
        expect(page.locator("#turns-word")).to_have_text(word, timeout=WAIT_MS)
        assert page.evaluate(HELD)[0]["payload"] == before, "nothing held changed"
        page.evaluate("document.querySelector('#turns-word').textContent = ''")

    after, seat, text = next_game(payload["game"])
    other = 1 - seat
    others_signing = ann_held["signing"] if other == 0 else held["signing"]
    assert mover == seat
    # A decision of the seat to move signed by the other seat's key.
    entry = page.evaluate(
        SIGN,
        {
            "table": payload["table"],
            "log": payload["log"],
            "entry": ["move", 0, seat, other, text],
            "signing": others_signing,
        },
    )
    wrong = {**payload, "game": after, "log": [*payload["log"], entry]}
    refused(
        wrong,
        "A version of the game with a move not signed by the seat whose turn it was was"
        " refused: nothing changed.",
    )
    # The same, its decision claimed by its own seat, the signature left: changed on the way.
    changed = {**wrong, "log": [*payload["log"], {**entry, "b": seat}]}
    refused(
        changed, "A version of the game that was changed on the way was refused: nothing changed."
    )
    # Another table's version (its id), and a game the rules cannot replay.
    refused(
        {**payload, "table": "0123456789abcdef"},
        "A version of another table's game was refused: nothing changed.",
    )
    refused(
        {**payload, "game": payload["game"][:-2] + "xx"},
        "A version of the game that the rules cannot replay was refused: nothing changed.",
    )
    # An older version replayed: the version before the last take.
    older = {**payload, "log": payload["log"][:-1]}
    refused(
        older,
        "A version of the game older than this device's came and was set aside: nothing changed.",
    )
    assert json.loads(json.dumps(page.evaluate(HELD)[0]["payload"])) == payload


# Both pages hold the same version, sent, and show the same game.
SAME = """(other) => {
  const held = Object.keys(localStorage).filter((k) => k.includes(':turns:'))
    .map((k) => JSON.parse(localStorage.getItem(k)))[0];
  return !held.unsent && JSON.stringify(held.payload.log.map((s) => s.s)) === other;
}"""


def test_one_seat_played_on_two_devices_at_once_cannot_split_the_game(live_browser, live_site):
    """Bob's phone and laptop (the same seat, its key copied with the storage),
    both offline, each make a different decision, shown as waiting to be sent;
    back online, each sends its own, and both end on one version by the
    table's rule, said on the one whose decision was set aside."""
    ann, phone = Device(live_browser, "Ann"), Device(live_browser, "Bob's phone")
    invite, mover, _ = open_table(ann, live_site, ["Ann", "Bob"], 34, ["human", "turns"])
    page = phone.open(invite)
    take_seat(page, 1, "Bob")
    phone.close(page)
    if mover == 0:  # Ann plays first, so that Bob's seat is to move
        page = ann.open(live_site)
        play_turn(page, random.Random(1))
        ann.close(page)
    laptop = Device(live_browser, "Bob's laptop")
    laptop.state = phone.state
    pages = [device.open(live_site) for device in (phone, laptop)]
    for page in pages:
        wait_until(page, "document.querySelector('#turns-turn')?.className === 'turn'", WAIT_MS)
        # Offline once the page has asked the relays: a decision is signed after
        # that exchange, which would wait out its timeouts if cut in the middle.
        wait_until(page, "document.body.dataset.turnsBusy === '0'", WAIT_MS)
        page.context.set_offline(True)
    for page, seed in zip(pages, (3, 4), strict=True):
        play_turn(page, random.Random(seed), sent=False)
        expect(page.locator("#turns-unsent")).to_be_visible()
    logs = [[s["s"] for s in page.evaluate(HELD)[0]["payload"]["log"]] for page in pages]
    assert logs[0] != logs[1], "two different decisions"
    for page in pages:
        page.context.set_offline(False)
    winner = min(logs, key=lambda log: (-len(log), log))
    for page in pages:
        wait_until(page, SAME, WAIT_MS * 2, arg=json.dumps(winner, separators=(",", ":")))
    lost = pages[logs.index(max(logs, key=lambda log: (-len(log), log)))]
    expect(lost.locator("#turns-word")).to_contain_text("two devices at once")
    for device, page in zip((phone, laptop), pages, strict=True):
        device.close(page)
        assert device.errors == [], device.errors


def test_a_device_that_lost_its_storage_takes_its_seat_back_from_its_seat_link(
    live_browser, live_site
):
    ann, bob = Device(live_browser, "Ann"), Device(live_browser, "Bob")
    invite = open_table(ann, live_site, ["Ann", "Bob"], 35, ["human", "turns"]).invite
    page = bob.open(invite)
    take_seat(page, 1, "Bob")
    held = page.evaluate(HELD)[0]
    page.click("#turns-keep")
    link = page.locator("#turns-url").input_value()
    assert link.startswith(invite + ".")
    bob.close(page)
    again = Device(live_browser, "Bob, storage lost")
    page = again.open(link)
    wait_until(page, "document.querySelector('#turns-turn') !== null", WAIT_MS)
    back = page.evaluate(HELD)[0]
    assert back["seats"] == [1] and back["key"] == held["key"]
    assert back["payload"]["log"] == held["payload"]["log"]
    assert page.locator("#turns-seat").count() == 0
    again.close(page)
    assert again.errors == [], again.errors
