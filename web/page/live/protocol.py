"""The messages of a live room: small typed values, JSON text on the wire.

Every message names the protocol's version (``v``), its type (``t``) and the
room (``room``, drawn by the device that opened it: a message for another room
is for another game). The room's device (the host) sends:

- ``welcome`` to a device that just connected: a number used once (``nonce``)
  for its ``back``, the game and the seats;
- ``game`` to every device after each decision: the whole game as a link's
  text (``game.compact`` with ``page.share``'s check) and the seats;
  ``welcome`` and ``game`` name which game of the room it is (``round``, 1 for
  the first, one more for each *Play again*): a later round is another game,
  taken as a new one;
- ``seats`` to every device when someone takes a seat, goes away or comes back;
- ``seated`` to the device that took a seat: its number, the last ``seq`` the
  host saw from it, and on a first take the seat's ``secret``;
- ``refused`` to the device whose message changed nothing, with why;
- ``said`` to every device: a line a seat said (``seat``, or -1 for the room's
  device when it plays no person's seat), its ``text`` or a ready ``phrase``;
- ``beat`` to every device, every ``BEAT_S`` seconds, with ``hidden`` while
  its page is in the background (another tab or app): its beats may then stop
  because the system freezes the page, so the others wait ``HIDDEN_AWAY_S``
  rather than ``AWAY_S`` before they take it for gone.

What it sends a device that holds a seat (all but ``welcome`` and ``beat``)
carries a ``mac`` made with that seat's secret: a seated device takes nothing
unsigned, so another guest cannot pass itself off as the room's device.

Every message of the room's device is signed with the room's key, whose
public half is in the invite (web/front/js/live/keys.js signs and checks;
``signed`` tells Python a message was): a device takes nothing as the room's
device's that is not, so another device that knows the password cannot speak
for it, not even to a newcomer it would welcome first.

A guest that carries on the game once the room's device left for good sends
every other device of the room ``moved``: the new room it opened (``to``), its
password and key, who carries on (``by``). A device takes it only while the room's
device is away, and only as an offer its player accepts.

Every other device (a guest) sends the host:

- ``take`` a free seat, with a name;
- ``back`` to take its seat again after a reload: the seat, the host's nonce
  and a ``mac`` made with the seat's secret;
- ``move``: the seat, the number of decisions of the game it played from
  (``n``), the decision in the engine's notation, a sequence number (``seq``,
  higher than any before from that seat) and a ``mac``;
- ``beat``: the seat, a ``seq`` and a ``mac``, every ``BEAT_S`` seconds;
- ``say``: a line to the table, signed as a move is (the seat, a ``seq``, a
  ``mac``), with its ``text`` or a ready ``phrase``: a device speaks only for
  the seat it holds, and a watcher not at all.

A ``mac`` is an HMAC-SHA256 of the rest of the message with the seat's secret,
which only the host and the device that took the seat hold: a message for a
seat made without its secret, or changed on the way, is refused; a replayed
one is refused by its ``seq`` (or its used nonce).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from game.compact import MAX_LINK_CHARS
from game.limits import MAX_NAME

from ..share import CHECK_CHARS
from .chat import MAX_CHAT, PHRASES

VERSION = 2
# A whole game's link and the seats fit well within this.
MAX_MESSAGE_CHARS = MAX_LINK_CHARS + 2000
MAX_ROOM_CHARS = 64
MAX_SECRET_CHARS = 64
MAX_SEATS = 4
MAC_CHARS = 22  # 132 bits of the HMAC, base64url
# A room's key as text (web/front/js/live/keys.js): "e" (Ed25519) or "p" (ECDSA
# P-256), then its bytes in base64url (the public half raw, the private PKCS #8).
KEY_SHAPE = re.compile(r"[ep][A-Za-z0-9_-]{40,400}")
# Every device beats this often; a seat silent for AWAY_S is shown away.
BEAT_S = 1.0
AWAY_S = 3.5
# The room's device last said its page was in the background: a phone locked
# or another app in front, which a system may freeze for a while. The others
# wait this long for it before offering to carry on without it.
HIDDEN_AWAY_S = 60.0

SeatStatus = Literal["free", "taken", "away", "host"]


class SeatInfo(TypedDict):
    """One seat as every device sees it: who plays it ("human" or a computer
    level), whether it is free, taken by a device, that device away, or played
    by the room's device (its own people and the computers), and a name."""

    seat: int
    kind: str
    status: SeatStatus
    name: str


class Welcome(TypedDict):
    v: int
    t: Literal["welcome"]
    room: str
    nonce: str
    code: str
    seats: list[SeatInfo]
    round: NotRequired[int]  # the room's game: 1 when not there


class Game(TypedDict):
    v: int
    t: Literal["game"]
    room: str
    code: str
    seats: list[SeatInfo]
    round: NotRequired[int]


class Seats(TypedDict):
    v: int
    t: Literal["seats"]
    room: str
    seats: list[SeatInfo]


class Seated(TypedDict):
    v: int
    t: Literal["seated"]
    room: str
    seat: int
    seq: int
    secret: NotRequired[str]


class Refused(TypedDict):
    v: int
    t: Literal["refused"]
    room: str
    key: str
    reason: str


class HostBeat(TypedDict):
    v: int
    t: Literal["beat"]
    room: str
    hidden: NotRequired[Literal[True]]  # only while the host's page is in the background


class SaidMsg(TypedDict):
    v: int
    t: Literal["said"]
    room: str
    seat: int  # -1: the room's device, which plays no person's seat
    text: NotRequired[str]
    phrase: NotRequired[str]


class Moved(TypedDict):
    v: int
    t: Literal["moved"]
    room: str
    to: str
    password: str
    key: str  # the new room's key (its public half)
    by: str


class Take(TypedDict):
    v: int
    t: Literal["take"]
    room: str
    seat: int
    name: str


class Back(TypedDict):
    v: int
    t: Literal["back"]
    room: str
    seat: int
    nonce: str
    mac: str


class MoveMsg(TypedDict):
    v: int
    t: Literal["move"]
    room: str
    seat: int
    seq: int
    n: int
    move: dict[str, Any]
    mac: str


class Say(TypedDict):
    v: int
    t: Literal["say"]
    room: str
    seat: int
    seq: int
    text: NotRequired[str]
    phrase: NotRequired[str]
    mac: str


class GuestBeat(TypedDict):
    v: int
    t: Literal["beat"]
    room: str
    seat: int
    seq: int
    mac: str


FromHost = Welcome | Game | Seats | Seated | Refused | HostBeat | Moved | SaidMsg
FromGuest = Take | Back | MoveMsg | GuestBeat | Say


class MessageError(ValueError):
    """A text that is not a message of this protocol (``key``: the catalogue key
    of what to say about it)."""

    def __init__(self, why: str, key: str = "live.bad_message") -> None:
        super().__init__(why)
        self.key = key


# ------------------------------------------------------------------ writing
def dump(message: Mapping[str, Any]) -> str:
    """A message (one of ``FromHost``, ``FromGuest``) as its wire text (compact JSON, ASCII)."""
    return json.dumps(message, separators=(",", ":"), sort_keys=True)


def mac_of(message: dict[str, Any], secret: str) -> str:
    """The HMAC of a message (without its ``mac``) under a seat's secret."""
    body = {k: v for k, v in message.items() if k != "mac"}
    text = json.dumps(body, separators=(",", ":"), sort_keys=True, ensure_ascii=True)
    digest = hmac.new(secret.encode(), text.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode()[:MAC_CHARS]


def signed(message: dict[str, Any], secret: str) -> dict[str, Any]:
    """The message with its ``mac``."""
    return {**message, "mac": mac_of(message, secret)}


def mac_matches(message: dict[str, Any], secret: str) -> bool:
    given = message.get("mac")
    return isinstance(given, str) and hmac.compare_digest(given, mac_of(message, secret))


# ------------------------------------------------------------------ reading
def _load(text: object) -> dict[str, Any]:
    if not isinstance(text, str):
        raise MessageError("a message must be text")
    if len(text) > MAX_MESSAGE_CHARS:
        raise MessageError(f"a message has at most {MAX_MESSAGE_CHARS} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise MessageError("a message must be JSON") from None
    if not isinstance(data, dict):
        raise MessageError("a message must be a JSON object")
    version = data.get("v")
    if isinstance(version, bool) or not isinstance(version, int) or version < VERSION:
        raise MessageError("a message must name its protocol version")
    if version > VERSION:
        raise MessageError(f"protocol version {version} is newer than {VERSION}", "live.newer")
    room = data.get("room")
    if not isinstance(room, str) or not 0 < len(room) <= MAX_ROOM_CHARS:
        raise MessageError("a message must name its room")
    return data


def _int(data: dict[str, Any], name: str, low: int = 0, high: int = 2**53) -> int:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MessageError(f"{name} must be a whole number from {low} to {high}")
    return value


def _text(data: dict[str, Any], name: str, most: int, least: int = 1) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not least <= len(value) <= most:
        raise MessageError(f"{name} must be text of {least} to {most} characters")
    return value


def _exactly(data: dict[str, Any], *names: str, optional: tuple[str, ...] = ()) -> None:
    keys = set(data)
    wanted = {"v", "t", "room", *names}
    if not wanted <= keys or keys - wanted - set(optional):
        raise MessageError(f"a {data.get('t')!r} message must have the fields {sorted(wanted)}")


def _seats(data: dict[str, Any]) -> list[SeatInfo]:
    seats = data.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= MAX_SEATS:
        raise MessageError(f"seats must be a list of 2 to {MAX_SEATS}")
    out: list[SeatInfo] = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or set(seat) != {"seat", "kind", "status", "name"}:
            raise MessageError("a seat must have seat, kind, status and name")
        if _int(seat, "seat", 0, MAX_SEATS - 1) != i:
            raise MessageError("seats must be in order")
        _text(seat, "kind", 10)
        if seat["status"] not in ("free", "taken", "away", "host"):
            raise MessageError("a seat's status must be free, taken, away or host")
        _text(seat, "name", MAX_NAME, 0)
        out.append(cast(SeatInfo, seat))
    return out


def _line(data: dict[str, Any]) -> None:
    """A line said: its text (cleaned later, chat.clean_line) or a ready phrase, one of the two."""
    if ("text" in data) == ("phrase" in data):
        raise MessageError("a line has its text or a phrase")
    if "text" in data:
        _text(data, "text", MAX_CHAT)
    elif data["phrase"] not in PHRASES:
        raise MessageError("unknown phrase")


_MAX_SEQ = 2**53
MAX_ROUND = 10_000  # games in one room


def read_from_host(text: object) -> FromHost:
    """A message from the room's device, checked field by field (the game's code
    is checked later, as a link is); MessageError otherwise."""
    data = _load(text)
    kind = data.get("t")
    signable = ("mac",)
    if kind in ("welcome", "game"):
        _exactly(
            data,
            "code",
            "seats",
            *(("nonce",) if kind == "welcome" else ()),
            optional=(*signable, "round"),
        )
        _text(data, "code", MAX_LINK_CHARS + 1 + CHECK_CHARS)
        _seats(data)
        if "round" in data:
            _int(data, "round", 1, MAX_ROUND)
        if kind == "welcome":
            _text(data, "nonce", MAX_SECRET_CHARS)
            return cast(Welcome, data)
        return cast(Game, data)
    if kind == "seats":
        _exactly(data, "seats", optional=signable)
        _seats(data)
        return cast(Seats, data)
    if kind == "seated":
        _exactly(data, "seat", "seq", optional=("secret", *signable))
        _int(data, "seat", 0, MAX_SEATS - 1)
        _int(data, "seq", 0, _MAX_SEQ)
        if "secret" in data:
            _text(data, "secret", MAX_SECRET_CHARS, 16)
        return cast(Seated, data)
    if kind == "refused":
        _exactly(data, "key", "reason", optional=signable)
        _text(data, "key", 40)
        _text(data, "reason", 500, 0)
        return cast(Refused, data)
    if kind == "beat":
        _exactly(data, optional=("hidden",))
        if "hidden" in data and data["hidden"] is not True:
            raise MessageError("a beat's hidden must be true when there")
        return cast(HostBeat, data)
    if kind == "said":
        _exactly(data, "seat", optional=("text", "phrase", *signable))
        _int(data, "seat", -1, MAX_SEATS - 1)
        _line(data)
        return cast(SaidMsg, data)
    if kind == "moved":  # from a guest carrying on, read by the others
        _exactly(data, "to", "password", "key", "by")
        _text(data, "to", MAX_ROOM_CHARS)
        _text(data, "password", MAX_SECRET_CHARS)
        if not isinstance(data["key"], str) or not KEY_SHAPE.fullmatch(data["key"]):
            raise MessageError("a room's key is e or p and its base64url bytes")
        _text(data, "by", MAX_NAME, 0)
        return cast(Moved, data)
    raise MessageError(f"unknown message type {str(kind)[:20]!r}")


def read_from_guest(text: object) -> FromGuest:
    """A message from a guest, checked field by field (its ``mac`` is checked by
    the host, which holds the secrets); MessageError otherwise."""
    data = _load(text)
    kind = data.get("t")
    if kind == "take":
        _exactly(data, "seat", "name")
        _int(data, "seat", 0, MAX_SEATS - 1)
        _text(data, "name", 100, 0)
        return cast(Take, data)
    if kind == "back":
        _exactly(data, "seat", "nonce", "mac")
        _int(data, "seat", 0, MAX_SEATS - 1)
        _text(data, "nonce", MAX_SECRET_CHARS)
        _text(data, "mac", MAC_CHARS, MAC_CHARS)
        return cast(Back, data)
    if kind == "move":
        _exactly(data, "seat", "seq", "n", "move", "mac")
        _int(data, "seat", 0, MAX_SEATS - 1)
        _int(data, "seq", 1, _MAX_SEQ)
        _int(data, "n", 0, 10_000)
        _text(data, "mac", MAC_CHARS, MAC_CHARS)
        if not isinstance(data.get("move"), dict):
            raise MessageError("a move must be an object")
        return cast(MoveMsg, data)
    if kind == "beat":
        _exactly(data, "seat", "seq", "mac")
        _int(data, "seat", 0, MAX_SEATS - 1)
        _int(data, "seq", 1, _MAX_SEQ)
        _text(data, "mac", MAC_CHARS, MAC_CHARS)
        return cast(GuestBeat, data)
    if kind == "say":
        _exactly(data, "seat", "seq", "mac", optional=("text", "phrase"))
        _int(data, "seat", 0, MAX_SEATS - 1)
        _int(data, "seq", 1, _MAX_SEQ)
        _text(data, "mac", MAC_CHARS, MAC_CHARS)
        _line(data)
        return cast(Say, data)
    raise MessageError(f"unknown message type {str(kind)[:20]!r}")
