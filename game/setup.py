"""Game setup: players, options and every random choice, fixed by a seed or spelled out.

All randomness of a game is drawn here, once, from the game's own generator:
first player, wing order, deck order with card turns, and (with the Nile) the
Nile pile, the line of the 5-point Nile card and the boat order. A record
spells all of them out so it replays the same under any generator.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import NILE_CARDS, PARCEL_IDS, PATRONS, format_dealt, parse_dealt
from .errors import SetupError
from .rng import Rng

BOATS: tuple[str, ...] = ("boat-2", "boat-3", "boat-cubes", "boat-tie")
NILE_PILE: tuple[str, ...] = ("nile-1", "nile-2", "nile-3", "nile-4", "nile-5")


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    seed: int
    first_player: int
    wings: tuple[str, ...]
    deck: tuple[tuple[str, bool], ...]
    nile: bool = False
    nile_deck: tuple[tuple[str, bool], ...] = ()
    nile_six_line: int = 0
    boats: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        return len(self.players)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "players": list(self.players),
            "nile": self.nile,
            "seed": self.seed,
            "first_player": self.first_player,
            "wings": list(self.wings),
            "deck": [format_dealt(c, t) for c, t in self.deck],
        }
        if self.nile:
            out["nile_deck"] = [format_dealt(c, t) for c, t in self.nile_deck]
            out["nile_six_line"] = self.nile_six_line
            out["boats"] = list(self.boats)
        return out

    @staticmethod
    def from_json(obj: Any) -> "Setup":
        """Build a setup from the record's ``setup`` object; explicit fields
        override what the seed would draw. Raises SetupError."""
        if not isinstance(obj, dict):
            raise SetupError("setup must be a JSON object")
        players = obj.get("players")
        if isinstance(players, int) and not isinstance(players, bool) and 2 <= players <= 4:
            players = [f"Player {i + 1}" for i in range(players)]
        if (not isinstance(players, list) or not 2 <= len(players) <= 4
                or not all(isinstance(p, str) and p.strip() for p in players)):
            raise SetupError("setup.players must list 2 to 4 non-empty names")
        seed = obj.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SetupError("setup.seed must be an integer")
        nile = obj.get("nile", False)
        if not isinstance(nile, bool):
            raise SetupError("setup.nile must be true or false")
        return make_setup(players, seed, nile=nile,
                          first_player=obj.get("first_player"), wings=obj.get("wings"),
                          deck=obj.get("deck"), nile_deck=obj.get("nile_deck"),
                          nile_six_line=obj.get("nile_six_line"), boats=obj.get("boats"))


def _check_dealt(raw: Any, known: tuple[str, ...], what: str) -> tuple[tuple[str, bool], ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise SetupError(f"setup.{what} must be a list of card ids")
    dealt = tuple(parse_dealt(x) for x in raw)
    for card_id, _ in dealt:
        if card_id not in known:
            raise SetupError(f"setup.{what}: unknown card {card_id!r}")
    ids = [c for c, _ in dealt]
    if sorted(ids) != sorted(known):
        dup = sorted({c for c in ids if ids.count(c) > 1})
        missing = sorted(set(known) - set(ids))
        detail = []
        if dup:
            detail.append("repeated: " + ", ".join(dup))
        if missing:
            detail.append("missing: " + ", ".join(missing))
        raise SetupError(f"setup.{what} must hold each of its {len(known)} cards once ({'; '.join(detail)})")
    return dealt


def make_setup(players: list[str] | tuple[str, ...], seed: int, *, nile: bool = False,
               first_player: Any = None, wings: Any = None, deck: Any = None,
               nile_deck: Any = None, nile_six_line: Any = None, boats: Any = None) -> Setup:
    """Draw every random choice from ``seed`` in a fixed order; any explicit
    value given replaces its draw (the draws still happen, so the others do
    not change)."""
    players = tuple(players)
    if not 2 <= len(players) <= 4:
        raise SetupError("a game needs 2 to 4 players")
    rng = Rng(seed)
    drawn_first = rng.below(len(players))
    drawn_wings = list(PATRONS)
    rng.shuffle(drawn_wings)
    drawn_deck_ids = list(PARCEL_IDS)
    rng.shuffle(drawn_deck_ids)
    drawn_deck = tuple((c, rng.below(2) == 1) for c in drawn_deck_ids)
    pile = list(NILE_PILE)
    rng.shuffle(pile)
    drawn_nile = tuple((c, rng.below(2) == 1) for c in pile + ["nile-6"])
    drawn_six = 1 + rng.below(3)
    drawn_boats = list(BOATS)
    rng.shuffle(drawn_boats)

    if first_player is None:
        first_player = drawn_first
    if not isinstance(first_player, int) or isinstance(first_player, bool) \
            or not 0 <= first_player < len(players):
        raise SetupError(f"setup.first_player must be a player index 0-{len(players) - 1}")
    if wings is None:
        wings = drawn_wings
    if not isinstance(wings, list | tuple) or not all(isinstance(w, str) for w in wings) \
            or sorted(wings) != sorted(PATRONS):
        raise SetupError("setup.wings must list the five patrons once each: " + ", ".join(PATRONS))
    dealt = drawn_deck if deck is None else _check_dealt(deck, PARCEL_IDS, "deck")
    if not nile:
        return Setup(players, seed, first_player, tuple(wings), dealt)
    if nile_deck is None:
        ndealt = drawn_nile
    else:
        ndealt = _check_dealt(nile_deck, tuple(NILE_CARDS), "nile_deck")
        if ndealt[5][0] != "nile-6":
            raise SetupError("setup.nile_deck: the sixth card must be nile-6")
    if nile_six_line is None:
        nile_six_line = drawn_six
    if not isinstance(nile_six_line, int) or isinstance(nile_six_line, bool) \
            or not 1 <= nile_six_line <= 3:
        raise SetupError("setup.nile_six_line must be 1, 2 or 3")
    if boats is None:
        boats = drawn_boats
    if not isinstance(boats, list | tuple) or not all(isinstance(b, str) for b in boats) \
            or sorted(boats) != sorted(BOATS):
        raise SetupError("setup.boats must list the four boats once each: " + ", ".join(BOATS))
    return Setup(players, seed, first_player, tuple(wings), dealt, True,
                 ndealt, nile_six_line, tuple(boats))
