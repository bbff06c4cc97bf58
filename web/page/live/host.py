"""The room's device: ``HostRoom`` holds a live room's game and seats (room.py
says how a room works)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game import GameState
from game.errors import GameError
from game.limits import MAX_NAME, clean_name

from ..share import link_code
from ..table import HUMAN, Table
from .chat import ChatError, Pace, clean_line, phrase_key
from .guest import GuestRoom
from .protocol import (
    AWAY_S,
    VERSION,
    Back,
    Game,
    GuestBeat,
    HostBeat,
    MessageError,
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
    signed,
)
from .room import (
    Outgoing,
    live_texts,
    new_secret,
)


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
