"""Random games over 2, 3 and 4 players with every invariant checked after every move.

MYKERINOS_SIM_GAMES (default 300) base games, a third of them per player count,
plus a ninth as many Nile games per player count (300 -> 100 + 33 per count,
399 games in all). Each count's seeds are cut into blocks of BLOCK games, one
test per block, so pytest-xdist can spread them over its workers; the first
block of every (players, Nile) pair is the quick tier (`./run test --fast`),
the further blocks are marked `slow`.
"""

from __future__ import annotations

import json
import os

import pytest

from game import Move, new_game, replay, to_record
from game.rng import Rng

from .invariants import check_move, check_state

GAMES = int(os.environ.get("MYKERINOS_SIM_GAMES", "300"))
BLOCK = 10  # games per test
NILE_SEEDS = 10_000  # Nile games use seeds from here, apart from the base games


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


def blocks(count: int) -> list[pytest.ParameterSet]:
    """(players, first seed, games) per block of seeds 0..count-1, for 2-4 players."""
    params = []
    for players in (2, 3, 4):
        for first in range(0, count, BLOCK):
            games = min(BLOCK, count - first)
            marks = [pytest.mark.slow] if first else []
            params.append(
                pytest.param(
                    players,
                    first,
                    games,
                    marks=marks,
                    id=f"{players}p-seeds{first}-{first + games - 1}",
                )
            )
    return params


@pytest.mark.parametrize(("players", "first", "games"), blocks(GAMES // 3))
def test_random_games_keep_every_invariant(players: int, first: int, games: int) -> None:
    total = 0
    for seed in range(first, first + games):
        total += play_checked(players, seed)
    assert total > games * 40  # real games were played, not empty ones


@pytest.mark.parametrize(("players", "first", "games"), blocks(max(GAMES // 9, 4)))
def test_random_nile_games_keep_every_invariant(players: int, first: int, games: int) -> None:
    total = 0
    for seed in range(first, first + games):
        total += play_checked(players, NILE_SEEDS + seed, nile=True)
    assert total > games * 40
