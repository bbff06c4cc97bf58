"""The legal list of a position, built only as far as it is asked for.

A legal list is a run of segments (the digs, then the extensions, then what
each patron adds...). The size of each segment is known at once, from cheap
counts; its moves are built only when someone asks for them. A random player
needs the size and one move; the page and the bots ask for the whole list.
Both see exactly the same moves in the same order: the segments are the only
description of what is legal.

A segment takes what it needs from the position when it is made; building its
moves later never reads the position again. So a legal list stays right for
the position it was made for, and a copy of a state may share it.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from .moves import Move

# (size, build, pick, has): ``build()`` returns the segment's moves in order,
# ``pick(k)`` its k-th move (None: ``build()[k]``) and ``has(move)`` whether the
# move is among them (None: ``move in build()``). ``size == len(build())``.
Segment = tuple[
    int, Callable[[], list[Move]], Callable[[int], Move] | None, Callable[[Move], bool] | None
]


_size: Callable[[Segment], int] = itemgetter(0)


def fixed(moves: list[Move]) -> Segment:
    """A segment whose moves are already built."""
    return (len(moves), moves.copy, moves.__getitem__, moves.__contains__)


class Choices:
    """The legal list of one position: ``len``, ``at(k)`` and ``all()``."""

    __slots__ = ("segments", "size", "_all", "_built")

    def __init__(self, segments: list[Segment]) -> None:
        self.segments = segments
        self.size = sum(map(_size, segments))
        self._all: list[Move] | None = None
        # The segments built so far for ``at`` and ``has``, by index: each is
        # built once however often it is asked (the page checks a move, then
        # plays it).
        self._built: dict[int, list[Move]] = {}

    def __len__(self) -> int:
        return self.size

    def all(self) -> list[Move]:
        """The whole list (built once, then kept; do not change it)."""
        if self._all is None:
            out: list[Move] = []
            for size, build, _, _ in self.segments:
                if size:
                    out += build()
            self._all = out
        return self._all

    def at(self, k: int) -> Move:
        """The k-th move, building at most the segment that holds it."""
        if self._all is not None:
            return self._all[k]
        if not 0 <= k < self.size:
            raise IndexError(f"no legal move {k} among {self.size}")
        for i, (size, _, pick, _) in enumerate(self.segments):
            if k < size:
                return self._moves(i)[k] if pick is None else pick(k)
            k -= size
        raise AssertionError("segment sizes do not add up")

    def has(self, move: Move) -> bool:
        """Whether ``move`` is on the list, building no more than it takes to tell."""
        if self._all is not None:
            return move in self._all
        for i, (size, _, _, has) in enumerate(self.segments):
            if size and (move in self._moves(i) if has is None else has(move)):
                return True
        return False

    def _moves(self, i: int) -> list[Move]:
        """Segment ``i``'s moves, built on the first call only (do not change them)."""
        moves = self._built.get(i)
        if moves is None:
            moves = self._built[i] = self.segments[i][1]()
        return moves
