"""Play by turns, the rules' side (web/page/turns.py, web/page/turning.py), without
a browser: what a table's game holds for the page's checks (the seat that had
to make each decision, the deal whatever the names), a renamed seat, and a
table's game on screen where only this device's seats and the computers play."""

from __future__ import annotations

import json
import random

from game import new_game
from page import turns
from page.bridge import Bridge
from page.session import Session
from page.share import link_code
from page.table import PLAYOUTS_BY_TURNS, Table
from page.thinker import Thinker
from tests.clocks import SteppingClock
from tests.page.fakes import Memory


def game(moves: int, seats: list[str] | None = None, nile: bool = False) -> Table:
    table = Table(new_game(["Ann", "Bob", "Cy"], 11, nile=nile), seats)
    rng = random.Random(moves)
    for _ in range(moves):
        table.play(rng.choice(table.legal()))
    return table


def test_a_games_decisions_are_each_with_the_seat_that_had_to_make_it() -> None:
    table = game(30)
    read = turns.read_game(link_code(table))
    assert read["ok"] and read["seats"] == ["human"] * 3
    assert len(read["decisions"]) == 30
    assert [d[0] for d in read["decisions"]] == [p for p, _ in table.state.moves]
    assert json.loads(str(read["decisions"][0][1])) == table.state.moves[0][1].to_json()
    assert read["toMove"] == table.state.to_move and read["over"] is False
    assert read["players"] == ["Ann", "Bob", "Cy"] and read["scores"] is None


def test_a_renamed_seat_keeps_the_deal_and_every_decision() -> None:
    table = game(12, ["human", "human", "easy"])
    code = link_code(table)
    answer = turns.renamed(code, 1, "  Beatrice\x07 ", "Player 2")
    assert answer["ok"] and answer["name"] == "Beatrice"
    before, after = turns.read_game(code), turns.read_game(answer["code"])
    assert after["players"] == ["Ann", "Beatrice", "Cy"]
    assert after["deal"] == before["deal"] and after["decisions"] == before["decisions"]
    assert after["seats"] == ["human", "human", "easy"]
    assert turns.renamed(code, 2, "Robot", "x") == {"ok": False, "error": "not a person's seat"}
    assert turns.renamed(code, 0, "", "Player 1")["name"] == "Player 1"


def test_text_that_is_no_game_is_refused_with_why() -> None:
    code = link_code(game(5))
    for bad in (code[:-1] + ("A" if code[-1] != "A" else "B"), code[: len(code) // 2], "", 7):
        read = turns.read_game(bad)
        assert read["ok"] is False and read["error"]


def test_another_deal_has_another_deal_mark() -> None:
    base = turns.read_game(link_code(game(0)))
    nile = turns.read_game(link_code(game(0, nile=True)))
    other = turns.read_game(link_code(Table(new_game(["Ann", "Bob", "Cy"], 12))))
    assert len({base["deal"], nile["deal"], other["deal"]}) == 3


def test_a_table_on_screen_plays_only_this_devices_seats() -> None:
    storage = Memory()
    bridge = Bridge(Session.open(storage), storage)
    table = game(0)
    code = link_code(table)
    mover = table.state.to_move
    assert mover is not None
    view = bridge.turnsOpen(code, [(mover + 1) % 3], "aa11bb22cc33dd44")
    assert bridge.session.game_id == "aa11bb22cc33dd44"
    assert view["can_undo"] is False
    legal = table.legal()
    bridge.click("undo")
    before = bridge.shareLink()
    # Another seat's turn: a click plays nothing and says whose turn it is.
    answer = bridge.turnsRead(bridge.shareLink()["code"].removeprefix("g="))
    assert answer["decisions"] == [] and bridge.shareLink() == before
    assert bridge.think("move") == {"error": "not this device's turn"}
    # This device's seat: its decision is played; the game on screen moved on.
    bridge.turnsOpen(code, [mover], "aa11bb22cc33dd44")
    table.play(legal[0])
    ahead = link_code(table)
    bridge.turnsOpen(ahead, [mover], "aa11bb22cc33dd44")
    assert bridge.shareLink()["code"] == "g=" + ahead
    # A game that parts ways with the slot's: put there anew.
    fork = game(0)
    fork.play(legal[1])
    bridge.turnsOpen(link_code(fork), [mover], "aa11bb22cc33dd44")
    assert bridge.shareLink()["code"] == "g=" + link_code(fork)


def test_a_table_kept_on_the_device_is_played_by_turns_from_the_first_view() -> None:
    storage = Memory()
    bridge = Bridge(Session.open(storage), storage)
    table = game(0)
    mover = table.state.to_move
    assert mover is not None
    bridge.turnsOpen(link_code(table), [(mover + 1) % 3], "aa11bb22cc33dd44")
    storage.set("turns:aa11bb22cc33dd44", json.dumps({"seats": [(mover + 1) % 3]}))
    again = Bridge(Session.open(storage), storage)
    again.startup("en")
    assert again.think("move") == {"error": "not this device's turn"}
    assert turns.seats_kept("not json") is None and turns.seats_kept('{"seats": [1, true]}') == {1}


def test_a_decision_made_here_and_not_yet_signed_is_kept_when_the_table_opens() -> None:
    storage = Memory()
    bridge = Bridge(Session.open(storage), storage)
    table = game(0)
    code = link_code(table)
    mover = table.state.to_move
    assert mover is not None
    bridge.turnsOpen(code, [mover], "aa11bb22cc33dd44")
    table.play(table.legal()[0])
    bridge.turnsOpen(link_code(table), [mover], "aa11bb22cc33dd44")
    # The table's version held is the one before: the game here stays ahead, renamed.
    renamed = turns.renamed(code, mover, "Zed", "x")["code"]
    bridge.turnsOpen(renamed, [mover], "aa11bb22cc33dd44")
    read = turns.read_game(bridge.shareLink()["code"].removeprefix("g="))
    assert len(read["decisions"]) == 1 and read["players"][mover] == "Zed"


def test_a_computers_move_by_turns_is_the_same_on_a_slow_device_and_a_fast_one() -> None:
    """A searching computer at a table by turns plays its playouts of
    PLAYOUTS_BY_TURNS whatever the time: two devices, one whose clock runs a
    hundred times faster than the other's, answer the same move; outside a
    table by turns the same position is searched for seconds."""
    table = Table(new_game(["Ann", "Bob", "Cy"], 11), ["human", "turns", "hard"])
    while table.bot_to_move() is None:
        table.play(table.legal()[0])
    code = link_code(table)
    answers = []
    for step in (0.0001, 0.01):
        storage = Memory()
        bridge = Bridge(Session.open(storage), storage)
        bridge.turnsOpen(code, [0], "aa11bb22cc33dd44")
        bridge.session.thinker = Thinker(now=SteppingClock(step))
        started = bridge.think("move")
        assert "job" in started, started
        while (answer := bridge.session.think_step(started["job"], 5)).get("busy"):
            pass
        answers.append(answer)
    assert answers[0]["move"] == answers[1]["move"]
    assert answers[0]["iterations"] == answers[1]["iterations"] == PLAYOUTS_BY_TURNS["hard"]
    # Played as a game of one device, the slow clock cuts the search short.
    session = Session.open(Memory())
    session.table = Table(table.state.copy(), ["human", "human", "hard"])
    session.thinker = Thinker(now=SteppingClock(0.01))
    started = session.think("move")
    while (answer := session.think_step(started["job"], 5)).get("busy"):
        pass
    assert answer["iterations"] < PLAYOUTS_BY_TURNS["hard"]
