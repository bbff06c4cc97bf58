"""The view: everything the page draws and decides, as a function of a position.

``board`` builds it from the state to show, the move being built on it and
who sits at each seat, with the page's words; nothing else is read, so the
game being played and a past moment in review are drawn by the same call.
Its fields are typed once in web/page/view_types.py and described in docs/VIEW.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from game import GameState, Move
from game.legality import kind, kinds
from game.limits import MAX_NAME, MAX_SEED_TEXT
from game.museum import ROOM_INDEX
from game.region import CELL_INDEX
from game.state import SEASONS, Phase

from . import looks
from .building import NOTHING, Building, Options
from .shared import BY_TURNS, FRIEND, PERSON
from .texts import Texts
from .view_types import Action, Chart, LessonView, Marks, ReviewView, Save, Side, View
from .words import LogWords, action_now, final_view, prompt

HUMAN = PERSON
BOT_LEVELS = ("easy", "medium", "hard", "expert")
PLAYER_COUNTS = (2, 3, 4)
NAME_MAX = MAX_NAME  # characters of a player's name


def bot_level(state: GameState, seats: tuple[str, ...]) -> str | None:
    """The level of the computer whose decision it is, if a computer's."""
    if state.over or state.to_move is None:
        return None
    seat = seats[state.to_move]
    return None if seat == HUMAN else seat


def move_marks(move: Move) -> Marks:
    """What a move touches, as the page marks it (a hint, a computer's last move):
    its action button's key and its cells, rooms and cards (a Greenwish token's
    place among the cells or rooms)."""
    cells = list(move.cells)
    rooms = [move.room] if move.room else []
    if move.token in CELL_INDEX:
        cells.append(move.token)
    elif move.token in ROOM_INDEX:
        rooms.append(move.token)
    return {
        "key": kind(move),
        "cells": cells,
        "rooms": rooms,
        "cards": [move.card] if move.card else [],
    }


def stamp(game: int, revision: int) -> str:
    """The view's ``stamp``: one position of one game, as the page compares them."""
    return f"{game}:{revision}"


@dataclass(frozen=True)
class Seen:
    """What a view shows besides the position: the move being built and what
    may follow it, the seats, the page's words, the page's bookkeeping (the
    answer to the last click, the game and revision that name the position,
    the save), and what the mode on screen adds (a review, a lesson)."""

    building: Building
    seats: tuple[str, ...]
    texts: Texts
    log: LogWords
    options: Options = Options()  # what may follow ``building`` (Building.options)
    message: str | None = None
    game: int = 0
    revision: int = 0
    live: bool = True  # False: a past moment, nothing to choose
    can_undo: bool = False
    reviewable: bool = True  # False: a lesson, whose past is not the game's
    save: Save | None = None
    review: ReviewView | None = None
    lesson: LessonView | None = None


def board(state: GameState, seen: Seen, chart: Chart | None = None) -> View:
    """The view of ``state``, whole. ``chart`` is the game's score chart, shown
    with the final scores once the game is over."""
    s = state
    texts = seen.texts
    building, options = (seen.building, seen.options) if seen.live else (NOTHING, Options())
    legal = s.legal_moves()
    survey = s.survey_decision()
    steps = options.next  # empty while nothing is being built
    lit_cells: list[str] = []
    lit_rooms: list[str] = []
    lit_cards: list[str] = []
    if survey is not None and seen.live:
        lit_cards = [m.card for m in legal if m.card]
        lit_rooms = [m.room for m in legal if m.room]
    elif building.kind is not None:
        lit_cells = steps.cells
        lit_rooms = steps.rooms
        if options.places_token:  # Greenwish: where the token may go
            lit_cells = [t for t in steps.tokens if t in CELL_INDEX]
            lit_rooms = lit_rooms + [t for t in steps.tokens if t in ROOM_INDEX]
    chosen = {c: i + 1 for i, c in enumerate(building.cells)}
    card_label = texts.card_label
    scale: list[Side | None] = [None] * s.sides
    for side, space in enumerate(s.pass_space):
        if space:
            scale[space - 1] = looks.side_of(s, side)
    bot = bot_level(s, seen.seats) if seen.live else None
    actions: list[Action] = []
    if survey is None and not s.over and bot is None and seen.live:
        actions = [
            {
                "id": f"action:{key}",
                "key": key,
                "label": texts.action_label(key),
                "help": texts.action_help(key),
                "now": action_now(s, texts, key, legal),
                "boat": looks.action_boat(key),
                "selected": key == building.kind,
            }
            for key in kinds(legal)
        ]
    # Whose cubes a move being built puts down: the neutral's in its phase (2 players).
    placing: Side | None = (
        None
        if s.to_move is None
        else ("neutral" if s.phase is Phase.NEUTRAL and s.neutral >= 0 else s.to_move)
    )
    final = final_view(s, texts, chart) if chart is not None else None
    last = s.moves[-1] if s.moves else None
    return {
        "game": seen.game,
        "revision": seen.revision,
        "stamp": stamp(seen.game, seen.revision),
        "season": s.season,
        "last_season": s.season == SEASONS,
        "phase": s.phase.value,
        "phase_name": texts.phase_name(s.phase.value),
        "to_move": s.to_move,
        "placing": placing,
        "prompt": prompt(s, legal, building, options, bot, texts),
        "message": seen.message,
        "players": looks.players(s, looks.letters(s), seen.seats, card_label),
        "neutral": looks.neutral(s),
        "wings": [
            {"wing": w + 1, "patron": p, "name": texts.patron(p)}
            for w, p in enumerate(s.setup.wings)
        ],
        "region": looks.region(s, set(lit_cells), chosen, set(lit_cards), card_label),
        "nile": s.nile,
        "boat_offer": looks.boat(s.boat_offer) if s.boat_offer else None,
        "token_step": options.places_token,
        "bot_to_move": bot,
        "new_game": {
            "players": list(PLAYER_COUNTS),
            "name_max": NAME_MAX,
            "seed_max": MAX_SEED_TEXT,
            "seats": [HUMAN, FRIEND, BY_TURNS, *BOT_LEVELS],
        },
        "museum": looks.museum(
            s, set(lit_rooms), lambda room: texts.room_label(room, s.setup.wings)
        ),
        "scale": scale,
        "actions": actions,
        "building": building.kind is not None,
        "can_cancel": building.kind is not None,
        "can_undo": seen.live and seen.can_undo and building == NOTHING,
        "survey_area": s.survey_area if survey is not None else None,
        "tie_area": s.survey_area if s.phase is Phase.BOAT else None,
        "last_move": None if last is None else {"player": last[0], **move_marks(last[1])},
        "log": seen.log.lines(s),
        "final": final,
        "review": seen.review,
        "can_review": seen.reviewable and (bool(s.moves) or seen.review is not None),
        "save": seen.save,
        "lesson": seen.lesson,
    }
