"""A fast static estimate of how the game stands for each player.

It values what is already scored, the exhibition the museum rooms promise for
the cards held, sets, the likely outcome of each area not yet surveyed, and
the cubes kept for later. The bots compare positions with it; it is a guess,
never a rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..cards import PATRONS, card_patron, card_value
from ..museum import ROOM_VALUE, WING_ROOMS, exhibition_multiplier, open_rooms
from ..scoring import SET_POINTS, count_sets
from ..state import EMPTY, Phase

if TYPE_CHECKING:
    from ..state import GameState

# What a cube kept in personal stock is worth, by season (it is spent later).
CUBE_VALUE = {1: 0.9, 2: 0.8, 3: 0.6, 4: 0.05}
# Cards of a patron a player may still expect to gain, by season.
FUTURE_CARDS = {1: 1.2, 2: 0.9, 3: 0.6, 4: 0.2}


def _wing_of(wings: tuple[str, ...]) -> dict[str | None, int]:
    return {patron: w for w, patron in enumerate(wings, start=1)}


def multipliers(state: GameState) -> list[list[int]]:
    """Every player's points per card of each wing's patron (index 1-5, 0 unused):
    ``exhibition_multiplier`` for all of them at once."""
    museum, n = state.museum, state.n
    table = [[1] * 6 for _ in range(n)]
    for w in range(1, 6):
        for room, value in WING_ROOMS[w]:
            holder = museum[room]
            if 0 <= holder < n and value > table[holder][w]:
                table[holder][w] = value
    return table


def card_worth(
    state: GameState,
    p: int,
    card: str,
    held: dict[str | None, int],
    wing_of: dict[str | None, int],
    mults: list[list[int]] | None = None,
) -> float:
    """Points a card brings player ``p``: its value, its exhibition value and a
    share of a set."""
    patron = card_patron(card)
    worth = float(card_value(card))
    if patron is None:
        return worth
    wing = wing_of.get(patron)
    if wing is not None:
        mult = mults[p][wing] if mults is not None else exhibition_multiplier(state.museum, p, wing)
        worth += max(mult, 1.6)
    have = held.get(patron, 0)
    rarest = min(held.get(x, 0) for x in PATRONS)
    if have <= rarest:
        worth += 2.0  # moves a set closer
    return worth


# The wings (1-5) whose exhibition each room counts for.
ROOM_WINGS: tuple[tuple[int, ...], ...] = tuple(
    tuple(w for w in range(1, 6) if any(r == room for r, _ in WING_ROOMS[w]))
    for room in range(len(ROOM_VALUE))
)


def room_worth(
    state: GameState,
    p: int,
    room: int,
    held: dict[str | None, int],
    wings: tuple[str, ...],
    mults: list[list[int]] | None = None,
) -> float:
    """Extra exhibition points a museum room would bring ``p``, with some hope
    of more cards of those patrons."""
    value = ROOM_VALUE[room]
    future = FUTURE_CARDS[state.season]
    gain = 0.0
    for w in ROOM_WINGS[room]:
        mult = mults[p][w] if mults is not None else exhibition_multiplier(state.museum, p, w)
        if value > mult:
            gain += (value - mult) * (held.get(wings[w - 1], 0) + future)
    if value < 5:
        gain += 1.0  # it opens a 5-room
    return gain


def steady_lead(state: GameState, side: int, margin: int) -> float:
    """How sure a lead is (the medium and hard players' view): sure from two
    cubes ahead or once the leader has passed, else three chances in four."""
    return 1.0 if margin >= 2 or state.pass_space[side] else 0.75


# How sure a lead of 0, 1, 2 cubes is while someone behind can still place cubes.
OPEN_LEAD = (0.5, 0.65, 0.8, 0.9)


def open_lead(state: GameState, side: int, margin: int) -> float:
    """How sure a lead is (the expert's view): sure when nobody else can still
    place a cube this season, otherwise growing with the margin. Having passed
    does not make a lead safer: the passer can no longer defend it."""
    for q in range(state.n):
        if q != side and not state.pass_space[q] and state.cubes[q]:
            return OPEN_LEAD[min(margin, len(OPEN_LEAD) - 1)]
    return 1.0


def evaluate(
    state: GameState, certainty: Callable[[GameState, int, int], float] = steady_lead
) -> list[float]:
    """Estimated final points of every player. ``certainty`` says how much of
    an area's prize its current leaders may count on."""
    n = state.n
    wings = state.setup.wings
    wing_of = _wing_of(wings)
    if state.phase is Phase.OVER and state.final is not None:
        return [float(x) + 0.01 * state.cubes[p] for p, x in enumerate(state.final["scores"])]
    values = []
    helds = []
    mults = multipliers(state)
    for p in range(n):
        held: dict[str | None, int] = {}
        for c in state.cards[p]:
            pat = card_patron(c)
            held[pat] = held.get(pat, 0) + 1
        helds.append(held)
        total = float(state.score[p])
        for w, patron in enumerate(wings, start=1):
            total += held.get(patron, 0) * mults[p][w]
        total += count_sets([card_patron(c) for c in state.cards[p]]) * SET_POINTS
        total += state.cubes[p] * CUBE_VALUE[state.season]
        values.append(total)
    if state.phase is not Phase.OVER:
        _add_region_outlook(state, values, helds, wing_of, certainty, mults)
    return values


def _add_region_outlook(
    state: GameState,
    values: list[float],
    helds: list[dict[str | None, int]],
    wing_of: dict[str | None, int],
    certainty: Callable[[GameState, int, int], float],
    mults: list[list[int]],
) -> None:
    """Credit the likely winners of every area still to be surveyed."""
    region = state.region
    first_area = state.survey_area if state.phase is Phase.SURVEY else 1
    if state.phase is Phase.SURVEY and state.survey_rank is not None:
        first_area += 1  # the current area is being decided move by move
    board = state.board
    # Players who have not passed yet rank behind everyone who has.
    order = [state.pass_space[s] or 10 + s for s in range(state.sides)]
    best_rooms: dict[int, float] = {}

    def best_room(p: int) -> float:
        """What the best museum room is worth to ``p`` (worked out once, when needed)."""
        if p not in best_rooms:
            rooms = open_rooms(state.museum, p) if state.general_stock(p) else []
            best_rooms[p] = max(
                (room_worth(state, p, r, helds[p], state.setup.wings, mults) for r in rooms),
                default=0.0,
            )
        return best_rooms[p]

    if state.nile and (state.phase is not Phase.SURVEY or state.survey_area == 0):
        _add_river_outlook(state, values, order)
    for area in range(max(first_area, 1), region.areas + 1):
        cards = state.region_cards[area]
        if not cards:
            continue
        counts = [0] * state.sides
        for i in region.area_cells[area]:
            s = board[i]
            if s != EMPTY:
                counts[s] += 1
        ranked = sorted(
            (s for s in range(state.sides) if counts[s]), key=lambda s: (-counts[s], order[s])
        )
        taken: list[str] = []
        for pos, side in enumerate(ranked[:2]):
            remaining = [c for c in cards if c not in taken]
            if not remaining:
                break
            if side == state.neutral:
                taken.append(max(remaining, key=card_value))
                continue
            worths = [
                (card_worth(state, side, c, helds[side], wing_of, mults), c) for c in remaining
            ]
            best_worth, best_card = max(worths)
            # A close race is worth less than a safe lead.
            margin = counts[side] - (counts[ranked[pos + 1]] if pos + 1 < len(ranked) else 0)
            sure = certainty(state, side, margin)
            room = best_room(side)
            if room > best_worth:
                values[side] += room * sure
            else:
                values[side] += best_worth * sure
                taken.append(best_card)


def _add_river_outlook(state: GameState, values: list[float], order: list[int]) -> None:
    """Credit the likely winners of the Nile survey: a Nile card for the first
    (its points and a wild card for sets), the boat for the second."""
    if state.phase is Phase.SURVEY and state.survey_rank is not None:
        return  # being decided move by move
    counts = [0] * state.sides
    for i in state.survey_cells(0):
        s = state.board[i]
        if s != EMPTY:
            counts[s] += 1
    ranked = sorted(
        (s for s in range(state.sides) if counts[s]), key=lambda s: (-counts[s], order[s])
    )
    prizes = [3.0 + 2.5, 2.5] if state.season < 4 else [5.0 + 2.5, 3.0 + 2.5]
    for pos, side in enumerate(ranked[:2]):
        if side != state.neutral:
            values[side] += prizes[pos] * 0.75
