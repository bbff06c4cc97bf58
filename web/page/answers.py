"""What the page's calls answer besides a view: typed once, here.

web/page/bridge.py declares every call with these; tools/page_types.py writes
their JSDoc typedefs into web/front/js/generated/bridge.js. A class marked
``total=False`` is an answer of several shapes: each field is there only in
some of them (its comment says when).
"""

from __future__ import annotations

from typing import Any, TypedDict

from .view_types import Hint, View

# A move in the record notation (game/moves.py), as the engine writes it.
MoveJson = dict[str, Any]


class Startup(TypedDict):
    """What the page shows first."""

    view: View
    notice: str | None  # said once: a save that could not be read
    newGame: bool  # open the new-game dialog first
    python: str  # the Python version, "3.x.y"


class Answered(TypedDict):
    ok: bool  # it worked: the fields that follow say what came of it, else ``error`` why not


class Imported(Answered, total=False):
    """A record file read: {ok, view} or {ok, error}."""

    view: View  # when ok
    error: str  # when not: why, in words


class Started(TypedDict, total=False):
    """The computer's thinking started: {job, stamp}, or {error} when there is nothing to think about."""

    job: int
    stamp: str  # the position it thinks about
    error: str


class Thought(TypedDict, total=False):
    """A slice of thinking: {busy}, {gone}, {error}, or the job's answer."""

    busy: bool  # it goes on: ask for another slice
    gone: bool  # the job was abandoned or replaced
    error: str
    move: MoveJson  # the answer: the move chosen
    iterations: int  # playouts of a move's search
    seconds: float  # time thought, slices only
    hint: Hint  # a hint or an analysis: the move's words and marks
    played: MoveJson | None  # an analysis: the move played in that position
    same: bool  # an analysis: the computer would play it too
    difference: float | None  # an analysis: points the computer's choice gains over it


class Stopped(TypedDict):
    stopped: bool  # a job was in flight and is abandoned


class Link(Answered, total=False):
    """The game as a link: {ok, code} or {ok, error}."""

    code: str  # the URL fragment, without "#"
    error: str


class Status(TypedDict):
    status: str  # "none", "error", "same", "ahead", "behind", "different"


class Opened(Status, total=False):
    """A link opened (web/page/share.py open_link): {status} and what goes with it."""

    error: str  # status "error": nothing changed
    question: str  # "behind" or "different" before it is confirmed: ask first
    view: View  # the link's game is on the table
    key: str  # names that game, for remembering the visitor's seat


class Person(TypedDict):
    seat: int
    name: str


class Seat(TypedDict):
    """The visitor's seat in a linked game."""

    mine: int | None  # the seat taken, or null (watching, or not known)
    ask: bool  # ask which player the visitor is
    note: str  # whose turn it is, said to that seat
    people: list[Person]  # the seats people play


class Daily(TypedDict):
    """Today's deal's result, for the end screen."""

    date: str
    score: int
    rank: int
    text: str


class EndInfo(TypedDict):
    daily: Daily | None


class LessonExit(TypedDict):
    """The lessons left: the game's view, and whether to open the new-game dialog."""

    view: View
    newGame: bool


class NewGameOptions(TypedDict, total=False):
    nile: bool
    seats: list[str]  # a seat kind each: "human" or a computer's level


class TurnsGame(TypedDict, total=False):
    """A table's game as the rules read it: {ok, deal, seats, players,
    decisions, toMove, over, scores} or {ok, error}."""

    ok: bool
    error: str  # when not ok: why, for the console (the page words it)
    deal: str  # the deal without the names: a game renamed keeps it
    seats: list[str]  # who plays each seat: "human" or a computer's level
    players: list[str]  # the names on the board
    decisions: list[list[str | int]]  # [seat that decided, the decision as JSON text], in order
    toMove: int | None  # the seat to decide now (null once over)
    over: bool
    scores: list[int] | None  # the final scores, once over


class Renamed(TypedDict, total=False):
    """A table's game under a new name for one seat: {ok, code, name} or {ok, error}."""

    ok: bool
    code: str  # the game as a link's text
    name: str  # the name as the game holds it (cleaned)
    error: str
