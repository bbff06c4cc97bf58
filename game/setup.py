"""Game setup: players, options and every random choice, fixed by a seed or spelled out.

All randomness of a game is drawn here, once, from the game's own generator:
first player, wing order, deck order with card turns, and (with the Nile) the
Nile pile, the line of the 5-point Nile card and the boat order. A record
spells all of them out so it replays the same under any generator.

A ``Setup`` checks itself when built, in time linear in its input, so that no
game can start from a bad one (the messages name the record field at fault).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .cards import NILE_CARDS, PARCEL_IDS, PATRONS, format_dealt, parse_dealt
from .errors import SetupError, shown
from .limits import check_players, check_seed
from .rng import Rng

BOATS: tuple[str, ...] = ("boat-2", "boat-3", "boat-cubes", "boat-tie")
NILE_PILE: tuple[str, ...] = ("nile-1", "nile-2", "nile-3", "nile-4", "nile-5")
NILE_IDS: tuple[str, ...] = tuple(NILE_CARDS)
NILE_FIELDS: tuple[str, ...] = ("nile_deck", "nile_six_line", "boats")
SETUP_FIELDS: tuple[str, ...] = (
    "players",
    "nile",
    "seed",
    "first_player",
    "wings",
    "deck",
) + NILE_FIELDS

Dealt = tuple[tuple[str, bool], ...]


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    seed: int
    first_player: int
    wings: tuple[str, ...]
    deck: Dealt
    nile: bool = False
    nile_deck: Dealt = ()
    nile_six_line: int = 0
    boats: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _validate(self)

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
    def from_json(obj: Any) -> Setup:
        """Build a setup from the record's ``setup`` object; explicit fields
        override what the seed would draw. Raises SetupError."""
        if not isinstance(obj, dict):
            raise SetupError("setup must be a JSON object")
        unknown = [key for key in obj if key not in SETUP_FIELDS]
        if unknown:
            raise SetupError(
                f"setup has an unknown field {shown(unknown[0])}; "
                f"fields are {', '.join(SETUP_FIELDS)}"
            )
        players = obj.get("players")
        if isinstance(players, int) and not isinstance(players, bool) and 2 <= players <= 4:
            players = [f"Player {i + 1}" for i in range(players)]
        return make_setup(
            players,
            obj.get("seed", 0),
            nile=obj.get("nile", False),
            first_player=obj.get("first_player"),
            wings=obj.get("wings"),
            deck=obj.get("deck"),
            nile_deck=obj.get("nile_deck"),
            nile_six_line=obj.get("nile_six_line"),
            boats=obj.get("boats"),
        )


def _is_index(value: object, size: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < size


def _some(items: list[str], limit: int = 8) -> str:
    if len(items) <= limit:
        return ", ".join(items)
    return ", ".join(items[:limit]) + f", ... ({len(items)} in all)"


def _check_order(items: object, known: tuple[str, ...], what: str, describe: str) -> None:
    """``items`` must be a tuple holding each of ``known`` once (linear time)."""
    if not (
        isinstance(items, tuple)
        and len(items) == len(known)
        and all(isinstance(x, str) for x in items)
        and set(items) == set(known)
    ):
        raise SetupError(f"setup.{what} must list {describe} once each: {', '.join(known)}")


def _check_dealt(dealt: object, known: tuple[str, ...], what: str) -> None:
    """``dealt`` must be a tuple of (card id, turned) holding each of ``known``
    once. One pass and one count: linear in the length of the input."""
    if not isinstance(dealt, tuple) or not all(
        isinstance(e, tuple) and len(e) == 2 and isinstance(e[0], str) and isinstance(e[1], bool)
        for e in dealt
    ):
        raise SetupError(f"setup.{what} must be a list of card ids")
    _check_counts(Counter(card_id for card_id, _ in dealt), len(dealt), known, what)


def _check_counts(counts: Counter[str], total: int, known: tuple[str, ...], what: str) -> None:
    """Each of ``known`` counted once and nothing else (``total`` entries in all)."""
    known_set = frozenset(known)
    unknown = next((card_id for card_id in counts if card_id not in known_set), None)
    if unknown is not None:
        raise SetupError(f"setup.{what}: unknown card {shown(unknown)}")
    if total == len(known) and len(counts) == len(known):
        return
    detail = []
    repeated = sorted(c for c, n in counts.items() if n > 1)
    missing = sorted(known_set - counts.keys())
    if repeated:
        detail.append("repeated: " + _some(repeated))
    if missing:
        detail.append("missing: " + _some(missing))
    raise SetupError(
        f"setup.{what} must hold each of its {len(known)} cards once ({'; '.join(detail)})"
    )


def _validate(setup: Setup) -> None:
    """Every rule a setup must follow, whichever way it was built."""
    players = check_players(setup.players)
    if not isinstance(setup.players, tuple):
        raise SetupError("setup.players must be a tuple of names")
    check_seed(setup.seed)
    if not _is_index(setup.first_player, len(players)):
        raise SetupError(f"setup.first_player must be a player index 0-{len(players) - 1}")
    _check_order(setup.wings, PATRONS, "wings", "the five patrons")
    _check_dealt(setup.deck, PARCEL_IDS, "deck")
    if not isinstance(setup.nile, bool):
        raise SetupError("setup.nile must be true or false")
    if not setup.nile:
        if setup.nile_deck or setup.nile_six_line or setup.boats:
            raise SetupError("setup.nile_deck, nile_six_line and boats are only for the Nile")
        return
    _check_dealt(setup.nile_deck, NILE_IDS, "nile_deck")
    if setup.nile_deck[5][0] != "nile-6":
        raise SetupError("setup.nile_deck: the sixth card must be nile-6")
    if not (_is_index(setup.nile_six_line, 4) and setup.nile_six_line >= 1):
        raise SetupError("setup.nile_six_line must be 1, 2 or 3")
    _check_order(setup.boats, BOATS, "boats", "the four boats")


def _dealt_from_json(raw: object, known: tuple[str, ...], what: str) -> Dealt:
    """Deck entries such as ``"lemon-3b@r"`` as (card id, turned) pairs. A list
    of the wrong length is refused here at C speed (types, then one count of
    the distinct entries), however long it is; the Setup checks the rest."""
    if not isinstance(raw, list | tuple) or not set(map(type, raw)) <= {str}:
        raise SetupError(f"setup.{what} must be a list of card ids")
    if len(raw) != len(known):
        by_id: Counter[str] = Counter()
        for entry, n in Counter(raw).items():
            by_id[parse_dealt(entry)[0]] += n
        _check_counts(by_id, len(raw), known, what)
    return tuple(parse_dealt(x) for x in raw)


def _as_tuple(raw: object) -> object:
    return tuple(raw) if isinstance(raw, list) else raw


def make_setup(
    players: object,
    seed: object,
    *,
    nile: object = False,
    first_player: object = None,
    wings: object = None,
    deck: object = None,
    nile_deck: object = None,
    nile_six_line: object = None,
    boats: object = None,
) -> Setup:
    """Draw every random choice from ``seed`` in a fixed order; any explicit
    value given replaces its draw (the draws still happen, so the others do
    not change). Raises SetupError for anything wrong, whatever its type."""
    names = check_players(players)
    checked_seed = check_seed(seed)
    if not isinstance(nile, bool):
        raise SetupError("setup.nile must be true or false")
    if not nile and any(x is not None for x in (nile_deck, nile_six_line, boats)):
        raise SetupError("setup.nile_deck, nile_six_line and boats are only for the Nile")
    rng = Rng(checked_seed)
    drawn_first = rng.below(len(names))
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

    first: Any = drawn_first if first_player is None else first_player
    order: Any = tuple(drawn_wings) if wings is None else _as_tuple(wings)
    dealt = drawn_deck if deck is None else _dealt_from_json(deck, PARCEL_IDS, "deck")
    if not nile:
        return Setup(names, checked_seed, first, order, dealt)
    ndealt = drawn_nile if nile_deck is None else _dealt_from_json(nile_deck, NILE_IDS, "nile_deck")
    six: Any = drawn_six if nile_six_line is None else nile_six_line
    boat_order: Any = tuple(drawn_boats) if boats is None else _as_tuple(boats)
    return Setup(names, checked_seed, first, order, dealt, True, ndealt, six, boat_order)
