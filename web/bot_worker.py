"""Computer players, run in a web worker so that their search never blocks the page.

Started by web/ui/bots.js with PyScript's ``PyWorker`` (same local Pyodide and
the same engine files as the page) only when a game has a computer seat or a
person asks for a hint. It keeps no game of its own: every call brings the
game record, replays it and answers with one move in the record notation. The
level and the time budget come from the page's view (``view.bots``), so that
they are set in one place (web/table.py).

    choose(record_json, level, seed, budget) -> move JSON text (budget in seconds,
                                                null: the level's own speed)
    analyse(record_json, k, level, seed, budget)
                                              -> the computer's choice at position k of
                                                 the game and the estimated points between
                                                 it and the move played there (review)
    ping()                                    -> "ok" (the page checks the worker started)
    last()                                    -> {"iterations": n, "seconds": s} of the last search
    bench(players, games, nile)               -> random games timed here (bench/engine_page.py)

Errors come back as ``{"error": "..."}`` so the page can say what went wrong.
"""
from __future__ import annotations

import json
import time
from typing import Any

from game import GameState, Move, replay
from game.bots import Bot
from game.bots.evaluate import evaluate
from game.bots.ismcts import world_for
from game.bots.players import playout
from game.rng import Rng
from game.selfplay import random_game

# Worlds each move of an analysis is tried in (the same worlds for both moves).
ANALYSIS_WORLDS = 48

_last: dict[str, float] = {"iterations": 0, "seconds": 0.0}


def _answer(record_json: Any, level: str, seed: Any, budget: Any) -> str:
    try:
        state = replay(json.loads(str(record_json)), log=False)
        if state.over or state.to_move is None:
            return json.dumps({"error": "the game has no decision to take"})
        if isinstance(budget, (int, float)) and not isinstance(budget, bool) and budget > 0:
            bot = Bot(level, int(seed or 0), budget=float(budget))
        else:
            bot = Bot(level, int(seed or 0))
        start = time.perf_counter()
        move = bot.choose(state)
        _last["seconds"] = time.perf_counter() - start
        _last["iterations"] = bot.last_iterations
        return json.dumps(move.to_json())
    except Exception as exc:  # report, never leave the page waiting
        return json.dumps({"error": f"{exc.__class__.__name__}: {exc}"})


def choose(record_json: Any, level: Any, seed: Any, budget: Any = None) -> str:
    return _answer(record_json, str(level), seed, budget)


def estimate(state: GameState, move: Move, seed: int, worlds: int = ANALYSIS_WORLDS) -> float:
    """The points the player to move may expect at the end after ``move``: the
    static estimate once the season is played out, averaged over worlds where
    everything unseen is redrawn (the same worlds for every move, by seed)."""
    player = state.to_move
    assert player is not None
    total = 0.0
    for i in range(worlds):
        rng = Rng(seed * 7919 + i)
        world = world_for(state, rng)
        world.apply(move)
        playout(world, rng, state.season)
        total += evaluate(world)[player]
    return total / worlds


def analysis(record: Any, k: int, level: str, seed: int, budget: float | None,
             worlds: int = ANALYSIS_WORLDS) -> dict[str, Any]:
    """The computer's choice in position ``k`` of a game (after its first ``k``
    decisions) and, when a decision was played there, the estimated points
    that choice gains over it (negative: the move played looks better)."""
    moves = list(record["moves"])
    if not 0 <= k <= len(moves):
        raise ValueError(f"position must be 0 to {len(moves)}")
    state = replay({**record, "moves": moves[:k]}, log=False)
    if state.over or state.to_move is None:
        raise ValueError("the game has no decision to take here")
    bot = Bot(level, seed, budget=budget) if budget else Bot(level, seed)
    choice = bot.choose(state)
    answer: dict[str, Any] = {"move": choice.to_json(), "played": None, "same": False,
                              "difference": None}
    if k < len(moves):
        played = Move.from_json(moves[k])
        answer["played"] = played.to_json()
        answer["same"] = played == choice
        if not answer["same"]:
            gap = estimate(state, choice, seed, worlds) - estimate(state, played, seed, worlds)
            answer["difference"] = round(gap, 1)
        else:
            answer["difference"] = 0.0
    return answer


def analyse(record_json: Any, k: Any, level: Any, seed: Any, budget: Any = None) -> str:
    """``analysis`` for the page: JSON text, ``{"error": ...}`` on any problem."""
    try:
        seconds = float(budget) if isinstance(budget, (int, float)) and not isinstance(
            budget, bool) and budget > 0 else None
        return json.dumps(analysis(json.loads(str(record_json)), int(k), str(level),
                                   int(seed or 0), seconds))
    except Exception as exc:  # report, never leave the page waiting
        return json.dumps({"error": f"{exc.__class__.__name__}: {exc}"})


def last() -> str:
    """How long the last search took and how many playouts it ran (for the benchmarks)."""
    return json.dumps(_last)


def bench(players: Any, games: Any, nile: Any = False) -> str:
    """Random complete games per second in this worker, played as bench/engine.py
    plays them (for bench/engine_page.py): {"games", "decisions", "seconds"}."""
    start = time.perf_counter()
    decisions = sum(len(random_game(int(players), seed, nile=bool(nile)).moves)
                    for seed in range(int(games)))
    return json.dumps({"games": int(games), "decisions": decisions,
                       "seconds": time.perf_counter() - start})


def ping() -> str:
    """Answers "ok" once the worker is ready."""
    return "ok"


try:
    from pyscript import sync  # type: ignore[import-not-found]  # only inside the browser worker

    sync.choose = choose
    sync.ping = ping
    sync.analyse = analyse
    sync.bench = bench
    sync.last = last
except ImportError:  # imported by the tests under CPython
    pass
