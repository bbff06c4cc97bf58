"""The game in Firefox and in WebKit (the engine of Safari), served from a sub-path.

One scenario, run once per browser (the `tab` fixture): a person (seat 0)
plays a whole game against two easy computer players by clicking the
highlighted cells, rooms and cards and the action buttons, as the page offers
them; the computers' moves come from the page's bot worker. On the way: an
undo while the computers answer and, after 20 moves, the server stops and the
page reloads: the same game comes back from the service worker's cache and is
played to its end offline, computers included. At the end: the scores shown
are the engine's for the exported record; another game; importing the
exported file brings the finished game back. No error may be recorded in the
page and no request may leave the local server.

One scenario rather than several, because loading the page and starting the
computers' Python is most of the time in these browsers (WebKit above all).
"""

from __future__ import annotations

import json
import random
import time

import pytest

from game import replay
from harness.pages import choose, click, offered, person_turn
from harness.tabs import off_host
from tests.browser.browser_helpers import SUBPATH

pytestmark = [
    pytest.mark.crossbrowser,
    # Selenium's own WebKitGTK driver class still connects in a way it deprecates.
    pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"),
]

SEATS = ["human", "easy", "easy"]
NAMES = ["Ann", "Bea", "Cyd"]
GAME_SEED = 12
GAME_TIMEOUT_S = 600  # a whole game, with a reload (its computers' Python starts again)

# Keys of a view that change while the position does not ("game" numbers the
# games the page has held: new game, import and reload change it; "save" tells
# how the game is being saved).
VOLATILE = ("revision", "stamp", "game", "save")


def position(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in VOLATILE}


def play_action(tab, view: dict, rng: random.Random, action: str) -> dict:
    """One whole decision: its button, then highlighted targets until it is played."""
    revision = view["revision"]
    view = click(tab, action)
    while view["revision"] == revision:
        view = click(tab, choose(view, rng))
    return view


def start_game(tab, names: list[str], seats: list[str], seed: int) -> dict:
    tab.new_game(names, seats, seed)
    view = tab.view()
    assert [p["name"] for p in view["players"]] == names
    assert [p["seat"] for p in view["players"]] == seats
    return view


def moves(tab) -> int:
    return len(
        tab.js(
            "window.mykerinos.call(`exportRecord`, `[]`).then(t => JSON.parse(JSON.parse(t)).moves)"
        )
    )


def assert_clean(tab, host: str) -> None:
    assert tab.errors() == [], f"{tab.name}: errors in the page: {tab.errors()}"
    assert tab.requests(), f"{tab.name}: no request recorded"
    assert off_host(tab.requests(), host) == [], f"{tab.name}: requests left {host}"


BOT_STATS = "window.mykerinosUI.botStats()"
HOLD_MS = 3_600_000  # longer than any test: a held answer waits for the undo


def check_undo(tab, view: dict, rng: random.Random) -> bool:
    """Dig, then undo while the computers answer: the position before the dig
    comes back and no computer move lands after it. False if undo was not
    offered (a new season's deal came in between)."""
    before, count = view, moves(tab)
    answers = len(tab.js(BOT_STATS))
    # The computers hold their answers (shown "thinking") until the undo is in.
    tab.js(f"window.mykerinosPauseMs = {HOLD_MS}")
    try:
        play_action(tab, view, rng, "action:dig")
        if not tab.view()["can_undo"]:
            return False
        tab.wait(f"{BOT_STATS}.length > {answers}", 60)  # a computer holds its answer
        view = click(tab, "undo")
        assert moves(tab) == count
        assert position(view) == position(before)
    finally:
        tab.js("window.mykerinosPauseMs = 0")
    # The held answer, for a position taken back, is dropped, not played.
    tab.wait(f"{BOT_STATS}[{answers}].outcome !== 'held'", 30)
    assert tab.js(BOT_STATS)[answers]["outcome"] == "dropped"
    after = tab.view()
    assert not after["bot_to_move"] and after["to_move"] == 0
    assert moves(tab) == count and position(after) == position(before)
    return True


SERVICE_WORKER_READY = (
    "navigator.serviceWorker.getRegistration()"
    ".then(r => !!(r && r.active && r.active.state === 'activated'))"
)


def check_offline_reload(tab, site, view: dict) -> None:
    """Stop the server and reload in the middle of the game: the page comes
    from its service worker's cache, with the same game, seats and all."""
    tab.wait(SERVICE_WORKER_READY, 120)
    site.server.shutdown()
    site.server.server_close()
    tab.reload()
    tab.wait_ready()
    # A return visit: Python restored from the snapshot the service worker
    # keeps (web/front/js/python.js), or, where this browser could not use
    # it, started as usual; either way the game goes on.
    started = tab.js("window.mykerinosPython.snapshot")
    assert started in ("restored", "refused"), started
    tab.started = started
    after = tab.view()
    assert position(after) == position(view)
    assert after["save"]["id"] == view["save"]["id"]  # the same saved game, not a copy
    assert not tab.js("document.querySelector('#new-game-dialog').open")
    assert tab.js("document.querySelectorAll('#region .cube').length") == sum(
        1 for c in view["region"]["cells"] if c["owner"] is not None
    )


def play_to_the_end(tab, site, rng: random.Random, timings: dict) -> dict:
    """The person plays until the game is over: an undo on the way, and
    after 20 moves an offline reload (the computers then play offline)."""
    seen = {"undo": False, "offline": False, "clicks": 0}
    deadline = time.monotonic() + GAME_TIMEOUT_S
    while True:
        with timed(timings, "waiting for the computers"):
            view = person_turn(tab)
        if view["final"]:
            break
        assert time.monotonic() < deadline, f"{tab.name}: the game took too long"
        assert view["to_move"] == 0
        if not view["building"] and not seen["undo"] and "action:dig" in offered(view):
            seen["undo"] = check_undo(tab, view, rng)
        elif not view["building"] and seen["undo"] and not seen["offline"] and moves(tab) >= 20:
            with timed(timings, "offline reload"):
                check_offline_reload(tab, site, view)
            seen["offline"] = True
        else:
            with timed(timings, "person's clicks"):
                click(tab, choose(view, rng))
            seen["clicks"] += 1
    assert seen["undo"] and seen["offline"] and seen["clicks"] >= 3, seen
    timings["clicks by the person"] = seen["clicks"]
    return view


class timed:
    """Adds the seconds a block takes to timings[name] (printed at the end of the test)."""

    def __init__(self, timings: dict, name: str) -> None:
        self.timings, self.name = timings, name

    def __enter__(self) -> None:
        self.start = time.monotonic()

    def __exit__(self, *exc) -> None:
        took = time.monotonic() - self.start
        self.timings[self.name] = round(self.timings.get(self.name, 0) + took, 1)


def test_a_whole_game_with_an_offline_reload(serve, tab):
    """From a sub-path: a whole game against two computers, an undo and, in the
    middle, an offline reload with the server stopped (the rest of the game,
    computers included, is played offline); then export, another game, and
    import of the exported file."""
    site = serve(SUBPATH)  # a server of its own, to stop
    timings: dict = {}
    with timed(timings, "ready"):
        tab.goto(site.url)
        tab.wait_ready()
    start_game(tab, NAMES, SEATS, GAME_SEED)
    with timed(timings, "whole game"):
        end_view = play_to_the_end(tab, site, random.Random(GAME_SEED), timings)
    # The computers played on after the reload, with no server: from the cache.
    stats = tab.js("window.mykerinosUI.botStats()")
    assert len(stats) >= 5, stats
    timings["computer move, ms"] = round(sum(s["ms"] for s in stats) / len(stats))

    # The end screen shows the engine's final scores of the exported record.
    assert tab.js("!document.querySelector('#end-screen').hidden")
    record = json.loads(tab.exported_text())
    assert record["setup"]["players"] == NAMES and record["seats"] == SEATS
    final = replay(record).final
    assert final is not None
    rows = sorted(end_view["final"]["rows"], key=lambda r: r["index"])
    assert [r["total"] for r in rows] == final["scores"]
    shown = [
        int(tab.js(f"document.querySelector('[data-total-player=\"{i}\"]').textContent"))
        for i in range(len(NAMES))
    ]
    assert shown == final["scores"]
    timings["moves"] = len(record["moves"])

    # Another game, then the exported file brings the finished one back.
    other = start_game(tab, ["Dora", "Eli"], ["human", "human"], 3)
    assert other["final"] is None
    tab.upload("#import-file", "mykerinos-game.json", json.dumps(record))
    tab.wait("!document.querySelector('#notice').hidden", 30)
    assert "Game loaded from mykerinos-game.json" in tab.js(
        "document.querySelector('#notice').innerText"
    )
    assert position(person_turn(tab)) == position(end_view)  # once the page shows it
    assert tab.js("!document.querySelector('#end-screen').hidden")

    assert_clean(tab, site.host)
    assert all(
        url.startswith(site.url) or url.startswith(("blob:", "data:")) for url in tab.requests()
    )
    timings["Python after the reload"] = tab.started
    print(f"\n{tab.name} {tab.version}: {timings}")
