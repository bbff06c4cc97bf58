"""Uniformly random legal games, for the command line, tests and benchmarks."""

from __future__ import annotations

from .errors import SetupError
from .record import new_game
from .rng import Rng
from .state import GameState


def random_game(players: int, seed: int, *, nile: bool = False, log: bool = False) -> GameState:
    """Play a whole game choosing uniformly among the legal moves.

    The deal comes from ``seed``; the choices from a separate generator derived
    from it, so the record alone (setup spelled out + moves) replays the game.
    Raises SetupError for a player count other than 2-4 or a bad seed.
    """
    if type(players) is not int or not 2 <= players <= 4:
        raise SetupError("a game needs 2, 3 or 4 players")
    names = [f"Player {i + 1}" for i in range(players)]
    state = new_game(names, seed, nile=nile, log=log)
    rng = Rng(seed ^ 0x5EED5EED)
    while not state.over:
        state.apply(state.random_move(rng))  # legal_moves()[rng.below(count)], list not built
    return state
