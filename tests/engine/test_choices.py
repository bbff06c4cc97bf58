"""The legal list built lazily is the legal list built in full, everywhere.

A random player asks for the size of the legal list and one move of it
(``legal_count``, ``legal_move``, ``random_move``); the page and the bots ask
for the whole list. Both come from the same segments (``game.choices``): here
every segment's announced size and every move it picks are checked against
the moves it builds, along many games, and a copy of a state keeps a right
legal list after the original has moved on.
"""

from __future__ import annotations

import pytest

from game import GameState, Move, excavation, new_game, survey
from game.choices import Choices
from game.rng import Rng
from game.state import Phase

CASES = [(players, nile) for nile in (False, True) for players in (2, 3, 4)]


def fresh_choices(state: GameState) -> Choices:
    """The position's legal list made anew, nothing of it built yet."""
    assert state.to_move is not None
    if state.phase is Phase.EXCAVATION:
        return excavation.choices(state, state.to_move)
    if state.phase is Phase.NEUTRAL:
        return excavation.neutral_choices(state, state.to_move)
    return survey.choices(state)


def near_misses(move: Move) -> list[Move]:
    """Moves that differ from ``move`` in one part (most of them not legal)."""
    out = [
        move._replace(token="a1"),
        move._replace(token="W1-5"),
        move._replace(room="W1-3"),
        move._replace(cells=move.cells[::-1]),
        move._replace(cells=move.cells[:1]),
        move._replace(cells=move.cells + ("a1",)),
        move._replace(patron=None),
    ]
    if move.cells:
        out.append(move._replace(cells=("zz",) + move.cells[1:]))
    return out


def check_segments(choices: Choices, legal: list[Move], rng: Rng) -> None:
    built: list[Move] = []
    everything = set(legal)
    for size, build, pick, has in choices.segments:
        moves = build()
        assert len(moves) == size, (size, moves)
        # every index of a short segment, a sample of a long one (Greenwish)
        indexes = (
            range(size)
            if size <= 60
            else sorted({0, size - 1, *(rng.below(size) for _ in range(40))})
        )
        if pick is not None:
            for k in indexes:
                assert pick(k) == moves[k], (k, pick(k), moves[k])
        if has is not None:
            mine = set(moves)
            for k in indexes:
                assert has(moves[k]), moves[k]
                for other in near_misses(moves[k]):
                    assert has(other) == (other in mine), other
            for other in everything - mine:
                assert not has(other), other
        built += moves
    assert built == legal
    assert len(choices) == len(legal)
    for move in legal[::7]:
        assert choices.has(move)
        for other in near_misses(move):
            assert choices.has(other) == (other in everything), other


def play(players: int, nile: bool, seed: int) -> int:
    """A patron-rich random game with every legal list checked; returns positions seen."""
    state = new_game([f"P{i}" for i in range(players)], 900 + seed, nile=nile, log=False)
    rng = Rng(seed * 7 + players)
    positions = 0
    while not state.over:
        count = state.legal_count()
        copy = state.copy()  # shares the legal list, nothing of it built yet
        picks = {k: state.legal_move(k) for k in {0, count - 1, rng.below(count)}}
        if state.phase is Phase.BOAT:
            legal = state.legal_moves()
        else:
            legal = fresh_choices(state).all()
            check_segments(fresh_choices(state), legal, rng)
        assert len(legal) == count and all(legal[k] == m for k, m in picks.items())
        rich = [m for m in legal if m.patron] or legal
        pool = rich if rng.below(2) else legal
        state.apply(pool[rng.below(len(pool))])
        # Built only now, after the original has moved on: still the copy's own list.
        assert copy.legal_moves() == legal
        positions += 1
    return positions


@pytest.mark.parametrize("players,nile", CASES)
def test_lazy_and_full_legal_lists_agree(players: int, nile: bool) -> None:
    positions = sum(play(players, nile, seed) for seed in range(4 if nile else 8))
    assert positions > 400


def test_random_move_is_the_move_at_a_random_index() -> None:
    state = new_game(["A", "B", "C"], 5, log=False)
    mirror = new_game(["A", "B", "C"], 5, log=False)
    rng, twin = Rng(11), Rng(11)
    while not state.over:
        move = state.random_move(rng)
        legal = mirror.legal_moves()
        assert move == legal[twin.below(len(legal))]
        state.apply(move)
        mirror.play(move)
    assert state.to_dict() == mirror.to_dict()


def test_legal_move_out_of_range_is_refused() -> None:
    state = new_game(["A", "B"], 1, log=False)
    with pytest.raises(IndexError):
        state.legal_move(state.legal_count())
