"""Killed is not lost: a phone that kills the page's process mid-game (iOS does
when a tab passes its memory limit, then reloads it) finds the game where it
stood. The process is killed from outside (SIGKILL: no unload handler runs, as
under iOS) in the phone browser (tools/phone_browser.py, WebKitGTK), then the
tab is loaded again."""

from __future__ import annotations

import os
import random
import signal
import time

import pytest

from bench.phone import STATE_JS, choose, click, page_pid, start
from harness.tabs import READY_JS, READY_TIMEOUT_S
from tools.phone import Phone, missing

pytestmark = pytest.mark.crossbrowser

RECORD_JS = "window.mykerinos.call(`exportRecord`, `[]`).then(JSON.parse).then(JSON.parse)"


@pytest.fixture(scope="module")
def phone_ready():
    why = missing()
    if why:
        pytest.fail(f"{why} (./run test installs them)")


def play_some(phone: Phone, seats: list[str], seed: int, moves: int) -> None:
    """A new game, played by clicks (the person's seats) until it has `moves` decisions."""
    start(phone, seats, seed)
    rng = random.Random(seed)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        state = phone.js(STATE_JS)
        if state["moves"] >= moves:
            return
        if state["bot"] or not state["shown"]:
            time.sleep(0.2)
            continue
        click(phone, choose(state, rng), state["drawn"])
    raise TimeoutError(f"fewer than {moves} decisions after 300 s")


def kill_and_reopen(phone: Phone, url: str) -> None:
    """SIGKILL to the page's process, then the tab loaded again in a new one."""
    pid = page_pid()
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while phone.killed is None and time.monotonic() < deadline:
        time.sleep(0.1)
    assert phone.killed is not None  # the browser saw its page's process end
    phone.reopen(url)
    phone.wait(READY_JS, READY_TIMEOUT_S, 0.2)


def test_a_game_killed_with_its_page_comes_back_where_it_stood(phone_ready, site_subpath):
    url = site_subpath.url
    with Phone(2000) as phone:
        phone.goto(url)
        phone.wait(READY_JS, READY_TIMEOUT_S, 0.2)
        # Hot-seat, then against computers (killed while they may be thinking).
        for seats in (["human", "human", "human"], ["human", "medium", "medium", "medium"]):
            play_some(phone, seats, 11, 8)
            before = phone.js(RECORD_JS)
            kill_and_reopen(phone, url)
            after = phone.js(RECORD_JS)
            assert after["setup"] == before["setup"], seats
            assert after.get("seats") == before.get("seats"), seats
            # Every decision made before the kill is there (computers may have gone on since).
            assert after["moves"][: len(before["moves"])] == before["moves"], (before, after)
            assert len(before["moves"]) >= 8
            # And the game goes on from there.
            state = phone.js(STATE_JS)
            assert not state["final"] and (state["bot"] or state["actions"] or state["cells"])
