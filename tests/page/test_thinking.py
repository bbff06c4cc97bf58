"""The computer's thinking on the page's own Python (web/page/thinking.py): cut into
slices that answer in between, the same choices as a search run in one go,
one job at a time, and each job only where it makes sense."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game import Move
from game.bots import Bot
from game.timeline import Timeline
from page.review import Review
from page.session import Session
from page.texts import Texts
from page.thinker import SliceClock, Thinker
from tests.clocks import SteppingClock
from tests.page.fakes import Memory

suggestion = Texts("en").suggestion


def to_a_computer(seats: list[str]) -> Session:
    """A session whose next decision is a computer's (the person passes)."""
    session = Session.open(Memory(), "en", fresh_seed=lambda: 11)
    session.start_game(["Ann", "Bot", "Cy"], 4, {"seats": seats})
    while session.table.bot_to_move() is None:
        session.click("action:pass")
    return session


def finish(
    session: Session, purpose: str, ms: float = 5, shown: Review | None = None
) -> tuple[dict, int]:
    """Run a job to its answer; returns it and how many slices it took."""
    started = session.think(purpose, shown)
    assert "job" in started, started
    for slices in range(1, 100_000):
        step = session.think_step(started["job"], ms)
        if not step.get("busy"):
            return step, slices
    raise AssertionError("the job never answered")


def finish_job(session: Session, number: int) -> dict:
    while (step := session.think_step(number, 5)).get("busy"):
        pass
    return step


def test_a_slice_clock_stands_still_between_slices() -> None:
    now = [10.0]
    clock = SliceClock(lambda: now[0])
    clock.begin()
    now[0] = 10.5
    assert clock() == 0.5
    clock.end()
    now[0] = 99.0  # the page draws, the person thinks: none of it counts
    assert clock() == 0.5
    clock.begin()
    now[0] = 99.25
    clock.end()
    assert clock() == 0.75


def test_a_sliced_search_plays_what_the_whole_search_plays() -> None:
    session = to_a_computer(["human", "medium", "medium"])
    session.thinker = Thinker(now=SteppingClock(0.001))  # a slice of 1 ms is one step here
    state = session.table.state.copy()
    answer, slices = finish(session, "move", ms=1)
    assert slices > 10  # many slices, each answering in between
    expected = Bot("medium", session.table.bot_seed()).choose(state)
    assert Move.from_json(answer["move"]) == expected
    before = len(session.table.state.moves)
    session.play_bot_move(answer["move"], session.stamp_text())
    assert session.table.state.moves[before][1] == expected


def test_the_budget_counts_only_the_time_inside_slices() -> None:
    session = to_a_computer(["human", "hard", "hard"])
    ticks = SteppingClock(0.001)
    session.thinker = Thinker(now=ticks)
    answer, slices = finish(session, "move", ms=20)
    assert Move.from_json(answer["move"]) in session.table.state.legal_moves()
    # 1.5 s of thinking, in slices of 20 ms of that clock: about 75 of them.
    assert 1.5 <= answer["seconds"] < 1.6
    assert 70 <= slices <= 80
    assert answer["iterations"] > 0


def test_one_job_at_a_time_and_an_abandoned_job_answers_gone() -> None:
    session = to_a_computer(["human", "expert", "expert"])
    first = session.think("move")["job"]
    assert session.think_step(first, 1) == {"busy": True}
    second = session.think("move")["job"]
    assert session.think_step(first, 1) == {"gone": True}
    assert session.think_step(second, 1) == {"busy": True}
    session.stop_thinking(second)
    assert session.think_step(second, 1) == {"gone": True}
    assert session.think_step("not a number", 1) == {"gone": True}


def test_each_job_only_where_it_makes_sense() -> None:
    session = Session.open(Memory(), "en", fresh_seed=lambda: 11)
    assert "error" in session.think("move")  # people only
    assert "error" in session.think("analysis")  # nothing shown in review
    assert "error" in session.think("nonsense")
    live = session.think("hint")["job"]
    assert "error" in session.think("move")
    assert "move" in finish_job(session, live)  # a refused start leaves the job in flight alone
    computer = to_a_computer(["human", "easy", "easy"])
    assert "error" in computer.think("hint")  # no hint for the computer's turn


def test_the_hint_answers_a_legal_move_in_words() -> None:
    session = Session.open(Memory(), "en", fresh_seed=lambda: 11)
    answer, _ = finish(session, "hint")
    move = Move.from_json(answer["move"])
    assert move in session.table.state.legal_moves()
    assert answer["hint"]["text"] == suggestion(move.to_json(), session.table.state.setup.wings)


def test_the_analysis_of_the_position_shown_in_review() -> None:
    session = to_a_computer(["human", "easy", "easy"])
    while len(session.table.state.moves) < 8:
        answer, _ = finish(session, "move")
        session.play_bot_move(answer["move"], session.stamp_text())
        if session.table.bot_to_move() is None:
            session.click("action:pass")
    answer, _ = finish(session, "analysis", 10, Review(session.table.timeline(), 2))
    shown = Timeline.of_state(session.table.state).state_at(2)
    assert Move.from_json(answer["move"]) in shown.legal_moves()
    assert answer["played"] == session.table.state.moves[2][1].to_json()
    assert answer["hint"]["text"].startswith("Suggested: ")
    assert isinstance(answer["difference"], float)


def test_errors_come_back_as_an_answer() -> None:
    thinker = Thinker()

    def broken(clock: SliceClock):  # type: ignore[no-untyped-def]
        yield
        raise RuntimeError("no luck")

    number = thinker.start(broken)
    step = thinker.step(number, 5)
    assert step == {"error": "RuntimeError: no luck"}
    assert thinker.step(number, 5) == {"gone": True}


def test_suggestion_texts() -> None:
    wings = ("lemon", "violet", "brown", "blackmore", "tangerine")
    assert (
        suggestion({"action": "extend", "cells": ["c3", "d3", "d4"], "patron": "tangerine"}, wings)
        == "Suggested: extend to c3, d3, d4 with Colonel Tangerine."
    )
    assert suggestion(
        {"action": "dig", "cells": ["a1"], "patron": "greenwish", "token": "W1-5"}, wings
    ) == (
        "Suggested: start an excavation at a1 with Governor Greenwish, "
        "token on the Lord Lemon 5-room."
    )
    assert (
        suggestion({"action": "claim", "card": "nile-6"}, wings)
        == "Suggested: take Governor Greenwish 5."
    )
    assert (
        suggestion({"action": "museum", "room": "W12-2"}, wings)
        == "Suggested: book the 2-room between Lord Lemon and Lady Violet."
    )
    assert suggestion({"action": "boat", "use": True}, wings) == "Suggested: use the tie boat."
    assert suggestion({"action": "pass"}, wings) == "Suggested: pass."


def test_the_computer_players_are_loaded_ahead_of_need_not_at_start() -> None:
    # A fresh Python, as the page's: the start leaves the computer players out,
    # and prepare_thinking (asked in idle time) loads them before any move needs them.
    code = """
import sys
from page.session import Session
from tests.page.fakes import Memory
session = Session.open(Memory(), "en", fresh_seed=lambda: 11)
print(sorted(m for m in sys.modules if m.startswith(("game.bots", "page.thinking"))))
assert session.prepare_thinking() is True
print(sorted(m for m in sys.modules if m.startswith(("game.bots", "page.thinking"))))
"""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": f"{root}{os.pathsep}{root / 'web'}"},
        check=True,
    )
    before, after = done.stdout.strip().splitlines()
    assert before == "[]"
    assert "'page.thinking'" in after and "'game.bots.ismcts'" in after
