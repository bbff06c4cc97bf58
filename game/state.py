"""The game state and the flow of play: who decides, what is legal, and what a move does.

``GameState`` is a ``Position`` (the pieces on the table) driven by the rules:
seasons, turns, the excavation (``excavation.py`` and the patrons of
``patrons.py``), the survey (``survey.py``) and the Nile's steps (``nile.py``).

``legal_moves()`` is the one source of legality. It is computed once per
position and kept until the next move, so asking again costs nothing.
``play()`` checks a move against it (raising a typed error and changing
nothing when it is not there) and ``apply()`` trusts its caller: a move taken
from the engine's own list is applied without being checked again. Whenever
exactly one move is legal the engine plays it by itself (a forced move): it is
logged but never written to the record. The state changes only through
``apply()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from . import excavation, nile, survey
from .choices import Choices, fixed
from .errors import IllegalMoveError, MalformedMoveError, SetupError
from .legality import explain_illegal
from .limits import check_players
from .moves import Move
from .position import (
    EMPTY,
    NEUTRAL_SPACE,
    SEASONS,
    TOKENS,
    NileState,
    Phase,
    Position,
    parcels_in_season,
    season_supply,
)
from .region import Region, build_region
from .rng import Rng
from .scoring import final_scores
from .setup import Setup

__all__ = [
    "EMPTY",
    "SEASONS",
    "TOKENS",
    "GameState",
    "NileState",
    "Phase",
    "parcels_in_season",
    "season_supply",
]

NO_CHOICE = Choices([])


class GameState(Position):
    """A game in progress: the position plus the rules that move it on."""

    def __init__(self, setup: Setup, *, log: bool = True) -> None:
        super().__init__(setup, log=log)
        self._choices = NO_CHOICE  # the legal list of this position (kept until the next move)
        self._start_season()
        self._settle()

    # ------------------------------------------------------------- legal moves
    def legal_moves(self) -> list[Move]:
        """Every legal decision of the player to move, in a fixed order."""
        return list(self._choices.all())

    def legal_count(self) -> int:
        """How many moves ``legal_moves()`` lists (without building them)."""
        return self._choices.size

    def legal_move(self, index: int) -> Move:
        """``legal_moves()[index]``, building only what it takes to find it."""
        return self._choices.at(index)

    def random_move(self, rng: Rng) -> Move:
        """A legal move drawn uniformly: ``legal_moves()[rng.below(count)]``."""
        choices = self._choices
        if not choices.size:
            raise IllegalMoveError("the game is over: no move can be played")
        return choices.at(rng.below(choices.size))

    def is_legal(self, move: Move) -> bool:
        return self._choices.has(move)

    def renamed(self, players: Sequence[str]) -> GameState:
        """The same game in the same position under other player names (a live
        game's friend who took a seat by another name). Names play no part in
        the rules or the draws: every decision stands, and the setup (so a
        record or a link of the game) carries the new names. Raises SetupError
        for a name outside the limits or another number of players."""
        names = check_players(tuple(players))
        if len(names) != self.n:
            raise SetupError(f"a game of {self.n} players needs {self.n} names")
        if names == self.setup.players:
            return self
        other = self.copy(keep_history=True)
        other.setup = replace(self.setup, players=names)
        other.forced = list(self.forced)  # the legal list is shared, as a copy may
        return other

    def _generate(self) -> Choices:
        phase = self.phase
        if phase is Phase.EXCAVATION:
            assert self.to_move is not None
            return excavation.choices(self, self.to_move)
        if phase is Phase.NEUTRAL:
            assert self.to_move is not None
            return excavation.neutral_choices(self, self.to_move)
        if phase is Phase.SURVEY:
            return survey.choices(self)
        if phase is Phase.BOAT:
            return Choices([fixed(nile.BOAT_CHOICES)])
        return Choices([])

    def survey_decision(self) -> tuple[str, int, int] | None:
        """See ``survey.decision``."""
        return survey.decision(self)

    # ------------------------------------------------------------------ playing
    def play(self, move: Move | dict[str, Any], player: int | None = None) -> None:
        """Check and apply one decision. Raises MalformedMoveError or
        IllegalMoveError (with what is wrong and what is allowed) and leaves
        the state untouched when the move cannot be played."""
        move = Move.coerce(move)
        if player is not None and (type(player) is not int or not 0 <= player < self.n):
            raise MalformedMoveError(f"player must be a player index 0-{self.n - 1}")
        if self.phase is Phase.OVER:
            raise IllegalMoveError("the game is over: no move can be played")
        if player is not None and player != self.to_move:
            raise IllegalMoveError(
                f"it is {self.setup.players[self.to_move or 0]}'s decision "
                f"(player {self.to_move}), not player {player}'s"
            )
        if not self.is_legal(move):
            raise IllegalMoveError(explain_illegal(self, self.legal_moves(), move))
        self.apply(move)

    def apply(self, move: Move) -> None:
        """Apply a move known to be legal, then any forced moves after it."""
        assert self.to_move is not None
        self.forced = []
        self.moves.append((self.to_move, move))
        self._apply(move)
        self._settle()

    def _settle(self) -> None:
        """Play every forced move (a decision with exactly one legal choice)."""
        while self.phase is not Phase.OVER:
            choices = self._generate()
            if choices.size > 1:
                self._choices = choices
                return
            if not choices.size:
                raise AssertionError(f"no legal move in phase {self.phase}")
            move = choices.at(0)
            assert self.to_move is not None
            self.forced.append((self.to_move, move))
            self._apply(move, forced=True)
        self._choices = NO_CHOICE

    def _apply(self, move: Move, forced: bool = False) -> None:
        p = self.to_move
        assert p is not None
        phase = self.phase
        if phase is Phase.EXCAVATION:
            excavation.act(self, p, move, forced)
            if move.action == "pass":
                self._take_pass_space(p)
                self._end_turn(p)
            elif self.neutral >= 0 and self.neutral_cubes[p] > 0:
                self.phase = Phase.NEUTRAL
            else:
                self._end_turn(p)
        elif phase is Phase.NEUTRAL:
            excavation.place_neutral(self, p, move, forced)
            self.phase = Phase.EXCAVATION
            self._end_turn(p)
        elif phase is Phase.SURVEY:
            survey.act(self, p, move, forced)
            self._run_survey()
        elif phase is Phase.BOAT:
            nile.use_boat(self, p, bool(move.use), forced)
            self.phase = Phase.SURVEY
            self._run_survey()
        else:
            raise AssertionError("no move after the game is over")

    # ---------------------------------------------------------------- excavation
    def _take_pass_space(self, side: int) -> None:
        used = set(self.pass_space)
        space = 1
        while space in used:
            space += 1
        self.pass_space[side] = space

    def _end_turn(self, p: int) -> None:
        if self.last_turn and not self.pass_space[p]:
            # The last player's single action is done: they take the next space.
            self._take_pass_space(p)
            self.emit({"type": "last_pass", "player": p, "season": self.season})
        playing = self.pass_space[: self.n]  # the neutral's space is never 0
        remaining = playing.count(0)
        if not remaining:
            self.last_turn = False
            survey.start(self)
            self._run_survey()
            return
        if remaining == 1:
            self.last_turn = True
            self.to_move = playing.index(0)
            return
        q = p
        while True:
            q = (q + 1) % self.n
            if not self.pass_space[q]:
                self.to_move = q
                return

    def _run_survey(self) -> None:
        if survey.advance(self):
            self._end_season()

    # ------------------------------------------------------------------ seasons
    def _deal_region(self) -> Region:
        start = 8 * (self.season - 1)
        return build_region(
            self.setup.deck[start : start + parcels_in_season(self.season)], self.nile_state.in_play
        )

    def _start_season(self) -> None:
        if self.nile:
            nile.deal(self)
        self.region = self._deal_region()
        order = [(self.first_player + k) % self.n for k in range(self.n)]
        want = season_supply(self.n)
        for p in order:
            self.cubes[p] += min(want, self.general_stock(p))
        if self.neutral >= 0:
            for p in order:
                self.neutral_cubes[p] += min(4, self.general_stock(self.neutral))
            self.pass_space[self.neutral] = NEUTRAL_SPACE
        self.region_cards = [[c for c, _ in self.nile_state.in_play]] + [
            list(self.region.area_cards(a)) for a in range(1, self.region.areas + 1)
        ]
        self.phase = Phase.EXCAVATION
        self.to_move = self.first_player
        self.last_turn = False
        self.emit(
            {
                "type": "season",
                "season": self.season,
                "first_player": self.first_player,
                "cubes": list(self.cubes),
                "neutral_cubes": list(self.neutral_cubes),
            }
        )

    def _end_season(self) -> None:
        if self.season == SEASONS:
            self._finish()
            return
        self.first_player = self.passing_order()[-1]
        self.pass_space = [0] * self.sides
        for t in self.tilted:
            t.clear()
        self.season += 1
        self._start_season()

    def _finish(self) -> None:
        self.final = final_scores(self)
        self.score = list(self.final["scores"])
        self.phase = Phase.OVER
        self.to_move = None
        self.emit(
            {"type": "game_over", "scores": self.final["scores"], "winners": self.final["winners"]}
        )
