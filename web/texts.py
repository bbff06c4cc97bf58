"""Every English word the page shows that comes from Python: labels, prompts and log lines.

Kept in one place so the page can be translated without touching the logic.
"""
from __future__ import annotations

from typing import Any, Callable

from game.cards import PATRON_NAMES, card_patron, card_value

ACTION_LABELS: dict[str, str] = {
    "dig": "Start an excavation",
    "extend": "Extend an excavation",
    "pass": "Pass",
    "dig:violet": "Lady Violet + new excavation",
    "extend:violet": "Lady Violet + extension",
    "dig:lemon": "Lord Lemon: excavate a pyramid",
    "extend:lemon": "Lord Lemon: extend over a pyramid",
    "museum:brown": "Sir Brown: book a museum room",
    "dig:blackmore": "Mrs. Blackmore: two-cube excavation",
    "extend:tangerine": "Colonel Tangerine: three-cube extension",
    "neutral:0": "No neutral cube",
    "neutral:1": "Neutral: start an excavation (1 cube)",
    "neutral:2": "Neutral: extend an excavation (2 cubes)",
    "dig:greenwish": "Governor Greenwish + new excavation + token",
    "extend:greenwish": "Governor Greenwish + extension + token",
    "boat:use": "Use the tie boat",
    "boat:keep": "Keep the tie boat",
}

ACTION_HELP: dict[str, str] = {
    "dig": "Put 1 cube on any free space.",
    "extend": "Put 2 cubes in a chain, the first next to one of your cubes.",
    "pass": "Stop digging this season and take the next space on the passing scale.",
    "dig:violet": "Take 1 cube from the general stock, then start an excavation.",
    "extend:violet": "Take 1 cube from the general stock, then extend with 2 cubes.",
    "dig:lemon": "Put 1 cube on a pyramid space.",
    "extend:lemon": "Extend with 2 cubes, exactly one of them on a pyramid.",
    "museum:brown": "Send 1 cube from your stock to a museum room.",
    "dig:blackmore": "Put 2 cubes anywhere, the second next to the first.",
    "extend:tangerine": "Extend with 3 cubes in a chain.",
    "neutral:0": "Place no neutral cube this turn.",
    "neutral:1": "Put 1 neutral cube on any free space.",
    "neutral:2": "Put 2 neutral cubes in a chain from a neutral cube.",
    "dig:greenwish": "Start an excavation, then reserve an empty cell or room with a token.",
    "extend:greenwish": "Extend with 2 cubes, then reserve an empty cell or room with a token.",
    "boat:use": "Win this tie; the boat then leaves the game.",
    "boat:keep": "Keep the boat for a later tie.",
}

PHASE_NAMES = {"excavation": "Excavation", "neutral": "Excavation", "survey": "Survey",
               "boat": "Survey", "over": "Game over"}

BOAT_NAMES = {"boat-2": "the 2-point boat", "boat-3": "the 3-point boat",
              "boat-cubes": "the cube boat", "boat-tie": "the tie boat"}


def card_label(card_id: str) -> str:
    patron = card_patron(card_id)
    value = card_value(card_id)
    if patron is None:
        return f"the {value}-point card (no patron)"
    name = PATRON_NAMES[patron]
    return f"{name} {value}" if value else f"{name} (0)"


def room_label(room: str, wings: list[str] | tuple[str, ...]) -> str:
    """"Lord Lemon 5-room" or "2-room between Lord Lemon and Sir Brown"."""
    head, value = room.split("-")
    digits = head[1:]
    if len(digits) == 2:
        a, b = int(digits[0]), int(digits[1])
        return f"2-room between {PATRON_NAMES[wings[a - 1]]} and {PATRON_NAMES[wings[b - 1]]}"
    return f"{PATRON_NAMES[wings[int(digits) - 1]]} {value}-room"


def ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def log_line(event: dict[str, Any], name: Callable[[Any], str],
             wings: list[str] | tuple[str, ...]) -> str | None:
    """One plain-English line for an engine event (None: nothing worth showing)."""
    kind = event["type"]
    auto = " (automatic)" if event.get("forced") else ""
    who = name(event.get("player"))
    patron = event.get("patron")
    with_patron = f" with {PATRON_NAMES[patron]}" if patron else ""
    cells = ", ".join(event.get("cells") or [])
    if kind == "season":
        return f"Season {event['season']} begins; {name(event['first_player'])} plays first."
    token = event.get("token")
    if token:
        spot = token if token[0] != "W" else "the " + room_label(token, wings)
        with_patron += f" and reserves {spot}"
    if kind == "dig":
        return f"{who} digs at {cells}{with_patron}{auto}."
    if kind == "extend":
        return f"{who} extends to {cells}{with_patron}{auto}."
    if kind == "museum":
        return f"{who} sends a cube to the {room_label(event['room'], wings)}{with_patron}{auto}."
    if kind == "pass":
        return f"{who} passes{auto}."
    if kind == "last_pass":
        return f"{who} made the last action of the season."
    if kind == "neutral":
        return f"{who} places neutral cubes on {cells}{auto}."
    if kind == "survey":
        ranking = ", ".join(f"{name(s)} {c}" for s, c in event["ranking"])
        where = "the Nile" if event["area"] == 0 else f"area {event['area']}"
        return f"Survey of {where}: " + (ranking if ranking else "nobody dug here") + "."
    if kind == "boat":
        return f"{who} takes {BOAT_NAMES[event['boat']]}."
    if kind == "boat_lost":
        return f"Nobody takes {BOAT_NAMES[event['boat']]}; it leaves the game."
    if kind == "boat_use":
        return f"{who} uses the tie boat and wins the tie{auto}."
    if kind == "boat_keep":
        return f"{who} keeps the tie boat{auto}."
    if kind == "nile_return":
        return "Back under the Nile pile: " + ", ".join(card_label(c) for c in event["cards"]) + "."
    if kind == "claim":
        points = f" (+{event['points']})" if event["points"] else ""
        return f"{who} takes {card_label(event['card'])}{points}{auto}."
    if kind == "neutral_claim":
        return f"{who} gives {card_label(event['card'])} to the neutral; it leaves the game{auto}."
    if kind == "book":
        return f"{who} books the {room_label(event['room'], wings)}{auto}."
    if kind == "discard":
        cards = ", ".join(card_label(c) for c in event["cards"])
        where = "on the Nile" if event["area"] == 0 else f"in area {event['area']}"
        return f"Left over {where}, out of the game: {cards}."
    if kind == "game_over":
        winners = " and ".join(name(p) for p in event["winners"])
        verb = "share the win" if len(event["winners"]) > 1 else "wins"
        return f"Game over: {winners} {verb}."
    return None
