"""A whole game in a short link: setup, names, seats and every decision, base64url.

Each decision is written as its index in the engine's list of legal moves at
that point, so a decoded game is legal by construction, and all indices are
packed into one mixed-radix integer (the radix of a decision is the number of
legal moves there), which reaches the information limit of the choices to
within a byte. The setup costs only its seed when the seed alone deals it;
otherwise it is spelled out (first player, wing order, deck order and turns,
and the Nile's pile, line and boats), so hand-made deals travel too.

Layout, version 2 (bytes, then base64url without padding)::

    version            2 (version 1, read too, had no expert seat kind)
    flags              bits 0-1 players - 2, bit 2 Nile, bit 3 setup spelled out,
                       bit 4 seat kinds present, bits 5-7 zero
    seed               varint (at most 10 bytes)
    names              per player: its length in UTF-8 bytes, then the bytes;
                       length 0 stands for the default name "Player <seat number>"
    decisions          varint, how many decisions follow
    choices            the rest: one big-endian integer without a leading zero
                       byte, holding least significant first the seat kinds
                       (radix 5 each; 4 in version 1), the spelled-out setup (Lehmer digits and
                       turns), then each decision's index in its legal list

The indices depend on the order of ``GameState.legal_moves()``: a change of
that order needs a new version byte. Decoding is total: anything that is not a
link this module wrote raises ``LinkError`` with a one-line reason, after at
most ``MAX_LINK_CHARS`` characters and ``MAX_DECISIONS`` decisions of work.
Names and seed are checked by the engine's own setup rules, as in a record.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import NILE_CARDS, PARCEL_IDS, PATRONS, format_dealt
from .errors import GameError, RecordError
from .setup import BOATS, NILE_PILE, Setup, make_setup
from .state import GameState

VERSION = 2
MAX_LINK_CHARS = 4000
MAX_DECISIONS = 1000
MAX_NAME_BYTES = 255
MAX_SEED_BYTES = 10
# Who may play a seat, by link version: version 2 added the expert.
KINDS_OF_VERSION: dict[int, tuple[str, ...]] = {
    1: ("human", "easy", "medium", "hard"),
    2: ("human", "easy", "medium", "hard", "expert"),
}
KINDS = KINDS_OF_VERSION[VERSION]

_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_NILE_ORDER: tuple[str, ...] = tuple(NILE_PILE)
assert sorted(_NILE_ORDER + ("nile-6",)) == sorted(NILE_CARDS)


class LinkError(RecordError):
    """A game cannot be written as a link, or a text is not a link to a game.

    Its ``kind`` is "link", or "version" for a link written by a newer
    version of the game, so that a page can word it in its own language.
    """

    def __init__(self, message: str, kind: str = "link") -> None:
        super().__init__(message, kind=kind)


@dataclass(frozen=True)
class LinkedGame:
    """What a link carries: the game (at its latest position) and who plays each seat."""

    state: GameState
    kinds: tuple[str, ...] | None


# ------------------------------------------------------------- small pieces
def default_name(seat: int) -> str:
    """The name a seat gets when none is given (written as length 0)."""
    return f"Player {seat + 1}"


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def _lehmer(items: Sequence[str], reference: Sequence[str]) -> list[tuple[int, int]]:
    """(digit, radix) pairs of ``items`` as a permutation of ``reference``."""
    left = list(reference)
    out = []
    for item in items:
        k = left.index(item)
        out.append((k, len(left)))
        left.pop(k)
    return out


class _Reader:
    """Reads the byte header; every shortfall is a LinkError."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self, what: str) -> int:
        if self.pos >= len(self.data):
            raise LinkError(f"the link is cut short (in {what})")
        value = self.data[self.pos]
        self.pos += 1
        return value

    def take(self, count: int, what: str) -> bytes:
        if self.pos + count > len(self.data):
            raise LinkError(f"the link is cut short (in {what})")
        chunk = self.data[self.pos : self.pos + count]
        self.pos += count
        return chunk

    def varint(self, what: str, max_bytes: int) -> int:
        value = 0
        for shift in range(0, 7 * max_bytes, 7):
            b = self.byte(what)
            value |= (b & 0x7F) << shift
            if not b & 0x80:
                if b == 0 and shift:
                    raise LinkError(f"the link is not in its shortest form (in {what})")
                return value
        raise LinkError(f"the link's {what} is too long")


class _Digits:
    """Pops mixed-radix digits, least significant first, from one integer."""

    def __init__(self, value: int) -> None:
        self.value = value

    def pop(self, radix: int) -> int:
        self.value, digit = divmod(self.value, radix)
        return digit

    def permutation(self, reference: Sequence[str]) -> list[str]:
        left = list(reference)
        return [left.pop(self.pop(len(left))) for _ in range(len(reference))]


# ------------------------------------------------------------------ writing
def encode_link(state: GameState, kinds: Sequence[str] | None = None) -> str:
    """The game so far (setup, names, every decision) as a base64url string.

    ``kinds`` optionally says who plays each seat (one of ``KINDS`` per seat).
    Raises LinkError if a name, the seed or the kinds cannot travel in a link.
    """
    setup = state.setup
    n = setup.count
    if kinds is not None:
        kinds = tuple(kinds)
        if len(kinds) != n or any(k not in KINDS for k in kinds):
            raise LinkError(f"seat kinds must be {n} of: {', '.join(KINDS)}")
    if len(state.moves) > MAX_DECISIONS:
        raise LinkError(f"a link holds at most {MAX_DECISIONS} decisions")
    spelled = make_setup(setup.players, setup.seed, nile=setup.nile) != setup
    if setup.seed < 0 or setup.seed.bit_length() > 64:
        raise LinkError("a link carries seeds from 0 to 2^64-1 only")

    head = bytearray([VERSION, (n - 2) | setup.nile << 2 | spelled << 3 | (kinds is not None) << 4])
    head += _varint(setup.seed)
    for seat, name in enumerate(setup.players):
        if name == default_name(seat):
            head.append(0)
            continue
        raw = name.encode("utf-8")
        if len(raw) > MAX_NAME_BYTES:
            raise LinkError(f"a player name is longer than {MAX_NAME_BYTES} bytes")
        head.append(len(raw))
        head += raw
    head += _varint(len(state.moves))

    digits: list[tuple[int, int]] = []
    if kinds is not None:
        digits += [(KINDS.index(k), len(KINDS)) for k in kinds]
    if spelled:
        digits += _setup_digits(setup)
    digits += decision_digits(state)
    number = 0
    for digit, radix in reversed(digits):
        number = number * radix + digit
    body = number.to_bytes((number.bit_length() + 7) // 8, "big")
    return base64.urlsafe_b64encode(bytes(head) + body).decode("ascii").rstrip("=")


def _setup_digits(setup: Setup) -> list[tuple[int, int]]:
    """The deal spelled out as (digit, radix) pairs."""
    out = [(setup.first_player, setup.count)]
    out += _lehmer(setup.wings, PATRONS)
    out += _lehmer([c for c, _ in setup.deck], PARCEL_IDS)
    out += [(int(turned), 2) for _, turned in setup.deck]
    if setup.nile:
        out += _lehmer([c for c, _ in setup.nile_deck[:5]], _NILE_ORDER)
        out += [(int(turned), 2) for _, turned in setup.nile_deck]
        out.append((setup.nile_six_line - 1, 3))
        out += _lehmer(setup.boats, BOATS)
    return out


def decision_digits(state: GameState) -> list[tuple[int, int]]:
    """Each decision of the game as (index in the legal list, length of that list)."""
    replayed = GameState(state.setup, log=False)
    out = []
    for _, move in state.moves:
        legal = replayed.legal_moves()
        out.append((legal.index(move), len(legal)))
        replayed.apply(move)
    return out


# ------------------------------------------------------------------ reading
def decode_link(text: object, *, log: bool = True) -> LinkedGame:
    """The game a link carries, replayed to its latest position.

    Raises LinkError (a RecordError of kind "link") with a one-line reason for
    anything that is not such a link: too long, not base64url, cut short, an
    unknown version, a bad name, trailing data or more moves than the game has.
    """
    if not isinstance(text, str):
        raise LinkError("a link must be text")
    if len(text) > MAX_LINK_CHARS:
        raise LinkError(f"the link is longer than {MAX_LINK_CHARS} characters")
    if not text:
        raise LinkError("the link is empty")
    if not set(text) <= _ALPHABET or len(text) % 4 == 1:
        raise LinkError("the link is not base64url text")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("the link is not base64url text") from None
    if base64.urlsafe_b64encode(data).decode("ascii").rstrip("=") != text:
        raise LinkError("the link is not base64url text in its shortest form")

    reader = _Reader(data)
    version = reader.byte("version")
    if version > VERSION:
        raise LinkError(
            f"the link comes from a newer version of the game (link version "
            f"{version}, this game reads {VERSION})",
            kind="version",
        )
    if version not in KINDS_OF_VERSION:
        raise LinkError(f"unknown link version {version} (this game reads version {VERSION})")
    flags = reader.byte("flags")
    if flags & 0xE0 or flags & 3 == 3:
        raise LinkError("the link's flags are not valid")
    n = 2 + (flags & 3)
    nile, spelled, has_kinds = bool(flags & 4), bool(flags & 8), bool(flags & 16)
    seed = reader.varint("seed", MAX_SEED_BYTES)
    players = []
    for seat in range(n):
        size = reader.byte("names")
        if size == 0:
            players.append(default_name(seat))
            continue
        try:
            players.append(reader.take(size, "names").decode("utf-8"))
        except UnicodeDecodeError:
            raise LinkError("a player name in the link is not UTF-8 text") from None
    count = reader.varint("number of decisions", 3)
    if count > MAX_DECISIONS:
        raise LinkError(f"the link claims {count} decisions (at most {MAX_DECISIONS})")
    body = data[reader.pos :]
    if body[:1] == b"\0":
        raise LinkError("the link is not in its shortest form (in choices)")
    digits = _Digits(int.from_bytes(body, "big"))

    known = KINDS_OF_VERSION[version]
    kinds = tuple(known[digits.pop(len(known))] for _ in range(n)) if has_kinds else None
    try:
        setup = _read_setup(digits, players, seed, nile, spelled)
    except GameError as exc:
        raise LinkError(f"the link's setup is not valid: {exc}") from None
    state = GameState(setup, log=log)
    for index in range(1, count + 1):
        if state.over:
            raise LinkError(f"the link holds {count} decisions but the game ends after {index - 1}")
        legal = state.legal_moves()
        state.apply(legal[digits.pop(len(legal))])
    if digits.value:
        raise LinkError("the link has data after its last decision")
    return LinkedGame(state, kinds)


def _read_setup(digits: _Digits, players: list[str], seed: int, nile: bool, spelled: bool) -> Setup:
    if not spelled:
        return make_setup(players, seed, nile=nile)
    first = digits.pop(len(players))
    wings = digits.permutation(PATRONS)
    order = digits.permutation(PARCEL_IDS)
    deck = [format_dealt(c, bool(digits.pop(2))) for c in order]
    if not nile:
        return make_setup(players, seed, first_player=first, wings=wings, deck=deck)
    pile = digits.permutation(_NILE_ORDER) + ["nile-6"]
    nile_deck = [format_dealt(c, bool(digits.pop(2))) for c in pile]
    six_line = 1 + digits.pop(3)
    boats = digits.permutation(BOATS)
    return make_setup(
        players,
        seed,
        nile=True,
        first_player=first,
        wings=wings,
        deck=deck,
        nile_deck=nile_deck,
        nile_six_line=six_line,
        boats=boats,
    )


def relation(saved: GameState, other: GameState) -> str:
    """How ``other`` (say, a game opened from a link) stands to ``saved``:
    "same", "ahead" (the same game with more decisions played), "behind"
    (the same game, fewer decisions) or "different" (another setup, or the
    games part ways), so a page knows when opening a link would lose a game."""
    if saved.setup != other.setup:
        return "different"
    mine, theirs = saved.moves, other.moves
    shared = min(len(mine), len(theirs))
    if mine[:shared] != theirs[:shared]:
        return "different"
    if len(theirs) == len(mine):
        return "same"
    return "ahead" if len(theirs) > len(mine) else "behind"
