"""Any other device in a live room: ``GuestRoom`` takes a seat, writes its
decisions and reads the games the room's device sends (room.py says how a room
works)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game import GameState
from game.compact import LinkError, decode_link, relation

from ..share import checked_code
from ..table import HUMAN
from .protocol import (
    AWAY_S,
    HIDDEN_AWAY_S,
    VERSION,
    MessageError,
    Moved,
    SaidMsg,
    SeatInfo,
    Take,
    Welcome,
    dump,
    mac_matches,
    read_from_host,
    signed,
)
from .room import (
    live_texts,
    renamed_only,
)


@dataclass
class GuestEvent:
    """What a message from the room's device did here: ``kind`` is "game" (a
    newer position of the game: redraw), "new" (the room's next game), "seats", "seated" (this device has its seat),
    "welcome" (this device asks for its seat back: ``send`` holds the request),
    "said" (a line said at the table: ``said``),
    "moved" (another device carries the game on in a new room: ``moved``),
    "refused" (``message`` says why, in the page's language; nothing changed),
    "beat" or "ignored" (a message not taken; ``message`` says why). ``send``:
    what to send the room's device (``GuestRoom.host_peer``)."""

    kind: str
    message: str | None = None
    send: list[str] = field(default_factory=list)  # to the room's device
    moved: Moved | None = None  # "moved": where another device carries the game on
    said: SaidMsg | None = None  # "said": a line said at the table
    key: str | None = None  # "refused": the catalogue key of why


class GuestRoom:
    """A device in a room opened by another one. ``seat``, ``secret`` and
    ``seq`` come back from ``remembered()`` after a reload."""

    def __init__(
        self,
        room: str,
        language: str = "en",
        seat: int | None = None,
        secret: str | None = None,
        seq: int = 0,
    ) -> None:
        self.room = room
        self.texts = live_texts(language)
        self.seat = seat
        self.secret = secret
        self.seq = seq
        self.seated = False  # the room's device took this device's seat (or its return)
        self.state: GameState | None = None
        self.kinds: list[str] = []
        self.seats: list[SeatInfo] = []
        self.host_seen: float | None = None
        self.host_hidden = False  # the room's device's last beat: its page is in the background
        self.host_peer: str | None = None  # the peer the room's device speaks from
        self.round = 0  # which game of the room this device has (0: none yet)
        self.dropped = False  # its seat was freed for another game: a seat to pick again

    def remembered(self) -> dict[str, Any]:
        """What the page keeps (localStorage) to come back to its seat after a reload."""
        return {"room": self.room, "seat": self.seat, "secret": self.secret, "seq": self.seq}

    def host_away(self, now: float) -> bool:
        """Whether the room's device has been silent for AWAY_S, or for
        HIDDEN_AWAY_S when it last said its page was in the background."""
        wait = HIDDEN_AWAY_S if self.host_hidden else AWAY_S
        return self.host_seen is None or now - self.host_seen > wait

    def silent(self, now: float) -> bool:
        """Whether the room's device has not been heard for AWAY_S, background
        or not: its page beats even there, so silence means it is gone or frozen."""
        return self.host_seen is None or now - self.host_seen > AWAY_S

    # ------------------------------------------------------------ writing
    def take(self, seat: int, name: str) -> str:
        """Ask for a free seat (a device plays one seat: ValueError once it holds one)."""
        if self.secret is not None:
            raise ValueError("this device already holds a seat")
        message: Take = {"v": VERSION, "t": "take", "room": self.room, "seat": seat, "name": name}
        return dump(message)

    def _signed(self, body: dict[str, Any]) -> str:
        if self.seat is None or self.secret is None:
            raise ValueError("this device holds no seat")
        self.seq += 1
        head = {"v": VERSION, "room": self.room, "seat": self.seat, "seq": self.seq}
        return dump(signed({**head, **body}, self.secret))

    def move(self, move: dict[str, Any]) -> str:
        """This device's decision, for the room's device to check and play."""
        if self.state is None:
            raise ValueError("no game yet")
        return self._signed({"t": "move", "n": len(self.state.moves), "move": move})

    def moved(self, to: str, password: str, key: str, by: str) -> str:
        """For every other device: this one carries the game on, in room ``to``
        (its password and key: the new room's invite)."""
        message: Moved = {
            "v": VERSION,
            "t": "moved",
            "room": self.room,
            "to": to,
            "password": password,
            "key": key,
            "by": by,
        }
        return dump(message)

    def say(self, line: Mapping[str, str]) -> str:
        """A line for the table ("text" or a ready "phrase"), signed for this
        device's seat (ValueError for a watcher: it may read, not write)."""
        if not self.seated:
            raise ValueError("a watcher does not write")
        return self._signed({"t": "say", **line})

    def beat(self) -> str | None:
        """This device's beat (none before it holds a seat)."""
        if not self.seated:
            return None
        return self._signed({"t": "beat"})

    # ------------------------------------------------------------ reading
    def _ignored(self, key: str, **params: Any) -> GuestEvent:
        return GuestEvent("ignored", self.texts.t(key, **params))

    def receive(
        self, text: object, now: float, peer: str | None = None, signed: bool = False
    ) -> GuestEvent:
        """A message from ``peer``, meant to come from the room's device:
        ``signed`` with the room's key (the page checked it against the
        invite's), or refused, whoever sent it. Once this device holds a seat's
        secret, what the room's device sends it is also signed with that
        secret, and only a message from the device that welcomed it is taken.
        Another guest's ``moved`` is not the room's device's: it needs no key."""
        try:
            message = read_from_host(text)
        except MessageError as exc:
            return self._ignored(exc.key)
        if message["room"] != self.room:
            return self._ignored("live.other_game")
        if message["t"] != "moved" and not signed:
            return self._ignored("live.forged")
        if message["t"] == "beat":
            if self.host_peer is None or peer == self.host_peer:
                self.host_seen = now
                self.host_hidden = message.get("hidden", False)
            return GuestEvent("beat")
        if message["t"] == "welcome":
            return self._welcome(message, now, peer)
        if message["t"] == "moved":
            # Another guest's word: kept, and offered only while the room's
            # device is silent (``silent``), never from the room's device.
            if peer == self.host_peer or self.state is None:
                return self._ignored("live.forged")
            return GuestEvent("moved", moved=message)
        key = self.secret
        if key is None and message["t"] == "seated":
            key = message.get("secret")
        if key is None:
            if self.host_peer is not None and peer != self.host_peer:
                return self._ignored("live.forged")
        elif not mac_matches(dict(message), key):
            return self._ignored("live.forged")
        self.host_peer, self.host_seen = peer, now
        if message["t"] == "refused":
            code = message["key"] if message["key"].startswith("live.") else "live.bad_message"
            if code == "live.seat_gone" and key is not None:
                self.seat, self.secret, self.seq, self.seated = None, None, 0, False
                self.dropped = True
            return GuestEvent("refused", self.texts.t(code, reason=message["reason"]), key=code)
        if message["t"] == "seated":
            self.seat = message["seat"]
            self.secret = key
            self.seq = max(self.seq, message["seq"])
            self.seated = True
            return GuestEvent("seated")
        if message["t"] == "seats":
            self.seats = message["seats"]
            return GuestEvent("seats")
        if message["t"] == "said":
            return GuestEvent("said", said=message)
        event = self._game(message["code"], message.get("round", 1))
        if event.kind != "ignored":
            self.seats = message["seats"]
        return event

    def _welcome(self, message: Welcome, now: float, peer: str | None) -> GuestEvent:
        """The room's device greets this one: a visitor takes its game and seats;
        a device with a seat's secret asks for its seat back and waits for the
        signed answer (a welcome is not signed: its sender cannot know who this is)."""
        if self.seat is not None and self.secret is not None:
            back: dict[str, Any] = {
                "v": VERSION,
                "t": "back",
                "room": self.room,
                "seat": self.seat,
                "nonce": message["nonce"],
            }
            return GuestEvent("welcome", send=[dump(signed(back, self.secret))])
        event = self._game(message["code"], message.get("round", 1))
        if event.kind != "ignored":
            self.seats = message["seats"]
            self.host_peer, self.host_seen = peer, now
        return event

    def _game(self, code: str, round_: int) -> GuestEvent:
        """A game received: read as a link is, taken only when it is this game,
        later, or the room's next game (a later ``round``: "new")."""
        try:
            linked = decode_link(checked_code(code))
        except LinkError as exc:
            return self._ignored("link.newer" if exc.kind == "version" else "link.bad")
        if round_ < self.round:
            return self._ignored("live.behind")
        if self.state is not None and round_ > self.round:
            self.state, self.round = linked.state, round_
            self.kinds = (
                list(linked.kinds) if linked.kinds is not None else [HUMAN] * linked.state.n
            )
            return GuestEvent("new")
        self.round = round_
        if self.state is not None:
            ours = self.state
            if renamed_only(ours.setup, linked.state.setup):
                ours = ours.renamed(linked.state.setup.players)  # a friend took a seat
            stands = relation(ours, linked.state)
            if stands == "behind":
                return self._ignored("live.behind")
            if stands == "different":
                return self._ignored("live.other_game")
            if stands == "same":
                if ours is self.state:
                    return GuestEvent("seats")
                self.state = ours
                return GuestEvent("game")
        self.state = linked.state
        self.kinds = list(linked.kinds) if linked.kinds is not None else [HUMAN] * linked.state.n
        return GuestEvent("game")
