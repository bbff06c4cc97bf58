"""Where cubes may go, and the moves that put them there.

Sets of cells are kept as bit masks (bit i = cell i, rows of 8 bits), so that
"the free cells next to my cubes" or "how many extensions are there" take a
few integer operations instead of a walk over the region. ``Ground`` gathers
them for the player to move; the excavation and the patrons list their moves
from it as segments (``choices.py``). A move that places cubes on a chain of
cells is the same value in every game, so each one is built once here
(``ChainMoves``) and looked up by its cells.
"""

from __future__ import annotations

from .choices import Segment
from .moves import Move
from .position import Position
from .region import CELL_NAMES, COLS, MAX_ROWS, SIZE

FULL = (1 << SIZE) - 1
NOT_COL_A = FULL & ~sum(1 << (r * COLS) for r in range(MAX_ROWS))
NOT_COL_H = FULL & ~sum(1 << (r * COLS + COLS - 1) for r in range(MAX_ROWS))
# ROW_CELLS[r][bits]: the cells of row r whose bits are set in ``bits``.
ROW_CELLS = tuple(
    tuple(tuple(r * COLS + c for c in range(COLS) if bits >> c & 1) for bits in range(1 << COLS))
    for r in range(MAX_ROWS)
)
ROW = (1 << COLS) - 1


def cells_of(mask: int) -> list[int]:
    """The cells of a mask, in cell order."""
    out: list[int] = []
    row = 0
    while mask:
        if mask & ROW:
            out += ROW_CELLS[row][mask & ROW]
        mask >>= COLS
        row += 1
    return out


def nth_cell(mask: int, k: int) -> int:
    """``cells_of(mask)[k]`` without building the list."""
    row = 0
    while True:
        bits = mask & ROW
        count = bits.bit_count()
        if k < count:
            return ROW_CELLS[row][bits][k]
        k -= count
        mask >>= COLS
        row += 1


def spread(mask: int) -> int:
    """Every cell next to a cell of ``mask``."""
    return (
        (mask << COLS) | (mask >> COLS) | ((mask << 1) & NOT_COL_A) | ((mask >> 1) & NOT_COL_H)
    ) & FULL


def beside(mask: int) -> tuple[int, int, int, int]:
    """The cells whose upper, left, right and lower neighbour is in ``mask``."""
    return ((mask << COLS) & FULL, (mask << 1) & NOT_COL_A, (mask >> 1) & NOT_COL_H, mask >> COLS)


def adjacent_pairs(starts: int, ends: int) -> int:
    """How many (i, j) with i in ``starts`` and j in ``ends`` next to i."""
    up, left, right, down = beside(ends)
    return (
        (starts & up).bit_count()
        + (starts & left).bit_count()
        + (starts & right).bit_count()
        + (starts & down).bit_count()
    )


def chains_of_three(front: int, free: int) -> int:
    """How many (i, j, k) with i in ``front``, j and k in ``free``, each next to
    the one before and k not i (``front`` within ``free``)."""
    # For each middle cell j: (front cells next to j) x (free cells next to j, less i).
    up, left, right, down = beside(free)
    total = 0
    for near_front in beside(front):
        middle = free & near_front
        if middle:
            total += (
                (middle & up).bit_count()
                + (middle & left).bit_count()
                + (middle & right).bit_count()
                + (middle & down).bit_count()
                - middle.bit_count()
            )
    return total


class ChainMoves:
    """Every move of one action and patron that places cubes on a chain of
    cells, each next to the one before: ``one[i]``, ``two[i * SIZE + j]``,
    ``three[(i * SIZE + j) * SIZE + k]``.

    Built on first use (a few thousand moves for all of them: a noticeable part
    of the page's start on a phone), then plain attributes: ``__getattr__`` only
    runs while they are missing, so the searches' lookups cost nothing more."""

    one: list[Move]
    two: dict[int, Move]
    three: dict[int, Move]

    def __init__(self, action: str, patron: str | None = None, longest: int = 2) -> None:
        self.action = action
        self.patron = patron
        self.longest = longest

    def __getattr__(self, name: str) -> object:
        if name not in ("one", "two", "three"):
            raise AttributeError(name)
        self._build()
        return self.__dict__[name]

    def _build(self) -> None:
        action, patron, longest, names = self.action, self.patron, self.longest, CELL_NAMES
        two: dict[int, Move] = {}
        three: dict[int, Move] = {}
        for i in range(SIZE):
            for j in GRID_NEIGHBORS[i]:
                if longest >= 2:
                    two[i * SIZE + j] = Move(action, (names[i], names[j]), patron)
                if longest >= 3:
                    for k in GRID_NEIGHBORS[j]:
                        if k != i:
                            three[(i * SIZE + j) * SIZE + k] = Move(
                                action, (names[i], names[j], names[k]), patron
                            )
        self.one = [Move(action, (names[i],), patron) for i in range(SIZE)]
        self.two = two
        self.three = three


NEAR = tuple(spread(1 << i) for i in range(SIZE))  # the cells next to each cell
# Up, left, right, down: in cell order, as in ``Region.neighbors``.
GRID_NEIGHBORS = tuple(tuple(cells_of(near)) for near in NEAR)
DIG = ChainMoves("dig", longest=1)
EXTEND = ChainMoves("extend")
NEUTRAL = ChainMoves("neutral")


class Ground:
    """The cells open to ``side`` (placing for player ``p``, who has ``cubes``
    to place) in this position: ``free_mask`` where a cube may go and
    ``front_mask`` the free cells next to a cube of ``side``; the same as lists
    in cell order (``free()``, ``front()``) and as a set (``free_set()``).

    Everything here is fixed when the ground is made: the lists built later
    from it never read the position again (see ``choices.py``)."""

    def __init__(self, pos: Position, p: int, side: int, cubes: int) -> None:
        self.p = p
        self.cubes = cubes
        self.nbrs = pos.region.neighbors
        free = pos.region.open_mask & ~pos.occupied
        if pos.nile:
            free &= ~pos.nile_state.tokens_against(side)
        self.free_mask = free
        self.front_mask = spread(pos.own[side]) & free
        self._free: list[int] | None = None
        self._free_set: set[int] | None = None

    def free(self) -> list[int]:
        if self._free is None:
            self._free = cells_of(self.free_mask)
        return self._free

    def front(self) -> list[int]:
        return cells_of(self.front_mask)

    def free_set(self) -> set[int]:
        if self._free_set is None:
            self._free_set = set(self.free())
        return self._free_set

    def pairs(self, starts: list[int], table: ChainMoves) -> list[Move]:
        """Moves of ``table`` on two cells: one of ``starts``, then a free neighbour."""
        two, nbrs, ok = table.two, self.nbrs, self.free_set()
        return [two[i * SIZE + j] for i in starts for j in nbrs[i] if j in ok]

    def pair_at(self, starts: int, table: ChainMoves, k: int) -> Move:
        """``pairs(cells_of(starts), table)[k]`` without building the list."""
        free = self.free_mask
        for i in cells_of(starts):
            ends = NEAR[i] & free
            count = ends.bit_count()
            if k < count:
                return table.two[i * SIZE + cells_of(ends)[k]]
            k -= count
        raise IndexError("no such pair")

    def digs(self, table: ChainMoves) -> Segment:
        """One cube on any free cell."""
        one = table.one
        return (
            self.free_mask.bit_count(),
            lambda: [one[i] for i in self.free()],
            lambda k: one[nth_cell(self.free_mask, k)],
            None,
        )

    def extensions(self, table: ChainMoves) -> Segment:
        """Two cubes: a free cell next to one of the side's cubes, then a free neighbour."""
        return (
            adjacent_pairs(self.front_mask, self.free_mask),
            lambda: self.pairs(self.front(), table),
            lambda k: self.pair_at(self.front_mask, table, k),
            None,
        )
