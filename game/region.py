"""Region geometry: cell names, the parcels dealt for a season, areas and adjacency.

A line is 4 parcels side by side (8 columns x 3 rows); area 2k-1 is the left
pair of line k and area 2k the right pair. Cells are indexed ``row * 8 + col``
so that adjacency is plain grid arithmetic across cards, areas and lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import NILE_CARDS, PARCELS

COLS = 8
MAX_ROWS = 9
RIVER = 0  # area number of a river cell: it belongs to no area
SIZE = COLS * MAX_ROWS
NO_RIVER = (False,) * SIZE

CELL_NAMES: tuple[str, ...] = tuple(
    f"{chr(ord('a') + idx % COLS)}{idx // COLS + 1}" for idx in range(COLS * MAX_ROWS)
)
CELL_INDEX: dict[str, int] = {name: idx for idx, name in enumerate(CELL_NAMES)}


def card_cell(slot: int, cell: int, turned: bool) -> int:
    """Grid index of cell ``cell`` (0-5) of the parcel in draw slot ``slot``."""
    if turned:
        cell = 5 - cell
    line, pos = divmod(slot, 4)
    row = line * 3 + cell // 2
    col = pos * 2 + cell % 2
    return row * COLS + col


@dataclass(frozen=True)
class Region:
    """The cells in play for one season, derived from the dealt cards.

    ``parcels`` holds (card id, turned) in draw order; ``nile`` holds one
    (card id, turned) per line when the expansion is in play.
    """

    parcels: tuple[tuple[str, bool], ...]
    nile: tuple[tuple[str, bool], ...]
    lines: int
    exists: tuple[bool, ...]
    pyramid: tuple[bool, ...]
    river: tuple[bool, ...]
    area: tuple[int, ...]
    neighbors: tuple[tuple[int, ...], ...]
    cells: tuple[int, ...]
    area_cells: tuple[tuple[int, ...], ...]  # index 0 unused; areas are 1-based
    river_cells: tuple[int, ...]  # the cells the Nile survey counts
    open_mask: int  # the cells without a pyramid, as a bit mask
    pyramid_mask: int  # the cells with one

    @property
    def areas(self) -> int:
        return self.lines * 2

    def area_cards(self, area: int) -> tuple[str, str]:
        """The two parcel ids of an area (1-based), left then right."""
        return (self.parcels[2 * area - 2][0], self.parcels[2 * area - 1][0])


@dataclass(frozen=True)
class _Grid:
    """What depends only on the number of lines: cells, adjacency, areas without a Nile."""

    exists: tuple[bool, ...]
    neighbors: tuple[tuple[int, ...], ...]
    cells: tuple[int, ...]
    area: tuple[int, ...]
    area_cells: tuple[tuple[int, ...], ...]


def _make_grid(lines: int) -> _Grid:
    rows = lines * 3
    exists = tuple(idx // COLS < rows for idx in range(SIZE))
    neighbors: list[tuple[int, ...]] = []
    for idx in range(SIZE):
        row, col = divmod(idx, COLS)
        near = []
        if exists[idx]:
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
                r, c = row + dr, col + dc
                if 0 <= r < rows and 0 <= c < COLS:
                    near.append(r * COLS + c)
        neighbors.append(tuple(near))
    cells = tuple(i for i in range(SIZE) if exists[i])
    # Area 2k-1 is the left half (columns a-d) of line k, area 2k the right half.
    area = tuple(
        (idx // COLS // 3) * 2 + (idx % COLS) // 4 + 1 if exists[idx] else 0 for idx in range(SIZE)
    )
    return _Grid(exists, tuple(neighbors), cells, area, _area_cells(lines, cells, area))


def _area_cells(
    lines: int, cells: tuple[int, ...], area: tuple[int, ...] | list[int]
) -> tuple[tuple[int, ...], ...]:
    """The cells of each area (index 0 unused), river cells excluded (their area is RIVER)."""
    return ((),) + tuple(tuple(i for i in cells if area[i] == a) for a in range(1, lines * 2 + 1))


_GRIDS = {lines: _make_grid(lines) for lines in (1, 2, 3)}


def build_region(
    parcels: tuple[tuple[str, bool], ...], nile: tuple[tuple[str, bool], ...] = ()
) -> Region:
    """The region of a season; what depends only on its size is computed once per size."""
    if len(parcels) % 4 or not parcels or len(parcels) > 12:
        raise ValueError("a region needs 1 to 3 whole lines of 4 parcels")
    lines = len(parcels) // 4
    grid = _GRIDS[lines]
    pyramid = [False] * SIZE
    for slot, (card_id, turned) in enumerate(parcels):
        for cell in PARCELS[card_id].pyramids:  # printed cell, wherever the turn puts it
            pyramid[card_cell(slot, cell, turned)] = True
    if not nile:
        return Region(
            tuple(parcels),
            (),
            lines,
            grid.exists,
            tuple(pyramid),
            NO_RIVER,
            grid.area,
            grid.neighbors,
            grid.cells,
            grid.area_cells,
            (),
            *_masks(grid.cells, pyramid),
        )
    river = [False] * SIZE
    area = list(grid.area)
    for line, (nile_id, turned) in enumerate(nile):
        # A Nile card covers columns d and e (indexes 3 and 4) of its line.
        ncard = NILE_CARDS[nile_id]
        for cell in range(6):
            printed = 5 - cell if turned else cell
            idx = (line * 3 + cell // 2) * COLS + 3 + cell % 2
            pyramid[idx] = False
            if printed in ncard.river:
                river[idx] = True
                area[idx] = RIVER
    return Region(
        tuple(parcels),
        tuple(nile),
        lines,
        grid.exists,
        tuple(pyramid),
        tuple(river),
        tuple(area),
        grid.neighbors,
        grid.cells,
        _area_cells(lines, grid.cells, area),
        tuple(i for i in grid.cells if river[i]),
        *_masks(grid.cells, pyramid),
    )


def _masks(cells: tuple[int, ...], pyramid: list[bool]) -> tuple[int, int]:
    """(cells without a pyramid, cells with one) as bit masks."""
    on = sum(1 << i for i in cells if pyramid[i])
    return sum(1 << i for i in cells) & ~on, on
