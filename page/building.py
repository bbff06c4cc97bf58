"""The move being built on the page: its kind, then its cells one by one.

A value, not a state: a click makes a new ``Building``. What may follow is
read from the engine's legal list (``game.legality.continuations``), so every
partial move offered can be finished.
"""

from __future__ import annotations

from dataclasses import dataclass

from game import Move
from game.legality import Steps, continuations, of_kind


@dataclass(frozen=True)
class Building:
    """The kind chosen (an action button's key, None before one is) and the
    cells placed so far, in order."""

    kind: str | None = None
    cells: tuple[str, ...] = ()

    def with_cell(self, cell: str) -> Building:
        return Building(self.kind, (*self.cells, cell))


NOTHING = Building()


def candidates(legal: list[Move], building: Building) -> list[Move]:
    """The legal moves that finish what is built."""
    if building.kind is None:
        return []
    n = len(building.cells)
    return [m for m in of_kind(legal, building.kind) if m.cells[:n] == building.cells]


def steps_after(cands: list[Move], building: Building) -> Steps:
    """What may follow the move being built (cells, rooms, a token's place),
    from its candidates: callers need both, and find them with one scan of the
    legal list."""
    if not cands:
        return Steps()
    first = cands[0]
    return continuations(cands, Move(first.action, building.cells, first.patron))


def places_token(steps: Steps) -> bool:
    """True when what may follow is no cube but the Greenwish token's place."""
    return not steps.cells and bool(steps.tokens)
