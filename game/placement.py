"""Where cubes may go, and the moves that put them there, built once.

``Ground`` gathers, for the player to move, the cells a cube may go on and
the frontier of their colour; the excavation and the patrons list their moves
from it. A move that places cubes on a chain of cells is the same value in
every game, so each one is built once here and looked up by its cells.
"""
from __future__ import annotations

from .moves import Move
from .position import EMPTY, Position
from .region import CELL_NAMES, COLS, SIZE


class ChainMoves:
    """Every move of one action and patron that places cubes on a chain of
    cells, each next to the one before: ``one[i]``, ``two[i * SIZE + j]``,
    ``three[(i * SIZE + j) * SIZE + k]``."""

    def __init__(self, action: str, patron: str | None = None, longest: int = 2) -> None:
        names = CELL_NAMES
        self.one = [Move(action, (names[i],), patron) for i in range(SIZE)]
        self.two: dict[int, Move] = {}
        self.three: dict[int, Move] = {}
        for i in range(SIZE):
            for j in GRID_NEIGHBORS[i]:
                if longest >= 2:
                    self.two[i * SIZE + j] = Move(action, (names[i], names[j]), patron)
                if longest >= 3:
                    for k in GRID_NEIGHBORS[j]:
                        if k != i:
                            self.three[(i * SIZE + j) * SIZE + k] = Move(
                                action, (names[i], names[j], names[k]), patron)


def _grid_neighbors(idx: int) -> tuple[int, ...]:
    row, col = divmod(idx, COLS)
    near = ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col))
    return tuple(r * COLS + c for r, c in near if 0 <= r < SIZE // COLS and 0 <= c < COLS)


GRID_NEIGHBORS = tuple(_grid_neighbors(i) for i in range(SIZE))
DIG = ChainMoves("dig")
EXTEND = ChainMoves("extend")
NEUTRAL = ChainMoves("neutral")


def free_cells(pos: Position, side: int) -> list[int]:
    """Cells where ``side`` may place a cube: no cube, no pyramid, and no
    Greenwish token but its own."""
    board, pyramid = pos.board, pos.region.pyramid
    if not pos.nile:
        return [i for i in pos.region.cells if board[i] == EMPTY and not pyramid[i]]
    token = pos.nile_state.cell_token
    return [i for i in pos.region.cells if board[i] == EMPTY and not pyramid[i]
            and (token[i] == EMPTY or token[i] == side)]


def frontier(pos: Position, side: int, ok: list[bool]) -> list[int]:
    """Cells allowed by ``ok`` next to a cube of ``side``, in cell order."""
    board, nbrs = pos.board, pos.region.neighbors
    seen = [False] * SIZE
    out = []
    for i in pos.region.cells:
        if board[i] == side:
            for j in nbrs[i]:
                if ok[j] and not seen[j]:
                    seen[j] = True
                    out.append(j)
    out.sort()
    return out


def pairs(front: list[int], ok: list[bool], nbrs: tuple[tuple[int, ...], ...],
          table: ChainMoves) -> list[Move]:
    """Moves of ``table`` on two cells: a frontier cell, then an allowed neighbour."""
    two = table.two
    return [two[i * SIZE + j] for i in front for j in nbrs[i] if ok[j]]


class Ground:
    """The cells open to ``side`` (placing for player ``p``) in this position."""

    def __init__(self, pos: Position, p: int, side: int, cubes: int) -> None:
        self.pos = pos
        self.p = p
        self.cubes = cubes  # cubes the player may place
        self.nbrs = pos.region.neighbors
        self.free = free_cells(pos, side)
        ok = [False] * SIZE
        for i in self.free:
            ok[i] = True
        self.ok = ok
        self.front = frontier(pos, side, ok)

    def digs(self, table: ChainMoves) -> list[Move]:
        one = table.one
        return [one[i] for i in self.free]

    def extensions(self, table: ChainMoves) -> list[Move]:
        return pairs(self.front, self.ok, self.nbrs, table)
