"""Live play on screen: the modes of a device in a live room (web/page/modes.py's interface).

``Hosting`` is the room's device: its saved game is the room's game; its own
people and its computers play their seats by clicks and by the page's
computer players, as in any game, and every decision made here goes to the
other devices; a guest's decision arrives as a message, which ``HostRoom``
checks and plays. ``Visiting`` is any other device: it draws the game the
room's device sends (kept in a save slot of its own), and a click that
completes a decision for its own seat becomes a message to the room's device
rather than a move: the game changes only when the room's device sends it back.

Both answer what to send (``outbox``, emptied by ``flush``) besides the view,
and what changed in the room in words (``said``: joined, away, back, whose
turn) for the page's polite live region. Undo and review are off while live
(one device taking a decision back would leave the others behind).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game import GameState, Move

from ..answers import MoveJson, Started
from ..modes import Mode
from ..session import Session, random_id
from ..shared import PERSON, UNDO
from ..table import BOT_LEVELS, Table
from ..texts import Texts
from ..view import board
from ..view_types import View
from .answers import LiveChat, LiveInfo, LiveMoved, LiveSeat, Outgoing
from .chat import KEEP, REFUSALS, ChatError, Pace, clean_line, phrase_key
from .protocol import KEY_SHAPE, SaidMsg, SeatInfo
from .room import GuestRoom, HostAnswer, HostRoom, failure_text, live_texts, new_secret

__all__ = ["Hosting", "RemoteTable", "Visiting", "failure_text"]

HOST = "host"
GUEST = "guest"
# A seat's status in words (a computer's seat is always the room's device's).
STATUS_KEYS = {
    "free": "live.status_free",
    "taken": "live.status_taken",
    "away": "live.status_away",
    "host": "live.status_host",
}


class RemoteTable(Table):
    """A guest's table: a completed decision is kept as ``pending`` (for the
    room's device to check and play) instead of being played here."""

    def __init__(self, state: GameState, seats: list[str] | None, language: str = "en") -> None:
        super().__init__(state, seats, language)
        self.pending: Move | None = None

    def play(self, move: Move) -> None:
        self.pending = move
        self.touch()


class Chat:
    """The lines said at the table, as this device shows them: the last KEEP,
    those not yet handed to the page, and why this device's last line was not said."""

    def __init__(self) -> None:
        self.lines: list[LiveChat] = []
        self.new: list[LiveChat] = []
        self.note: str | None = None

    def heard(self, texts: Texts, said: SaidMsg, seats: Sequence[SeatInfo], mine: set[int]) -> None:
        seat = said["seat"]
        who = seats[seat]["name"] if 0 <= seat < len(seats) else texts.t("live.host_device")
        try:
            if "phrase" in said:
                text = texts.t(phrase_key(said["phrase"]))
            else:
                text = clean_line(said.get("text"))  # again: what arrived is not trusted
        except ChatError:
            return
        line: LiveChat = {"who": who, "text": text, "mine": seat in mine}
        self.lines = [*self.lines, line][-KEEP:]
        self.new = [*self.new, line][-KEEP:]

    def take(self) -> tuple[list[LiveChat], str | None]:
        new, note = self.new, self.note
        self.new, self.note = [], None
        return new, note


def _line(text: str, phrase: str) -> dict[str, str]:
    """What the page asks to say: a ready phrase's id, or else typed text."""
    return {"phrase": phrase} if phrase else {"text": text}


class Said:
    """What changed in the room since last time, in words: seats taken, away,
    back, the room's device in the background or back, and whose turn it is."""

    def __init__(self) -> None:
        self.statuses: list[str] | None = None
        self.mover: int | None = None
        self.host_hidden = False
        self.lines: list[str] = []

    def look(
        self,
        texts: Texts,
        seats: Sequence[SeatInfo],
        state: GameState | None,
        mine: set[int],
        host_hidden: bool = False,
    ) -> None:
        if host_hidden != self.host_hidden and seats:
            self.lines.append(texts.t("live.host_hidden" if host_hidden else "live.host_shown"))
        self.host_hidden = host_hidden
        statuses: list[str] = [s["status"] for s in seats]
        if self.statuses is not None and len(self.statuses) == len(statuses):
            for seat, before, now in zip(seats, self.statuses, statuses):
                who = seat["name"]
                if before == "free" and now == "taken":
                    self.lines.append(texts.t("live.joined", who=who))
                elif before == "taken" and now == "away":
                    self.lines.append(texts.t("live.gone_away", who=who))
                elif before == "away" and now == "taken":
                    self.lines.append(texts.t("live.came_back", who=who))
        self.statuses = statuses
        mover = None if state is None or state.over else state.to_move
        if mover is not None and mover != self.mover and seats:
            if mover in mine:
                self.lines.append(texts.t("live.turn_yours"))
            else:
                self.lines.append(texts.t("live.turn_of", who=seats[mover]["name"]))
        self.mover = mover

    def take(self) -> list[str]:
        lines, self.lines = self.lines, []
        return lines


def _status_key(seat: SeatInfo, host_hidden: bool) -> str:
    """A seat's status in words: a person's seat on the room's device says so
    while that device's page is in the background (its player is away for now)."""
    if seat["kind"] != PERSON:
        return "live.status_computer"
    if seat["status"] == HOST and host_hidden:
        return "live.status_host_hidden"
    return STATUS_KEYS[seat["status"]]


def _seat_list(
    texts: Texts,
    seats: Sequence[SeatInfo],
    state: GameState | None,
    mine: set[int],
    host_hidden: bool = False,
) -> list[LiveSeat]:
    mover = None if state is None or state.over else state.to_move
    return [
        {
            "seat": s["seat"],
            "name": s["name"],
            "kind": s["kind"],
            "status": s["status"],
            "state": texts.t(_status_key(s, host_hidden)),
            "turn": s["seat"] == mover,
            "mine": s["seat"] in mine,
        }
        for s in seats
    ]


def checked_key(text: object) -> str:
    """A half of a room's key as text (protocol.KEY_SHAPE), or ValueError."""
    if not isinstance(text, str) or not KEY_SHAPE.fullmatch(text):
        raise ValueError("a room's key is e or p and its base64url bytes")
    return text


def _outgoing(sends: Sequence[tuple[str | None, str]]) -> list[Outgoing]:
    return [{"to": to, "text": text} for to, text in sends]


class Hosting:
    """The room's device: it holds the game (its saved game) and the seats' secrets."""

    def __init__(
        self, session: Session, room: HostRoom, password: str, key: str, signing: str
    ) -> None:
        self.session = session
        self.room = room
        self.password = password
        # The room's key pair (web/front/js/live/keys.js): its public half in the
        # invite, its private half signing every message this device sends.
        self.key, self.signing = checked_key(key), checked_key(signing)
        self.outbox: list[Outgoing] = []
        self.said = Said()
        self.chat = Chat()
        self._look()

    @classmethod
    def open(
        cls,
        session: Session,
        friends: Sequence[int],
        key: str,
        signing: str,
        draw: Any = new_secret,
    ) -> Hosting:
        """A room for the game on screen, with its key pair: the seats in
        ``friends`` are free for guests; this device plays the other people's
        seats and the computers'. ValueError for no friend's seat or a bad key."""
        table = session.table
        wanted = {f for f in friends if 0 <= f < len(table.seats) and table.seats[f] == PERSON}
        if not wanted:
            raise ValueError("a live game needs a person's seat for a friend")
        mine = [i for i, kind in enumerate(table.seats) if kind == PERSON and i not in wanted]
        room = HostRoom(table.state, table.seats, mine, language=session.language, draw=draw)
        return cls(session, room, draw(), key, signing)

    @property
    def texts(self) -> Texts:
        return live_texts(self.session.language)

    def _mine(self) -> set[int]:
        return {i for i, seat in enumerate(self.room.seats) if seat.status == HOST}

    def _own_turn(self) -> bool:
        state = self.session.table.state
        return state.over or (state.to_move is not None and state.to_move in self._mine())

    def _look(self) -> None:
        self.said.look(self.texts, self.room.seat_infos(), self.session.table.state, self._mine())

    def _send(self, answer: HostAnswer) -> None:
        self.outbox += _outgoing(answer.send)
        for said in answer.said:
            self.chat.heard(self.texts, said, self.room.seat_infos(), self._speaks_for())
        self._look()

    def _speaks_for(self) -> set[int]:
        """The seats whose lines are this device's: its people's (or -1, none)."""
        people = {i for i, s in enumerate(self.room.seats) if s.status == HOST and s.kind == PERSON}
        return people or {-1}

    def say(self, text: str, phrase: str, now: float) -> None:
        """A line to the table from this device: its first person's seat speaks."""
        try:
            self._send(self.room.say(min(self._speaks_for()), _line(text, phrase), now))
        except ChatError as exc:
            self.chat.note = self.texts.t(exc.key)

    def _moved_here(self, before: int) -> None:
        """After a click or a computer's move: the game moved on here, or not."""
        table = self.session.table
        self.room.state = table.state
        if len(table.state.moves) != before:
            self._send(self.room.moved())

    # ------------------------------------------------------------ Mode
    def view(self) -> View:
        own = self._own_turn()
        seen = replace(self.session.seen(), live=own, can_undo=False)
        table = self.session.table
        return board(table.state, seen, table.chart())

    def click(self, target: str) -> Mode:
        table = self.session.table
        if target == UNDO:
            table.message = self.texts.t("live.no_undo")
        elif not self._own_turn():
            mover = table.state.to_move
            who = self.room.name_of(mover) if mover is not None else ""
            table.message = self.texts.t("live.wait_turn", who=who)
        else:
            before = len(table.state.moves)
            self.session.click(target)
            self._moved_here(before)
        return self

    def review(self, target: str) -> Mode:
        return self  # no review while live: the others play on

    def think(self, purpose: str) -> Started:
        if not self._own_turn():
            return {"error": "not this device's turn"}
        return self.session.think(purpose)

    def bot_move(self, move: MoveJson, stamp: str) -> Mode:
        before = len(self.session.table.state.moves)
        self.session.play_bot_move(move, stamp)
        self._moved_here(before)
        return self

    def game_moved(self) -> Mode:
        return self

    # ------------------------------------------------------------ the room
    def peer(self, peer: str, here: bool, now: float) -> None:
        self._send(self.room.connected(peer) if here else self.room.disconnected(peer))

    def receive(self, text: str, peer: str, now: float, signed: bool = False) -> None:
        table = self.session.table
        self.room.state = table.state
        season = table.state.season
        answer = self.room.receive(text, peer, now)
        if answer.game_changed:
            table.follow(self.room.state, season)
            self.session.changed()
        self._send(answer)

    def tick(self, now: float, hidden: bool = False) -> None:
        self._send(self.room.tick(now, hidden))

    def take(self, seat: int, name: str) -> None:
        self.session.table.message = self.texts.t("live.one_seat")

    def flush(self) -> list[Outgoing]:
        out, self.outbox = self.outbox, []
        return out

    def info(self, now: float | None = None) -> LiveInfo:
        mine = self._mine()
        state = self.session.table.state
        chat, note = self.chat.take()
        return {
            "role": HOST,
            "room": self.room.room,
            "password": self.password,
            "key": self.key,
            "signing": self.signing,
            "seats": _seat_list(self.texts, self.room.seat_infos(), state, mine),
            "mine": None,
            "choose": False,
            "said": self.said.take(),
            "remember": None if state.over else json.dumps(self.kept()),
            "host_away": False,
            "moved": None,
            "over": state.over,
            "chat": chat,
            "can_chat": True,
            "chat_note": note,
        }

    def kept(self) -> dict[str, Any]:
        """What this device keeps (storage) to open the same room again after a
        reload: the game it is for, the room, and each seat's secret."""
        return {
            "game": self.session.game_id,
            "room": self.room.room,
            "password": self.password,
            "round": self.room.round,
            "key": self.key,
            "signing": self.signing,
            "seats": [
                {"status": s.status, "secret": s.secret, "seq": s.seq} for s in self.room.seats
            ],
        }

    @classmethod
    def reopen(cls, session: Session, text: str, key: str, signing: str) -> Hosting | None:
        """The room this device held before a reload (``kept``), for the game on
        screen; None when the text is not that (another game, or damaged). The
        guests' seats are away until their devices come back with their secrets.
        Its key pair is the one kept (``key`` and ``signing``, a new pair, serve
        a room kept before rooms had keys: its old invite is then out of date)."""
        try:
            kept = json.loads(text)
            table = session.table
            if kept["game"] != session.game_id or table.state.over:
                return None
            seats = kept["seats"]
            if not isinstance(seats, list) or len(seats) != len(table.seats):
                return None
            mine = [i for i, seat in enumerate(seats) if seat["status"] == HOST]
            room = HostRoom(
                table.state, table.seats, mine, room=str(kept["room"]), language=session.language
            )
            round_ = kept.get("round", 1)
            if isinstance(round_, int) and not isinstance(round_, bool) and round_ > 0:
                room.round = round_
            for seat, was in zip(room.seats, seats):
                if seat.status == HOST:
                    continue
                secret = was["secret"]
                if isinstance(secret, str) and 16 <= len(secret) <= 64:
                    seat.secret, seat.status = secret, "away"
                    seq = was["seq"]
                    seat.seq = seq if isinstance(seq, int) and not isinstance(seq, bool) else 0
            if "key" in kept:
                key, signing = kept["key"], kept["signing"]
            return cls(session, room, str(kept["password"]), key, signing)
        except (ValueError, KeyError, TypeError):
            return None

    def again(self, order: Sequence[int], nile: bool, levels: Sequence[str]) -> None:
        """Another game in this room (*Play again*): a new deal, with the seats
        in ``order`` (``order[i]``: the seat of this game that sits at ``i``
        next), the Nile or not, and ``levels[i]`` the level of a computer at
        ``i`` (anything else: its level as it was). The game just played stays
        in this device's saves; every device follows by itself. ValueError for
        an order that does not fit."""
        table = self.session.table
        size = len(table.seats)
        if len(order) != size or sorted(order) != list(range(size)):
            raise ValueError("Play again needs every seat once")
        names = [table.state.setup.players[i] for i in order]
        kinds = [table.seats[i] for i in order]
        for i, kind in enumerate(kinds):
            wanted = levels[i] if i < len(levels) else kind
            if kind != PERSON and wanted in BOT_LEVELS:
                kinds[i] = wanted
        seed = self.session.fresh_seed()
        fresh = Table.new(names, seed, nile=nile, seats=kinds, language=self.session.language)
        answer = self.room.again(fresh.state, kinds, order)
        self.session.use(fresh)  # a new save slot: the game just played stays in the saves
        self.room.state = self.session.table.state
        self.said.lines.append(self.texts.t("live.again_started"))
        self._send(answer)

    def leave(self) -> None:
        """Live play ends here: the game stays this device's saved game."""


class Visiting:
    """A device in a room another one opened: it draws the game it is sent."""

    def __init__(
        self,
        session: Session,
        room: str,
        password: str,
        key: str,
        remembered: dict[str, Any] | None,
    ) -> None:
        self.session = session
        self.password = password
        self.key = key  # the invite's: the page checks the room's words against it
        kept = remembered or {}
        seat, secret, seq = kept.get("seat"), kept.get("secret"), kept.get("seq")
        self.guest = GuestRoom(
            room,
            session.language,
            seat if isinstance(seat, int) and not isinstance(seat, bool) else None,
            secret if isinstance(secret, str) else None,
            seq if isinstance(seq, int) and not isinstance(seq, bool) else 0,
        )
        slot = kept.get("slot")
        self.slot = slot if isinstance(slot, str) and slot.isalnum() else random_id()
        self.table: RemoteTable | None = None
        self.outbox: list[Outgoing] = []
        self.said = Said()
        self.chat = Chat()
        self.pace = Pace()  # this device's own lines, before the room's device counts them
        # Another device carries the game on there: offered while the room's device is silent.
        self.moved: LiveMoved | None = None

    @classmethod
    def from_text(
        cls, session: Session, room: str, password: str, key: str, remembered: str | None
    ) -> Visiting:
        """A guest, from what the page kept (``remember``'s JSON) for this room, if any."""
        kept: Any = None
        if remembered:
            try:
                kept = json.loads(remembered)
            except ValueError:
                kept = None
        if not isinstance(kept, dict) or kept.get("room") != room:
            kept = None
        return cls(session, room, password, key, kept)

    @property
    def texts(self) -> Texts:
        return live_texts(self.session.language)

    def _mine(self) -> set[int]:
        return {self.guest.seat} if self.guest.seated and self.guest.seat is not None else set()

    def _own_turn(self) -> bool:
        table = self.table
        if table is None or self.session.table is not table or table.pending is not None:
            return False
        return table.state.over or table.state.to_move in self._mine()

    def _to_host(self, texts: Sequence[str]) -> None:
        self.outbox += [{"to": self.guest.host_peer, "text": text} for text in texts]

    # ------------------------------------------------------------ Mode
    def view(self) -> View:
        seen = replace(self.session.seen(), live=self._own_turn(), can_undo=False)
        table = self.session.table
        return board(table.state, seen, table.chart())

    def click(self, target: str) -> Mode:
        table = self.session.table
        texts = self.texts
        if self.table is None or table is not self.table:
            table.message = texts.t("live.waiting")
        elif target == UNDO:
            table.message = texts.t("live.no_undo")
        elif not self.guest.seated:
            table.message = texts.t("live.choose_seat")
        elif not self._own_turn():
            mover = table.state.to_move
            who = self.guest.seats[mover]["name"] if mover is not None and self.guest.seats else ""
            table.message = texts.t("live.wait_turn", who=who)
        else:
            self.session.click(target)
            if self.table.pending is not None:
                self._to_host([self.guest.move(self.table.pending.to_json())])
        return self

    def review(self, target: str) -> Mode:
        return self

    def think(self, purpose: str) -> Started:
        return {"error": "the room's device plays the computers"}

    def bot_move(self, move: MoveJson, stamp: str) -> Mode:
        return self  # the room's device plays the computers

    def game_moved(self) -> Mode:
        return self

    # ------------------------------------------------------------ the room
    def peer(self, peer: str, here: bool, now: float) -> None:
        if not here and peer == self.guest.host_peer:
            self.guest.host_seen = None  # the room's device left: away at once

    def receive(self, text: str, peer: str, now: float, signed: bool = False) -> None:
        event = self.guest.receive(text, now, peer, signed)
        if event.kind == "welcome":  # a room's device, maybe a new one: answered where it speaks
            self.outbox += [{"to": peer, "text": text} for text in event.send]
        else:
            self._to_host(event.send)
        if event.kind == "moved" and event.moved is not None:
            moved = event.moved
            self.moved = {
                "room": moved["to"],
                "password": moved["password"],
                "key": moved["key"],
                "by": moved["by"],
            }
        if event.kind == "new" and self.guest.state is not None:
            self.table = None  # the room's next game: a save slot of its own
            self.slot = random_id()
            self.said.lines.append(self.texts.t("live.again_started"))
            self._take_game(self.guest.state)
        elif event.kind == "game" and self.guest.state is not None:
            self._take_game(self.guest.state)
        elif event.kind == "said" and event.said is not None:
            self.chat.heard(self.texts, event.said, self.guest.seats, self._mine())
        elif event.kind == "refused" and event.key in REFUSALS:
            self.chat.note = event.message
        elif event.kind == "refused" and self.table is not None:
            self.table.pending = None
            self.session.table.message = event.message
        self._look()

    def _take_game(self, state: GameState) -> None:
        table = self.table
        if table is None or self.session.table is not table:
            table = RemoteTable(state, list(self.guest.kinds), self.session.language)
            self.table = table
            self.session.use(table, self.slot)
        else:
            table.pending = None
            table.follow(state, table.state.season)  # the season before the new decision
            self.session.changed()

    def _look(self) -> None:
        guest = self.guest
        self.said.look(self.texts, guest.seats, guest.state, self._mine(), guest.host_hidden)

    def tick(self, now: float, hidden: bool = False) -> None:
        beat = self.guest.beat()
        if beat is not None and self.guest.host_peer is not None:
            self._to_host([beat])

    def take(self, seat: int, name: str) -> None:
        try:
            self._to_host([self.guest.take(seat, name)])
        except ValueError:
            self.session.table.message = self.texts.t("live.one_seat")

    def say(self, text: str, phrase: str, now: float) -> None:
        """A line to the table, for the room's device to pass on (a watcher may not)."""
        line = _line(text, phrase)
        try:
            if not self.guest.seated:
                raise ChatError("live.chat_watch")
            if "phrase" in line:
                phrase_key(line["phrase"])
            else:
                line["text"] = clean_line(line["text"])
            self.pace.take(now)
        except ChatError as exc:
            self.chat.note = self.texts.t(exc.key)
            return
        self._to_host([self.guest.say(line)])

    def flush(self) -> list[Outgoing]:
        out, self.outbox = self.outbox, []
        return out

    def info(self, now: float | None = None) -> LiveInfo:
        guest = self.guest
        mine = self._mine()
        kept = {**guest.remembered(), "slot": self.slot}
        state = guest.state
        chat, note = self.chat.take()
        return {
            "role": GUEST,
            "room": guest.room,
            "password": self.password,
            "key": self.key,
            "signing": None,
            "seats": _seat_list(self.texts, guest.seats, state, mine, guest.host_hidden),
            "mine": guest.seat if guest.seated else None,
            "choose": state is not None and not guest.seated and guest.secret is None,
            "said": self.said.take(),
            "remember": json.dumps(kept) if guest.secret is not None or guest.dropped else None,
            "host_away": state is not None and now is not None and guest.host_away(now),
            "moved": self.moved if now is not None and guest.silent(now) else None,
            "over": state is not None and state.over,
            "chat": chat,
            "can_chat": guest.seated,
            "chat_note": note,
        }

    def take_over(self, key: str, signing: str, draw: Any = new_secret) -> tuple[Hosting, Outgoing]:
        """The room's device left for good: this device holds the game now, in a
        room of its own with a new key pair (the other people's seats free to
        take again). Answers that room's mode and, for the other devices of
        this room, where it is. ValueError before any game came, or for a bad key."""
        checked_key(key), checked_key(signing)
        room = HostRoom.take_over(self.guest, self.session.language, draw)
        self.session.use(Table(room.state, list(room.kinds), self.session.language), self.slot)
        room.state = self.session.table.state
        hosting = Hosting(self.session, room, draw(), key, signing)
        guest = self.guest
        by = guest.seats[guest.seat]["name"] if guest.seat is not None and guest.seats else ""
        notice = guest.moved(room.room, hosting.password, key, by)
        return hosting, {"to": None, "text": notice}

    def leave(self) -> None:
        """Live play ends here: the game as it stands stays on this device, played on it."""
        table = self.table
        if table is not None and self.session.table is table:
            self.session.use(
                Table(table.state, list(table.seats), self.session.language), self.slot
            )
