"""The page's interaction model: one game on one device, driven by clicks.

It holds no rules: every highlight and button comes from the engine's legal
move list. The page sends target ids (``"cell:c3"``, ``"room:W1-5"``,
``"action:extend"``, ``"card:lemon-3a"``, ``"cancel"``, ``"undo"``) to
``click`` and draws whatever ``view`` returns, so the whole interaction can be
tested without a browser.

Review is a mode of its own (web/page/modes.py): the table only lays the game
out for it (``timeline``).
"""

from __future__ import annotations

import json
from typing import Any

from game import GameError, GameState, Move, new_game, replay, to_record
from game.legality import MOVE_KINDS
from game.limits import clean_name
from game.record import load_record_text
from game.state import Phase
from game.timeline import Timeline

from . import shared
from .building import NOTHING, Building, Options, Refused
from .texts import Texts
from .view import BOT_LEVELS, HUMAN, NAME_MAX, PLAYER_COUNTS, Seen, board, bot_level, move_marks
from .view_types import Chart, Hint, View
from .words import LogWords, chart_view

__all__ = ["BOT_LEVELS", "HUMAN", "NAME_MAX", "PLAYER_COUNTS", "Table"]

# Seconds a computer player may think per decision (levels not listed play at
# their own speed); the hint asks the HINT_LEVEL player, with its budget.
BOT_BUDGET = 1.5
BOT_BUDGETS = {"hard": BOT_BUDGET, "expert": BOT_BUDGET}
# At a table by turns a computer's move must be the same whichever seated
# device plays it: the searching levels count playouts there, not seconds, as
# many as the ladder gives them at a phone's budget (docs/PERFORMANCE.md).
PLAYOUTS_BY_TURNS = {"hard": 600, "expert": 800}
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
        self._options: Options | None = None  # what may follow the move being built
        self.message: str | None = None
        self.revision = 0
        self._seasons = self._seasons_of(state)
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
        return None

    def follow(self, state: GameState, season: int | None = None) -> None:
        """The game moved on elsewhere (a live room's device, or a guest's move
        played there): ``state``, a later position of this game, is on the table now.
        ``season``: the season before its last decision, when it is one decision
        ahead of the table's (else the seasons are found by replaying the game)."""
        if season is not None and len(state.moves) == len(self._seasons) + 1:
            self._changed(state, [*self._seasons, season])
        elif len(state.moves) == len(self._seasons) and state.moves == self.state.moves:
            # The same position under other names (a live game's friend took a
            # seat): the move being built stays.
            self.state = state
            self._timeline = None
            self.revision += 1
        else:
            self._changed(state, self._seasons_of(state))

    def _changed(self, state: GameState, seasons: list[int]) -> None:
        """The game is now ``state`` (a move, an undo, an import)."""
        self.state = state
        self._seasons = seasons
        self._timeline = None
        self._build(NOTHING)
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
        if target == shared.UNDO:
            self.undo()
            return
        if target == shared.CANCEL:
            self._build(NOTHING)
            self.message = None
            return
        if self.state.over:
            self.message = self.texts.t("msg.game_over")
            return
        legal = self.legal()
        surveying = self.state.phase is Phase.SURVEY
        after = self.building.after(target, legal, self.options(), surveying)
        if isinstance(after, Refused):
            self.message = self.texts.t(after.key, **dict(after.values))
        elif isinstance(after, Building):
            self._build(after)
            self.message = None
        else:
            self.play(after)

    def _build(self, building: Building) -> None:
        """The move being built is now ``building``; what may follow it is found once, here."""
        self.building = building
        self._options = None

    def options(self) -> Options:
        """What may follow the move being built (found once per change of it)."""
        if self._options is None:
            self._options = self.building.options(self.legal())
        return self._options

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
            self._build(NOTHING)
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
        """The level of the bot whose decision it is, if a bot's."""
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
        """What the view shows besides the position (web/page/view.py)."""
        return Seen(
            building=self.building,
            options=self.options(),
            seats=tuple(self.seats),
            texts=self.texts,
            log=self.log_words(),
            message=self.message,
            revision=self.revision,
            can_undo=self.can_undo(),
        )

    def chart(self) -> Chart | None:
        """The score chart, shown with the final scores once the game is over."""
        if not self.state.over:
            return None
        return chart_view(self.texts, self.timeline(), len(self.state.moves))

    def view(self) -> View:
        """Everything the page draws and decides, as JSON-ready data (docs/VIEW.md)."""
        return board(self.state, self.seen(), self.chart())

    def touch(self) -> None:
        """A new revision of the same position: a computer's answer asked
        before it is dropped (review opened or closed)."""
        self._build(NOTHING)
        self.message = None
        self.revision += 1

    # ----------------------------------------------------------------- review
    def timeline(self) -> Timeline:
        """The game laid out for review (built again only when the game changed)."""
        if self._timeline is None:
            self._timeline = Timeline.of_state(self.state)
        return self._timeline
