"""A JSON summary of a state: what the command line prints and tests compare."""

from __future__ import annotations

from typing import Any

from .errors import GameError
from .museum import ROOMS
from .region import CELL_NAMES
from .state import EMPTY, GameState


def side_label(state: GameState, side: int) -> int | str:
    return "neutral" if side == state.neutral else side


def summary(state: GameState) -> dict[str, Any]:
    if not isinstance(state, GameState):
        raise GameError("summary needs a GameState")
    players = []
    for p, name in enumerate(state.setup.players):
        players.append(
            {
                "name": name,
                "score": state.score[p],
                "cubes": state.cubes[p],
                "neutral_cubes": state.neutral_cubes[p],
                "supply": state.general_stock(p),
                "cards": list(state.cards[p]),
                "tilted": list(state.tilted[p]),
            }
        )
        if state.nile:
            players[-1]["boats"] = list(state.nile_state.boats[p])
            players[-1]["tokens"] = state.nile_state.tokens[p]
    out: dict[str, Any] = {
        "over": state.over,
        "season": state.season,
        "phase": state.phase.value,
        "to_move": state.to_move,
        "first_player": state.first_player,
        "passing": [s for s in state.passing_order() if s != state.neutral],
        "passing_scale": {
            str(space): side_label(state, side)
            for side, space in enumerate(state.pass_space)
            if space
        },
        "players": players,
        "wings": list(state.setup.wings),
        "museum": {ROOMS[r]: s for r, s in enumerate(state.museum) if s != EMPTY},
        "board": {
            CELL_NAMES[i]: side_label(state, s) for i, s in enumerate(state.board) if s != EMPTY
        },
        "region": [[card, turned] for card, turned in state.region.parcels],
        "area_cards": {str(a): list(c) for a, c in enumerate(state.region_cards) if a and c},
        "discarded": list(state.discarded),
        "legal": [m.to_json() for m in state.legal_moves()],
    }
    if state.neutral >= 0:
        out["neutral_supply"] = state.general_stock(state.neutral)
    if state.nile:
        nile = state.nile_state
        out["nile"] = {
            "in_play": [[card, turned] for card, turned in nile.in_play],
            "cards_on_offer": list(state.region_cards[0]) if state.region_cards else [],
            "pile": len(nile.pile),
            "boat_offer": nile.boat_offer,
            "boats_out": list(nile.boats_out),
            "river": [CELL_NAMES[i] for i in state.region.river_cells],
            "tokens": {
                **{CELL_NAMES[i]: t for i, t in enumerate(nile.cell_token) if t != EMPTY},
                **{ROOMS[r]: t for r, t in enumerate(nile.room_token) if t != EMPTY},
            },
        }
    if state.final is not None:
        out["final"] = state.final
    return out
