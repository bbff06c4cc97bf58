"""Builders for scenario tests: explicit decks, records and moves.

Every scenario is a plain game record (docs/RECORDS.md) replayed by the engine,
so a test never reaches into the state to arrange a position.

Geometry reminder: a line is 4 parcels side by side (columns a-h, 3 rows).
Area 1 is columns a-d of rows 1-3, area 2 columns e-h of rows 1-3, area 3
columns a-d of rows 4-6, and so on. In each area the left parcel covers the
first two columns and the right parcel the last two. A parcel's cell i
(0-5, row-major, 2 columns x 3 rows) is at column 2*pos + i%2 and row
3*line + i//2; a turned card shows its cell i where cell 5-i would be.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from game import GameState, replay
from game.cards import PARCEL_IDS, PARCELS, PATRONS

FORMAT = "mykerinos/1"
DEFAULT_WINGS = list(PATRONS)  # violet, lemon, brown, blackmore, tangerine


# ----------------------------------------------------------------- the deck
def season_start(season: int) -> int:
    """Index in the deck of the first parcel dealt in ``season``."""
    return 8 * (season - 1)


def slot_of(area: int, right: bool, season: int = 1) -> int:
    """Deck index of an area's left (or right) parcel in a season."""
    return season_start(season) + 2 * (area - 1) + (1 if right else 0)


def deck_for(
    areas: Mapping[int, tuple[str, str]] | None = None,
    season: int = 1,
    turned: Iterable[str] = (),
    *,
    seasons: Mapping[int, Mapping[int, tuple[str, str]]] | None = None,
    filler: Iterable[str] = (),
) -> list[str]:
    """A full 36-card deck with the given (left, right) parcels in the given areas.

    ``areas`` places cards in one ``season``; ``seasons`` maps several seasons
    to such dicts. Cards named in ``turned`` are dealt turned ("@r"). The other
    slots get the remaining cards: first those listed in ``filler`` (in that
    order), then the rest in catalogue order.
    """
    plan: dict[int, Mapping[int, tuple[str, str]]] = {}
    if areas:
        plan[season] = areas
    if seasons:
        for s, a in seasons.items():
            if s in plan:
                raise ValueError(f"season {s} given twice")
            plan[s] = a
    slots: list[str | None] = [None] * len(PARCEL_IDS)
    for s, placed in plan.items():
        for area, (left, right) in placed.items():
            for right_side, card in ((False, left), (True, right)):
                index = slot_of(area, right_side, s)
                if slots[index] is not None:
                    raise ValueError(f"slot {index} filled twice")
                slots[index] = card
    used = [c for c in slots if c is not None]
    unknown = [c for c in used if c not in PARCELS]
    if unknown or len(set(used)) != len(used):
        raise ValueError(f"bad or repeated cards: {unknown or used}")
    rest = [c for c in filler if c not in used]
    rest += [c for c in PARCEL_IDS if c not in used and c not in rest]
    it = iter(rest)
    deck = [c if c is not None else next(it) for c in slots]
    turned = set(turned)
    return [c + "@r" if c in turned else c for c in deck]


# A filler order that puts pyramid-free cards first, so unnamed areas are open ground.
OPEN_FIRST = [c for c in PARCEL_IDS if not PARCELS[c].pyramids] + [
    c for c in PARCEL_IDS if PARCELS[c].pyramids
]


# ----------------------------------------------------------------- geometry
def cell(area: int, right: bool, i: int, turned: bool = False) -> str:
    """Name of printed cell ``i`` of an area's left/right parcel."""
    if turned:
        i = 5 - i
    line, half = divmod(area - 1, 2)
    pos = half * 2 + (1 if right else 0)
    col = 2 * pos + i % 2
    row = 3 * line + i // 2
    return f"{'abcdefgh'[col]}{row + 1}"


def area_cells(area: int) -> list[str]:
    """All 12 cell names of an area, row by row."""
    line, half = divmod(area - 1, 2)
    cols = "abcdefgh"[4 * half : 4 * half + 4]
    return [f"{c}{3 * line + r + 1}" for r in range(3) for c in cols]


def pyramid_cells(card: str, area: int, right: bool, turned: bool = False) -> list[str]:
    """Cells holding a pyramid for ``card`` dealt in that place."""
    return sorted(cell(area, right, i, turned) for i in PARCELS[card].pyramids)


# ------------------------------------------------------------------ moves
PASS: dict[str, Any] = {"action": "pass"}
NO_NEUTRAL: dict[str, Any] = {"action": "neutral", "cells": []}


def dig(*cells: str, patron: str | None = None) -> dict[str, Any]:
    move: dict[str, Any] = {"action": "dig", "cells": list(cells)}
    if patron:
        move["patron"] = patron
    return move


def extend(*cells: str, patron: str | None = None) -> dict[str, Any]:
    move: dict[str, Any] = {"action": "extend", "cells": list(cells)}
    if patron:
        move["patron"] = patron
    return move


def brown(room: str) -> dict[str, Any]:
    return {"action": "museum", "patron": "brown", "room": room}


def book(room: str) -> dict[str, Any]:
    return {"action": "museum", "room": room}


def claim(card: str) -> dict[str, Any]:
    return {"action": "claim", "card": card}


def neutral(*cells: str) -> dict[str, Any]:
    return {"action": "neutral", "cells": list(cells)}


def neutral_claim(card: str) -> dict[str, Any]:
    return {"action": "neutral_claim", "card": card}


def by(player: int, move: dict[str, Any]) -> dict[str, Any]:
    """The move with its player written out (replay then checks who decides)."""
    return {"player": player, **move}


# ----------------------------------------------------------------- records
def record(players: list[str] | int, moves: Iterable[Any], **setup: Any) -> dict[str, Any]:
    """A record with an explicit setup. Moves may be JSON objects or
    (player, move) pairs. Defaults: seed 0, first player 0, the wings in
    catalogue order and the deck in catalogue order."""
    if isinstance(players, int):
        players = [["Ann", "Bob", "Cy", "Dee"][i] for i in range(players)]
    full: dict[str, Any] = {
        "players": list(players),
        "nile": False,
        "seed": setup.pop("seed", 0),
        "first_player": setup.pop("first_player", 0),
        "wings": list(setup.pop("wings", DEFAULT_WINGS)),
        "deck": list(setup.pop("deck", None) or deck_for()),
    }
    full.update(setup)
    out = []
    for m in moves:
        if isinstance(m, tuple):
            out.append(by(m[0], m[1]))
        else:
            out.append(dict(m))
    return {"format": FORMAT, "setup": full, "moves": out}


def run(players: list[str] | int, moves: Iterable[Any], **setup: Any) -> GameState:
    """Replay the record built from these arguments."""
    return replay(record(players, moves, **setup))


def legal_json(state: GameState) -> list[dict[str, Any]]:
    return [m.to_json() for m in state.legal_moves()]


def legal_of(state: GameState, action: str, patron: str | None = None) -> list[tuple[str, ...]]:
    """Cells of the legal moves of one kind."""
    return [m.cells for m in state.legal_moves() if m.action == action and m.patron == patron]


def rooms_offered(state: GameState, patron: str | None = None) -> list[str]:
    return [
        m.room
        for m in state.legal_moves()
        if m.action == "museum" and m.patron == patron and m.room
    ]


def cards_offered(state: GameState, action: str = "claim") -> list[str]:
    return [m.card for m in state.legal_moves() if m.action == action and m.card]


def kinds(state: GameState) -> set[tuple[str, str | None]]:
    return {(m.action, m.patron) for m in state.legal_moves()}


def events(state: GameState, kind: str) -> list[dict[str, Any]]:
    assert state.log is not None
    return [e for e in state.log if e["type"] == kind]


def board_of(state: GameState) -> dict[str, Any]:
    from game import summary

    return summary(state)["board"]


def region_pyramids(deck: list[str], season: int) -> set[str]:
    """Every pyramid cell of a season's region, from the dealt deck."""
    count = 12 if season == 4 else 8
    out: set[str] = set()
    for k in range(count):
        entry = deck[season_start(season) + k]
        card, turned = (entry[:-2], True) if entry.endswith("@r") else (entry, False)
        area, right = k // 2 + 1, bool(k % 2)
        out.update(pyramid_cells(card, area, right, turned))
    return out


def region_cells(season: int) -> list[str]:
    areas = 6 if season == 4 else 4
    return [c for a in range(1, areas + 1) for c in area_cells(a)]


def neighbours(name: str, season: int) -> list[str]:
    rows = 9 if season == 4 else 6
    col, row = "abcdefgh".index(name[0]), int(name[1:]) - 1
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        c, r = col + dc, row + dr
        if 0 <= c < 8 and 0 <= r < rows:
            out.append(f"{'abcdefgh'[c]}{r + 1}")
    return out
