"""Play by turns: what the rules say about a table's game, for the page's checks.

A table's game travels as a link's text (web/page/share.py: the whole game,
checked). Every device that receives a new version of it asks here what it
holds: the deal without the names (so a seat taken under a new name is the same
game), who plays each seat, and each decision with the seat that had to make it
(the engine replays the link, so an illegal decision is no game at all). The
page's JavaScript (web/front/js/turns/log.js) checks that each decision was
signed by that seat's key; the rules are only here. Plain Python, tested
without a browser (tests/page/test_turns.py).
"""

from __future__ import annotations

import hashlib
import json

from game import GameState
from game.compact import LinkError, decode_link, encode_link
from game.errors import SetupError
from game.limits import clean_name

from .answers import Renamed, TurnsGame
from .session import Session
from .share import CHECK, check_of, checked_code
from .shared import PERSON
from .table import HUMAN, Table


def _decoded(text: object) -> tuple[GameState, list[str]]:
    """The game of a link's text and who plays each seat (LinkError if it is not one)."""
    linked = decode_link(checked_code(text), log=False)
    n = linked.state.n
    seats = [HUMAN] * n if linked.kinds is None else list(linked.kinds)
    return linked.state, seats


def deal_of(state: GameState) -> str:
    """The deal, names left out, as 32 hex characters of its hash."""
    setup = state.setup.to_json()
    setup["players"] = len(state.setup.players)
    text = json.dumps(setup, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def read_game(text: object) -> TurnsGame:
    """What a table's game holds (see ``TurnsGame``); never raises."""
    try:
        state, seats = _decoded(text)
    except LinkError as exc:
        return {"ok": False, "error": str(exc)}
    decisions: list[list[str | int]] = [
        [player, json.dumps(move.to_json(), sort_keys=True, separators=(",", ":"))]
        for player, move in state.moves
    ]
    final = state.final
    return {
        "ok": True,
        "deal": deal_of(state),
        "seats": seats,
        "players": list(state.setup.players),
        "decisions": decisions,
        "toMove": None if state.over else state.to_move,
        "over": state.over,
        "scores": list(final["scores"]) if final is not None else None,
    }


def code_of_state(state: GameState, seats: list[str]) -> str:
    """A game as a link's text, "<code>.<check>"."""
    kinds = None if all(s == HUMAN for s in seats) else tuple(seats)
    code = encode_link(state, kinds)
    return f"{code}{CHECK}{check_of(code)}"


def renamed(text: object, seat: int, name: object, default: str) -> Renamed:
    """The game with seat ``seat`` under ``name`` (cleaned; blank: ``default``)."""
    try:
        state, seats = _decoded(text)
    except LinkError as exc:
        return {"ok": False, "error": str(exc)}
    if not 0 <= seat < state.n or seats[seat] != PERSON:
        return {"ok": False, "error": "not a person's seat"}
    names = list(state.setup.players)
    names[seat] = clean_name(name) or clean_name(default) or names[seat]
    try:
        other = state.renamed(names)
    except SetupError as exc:
        return {"ok": False, "error": str(exc)}
    return {"ok": True, "code": code_of_state(other, seats), "name": names[seat]}


def put(session: Session, code: object, slot: str) -> None:
    """The table's game on the table, in its own save slot: the game there
    moved on (or renamed) when it is a later version of it, kept when it is
    ahead (a decision made here, still to be signed and sent: the page does
    that next), else put there anew. Raises LinkError for text that is no game."""
    state, seats = _decoded(code)
    table = session.table
    held = table.state
    same = session.game_id == slot and deal_of(held) == deal_of(state) and table.seats == seats
    if same and held.moves[: len(state.moves)] == state.moves:  # ahead here, or the same
        if state.setup.players != held.setup.players:
            table.follow(held.renamed(state.setup.players))
            session.changed()
        return
    if same and state.moves[: len(held.moves)] == held.moves:
        table.follow(state)
        session.changed()
        return
    session.use(Table(state, seats, session.language), slot)


def seats_kept(text: object) -> set[int] | None:
    """The seats this device plays at the table kept under ``turns:<slot>``
    (web/front/js/turns/tables.js), or None when it keeps no such table."""
    try:
        held = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    seats = held.get("seats") if isinstance(held, dict) else None
    if not isinstance(seats, list):
        return None
    return {s for s in seats if isinstance(s, int) and not isinstance(s, bool)}
