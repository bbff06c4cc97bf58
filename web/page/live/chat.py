"""A word to each other at a live table: short lines of text, or ready phrases
that each device says in its own language.

A line is text, never markup: ``clean_line`` removes what would break a line
on screen or deceive a reader (control characters, invisible format marks
such as right-to-left overrides and zero-width characters, line and paragraph
separators) and refuses what is longer than ``MAX_CHAT``; the page shows it
with ``textContent`` only. ``Pace`` keeps each speaker to a few lines at a
time. Lines travel only between the room's devices (web/page/live/host.py)
and are kept in memory, the last ``KEEP`` of them, never in a save.
"""

from __future__ import annotations

import unicodedata
from collections import deque

MAX_CHAT = 200  # characters in one line
KEEP = 50  # lines a device keeps (the page shows them)
# Ready phrases, by id: each device words them in its own language (their keys).
PHRASES = {
    "your_turn": "live.phrase_your_turn",
    "good_move": "live.phrase_good_move",
    "one_minute": "live.phrase_one_minute",
    "thanks": "live.phrase_thanks",
}
# A speaker says at most BURST lines in any WINDOW_S seconds, and waits GAP_S between two.
BURST = 3
WINDOW_S = 5.0
GAP_S = 0.5

# Why a line was not said (said to the writer, beside the message line).
REFUSALS = ("live.chat_long", "live.chat_empty", "live.chat_slow", "live.chat_watch")

_REFUSED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


class ChatError(ValueError):
    """A line that cannot be said (``key``: the catalogue key of why)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def clean_line(text: object) -> str:
    """A typed line within the limits: at most MAX_CHAT characters (ChatError
    "live.chat_long" beyond, "live.chat_empty" when nothing is left), with
    control characters, invisible format marks and separators removed and
    spaces trimmed. Linear, and refuses a long text before reading it."""
    if not isinstance(text, str):
        raise ChatError("live.chat_empty")
    if len(text) > MAX_CHAT:
        raise ChatError("live.chat_long")
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in _REFUSED).strip()
    if not kept:
        raise ChatError("live.chat_empty")
    return kept


def phrase_key(phrase: str) -> str:
    """A ready phrase's catalogue key (ChatError for an unknown one)."""
    if phrase not in PHRASES:
        raise ChatError("live.chat_empty")
    return PHRASES[phrase]


class Pace:
    """How often one speaker may say a line: BURST in WINDOW_S, GAP_S apart."""

    def __init__(self) -> None:
        self.said: deque[float] = deque(maxlen=BURST)

    def allows(self, now: float) -> bool:
        said = self.said
        if said and now - said[-1] < GAP_S:
            return False
        return len(said) < BURST or now - said[0] >= WINDOW_S

    def take(self, now: float) -> None:
        """Raises ChatError("live.chat_slow") when the speaker must wait; else counts the line."""
        if not self.allows(now):
            raise ChatError("live.chat_slow")
        self.said.append(now)
