"""What both live modes (hosting.py, visiting.py) show and keep: the seat list
in words, the lines said at the table, what changed in the room for the polite
live region, and a game played elsewhere (``RemoteTable``)."""

from __future__ import annotations

from collections.abc import Sequence

from game import GameState, Move

from ..shared import PERSON
from ..table import Table
from ..texts import Texts
from .answers import LiveChat, LiveSeat, Outgoing
from .chat import KEEP, ChatError, clean_line, phrase_key
from .protocol import KEY_SHAPE, SaidMsg, SeatInfo

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


def said_line(text: str, phrase: str) -> dict[str, str]:
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


def status_key(seat: SeatInfo, host_hidden: bool) -> str:
    """A seat's status in words: a person's seat on the room's device says so
    while that device's page is in the background (its player is away for now)."""
    if seat["kind"] != PERSON:
        return "live.status_computer"
    if seat["status"] == HOST and host_hidden:
        return "live.status_host_hidden"
    return STATUS_KEYS[seat["status"]]


def seat_list(
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
            "state": texts.t(status_key(s, host_hidden)),
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


def outgoing(sends: Sequence[tuple[str | None, str]]) -> list[Outgoing]:
    return [{"to": to, "text": text} for to, text in sends]
