"""Plain-English text for a suggested move ("Suggested: extend to c3, d3 with Colonel Tangerine")."""
from __future__ import annotations

from typing import Any

from game.cards import PATRON_NAMES
from game.museum import ROOM_INDEX

from .texts import card_label, room_label


def _spot(place: str, wings: Any) -> str:
    if place in ROOM_INDEX:
        return "the " + room_label(place, wings)
    return place


def move_text(move: dict[str, Any], wings: Any) -> str:
    """What a move in the record notation does, in a few words."""
    action = move.get("action")
    cells = ", ".join(move.get("cells") or [])
    patron = move.get("patron")
    with_patron = f" with {PATRON_NAMES[patron]}" if patron in PATRON_NAMES else ""
    token = move.get("token")
    if token:
        with_patron += f", token on {_spot(token, wings)}"
    if action == "dig":
        return f"start an excavation at {cells}{with_patron}"
    if action == "extend":
        return f"extend to {cells}{with_patron}"
    if action == "museum":
        room = _spot(str(move.get("room")), wings)
        if patron:
            return f"send a cube to {room}{with_patron}"
        return f"book {room}"
    if action == "pass":
        return "pass"
    if action == "neutral":
        return f"place neutral cubes on {cells}" if cells else "place no neutral cube"
    if action == "claim":
        return f"take {card_label(str(move.get('card')))}"
    if action == "neutral_claim":
        return f"give {card_label(str(move.get('card')))} to the neutral"
    if action == "boat":
        return "use the tie boat" if move.get("use") else "keep the tie boat"
    return str(action)


def suggestion(move: dict[str, Any], wings: Any) -> str:
    return "Suggested: " + move_text(move, wings) + "."
