"""The move being built on the page: its kind, then its cells one by one.

A value, not a state: a click makes a new ``Building``, or a whole move to
play, or a refusal (``Building.after``). What may follow is read from the
engine's legal list once per click (``Options``), and the view draws those same
options, so every partial move offered can be finished.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game import Move
from game.legality import Continuation, continuations, of_kind

from . import shared


@dataclass(frozen=True)
class Options:
    """What may follow the move being built: the legal moves that finish it
    (``candidates``) and the next cells, rooms or token places (``next``)."""

    candidates: list[Move] = field(default_factory=list)
    next: Continuation = field(default_factory=Continuation)

    @property
    def places_token(self) -> bool:
        """True when what may follow is no cube but the Greenwish token's place."""
        return not self.next.cells and bool(self.next.tokens)


@dataclass(frozen=True)
class Refused:
    """A click that changes nothing: the catalogue key of what to say, and its values."""

    key: str
    values: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Building:
    """The kind chosen (an action button's key, None before one is) and the
    cells placed so far, in order."""

    kind: str | None = None
    cells: tuple[str, ...] = ()

    def with_cell(self, cell: str) -> Building:
        return Building(self.kind, (*self.cells, cell))

    def options(self, legal: list[Move]) -> Options:
        """What may follow, from one scan of the legal list (nothing before a kind is chosen)."""
        if self.kind is None:
            return Options()
        n = len(self.cells)
        cands = [m for m in of_kind(legal, self.kind) if m.cells[:n] == self.cells]
        if not cands:
            return Options()
        first = cands[0]
        return Options(cands, continuations(cands, Move(first.action, self.cells, first.patron)))

    def after(
        self, target: str, legal: list[Move], options: Options, surveying: bool
    ) -> Building | Move | Refused:
        """What a click on ``target`` makes of this move: the move built further,
        a whole move to play, or a refusal. ``options`` are this building's
        (``options(legal)``); ``surveying``: the survey's card and room choices."""
        kind, value = shared.split(target)
        if kind == shared.ACTION:
            chosen = of_kind(legal, value)
            if not chosen:
                return Refused("msg.no_action")
            if len(chosen) == 1 and not chosen[0].cells and chosen[0].room is None:
                return chosen[0]  # pass, or "no neutral cube"
            return Building(value)
        if kind == shared.CARD:
            return next((m for m in legal if m.card == value), Refused("msg.no_card"))
        if kind == shared.ROOM:
            pool = legal if surveying else options.candidates
            for m in pool:
                if m.cells == self.cells and (
                    m.room == value or (m.token == value and m.room is None)
                ):
                    return m
            return Refused("msg.no_room")
        if kind == shared.CELL:
            return self._cell(value, legal, options)
        return Refused("msg.unknown_target", (("target", repr(target)),))

    def _cell(self, cell: str, legal: list[Move], options: Options) -> Building | Move | Refused:
        if self.kind is None:
            return Refused("msg.action_first")
        if options.places_token and cell in options.next.tokens:
            for m in options.candidates:
                if m.token == cell and m.cells == self.cells:
                    return m
        if cell not in options.next.cells:
            return Refused("msg.cell_impossible", (("cell", cell),))
        built = self.with_cell(cell)
        done = [
            m
            for m in options.candidates
            if m.cells == built.cells and m.room is None and m.token is None
        ]  # Greenwish waits for its token
        return done[0] if done else built


NOTHING = Building()
