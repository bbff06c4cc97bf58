"""Typed errors. Every one leaves the game state exactly as it was."""
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
    its own language: "json" (not JSON), "format" (not a game record),
    "setup" (bad setup) or "move" (move ``index`` cannot be played).
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
