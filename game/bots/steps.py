"""Work cut into steps, so that a long search can share a thread with a page.

A searching function is written as a generator that yields (nothing) between
small pieces of work and returns its answer. ``run`` drives it to the end in
one go (tests, tournaments, the command line); the page drives it a slice of
a few milliseconds at a time (web/page/thinking.py), answering clicks in between.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")

# A computation that yields between pieces of work and returns a T.
Steps = Generator[None, None, T]


def run(steps: Steps[T]) -> T:
    """Drive ``steps`` to the end and return its answer."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]
