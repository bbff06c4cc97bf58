"""Card data: the 36 parcels (and, later, the Nile cards) as plain values.

Cards are data, not code: every rule that depends on a card reads its patron,
value or pyramid cells from here.
"""

from __future__ import annotations

from dataclasses import dataclass

# Patron ids in a fixed order (used for listing moves, sets and the UI).
PATRONS: tuple[str, ...] = ("violet", "lemon", "brown", "blackmore", "tangerine")
GREENWISH = "greenwish"

PATRON_NAMES: dict[str, str] = {
    "violet": "Lady Violet",
    "lemon": "Lord Lemon",
    "brown": "Sir Brown",
    "blackmore": "Mrs. Blackmore",
    "tangerine": "Colonel Tangerine",
    GREENWISH: "Governor Greenwish",
}


@dataclass(frozen=True)
class Parcel:
    """One parcel card: 2 columns x 3 rows, cells 0-5 numbered row-major."""

    id: str
    patron: str | None  # None only for the 5-point card without a patron
    value: int
    pyramids: frozenset[int]


# Pyramid layouts, cells 0-5 row-major ("^" pyramid, "." free).
_LAYOUTS: dict[str, dict[str, str]] = {
    "violet": {
        "0a": "......",
        "0b": "^.....",
        "0c": "...^..",
        "2a": ".^....",
        "2b": "^....^",
        "3a": ".^^...",
        "3b": "^...^.",
    },
    "lemon": {
        "0a": "......",
        "0b": ".....^",
        "0c": "..^...",
        "2a": "....^.",
        "2b": ".^..^.",
        "3a": "^..^..",
        "3b": "..^..^",
    },
    "brown": {
        "0a": "......",
        "0b": ".^....",
        "0c": "....^.",
        "2a": "...^..",
        "2b": "^..^..",
        "3a": ".^..^.",
        "3b": "^....^",
    },
    "blackmore": {
        "0a": "......",
        "0b": "..^...",
        "0c": ".....^",
        "2a": "^.....",
        "2b": "..^^..",
        "3a": ".^.^..",
        "3b": "^.^...",
    },
    "tangerine": {
        "0a": "......",
        "0b": "...^..",
        "0c": "^.....",
        "2a": ".....^",
        "2b": ".^^...",
        "3a": "^...^.",
        "3b": "...^.^",
    },
}


def _pyramids(layout: str) -> frozenset[int]:
    return frozenset(i for i, ch in enumerate(layout) if ch == "^")


def _build_parcels() -> dict[str, Parcel]:
    parcels: dict[str, Parcel] = {}
    for patron in PATRONS:
        for key, layout in _LAYOUTS[patron].items():
            card_id = f"{patron}-{key}"
            parcels[card_id] = Parcel(card_id, patron, int(key[0]), _pyramids(layout))
    parcels["nopatron-5"] = Parcel("nopatron-5", None, 5, _pyramids(".^..^."))
    return parcels


PARCELS: dict[str, Parcel] = _build_parcels()
PARCEL_IDS: tuple[str, ...] = tuple(PARCELS)
assert len(PARCELS) == 36


@dataclass(frozen=True)
class NileCard:
    """A Nile card: 2 columns x 3 rows of river ("~") or land (".") cells."""

    id: str
    value: int
    river: frozenset[int]


def _build_nile() -> dict[str, NileCard]:
    layouts = {
        "nile-1": ".~.~~.",
        "nile-2": "~.~..~",
        "nile-3": ".~~~~.",
        "nile-4": "~.~~.~",
        "nile-5": ".~~..~",
        "nile-6": "~..~~.",
    }
    return {
        cid: NileCard(
            cid, 5 if cid == "nile-6" else 3, frozenset(i for i, ch in enumerate(lay) if ch == "~")
        )
        for cid, lay in layouts.items()
    }


NILE_CARDS: dict[str, NileCard] = _build_nile()


def card_value(card_id: str) -> int:
    """Points printed on a card's cartouche."""
    if card_id in PARCELS:
        return PARCELS[card_id].value
    return NILE_CARDS[card_id].value


def card_patron(card_id: str) -> str | None:
    """Patron on the back of a card (None for the 5-point parcel)."""
    if card_id in PARCELS:
        return PARCELS[card_id].patron
    return GREENWISH


# The patron of every card, for lookups in a hurry.
CARD_PATRON: dict[str, str | None] = {c: card_patron(c) for c in (*PARCELS, *NILE_CARDS)}


def parse_dealt(token: str) -> tuple[str, bool]:
    """Split a deck entry such as ``"lemon-3b@r"`` into (card id, turned)."""
    if token.endswith("@r"):
        return token[:-2], True
    return token, False


def format_dealt(card_id: str, turned: bool) -> str:
    return card_id + ("@r" if turned else "")
