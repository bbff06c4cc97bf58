"""Live play on screen, on the room's device: the ``Hosting`` mode
(web/page/modes.py's interface).

Its saved game is the room's game; its own people and its computers play their
seats by clicks and by the page's computer players, as in any game, and every
decision made here goes to the other devices; a guest's decision arrives as a
message, which ``HostRoom`` checks and plays. It answers what to send
(``outbox``, emptied by ``flush``) besides the view, and what changed in the
room in words (``said``: joined, away, back, whose turn) for the page's polite
live region. Undo and review are off while live (one device taking a decision
back would leave the others behind).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..answers import MoveJson, Started
from ..modes import Mode
from ..session import Session
from ..shared import PERSON, UNDO
from ..table import BOT_LEVELS, Table
from ..texts import Texts
from ..view import board
from ..view_types import View
from .answers import LiveInfo, Outgoing
from .chat import ChatError
from .host import HostAnswer, HostRoom
from .room import live_texts, new_secret
from .shown import (
    HOST,
    Chat,
    Said,
    checked_key,
    outgoing,
    said_line,
    seat_list,
)


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
        self.outbox += outgoing(answer.send)
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
            self._send(self.room.say(min(self._speaks_for()), said_line(text, phrase), now))
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
            "seats": seat_list(self.texts, self.room.seat_infos(), state, mine),
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
