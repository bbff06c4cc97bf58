"""How a position looks: the drawing parts of the page's view, built from the game.

The page (web/front/js/) draws only what these functions say: where each cell and
card lies on the grid, which card a cell belongs to, where each museum room
sits on the ring, the marks on cards, cubes and boats. So the JavaScript keeps
no copy of the board's geometry, the room id grammar or the lists of patrons
and boats. docs/VIEW.md describes every field.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.cards import GREENWISH, PATRONS, card_patron, card_value
from game.museum import ROOM_VALUE, ROOMS
from game.region import CELL_NAMES, COLS
from game.state import EMPTY, GameState

from .view_types import (
    Area,
    Boat,
    Cell,
    HandCard,
    HandGroup,
    Neutral,
    NileCardView,
    ParcelView,
    Player,
    RegionView,
    Room,
    RoomPart,
    Side,
)

SEAT_COLOURS = ("blue", "red", "green", "white")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")

# The short mark a card's cartouche shows beside its value.
PATRON_ABBR = {
    "violet": "Vi",
    "lemon": "Le",
    "brown": "Br",
    "blackmore": "Bl",
    "tangerine": "Ta",
    GREENWISH: "Gw",
}
NO_PATRON_ABBR = "★"
# Order of a player's hand, patron by patron (cards without a patron last).
HAND_ORDER: tuple[str | None, ...] = (*PATRONS, GREENWISH, None)
# The mark drawn on each of the Nile's boats.
BOAT_MARKS = {"boat-2": "2", "boat-3": "3", "boat-cubes": "+2", "boat-tie": "="}
# The boat an action button concerns (its icon on the button).
ACTION_BOATS = {"boat:use": "boat-tie", "boat:keep": "boat-tie"}

# A line of the region is 4 cards of 2 x 3 cells; an area is 2 cards side by side.
CARD_COLS = 2
CARD_ROWS = 3
AREA_CARDS = 2
CARDS_PER_LINE = COLS // CARD_COLS
# Columns a Nile card covers on its line (d and e).
NILE_COL = 3
NILE_COLS = 2

# Room parts: the museum is a ring of slots, one per wing then one per 2-room
# (between that wing and the next), clockwise from wing 1. A wing's slot has
# its 3-room inside and its 5-room outside; a 2-room fills its whole slot.
ROOM_PART: dict[int, RoomPart] = {3: "inner", 5: "outer", 2: "whole"}


def boat(boat_id: str) -> Boat:
    return {"id": boat_id, "mark": BOAT_MARKS.get(boat_id, "?")}


def action_boat(key: str) -> Boat | None:
    """The boat an action button shows, if it concerns one."""
    boat_id = ACTION_BOATS.get(key)
    return boat(boat_id) if boat_id else None


def neutral(state: GameState) -> Neutral | None:
    """The neutral player of a 2-player game (None in other games)."""
    if state.neutral < 0:
        return None
    return {
        "letter": "N",
        "colour": "grey",
        "shape": "hexagon",
        "supply": state.general_stock(state.neutral),
    }


def abbr(patron: str | None) -> str:
    return PATRON_ABBR.get(patron, NO_PATRON_ABBR) if patron else NO_PATRON_ABBR


def side_of(state: GameState, value: int) -> Side:
    """A board value as the page names sides: a seat index, or "neutral"."""
    return "neutral" if value == state.neutral else value


def region(
    state: GameState,
    lit: set[str],
    chosen: dict[str, int],
    lit_cards: set[str],
    card_label: Callable[[str], str],
) -> RegionView:
    """The grid: areas, cards and cells with their grid positions (columns and rows)."""
    s = state
    reg = s.region
    nile_lines = {line: card_id for line, (card_id, _) in enumerate(reg.nile)}
    cells: list[Cell] = []
    for i in reg.cells:
        name = CELL_NAMES[i]
        row, col = divmod(i, COLS)
        line = row // CARD_ROWS
        on_nile = line in nile_lines and NILE_COL <= col < NILE_COL + NILE_COLS
        card = (
            nile_lines[line]
            if on_nile
            else reg.parcels[line * CARDS_PER_LINE + col // CARD_COLS][0]
        )
        owner = s.board[i]
        cells.append(
            {
                "name": name,
                "col": col,
                "row": row,
                "area": reg.area[i],
                "card": card,
                "nile": on_nile,
                "pyramid": reg.pyramid[i],
                "river": reg.river[i],
                "owner": None if owner == EMPTY else side_of(s, owner),
                "token": None if s.cell_token[i] == EMPTY else s.cell_token[i],
                "hl": name in lit,
                "order": chosen.get(name),
            }
        )
    parcels: list[ParcelView] = []
    for slot, (card_id, _) in enumerate(reg.parcels):
        line, pos = divmod(slot, CARDS_PER_LINE)
        area = line * 2 + pos // AREA_CARDS + 1
        present = card_id in s.region_cards[area] if area < len(s.region_cards) else False
        patron = card_patron(card_id)
        parcels.append(
            {
                "slot": slot,
                "id": card_id,
                "patron": patron,
                "abbr": abbr(patron),
                "value": card_value(card_id),
                "area": area,
                "col": pos * CARD_COLS,
                "row": line * CARD_ROWS,
                "present": present,
                "hl": card_id in lit_cards,
                "label": card_label(card_id),
            }
        )
    nile_cards: list[NileCardView] = []
    for line, (card_id, _) in enumerate(reg.nile):
        nile_cards.append(
            {
                "line": line + 1,
                "id": card_id,
                "patron": GREENWISH,
                "abbr": abbr(GREENWISH),
                "value": card_value(card_id),
                "col": NILE_COL,
                "row": line * CARD_ROWS,
                "cols": NILE_COLS,
                "present": bool(s.region_cards) and card_id in s.region_cards[0],
                "hl": card_id in lit_cards,
                "label": card_label(card_id),
            }
        )
    area_cols = CARD_COLS * AREA_CARDS
    areas: list[Area] = [
        {
            "area": line * 2 + half + 1,
            "col": half * area_cols,
            "row": line * CARD_ROWS,
            "cols": area_cols,
        }
        for line in range(reg.lines)
        for half in range(2)
    ]
    return {
        "columns": [CELL_NAMES[c][0] for c in range(COLS)],
        "rows": [CELL_NAMES[r * COLS][1:] for r in range(reg.lines * CARD_ROWS)],
        "card_cols": CARD_COLS,
        "card_rows": CARD_ROWS,
        "area_cards": AREA_CARDS,
        "areas": areas,
        "cells": cells,
        "parcels": parcels,
        "nile": nile_cards,
    }


def museum(state: GameState, lit: set[str], room_label: Callable[[str], str]) -> list[Room]:
    """The 15 rooms, each with its place on the ring (slot and part) and its wing."""
    s = state
    wings = s.setup.wings
    rooms: list[Room] = []
    for r, room in enumerate(ROOMS):
        holder = s.museum[r]
        value = ROOM_VALUE[r]
        wing = r // 3 + 1  # ROOMS lists each wing's 3- and 5-room, then the 2-room after it
        own = value != 2
        rooms.append(
            {
                "id": room,
                "value": value,
                "slot": (wing - 1) * 2 + (0 if own else 1),
                "part": ROOM_PART[value],
                "wing": wing if own else None,
                "patron": wings[wing - 1] if own else None,
                "holder": None if holder == EMPTY else holder,
                "token": None if s.room_token[r] == EMPTY else s.room_token[r],
                "hl": room in lit,
                "label": room_label(room),
            }
        )
    return rooms


def hand(cards: list[HandCard]) -> list[HandGroup]:
    """A player's cards grouped by patron, in the fixed patron order."""
    groups: list[HandGroup] = []
    for patron in HAND_ORDER:
        mine = [c for c in cards if c["patron"] == patron]
        if mine:
            groups.append({"patron": patron, "cards": mine})
    return groups


def letters(state: GameState) -> list[str]:
    """One letter per seat (initials when distinct, else seat numbers)."""
    names = state.setup.players
    initials = [n.strip()[:1].upper() or "?" for n in names]
    taken = initials + (["N"] if state.neutral >= 0 else [])
    if len(set(taken)) < len(taken) or not all(i.isalpha() for i in initials):
        return [str(i + 1) for i in range(len(names))]
    return initials


def players(
    state: GameState, letters: list[str], seats: Sequence[str], card_label: Callable[[str], str]
) -> list[Player]:
    s = state
    out: list[Player] = []
    for p, name in enumerate(s.setup.players):
        tilted = list(s.tilted[p])
        cards: list[HandCard] = []
        for c in s.cards[p]:
            is_tilted = c in tilted
            if is_tilted:
                tilted.remove(c)
            patron = card_patron(c)
            cards.append(
                {
                    "id": c,
                    "patron": patron,
                    "abbr": abbr(patron),
                    "value": card_value(c),
                    "tilted": is_tilted,
                    "label": card_label(c),
                }
            )
        out.append(
            {
                "index": p,
                "name": name,
                "letter": letters[p],
                "colour": SEAT_COLOURS[p],
                "shape": SEAT_SHAPES[p],
                "score": s.score[p],
                "cubes": s.cubes[p],
                "neutral_cubes": s.neutral_cubes[p],
                "supply": s.general_stock(p),
                "hand": hand(cards),
                "passed": s.pass_space[p] or None,
                "to_move": s.to_move == p,
                "first": s.first_player == p,
                "seat": seats[p],
                "boats": [boat(b) for b in s.boats[p]],
                "tokens": s.tokens[p],
            }
        )
    return out
