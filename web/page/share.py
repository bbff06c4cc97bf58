"""Play by link and today's deal: a game in a URL's fragment, and one deal per UTC day.

A shared link carries the whole game (``game.compact``): setup, names, who
plays each seat and every decision, so nothing is ever sent to a server. This
module turns a link into a table and back, decides what opening a link may do
to the game saved on this device (``game.compact.relation``), which seat is
the visitor's, and what to say about whose turn it is. The page
(``web/front/js/links.js``) only shows what it answers; everything here is plain
Python, tested without a browser (tests/page/test_share.py).
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game import GameState
from game.compact import KINDS, MAX_LINK_CHARS, LinkError, decode_link, encode_link, relation
from game.daily import daily_seed, utc_today
from game.limits import clean_name

from . import shared
from .answers import Daily, EndInfo, Link, Opened, Seat
from .shared import LINK_MARK
from .table import HUMAN, Table
from .texts import Texts
from .view_types import View

if TYPE_CHECKING:
    from .session import Session

# A link's game is the URL's fragment after this mark: "#g=<code>.<check>", the
# code from game.compact and a check of it (a cut or changed link would often
# still spell some legal game: the check tells it apart).
FRAGMENT = LINK_MARK.removeprefix("#")
CHECK = "."
CHECK_CHARS = 6
# Today's deal: the same table for everyone, one person against the computer.
DAILY_SEATS: tuple[str, ...] = (HUMAN, "hard", "hard")
# What opening a link does, by its relation to the game on this device.
TAKE = ("same", "ahead")
ASK = ("behind", "different")
# What the page remembers for a visitor who only watches a linked game.
WATCH = shared.WATCH


# ------------------------------------------------------------------ links
def link_kinds(seats: Sequence[str]) -> tuple[str, ...] | None:
    """Who plays each seat as a link writes it (None: people only). A level a
    link cannot carry travels as the strongest one it can."""
    if all(seat == HUMAN for seat in seats):
        return None
    return tuple(seat if seat in KINDS else KINDS[-1] for seat in seats)


def check_of(code: str) -> str:
    """Six base64url characters of the code's SHA-256 (36 bits)."""
    digest = hashlib.sha256(code.encode("ascii", "replace")).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii")[:CHECK_CHARS]


def link_code(table: Table) -> str:
    """The game on ``table`` as a link's text, "<code>.<check>" (raises
    LinkError if it cannot travel)."""
    code = encode_link(table.state, link_kinds(table.seats))
    return f"{code}{CHECK}{check_of(code)}"


def checked_code(text: Any) -> str:
    """The code of a link's text once its check matches; LinkError otherwise."""
    if not isinstance(text, str) or len(text) > MAX_LINK_CHARS + 1 + CHECK_CHARS:
        raise LinkError("the link is not text of the right length")
    code, mark, check = text.rpartition(CHECK)
    if not mark or check != check_of(code):
        raise LinkError("the link's check does not match: it was cut short or changed")
    return code


code_of = shared.link_code


def game_key(state: GameState) -> str:
    """Names one game whatever its progress (for remembering a visitor's seat):
    its seed, the Nile, and the players' names."""
    setup = state.setup
    return json.dumps(
        [str(setup.seed), setup.nile, list(setup.players)],
        ensure_ascii=False,
        separators=(",", ":"),
    )


@dataclass(frozen=True)
class Opening:
    """What a link holds, and how it stands to the game on this device.

    ``status``: "same", "ahead", "behind", "different" (see
    ``game.compact.relation``) or "error" (then ``error`` says why, in the
    page's language, and ``table`` is None)."""

    status: str
    table: Table | None = None
    error: str | None = None


def read_link(code: Any, saved: GameState, language: str = "en") -> Opening:
    """Decode a link's code and compare it with the saved game (which is never changed)."""
    texts = Texts(language)
    try:
        linked = decode_link(checked_code(code))
    except LinkError as exc:
        key = "link.newer" if exc.kind == "version" else "link.bad"
        return Opening("error", error=texts.t(key))
    seats = list(linked.kinds) if linked.kinds is not None else None
    table = Table(linked.state, seats, language)
    return Opening(relation(saved, linked.state), table)


def may_replace(status: str, saved: GameState, fresh: bool, confirmed: bool) -> bool:
    """Whether opening a link may take the place of the saved game now.

    The same game or a later position of it: always. An older position or
    another game: only once the person agreed, or when nothing would be lost
    (no game saved yet, or not one decision played in it)."""
    if status in TAKE:
        return True
    if status not in ASK:
        return False
    return confirmed or fresh or not saved.moves


def question(status: str, language: str = "en") -> str:
    """What to ask before a link replaces the saved game."""
    key = "link.ask_behind" if status == "behind" else "link.ask_different"
    return Texts(language).t(key)


# ------------------------------------------------------------------ seats
def people(seats: Sequence[str]) -> list[int]:
    """The seats played by people (the ones a visitor may claim)."""
    return [i for i, seat in enumerate(seats) if seat == HUMAN]


def remembered_seat(value: Any, seats: Sequence[str]) -> int | None:
    """A seat remembered for this game, if it is still a person's seat."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if value in people(seats) else None


def seat_choice(seats: Sequence[str], remembered: Any) -> tuple[int | None, bool]:
    """(the visitor's seat, whether to ask): the remembered seat when there is
    one (or no seat, for someone who chose to watch); the only person's seat
    when there is just one; otherwise ask."""
    if remembered == WATCH:
        return None, False
    mine = remembered_seat(remembered, seats)
    if mine is not None:
        return mine, False
    humans = people(seats)
    if len(humans) == 1:
        return humans[0], False
    return None, bool(humans)


def turn_note(table: Table, mine: int | None) -> str:
    """Whose turn it is, said to the visitor who plays seat ``mine``."""
    state = table.state
    t = table.texts.t
    if state.over:
        return t("link.turn_over")
    names = state.setup.players
    mover = state.to_move
    if mover is None:
        return t("link.turn_over")
    if mine is not None and mover == mine:
        return t("link.turn_yours", who=names[mine])
    if table.seats[mover] != HUMAN:
        return t("link.turn_bot", who=names[mover])
    return t("link.turn_theirs", who=names[mover])


# ------------------------------------------------------------------ daily
def daily_setup(name: Any, day: datetime.date, language: str = "en") -> tuple[list[str], int]:
    """Names and seed of the deal of ``day``: the visitor, then the computers."""
    texts = Texts(language)
    names = [clean_name(name) if isinstance(name, str) else ""]
    names[0] = names[0] or texts.t("name.player", n=1)
    names += [texts.t("name.computer", n=i + 1) for i in range(1, len(DAILY_SEATS))]
    return names, daily_seed(day)


def daily_table(name: Any, day: datetime.date, language: str = "en") -> Table:
    names, seed = daily_setup(name, day, language)
    return Table.new(names, seed, seats=list(DAILY_SEATS), language=language)


def daily_date(table: Table, today: datetime.date) -> datetime.date | None:
    """The day whose deal ``table`` plays (today's, or yesterday's if it began
    before midnight UTC), or None for any other game."""
    setup = table.state.setup
    if tuple(table.seats) != DAILY_SEATS or setup.nile:
        return None
    for day in (today, today - datetime.timedelta(days=1)):
        if setup.seed == daily_seed(day):
            return day
    return None


def daily_result(table: Table, today: datetime.date | None = None) -> Daily | None:
    """For the end screen of a daily deal: the day and the line to share with
    the link (None for other games, or before the end)."""
    day = daily_date(table, utc_today() if today is None else today)
    final = table.state.final
    if day is None or final is None:
        return None
    score = final["scores"][0]
    rank = 1 + sum(1 for s in final["scores"] if s > score)
    text = table.texts.t(
        "daily.result", date=day.isoformat(), score=score, rank=rank, n=len(final["scores"])
    )
    return {"date": day.isoformat(), "score": score, "rank": rank, "text": text}


# ---------------------------------------------------- the page's requests
# web/page/main.py hands these to the page; each answers JSON-ready data.
def share(session: Session) -> Link:
    """The current game's link code, or why it cannot travel."""
    try:
        return {"ok": True, "code": FRAGMENT + link_code(session.table)}
    except LinkError:
        return {"ok": False, "error": session.texts.t("link.cannot")}


def open_link(session: Session, fragment: Any, confirmed: bool = False) -> Opened:
    """Open the game of a URL fragment. Answers {"status": "none"} (no game in
    it), {"status": "error", "error"} (nothing changed), {"status": "behind" |
    "different", "question"} (nothing changed: ask first, then call again with
    ``confirmed``), or {"status", "view", "key"} once the link's game is on the
    table ("key" names the game for remembering the visitor's seat)."""
    code = code_of(fragment)
    if code is None:
        return {"status": "none"}
    opening = read_link(code, session.table.state, session.language)
    if opening.table is None:
        return {"status": "error", "error": opening.error or ""}
    if not may_replace(opening.status, session.table.state, session.new_game, confirmed is True):
        return {"status": opening.status, "question": question(opening.status, session.language)}
    if opening.status == "ahead":
        session.use(opening.table, session.game_id)  # the same game: its own save slot
    elif opening.status != "same":
        session.use(opening.table)  # another game (or an older copy): a save slot of its own
    return {"status": opening.status, "view": session.view(), "key": game_key(session.table.state)}


def seat(session: Session, remembered: Any = None) -> Seat:
    """The visitor's seat in the game on the table: {"mine", "ask", "note",
    "people": [{seat, name}]} (see ``seat_choice``)."""
    table = session.table
    mine, ask = seat_choice(table.seats, remembered)
    return {
        "mine": mine,
        "ask": ask,
        "note": turn_note(table, mine),
        "people": [{"seat": i, "name": table.state.setup.players[i]} for i in people(table.seats)],
    }


def note(session: Session, mine: Any) -> str:
    """Whose turn it is, for the visitor who chose seat ``mine``."""
    return turn_note(session.table, remembered_seat(mine, session.table.seats))


def start_daily(session: Session, name: Any, today: datetime.date | None = None) -> View:
    """Start today's deal (UTC) for the visitor against the computer."""
    day = utc_today() if today is None else today
    names, seed = daily_setup(name, day, session.language)
    return session.start_game(names, seed, {"nile": False, "seats": list(DAILY_SEATS)})


def end_info(session: Session, today: datetime.date | None = None) -> EndInfo:
    """What the end screen adds: the daily deal's result line (or null)."""
    return {"daily": daily_result(session.table, today)}
