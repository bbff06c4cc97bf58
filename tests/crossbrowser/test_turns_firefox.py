"""Play by turns between a Chromium device and a Firefox ESR one, through the
local Nostr relay (tools/relay.py), the two never open at the same time: each
opens the site for its turn, catches up from the relay, plays, and closes.

The Chromium device is a saved storage state in Playwright's Chromium (on a
thread of its own, tests/browser/turns_helpers.py's `Device`); the Firefox ESR
device is one profile driven over WebDriver BiDi (harness/firefox_tab.py),
its tab sent to about:blank between its turns (the site closed, its storage
kept)."""

from __future__ import annotations

import json
import random
import time
from functools import partial
from pathlib import Path

import pytest

from game import replay
from harness.firefox_tab import FirefoxTab
from harness.pages import DISPATCH_CLICK, ViewGate, choose, offered
from harness.tabs import FIREFOX, PlaywrightThread
from tests.browser.browser_helpers import wait_until
from tests.browser.turns_helpers import (
    HELD,
    MOVES_ARE,
    SENT,
    VIEW,
    WAIT_MS,
    Device,
    open_table,
    play_turn,
    record_of,
)
from tools import chromium

WAIT_S = WAIT_MS / 1000
# The browser says it is offline (the page publishes nothing until it is back).
OFFLINE = "Object.defineProperty(navigator, 'onLine', { get: () => false, configurable: true })"
RECORD_JS = "window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse).then(JSON.parse)"


@pytest.fixture
def live_chromium():
    """A Chromium on a Playwright thread of its own (the Chromium tier keeps
    the session's Playwright on the main thread)."""
    owner = PlaywrightThread(lambda pw: chromium.launch_for_tests(pw, chromium.LIVE_ARGS))
    yield owner
    owner.close()


@pytest.fixture
def fox():
    """The Firefox ESR device: one profile, kept for the whole game."""
    if not Path(FIREFOX).is_file():
        pytest.fail(f"{FIREFOX} not found (apt-get install firefox-esr)")
    tab = FirefoxTab(FIREFOX)
    yield tab
    tab.close()


def moves_are(n: int) -> str:
    return f"({MOVES_ARE})({n})"


def fox_turn(tab: FirefoxTab, rng: random.Random, expected: int) -> dict:
    """The Firefox device opens the site, catches up, plays its turn, sends it:
    the view it ends on."""
    try:
        tab.wait(moves_are(expected), WAIT_S)
    except TimeoutError as error:
        raise AssertionError(f"firefox did not catch up: {stalled(tab)}") from error
    deadline = time.monotonic() + 300
    played = 0
    view_now = ViewGate(tab.drawn, tab.view)  # asked again once drawn since, or clicked
    while True:
        view = view_now()
        targets = offered(view)
        if not targets or view["final"]:
            break
        if tab.js(f"({DISPATCH_CLICK})({json.dumps(choose(view, rng, 0.3))})"):
            played += 1
            view_now.acted()
        time.sleep(0.03)  # the click taken, or the view drawn
        assert time.monotonic() < deadline, f"the turn does not end: {view['prompt']}"
    if not view["final"] and played == 0:
        raise AssertionError(f"firefox has no decision to make: {stalled(tab)}")
    try:
        tab.wait(SENT, WAIT_S)
    except TimeoutError as error:
        raise AssertionError(f"firefox did not send its turn: {stalled(tab)}") from error
    return tab.view()


def stalled(tab: FirefoxTab) -> dict:
    """What the Firefox page holds and shows, to say why it stalls."""
    view = tab.view()
    return {
        "to_move": view["to_move"],
        "prompt": view["prompt"],
        "offered": offered(view),
        "moves": len(tab.js(RECORD_JS)["moves"]),
        "held": [
            {k: h.get(k) for k in ("seats", "unsent", "published", "seen")}
            | {"log": len((h.get("payload") or {}).get("log", []))}
            for h in tab.js(f"({HELD})()")
        ],
        "panel": tab.js("document.querySelector('#turns-panel')?.innerText ?? null"),
        "errors": tab.errors(),
    }


def test_a_game_by_turns_between_chromium_and_firefox(live_chromium, live_site, fox):
    """A 2-player base game: Ann on Chromium opens the table, Fox on Firefox
    ESR takes the other seat from the invite; each then opens the site for
    its turn only, until the game ends: the same record on both devices, and
    the scores each shows those of the reference rules' replay."""
    run = live_chromium.run
    rng = random.Random(31)
    ann = Device(live_chromium.browser, "Ann")

    invite, mover, _ = run(
        partial(open_table, ann, live_site, ["Ann", "Fox"], 31, ["human", "turns"])
    )
    assert "#turns=" in invite
    fox.goto(invite)
    fox.wait_ready()
    fox.wait("!!document.querySelector('#turns-seat')?.checkVisibility()", WAIT_S)
    fox.click_css('#turns-seat input[name=turns-seat][value="1"]')
    fox.fill("#turns-name", "Fox")
    # Fox takes the seat offline and closes the site before it is sent: the
    # take is kept on the device, waiting to be sent.
    fox.js(OFFLINE)
    fox.click_css("#turns-take")
    fox.wait(f"({HELD})().some((h) => h.seats.includes(1) && h.unsent)", WAIT_S)
    fox.goto("about:blank")
    # Ann plays first, without Fox's take: on its next visit, the Firefox
    # device takes the relay's longer version, and its seat again.
    assert mover == 0

    def ann_turn(expected: int) -> tuple[int, int, bool]:
        page = ann.open(live_site)
        wait_until(page, MOVES_ARE, WAIT_MS, arg=expected)
        play_turn(page, rng)
        record = record_of(page)
        view = page.evaluate(VIEW)
        ann.close(page)
        return len(record["moves"]), view["to_move"], bool(view["final"])

    moves, final, turns = 0, False, 0
    while not final:
        turns += 1
        assert turns < 400, "the game by turns does not end"
        if mover == 0:
            moves, mover, final = run(partial(ann_turn, moves))
        else:
            fox.goto(live_site)
            fox.wait_ready()
            view = fox_turn(fox, rng, moves)
            moves, mover, final = (
                len(fox.js(RECORD_JS)["moves"]),
                view["to_move"],
                bool(view["final"]),
            )
            errors = fox.errors()
            fox.goto("about:blank")
            assert errors == [], errors

    def ann_last() -> tuple[dict, dict]:
        page = ann.open(live_site)
        wait_until(page, MOVES_ARE, WAIT_MS, arg=moves)
        out = record_of(page), page.evaluate(VIEW)
        ann.close(page)
        return out

    record, ann_view = run(ann_last)
    fox.goto(live_site)
    fox.wait_ready()
    fox.wait(moves_are(moves), WAIT_S)
    fox_record, fox_view = fox.js(RECORD_JS), fox.view()
    assert fox.errors() == []
    assert fox_record == record
    final_state = replay(record)
    assert final_state.over and record["setup"]["players"] == ["Ann", "Fox"]
    scores = dict(enumerate(final_state.final["scores"]))
    for view in (ann_view, fox_view):
        assert {r["index"]: r["total"] for r in view["final"]["rows"]} == scores
    assert ann.errors == [], ann.errors
