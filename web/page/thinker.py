"""The one computer job in flight, run a slice at a time (web/page/thinking.py
makes the jobs).

Apart from the searches themselves so that the session can hold it without
importing the computer players: the page's start does not need them, and on a
phone's processor importing them is a noticeable part of the start.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.bots.steps import Steps

Answer = dict[str, Any]


class SliceClock:
    """Seconds spent inside slices: a search's clock that stands still between them."""

    def __init__(self, now: Callable[[], float] = time.perf_counter) -> None:
        self.now = now
        self.spent = 0.0
        self.since: float | None = None  # the start of the slice under way

    def __call__(self) -> float:
        return self.spent + (self.now() - self.since if self.since is not None else 0.0)

    def begin(self) -> None:
        self.since = self.now()

    def end(self) -> None:
        if self.since is not None:
            self.spent += self.now() - self.since
            self.since = None


class Thinker:
    """The one job in flight, run a slice at a time."""

    def __init__(self, now: Callable[[], float] = time.perf_counter) -> None:
        self.now = now
        self.job = 0  # the number of the latest job
        self.steps: Steps[Answer] | None = None
        self.clock = SliceClock(now)

    def start(self, make: Callable[[SliceClock], Steps[Answer]]) -> int:
        """Start a job (``make`` builds its steps on the job's clock), abandoning
        any other; returns its number."""
        clock = SliceClock(self.now)
        self.steps = make(clock)  # may raise: then the job in flight goes on
        self.clock = clock
        self.job += 1
        return self.job

    def stop(self, job: int) -> bool:
        """Abandon job ``job`` if it is still the one in flight (answers whether it was)."""
        if job != self.job or self.steps is None:
            return False
        self.steps = None
        return True

    def step(self, job: int, ms: float) -> Answer:
        """Think for about ``ms`` milliseconds on job ``job``. Answers
        {"busy": true} while it goes on, {"gone": true} for a job abandoned or
        replaced, else the job's answer with the seconds it thought, or
        {"error": ...}; a job that answered is over."""
        if job != self.job or self.steps is None:
            return {"gone": True}
        steps = self.steps
        clock = self.clock
        clock.begin()
        end = clock.since + ms / 1000 if clock.since is not None else 0.0
        try:
            next(steps)  # at least one step, however short the slice
            while self.now() < end:
                next(steps)
            return {"busy": True}
        except StopIteration as done:
            self.steps = None
            answer: Answer = done.value
            return {**answer, "seconds": clock()}
        except Exception as exc:  # report, never leave the page waiting
            self.steps = None
            return {"error": f"{exc.__class__.__name__}: {exc}"}
        finally:
            clock.end()
