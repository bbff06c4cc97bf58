"""Computer opponents: only legal moves, reproducible, and a search that stops on its budget."""

from __future__ import annotations

import pytest

from game import GameState, Move, new_game
from game.bots import LEVELS, Bot
from game.rng import Rng
from tests.clocks import SteppingClock


def bot_game(
    levels: list[str], seed: int, nile: bool, budget: float = 0.02, max_iterations: int = 30
) -> list[tuple[int, object]]:
    state = new_game([f"P{i}" for i in range(len(levels))], seed, nile=nile, log=False)
    bots = [
        Bot(level, seed * 10 + i, budget=budget, max_iterations=max_iterations)
        for i, level in enumerate(levels)
    ]
    while not state.over:
        p = state.to_move
        assert p is not None
        move = bots[p].choose(state)
        assert move in state.legal_moves(), (levels[p], move)
        state.play(move, p)  # the checking path: an illegal move would raise
    assert state.final is not None
    return list(state.moves)


@pytest.mark.parametrize("nile", [False, True])
@pytest.mark.parametrize(
    "levels",
    [
        ["easy", "medium"],
        ["medium", "random", "easy"],
        ["hard", "easy", "medium", "random"],
        ["expert", "easy"],
    ],
)
def test_bots_only_play_legal_moves(levels: list[str], nile: bool) -> None:
    # The iteration cap bounds each search, not the clock: the same games on a
    # busy machine (a 0.02 s budget made them shorter there). Whole games: the
    # expert and an easy player take 32-57 decisions over seeds 0-5.
    for seed in range(2):
        moves = bot_game(levels, seed, nile, budget=60.0)
        assert len(moves) > 30


def test_bot_games_are_reproducible() -> None:
    # An iteration cap (not the clock) bounds the search, so the same seed gives the same game.
    first = bot_game(["hard", "medium", "easy"], 5, False, budget=60.0, max_iterations=12)
    second = bot_game(["hard", "medium", "easy"], 5, False, budget=60.0, max_iterations=12)
    assert first == second


def test_hard_bot_stops_when_its_budget_is_spent() -> None:
    state = new_game(["A", "B", "C"], 3, log=False)
    clock = SteppingClock(0.01)
    bot = Bot("hard", 1, budget=0.5, max_iterations=100_000, clock=clock)
    move = bot.choose(state)
    assert move in state.legal_moves()
    # One clock read sets the deadline, then one per playout after the first
    # round over the candidates: the search ends as soon as 0.5 s have passed.
    assert 0.5 <= clock.now <= 0.5 + 0.011
    assert bot.last_iterations == round(0.5 / 0.01) + bot.candidates - 1


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        Bot("grandmaster")
    assert LEVELS == ("random", "easy", "medium", "hard", "expert")


def season_ending_position(seed: int) -> GameState:
    """A position where every legal move ends the season (the survey's last decision)."""
    state = new_game(["A", "B", "C"], seed, log=False)
    rng = Rng(seed)
    while True:
        legal = state.legal_moves()
        if len(legal) > 1 and all(ends_season(state, m) for m in legal):
            return state
        state.apply(state.random_move(rng))


def ends_season(state: GameState, move: Move) -> bool:
    after = state.copy()
    after.apply(move)
    return after.season != state.season or after.over


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_a_search_yields_at_least_once_per_playout(level: str) -> None:
    """The page runs a search a slice at a time between its yields: a move that
    ends the season leaves a playout no move to yield in, and the search must
    still yield after it (it once ran its whole budget in one slice there)."""
    state = season_ending_position(4)
    bot = Bot(level, 1, budget=60.0, max_iterations=40)
    steps = bot.thinking(state.copy())
    yields = 0
    while True:
        try:
            next(steps)
            yields += 1
        except StopIteration as done:
            assert done.value in state.legal_moves()
            break
    assert bot.last_iterations == 40
    assert yields >= bot.last_iterations
