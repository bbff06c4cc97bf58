"""Move building and explanations, all derived from the legal move list.

``kind`` groups moves as a player first picks them (an action button), once
for the engine and the page alike.
``continuations`` answers a UI building a move cell by cell; because it only
looks at complete legal moves, every partial move it offers can be finished.
``explain_illegal`` turns a refused move into a message saying what is wrong
and what is allowed instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import NILE_CARDS, PARCELS, PATRON_NAMES
from .moves import Move
from .museum import ROOM_INDEX, ROOMS
from .position import Position
from .region import CELL_INDEX


@dataclass
class Continuation:
    """What may follow a partial move."""

    cells: list[str] = field(default_factory=list)
    rooms: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)
    complete: bool = False  # the partial move is itself a legal move

    @property
    def empty(self) -> bool:
        return not (self.cells or self.rooms or self.cards or self.tokens or self.complete)


# Every kind of move there can be (see ``kind``).
MOVE_KINDS = (
    "dig",
    "extend",
    "pass",
    "dig:violet",
    "extend:violet",
    "dig:lemon",
    "extend:lemon",
    "museum:brown",
    "dig:blackmore",
    "extend:tangerine",
    "neutral:0",
    "neutral:1",
    "neutral:2",
    "dig:greenwish",
    "extend:greenwish",
    "boat:use",
    "boat:keep",
)


def kind(move: Move) -> str:
    """The choice a player makes first, before any cell, room or card: the
    action with its patron ("extend:tangerine"), how many neutral cubes
    ("neutral:2"), or whether a boat is used ("boat:use"). The page's action
    buttons are these kinds; the moves of one kind are then told apart by
    their cells, room, card or token."""
    if move.action == "neutral":
        return f"neutral:{len(move.cells)}"
    if move.action == "boat":
        return "boat:use" if move.use else "boat:keep"
    return move.action + (f":{move.patron}" if move.patron else "")


def kinds(legal: list[Move]) -> list[str]:
    """The distinct kinds among the legal moves, in list order."""
    return list(dict.fromkeys(kind(m) for m in legal))


def of_kind(legal: list[Move], key: str) -> list[Move]:
    """The legal moves of one kind, in list order."""
    return [m for m in legal if kind(m) == key]


def continuations(legal: list[Move], partial: Move) -> Continuation:
    """Next cells, rooms, cards or tokens that keep ``partial`` completable."""
    steps = Continuation()
    n = len(partial.cells)
    sets: dict[str, dict[str, None]] = {"cells": {}, "rooms": {}, "cards": {}, "tokens": {}}
    for m in legal:
        if m.action != partial.action or m.patron != partial.patron:
            continue
        if m.cells[:n] != partial.cells:
            continue
        if m == partial:
            steps.complete = True
            continue
        if len(m.cells) > n:
            sets["cells"].setdefault(m.cells[n], None)
        elif m.room is not None and partial.room is None:
            sets["rooms"].setdefault(m.room, None)
        elif m.card is not None and partial.card is None:
            sets["cards"].setdefault(m.card, None)
        elif m.token is not None and partial.token is None and len(m.cells) == n:
            sets["tokens"].setdefault(m.token, None)
    steps.cells = list(sets["cells"])
    steps.rooms = list(sets["rooms"])
    steps.cards = list(sets["cards"])
    steps.tokens = list(sets["tokens"])
    return steps


def _describe(action: str, patron: str | None = None) -> str:
    return action if patron is None else f"{action} with {PATRON_NAMES.get(patron, patron)}"


def _describe_kind(key: str) -> str:
    action, _, detail = key.partition(":")
    if not detail:
        return action
    if detail in PATRON_NAMES:
        return _describe(action, detail)
    return f"{action} ({detail})"


def _some(items: list[str], limit: int = 12) -> str:
    if not items:
        return "none"
    if len(items) <= limit:
        return ", ".join(items)
    return ", ".join(items[:limit]) + f", ... ({len(items)} in all)"


def explain_illegal(state: Position, legal: list[Move], move: Move) -> str:
    """Say why ``move`` is refused from ``state`` (whose legal list is ``legal``),
    naming the first wrong part and what would be allowed."""
    who = state.setup.players[state.to_move] if state.to_move is not None else "nobody"
    same = [m for m in legal if m.action == move.action and m.patron == move.patron]
    if not same:
        if move.patron is not None:
            what = (
                f"{PATRON_NAMES.get(move.patron, move.patron)} cannot be used for "
                f"{move.action!r} now (no untilted card, too few cubes or nowhere to go)"
            )
        else:
            what = f"{move.action!r} is not possible now ({state.phase.value}, {who} to decide)"
        return f"{what}; allowed: {_some([_describe_kind(k) for k in kinds(legal)])}"
    label = _describe(move.action, move.patron)
    sizes = sorted({len(m.cells) for m in same})
    if move.cells or any(m.cells for m in same):
        if len(move.cells) not in sizes:
            return f"{label} places {' or '.join(map(str, sizes))} cube(s), not {len(move.cells)}"
        for i, cell in enumerate(move.cells):
            if cell not in CELL_INDEX:
                return f"{label}: unknown cell {cell!r} (cells are a1 to h9)"
            steps = continuations(legal, Move(move.action, move.cells[:i], move.patron))
            if cell not in steps.cells:
                place = "first" if i == 0 else f"cube {i + 1}"
                return (
                    f"{label}: cell {cell!r} is not allowed for the {place} cube; "
                    f"allowed: {_some(steps.cells)}"
                )
    prefix = Move(move.action, move.cells, move.patron)
    steps = continuations(legal, prefix)
    if move.room is not None and move.room not in ROOM_INDEX:
        return f"unknown room {move.room!r}; rooms are {', '.join(ROOMS)}"
    if move.card is not None and move.card not in PARCELS and move.card not in NILE_CARDS:
        return f"unknown card {move.card!r}"
    if move.room is not None:
        return f"{label}: room {move.room!r} is not open to {who}; open rooms: {_some(steps.rooms)}"
    if move.card is not None:
        return f"{label}: card {move.card!r} is not on offer; cards on offer: {_some(steps.cards)}"
    if move.token is not None:
        return f"{label}: a token cannot go on {move.token!r}; allowed: {_some(steps.tokens)}"
    return f"{move.label()} is not a legal move now"
