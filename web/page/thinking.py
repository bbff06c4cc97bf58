"""The computer's thinking (its moves, the hint, the analysis in review) on the
page's own Python, a slice of a few milliseconds at a time.

The page has one Python. A search of a second or more would freeze it, so every search is
written as steps (``game.bots.steps``) and the page asks for one slice at a
time (web/front/js/bots.js): between two slices the browser answers clicks, draws,
and may abandon the job (an undo, a new game, a step in review). The time
budget counts only the time spent inside slices (``SliceClock``), so a search
runs as many playouts as it would with the thread to itself.

Only one job runs at a time: starting another abandons the one in flight.
"""

from __future__ import annotations

from game import GameState, Move
from game.bots import Bot
from game.bots.evaluate import evaluate
from game.bots.ismcts import world_for
from game.bots.players import playing_out
from game.bots.steps import Steps, run
from game.rng import Rng

from .review import Review
from .table import ANALYSIS_LEVEL, BOT_BUDGET, BOT_BUDGETS, HINT_LEVEL, PLAYOUTS_BY_TURNS, Table
from .thinker import Answer, SliceClock

# Worlds each move of an analysis is tried in (the same worlds for both moves).
ANALYSIS_WORLDS = 48


def estimating(
    state: GameState, move: Move, seed: int, worlds: int = ANALYSIS_WORLDS
) -> Steps[float]:
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
        yield from playing_out(world, rng, state.season)
        total += evaluate(world)[player]
    return total / worlds


def estimate(state: GameState, move: Move, seed: int, worlds: int = ANALYSIS_WORLDS) -> float:
    return run(estimating(state, move, seed, worlds))


def analysing(
    state: GameState, played: Move | None, bot: Bot, worlds: int = ANALYSIS_WORLDS
) -> Steps[Answer]:
    """The bot's choice in ``state`` and, when ``played`` was played there, the
    estimated points that choice gains over it (negative: the move played
    looks better)."""
    if state.over or state.to_move is None:
        raise ValueError("the game has no decision to take here")
    choice = yield from bot.thinking(state)
    answer: Answer = {"move": choice.to_json(), "played": None, "same": False, "difference": None}
    if played is not None:
        answer["played"] = played.to_json()
        answer["same"] = played == choice
        if answer["same"]:
            answer["difference"] = 0.0
        else:
            ours = yield from estimating(state, choice, bot.seed, worlds)
            theirs = yield from estimating(state, played, bot.seed, worlds)
            answer["difference"] = round(ours - theirs, 1)
    return answer


def analysis(
    state: GameState, played: Move | None, bot: Bot, worlds: int = ANALYSIS_WORLDS
) -> Answer:
    return run(analysing(state, played, bot, worlds))


def warm_up(state: GameState) -> None:
    """A search of two playouts by the hint's level (the expert) on a copy of
    ``state``, its answer dropped. The first search in a page runs code the
    browser has not compiled yet, and its first slice lasted 56 ms with the
    processor slowed 4x: the page pays for that in idle time instead
    (``Session.prepare_thinking``)."""
    if state.over or state.to_move is None:
        return
    Bot(HINT_LEVEL, 0, budget=float("inf"), max_iterations=2).choose(state.copy())


def job(
    table: Table,
    purpose: str,
    clock: SliceClock,
    shown: Review | None = None,
    counted: bool = False,
) -> Steps[Answer]:
    """The steps of one job on the position on screen (``shown``: a past one in
    review, None: the game as it stands):

    - "move": the computer to move chooses its move -> {"move", "iterations"};
    - "hint": the hint player's choice for the person to move -> {"move", "hint"}
      (the words and marks of ``Table.hint``);
    - "analysis": in review, the analysis player's choice in the position shown
      and its estimated gain over the move played there (``analysing``), with
      its marks -> {"move", "played", "same", "difference", "hint"}.

    ``counted``: the searching levels play their playouts of
    ``PLAYOUTS_BY_TURNS`` whatever the time (a table by turns).

    Raises ValueError when there is nothing to think about."""
    if purpose == "analysis":
        if shown is None:
            raise ValueError("no past position is shown")
        k = shown.index
        state = shown.state().copy()
        moves = table.state.moves
        played = moves[k][1] if k < len(moves) else None
        bot = _bot(ANALYSIS_LEVEL, table.bot_seed(), BOT_BUDGET, clock)
        return _described(table, analysing(state, played, bot))
    if purpose == "move":
        level = table.bot_to_move()
        if level is None or shown is not None:
            raise ValueError("it is not a computer's turn")
        if counted:
            bot = _counted(level, table.bot_seed(), clock)
        else:
            bot = _bot(level, table.bot_seed(), BOT_BUDGETS.get(level), clock)
        return _moved(bot, table.state.copy())
    if purpose == "hint":
        if table.bot_to_move() is not None or shown is not None or table.state.over:
            raise ValueError("no move to suggest here")
        bot = _bot(HINT_LEVEL, table.bot_seed(), BOT_BUDGETS.get(HINT_LEVEL), clock)
        return _described(table, _moved(bot, table.state.copy()))
    raise ValueError(f"unknown job {purpose!r}")


def _bot(level: str, seed: int, budget: float | None, clock: SliceClock) -> Bot:
    if budget is None:
        return Bot(level, seed, clock=clock)
    return Bot(level, seed, budget=budget, clock=clock)


def _counted(level: str, seed: int, clock: SliceClock) -> Bot:
    """The level's player with no clock: the same move on any device."""
    playouts = PLAYOUTS_BY_TURNS.get(level)
    if playouts is None:
        return Bot(level, seed, clock=clock)  # easy, medium: no search by time
    return Bot(level, seed, budget=float("inf"), max_iterations=playouts, clock=clock)


def _moved(bot: Bot, state: GameState) -> Steps[Answer]:
    move = yield from bot.thinking(state)
    return {"move": move.to_json(), "iterations": bot.last_iterations}


def _described(table: Table, steps: Steps[Answer]) -> Steps[Answer]:
    """``steps``, with the words and marks of its move (``Table.hint``)."""
    answer = yield from steps
    return {**answer, "hint": table.hint(answer["move"])}
