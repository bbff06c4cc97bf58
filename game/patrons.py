"""The patrons as a table of behaviours: what each one lets its card's holder do.

Using a patron tilts one untilted card of that patron; ``PATRON_RULES`` says,
for each patron in the fixed order of the legal list, which moves it adds
(``offers``) and what happens before its action is carried out (``on_use``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .cards import GREENWISH
from .choices import Segment, fixed
from .moves import Move
from .museum import ROOMS, open_rooms
from .placement import ChainMoves, Ground, adjacent_pairs, cells_of, chains_of_three, spread
from .position import EMPTY, Position
from .region import CELL_INDEX, CELL_NAMES, SIZE

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


def _violet(pos: Position, g: Ground) -> list[Segment]:
    """Lady Violet: one more cube from the general stock, then a dig or an extension."""
    if pos.general_stock(g.p) == 0:
        return []
    return [g.digs(VIOLET_DIG), g.extensions(VIOLET_EXTEND)]


def _lemon(pos: Position, g: Ground) -> list[Segment]:
    """Lord Lemon: a cube may go on a pyramid (in an extension, either cube)."""
    pyr = pos.region.pyramid_mask & ~pos.occupied
    one = LEMON_DIG.one
    segments: list[Segment] = [
        (pyr.bit_count(), lambda: [one[i] for i in cells_of(pyr)], None, None)
    ]
    if g.cubes >= 2:
        free = g.free_mask
        starts = spread(pos.own[g.p]) & (free | pyr)
        size = adjacent_pairs(starts & pyr, free) + adjacent_pairs(starts & free, pyr)
        segments.append((size, lambda: _lemon_pairs(g, starts, pyr), None, None))
    return segments


def _lemon_pairs(g: Ground, starts: int, pyr: int) -> list[Move]:
    two, nbrs, ok = LEMON_EXTEND.two, g.nbrs, g.free_set()
    on = set(cells_of(pyr))
    return [
        two[i * SIZE + j]
        for i in cells_of(starts)
        for j in nbrs[i]
        if (i in on and j in ok) or (i in ok and j in on)
    ]


def _brown(pos: Position, g: Ground) -> list[Segment]:
    """Sir Brown: a cube from the personal stock into an open museum room."""
    return [fixed([BROWN_BOOK[r] for r in bookable_rooms(pos, g.p)])]


def _blackmore(pos: Position, g: Ground) -> list[Segment]:
    """Mrs. Blackmore: two cubes on adjacent cells anywhere."""
    if g.cubes < 2:
        return []
    return [
        (
            adjacent_pairs(g.free_mask, g.free_mask),
            lambda: g.pairs(g.free(), BLACKMORE_DIG),
            lambda k: g.pair_at(g.free_mask, BLACKMORE_DIG, k),
            None,
        )
    ]


def _tangerine(pos: Position, g: Ground) -> list[Segment]:
    """Colonel Tangerine: an extension of three cubes in a chain."""
    if g.cubes < 3:
        return []
    return [
        (
            chains_of_three(g.front_mask, g.free_mask),
            lambda: _tangerine_chains(g),
            lambda k: _tangerine_chain(g, k),
            None,
        )
    ]


def _tangerine_chains(g: Ground) -> list[Move]:
    ok, nbrs, three = g.free_set(), g.nbrs, TANGERINE_EXTEND.three
    return [
        three[(i * SIZE + j) * SIZE + k]
        for i in g.front()
        for j in nbrs[i]
        if j in ok
        for k in nbrs[j]
        if k in ok and k != i
    ]


def _tangerine_chain(g: Ground, n: int) -> Move:
    """``_tangerine_chains(g)[n]``, counting chains by their first two cells."""
    ok, nbrs = g.free_set(), g.nbrs
    for i in g.front():
        for j in nbrs[i]:
            if j in ok:
                ends = [k for k in nbrs[j] if k in ok and k != i]
                if n < len(ends):
                    return TANGERINE_EXTEND.three[(i * SIZE + j) * SIZE + ends[n]]
                n -= len(ends)
    raise IndexError("no such chain")


def _greenwish(pos: Position, g: Ground) -> list[Segment]:
    """Governor Greenwish (the Nile): a dig or an extension, then one of the
    player's tokens on an empty room or an empty, pyramid-free cell."""
    if not pos.nile_state.tokens[g.p]:
        return []
    return [Greenwish(pos, g).segment()]


class Greenwish:
    """Greenwish's moves: each placement (the digs, then the extensions) with
    each token target (the empty cells it leaves, then the empty rooms)."""

    def __init__(self, pos: Position, g: Ground) -> None:
        nile = pos.nile_state
        self.g = g
        # Empty cells: no cube, no pyramid, no token at all.
        self.empty = g.free_mask & ~sum(nile.token_masks)
        self.rooms = [
            ROOMS[r]
            for r, holder in enumerate(pos.museum)
            if holder == EMPTY and nile.room_token[r] == EMPTY
        ]
        self.extend = g.cubes >= 2
        self._empty_cells: list[int] | None = None

    def segment(self) -> Segment:
        g, empty = self.g, self.empty
        targets = empty.bit_count() + len(self.rooms)
        size = g.free_mask.bit_count() * targets - (g.free_mask & empty).bit_count()
        if self.extend:
            front, free = g.front_mask, g.free_mask
            size += (
                adjacent_pairs(front, free) * targets
                - adjacent_pairs(front & empty, free)
                - adjacent_pairs(front, free & empty)
            )
        return (size, self.moves, self.pick, self.has)

    def placements(self) -> list[tuple[str, tuple[int, ...]]]:
        g = self.g
        out: list[tuple[str, tuple[int, ...]]] = [("dig", (i,)) for i in g.free()]
        if self.extend:
            ok = g.free_set()
            out += [("extend", (i, j)) for i in g.front() for j in g.nbrs[i] if j in ok]
        return out

    def targets(self, cells: tuple[int, ...]) -> list[str]:
        """Where the token may go once cubes are on ``cells``."""
        if self._empty_cells is None:
            self._empty_cells = cells_of(self.empty)
        names = CELL_NAMES
        return [names[t] for t in self._empty_cells if t not in cells] + self.rooms

    def moves(self) -> list[Move]:
        names = CELL_NAMES
        out = []
        for action, cells in self.placements():
            named = tuple(names[i] for i in cells)
            out += [Move(action, named, GREENWISH, token=t) for t in self.targets(cells)]
        return out

    def has(self, move: Move) -> bool:
        """``move in self.moves()``, checked without building them."""
        if move.patron != GREENWISH or not all(c in CELL_INDEX for c in move.cells):
            return False
        g = self.g
        cells = tuple(CELL_INDEX[c] for c in move.cells)
        if move.action == "dig" and len(cells) == 1:
            placed = g.free_mask >> cells[0] & 1
        elif move.action == "extend" and len(cells) == 2 and self.extend:
            i, j = cells
            placed = g.front_mask >> i & 1 and j in g.nbrs[i] and g.free_mask >> j & 1
        else:
            return False
        return (
            bool(placed)
            and move.token in self.targets(cells)
            and move == Move(move.action, move.cells, GREENWISH, token=move.token)
        )

    def pick(self, k: int) -> Move:
        for action, cells in self.placements():
            targets = self.targets(cells)
            if k < len(targets):
                return Move(
                    action, tuple(CELL_NAMES[i] for i in cells), GREENWISH, token=targets[k]
                )
            k -= len(targets)
        raise IndexError("no such Greenwish move")


def _take_general_cube(pos: Position, p: int) -> None:
    pos.cubes[p] += 1


def _nothing(pos: Position, p: int) -> None:
    pass


@dataclass(frozen=True)
class PatronRule:
    """What one patron does: the moves it adds to the player's list, and what
    happens when it is used, before its action."""

    offers: Callable[[Position, Ground], list[Segment]]  # the moves it adds
    on_use: Callable[[Position, int], None] = _nothing  # before the action


PATRON_RULES: dict[str, PatronRule] = {
    "violet": PatronRule(_violet, _take_general_cube),
    "lemon": PatronRule(_lemon),
    "brown": PatronRule(_brown),
    "blackmore": PatronRule(_blackmore),
    "tangerine": PatronRule(_tangerine),
    GREENWISH: PatronRule(_greenwish),
}
