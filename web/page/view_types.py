"""The view's types: the one place its fields are written down.

Python builds the view with these (``mypy --strict`` checks every field), the
page's JSDoc types (web/front/js/generated/view.js) are generated from this file by
tools/view_types.py, and docs/VIEW.md says what each field means; a test fails
when the three part ways. A comment after a field is its description in the
generated JSDoc; a class's docstring is the typedef's.
"""

from __future__ import annotations

from typing import Literal, TypedDict

# A side of the board: a seat index, or "neutral" (the neutral player of a 2-player game).
Side = int | Literal["neutral"]
RoomPart = Literal["inner", "outer", "whole"]


class Cell(TypedDict):
    """A cell of the region."""

    name: str  # "c3": also its id, "cell-c3", and its target "cell:c3"
    col: int  # grid column, 0-based (see RegionView.columns)
    row: int  # grid row, 0-based (see RegionView.rows)
    area: int  # its area (1-based), 0 for a river cell
    card: str  # id of the card it lies on (a parcel or a Nile card)
    nile: bool  # lies on a Nile card (river or land)
    pyramid: bool
    river: bool
    owner: Side | None  # the cube on it
    token: int | None  # the seat whose Greenwish token is on it
    hl: bool  # may be chosen now
    order: int | None  # place in the move being built (1, 2...)


class ParcelView(TypedDict):
    """A parcel card of the region."""

    slot: int
    id: str
    patron: str | None
    abbr: str  # the patron's mark on the cartouche
    value: int
    area: int
    col: int  # its top-left cell's column
    row: int  # its top-left cell's row
    present: bool  # still in the region (not taken yet)
    hl: bool  # may be taken now
    label: str


class NileCardView(TypedDict):
    """A card of the Nile, lying over one line of the region."""

    line: int  # 1-based line of the region it lies on
    id: str
    patron: str
    abbr: str
    value: int
    col: int
    row: int
    cols: int  # how many columns it covers
    present: bool
    hl: bool
    label: str


class Area(TypedDict):
    """An area's top-left cell and width."""

    area: int
    col: int
    row: int
    cols: int


class RegionView(TypedDict):
    """The grid, in cells; the page turns grid places into pixels."""

    columns: list[str]  # column names, left to right ("a".."h")
    rows: list[str]  # row names, top to bottom ("1".."12")
    card_cols: int  # columns of one card
    card_rows: int  # rows of one card
    area_cards: int  # cards side by side in one area
    areas: list[Area]
    cells: list[Cell]
    parcels: list[ParcelView]
    nile: list[NileCardView]


class Room(TypedDict):
    """A room of the museum."""

    id: str  # "W1-5": its element id is "room-W1-5", its target "room:W1-5"
    value: int  # 2, 3 or 5
    slot: int  # place on the museum's ring, clockwise from wing 1 (0-based)
    part: RoomPart  # which part of its slot it fills
    wing: int | None  # its wing (1-based), null for a 2-room (between two wings)
    patron: str | None  # the wing's patron, null for a 2-room
    holder: int | None
    token: int | None
    hl: bool
    label: str


class Boat(TypedDict):
    """A boat of the Nile."""

    id: str  # "boat-tie"...: its words are the catalogue's boat.<id>
    mark: str  # the short mark drawn on it


class HandCard(TypedDict):
    """A card a player holds."""

    id: str
    patron: str | None
    abbr: str
    value: int
    tilted: bool
    label: str


class HandGroup(TypedDict):
    """A player's cards of one patron."""

    patron: str | None
    cards: list[HandCard]


class Player(TypedDict):
    """A seat and what it holds."""

    index: int  # the seat (0-based), as sides name it
    name: str
    letter: str
    colour: str
    shape: str
    score: int
    cubes: int
    neutral_cubes: int
    supply: int
    hand: list[HandGroup]  # the cards grouped by patron, in the order to show
    passed: int | None
    to_move: bool
    first: bool
    seat: str  # "human" or a computer level (see NewGame.seats)
    boats: list[Boat]
    tokens: int


class Neutral(TypedDict):
    """The neutral player of a 2-player game."""

    letter: str
    colour: str
    shape: str
    supply: int


class Wing(TypedDict):
    """A wing of the museum and its patron."""

    wing: int
    patron: str
    name: str


class Action(TypedDict):
    """An action button."""

    id: str  # its target, "action:<key>"
    key: str  # the move kind ("dig", "extend:tangerine", "boat:use"...)
    label: str
    help: str
    now: str  # what it allows in this position ("" when nothing to say)
    boat: Boat | None  # the boat it concerns (drawn on the button)
    selected: bool


class Marks(TypedDict):
    """The places a move touches, for marking a hint or a computer's last move."""

    key: str | None  # action key of its button
    cells: list[str]
    rooms: list[str]
    cards: list[str]


class LastMove(Marks):
    """The last recorded decision and the places it marks."""

    player: int


class Hint(Marks):
    """A suggested move in words, with its marks."""

    text: str


class NewGame(TypedDict):
    """What the new-game dialog offers."""

    players: list[int]  # how many players a game may have
    name_max: int  # longest name, in characters
    seed_max: int  # longest seed typed as text, in characters
    seats: list[
        str
    ]  # who may sit at a seat: "human", "friend" (live), "turns" (by turns), then the computer levels


class FinalWing(TypedDict):
    """A wing's part of a player's exhibition."""

    wing: int
    patron: str
    cards: int
    per_card: int
    points: int


class FinalRow(TypedDict):
    """A player's final score, part by part."""

    index: int  # the seat (0-based)
    name: str
    claimed: int
    wings: list[FinalWing]
    exhibition: int
    sets: int
    set_points: int
    total: int
    cubes: int
    winner: bool


class Chart(TypedDict):
    """Each player's score at the chart's points (game/timeline.py ScoreChart)."""

    title: str
    labels: list[str]  # the points' names, in the page's language
    positions: list[int]  # the position review shows for each point
    complete: list[bool]  # false for a season still being played
    series: list[list[int]]  # series[player][point]


class Final(TypedDict):
    """The end of the game."""

    rows: list[FinalRow]
    winners: list[str]
    tie_break: bool
    shared: bool
    chart: Chart  # the scores through the game


class ReviewMark(TypedDict):
    """Where a season or a survey starts, for a step of review."""

    season: int
    index: int
    label: str


class ReviewNext(TypedDict):
    """The decision played from the position shown."""

    player: int
    text: str


class ReviewView(TypedDict):
    """What review shows: position ``index`` of ``last``."""

    index: int
    last: int
    label: str  # "Move 37 of 112"
    said: str  # what a screen reader hears: the label and that decision's log lines
    next: ReviewNext | None  # the decision played from here
    seasons: list[ReviewMark]
    surveys: list[ReviewMark]
    chart: Chart


class Save(TypedDict):
    """This game's save (web/page/session.py)."""

    id: str  # its slot
    written: int  # writes by this tab: the page tells other tabs when it grows
    elsewhere: bool  # another tab moved the game on: read-only until the player decides
    trouble: str | None  # why the device refused to save, said once, or null
    record_max: int  # the largest file an import may read


class LessonView(TypedDict):
    """A lesson of the guided first game (web/page/course.py), in the view while one is on screen."""

    id: str  # its id in web/page/lessons.json
    number: int  # 1-based, of `count`
    count: int
    title: str
    step: int  # the step shown, 1-based, of `steps`
    steps: int
    text: str  # what to do now and why (at the end: what was learnt)
    others: list[str]  # what the other players just did, a sentence each
    marks: Marks  # the next click's target (the action, then each cell, room or card)
    done: bool  # every step played
    optional: bool  # a lesson that may be left out (the Nile)
    next: str | None  # the next lesson's id
    next_title: str | None
    next_optional: bool


class View(TypedDict):
    """Everything the page draws and decides (docs/VIEW.md), built whole by web/page/view.py board()."""

    game: int  # changes with each new game, import or lesson
    revision: int  # changes with each move played
    stamp: str  # names this position of this game: a computer's answer for another is dropped
    season: int
    last_season: bool
    phase: str
    phase_name: str
    to_move: int | None
    placing: Side | None  # whose cubes a move being built puts down
    prompt: str
    message: str | None
    players: list[Player]
    neutral: Neutral | None
    wings: list[Wing]
    region: RegionView
    nile: bool
    boat_offer: Boat | None
    token_step: bool
    bot_to_move: str | None  # the level of the computer to move
    new_game: NewGame  # what the new-game dialog offers
    museum: list[Room]
    scale: list[Side | None]
    actions: list[Action]
    building: bool
    can_cancel: bool
    can_undo: bool
    survey_area: int | None  # the area surveyed now (0: the Nile)
    tie_area: int | None  # the area whose tie the tie boat may break
    last_move: LastMove | None
    log: list[str]
    final: Final | None
    review: ReviewView | None  # the past position shown, or null: the game itself
    can_review: bool  # the game has a past to step through
    save: Save | None  # this game's save (several tabs, storage errors); null in a lesson
    lesson: LessonView | None  # the lesson shown instead of the game, or null
