"""The page's interaction model: one game on one device, driven by clicks.

It holds no rules: every highlight and button comes from the engine's legal
move list. The page sends target ids (``"cell:c3"``, ``"room:W1-5"``,
``"action:extend"``, ``"card:lemon-3a"``, ``"cancel"``, ``"undo"``) to
``click`` and draws whatever ``view`` returns, so the whole interaction can be
tested without a browser.

Review: ``review(target)`` shows a past position of the game (page/review.py);
the view then draws that moment, offers no action and refuses every click
until review ends.
"""

from __future__ import annotations

import json
from typing import Any

from game import GameError, GameState, Move, new_game, replay, to_record
from game.legality import MOVE_KINDS, of_kind
from game.limits import clean_name
from game.record import load_record_text
from game.state import Phase
from game.timeline import Timeline

from . import review
from .building import NOTHING, Building, candidates, places_token, steps_after
from .review import Review
from .texts import Texts
from .view import BOT_LEVELS, HUMAN, NAME_MAX, PLAYER_COUNTS, Seen, board, bot_level, move_marks
from .view_types import Board, Hint
from .words import LogWords, chart_view

__all__ = ["BOT_LEVELS", "HUMAN", "NAME_MAX", "PLAYER_COUNTS", "Table"]

# Seconds a computer player may think per decision (levels not listed play at
# their own speed); the hint asks the HINT_LEVEL player, with its budget.
BOT_BUDGET = 1.5
BOT_BUDGETS = {"hard": BOT_BUDGET, "expert": BOT_BUDGET}
HINT_LEVEL = "expert"
# The computer that answers "What would the computer play?" in review.
ANALYSIS_LEVEL = "expert"

# Every action button there can be, each with a label and a help text in the catalogues.
ACTION_KEYS = MOVE_KINDS


class Table:
    """A game in progress plus the move being built on the page."""

    def __init__(
        self, state: GameState, seats: list[str] | None = None, language: str = "en"
    ) -> None:
        self.state = state
        self.texts = Texts(language)
        self.seats = self._check_seats(seats, state.n)
        self.building = NOTHING
        self.message: str | None = None
        self.revision = 0
        self._seasons = self._seasons_of(state)
        self.reviewing: Review | None = None  # the past position shown, if any
        self._timeline: Timeline | None = None  # the game laid out, until it changes
        self._log = LogWords(self.texts, state.setup)

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
        state, seats = cls._read(text)
        return cls(state, seats, language)

    @staticmethod
    def _read(text: str) -> tuple[GameState, Any]:
        """A record's game and its "seats" list, if any (raises GameError)."""
        state = load_record_text(text)
        try:
            return state, json.loads(text).get("seats")
        except (ValueError, AttributeError):
            return state, None

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
            state, seats = self._read(text)
        except GameError as exc:
            return self.texts.t("msg.not_a_record", reason=self.texts.record_error(exc))
        self.seats = self._check_seats(seats, state.n)
        self._changed(state, self._seasons_of(state))
        self.reviewing = None
        return None

    def _changed(self, state: GameState, seasons: list[int]) -> None:
        """The game is now ``state`` (a move, an undo, an import)."""
        self.state = state
        self._seasons = seasons
        self._timeline = None
        self.building = NOTHING
        self.message = None
        self.revision += 1

    # --------------------------------------------------------------- building
    def legal(self) -> list[Move]:
        """The engine's legal moves in the game's position (the engine keeps them)."""
        return self.state.legal_moves()

    def play(self, move: Move) -> None:
        """Play a move for the player to decide (checked by the engine: a
        refused move raises GameError and changes nothing)."""
        season = self.state.season
        state = self.state
        state.play(move)
        self._changed(state, [*self._seasons, season])

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
            self.building = NOTHING
            self.message = None
            return
        if self.state.over:
            self.message = self.texts.t("msg.game_over")
            return
        legal = self.legal()
        if kind == "action":
            options = of_kind(legal, value)
            if not options:
                self.message = self.texts.t("msg.no_action")
                return
            self.building = Building(value)
            self.message = None
            if len(options) == 1 and not options[0].cells and options[0].room is None:
                self.play(options[0])  # pass, or "no neutral cube"
            return
        if kind == "card":
            for m in legal:
                if m.card == value:
                    self.play(m)
                    return
            self.message = self.texts.t("msg.no_card")
            return
        cells = self.building.cells
        if kind == "room":
            pool = legal if self.state.phase is Phase.SURVEY else candidates(legal, self.building)
            for m in pool:
                if m.cells == cells and (m.room == value or (m.token == value and m.room is None)):
                    self.play(m)
                    return
            self.message = self.texts.t("msg.no_room")
            return
        if kind == "cell":
            if self.building.kind is None:
                self.message = self.texts.t("msg.action_first")
                return
            cands = candidates(legal, self.building)
            steps = steps_after(cands, self.building)
            if places_token(steps) and value in steps.tokens:
                for m in cands:
                    if m.token == value and m.cells == cells:
                        self.play(m)
                        return
            if value not in steps.cells:
                self.message = self.texts.t("msg.cell_impossible", cell=value)
                return
            self.building = self.building.with_cell(value)
            self.message = None
            done = [
                m
                for m in candidates(legal, self.building)
                if m.cells == self.building.cells and m.room is None and m.token is None
            ]  # Greenwish waits for its token
            if done:
                self.play(done[0])
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
        if self.building != NOTHING:
            self.building = NOTHING
            return
        count = self._undo_count()
        if not count:
            self.message = self.texts.t("msg.no_undo")
            return
        record = to_record(self.state)
        record["moves"] = record["moves"][:-count]
        self._changed(replay(record), self._seasons[:-count])

    # ------------------------------------------------------------------- bots
    def bot_to_move(self) -> str | None:
        """The level of the bot whose decision it is, if a bot's (none while
        reviewing: the computer players wait)."""
        if self.reviewing is not None:
            return None
        return bot_level(self.state, tuple(self.seats))

    def bot_seed(self) -> int:
        """A seed for the next bot decision, fixed by the game and its length."""
        return (self.state.setup.seed * 1_000_003 + len(self.state.moves)) & 0x7FFFFFFF

    def hint(self, move_json: Any) -> Hint:
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
        self.play(Move.from_json(move_json))

    # ------------------------------------------------------------------- view
    def log_words(self) -> LogWords:
        """This game's log in the page's language (worded once per event)."""
        if not self._log.fits(self.texts, self.state.setup):
            self._log = LogWords(self.texts, self.state.setup)
        return self._log

    def seen(self) -> Seen:
        """What the view shows besides the position (page/view.py)."""
        return Seen(
            building=self.building,
            seats=tuple(self.seats),
            texts=self.texts,
            log=self.log_words(),
            message=self.message,
            revision=self.revision,
            can_undo=self.can_undo(),
        )

    def view(self) -> Board:
        """Everything the page draws and decides, as JSON-ready data (docs/VIEW.md)."""
        if self.reviewing is not None:
            return review.view(self.reviewing, self.state, self.seen())
        over = self.state.over
        chart = chart_view(self.texts, self.timeline(), len(self.state.moves)) if over else None
        return board(self.state, self.seen(), chart)

    # ----------------------------------------------------------------- review
    def timeline(self) -> Timeline:
        """The game laid out for review (built again only when the game changed)."""
        if self._timeline is None:
            self._timeline = Timeline.of_state(self.state)
        return self._timeline

    def review(self, target: str) -> None:
        """Show a past position (``web.review.destination`` lists the targets),
        or "exit" to the game. Anything else changes nothing."""
        if target == "exit":
            if self.reviewing is not None:
                self.reviewing = None
                self.message = None
                self.revision += 1  # a computer's answer asked before review is dropped
            return
        timeline = self.timeline()
        here = timeline.last if self.reviewing is None else self.reviewing.index
        k = review.destination(
            timeline,
            here,
            target,
            lambda: review.log_places(self.state, timeline, self.log_words()),
        )
        if k is None:
            return
        if self.reviewing is None:
            self.building = NOTHING
            self.revision += 1
        if self.reviewing is None or self.reviewing.index != k:
            self.reviewing = Review(timeline, k)
        self.message = None
