"""The survey at the end of a season, as a state machine.

Areas are surveyed one by one (with the Nile, the river first): the sides are
ranked by their cubes there, then each in turn takes a card (1st and 2nd may
book a museum room instead). ``advance`` runs the machine until someone must
decide, asking nothing when the rules leave no choice; ``act`` carries out a
decision. ``survey_area``, ``survey_rank`` and ``survey_pos`` on the position
say where the machine stands.
"""

from __future__ import annotations

from . import nile
from .cards import NILE_CARDS, PARCELS, card_value
from .choices import Choices, fixed
from .moves import Move
from .museum import ROOM_INDEX, ROOMS, open_rooms
from .position import SEASONS, Phase, Position

CLAIM = {card: Move("claim", card=card) for card in (*PARCELS, *NILE_CARDS)}
NEUTRAL_CLAIM = {card: Move("neutral_claim", card=card) for card in (*PARCELS, *NILE_CARDS)}
BOOK = tuple(Move("museum", room=room) for room in ROOMS)


def start(pos: Position) -> None:
    pos.phase = Phase.SURVEY
    pos.survey_area = 0 if pos.nile else 1
    pos.survey_rank = None
    if pos.nile:
        nile.return_tokens(pos)


def decision(pos: Position) -> tuple[str, int, int] | None:
    """(kind, deciding player, side concerned) of the pending survey decision.
    Kinds: "first" (1st/2nd: a card or the museum), "rest" (3rd/4th: a card),
    "nile" (a Nile card), "neutral" (a player picks the neutral's card)."""
    if pos.phase is not Phase.SURVEY or pos.survey_rank is None:
        return None
    rank, at = pos.survey_rank, pos.survey_pos
    side = rank[at]
    if side == pos.neutral:
        if at > 0:
            chooser = rank[0]
        elif len(rank) >= 3:
            chooser = rank[2]
        elif len(rank) == 2:
            chooser = 1 - rank[1]
        else:  # alone on the river: the player who passed first chooses
            chooser = min((0, 1), key=lambda q: pos.pass_space[q])
        return ("neutral", chooser, side)
    if pos.survey_area == 0:
        return ("nile", side, side)
    return ("first" if at < 2 else "rest", side, side)


def offer(pos: Position) -> list[str]:
    """Cards the pending survey decision chooses among."""
    cards = pos.region_cards[pos.survey_area]
    return nile.offer(pos, cards) if pos.survey_area == 0 else cards


def choices(pos: Position) -> Choices:
    """The pending decision's moves: the cards on offer, then the rooms it may book."""
    pending = decision(pos)
    if pending is None:
        return Choices([])
    kind, player, _ = pending
    cards = offer(pos)
    if kind == "neutral":
        return Choices([fixed([NEUTRAL_CLAIM[card] for card in cards])])
    out = [CLAIM[card] for card in cards]
    if kind == "first" and pos.general_stock(player) > 0:
        out += [BOOK[r] for r in open_rooms(pos.museum, player)]
    return Choices([fixed(out)])


def advance(pos: Position) -> bool:
    """Run the survey until a decision is needed (``pos.to_move`` then decides);
    True once every area is done and the season is over."""
    while True:
        area = pos.survey_area
        if pos.survey_rank is None:
            if area > pos.region.areas:
                pos.survey_area = 0
                return True
            ranked = pos.ranking(pos.survey_cells(area))
            pos.survey_rank = [s for s, _ in ranked]
            pos.survey_pos = 0
            if pos.log is not None:
                pos.emit(
                    {
                        "type": "survey",
                        "area": area,
                        "season": pos.season,
                        "ranking": [[s, c] for s, c in ranked],
                        "cards": list(pos.region_cards[area]),
                    }
                )
            holder = nile.tie_boat_holder(pos, ranked)
            if holder is not None:
                pos.phase = Phase.BOAT
                pos.to_move = holder
                return False
        rank, at = pos.survey_rank, pos.survey_pos
        cards = pos.region_cards[area]
        if area == 0:
            if at >= min(2, len(rank)):
                nile.finish_river(pos)
                _next_area(pos, 1)
                continue
            if at == 1 and pos.season < SEASONS:
                nile.give_boat(pos, rank[1])
                pos.survey_pos += 1
                continue
            if not cards:
                pos.survey_pos += 1
                continue
        elif at >= len(rank) or not cards:
            _finish_area(pos, area)
            continue
        side = rank[at]
        if area and side == pos.neutral and (at >= 2 or len(rank) == 1):
            # In an area the neutral only claims as 1st or 2nd, and alone it
            # claims both: either way its cards leave the game, so nothing is asked.
            pos.survey_pos = len(rank)
            continue
        pending = decision(pos)
        assert pending is not None
        pos.to_move = pending[1]
        return False


def _next_area(pos: Position, area: int) -> None:
    pos.survey_area = area
    pos.survey_rank = None
    pos.survey_pos = 0


def _finish_area(pos: Position, area: int) -> None:
    """Cards nobody took leave the game; the area's cubes return to the stock."""
    left = pos.region_cards[area]
    if left:
        pos.discarded.extend(left)
        pos.emit({"type": "discard", "area": area, "cards": list(left), "season": pos.season})
        pos.region_cards[area] = []
    pos.clear(pos.region.area_cells[area])
    _next_area(pos, area + 1)


def act(pos: Position, p: int, move: Move, forced: bool) -> None:
    """A card claimed (for oneself or for the neutral) or a room booked."""
    area = pos.survey_area
    card = move.card
    if move.action == "museum":
        assert move.room is not None
        pos.museum[ROOM_INDEX[move.room]] = p
        event = {"type": "book", "player": p, "room": move.room}
    else:
        assert card is not None
        pos.region_cards[area].remove(card)
        if move.action == "claim":
            pos.cards[p].append(card)
            pos.score[p] += card_value(card)
            event = {"type": "claim", "player": p, "card": card, "points": card_value(card)}
        else:
            pos.discarded.append(card)
            event = {"type": "neutral_claim", "player": p, "card": card}
    if pos.log is not None:
        pos.emit({**event, "area": area, "forced": forced, "season": pos.season})
    pos.survey_pos += 1
