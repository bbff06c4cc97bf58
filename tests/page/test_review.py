"""Review on the page's model (page/table.py): any past position drawn exactly as
the engine rebuilds it, nothing playable meanwhile, the jumps, the score chart,
and the computer's analysis of a past decision (page/thinking.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game import GameState, Move, to_record
from game.bots import Bot
from game.selfplay import random_game
from game.timeline import Timeline
from page.session import Session
from page.table import Table
from page.texts import Texts
from page.thinking import analysis, estimate
from tests.page.fakes import Memory


def finished(players: int = 3, seed: int = 5, nile: bool = False) -> tuple[GameState, Table]:
    state = random_game(players, seed, nile=nile, log=True)
    return state, Table.from_record_text(json.dumps(to_record(state)))


def shown(view: dict[str, Any]) -> dict[str, Any]:
    """What a view says about the position itself."""
    return {
        "season": view["season"],
        "phase": view["phase"],
        "to_move": view["to_move"],
        "scores": [p["score"] for p in view["players"]],
        "cubes": [p["cubes"] for p in view["players"]],
        "cards": [[c["id"] for g in p["hand"] for c in g["cards"]] for p in view["players"]],
        "owners": {c["name"]: c["owner"] for c in view["region"]["cells"]},
        "holders": {r["id"]: r["holder"] for r in view["museum"]},
        "log": view["log"],
    }


def engine(state: GameState, table: Table) -> dict[str, Any]:
    """The same facts from a position the engine rebuilt, drawn by a plain table."""
    return shown(Table(state, list(table.seats)).view())


@pytest.mark.parametrize("players,seed,nile", [(3, 5, False), (2, 12, True)])
def test_every_position_shows_the_engines_state(players: int, seed: int, nile: bool) -> None:
    state, table = finished(players, seed, nile)
    timeline = Timeline.of_state(state)
    table.review("first")
    for k in range(timeline.last + 1):
        view = table.view()
        review = view["review"]
        assert review["index"] == k and review["last"] == timeline.last
        assert review["label"] == f"Move {k} of {timeline.last}"
        assert shown(view) == engine(timeline.state_at(k), table), k
        assert view["actions"] == [] and not view["can_undo"] and view["bot_to_move"] is None
        assert not any(c["hl"] for c in view["region"]["cells"])
        assert not any(p["hl"] for p in view["region"]["parcels"] + view["region"]["nile"])
        assert not any(r["hl"] for r in view["museum"])
        assert (view["final"] is not None) == (k == timeline.last)
        if k < timeline.last:
            move = Texts().move_text(timeline.moves[k].to_json(), state.setup.wings)
            assert move in review["next"]["text"]
            assert review["next"]["player"] == state.moves[k][0]
        else:
            assert review["next"] is None
        table.review("forward")
    assert table.reviewing.index == timeline.last
    for k in range(timeline.last, -1, -7):
        table.review(f"position:{k}")
        assert shown(table.view()) == engine(timeline.state_at(k), table)


def test_nothing_can_be_played_while_reviewing() -> None:
    state = random_game(3, 8, log=True)
    record = to_record(state)
    record["moves"] = record["moves"][:30]
    table = Table.from_record_text(json.dumps(record))
    live = table.view()
    target = live["actions"][0]["id"]
    table.review("back")
    assert table.reviewing.index == 29
    for click in (target, "undo", "cell:c3", "cancel", "room:W1-5"):
        table.click(click)
        assert (
            table.view()["message"]
            == "This is a past moment of the game: go back to the game to play."
        )
        assert len(table.state.moves) == 30
    table.review("exit")
    assert table.reviewing is None
    view = table.view()
    assert view["review"] is None and view["can_review"]
    assert shown(view) == shown(live) and view["actions"] == live["actions"]
    table.click(target)
    assert table.view()["message"] is None


def test_the_jumps() -> None:
    state, table = finished()
    timeline = Timeline.of_state(state)
    table.review("open")
    assert table.reviewing.index == timeline.last
    table.review("back")
    assert table.reviewing.index == timeline.last - 1
    table.review("first")
    table.review("back")
    assert table.reviewing.index == 0
    table.review("last")
    table.review("forward")
    assert table.reviewing.index == timeline.last
    view = table.view()
    seasons = [(m["season"], m["index"]) for m in view["review"]["seasons"]]
    surveys = [(m["season"], m["index"]) for m in view["review"]["surveys"]]
    assert seasons == timeline.season_starts() and surveys == timeline.survey_starts()
    for season, k in surveys:
        table.review(f"survey:{season}")
        assert table.reviewing.index == k and table.view()["phase"] in ("survey", "boat")
    for season, k in seasons:
        table.review(f"season:{season}")
        assert table.reviewing.index == k and table.view()["season"] == season
    here = table.reviewing.index
    for bad in ("position:9999", "position:-1", "season:9", "log:99999", "fly", "position:x"):
        table.review(bad)
        assert table.reviewing.index == here
    # A log line jumps to the first position that shows it.
    lines = Table(state).view()["log"]
    for i in (0, 5, len(lines) // 2, len(lines) - 1):
        table.review(f"log:{i}")
        k = table.reviewing.index
        assert k is not None
        assert table.view()["log"][i] == lines[i]
        if k:
            table.review(f"position:{k - 1}")
            assert len(table.view()["log"]) <= i


def test_what_a_screen_reader_hears() -> None:
    state, table = finished()
    table.review("position:1")
    view = table.view()
    said = view["review"]["said"]
    assert said.startswith(f"Move 1 of {len(state.moves)}:")
    assert view["log"][-1] in said
    table.set_language("fr")
    table.review("position:0")
    assert table.view()["review"]["said"] == f"Coup 0 sur {len(state.moves)}"


def test_review_pauses_the_computer_players_and_drops_their_answers() -> None:
    session = Session.open(Memory(), "en", fresh_seed=lambda: 3)
    session.start_game(["Ann", "Bob"], 4, {"seats": ["human", "hard"]})
    view = session.click("action:pass")
    assert view["bot_to_move"] == "hard"
    stamp = session.stamp_text()
    session.table.review("back")
    reviewing = session.view()
    assert reviewing["bot_to_move"] is None and reviewing["review"]["index"] == 0
    # An answer asked before review is for a position no longer named: dropped.
    move = session.table.state.legal_moves()[0]
    after = session.play_bot_move(move.to_json(), stamp)
    assert len(session.table.state.moves) == 1 and after["message"] is None
    session.table.review("exit")
    live = session.view()
    assert live["bot_to_move"] == "hard" and f"{live['game']}:{live['revision']}" != stamp
    assert session.play_bot_move(move.to_json(), session.stamp_text())["message"] is None
    assert len(session.table.state.moves) == 2


def test_the_score_chart_on_the_end_screen_and_in_review() -> None:
    state, table = finished()
    assert state.final is not None
    chart = table.view()["final"]["chart"]
    assert chart["labels"] == [
        "Start",
        "Season 1",
        "Season 2",
        "Season 3",
        "Season 4",
        "Exhibition",
        "Sets",
    ]
    assert [s[-1] for s in chart["series"]] == state.final["scores"]
    assert chart["series"] == [list(s) for s in Timeline.of_state(state).score_chart().series]
    table.review("season:3")
    k = table.reviewing.index
    assert k is not None
    partial = table.view()["review"]["chart"]
    assert partial["labels"] == ["Start", "Season 1", "Season 2", "Season 3"]
    assert partial["complete"] == [True, True, True, False]
    assert [s[-1] for s in partial["series"]] == [p["score"] for p in table.view()["players"]]
    table.set_language("it")
    assert table.view()["review"]["chart"]["labels"][1] == "Stagione 1"


def test_a_new_game_or_import_ends_review() -> None:
    state, table = finished()
    table.review("first")
    other = random_game(2, 3, log=True)
    assert table.import_text(json.dumps(to_record(other))) is None
    assert table.reviewing is None and table.view()["review"] is None


def test_the_computers_analysis_of_a_past_decision() -> None:
    state = random_game(3, 5, log=False)
    timeline = Timeline.of_state(state)
    for k in (3, 40):
        shown_state = timeline.state_at(k)
        answer = analysis(shown_state, timeline.moves[k], Bot("hard", 7, budget=0.2), worlds=6)
        choice = Move.from_json(answer["move"])
        assert choice in shown_state.legal_moves()
        assert answer["played"] == timeline.moves[k].to_json()
        if answer["same"]:
            assert answer["difference"] == 0.0
        else:
            expected = estimate(shown_state, choice, 7, 6) - estimate(
                shown_state, timeline.moves[k], 7, 6
            )
            assert answer["difference"] == round(expected, 1)
    # The latest position of a game still running: a choice, nothing to compare.
    answer = analysis(timeline.state_at(12), None, Bot("hard", 7, budget=0.2), worlds=6)
    assert answer["played"] is None and answer["difference"] is None
    with pytest.raises(ValueError):
        analysis(state, None, Bot("hard", 7, budget=0.2))  # the game is over
