"""A finished or running game laid out for review: its moves, positions and scores over time.

Position ``k`` is the game after its first ``k`` decisions and the forced moves
the engine then played by itself; position 0 is the start, the last one the
latest state. Decision ``k`` is played in position ``k - 1`` and shows in
position ``k``, and so do the forced moves that follow it. ``state_at`` rebuilds
any position from a snapshot kept every few decisions, so stepping through a
whole game stays cheap.

The score chart follows the points as the rules hand them out: cards claimed
in each season's survey (and the Nile's boats), then at the end the exhibition
in the museum, then the sets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import GameError, RecordError
from .moves import Move
from .record import replay
from .setup import Setup
from .state import SEASONS, GameState, Phase

SURVEY_PHASES = (Phase.SURVEY.value, Phase.BOAT.value)


@dataclass(frozen=True)
class Played:
    """One move as the review lists it: a decision, or a move the engine forced."""

    position: int  # the position that first shows it done (its decision's number)
    player: int
    move: Move
    season: int
    phase: str  # "excavation", "neutral", "survey" or "boat"
    forced: bool  # the only legal move, played by the engine
    options: int  # how many legal moves there were (1 when forced)


@dataclass(frozen=True)
class Moment:
    """Where the game stood after ``index`` decisions (a position of the timeline)."""

    index: int
    season: int
    phase: str
    to_move: int | None
    score: tuple[int, ...]  # points on the track: scored so far, the final totals once over
    starts_season: bool  # the first position of its season
    starts_survey: bool  # the first position of its season's survey


@dataclass(frozen=True)
class ScoreChart:
    """Each player's score at the chart's points, for a line chart or a table.

    ``labels`` are keys for the page to word: "start", "season-1" to "season-4"
    (points after that season's survey, or so far while it is played), then
    "exhibition" and "sets" once the game is over. ``series[p][i]`` is player
    ``p``'s score at point ``i``; ``positions[i]`` is where review shows it.
    """

    labels: tuple[str, ...]
    positions: tuple[int, ...]
    complete: tuple[bool, ...]  # False for a season still being played
    series: tuple[tuple[int, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "labels": list(self.labels),
            "positions": list(self.positions),
            "complete": list(self.complete),
            "series": [list(s) for s in self.series],
        }


def _phase_of(move: Move) -> str:
    """The phase a move belongs to, read from the move itself."""
    if move.action in ("claim", "neutral_claim") or (
        move.action == "museum" and move.patron is None
    ):
        return Phase.SURVEY.value
    if move.action == "boat":
        return Phase.BOAT.value
    if move.action == "neutral":
        return Phase.NEUTRAL.value
    return Phase.EXCAVATION.value


class Timeline:
    """Moves, positions, log and scores of one game, and any position rebuilt on demand."""

    def __init__(self, setup: Setup, moves: Sequence[Move], *, snapshot_every: int = 8) -> None:
        """Replay ``moves`` (the decisions only) from ``setup``; a move that is not
        legal where it stands raises RecordError with its 1-based number."""
        if snapshot_every < 1:
            raise GameError("snapshot_every must be at least 1")
        self.setup = setup
        self.moves = tuple(moves)
        self._every = snapshot_every
        state = GameState(setup)
        self._snapshots: list[GameState] = [state.copy(keep_history=True)]
        steps = [Played(0, p, m, 1, _phase_of(m), True, 1) for p, m in state.forced]
        positions = [self._position(state, None)]
        log_marks = [self._log_length(state)]
        for k, move in enumerate(self.moves, start=1):
            if state.over:
                raise RecordError("the game is already over", k)
            legal = state.legal_moves()
            if move not in legal:
                raise RecordError(f"{move.label()} is not legal here", k)
            player, season, phase = state.to_move, state.season, state.phase.value
            assert player is not None
            state.apply(move)
            steps.append(Played(k, player, move, season, phase, False, len(legal)))
            # Forced moves never cross into the next season: each season starts
            # with the first player holding cubes, hence with a real choice.
            steps += [Played(k, p, m, season, _phase_of(m), True, 1) for p, m in state.forced]
            positions.append(self._position(state, positions[-1]))
            log_marks.append(self._log_length(state))
            if k % snapshot_every == 0:
                self._snapshots.append(state.copy(keep_history=True))
        self.steps = tuple(steps)
        self.positions = tuple(positions)
        self.final: dict[str, Any] | None = state.final
        self.log_positions = tuple(
            k
            for k in range(len(log_marks))
            for _ in range(log_marks[k] - (log_marks[k - 1] if k else 0))
        )

    @classmethod
    def of_state(cls, state: GameState, *, snapshot_every: int = 8) -> Timeline:
        return cls(state.setup, [m for _, m in state.moves], snapshot_every=snapshot_every)

    @classmethod
    def of_record(cls, record: Any, *, snapshot_every: int = 8) -> Timeline:
        """From a record (docs/RECORDS.md); raises RecordError as ``replay`` does."""
        return cls.of_state(replay(record, log=False), snapshot_every=snapshot_every)

    @staticmethod
    def _log_length(state: GameState) -> int:
        return len(state.log) if state.log is not None else 0

    @staticmethod
    def _position(state: GameState, before: Moment | None) -> Moment:
        index = 0 if before is None else before.index + 1
        phase = state.phase.value
        new_season = before is None or before.season != state.season
        in_survey = phase in SURVEY_PHASES
        return Moment(
            index,
            state.season,
            phase,
            state.to_move,
            tuple(state.score),
            starts_season=new_season,
            starts_survey=in_survey
            and (new_season or before is None or before.phase not in SURVEY_PHASES),
        )

    # -------------------------------------------------------------- queries
    @property
    def last(self) -> int:
        """The latest position (the number of decisions)."""
        return len(self.moves)

    @property
    def decisions(self) -> tuple[Played, ...]:
        """The steps a player chose, in order (decision ``k`` is entry ``k - 1``)."""
        return tuple(s for s in self.steps if not s.forced)

    def season_starts(self) -> list[tuple[int, int]]:
        """(season, position) where each season reached so far starts."""
        return [(p.season, p.index) for p in self.positions if p.starts_season]

    def survey_starts(self) -> list[tuple[int, int]]:
        """(season, position) of each survey with at least one decision in it."""
        return [(p.season, p.index) for p in self.positions if p.starts_survey]

    def state_at(self, k: int) -> GameState:
        """A fresh, independent state at position ``k`` (with its moves and log)."""
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= self.last:
            raise GameError(f"position must be 0 to {self.last}, not {k!r}")
        base = k // self._every
        state = self._snapshots[base].copy(keep_history=True)
        for move in self.moves[base * self._every : k]:
            state.apply(move)
        return state

    def to_json(self) -> dict[str, Any]:
        """Everything but the states, as JSON-ready data for a page."""
        return {
            "last": self.last,
            "steps": [
                {
                    "position": s.position,
                    "player": s.player,
                    "move": s.move.to_json(),
                    "season": s.season,
                    "phase": s.phase,
                    "forced": s.forced,
                    "options": s.options,
                }
                for s in self.steps
            ],
            "positions": [
                {
                    "index": p.index,
                    "season": p.season,
                    "phase": p.phase,
                    "to_move": p.to_move,
                    "score": list(p.score),
                    "starts_season": p.starts_season,
                    "starts_survey": p.starts_survey,
                }
                for p in self.positions
            ],
            "season_starts": [list(x) for x in self.season_starts()],
            "survey_starts": [list(x) for x in self.survey_starts()],
            "log_positions": list(self.log_positions),
        }

    # --------------------------------------------------------------- scores
    def score_chart(self, upto: int | None = None) -> ScoreChart:
        """Scores through the seasons, then the exhibition and the sets, as far as
        position ``upto`` (default: the latest)."""
        k = self.last if upto is None else upto
        if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= self.last:
            raise GameError(f"position must be 0 to {self.last}, not {k!r}")
        n = self.setup.count
        labels, where, complete = ["start"], [0], [True]
        values: list[tuple[int, ...]] = [(0,) * n]
        current = self.positions[k]
        for season in range(1, current.season):
            # A season's points are all in once the next season has started.
            first = next(p for p in self.positions if p.season == season + 1)
            labels.append(f"season-{season}")
            where.append(first.index)
            complete.append(True)
            values.append(first.score)
        over = current.phase == Phase.OVER.value
        if over and self.final is not None:
            rows = self.final["breakdown"]
            claimed = tuple(int(r["claimed"]) for r in rows)
            exhibition = tuple(c + int(r["exhibition_total"]) for c, r in zip(claimed, rows))
            labels += [f"season-{current.season}", "exhibition", "sets"]
            where += [k, k, k]
            complete += [True, True, True]
            values += [claimed, exhibition, tuple(int(r["total"]) for r in rows)]
        else:
            labels.append(f"season-{current.season}")
            where.append(k)
            complete.append(False)
            values.append(current.score)
        assert current.season <= SEASONS
        series = tuple(tuple(v[p] for v in values) for p in range(n))
        return ScoreChart(tuple(labels), tuple(where), tuple(complete), series)
