"""Moves: small frozen values that convert to and from the record notation (docs/RECORDS.md)."""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from .errors import MalformedMoveError, shown
from .limits import MAX_ID_LENGTH

ACTIONS = ("dig", "extend", "museum", "pass", "neutral", "claim", "neutral_claim", "boat")
MAX_CELLS = 3  # the most cubes one decision places (Colonel Tangerine)
PATRON_ACTIONS = {
    "violet": ("dig", "extend"),
    "lemon": ("dig", "extend"),
    "brown": ("museum",),
    "blackmore": ("dig",),
    "tangerine": ("extend",),
    "greenwish": ("dig", "extend"),
}


class Move(NamedTuple):
    """One decision. Unused fields stay None; ``cells`` is an ordered tuple
    because multi-cube actions are chains (each cube next to the previous)."""

    action: str
    cells: tuple[str, ...] = ()
    patron: str | None = None
    room: str | None = None
    card: str | None = None
    token: str | None = None
    use: bool | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action}
        if self.patron is not None:
            out["patron"] = self.patron
        if self.action in ("dig", "extend", "neutral"):
            out["cells"] = list(self.cells)
        if self.token is not None:
            out["token"] = self.token
        if self.room is not None:
            out["room"] = self.room
        if self.card is not None:
            out["card"] = self.card
        if self.use is not None:
            out["use"] = self.use
        return out

    @staticmethod
    def from_json(obj: Any) -> Move:
        """Parse notation; raises MalformedMoveError naming the problem."""
        if not isinstance(obj, dict):
            raise MalformedMoveError(f"a move must be a JSON object, not {type(obj).__name__}")
        action = obj.get("action")
        if action not in ACTIONS:
            raise MalformedMoveError(
                f"unknown action {shown(action)}; actions are {', '.join(ACTIONS)}"
            )
        allowed = {"action", "player"}
        patron = obj.get("patron")
        if patron is not None:
            if not isinstance(patron, str) or patron not in PATRON_ACTIONS:
                raise MalformedMoveError(f"unknown patron {shown(patron)}")
            if action not in PATRON_ACTIONS[patron]:
                raise MalformedMoveError(f"patron {patron!r} does not go with action {action!r}")
            allowed.add("patron")
        cells: tuple[str, ...] = ()
        if action in ("dig", "extend", "neutral"):
            raw = obj.get("cells")
            if not isinstance(raw, list) or len(raw) > MAX_CELLS or not all(_is_id(c) for c in raw):
                raise MalformedMoveError(
                    f'action {action!r} needs "cells": a list of at most {MAX_CELLS} cell names'
                )
            cells = tuple(raw)
            allowed.add("cells")
        room = obj.get("room")
        if action == "museum":
            if not _is_id(room):
                raise MalformedMoveError('action \'museum\' needs "room": a room id such as "W1-3"')
            allowed.add("room")
        card = obj.get("card")
        if action in ("claim", "neutral_claim"):
            if not _is_id(card):
                raise MalformedMoveError(f'action {action!r} needs "card": a card id')
            allowed.add("card")
        token = obj.get("token")
        if patron == "greenwish":
            if not _is_id(token):
                raise MalformedMoveError('Greenwish needs "token": a cell or room id')
            allowed.add("token")
        use = obj.get("use")
        if action == "boat":
            if not isinstance(use, bool):
                raise MalformedMoveError("action 'boat' needs \"use\": true or false")
            allowed.add("use")
        extra = [key for key in obj if key not in allowed]
        if extra:
            listed = ", ".join(shown(key) for key in extra[:5])
            listed += f", ... ({len(extra)} in all)" if len(extra) > 5 else ""
            raise MalformedMoveError(f"unexpected field(s) for action {action!r}: {listed}")
        return Move(
            action,
            cells,
            patron,
            room if action == "museum" else None,
            card if action in ("claim", "neutral_claim") else None,
            token if patron == "greenwish" else None,
            use if action == "boat" else None,
        )

    @staticmethod
    def coerce(value: Any) -> Move:
        """A Move from a Move or a JSON object, checked either way: a Move whose
        fields are not what its notation would give is refused too."""
        if isinstance(value, dict):
            return Move.from_json(value)
        if not isinstance(value, Move):
            raise MalformedMoveError("a move must be a Move or a JSON object")
        if not isinstance(value.cells, tuple) or Move.from_json(value.to_json()) != value:
            raise MalformedMoveError("a Move with fields that do not match its notation")
        return value

    def label(self) -> str:
        """Short text for messages: the notation as compact JSON."""
        return json.dumps(self.to_json(), separators=(",", ":"))


def _is_id(value: object) -> bool:
    """A cell, room, card or token id: text short enough to be one."""
    return isinstance(value, str) and len(value) <= MAX_ID_LENGTH


PASS = Move("pass")
NEUTRAL_NONE = Move("neutral")
