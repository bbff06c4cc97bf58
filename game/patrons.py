"""The patrons as a table of behaviours: what each one lets its card's holder do.

Using a patron tilts one untilted card of that patron; ``PATRON_RULES`` says,
for each patron in the fixed order of the legal list, which moves it adds
(``offers``) and what happens before its action is carried out (``on_use``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .cards import GREENWISH
from .moves import Move
from .museum import ROOMS, open_rooms
from .placement import ChainMoves, Ground, frontier, pairs
from .position import EMPTY, Position
from .region import CELL_NAMES, SIZE

VIOLET_DIG = ChainMoves("dig", "violet", 1)
VIOLET_EXTEND = ChainMoves("extend", "violet")
LEMON_DIG = ChainMoves("dig", "lemon", 1)
LEMON_EXTEND = ChainMoves("extend", "lemon")
BLACKMORE_DIG = ChainMoves("dig", "blackmore")
TANGERINE_EXTEND = ChainMoves("extend", "tangerine", 3)
BROWN_BOOK = tuple(Move("museum", (), "brown", room) for room in ROOMS)


def bookable_rooms(pos: Position, p: int) -> list[int]:
    """Open rooms (see ``museum.open_rooms``) that ``p`` may book with Sir Brown:
    a room holding someone else's Greenwish token is reserved for them."""
    rooms = open_rooms(pos.museum, p)
    if not pos.nile:
        return rooms
    token = pos.nile_state.room_token
    return [r for r in rooms if token[r] == EMPTY or token[r] == p]


def _violet(g: Ground) -> list[Move]:
    """Lady Violet: one more cube from the general stock, then a dig or an extension."""
    if g.pos.general_stock(g.p) == 0:
        return []
    return g.digs(VIOLET_DIG) + g.extensions(VIOLET_EXTEND)


def _lemon(g: Ground) -> list[Move]:
    """Lord Lemon: a cube may go on a pyramid (in an extension, either cube)."""
    board, pyramid, cells = g.pos.board, g.pos.region.pyramid, g.pos.region.cells
    pyr = [False] * SIZE
    for i in cells:
        if pyramid[i] and board[i] == EMPTY:
            pyr[i] = True
    one = LEMON_DIG.one
    out = [one[i] for i in cells if pyr[i]]
    if g.cubes >= 2:
        ok, nbrs, two = g.ok, g.nbrs, LEMON_EXTEND.two
        either = [a or b for a, b in zip(ok, pyr)]
        out += [two[i * SIZE + j] for i in frontier(g.pos, g.p, either) for j in nbrs[i]
                if (pyr[i] and ok[j]) or (ok[i] and pyr[j])]
    return out


def _brown(g: Ground) -> list[Move]:
    """Sir Brown: a cube from the personal stock into an open museum room."""
    return [BROWN_BOOK[r] for r in bookable_rooms(g.pos, g.p)]


def _blackmore(g: Ground) -> list[Move]:
    """Mrs. Blackmore: two cubes on adjacent cells anywhere."""
    if g.cubes < 2:
        return []
    return pairs(g.free, g.ok, g.nbrs, BLACKMORE_DIG)


def _tangerine(g: Ground) -> list[Move]:
    """Colonel Tangerine: an extension of three cubes in a chain."""
    if g.cubes < 3:
        return []
    ok, nbrs, three = g.ok, g.nbrs, TANGERINE_EXTEND.three
    return [three[(i * SIZE + j) * SIZE + k] for i in g.front for j in nbrs[i] if ok[j]
            for k in nbrs[j] if ok[k] and k != i]


def _greenwish(g: Ground) -> list[Move]:
    """Governor Greenwish (the Nile): a dig or an extension, then one of the
    player's tokens on an empty room or an empty, pyramid-free cell."""
    pos = g.pos
    if not pos.nile_state.tokens[g.p]:
        return []
    names = CELL_NAMES
    board, pyramid, token = pos.board, pos.region.pyramid, pos.nile_state.cell_token
    empty_cells = [i for i in pos.region.cells
                   if board[i] == EMPTY and not pyramid[i] and token[i] == EMPTY]
    empty_rooms = [ROOMS[r] for r, holder in enumerate(pos.museum)
                   if holder == EMPTY and pos.nile_state.room_token[r] == EMPTY]
    placements: list[tuple[str, tuple[int, ...]]] = [("dig", (i,)) for i in g.free]
    if g.cubes >= 2:
        placements += [("extend", (i, j)) for i in g.front for j in g.nbrs[i] if g.ok[j]]
    out = []
    for action, cells in placements:
        named = tuple(names[i] for i in cells)
        for t in empty_cells:
            if t not in cells:
                out.append(Move(action, named, GREENWISH, token=names[t]))
        for room in empty_rooms:
            out.append(Move(action, named, GREENWISH, token=room))
    return out


def _take_general_cube(pos: Position, p: int) -> None:
    pos.cubes[p] += 1


def _nothing(pos: Position, p: int) -> None:
    pass


@dataclass(frozen=True)
class PatronRule:
    offers: Callable[[Ground], list[Move]]                  # the moves it adds
    on_use: Callable[[Position, int], None] = _nothing     # before the action


PATRON_RULES: dict[str, PatronRule] = {
    "violet": PatronRule(_violet, _take_general_cube),
    "lemon": PatronRule(_lemon),
    "brown": PatronRule(_brown),
    "blackmore": PatronRule(_blackmore),
    "tangerine": PatronRule(_tangerine),
    GREENWISH: PatronRule(_greenwish),
}
