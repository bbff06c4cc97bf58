"""Random games over 2, 3 and 4 players with every invariant checked after every move."""
from __future__ import annotations

import json
import os

import pytest

from game import Move, new_game, replay, to_record
from game.rng import Rng

from .invariants import check_move, check_state

GAMES = int(os.environ.get("MYKERINOS_SIM_GAMES", "1002"))


def play_checked(players: int, seed: int, nile: bool = False) -> int:
    names = [f"P{i}" for i in range(players)]
    state = new_game(names, seed, nile=nile, log=False)
    shadow = new_game(names, seed, nile=nile, log=False)  # replays each move from its notation
    rng = Rng(seed * 7919 + players)
    check_state(state)
    moves = 0
    while not state.over:
        legal = state.legal_moves()
        move = legal[rng.below(len(legal))]
        before = list(state.score)
        state.play(move)
        shadow.play(Move.from_json(json.loads(json.dumps(move.to_json()))), state.moves[-1][0])
        check_state(state)
        check_move(before, state, shadow, move)
        moves += 1
    assert replay(json.loads(json.dumps(to_record(state))), log=False).to_dict() == state.to_dict()
    assert state.final is not None
    assert state.final["scores"] == state.score
    return moves


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    count = GAMES // 3
    total = 0
    for seed in range(count):
        total += play_checked(players, seed)
    assert total > count * 40  # real games were played, not empty ones


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_nile_games_keep_every_invariant(players: int) -> None:
    count = max(GAMES // 9, 4)
    total = 0
    for seed in range(count):
        total += play_checked(players, 10_000 + seed, nile=True)
    assert total > count * 40
