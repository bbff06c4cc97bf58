"""A live room: the device that opened it holds the game; every other device sends
it decisions and receives the new game.

``HostRoom`` is the room's device: it gives out seats and their secrets, checks
every guest's message (the seat's ``mac``, its ``seq``, the position it was
played from) and lets the engine check the decision; a refused message changes
nothing and is answered with why, to its sender only. ``GuestRoom`` is any
other device: it takes a seat (or takes its seat back after a reload), writes
its decisions, and reads each game it receives as it would read a link
(``page.share.checked_code``, ``game.compact.decode_link``, ``relation``): cut,
changed, for another game or behind, it is refused and nothing changes. What
the host sends a device that holds a seat is signed with that seat's secret,
and such a device takes nothing unsigned, so another guest cannot speak for
the host.

Both are plain values driven by the page: it hands them what the transport
received (text, the sending peer, the time), sends what they answer
(``Outgoing``: a peer, or None for every peer, and the text), and calls
``tick`` every ``BEAT_S`` seconds. Time is a number of seconds passed in, so
the tests drive the clock.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

from game import GameState
from game.compact import LinkError, decode_link, relation
from game.errors import GameError
from game.limits import MAX_NAME, clean_name
from game.setup import Setup

from ..share import checked_code, link_code
from ..table import HUMAN, Table
from ..texts import Texts, catalogue
from .chat import ChatError, Pace, clean_line, phrase_key
from .protocol import (
    AWAY_S,
    HIDDEN_AWAY_S,
    VERSION,
    Back,
    Game,
    GuestBeat,
    HostBeat,
    MessageError,
    Moved,
    MoveMsg,
    Refused,
    SaidMsg,
    Say,
    Seated,
    SeatInfo,
    Seats,
    SeatStatus,
    Take,
    Welcome,
    dump,
    mac_matches,
    read_from_guest,
    read_from_host,
    signed,
)

# (peer, text): the peer to send to, or None for every peer in the room.
Outgoing = tuple[str | None, str]

# What the page says when live play cannot start, by the transport's
# TransportError code (web/front/js/live/transport.js).
FAILURE_KEYS = {
    "unavailable": "live.unavailable",
    "unsupported": "live.unsupported",
    "insecure": "live.insecure",
    "relays-unreachable": "live.relays_unreachable",
    "no-peer": "live.no_peer",
    "bad-room": "live.unavailable",
    "old-invite": "live.old_invite",  # an invite made before rooms had keys
    "key-unsupported": "live.key_unsupported",  # this browser cannot check the room's key
}


# Live play's texts as the site ships them: the catalogues' "live.*" keys,
# apart (tools/build.py split_live_texts), in live/livepy.zip beside this module.
LIVE_LANG = Path(__file__).with_name("lang")


@cache
def live_catalogue(code: str) -> dict[str, str]:
    """Live play's texts in one language: from web/page/live/lang/ where the site
    unpacked them, or else from the whole catalogue (the sources hold them there)."""
    shipped = LIVE_LANG / f"{code}.json"
    if shipped.is_file():
        data = json.loads(shipped.read_text(encoding="utf-8"))
        return {str(k): str(v) for k, v in data.items()}
    return {k: v for k, v in catalogue(code).items() if k.startswith("live.")}


def live_texts(language: str) -> Texts:
    """The page's words in ``language``, live play's included."""
    texts = Texts(language)
    texts.strings = {**texts.strings, **live_catalogue(texts.code)}
    return texts


def failure_text(code: Any, language: str = "en") -> str:
    """Why live play could not start, in the page's language, with the way on (by link)."""
    key = FAILURE_KEYS.get(code if isinstance(code, str) else "", "live.unavailable")
    return live_texts(language).t(key)


def new_secret() -> str:
    """A seat's secret, a nonce or a room's name: 128 random bits, base64url."""
    return secrets.token_urlsafe(16)


def renamed_only(ours: Setup, theirs: Setup) -> bool:
    """Whether two setups are one game's under other player names."""
    return ours != theirs and replace(ours, players=theirs.players) == theirs


# ------------------------------------------------------------------ the host
@dataclass
class Seat:
    """One seat as the room's device knows it (its secret included). Its name
    is the game's (``state.setup.players``): one name everywhere."""

    kind: str
    status: SeatStatus
    secret: str | None = None
    peer: str | None = None
    seq: int = 0
    seen: float = 0.0

    def info(self, number: int, name: str) -> SeatInfo:
        return {"seat": number, "kind": self.kind, "status": self.status, "name": name}


@dataclass
class HostAnswer:
    """What a message did on the room's device: what to send, and whether the
    game or the seats changed (redraw), or why it was refused (for the log)."""

    send: list[Outgoing] = field(default_factory=list)
    game_changed: bool = False
    seats_changed: bool = False
    refused: str | None = None
    said: list[SaidMsg] = field(default_factory=list)  # lines said at the table (to show here too)


class HostRoom:
    """The game of a live room, held by the device that opened it.

    ``kinds``: who plays each seat ("human" or a computer level); ``mine``: the
    people's seats played on this device. Those and the computers' seats are
    the host's; every other person's seat is free until a guest takes it."""

    def __init__(
        self,
        state: GameState,
        kinds: Sequence[str],
        mine: Iterable[int] = (),
        room: str | None = None,
        language: str = "en",
        draw: Callable[[], str] = new_secret,
    ) -> None:
        if len(kinds) != state.n:
            raise ValueError(f"a room of {state.n} players needs {state.n} seat kinds")
        self.state = state
        self.kinds = list(kinds)
        self.room = room or draw()
        self.texts = live_texts(language)
        self.draw = draw
        own = set(mine)
        self.seats = [
            Seat(kind, "host" if kind != HUMAN or i in own else "free")
            for i, kind in enumerate(self.kinds)
        ]
        self.nonces: dict[str, str] = {}  # peer -> the nonce of its welcome, until used
        self.peers: dict[str, None] = {}  # the devices connected now, in order
        self.ticked: float | None = None  # when this device last beat
        self.round = 1  # which game of the room (one more for each ``again``)
        # The secrets of seats freed for another game (their devices had left):
        # a device that comes back with one is told its seat is gone.
        self.former: list[str] = []
        self.paces: dict[int, Pace] = {}  # how often each seat speaks

    @classmethod
    def take_over(
        cls, guest: GuestRoom, language: str = "en", draw: Callable[[], str] = new_secret
    ) -> HostRoom:
        """A new room, held by a guest whose room's device left for good: the
        same game from where this device has it, its own seat and the computers
        played here, the other people's seats free to take again (their old
        secrets belong to the old room). Raises ValueError before any game came."""
        if guest.state is None:
            raise ValueError("no game to carry on")
        state = GameState(guest.state.setup)
        for _, move in guest.state.moves:
            state.play(move)
        mine = [guest.seat] if guest.seat is not None else []
        return cls(state, guest.kinds, mine, language=language, draw=draw)

    # ------------------------------------------------------------ views
    def code(self) -> str:
        """The game as a link's text, "<code>.<check>" (what every device receives)."""
        return link_code(Table(self.state, self.kinds))

    def seat_infos(self) -> list[SeatInfo]:
        names = self.state.setup.players
        return [seat.info(i, names[i]) for i, seat in enumerate(self.seats)]

    def name_of(self, seat: int) -> str:
        return self.state.setup.players[seat]

    def rename(self, seat: int, typed: object) -> bool:
        """The seat's player is called as typed (cleaned; another seat's name
        gets a number after it), in the game itself: on the board, in the log,
        in its record and links. Whether the name changed."""
        names = list(self.state.setup.players)
        name = clean_name(typed)
        if not name:
            return False
        taken = {n.casefold() for i, n in enumerate(names) if i != seat}
        base, number = name, 2
        while name.casefold() in taken:
            suffix = f" {number}"
            name = base[: MAX_NAME - len(suffix)].rstrip() + suffix
            number += 1
        if name == names[seat]:
            return False
        names[seat] = name
        self.state = self.state.renamed(names)
        return True

    def _seated(self, number: int, seq: int) -> Seated:
        """Word to a device that it holds seat ``number`` (its moves counted from ``seq``)."""
        return {"v": VERSION, "t": "seated", "room": self.room, "seat": number, "seq": seq}

    def _game(self) -> Game:
        return {
            "v": VERSION,
            "t": "game",
            "room": self.room,
            "code": self.code(),
            "seats": self.seat_infos(),
            "round": self.round,
        }

    def _seats(self) -> Seats:
        return {"v": VERSION, "t": "seats", "room": self.room, "seats": self.seat_infos()}

    def _secret_of(self, peer: str) -> str | None:
        """The secret of the seat ``peer`` holds now, if it holds one."""
        for seat in self.seats:
            if seat.peer == peer and seat.secret is not None:
                return seat.secret
        return None

    def _to(self, peer: str, message: Mapping[str, Any]) -> Outgoing:
        """A message for one device: signed with its seat's secret when it holds
        a seat, so that it can tell the room's device from another guest."""
        secret = self._secret_of(peer)
        return (peer, dump(signed(dict(message), secret) if secret else message))

    def _to_all(self, message: Mapping[str, Any]) -> list[Outgoing]:
        return [self._to(peer, message) for peer in self.peers]

    def _refuse(self, peer: str, key: str, reason: str = "") -> HostAnswer:
        message: Refused = {
            "v": VERSION,
            "t": "refused",
            "room": self.room,
            "key": key,
            "reason": reason,
        }
        return HostAnswer([self._to(peer, message)], refused=key)

    # ------------------------------------------------------------ events
    def connected(self, peer: str) -> HostAnswer:
        """A device joined the room: welcome it with the game, the seats and a nonce."""
        nonce = self.draw()
        self.nonces[peer] = nonce
        self.peers[peer] = None
        message: Welcome = {
            "v": VERSION,
            "t": "welcome",
            "room": self.room,
            "nonce": nonce,
            "code": self.code(),
            "seats": self.seat_infos(),
            "round": self.round,
        }
        return HostAnswer([(peer, dump(message))])

    def disconnected(self, peer: str) -> HostAnswer:
        """A device left (or the transport lost it): its seats are away, kept for it."""
        self.nonces.pop(peer, None)
        self.peers.pop(peer, None)
        changed = False
        for seat in self.seats:
            if seat.peer == peer and seat.status == "taken":
                seat.status = "away"
                changed = True
        return HostAnswer(self._to_all(self._seats()) if changed else [], seats_changed=changed)

    def tick(self, now: float, hidden: bool = False) -> HostAnswer:
        """Every BEAT_S: the host's beat (``hidden``: this device's page is in the
        background), and seats silent for AWAY_S shown away. After a silence of
        this device's own (its page frozen, then woken), the others get a whole
        AWAY_S to be heard again: what they sent meanwhile may still be on its way."""
        beat: HostBeat = {"v": VERSION, "t": "beat", "room": self.room}
        if hidden:
            beat["hidden"] = True
        out: list[Outgoing] = [(None, dump(beat))]
        changed = False
        woke = self.ticked is not None and now - self.ticked > AWAY_S
        self.ticked = now
        for seat in self.seats:
            if woke and seat.status == "taken":
                seat.seen = max(seat.seen, now)
            if seat.status == "taken" and now - seat.seen > AWAY_S:
                seat.status = "away"
                changed = True
        if changed:
            out += self._to_all(self._seats())
        return HostAnswer(out, seats_changed=changed)

    def again(self, state: GameState, kinds: Sequence[str], order: Sequence[int]) -> HostAnswer:
        """Another game in this room (*Play again*): ``state``, a new deal whose
        seat ``i`` is the seat ``order[i]`` was (the same people, maybe in
        another order), ``kinds`` who plays each (a computer's level may change,
        a person stays a person). Each device here keeps its seat, told its new
        number; a seat whose device has left is free for anyone with the invite.
        Raises ValueError for an order or kinds that do not fit the room."""
        size = len(self.seats)
        if sorted(order) != list(range(size)) or state.n != size or len(kinds) != size:
            raise ValueError("another game in the room has the room's seats, in some order")
        seats = [self.seats[i] for i in order]
        for seat, kind in zip(seats, kinds):
            if (seat.kind == HUMAN) != (kind == HUMAN):
                raise ValueError("a person's seat stays a person's, a computer's a computer's")
        for seat, kind in zip(seats, kinds):
            seat.kind = kind
            if seat.status == "away":  # its device left: free for anyone
                if seat.secret is not None:
                    self.former.append(seat.secret)
                seat.status, seat.secret, seat.peer, seat.seq = "free", None, None, 0
        self.seats, self.kinds, self.state = seats, list(kinds), state
        self.round += 1
        out: list[Outgoing] = []
        for number, seat in enumerate(seats):
            if seat.status == "taken" and seat.peer is not None:
                out.append(self._to(seat.peer, self._seated(number, seat.seq)))
        out += self._to_all(self._game())
        return HostAnswer(out, game_changed=True, seats_changed=True)

    def play(self, seat: int, move: dict[str, Any]) -> HostAnswer:
        """A decision made on this device (its people or its computers). Raises
        GameError (nothing changed) when the engine refuses it, or ValueError
        for a seat that is not the host's."""
        if not 0 <= seat < len(self.seats) or self.seats[seat].status != "host":
            raise ValueError(f"seat {seat} is not played on this device")
        self.state.play(move, player=seat)
        return HostAnswer(self._to_all(self._game()), game_changed=True)

    def moved(self) -> HostAnswer:
        """The game moved on on this device (a click of its people or a computer's
        move, played on ``state`` by the page): every device gets it."""
        return HostAnswer(self._to_all(self._game()), game_changed=True)

    def receive(self, text: object, peer: str, now: float) -> HostAnswer:
        """A guest's message: taken, or refused to its sender with nothing changed."""
        self.peers.setdefault(peer, None)
        try:
            message = read_from_guest(text)
        except MessageError as exc:
            return self._refuse(peer, exc.key, str(exc))
        if message["room"] != self.room:
            return self._refuse(peer, "live.other_game")
        if message["seat"] >= len(self.seats):
            return self._refuse(peer, "live.not_your_seat")
        if message["t"] == "take":
            return self._take(message, peer, now)
        if message["t"] == "back":
            return self._back(message, peer, now)
        return self._signed(message, peer, now)

    # ------------------------------------------------------------ messages
    def _take(self, message: Take, peer: str, now: float) -> HostAnswer:
        number = message["seat"]
        seat = self.seats[number]
        if self._secret_of(peer) is not None:
            return self._refuse(peer, "live.one_seat")
        if seat.status != "free":
            return self._refuse(peer, "live.seat_taken")
        seat.status, seat.peer, seat.seen, seat.seq = "taken", peer, now, 0
        seat.secret = self.draw()
        renamed = self.rename(number, message["name"])
        seated: Seated = {
            "v": VERSION,
            "t": "seated",
            "room": self.room,
            "seat": number,
            "seq": 0,
            "secret": seat.secret,
        }
        out = [self._to(peer, seated)]
        out += self._to_all(self._game() if renamed else self._seats())
        return HostAnswer(out, game_changed=renamed, seats_changed=True)

    def _back(self, message: Back, peer: str, now: float) -> HostAnswer:
        number = message["seat"]
        seat = self.seats[number]
        if seat.secret is None or not mac_matches(dict(message), seat.secret):
            gone = next((s for s in self.former if mac_matches(dict(message), s)), None)
            if gone is not None:  # freed for another game: told so, in words it can trust
                refused: Refused = {
                    "v": VERSION,
                    "t": "refused",
                    "room": self.room,
                    "key": "live.seat_gone",
                    "reason": "",
                }
                return HostAnswer(
                    [(peer, dump(signed(dict(refused), gone)))], refused="live.seat_gone"
                )
            return self._refuse(peer, "live.not_your_seat")
        if self.nonces.get(peer) != message["nonce"]:
            return self._refuse(peer, "live.replayed")  # an old nonce, or another device's
        del self.nonces[peer]
        if seat.peer is not None and seat.peer != peer:
            self.nonces.pop(seat.peer, None)
        seat.status, seat.peer, seat.seen = "taken", peer, now
        out = [
            self._to(peer, self._seated(number, seat.seq)),
            self._to(peer, self._game()),
            *self._to_all(self._seats()),
        ]
        return HostAnswer(out, seats_changed=True)

    def say(self, seat: int, line: Mapping[str, str], now: float) -> HostAnswer:
        """A line said at the table by ``seat`` (-1: this device, which plays no
        person's seat): ``line`` holds its "text" or a ready "phrase". Sent to
        every device; ChatError when it is empty, too long, or said too soon
        after others (nothing is sent then)."""
        said: SaidMsg = {"v": VERSION, "t": "said", "room": self.room, "seat": seat}
        if "phrase" in line:
            phrase_key(line["phrase"])
            said["phrase"] = line["phrase"]
        else:
            said["text"] = clean_line(line.get("text"))
        self.paces.setdefault(seat, Pace()).take(now)
        return HostAnswer(self._to_all(said), said=[said])

    def _signed(self, message: MoveMsg | GuestBeat | Say, peer: str, now: float) -> HostAnswer:
        """A move, a beat or a line: made with the seat's secret, by the device
        that holds the seat now, newer than anything before from it."""
        seat = self.seats[message["seat"]]
        is_move = message["t"] in ("move", "say")
        if seat.secret is None or seat.peer != peer or not mac_matches(dict(message), seat.secret):
            return self._refuse(peer, "live.not_your_seat") if is_move else HostAnswer()
        if message["seq"] <= seat.seq:
            return self._refuse(peer, "live.replayed") if is_move else HostAnswer()
        seat.seq, seat.seen = message["seq"], now
        back = seat.status == "away"
        if back:
            seat.status = "taken"
        answer = HostAnswer(self._to_all(self._seats()) if back else [], seats_changed=back)
        if message["t"] == "say":
            line = {k: message[k] for k in ("text", "phrase") if k in message}  # type: ignore[literal-required]
            try:
                said = self.say(message["seat"], line, now)
            except ChatError as exc:
                said = self._refuse(peer, exc.key)
            answer.send += said.send
            answer.said, answer.refused = said.said, said.refused
            return answer
        if message["t"] != "move":
            return answer
        if message["n"] != len(self.state.moves):
            refusal = self._refuse(peer, "live.stale")
        else:
            try:
                self.state.play(message["move"], player=message["seat"])
            except GameError as exc:
                refusal = self._refuse(peer, "live.refused", str(exc))
            else:
                answer.send += self._to_all(self._game())
                answer.game_changed = True
                return answer
        answer.send += refusal.send
        answer.refused = refusal.refused
        return answer


# ------------------------------------------------------------------ a guest
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
