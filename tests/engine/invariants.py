"""Checks that must hold after every move of every game (used by the simulation suite)."""
from __future__ import annotations

import json
from collections import Counter

from game import GameState, Move
from game.cards import PARCEL_IDS
from game.state import CUBES_PER_COLOUR, EMPTY, Phase


def cards_everywhere(state: GameState) -> Counter[str]:
    """Every parcel in exactly one place: undealt deck, region, a player, or out of the game."""
    dealt = 8 * (state.season - 1) + (12 if state.season == 4 else 8)
    places: Counter[str] = Counter(c for c, _ in state.setup.deck[dealt:])
    for cards in state.region_cards:
        places.update(cards)
    for cards in state.cards:
        places.update(cards)
    places.update(state.discarded)
    return places


def check_state(state: GameState) -> None:
    for side in range(state.sides):
        held = (sum(state.neutral_cubes) if side == state.neutral else state.cubes[side])
        on_board = state.board.count(side)
        in_museum = state.museum.count(side)
        general = state.general_stock(side)
        assert held >= 0 and general >= 0, (side, held, general)
        assert held + on_board + in_museum + general == CUBES_PER_COLOUR
        if side == state.neutral:
            assert in_museum == 0, "the neutral never goes to the museum"
    assert all(c >= 0 for c in state.cubes + state.neutral_cubes)
    for i, s in enumerate(state.board):
        if s != EMPTY:
            assert state.region.exists[i], f"cube on a cell outside the region: {i}"
    places = cards_everywhere(state)
    assert sorted(places) == sorted(PARCEL_IDS) and set(places.values()) == {1}, places
    for p in range(state.n):
        assert set(state.tilted[p]) <= set(state.cards[p])
    legal = state.legal_moves()
    assert (not legal) == state.over, (state.phase, legal)
    if not state.over:
        assert len(legal) >= 2, "a single legal move must have been played automatically"
        assert len(set(legal)) == len(legal), "duplicate legal moves"
    else:
        assert state.phase is Phase.OVER and state.to_move is None


def roundtrip(state: GameState) -> GameState:
    return GameState.from_dict(json.loads(json.dumps(state.to_dict())))


def check_move(before_scores: list[int], state: GameState, shadow: GameState, move: Move) -> None:
    """After ``move``: scores never drop, JSON round-trip and replay agree."""
    assert all(a <= b for a, b in zip(before_scores, state.score)), (before_scores, state.score)
    snapshot = state.to_dict()
    assert roundtrip(state).to_dict() == snapshot
    assert shadow.to_dict() == snapshot
