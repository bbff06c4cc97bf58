"""The guided first game (web/page/lessons.json, web/page/lesson.py, web/page/course.py).

Every lesson is played through the engine: each step's move must be legal
where it is asked for, each reply legal after it, each text in every
language; a learner who clicks only what the page marks reaches the end of
every lesson; a wrong click changes nothing; the saved game is never touched.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from page.bridge import Bridge
from page.course import PROGRESS_KEY, Course
from page.lesson import Lesson, LessonData, check, load_course
from page.modes import Learning, Playing
from page.session import Session
from page.texts import LANGUAGES, catalogue

from .fakes import Memory

COURSE = load_course()
IDS = [lesson.id for lesson in COURSE]


def lesson_keys(lesson: LessonData) -> set[str]:
    keys = {lesson.title, lesson.done}
    for step in lesson.steps:
        keys.add(step.text)
        keys |= {reply.text for reply in step.replies if reply.text}
    return keys


def marked_clicks(view: dict[str, Any]) -> list[str]:
    """The targets the page marks for the next click."""
    marks = view["lesson"]["marks"]
    if marks["key"]:
        return [f"action:{marks['key']}"]
    return (
        [f"card:{c}" for c in marks["cards"]]
        + [f"room:{r}" for r in marks["rooms"]]
        + [f"cell:{c}" for c in marks["cells"]]
    )


def play_marked(lesson: Lesson, index: int = 0) -> int:
    """Click the first marked target until the lesson ends; the number of clicks."""
    clicks = 0
    while not lesson.done:
        view = {"lesson": lesson.summary(index, len(COURSE), None)}
        targets = marked_clicks(view)
        assert targets, f"{lesson.data.id} step {lesson.step + 1}: nothing marked"
        lesson.click(targets[0])
        assert lesson.table.message is None, lesson.table.message
        clicks += 1
        assert clicks < 200
    return clicks


def test_the_course_teaches_the_rules_in_order() -> None:
    assert (
        IDS
        == ["goal", "excavation", "cubes", "passing", "survey", "patrons", "museum", "end", "nile"][
            : len(IDS)
        ]
    )


@pytest.mark.parametrize("lesson", COURSE, ids=IDS)
def test_every_step_is_legal_where_it_is_asked(lesson: LessonData) -> None:
    check(lesson)
    assert 2 <= len(lesson.steps) <= 7


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_text_is_in_every_language(code: str) -> None:
    words = catalogue(code)
    missing = sorted(key for lesson in COURSE for key in lesson_keys(lesson) if key not in words)
    assert missing == []


def test_step_texts_are_short() -> None:
    for code in LANGUAGES:
        words = catalogue(code)
        long = [
            key
            for lesson in COURSE
            for step in lesson.steps
            if len(words[step.text].split()) > 45
            for key in [step.text]
        ]
        assert long == [], f"{code}: step texts over about 40 words"


@pytest.mark.parametrize("lesson", COURSE, ids=IDS)
def test_clicking_only_the_marked_targets_finishes_the_lesson(lesson: LessonData) -> None:
    runner = Lesson(lesson)
    play_marked(runner)
    assert runner.done and runner.step == len(lesson.steps)
    summary = runner.summary(0, len(COURSE), None)
    assert summary["done"] and summary["text"] == catalogue("en")[lesson.done]


def test_a_different_move_is_explained_and_changes_nothing() -> None:
    runner = Lesson(COURSE[0])
    before = runner.table.record()
    runner.click("action:pass")  # legal in the game, not what the step asks
    assert runner.table.record() == before and runner.step == 0
    message = runner.table.message
    assert message and "c2" in message
    runner.click("action:dig")
    runner.click("cell:h1")  # another free space: a legal dig, not this step's
    assert runner.table.record() == before and runner.step == 0
    assert runner.table.message and runner.table.building.kind is None
    runner.click("cell:a1")  # no action chosen: refused by the table itself
    assert runner.table.record() == before
    runner.click("action:dig")
    runner.click("cell:c2")
    assert runner.step == 1 and runner.table.message is None
    assert len(runner.others) == 2 and all(runner.others)


def test_cells_in_any_valid_order_are_the_same_move() -> None:
    lesson = COURSE[IDS.index("excavation")]
    runner = Lesson(lesson)
    first = lesson.steps[0].move
    runner.click("action:extend")
    runner.click(f"cell:{first.cells[0]}")
    runner.click(f"cell:{first.cells[1]}")
    assert runner.step == 1


def test_undo_and_restart_rebuild_the_position() -> None:
    runner = Lesson(COURSE[0])
    start = runner.table.record()
    play_marked(runner)
    end = runner.table.record()
    runner.undo()
    assert runner.step == len(COURSE[0].steps) - 1
    runner.restart()
    assert runner.step == 0 and runner.table.record() == start
    runner.go_to(99)
    assert runner.done and runner.table.record() == end


def test_the_rules_summary_links_to_every_lesson() -> None:
    """web/front/js/dialogs.js SECTION_LESSONS: each section's lessons exist, each lesson is linked."""
    code = (Path(__file__).resolve().parents[2] / "web" / "front" / "js" / "dialogs.js").read_text()
    block = re.search(r"SECTION_LESSONS = \{(.*?)\};", code, re.S)
    assert block
    linked = re.findall(r'"(\w+)"', block.group(1))
    assert sorted(set(linked)) == sorted(IDS)


def fresh(storage: Memory | None = None) -> tuple[Session, Memory, Bridge]:
    """A session on fresh storage and the page's bridge around it."""
    storage = storage if storage is not None else Memory()
    session = Session.open(storage, "en", fresh_seed=lambda: 5)
    return session, storage, Bridge(session, storage)


def test_the_page_functions_go_to_the_lesson_while_it_runs() -> None:
    session, storage, bridge = fresh()
    first = bridge.startup("en")
    assert first["newGame"] is True and first["view"]["lesson"] is None
    view = bridge.lessonStart("goal")
    assert view["lesson"] is not None and view["lesson"]["id"] == "goal" and view["save"] is None
    assert isinstance(bridge.mode, Learning)
    assert bridge.view()["lesson"]["step"] == 1  # type: ignore[index]
    assert bridge.review("open")["lesson"]
    assert bridge.think("move") == {"error": "a lesson is on"}
    bridge.click("action:dig")
    view = bridge.click("cell:c2")
    assert view["lesson"] is not None
    assert view["lesson"]["step"] == 2 and view["lesson"]["others"]
    # Only the learner's place is kept: never a game's save slot.
    assert set(storage.data) == {PROGRESS_KEY}
    assert json.loads(storage.data[PROGRESS_KEY]) == {"lesson": "goal", "step": 1}
    view = bridge.setLanguage("fr")
    assert view["lesson"] is not None
    assert view["lesson"]["title"] == catalogue("fr")["lesson.goal.title"]
    assert bridge.openLink("", False) == {"status": "none"}  # no link: the lesson goes on
    assert bridge.view()["lesson"]
    # The saved game's computers wait, and it keeps following other tabs.
    assert bridge.playBotMove({"action": "pass"}, "1:0")["lesson"]
    assert bridge.sync()["lesson"]
    # Undo a step and restart are the lesson's own clicks.
    assert bridge.click("undo")["lesson"]["step"] == 1  # type: ignore[index]
    assert bridge.click("restart")["lesson"]["step"] == 1  # type: ignore[index]
    view = bridge.newGame([], None, {})
    assert view["lesson"] is None and isinstance(bridge.mode, Playing)
    assert PROGRESS_KEY not in storage.data


def test_the_saved_game_follows_other_tabs_during_a_lesson() -> None:
    session, storage, bridge = fresh()
    bridge.startup("en")
    bridge.newGame(["Ann", "Bob"], "4", {})
    bridge.lessonStart("goal")
    other = Bridge(Session.open(storage, "en"), storage)  # another tab, on the same save
    other.click("action:pass")
    assert bridge.sync()["lesson"] is not None
    assert len(session.table.state.moves) == 1  # followed, behind the lesson
    assert bridge.lessonExit()["view"]["log"] == other.view()["log"]


def test_a_reload_resumes_the_lesson_where_it_was() -> None:
    session, storage, bridge = fresh()
    bridge.startup("en")
    bridge.lessonStart("excavation")
    bridge.click("action:extend")
    bridge.click("cell:d2")
    bridge.click("cell:d1")
    _, _, again = fresh(storage)
    first = again.startup("en")
    assert first["newGame"] is False
    lesson = first["view"]["lesson"]
    assert lesson is not None and lesson["id"] == "excavation" and lesson["step"] == 2
    exit_ = again.lessonExit()
    assert exit_["newGame"] is True and exit_["view"]["lesson"] is None
    assert storage.data == {}


def test_a_broken_progress_key_is_dropped() -> None:
    storage = Memory({PROGRESS_KEY: "{nonsense"})
    course = Course(Session.open(storage, "en"), storage)
    assert course.resume() is False
    storage.data[PROGRESS_KEY] = json.dumps({"lesson": "nowhere", "step": 1})
    assert course.resume() is False and PROGRESS_KEY not in storage.data
