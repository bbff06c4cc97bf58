"""Live play on screen, on any other device of a room: the ``Visiting`` mode
(web/page/modes.py's interface).

It draws the game the room's device sends (kept in a save slot of its own),
and a click that completes a decision for its own seat becomes a message to
the room's device rather than a move: the game changes only when the room's
device sends it back. Like ``Hosting`` (hosting.py) it answers what to send and
what changed in the room in words; undo and review are off while live.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game import GameState

from ..answers import MoveJson, Started
from ..modes import Mode
from ..session import Session, random_id
from ..shared import UNDO
from ..table import Table
from ..texts import Texts
from ..view import board
from ..view_types import View
from .answers import LiveInfo, LiveMoved, Outgoing
from .chat import REFUSALS, ChatError, Pace, clean_line, phrase_key
from .guest import GuestRoom
from .host import HostRoom
from .hosting import Hosting
from .room import live_texts, new_secret
from .shown import (
    GUEST,
    Chat,
    RemoteTable,
    Said,
    checked_key,
    said_line,
    seat_list,
)


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
        line = said_line(text, phrase)
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
            "seats": seat_list(self.texts, guest.seats, state, mine, guest.host_hidden),
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
