"""The Nile expansion's own steps: Nile cards and boats each season, the river's
survey end, the tie boat, and Greenwish tokens going home.

Everything here reads and writes ``Position.nile_state``; the survey
(``survey.py``) calls these steps at their place in its order.
"""

from __future__ import annotations

from .moves import Move
from .museum import ROOMS
from .position import CELLS, EMPTY, SEASONS, TOKENS, Position

FIVE_POINT_CARD = "nile-6"
TIE_BOAT = "boat-tie"
BOAT_CHOICES = [Move("boat", use=True), Move("boat", use=False)]
# What a boat gives the player who takes it: points, or cubes from the general stock.
BOAT_POINTS = {"boat-2": 2, "boat-3": 3}
BOAT_CUBES = {"boat-cubes": 2}


def deal(pos: Position) -> None:
    """Nile cards for this season's lines, and the boat on offer."""
    nile, setup = pos.nile_state, pos.setup
    if pos.season < SEASONS:
        nile.in_play = tuple(nile.pile[:2])
        del nile.pile[:2]
        nile.boat_offer = setup.boats[pos.season - 1]
        return
    # Last season: the 5-point card on its line, the pile's top two on the others.
    six = setup.nile_deck[5]
    top = nile.pile[:2]
    lines = []
    for line in range(1, 4):
        lines.append(six if line == setup.nile_six_line else top.pop(0))
    pos.discarded.extend(c for c, _ in nile.pile[2:])
    nile.pile = []
    nile.in_play = tuple(lines)
    nile.boat_offer = None


def return_tokens(pos: Position) -> None:
    """Greenwish tokens go back to their owners before anything is counted."""
    nile = pos.nile_state
    nile.cell_token = [EMPTY] * CELLS
    nile.room_token = [EMPTY] * len(ROOMS)
    nile.tokens = [TOKENS] * pos.n
    nile.token_masks = [0] * pos.n


def offer(pos: Position, cards: list[str]) -> list[str]:
    """Nile cards the pending river decision chooses among: in the last season
    the 5-point card goes to the first, the others to the second."""
    if pos.season < SEASONS:
        return cards
    if pos.survey_pos == 0:
        return [c for c in cards if c == FIVE_POINT_CARD] or list(cards)
    return [c for c in cards if c != FIVE_POINT_CARD]


def tie_boat_holder(pos: Position, ranked: list[tuple[int, int]]) -> int | None:
    """The tie boat's holder, when using it now would lift them past someone
    tied with them (for the Nile, only a tie that reaches 1st or 2nd place)."""
    if not pos.nile:
        return None
    holders = [p for p in range(pos.n) if TIE_BOAT in pos.nile_state.boats[p]]
    if not holders:
        return None
    p = holders[0]
    sides = [s for s, _ in ranked]
    if p not in sides:
        return None
    mine = dict(ranked)[p]
    first_tied = next(i for i, (_, c) in enumerate(ranked) if c == mine)
    if first_tied == sides.index(p):
        return None
    if pos.survey_area == 0 and first_tied >= 2:
        return None
    return p


def use_boat(pos: Position, p: int, use: bool, forced: bool) -> None:
    """The tie boat's holder decides: used, it puts them first among those tied
    with them, and leaves the game."""
    pos.emit(
        {
            "type": "boat_use" if use else "boat_keep",
            "player": p,
            "area": pos.survey_area,
            "forced": forced,
            "season": pos.season,
        }
    )
    if not use:
        return
    assert pos.survey_rank is not None
    ranked = pos.ranking(pos.survey_cells(pos.survey_area))
    mine = dict(ranked)[p]
    rank = pos.survey_rank
    rank.remove(p)
    rank.insert(next(i for i, (_, c) in enumerate(ranked) if c == mine), p)
    pos.nile_state.boats[p].remove(TIE_BOAT)
    pos.nile_state.boats_out.append(TIE_BOAT)


def give_boat(pos: Position, side: int) -> None:
    """The boat on offer goes to the second on the river (the neutral's leaves the game)."""
    nile = pos.nile_state
    boat = nile.boat_offer
    nile.boat_offer = None
    if boat is None:
        return
    if side == pos.neutral:
        nile.boats_out.append(boat)
        pos.emit({"type": "boat_lost", "boat": boat, "season": pos.season})
        return
    nile.boats[side].append(boat)
    pos.score[side] += BOAT_POINTS.get(boat, 0)
    if boat in BOAT_CUBES:
        pos.cubes[side] += min(BOAT_CUBES[boat], pos.general_stock(side))
    pos.emit({"type": "boat", "player": side, "boat": boat, "season": pos.season})


def finish_river(pos: Position) -> None:
    """Untaken Nile cards go under the pile (or out in the last season), the
    untaken boat leaves, river cubes return to the stock."""
    nile = pos.nile_state
    left = pos.region_cards[0]
    if left:
        if pos.season < SEASONS:
            turned = dict(nile.in_play)
            nile.pile.extend((c, turned[c]) for c in left)
        else:
            pos.discarded.extend(left)
        pos.emit(
            {
                "type": "nile_return" if pos.season < SEASONS else "discard",
                "area": 0,
                "cards": list(left),
                "season": pos.season,
            }
        )
        pos.region_cards[0] = []
    if nile.boat_offer is not None:
        nile.boats_out.append(nile.boat_offer)
        pos.emit({"type": "boat_lost", "boat": nile.boat_offer, "season": pos.season})
        nile.boat_offer = None
    pos.clear(pos.region.river_cells)
