"""Computer opponents of three strengths, all choosing among the engine's legal moves.

* easy: looks at a handful of random legal moves and keeps the one that looks
  best right now: plausible, often short-sighted;
* medium: looks at every legal move (or a large sample) one step ahead with
  the static estimate;
* hard: flat Monte Carlo search over the medium player's best candidates,
  each tried many times by playing the season out with a fast policy in a
  world where everything unseen is redrawn (``ismcts.world_for``), within a
  time budget;
* expert: information-set Monte Carlo tree search (``ismcts``): the
  opponents' replies are searched too, over worlds where everything unseen is
  redrawn, with a tactical playout policy and the static estimate at the
  leaves, within the same time budget.

Every bot owns a seeded generator, so with the same seed and budget it plays
the same way; a game with bots replays from its record like any other. The
page gives a searching bot seconds (``budget``); bench/tournament.py gives it
playouts instead (``max_iterations``, with an endless ``budget``), so that its
games are the same on any machine.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cards import card_value
from ..moves import Move
from ..rng import Rng
from ..state import Phase
from .evaluate import evaluate
from .ismcts import SearchParams, searching, world_for
from .lookahead import margin, ranking, score_move
from .steps import Steps, run

if TYPE_CHECKING:
    from ..state import GameState

LEVELS = ("random", "easy", "medium", "hard", "expert")


@dataclass
class Bot:
    level: str
    seed: int = 0
    budget: float = 1.5  # seconds per decision (hard, expert)
    max_iterations: int = 4000  # cap on playouts per decision (hard, expert)
    candidates: int = 8  # moves the hard bot searches among
    sample: int = 240  # legal moves the medium bot looks at, at most
    clock: Callable[[], float] = time.perf_counter
    last_iterations: int = 0
    params: SearchParams = field(default_factory=SearchParams)  # expert

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"unknown bot level {self.level!r}; levels: {', '.join(LEVELS)}")
        self.rng = Rng(self.seed)

    def choose(self, state: GameState) -> Move:
        """The move this bot plays for the player to move."""
        return run(self.thinking(state))

    def thinking(self, state: GameState) -> Steps[Move]:
        """``choose``, cut into steps of one playout or one move ranked at most,
        so that the page can answer clicks between them."""
        legal = state.legal_moves()
        if not legal:
            raise ValueError("no legal move: the game is over")
        if len(legal) == 1:
            return legal[0]
        p = state.to_move
        assert p is not None
        if self.level == "random":
            return legal[self.rng.below(len(legal))]
        if self.level == "easy":
            return self._easy(state, legal, p)
        if self.level == "medium":
            ranked = yield from ranking(state, self._sample(legal, self.sample), p)
            return ranked[0][2]
        if self.level == "expert":
            result = yield from searching(
                state, self.rng, self.params, self.budget, self.max_iterations, self.clock
            )
            self.last_iterations = result.iterations
            return result.move
        return (yield from self._hard(state, legal, p))

    def _sample(self, legal: list[Move], k: int) -> list[Move]:
        if len(legal) <= k:
            return legal
        pool = list(legal)
        self.rng.shuffle(pool)
        keep = pool[:k]
        if legal[0] not in keep and legal[0].action == "pass":
            keep.append(legal[0])  # always consider passing
        return keep

    def _easy(self, state: GameState, legal: list[Move], p: int) -> Move:
        options = self._sample(legal, 5)
        scored = [
            (score_move(state, m, p) + self.rng.below(1000) / 350.0, -i, m)
            for i, m in enumerate(options)
        ]
        return max(scored)[2]

    def _hard(self, state: GameState, legal: list[Move], p: int) -> Steps[Move]:
        deadline = self.clock() + self.budget
        ranked = yield from ranking(state, self._sample(legal, self.sample), p)
        cands = [m for _, _, m in ranked[: self.candidates]]
        if len(cands) == 1:
            return cands[0]
        prior = [s for s, _, _ in ranked[: self.candidates]]
        totals = [0.0] * len(cands)
        visits = [0] * len(cands)
        iterations = 0
        while iterations < self.max_iterations:
            if iterations >= len(cands) and self.clock() >= deadline:
                break
            if iterations < len(cands):
                k = iterations
            else:
                logn = math.log(iterations)
                k = max(
                    range(len(cands)),
                    key=lambda i: totals[i] / visits[i] + 6.0 * math.sqrt(logn / visits[i]),
                )
            world = world_for(state, self.rng)
            world.apply(cands[k])
            yield from playing_out(world, self.rng, state.season)
            totals[k] += margin(evaluate(world), p)
            visits[k] += 1
            iterations += 1
            yield  # a move that ends the season leaves its playout nothing to yield in
        self.last_iterations = iterations
        best = max(
            range(len(cands)),
            key=lambda i: (totals[i] / visits[i] if visits[i] else -1e9, prior[i]),
        )
        return cands[best]


def playout(state: GameState, rng: Rng, season: int) -> None:
    """Play fast, roughly sensible moves until the season's survey is over
    (moves drawn by index, so the whole legal list is seldom built)."""
    run(playing_out(state, rng, season))


def playing_out(state: GameState, rng: Rng, season: int) -> Steps[None]:
    """``playout``, one step per move."""
    while not state.over and state.season == season:
        yield
        if state.phase is Phase.SURVEY:
            legal = state.legal_moves()
            claims = [m for m in legal if m.card is not None]
            if claims and rng.below(4):
                state.apply(max(claims, key=lambda m: card_value(m.card or "")))
                continue
        elif state.phase is Phase.EXCAVATION and rng.below(7) == 0:
            state.apply(state.legal_move(0))  # pass now and then, as real players do
            continue
        state.apply(state.random_move(rng))


def make_bot(level: str, seed: int = 0, budget: float = 1.5) -> Bot:
    return Bot(level, seed, budget=budget)
