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

    @property
    def areas(self) -> int:
        return self.lines * 2

    def area_cards(self, area: int) -> tuple[str, str]:
        """The two parcel ids of an area (1-based), left then right."""
        return (self.parcels[2 * area - 2][0], self.parcels[2 * area - 1][0])


def build_region(parcels: tuple[tuple[str, bool], ...],
                 nile: tuple[tuple[str, bool], ...] = ()) -> Region:
    if len(parcels) % 4 or not parcels:
        raise ValueError("a region needs whole lines of 4 parcels")
    lines = len(parcels) // 4
    size = COLS * MAX_ROWS
    exists = [False] * size
    pyramid = [False] * size
    river = [False] * size
    area = [0] * size
    for slot, (card_id, turned) in enumerate(parcels):
        card = PARCELS[card_id]
        line, pos = divmod(slot, 4)
        for cell in range(6):
            idx = card_cell(slot, cell, turned)
            exists[idx] = True
            pyramid[idx] = cell in card.pyramids  # printed cell, wherever the turn puts it
            area[idx] = line * 2 + pos // 2 + 1
    for line, (nile_id, turned) in enumerate(nile):
        # A Nile card covers columns d and e (indexes 3 and 4) of its line.
        ncard = NILE_CARDS[nile_id]
        for cell in range(6):
            printed = 5 - cell if turned else cell
            row = line * 3 + cell // 2
            col = 3 + cell % 2
            idx = row * COLS + col
            pyramid[idx] = False
            if printed in ncard.river:
                river[idx] = True
                area[idx] = RIVER
            else:
                river[idx] = False
                area[idx] = line * 2 + (1 if col == 3 else 2)
    neighbors: list[tuple[int, ...]] = []
    for idx in range(size):
        if not exists[idx]:
            neighbors.append(())
            continue
        row, col = divmod(idx, COLS)
        near = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            r, c = row + dr, col + dc
            if 0 <= r < MAX_ROWS and 0 <= c < COLS and exists[r * COLS + c]:
                near.append(r * COLS + c)
        neighbors.append(tuple(near))
    cells = tuple(i for i in range(size) if exists[i])
    area_cells = [()] + [tuple(i for i in cells if area[i] == a and not river[i])
                         for a in range(1, lines * 2 + 1)]
    return Region(tuple(parcels), tuple(nile), lines, tuple(exists), tuple(pyramid),
                  tuple(river), tuple(area), tuple(neighbors), cells, tuple(area_cells))
