"""Review data: every position rebuilt exactly, moves and log placed, scores over time."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game import GameError, GameState, Move, RecordError, new_game, replay, summary, to_record
from game.selfplay import random_game
from game.state import SEASONS
from game.timeline import Timeline

GAMES = [(2, 11, False), (3, 2026, False), (4, 7, False), (2, 12, True), (4, 33, True)]


def prefix(state: GameState, k: int) -> GameState:
    """The game after its first ``k`` decisions, by the checked replay path."""
    record = to_record(state)
    record["moves"] = record["moves"][:k]
    return replay(json.loads(json.dumps(record)))


def comparable(state: GameState) -> dict[str, Any]:
    out = summary(state)
    out["log"] = state.log
    out["moves"] = [(p, m.to_json()) for p, m in state.moves]
    return out


@pytest.fixture(
    scope="module", params=GAMES, ids=lambda g: f"{g[0]}p-seed{g[1]}{'-nile' if g[2] else ''}"
)
def game(request: pytest.FixtureRequest) -> tuple[GameState, Timeline]:
    players, seed, nile = request.param
    state = random_game(players, seed, nile=nile, log=True)
    return state, Timeline.of_state(state)


def test_every_position_is_the_replayed_prefix(game: tuple[GameState, Timeline]) -> None:
    state, timeline = game
    assert timeline.last == len(state.moves)
    # The same game played afresh through the checked path, one decision at a time.
    probe = new_game(list(state.setup.players), state.setup.seed, nile=state.setup.nile)
    for k in range(timeline.last + 1):
        shown = timeline.state_at(k)
        assert comparable(shown) == comparable(probe), k
        if k < timeline.last:
            probe.play(state.moves[k][1], state.moves[k][0])
        position = timeline.positions[k]
        assert (
            position.index,
            position.season,
            position.phase,
            position.to_move,
            position.score,
        ) == (k, shown.season, shown.phase.value, shown.to_move, tuple(shown.score))
    assert comparable(timeline.state_at(timeline.last)) == comparable(state)


def test_positions_out_of_order_and_any_snapshot_spacing_agree(
    game: tuple[GameState, Timeline],
) -> None:
    state, timeline = game
    dense = Timeline.of_state(state, snapshot_every=1)
    sparse = Timeline.of_state(state, snapshot_every=1000)
    for k in (timeline.last, 0, 17, 16, 15, 1, timeline.last // 2, timeline.last - 1):
        expected = comparable(prefix(state, k))
        assert comparable(timeline.state_at(k)) == expected
        assert comparable(dense.state_at(k)) == expected
        assert comparable(sparse.state_at(k)) == expected


def test_a_rebuilt_state_is_independent(game: tuple[GameState, Timeline]) -> None:
    _, timeline = game
    k = timeline.last // 2
    before = comparable(timeline.state_at(k))
    mine = timeline.state_at(k)
    while not mine.over:
        mine.apply(mine.legal_moves()[-1])
    assert comparable(timeline.state_at(k)) == before
    assert comparable(timeline.state_at(k + 1)) == comparable(prefix(game[0], k + 1))


def test_steps_are_the_decisions_and_the_forced_moves(game: tuple[GameState, Timeline]) -> None:
    state, timeline = game
    decisions = timeline.decisions
    assert [(s.player, s.move) for s in decisions] == state.moves
    assert [s.position for s in decisions] == list(range(1, timeline.last + 1))
    probe = new_game(list(state.setup.players), state.setup.seed, nile=state.setup.nile, log=False)
    forced: list[tuple[int, int, Move]] = []
    for k, (_, move) in enumerate(state.moves, start=1):
        legal = probe.legal_moves()
        step = decisions[k - 1]
        assert (step.options, step.season, step.phase, step.forced) == (
            len(legal),
            probe.season,
            probe.phase.value,
            False,
        )
        probe.apply(move)
        forced += [(k, p, m) for p, m in probe.forced]
    assert [(s.position, s.player, s.move) for s in timeline.steps if s.forced] == forced
    assert forced, "a whole random game has forced moves"
    assert all(s.options == 1 for s in timeline.steps if s.forced)
    # Steps are in game order: positions never go back.
    assert [s.position for s in timeline.steps] == sorted(s.position for s in timeline.steps)


def test_forced_steps_carry_the_season_and_phase_of_their_log_lines(
    game: tuple[GameState, Timeline],
) -> None:
    state, timeline = game
    assert state.log is not None
    forced_events = [e for e in state.log if e.get("forced")]
    with_event = [
        s
        for s in timeline.steps
        if s.forced and not (s.move.action == "neutral" and not s.move.cells)
    ]
    assert len(forced_events) == len(with_event)
    kinds = {
        "claim": "survey",
        "neutral_claim": "survey",
        "book": "survey",
        "boat_use": "boat",
        "boat_keep": "boat",
        "neutral": "neutral",
    }
    for event, step in zip(forced_events, with_event):
        assert event["season"] == step.season
        assert event["player"] == step.player
        assert kinds.get(event["type"], "excavation") == step.phase


def test_season_and_survey_starts(game: tuple[GameState, Timeline]) -> None:
    _, timeline = game
    seasons = timeline.season_starts()
    assert [s for s, _ in seasons] == list(range(1, SEASONS + 1))
    assert seasons[0] == (1, 0)
    for season, k in seasons[1:]:
        assert timeline.positions[k - 1].season == season - 1
        assert timeline.state_at(k).season == season
    surveys = timeline.survey_starts()
    assert [s for s, _ in surveys] == sorted({s for s, _ in surveys})
    for season, k in surveys:
        assert timeline.positions[k].phase in ("survey", "boat")
        assert timeline.positions[k - 1].phase in ("excavation", "neutral")
        assert timeline.positions[k].season == season
    # Every position in a survey comes after its season's survey start.
    for position in timeline.positions:
        if position.phase in ("survey", "boat"):
            assert any(s == position.season and k <= position.index for s, k in surveys)


def test_log_lines_point_at_the_position_that_shows_them(game: tuple[GameState, Timeline]) -> None:
    state, timeline = game
    assert state.log is not None
    assert len(timeline.log_positions) == len(state.log)
    assert list(timeline.log_positions) == sorted(timeline.log_positions)
    lengths = [len(timeline.state_at(k).log or []) for k in range(timeline.last + 1)]
    for i, k in enumerate(timeline.log_positions):
        assert lengths[k] > i
        assert k == 0 or lengths[k - 1] <= i
    assert timeline.log_positions[-1] == timeline.last


def test_the_score_chart_ends_on_the_final_scores(game: tuple[GameState, Timeline]) -> None:
    state, timeline = game
    assert state.final is not None
    chart = timeline.score_chart()
    assert chart.labels == (
        "start",
        "season-1",
        "season-2",
        "season-3",
        "season-4",
        "exhibition",
        "sets",
    )
    assert all(chart.complete)
    assert [s[-1] for s in chart.series] == state.final["scores"]
    rows = state.final["breakdown"]
    assert [s[-3] for s in chart.series] == [r["claimed"] for r in rows]
    assert [s[-2] for s in chart.series] == [r["claimed"] + r["exhibition_total"] for r in rows]
    assert [s[-1] - s[-2] for s in chart.series] == [r["set_points"] for r in rows]
    for i, k in enumerate(chart.positions[1:4], start=1):
        # A season's point is shown where the next season starts, with the score there.
        assert timeline.state_at(k).season == i + 1
        assert [s[i] for s in chart.series] == timeline.state_at(k).score
    for series in chart.series:
        assert series[0] == 0
        assert list(series) == sorted(series), "scores never go down"
    json.dumps(chart.to_json())


def test_the_score_chart_of_a_game_in_progress(game: tuple[GameState, Timeline]) -> None:
    _, timeline = game
    for k in range(0, timeline.last, 9):
        chart = timeline.score_chart(k)
        position = timeline.positions[k]
        assert chart.labels == ("start",) + tuple(
            f"season-{s}" for s in range(1, position.season + 1)
        )
        assert chart.complete[-1] is False and all(chart.complete[:-1])
        assert chart.positions[-1] == k
        assert [s[-1] for s in chart.series] == list(position.score)
        same = Timeline.of_state(timeline.state_at(k)).score_chart()
        assert same == chart


def test_records_and_errors() -> None:
    state = random_game(3, 5, log=False)
    record = json.loads(json.dumps(to_record(state)))
    timeline = Timeline.of_record(record)
    assert timeline.decisions == Timeline.of_state(state).decisions
    with pytest.raises(RecordError):
        Timeline.of_record({"setup": record["setup"], "moves": [{"action": "fly"}]})
    moves = [m for _, m in state.moves]
    with pytest.raises(RecordError) as info:
        Timeline(state.setup, moves[:3] + [Move("dig", ("z9",))] + moves[4:])
    assert info.value.index == 4
    with pytest.raises(RecordError) as info:
        Timeline(state.setup, moves + [Move("pass")])
    assert info.value.index == len(moves) + 1
    for bad in (-1, len(moves) + 1, True, "3"):
        with pytest.raises(GameError):
            timeline.state_at(bad)  # type: ignore[arg-type]
        with pytest.raises(GameError):
            timeline.score_chart(bad)  # type: ignore[arg-type]
    with pytest.raises(GameError):
        Timeline(state.setup, moves, snapshot_every=0)


def test_a_game_without_decisions_yet() -> None:
    timeline = Timeline.of_state(new_game(["Ann", "Bob"], 4))
    assert timeline.last == 0 and timeline.steps == ()
    assert timeline.season_starts() == [(1, 0)] and timeline.survey_starts() == []
    chart = timeline.score_chart()
    assert chart.labels == ("start", "season-1") and chart.series == ((0, 0), (0, 0))
    assert summary(timeline.state_at(0)) == summary(new_game(["Ann", "Bob"], 4))


def test_the_outline_for_a_page(game: tuple[GameState, Timeline]) -> None:
    state, timeline = game
    outline = json.loads(json.dumps(timeline.to_json()))
    assert outline["last"] == len(state.moves)
    decisions = [s for s in outline["steps"] if not s["forced"]]
    assert [(s["player"], Move.from_json(s["move"])) for s in decisions] == state.moves
    assert [p["score"] for p in outline["positions"]] == [list(p.score) for p in timeline.positions]
    assert outline["season_starts"] == [list(x) for x in timeline.season_starts()]
    assert outline["survey_starts"] == [list(x) for x in timeline.survey_starts()]
    assert len(outline["log_positions"]) == len(state.log or [])
