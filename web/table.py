"""The page's interaction model: one game on one device, driven by clicks.

It holds no rules: every highlight and button comes from the engine's legal
move list. The page sends target ids (``"cell:c3"``, ``"room:W1-5"``,
``"action:extend"``, ``"card:lemon-3a"``, ``"cancel"``, ``"undo"``) to
``click`` and draws whatever ``view`` returns, so the whole interaction can be
tested without a browser.

Review: ``review(target)`` shows a past position of the game (web/review.py);
the view then draws that moment, offers no action and refuses every click
until review ends.
"""

from __future__ import annotations

import json
from typing import Any

from game import GameError, GameState, Move, new_game, replay, to_record
from game.legality import Steps, continuations
from game.limits import MAX_NAME, MAX_SEED_TEXT, clean_name
from game.museum import ROOM_INDEX
from game.record import load_record_text
from game.region import CELL_INDEX
from game.state import SEASONS, Phase
from game.timeline import Timeline

from . import review, words
from . import view as looks
from .texts import Texts
from .words import kind_key

HUMAN = "human"
BOT_LEVELS = ("easy", "medium", "hard", "expert")
PLAYER_COUNTS = (2, 3, 4)
NAME_MAX = MAX_NAME  # characters of a player's name
# Seconds a computer player may think per decision (levels not listed play at
# their own speed); the hint asks the HINT_LEVEL player, with its budget.
BOT_BUDGET = 1.5
BOT_BUDGETS = {"hard": BOT_BUDGET, "expert": BOT_BUDGET}
HINT_LEVEL = "expert"
# The computer that answers "What would the computer play?" in review.
ANALYSIS_LEVEL = "expert"

# Every action button there can be (kind_key of a legal move), each with a
# label and a help text in the catalogues.
ACTION_KEYS = (
    "dig",
    "extend",
    "pass",
    "dig:violet",
    "extend:violet",
    "dig:lemon",
    "extend:lemon",
    "museum:brown",
    "dig:blackmore",
    "extend:tangerine",
    "neutral:0",
    "neutral:1",
    "neutral:2",
    "dig:greenwish",
    "extend:greenwish",
    "boat:use",
    "boat:keep",
)


def move_marks(move: Move) -> dict[str, Any]:
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
        "key": kind_key(move),
        "cells": cells,
        "rooms": rooms,
        "cards": [move.card] if move.card else [],
    }


class Table:
    """A game in progress plus the move being built on the page."""

    def __init__(
        self, state: GameState, seats: list[str] | None = None, language: str = "en"
    ) -> None:
        self.state = state
        self.texts = Texts(language)
        self.seats = self._check_seats(seats, state.n)
        self.selected: str | None = None
        self.cells: list[str] = []
        self.message: str | None = None
        self.revision = 0
        self._legal: list[Move] = []
        self._legal_key: tuple[int, int] | None = None
        self._seasons = self._seasons_of(state)
        self.reviewing: int | None = None  # the position shown in review, if any
        self._timeline: tuple[tuple[int, int], Timeline] | None = None
        self._shown: tuple[int, GameState] | None = None  # the reviewed position, rebuilt
        # Log lines already worded, by event, for these words and this game's setup.
        self._log_memo: tuple[Texts, Any, dict[str, str | None]] | None = None

    # ----------------------------------------------------------- construction
    @staticmethod
    def _check_seats(seats: Any, n: int) -> list[str]:
        """Who plays each seat: "human" or a bot level. Anything odd means people."""
        if not isinstance(seats, list) or len(seats) != n:
            return [HUMAN] * n
        return [s if s in BOT_LEVELS else HUMAN for s in seats]

    @classmethod
    def new(
        cls,
        names: list[str],
        seed: int,
        *,
        nile: bool = False,
        seats: list[str] | None = None,
        language: str = "en",
    ) -> Table:
        clean = [clean_name(n) for n in names]
        return cls(new_game(clean, seed, nile=nile), seats, language)

    def set_language(self, code: str) -> None:
        """Show every word in another language from now on (the game is unchanged)."""
        self.texts = Texts(code)
        self.message = None

    @classmethod
    def from_record_text(cls, text: str, language: str = "en") -> Table:
        """Raises GameError (RecordError) with a one-line reason on any problem.
        A record may carry an extra top-level "seats" list (who is a bot)."""
        state = load_record_text(text)
        seats = None
        try:
            seats = json.loads(text).get("seats")
        except (ValueError, AttributeError):
            pass
        return cls(state, seats, language)

    @staticmethod
    def _seasons_of(state: GameState) -> list[int]:
        """Season in which each recorded decision was taken (replays the record)."""
        probe = GameState(state.setup, log=False)
        seasons = []
        for player, move in state.moves:
            seasons.append(probe.season)
            probe.play(move, player)
        return seasons

    def record(self) -> dict[str, Any]:
        record = to_record(self.state)
        if any(seat != HUMAN for seat in self.seats):
            record["seats"] = list(self.seats)
        return record

    def record_text(self) -> str:
        return json.dumps(self.record(), indent=1)

    def import_text(self, text: str) -> str | None:
        """Replace the game by an imported record; on failure keep the current
        game and return the reason."""
        try:
            table = Table.from_record_text(text, self.texts.code)
        except GameError as exc:
            return self.texts.t("msg.not_a_record", reason=self.texts.record_error(exc))
        self.state = table.state
        self.seats = table.seats
        self._seasons = table._seasons
        self._timeline = None
        self._reset_building()
        self.reviewing = None
        self.message = None
        self.revision += 1
        return None

    # --------------------------------------------------------------- building
    def _reset_building(self) -> None:
        self.selected = None
        self.cells = []

    def legal(self) -> list[Move]:
        """The engine's legal moves, computed once per position (a view asks
        several times, and Greenwish lists run into thousands)."""
        key = (id(self.state), self.revision)
        if self._legal_key != key:
            self._legal = self.state.legal_moves()
            self._legal_key = key
        return self._legal

    def _candidates(self) -> list[Move]:
        if self.selected is None:
            return []
        n = len(self.cells)
        cells = tuple(self.cells)
        return [m for m in self.legal() if kind_key(m) == self.selected and m.cells[:n] == cells]

    def _next_steps(self) -> Steps:
        """What may follow the move being built (cells, rooms), from the legal list."""
        cands = self._candidates()
        if not cands:
            return Steps()
        return continuations(cands, Move(cands[0].action, tuple(self.cells), cands[0].patron))

    def _token_step(self) -> bool:
        """True when the cubes are placed and the Greenwish token's place is next."""
        steps = self._next_steps()
        return not steps.cells and bool(steps.tokens)

    def _submit(self, move: Move) -> None:
        season = self.state.season
        self.state.play(move)
        self._seasons.append(season)
        self._timeline = None
        self._reset_building()
        self.message = None
        self.revision += 1

    def click(self, target: str) -> None:
        """Handle one click; a refused click leaves the game as it was and sets ``message``."""
        try:
            self._click(target)
        except GameError as exc:
            self.message = str(exc)

    def _click(self, target: str) -> None:
        if self.reviewing is not None:
            self.message = self.texts.t("msg.reviewing")
            return
        kind, _, value = target.partition(":")
        if kind == "undo":
            self.undo()
            return
        if kind == "cancel":
            self._reset_building()
            self.message = None
            return
        if self.state.over:
            self.message = self.texts.t("msg.game_over")
            return
        legal = self.legal()
        if kind == "action":
            options = [m for m in legal if kind_key(m) == value]
            if not options:
                self.message = self.texts.t("msg.no_action")
                return
            self.selected = value
            self.cells = []
            self.message = None
            if len(options) == 1 and not options[0].cells and options[0].room is None:
                self._submit(options[0])  # pass, or "no neutral cube"
            return
        if kind == "card":
            for m in legal:
                if m.card == value:
                    self._submit(m)
                    return
            self.message = self.texts.t("msg.no_card")
            return
        if kind == "room":
            if self.state.phase is Phase.SURVEY:
                pool = legal
            else:
                pool = self._candidates()
            for m in pool:
                if m.cells == tuple(self.cells) and (
                    m.room == value or (m.token == value and m.room is None)
                ):
                    self._submit(m)
                    return
            self.message = self.texts.t("msg.no_room")
            return
        if kind == "cell":
            if self.selected is None:
                self.message = self.texts.t("msg.action_first")
                return
            steps = self._next_steps()
            if value in steps.tokens and not steps.cells:
                for m in self._candidates():
                    if m.token == value and m.cells == tuple(self.cells):
                        self._submit(m)
                        return
            if value not in steps.cells:
                self.message = self.texts.t("msg.cell_impossible", cell=value)
                return
            self.cells.append(value)
            self.message = None
            done = [
                m
                for m in self._candidates()
                if m.cells == tuple(self.cells) and m.room is None and m.token is None
            ]  # Greenwish waits for its token
            if done:
                self._submit(done[0])
            return
        self.message = self.texts.t("msg.unknown_target", target=repr(target))

    # ------------------------------------------------------------------- undo
    def _undo_count(self) -> int:
        """How many recorded decisions an undo takes back: the last one made by
        a person, with the bots' replies after it (0: nothing can be undone)."""
        moves = self.state.moves
        k = len(moves)
        while k and self.seats[moves[k - 1][0]] != HUMAN:
            k -= 1
        if not k or self._seasons[k - 1] != self.state.season:
            return 0  # no person's decision, or a new (random) deal came after it
        return len(moves) - k + 1

    def can_undo(self) -> bool:
        """The last person's decision can be taken back unless a new season
        (a new, random deal) started after it."""
        return self._undo_count() > 0

    def undo(self) -> None:
        if self.cells or self.selected:
            self._reset_building()
            return
        count = self._undo_count()
        if not count:
            self.message = self.texts.t("msg.no_undo")
            return
        record = to_record(self.state)
        record["moves"] = record["moves"][:-count]
        self.state = replay(record)
        self._timeline = None
        del self._seasons[-count:]
        self.message = None
        self.revision += 1

    # ------------------------------------------------------------------- bots
    def bot_to_move(self) -> str | None:
        """The level of the bot whose decision it is, if a bot's (none while
        reviewing: the computer players wait)."""
        s = self.state
        if s.over or s.to_move is None or self.reviewing is not None:
            return None
        seat = self.seats[s.to_move]
        return None if seat == HUMAN else seat

    def bot_seed(self) -> int:
        """A seed for the next bot decision, fixed by the game and its length."""
        return (self.state.setup.seed * 1_000_003 + len(self.state.moves)) & 0x7FFFFFFF

    def hint(self, move_json: Any) -> dict[str, Any]:
        """A suggested move in words, with the places to mark on the board.
        Raises GameError on an answer that is not a move."""
        move = Move.from_json(move_json)
        return {
            "text": self.texts.suggestion(move.to_json(), self.state.setup.wings),
            **move_marks(move),
        }

    def play_bot_move(self, move_json: dict[str, Any]) -> None:
        """Apply a bot's choice (checked like any move; refused ones change nothing)."""
        if self.bot_to_move() is None:
            raise GameError("it is not a bot's turn")
        self._submit(Move.from_json(move_json))

    # ------------------------------------------------------------------- view
    def letters(self) -> list[str]:
        """One letter per seat (initials when distinct, else seat numbers)."""
        names = self.state.setup.players
        initials = [n.strip()[:1].upper() or "?" for n in names]
        taken = initials + (["N"] if self.state.neutral >= 0 else [])
        if len(set(taken)) < len(taken) or not all(i.isalpha() for i in initials):
            return [str(i + 1) for i in range(len(names))]
        return initials

    def side_name(self, side: Any) -> str:
        if side is None:
            return self.texts.t("side.nobody")
        if side == self.state.neutral or side == "neutral":
            return self.texts.t("side.neutral")
        return self.state.setup.players[int(side)]

    def view(self) -> dict[str, Any]:
        """Everything the page draws and decides, as JSON-ready data (docs/VIEW.md)."""
        if self.reviewing is not None:
            return review.view_at(self, self.reviewing)
        view = self._view(live=True)
        view["review"] = None
        view["can_review"] = bool(self.state.moves)
        return view

    def _view(self, live: bool) -> dict[str, Any]:
        """The view of ``self.state``; not ``live``: a past moment, nothing to choose."""
        s = self.state
        legal = self.legal()
        survey = s.survey_decision()
        highlight_cells: list[str] = []
        highlight_rooms: list[str] = []
        highlight_cards: list[str] = []
        if survey is not None and live:
            highlight_cards = [m.card for m in legal if m.card]
            highlight_rooms = [m.room for m in legal if m.room]
        elif self.selected is not None:
            steps = self._next_steps()
            highlight_cells = steps.cells
            highlight_rooms = steps.rooms
            if not steps.cells:  # Greenwish: where the token may go
                highlight_cells = [t for t in steps.tokens if t in CELL_INDEX]
                highlight_rooms = highlight_rooms + [t for t in steps.tokens if t in ROOM_INDEX]
        token_step = self.selected is not None and self._token_step()
        chosen = {c: i + 1 for i, c in enumerate(self.cells)}
        card_label = self.texts.card_label
        scale: list[int | str | None] = [None] * s.sides
        for side, space in enumerate(s.pass_space):
            if space:
                scale[space - 1] = looks.side_of(s, side)
        bot = self.bot_to_move()
        actions = []
        if survey is None and not s.over and bot is None and live:
            seen: dict[str, None] = {}
            for m in legal:
                seen.setdefault(kind_key(m), None)
            for key in seen:
                actions.append(
                    {
                        "id": f"action:{key}",
                        "key": key,
                        "label": self.texts.action_label(key),
                        "help": self.texts.action_help(key),
                        "now": words.action_now(self, key, legal),
                        "boat": looks.action_boat(key),
                        "selected": key == self.selected,
                    }
                )
        # Whose cubes a move being built puts down: the neutral's in its phase (2 players).
        placing = (
            None
            if s.to_move is None
            else ("neutral" if s.phase is Phase.NEUTRAL and s.neutral >= 0 else s.to_move)
        )
        view: dict[str, Any] = {
            "revision": self.revision,
            "season": s.season,
            "last_season": s.season == SEASONS,
            "phase": s.phase.value,
            "phase_name": self.texts.phase_name(s.phase.value),
            "to_move": s.to_move,
            "placing": placing,
            "prompt": words.prompt(self),
            "message": self.message,
            "players": looks.players(s, self.letters(), self.seats, card_label),
            "neutral": None
            if s.neutral < 0
            else {**looks.NEUTRAL_LOOK, "supply": s.general_stock(s.neutral)},
            "wings": [
                {"wing": w + 1, "patron": p, "name": self.texts.patron(p)}
                for w, p in enumerate(s.setup.wings)
            ],
            "region": looks.region(
                s, set(highlight_cells), chosen, set(highlight_cards), card_label
            ),
            "nile": s.nile,
            "boat_offer": looks.boat(s.boat_offer) if s.boat_offer else None,
            "token_step": token_step,
            "bot_to_move": bot,
            "new_game": {
                "players": list(PLAYER_COUNTS),
                "name_max": NAME_MAX,
                "seed_max": MAX_SEED_TEXT,
                "seats": [HUMAN, *BOT_LEVELS],
            },
            "museum": looks.museum(
                s, set(highlight_rooms), lambda room: self.texts.room_label(room, s.setup.wings)
            ),
            "scale": scale,
            "actions": actions,
            "building": self.selected is not None,
            "can_cancel": self.selected is not None,
            "can_undo": live and self.can_undo() and not (self.cells or self.selected),
            "survey_area": s.survey_area if survey is not None else None,
            "tie_area": s.survey_area if s.phase is Phase.BOAT else None,
            "last_move": self.last_move(),
            "log": self.log_lines(),
            "final": words.final_view(self),
        }
        return view

    def last_move(self) -> dict[str, Any] | None:
        """The last recorded decision: who took it and the places it marks."""
        if not self.state.moves:
            return None
        player, move = self.state.moves[-1]
        return {"player": player, **move_marks(move)}

    def log_line(self, event: dict[str, Any]) -> str | None:
        """An event's line in the log, worded once: every view carries the
        whole log, and wording hundreds of lines again on each click costs
        more than the rest of the view."""
        setup = self.state.setup
        memo = self._log_memo
        if memo is None or memo[0] is not self.texts or memo[1] is not setup:
            memo = self._log_memo = (self.texts, setup, {})
        key = repr(event)
        lines = memo[2]
        if key not in lines:
            lines[key] = self.texts.log_line(event, self.side_name, setup.wings)
        return lines[key]

    def log_lines(self) -> list[str]:
        if self.state.log is None:
            return []
        out = []
        for event in self.state.log:
            line = self.log_line(event)
            if line:
                out.append(line)
        return out

    # ----------------------------------------------------------------- review
    def timeline(self) -> Timeline:
        """The game laid out for review (web/review.py)."""
        return review.laid_out(self)

    def review(self, target: str) -> None:
        """Show a past position: see ``web.review.move_to``."""
        review.move_to(self, target)
