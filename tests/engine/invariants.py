"""Checks that must hold after every move of every game (used by the simulation suite)."""

from __future__ import annotations

import json
from collections import Counter

from game import GameState, Move
from game.cards import NILE_CARDS, PARCEL_IDS
from game.setup import BOATS
from game.state import EMPTY, SEASONS, TOKENS, Phase


def cards_everywhere(state: GameState) -> Counter[str]:
    """Every parcel in exactly one place: undealt deck, region, a player, or out of the game."""
    dealt = 8 * (state.season - 1) + (12 if state.season == 4 else 8)
    places: Counter[str] = Counter(c for c, _ in state.setup.deck[dealt:])
    for cards in state.region_cards:
        places.update(cards)
    for cards in state.cards:
        places.update(cards)
    places.update(state.discarded)
    if state.nile:
        places.update(c for c, _ in state.nile_state.pile)
        if state.season < SEASONS:
            places["nile-6"] += 1  # set aside until the last season
    return places


def boats_everywhere(state: GameState) -> Counter[str]:
    """Every boat in exactly one place: still hidden, on offer, held, or out of the game."""
    hidden = min(state.season, SEASONS - 1)  # one boat is revealed in each of seasons 1-3
    places: Counter[str] = Counter(state.setup.boats[hidden:])
    if state.nile_state.boat_offer is not None:
        places[state.nile_state.boat_offer] += 1
    for held in state.nile_state.boats:
        places.update(held)
    places.update(state.nile_state.boats_out)
    return places


def check_state(state: GameState) -> None:
    for side in range(state.sides):
        held = sum(state.neutral_cubes) if side == state.neutral else state.cubes[side]
        on_board = state.board.count(side)
        in_museum = state.museum.count(side)
        general = state.general_stock(side)
        assert held >= 0 and general >= 0, (side, held, general)
        assert held + on_board + in_museum + general == (23 if state.nile else 25)
        if side == state.neutral:
            assert in_museum == 0, "the neutral never goes to the museum"
    assert all(c >= 0 for c in state.cubes + state.neutral_cubes)
    for i, s in enumerate(state.board):
        if s != EMPTY:
            assert state.region.exists[i], f"cube on a cell outside the region: {i}"
    # The bit masks mirror the board and the tokens exactly.
    assert state.occupied == sum(1 << i for i, s in enumerate(state.board) if s != EMPTY)
    assert state.own == [
        sum(1 << i for i, s in enumerate(state.board) if s == side) for side in range(state.sides)
    ]
    nile = state.nile_state
    assert nile.token_masks == [
        sum(1 << i for i, t in enumerate(nile.cell_token) if t == p) for p in range(state.n)
    ]
    places = cards_everywhere(state)
    expected = sorted(PARCEL_IDS) + (sorted(NILE_CARDS) if state.nile else [])
    assert sorted(places) == sorted(expected) and set(places.values()) == {1}, places
    if state.nile:
        boats = boats_everywhere(state)
        assert sorted(boats) == sorted(BOATS) and set(boats.values()) == {1}, boats
        on_hold = sum(t != EMPTY for t in state.nile_state.cell_token + state.nile_state.room_token)
        assert on_hold + sum(state.nile_state.tokens) == TOKENS * state.n
        if state.phase in (Phase.SURVEY, Phase.BOAT, Phase.OVER):
            assert on_hold == 0, "tokens go back to their owners when the survey starts"
        for i, owner in enumerate(state.nile_state.cell_token):
            if owner != EMPTY:
                assert state.board[i] == EMPTY and not state.region.pyramid[i]
        for r, owner in enumerate(state.nile_state.room_token):
            if owner != EMPTY:
                assert state.museum[r] == EMPTY
    for p in range(state.n):
        assert set(state.tilted[p]) <= set(state.cards[p])
    legal = state.legal_moves()
    assert (not legal) == state.over, (state.phase, legal)
    if not state.over:
        assert len(legal) >= 2, "a single legal move must have been played automatically"
        assert len(set(legal)) == len(legal), "duplicate legal moves"
    else:
        assert state.phase is Phase.OVER and state.to_move is None


def check_move(before_scores: list[int], state: GameState, shadow: GameState, move: Move) -> None:
    """After ``move``: scores never drop, and the state replayed from the move's
    JSON notation (``shadow``) is the same, JSON-ready and all."""
    assert all(a <= b for a, b in zip(before_scores, state.score)), (before_scores, state.score)
    snapshot = state.to_dict()
    assert json.loads(json.dumps(snapshot)) == snapshot
    assert shadow.to_dict() == snapshot
