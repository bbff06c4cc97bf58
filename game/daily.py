"""Today's deal: one seed per UTC day, the same for everyone and on every Python.

The seed is the calendar date (as the number YYYYMMDD) mixed by the game's own
SplitMix64 step, so it needs no table, no hash library and no clock zone
beyond the UTC date the caller passes.
"""

from __future__ import annotations

import datetime

from .rng import Rng

_SALT = 0x4D796B6572696E6F  # keeps daily seeds apart from small hand-typed seeds


def daily_seed(day: datetime.date) -> int:
    """The deal's seed for ``day`` (use the UTC date), in 0..2**64-1."""
    number = day.year * 10000 + day.month * 100 + day.day
    return Rng(number ^ _SALT).next64()


def utc_today(now: datetime.datetime | None = None) -> datetime.date:
    """The UTC calendar date now (or of ``now``, which must carry its time zone)."""
    if now is None:
        now = datetime.datetime.now(datetime.UTC)
    elif now.tzinfo is None:
        raise ValueError("utc_today needs an aware datetime")
    return now.astimezone(datetime.UTC).date()
