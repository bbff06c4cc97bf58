"""Typed errors. Every one leaves the game state exactly as it was.

Messages are one line and short whatever the input was: ``shown`` renders any
value quoted in a message (a name, a card id, a field) safely and briefly.
"""

from __future__ import annotations


class GameError(ValueError):
    """Base class: something asked of the engine cannot be done."""


class MalformedMoveError(GameError):
    """The move is not valid notation (unknown action, wrong field types...)."""


class IllegalMoveError(GameError):
    """The move is well formed but not allowed in this position."""


class SetupError(GameError):
    """A game setup (players, seed, deck, wings...) is invalid."""


class RecordError(GameError):
    """A game record cannot be replayed; ``index`` is the 1-based move number.

    ``kind`` says what kind of problem it is, so that a page can word it in
    its own language: "json" (not JSON), "format" (not a game record, or
    beyond the record limits), "version" (a record of a newer format than
    this engine reads), "setup" (bad setup) or "move" (move ``index`` cannot
    be played).
    """

    def __init__(self, message: str, index: int | None = None, kind: str | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.reason = message
        self.kind = kind or ("move" if index is not None else "format")

    def __str__(self) -> str:
        if self.index is None:
            return self.reason
        return f"move {self.index}: {self.reason}"


_KINDS = {dict: "an object", list: "a list", tuple: "a list"}


def shown(value: object, limit: int = 40) -> str:
    """``value`` as it may appear in a one-line message: strings and small
    integers quoted like Python's repr (control characters escaped), cut to
    about ``limit`` characters; anything else by its kind. Never fails and
    never costs more than ``limit`` characters of work, so a message stays
    short however large or deep the input was."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return repr(value) if value.bit_length() <= 128 else "(a very large number)"
    if isinstance(value, str):
        text = repr(value[:limit])
        if len(value) > limit:
            text = text[:-1] + "..." + text[-1]
        return text
    if isinstance(value, float):
        return repr(value)
    kind = next(
        (name for cls, name in _KINDS.items() if isinstance(value, cls)),
        "a " + type(value).__name__,
    )
    return f"({kind})"
