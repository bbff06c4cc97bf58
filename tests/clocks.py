"""A clock for tests of anything timed: it moves only when read."""

from __future__ import annotations


class SteppingClock:
    """Time that advances a fixed step (in seconds) each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now
