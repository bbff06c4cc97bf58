"""A live room: the device that opened it holds the game; every other device sends
it decisions and receives the new game.

``HostRoom`` (host.py) is the room's device: it gives out seats and their
secrets, checks every guest's message (the seat's ``mac``, its ``seq``, the
position it was played from) and lets the engine check the decision; a refused
message changes nothing and is answered with why, to its sender only.
``GuestRoom`` (guest.py) is any other device: it takes a seat (or takes its seat
back after a reload), writes its decisions, and reads each game it receives as
it would read a link (``page.share.checked_code``, ``game.compact.decode_link``,
``relation``): cut, changed, for another game or behind, it is refused and
nothing changes. What the host sends a device that holds a seat is signed with
that seat's secret, and such a device takes nothing unsigned, so another guest
cannot speak for the host.

Both are plain values driven by the page: it hands them what the transport
received (text, the sending peer, the time), sends what they answer
(``Outgoing``: a peer, or None for every peer, and the text), and calls
``tick`` every ``BEAT_S`` seconds. Time is a number of seconds passed in, so
the tests drive the clock. This module holds what both ends share: live play's
words, why it could not start, and secrets.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from game.setup import Setup

from ..texts import Texts, catalogue

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
