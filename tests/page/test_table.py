"""The page's interaction model, exercised without a browser."""

from __future__ import annotations

import json
import random

import pytest

from game import GameError, replay
from game.bots import Bot
from game.legality import kind as kind_key
from game.museum import ROOMS
from game.rng import Rng
from game.state import Phase
from harness.pages import offered as clickable
from page.looks import letters
from page.table import Table


def play_by_clicks(table: Table, seed: int, max_clicks: int = 20000) -> int:
    """Click only highlighted things, never pass unless nothing else is offered."""
    rng = Rng(seed)
    clicks = 0
    while not table.state.over:
        view = table.view()
        targets = clickable(view)
        assert targets, f"nothing to click in phase {view['phase']}"
        non_pass = [t for t in targets if t != "action:pass"]
        target = rng.choice(non_pass if non_pass and rng.below(4) else targets)
        table.click(target)
        assert table.message is None, (target, table.message)
        clicks += 1
        assert clicks < max_clicks
    return clicks


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_whole_game_by_clicks_matches_replay_of_export(players: int, seed: int) -> None:
    table = Table.new([f"P{i}" for i in range(players)], seed)
    play_by_clicks(table, seed)
    view = table.view()
    final = view["final"]
    assert final is not None
    replayed = replay(json.loads(table.record_text()))
    assert replayed.final is not None
    assert [row["total"] for row in final["rows"]] == replayed.final["scores"]
    assert final["winners"] == [table.state.setup.players[p] for p in replayed.final["winners"]]
    assert view["log"][-1].startswith("Game over")


def test_highlights_are_exactly_the_engine_continuations() -> None:
    table = Table.new(["Ann", "Bob", "Cy"], 4)
    table.click("action:dig")
    view = table.view()
    lit = {c["name"] for c in view["region"]["cells"] if c["hl"]}
    legal_digs = {m.cells[0] for m in table.state.legal_moves() if kind_key(m) == "dig"}
    assert lit == legal_digs and len(lit) > 30
    mover = table.state.to_move
    table.click(f"cell:{sorted(lit)[0]}")
    assert table.state.board.count(mover) == 1  # a dig completes with one cell
    # The two others dig, then the first player can extend: only neighbours light up.
    for _ in range(2):
        table.click("action:dig")
        table.click("cell:" + next(c["name"] for c in table.view()["region"]["cells"] if c["hl"]))
    table.click("action:extend")
    lit = [c["name"] for c in table.view()["region"]["cells"] if c["hl"]]
    starts = {m.cells[0] for m in table.state.legal_moves() if kind_key(m) == "extend"}
    assert set(lit) == starts
    table.click(f"cell:{lit[0]}")
    view = table.view()
    assert [c["order"] for c in view["region"]["cells"] if c["name"] == lit[0]] == [1]
    assert view["can_cancel"] and not view["can_undo"]
    before = table.state.to_dict()
    table.click("cancel")
    assert table.state.to_dict() == before
    assert not any(c["order"] for c in table.view()["region"]["cells"])


def test_illegal_click_is_refused_with_a_message() -> None:
    table = Table.new(["Ann", "Bob", "Cy"], 4)
    before = table.state.to_dict()
    table.click("cell:c2")
    assert table.message == "Choose an action first."
    table.click("action:extend")  # no cube on the board yet
    assert table.message == "That action is not available now."
    table.click("action:dig")
    pyramid = next(c["name"] for c in table.view()["region"]["cells"] if c["pyramid"])
    table.click(f"cell:{pyramid}")
    assert "not possible" in (table.message or "")
    assert table.state.to_dict() == before


def test_undo_takes_back_the_last_decision_but_not_a_new_deal() -> None:
    table = Table.new(["Ann", "Bob", "Cy"], 9)
    start = table.state.to_dict()
    assert not table.view()["can_undo"]
    table.click("action:dig")
    table.click("cell:" + next(c["name"] for c in table.view()["region"]["cells"] if c["hl"]))
    assert table.view()["can_undo"]
    table.click("undo")
    assert table.state.to_dict() == start
    # Everyone passes: the survey has nothing to decide, season 2 is dealt.
    for _ in range(3):
        table.click("action:pass")
    assert table.state.season == 2
    assert not table.view()["can_undo"]
    table.click("undo")
    assert table.state.season == 2 and "new season" in (table.message or "")


def test_two_player_neutral_placement_by_clicks() -> None:
    table = Table.new(["Ann", "Bob"], 5)
    mover = table.state.to_move
    assert mover is not None
    table.click("action:dig")
    table.click("cell:c2")
    assert table.message is None and table.state.board.count(mover) == 1
    assert table.state.phase is Phase.NEUTRAL
    keys = [a["key"] for a in table.view()["actions"]]
    assert keys == ["neutral:0", "neutral:1"]  # no neutral cube yet: no neutral extension
    table.click("action:neutral:1")
    table.click("cell:f4")
    assert table.message is None
    assert table.state.board.count(table.state.neutral) == 1
    assert table.state.neutral_cubes[mover] == 3
    assert table.state.phase is Phase.EXCAVATION and table.state.to_move == 1 - mover


def test_import_keeps_the_game_when_the_file_is_bad() -> None:
    table = Table.new(["Ann", "Bob", "Cy"], 2)
    table.click("action:dig")
    table.click("cell:c2")
    before = table.state.to_dict()
    good = table.record_text()
    for bad, expected in [
        ("{not json", "not valid JSON"),
        ('{"setup": {"players": ["A"]}, "moves": []}', "setup"),
        (good.replace('"c2"', '"z9"'), "move 1"),
    ]:
        error = table.import_text(bad)
        assert error is not None and expected in error
        assert table.state.to_dict() == before
    other = Table.new(["X", "Y"], 3)
    assert table.import_text(other.record_text()) is None
    assert table.state.setup.players == ("X", "Y")


def test_letters_fall_back_to_seat_numbers_when_initials_clash() -> None:
    assert letters(Table.new(["Ann", "Bob", "Cy"], 1).state) == ["A", "B", "C"]
    assert letters(Table.new(["Ann", "Al", "Cy"], 1).state) == ["1", "2", "3"]
    assert letters(Table.new(["Ann", "Nora"], 1).state) == ["1", "2"]  # N is the neutral's


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23)])
def test_whole_nile_game_by_clicks(players: int, seed: int) -> None:
    table = Table.new([f"P{i}" for i in range(players)], seed, nile=True)
    play_by_clicks(table, seed)
    replayed = replay(json.loads(table.record_text()))
    assert replayed.final is not None and replayed.setup.nile
    assert [r["total"] for r in table.view()["final"]["rows"]] == replayed.final["scores"]


def test_greenwish_is_built_cells_then_token() -> None:
    # Play Nile games by clicks until someone can use Greenwish, then build it step by step.
    for seed in range(40):
        table = Table.new(["Ann", "Bob", "Cy"], seed, nile=True)
        rng = Rng(seed)
        while not table.state.over:
            view = table.view()
            keys = [a["key"] for a in view["actions"]]
            if "dig:greenwish" in keys:
                break
            targets = clickable(view)
            non_pass = [t for t in targets if t != "action:pass"]
            table.click(rng.choice(non_pass or targets))
        else:
            continue
        me = table.state.to_move
        table.click("action:dig:greenwish")
        first = next(c["name"] for c in table.view()["region"]["cells"] if c["hl"])
        table.click(f"cell:{first}")
        view = table.view()
        assert view["token_step"] and "token" in view["prompt"]
        token_cells = [c["name"] for c in view["region"]["cells"] if c["hl"]]
        token_rooms = [r["id"] for r in view["museum"] if r["hl"]]
        assert first not in token_cells and token_cells and token_rooms
        table.click(f"room:{token_rooms[-1]}")
        assert table.message is None
        assert table.state.moves[-1][1].token == token_rooms[-1]
        assert (
            table.view()["museum"][[r["id"] for r in view["museum"]].index(token_rooms[-1])][
                "token"
            ]
            == me
        )
        return
    pytest.fail("no seed reached a Greenwish decision")


def test_bots_fill_seats_and_undo_skips_back_to_the_person() -> None:
    table = Table.new(["Ann", "Bot1", "Bot2"], 31, seats=["human", "easy", "medium"])
    rng = Rng(5)
    undone = False
    while not table.state.over:
        level = table.bot_to_move()
        if level is not None:
            assert table.view()["actions"] == []  # nothing to click while a bot decides
            move = Bot(level, table.bot_seed(), budget=0.05, max_iterations=20).choose(table.state)
            table.play_bot_move(move.to_json())
            continue
        view = table.view()
        if not undone and view["can_undo"] and table.state.moves[-1][0] != 0:
            before_bots = len(table.state.moves)
            table.click("undo")
            assert table.state.to_move == 0 and table.seats[0] == "human"
            assert len(table.state.moves) < before_bots
            undone = True
            continue
        targets = clickable(view)
        non_pass = [t for t in targets if t != "action:pass"]
        table.click(rng.choice(non_pass or targets))
        assert table.message is None
    assert undone
    record = json.loads(table.record_text())
    assert record["seats"] == ["human", "easy", "medium"]
    again = Table.from_record_text(table.record_text())
    assert (
        again.seats == ["human", "easy", "medium"]
        and again.state.to_dict() == table.state.to_dict()
    )


def test_a_bot_move_is_checked_like_any_other() -> None:
    table = Table.new(["Ann", "Bot"], 2, seats=["easy", "human"])
    if table.bot_to_move() is None:
        table.click("action:pass")
    before = table.state.to_dict()
    with pytest.raises(GameError, match="z9"):
        table.play_bot_move({"action": "dig", "cells": ["z9"]})
    assert table.state.to_dict() == before


def test_action_help_says_what_it_allows_now() -> None:
    """Sir Brown's button names exactly the rooms open to him; others count first cells."""
    rng = random.Random(3)
    for seed in range(1, 40):
        table = Table.new(["Ann", "Bob", "Cy"], seed)
        while not table.state.over:
            view = table.view()
            legal = table.legal()
            for action in view["actions"]:
                moves = [m for m in legal if kind_key(m) == action["key"]]
                if action["key"] == "museum:brown":
                    wings = table.state.setup.wings
                    expected = "; ".join(
                        table.texts.room_label(r, wings)
                        for r in sorted({m.room for m in moves}, key=ROOMS.index)
                    )
                    assert action["now"] == f"Rooms open now: {expected}."
                    return
                if moves[0].cells:
                    n = len({m.cells[0] for m in moves})
                    assert action["now"] == f"Its first cube can go on {n} cells now."
                else:
                    assert action["now"] == ""
            table.play(rng.choice(legal))
    raise AssertionError("no game offered Sir Brown")
