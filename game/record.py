"""Game records (SPEC section 5): create games, export them, replay them exactly."""
from __future__ import annotations

import json
from typing import Any

from .errors import GameError, RecordError, SetupError
from .moves import Move
from .setup import Setup, make_setup
from .state import GameState

FORMAT = "mykerinos/1"


def new_game(players: list[str] | tuple[str, ...], seed: int = 0, *, nile: bool = False,
             log: bool = True, **overrides: Any) -> GameState:
    """Start a game; every random choice comes from ``seed`` unless given."""
    return GameState(make_setup(list(players), seed, nile=nile, **overrides), log=log)


def to_record(state: GameState) -> dict[str, Any]:
    """The game so far as a record, setup spelled out in full."""
    return {
        "format": FORMAT,
        "setup": state.setup.to_json(),
        "moves": [dict(player=p, **m.to_json()) for p, m in state.moves],
    }


def replay(record: Any, *, log: bool = True) -> GameState:
    """Replay a record; raises RecordError (with the 1-based move number) on the
    first problem, SetupError-derived messages for a bad setup."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object with \"setup\" and \"moves\"")
    fmt = record.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"unknown record format {fmt!r} (expected {FORMAT!r})")
    try:
        setup = Setup.from_json(record.get("setup"))
    except SetupError as exc:
        raise RecordError(f"setup: {exc}", kind="setup") from None
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("\"moves\" must be a list")
    state = GameState(setup, log=log)
    for index, raw in enumerate(moves, start=1):
        try:
            move = Move.from_json(raw)
            player = raw.get("player")
            if player is not None and (not isinstance(player, int) or isinstance(player, bool)):
                raise RecordError("\"player\" must be a player index", index)
            if state.forced and state.forced[0][1] == move and not state.is_legal(move) \
                    and player in (None, state.forced[0][0]):
                # A record may spell out a move the engine already played by itself.
                state.forced.pop(0)
                continue
            state.play(move, player)
        except RecordError:
            raise
        except GameError as exc:
            raise RecordError(str(exc), index) from None
    return state


def load_record_text(text: str) -> GameState:
    """Parse JSON text and replay it; any problem becomes one RecordError."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"invalid JSON: {exc}", kind="json") from None
    return replay(data)
