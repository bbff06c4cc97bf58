"""One move ahead with the static estimate: the ranking every searching level starts from."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..moves import Move
from .evaluate import evaluate, steady_lead
from .steps import Steps, run

if TYPE_CHECKING:
    from ..state import GameState


def margin(values: list[float], p: int) -> float:
    """How far ``p`` is ahead of the best other player."""
    best_other = max(v for q, v in enumerate(values) if q != p)
    return values[p] - best_other


Leads = Callable[["GameState", int, int], float]


def score_move(state: GameState, move: Move, p: int, leads: Leads = steady_lead) -> float:
    after = state.copy()
    after.apply(move)
    return margin(evaluate(after, leads), p)


def ranked_moves(
    state: GameState, moves: list[Move], p: int, leads: Leads = steady_lead
) -> list[tuple[float, int, Move]]:
    """(margin after the move, -index, move), best first; ties keep the legal order."""
    return run(ranking(state, moves, p, leads))


def ranking(
    state: GameState, moves: list[Move], p: int, leads: Leads = steady_lead
) -> Steps[list[tuple[float, int, Move]]]:
    """``ranked_moves``, one step per move."""
    scored = []
    for i, m in enumerate(moves):
        scored.append((score_move(state, m, p, leads), -i, m))
        yield
    scored.sort(reverse=True)
    return scored
