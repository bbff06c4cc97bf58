"""Review, a mode of the page (web/page/modes.py): any past position drawn exactly as
the engine rebuilds it, nothing playable meanwhile, the jumps, the score chart,
and the computer's analysis of a past decision (web/page/thinking.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game import GameState, Move, to_record
from game.bots import Bot
from game.selfplay import random_game
from game.timeline import Timeline
from page.bridge import Bridge
from page.modes import Reviewing
from page.session import Session
from page.table import Table
from page.texts import Texts
from page.thinking import analysis, estimate
from tests.page.fakes import Memory


def finished(players: int = 3, seed: int = 5, nile: bool = False) -> tuple[GameState, Bridge]:
    """A random game played to its end, on the page's bridge."""
    state = random_game(players, seed, nile=nile, log=True)
    storage = Memory()
    table = Table.from_record_text(json.dumps(to_record(state)))
    return state, Bridge(Session(storage, table), storage)


def index(screen: Bridge) -> int | None:
    """The position reviewed, or None: the game itself is on screen."""
    return screen.mode.shown.index if isinstance(screen.mode, Reviewing) else None


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


def engine(state: GameState, screen: Bridge) -> dict[str, Any]:
    """The same facts from a position the engine rebuilt, drawn by a plain table."""
    return shown(Table(state, list(screen.session.table.seats)).view())


@pytest.mark.parametrize("players,seed,nile", [(3, 5, False), (2, 12, True)])
def test_every_position_shows_the_engines_state(players: int, seed: int, nile: bool) -> None:
    state, screen = finished(players, seed, nile)
    timeline = Timeline.of_state(state)
    screen.review("first")
    for k in range(timeline.last + 1):
        view = screen.view()
        review = view["review"]
        assert review["index"] == k and review["last"] == timeline.last
        assert review["label"] == f"Move {k} of {timeline.last}"
        assert shown(view) == engine(timeline.state_at(k), screen), k
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
        screen.review("forward")
    assert index(screen) == timeline.last
    for k in range(timeline.last, -1, -7):
        screen.review(f"position:{k}")
        assert shown(screen.view()) == engine(timeline.state_at(k), screen)


def test_nothing_can_be_played_while_reviewing() -> None:
    state = random_game(3, 8, log=True)
    record = to_record(state)
    record["moves"] = record["moves"][:30]
    storage = Memory()
    table = Table.from_record_text(json.dumps(record))
    screen = Bridge(Session(storage, table), storage)
    live = screen.view()
    target = live["actions"][0]["id"]
    screen.review("back")
    assert index(screen) == 29
    for click in (target, "undo", "cell:c3", "cancel", "room:W1-5"):
        screen.click(click)
        assert (
            screen.view()["message"]
            == "This is a past moment of the game: go back to the game to play."
        )
        assert len(table.state.moves) == 30
    screen.review("exit")
    assert index(screen) is None
    view = screen.view()
    assert view["review"] is None and view["can_review"]
    assert shown(view) == shown(live) and view["actions"] == live["actions"]
    screen.click(target)
    assert screen.view()["message"] is None


def test_the_jumps() -> None:
    state, screen = finished()
    timeline = Timeline.of_state(state)
    screen.review("open")
    assert index(screen) == timeline.last
    screen.review("back")
    assert index(screen) == timeline.last - 1
    screen.review("first")
    screen.review("back")
    assert index(screen) == 0
    screen.review("last")
    screen.review("forward")
    assert index(screen) == timeline.last
    view = screen.view()
    seasons = [(m["season"], m["index"]) for m in view["review"]["seasons"]]
    surveys = [(m["season"], m["index"]) for m in view["review"]["surveys"]]
    assert seasons == timeline.season_starts() and surveys == timeline.survey_starts()
    for season, k in surveys:
        screen.review(f"survey:{season}")
        assert index(screen) == k and screen.view()["phase"] in ("survey", "boat")
    for season, k in seasons:
        screen.review(f"season:{season}")
        assert index(screen) == k and screen.view()["season"] == season
    here = index(screen)
    for bad in ("position:9999", "position:-1", "season:9", "log:99999", "fly", "position:x"):
        screen.review(bad)
        assert index(screen) == here
    # A log line jumps to the first position that shows it.
    lines = Table(state).view()["log"]
    for i in (0, 5, len(lines) // 2, len(lines) - 1):
        screen.review(f"log:{i}")
        k = index(screen)
        assert k is not None
        assert screen.view()["log"][i] == lines[i]
        if k:
            screen.review(f"position:{k - 1}")
            assert len(screen.view()["log"]) <= i


def test_what_a_screen_reader_hears() -> None:
    state, screen = finished()
    screen.review("position:1")
    view = screen.view()
    said = view["review"]["said"]
    assert said.startswith(f"Move 1 of {len(state.moves)}:")
    assert view["log"][-1] in said
    screen.setLanguage("fr")
    screen.review("position:0")
    assert screen.view()["review"]["said"] == f"Coup 0 sur {len(state.moves)}"


def test_review_pauses_the_computer_players_and_drops_their_answers() -> None:
    storage = Memory()
    session = Session.open(storage, "en", fresh_seed=lambda: 3)
    screen = Bridge(session, storage)
    screen.newGame(["Ann", "Bob"], "4", {"seats": ["human", "hard"]})
    view = screen.click("action:pass")
    assert view["bot_to_move"] == "hard"
    stamp = view["stamp"]
    reviewing = screen.review("back")
    assert reviewing["bot_to_move"] is None and reviewing["review"]["index"] == 0
    assert screen.think("move") == {"error": "it is not a computer's turn"}
    # While review is on, and after it, an answer asked before is dropped.
    move = session.table.state.legal_moves()[0]
    after = screen.playBotMove(move.to_json(), stamp)
    assert len(session.table.state.moves) == 1 and after["message"] is None
    live = screen.review("exit")
    assert live["bot_to_move"] == "hard" and live["stamp"] != stamp
    assert screen.playBotMove(move.to_json(), stamp)["revision"] == live["revision"]
    assert len(session.table.state.moves) == 1
    assert screen.playBotMove(move.to_json(), live["stamp"])["message"] is None
    assert len(session.table.state.moves) == 2


def test_the_score_chart_on_the_end_screen_and_in_review() -> None:
    state, screen = finished()
    assert state.final is not None
    chart = screen.view()["final"]["chart"]
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
    screen.review("season:3")
    k = index(screen)
    assert k is not None
    partial = screen.view()["review"]["chart"]
    assert partial["labels"] == ["Start", "Season 1", "Season 2", "Season 3"]
    assert partial["complete"] == [True, True, True, False]
    assert [s[-1] for s in partial["series"]] == [p["score"] for p in screen.view()["players"]]
    screen.setLanguage("it")
    assert screen.view()["review"]["chart"]["labels"][1] == "Stagione 1"


def test_a_new_game_or_import_ends_review() -> None:
    state, screen = finished()
    screen.review("first")
    other = random_game(2, 3, log=True)
    assert screen.importRecord(json.dumps(to_record(other)))["ok"]
    assert index(screen) is None and screen.view()["review"] is None
    screen.review("first")
    screen.newGame(["Ann", "Bob"], None, {})
    assert index(screen) is None and screen.view()["review"] is None


def test_a_game_moved_on_in_another_tab_ends_review() -> None:
    storage = Memory()
    session = Session.open(storage, "en", fresh_seed=lambda: 3)
    screen = Bridge(session, storage)
    screen.newGame(["Ann", "Bob"], "4", {})
    screen.click("action:pass")
    screen.review("first")
    other = Bridge(Session.open(storage, "en"), storage)  # another tab, on the same save
    other.click("action:pass")
    # The game only moved on there: this tab follows it, and review ends.
    view = screen.sync()
    assert view["review"] is None and index(screen) is None
    assert view["save"] is not None and not view["save"]["elsewhere"]
    assert len(session.table.state.moves) == 2


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
