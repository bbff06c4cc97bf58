"""What live play's calls answer: typed once, here.

web/page/live/calls.py declares live play's calls with these; tools/page_types.py
writes their JSDoc typedefs into web/front/js/live/calls.js, which only live play
loads.
"""

from __future__ import annotations

from typing import TypedDict

from ..view_types import View


class Outgoing(TypedDict):
    """A message for the transport: to one peer, or (null) to every peer in the room."""

    to: str | None
    text: str


class LiveSeat(TypedDict):
    """One seat of a live game as this device shows it."""

    seat: int
    name: str
    kind: str  # "human" or a computer's level
    status: str  # "free", "taken", "away" or "host" (played on the room's device)
    state: str  # the status in words
    turn: bool  # its decision now
    mine: bool  # played on this device


class LiveMoved(TypedDict):
    """Where another device carries the game on, its room's device gone: an invite to follow."""

    room: str
    password: str
    key: str  # the new room's key (its public half)
    by: str  # the name of that device's seat


class LiveChat(TypedDict):
    """A line said at the table, as this device shows it (as text, never markup)."""

    who: str  # the seat's name, or the room's device's
    text: str  # the line, or a ready phrase in this device's language
    mine: bool  # said from this device


class LiveInfo(TypedDict):
    """A live game as this device sees it (web/page/live/hosting.py, visiting.py)."""

    role: str  # "host": this device holds the game; "guest": another device does
    room: str  # the room's name, its password and its key: the invite's fragment
    password: str
    key: str  # the room's key, its public half (web/front/js/live/keys.js)
    signing: str | None  # the room's device: the private half it signs with (null elsewhere)
    seats: list[LiveSeat]
    mine: int | None  # the seat this device plays (a guest), null before it takes one
    choose: bool  # a guest with no seat yet: offer the free seats
    said: list[str]  # what changed, for the polite live region (joined, away, back, turn)
    remember: str | None  # a guest's place to keep in storage (JSON), once it has a seat
    host_away: bool  # a guest: the room's device went quiet
    moved: LiveMoved | None  # a guest: another device carries the game on there
    over: bool  # the game ended
    chat: list[LiveChat]  # lines said at the table since the last answer
    can_chat: bool  # this device may write (a watcher may only read)
    chat_note: str | None  # why this device's last line was not said (too long, too soon)


class LiveAnswer(TypedDict):
    """What a live call did: messages to send, the view, the live game (null once left)."""

    send: list[Outgoing]
    view: View
    live: LiveInfo | None
