"""Live play's calls: what the page's live glue (web/front/js/live/: room.js, carry.js, live.js) asks Python.

The bridge serves them once live play's Python is in (``Bridge.addPart``,
"live"): ``Calls``' public methods are declared, checked and typed exactly as
``Bridge``'s are, and tools/page_types.py writes web/front/js/live/calls.js from
them, which only live play loads. Each puts a live mode (web/page/live/hosting.py, visiting.py)
on screen or hands it what the transport brought, and answers what to send.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..modes import Mode, Playing, close
from ..view_types import View
from .answers import LiveAnswer, LiveInfo, Outgoing
from .hosting import Hosting
from .room import failure_text
from .visiting import Visiting

if TYPE_CHECKING:
    from ..bridge import Bridge

# Calls whose view is not kept for the next visit's first paint: a room's
# beat, a device coming or going, what a click gave to send.
UNKEPT = ("liveTick", "livePeer", "liveFlush")


@runtime_checkable
class Live(Mode, Protocol):
    """A device in a live room (``Hosting``, ``Visiting``): besides the mode's
    calls, what the transport brings and what it sends."""

    def peer(self, peer: str, here: bool, now: float) -> None:
        """A device connected to the room (``here``) or left it."""
        ...

    def receive(self, text: str, peer: str, now: float, signed: bool = False) -> None:
        """A message from ``peer`` (``signed``: with the room's key)."""
        ...

    def tick(self, now: float, hidden: bool = False) -> None:
        """Every second: beats (``hidden``: the page is in the background), and seats gone quiet."""
        ...

    def take(self, seat: int, name: str) -> None:
        """Ask for a free seat, with a name."""
        ...

    def say(self, text: str, phrase: str, now: float) -> None:
        """A line to the table (a ready phrase's id, or else the text)."""
        ...

    def flush(self) -> list[Outgoing]:
        """The messages to send now (they are sent once)."""
        ...

    def info(self, now: float | None = None) -> LiveInfo:
        """The room as this device sees it."""
        ...

    def leave(self) -> None:
        """Live play ends on this device; its game stays."""
        ...


class Calls:
    """Every function live play's glue may call (the public methods)."""

    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge

    def liveHost(self, friends: list[int], key: str, signing: str, now: float) -> LiveAnswer:
        """Open a live room for the game on screen; ``friends``: the seats left for
        guests; ``key``, ``signing``: the room's new key pair (keys.js)."""
        bridge = self._closed()
        try:
            bridge.mode = Hosting.open(bridge.session, friends, key, signing)
        except ValueError:
            bridge.session.table.message = bridge.session.texts.t("msg.click_failed")
        return self._live(now)

    def liveReopen(self, kept: str, key: str, signing: str, now: float) -> LiveAnswer:
        """Open again the room this device held before a reload (what it kept,
        its key pair included; ``key``, ``signing``: a new pair for a room kept
        without one), if it is for the game on screen; else nothing changes (live: null)."""
        bridge = self._closed()
        hosting = Hosting.reopen(bridge.session, kept, key, signing)
        if hosting is not None:
            bridge.mode = hosting
        return self._live(now)

    def liveJoin(
        self, room: str, password: str, key: str, remembered: str | None, now: float
    ) -> LiveAnswer:
        """Join the live room of an invite (``key``: the room's, which the page
        checks its words against; ``remembered``: what this device kept for it)."""
        bridge = self._closed()
        bridge.mode = Visiting.from_text(bridge.session, room, password, key, remembered)
        return self._live(now)

    def livePeer(self, peer: str, here: bool, now: float) -> LiveAnswer:
        """A device connected to the room (here) or left it."""
        if isinstance(self.bridge.mode, Live):
            self.bridge.mode.peer(peer, here, now)
        return self._live(now)

    def liveReceive(self, text: str, peer: str, now: float, signed: bool) -> LiveAnswer:
        """A message from a device of the room (``signed``: with the room's key, as the page checked)."""
        if isinstance(self.bridge.mode, Live):
            self.bridge.mode.receive(text, peer, now, signed)
        return self._live(now)

    def liveTick(self, now: float, hidden: bool) -> LiveAnswer:
        """Every second while live: beats, and seats gone quiet."""
        # hidden: the page is in the background (the others then wait longer for it).
        if isinstance(self.bridge.mode, Live):
            self.bridge.mode.tick(now, hidden)
        return self._live(now)

    def liveTake(self, seat: int, name: str, now: float) -> LiveAnswer:
        """Ask the room's device for a free seat."""
        if isinstance(self.bridge.mode, Live):
            self.bridge.mode.take(seat, name)
        return self._live(now)

    def liveSay(self, text: str, phrase: str, now: float) -> LiveAnswer:
        """A line to the table: typed ``text``, or a ready ``phrase``'s id (then the text is "")."""
        if isinstance(self.bridge.mode, Live):
            self.bridge.mode.say(text, phrase, now)
        return self._live(now)

    def liveFlush(self, now: float) -> LiveAnswer:
        """What a click or a computer's move gave to send."""
        return self._live(now)

    def liveTakeOver(self, key: str, signing: str, now: float) -> LiveAnswer:
        """The room's device left: hold the game here, in a room of this device's own.
        What it answers to send is for the room left (every device there is
        told where the game went): the new room, with its new key pair
        (``key``, ``signing``), has nobody in it yet."""
        mode = self.bridge.mode
        if not isinstance(mode, Visiting):
            return self._live(now)
        try:
            self.bridge.mode, notice = mode.take_over(key, signing)
        except ValueError:  # no game came yet (nothing to carry on), or a bad key
            return self._live(now)
        answer = self._live(now)
        answer["send"] = [notice, *answer["send"]]
        return answer

    def liveAgain(self, order: list[int], nile: bool, levels: list[str], now: float) -> LiveAnswer:
        """Another game in this room, on the room's device (``order[i]``: the seat
        that sits at ``i`` next; ``levels[i]``: a computer's level there)."""
        mode = self.bridge.mode
        if isinstance(mode, Hosting):
            try:
                mode.again(order, nile, levels)
            except ValueError:
                mode.session.table.message = mode.session.texts.t("msg.click_failed")
        return self._live(now)

    def liveLeave(self) -> View:
        """Leave live play: the game as it stands stays on this device."""
        bridge = self._closed()
        bridge.mode = Playing(bridge.session)
        return bridge.mode.view()

    def liveFailure(self, code: str) -> str:
        """Why live play could not start (a transport's error code), in words."""
        return failure_text(code, self.bridge.session.language)

    def _live(self, now: float) -> LiveAnswer:
        mode = self.bridge.mode
        if not isinstance(mode, Live):
            return {"send": [], "view": mode.view(), "live": None}
        return {"send": mode.flush(), "view": mode.view(), "live": mode.info(now)}

    def _closed(self) -> Bridge:
        """The bridge, with the live room on screen (if any) closed."""
        bridge = self.bridge
        bridge.mode = close(bridge.mode, bridge.session)
        return bridge
