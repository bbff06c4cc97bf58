"""The guided first game on the page: which lesson is on, where the learner
is, and the page's functions while one runs.

A lesson never touches the saved game: its table is its own, and the only
thing it keeps on the device is the learner's place, ``{"lesson": id,
"step": n}``, under the key ``lesson`` (with the site's prefix, like every
key of page/session.py), so that a reload resumes it. While a lesson runs,
the board's clicks go to it, the computer players of the saved game wait,
and review and hints are off; starting, importing or opening a game (a
link) ends it.

``with_lessons`` wraps page/main.py's functions; the new ones (each
answering JSON text) are:

    lessonStart(id)    start a lesson (from its first step) -> view
    lessonView()       the lesson's view (docs/VIEW.md, with ``lesson``)
    lessonUndo()       back one step -> view
    lessonRestart()    back to the lesson's first step -> view
    lessonExit()       leave the lessons -> {"view": the game's view, "newGame": bool}
    lessonFirstGame()  leave them for a first real game, against two easy
                       computer players -> view
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .lesson import Lesson, LessonData, load_course
from .session import Session, Storage
from .table import HUMAN
from .view_types import View

PROGRESS_KEY = "lesson"
GAME_BASE = 1_000_000  # view["game"] of lessons: never a game's generation
FIRST_GAME_LEVEL = "easy"  # the computers of the first game after the lessons


class Course:
    """The lessons, and the one being played (if any)."""

    def __init__(
        self, session: Session, storage: Storage, lessons: list[LessonData] | None = None
    ) -> None:
        self.session = session
        self.storage = storage
        self.lessons = lessons if lessons is not None else load_course()
        self.active: Lesson | None = None
        self.index = 0
        self.starts = 0

    def _find(self, lesson_id: Any) -> int | None:
        for i, lesson in enumerate(self.lessons):
            if lesson.id == lesson_id:
                return i
        return None

    # ----------------------------------------------------------- progress
    def _keep(self) -> None:
        if self.active is not None:
            self.storage.set(
                PROGRESS_KEY, json.dumps({"lesson": self.active.data.id, "step": self.active.step})
            )

    def resume(self) -> bool:
        """Take the learner back to the lesson and step kept on this device."""
        text = self.storage.get(PROGRESS_KEY)
        try:
            kept = json.loads(text) if text and len(text) < 200 else None
        except ValueError:
            kept = None
        if not isinstance(kept, dict):
            return False
        step = kept.get("step")
        if self._find(kept.get("lesson")) is None or not isinstance(step, int):
            self.storage.remove(PROGRESS_KEY)
            return False
        self.start(kept["lesson"], step)
        return True

    # ------------------------------------------------------------ actions
    def start(self, lesson_id: Any, step: int = 0) -> View:
        index = self._find(lesson_id)
        if index is None:
            index = 0
        self.index = index
        self.starts += 1
        self.active = Lesson(self.lessons[index], self.session.language, step)
        self._keep()
        return self.view()

    def click(self, target: Any) -> View:
        lesson = self.active
        assert lesson is not None
        try:
            lesson.click(str(target))
        except Exception as exc:  # a bug: keep the page alive and say so
            self.session.log("error", f"Mykerinos: lesson click {target!r} failed: {exc!r}")
            lesson.go_to(lesson.step)
            lesson.table.message = lesson.table.texts.t("msg.click_failed")
        self._keep()
        return self.view()

    def undo(self) -> View:
        if self.active is not None:
            self.active.undo()
            self._keep()
        return self.view()

    def restart(self) -> View:
        if self.active is not None:
            self.active.restart()
            self._keep()
        return self.view()

    def exit(self) -> dict[str, Any]:
        self.active = None
        self.storage.remove(PROGRESS_KEY)
        return {"view": self.session.view(), "newGame": self.session.new_game}

    def first_game(self) -> View:
        """The end of the course: a real game, the learner against two easy computers."""
        self.exit()
        t = self.session.texts.t
        names = [t("name.player", n=1), t("name.computer", n=2), t("name.computer", n=3)]
        return self.session.start_game(
            names, None, {"seats": [HUMAN, FIRST_GAME_LEVEL, FIRST_GAME_LEVEL]}
        )

    def set_language(self, code: str) -> None:
        if self.active is not None:
            self.active.set_language(self.session.language)

    # --------------------------------------------------------------- view
    def view(self) -> View:
        lesson = self.active
        if lesson is None:
            return self.session.view()
        nxt = self.lessons[self.index + 1] if self.index + 1 < len(self.lessons) else None
        return {
            **lesson.view(),
            "game": GAME_BASE + self.starts,
            "save": None,
            "lesson": lesson.summary(self.index, len(self.lessons), nxt),
        }


def page_text(obj: Any) -> str:
    """JSON text for the page, in ASCII (accents as \\u escapes): Pyodide hands an
    ASCII string to JavaScript in one go, but builds any other one character by
    character, which in WebKit left about 0.5 MB of garbage per view."""
    return json.dumps(obj, ensure_ascii=True)


def with_lessons(
    api: dict[str, Callable[..., str]], session: Session, storage: Storage
) -> dict[str, Callable[..., str]]:
    """page/main.py's functions, routed to the lesson while one runs, plus the
    lesson's own (see the module's docstring)."""
    course = Course(session, storage)
    wrapped = dict(api)

    def routed(name: str, during: Callable[..., str]) -> None:
        plain = api[name]
        wrapped[name] = lambda *args: during(*args) if course.active else plain(*args)

    def lesson_view(*_: Any) -> str:
        return page_text(course.view())

    def startup(language: Any = None) -> str:
        first = json.loads(api["startup"](language))
        if course.resume():
            first.update(view=course.view(), newGame=False)
        return page_text(first)

    def set_language(code: Any) -> str:
        answer = api["setLanguage"](code)
        if not course.active:
            return answer
        course.set_language(str(code))
        return lesson_view()

    def ending(name: str) -> None:
        """A game put on screen ends the lesson first."""
        plain = api[name]

        def call(*args: Any) -> str:
            if course.active:
                course.exit()
            return plain(*args)

        wrapped[name] = call

    wrapped["startup"] = startup
    wrapped["setLanguage"] = set_language
    routed("view", lesson_view)
    routed("click", lambda target: page_text(course.click(target)))
    routed("review", lesson_view)
    routed("playBotMove", lesson_view)  # the saved game's computers wait
    routed("think", lambda *_: page_text({"error": "a lesson is on"}))

    def kept_under_lesson(plain: Callable[..., str]) -> Callable[..., str]:
        """The saved game still follows other tabs, while the page keeps showing the lesson."""
        return lambda *args: (plain(*args), lesson_view())[1] if course.active else plain(*args)

    for name in ("sync", "continueHere", "follow"):
        wrapped[name] = kept_under_lesson(api[name])
    for name in ("newGame", "importRecord", "dailyGame"):
        ending(name)

    def open_link(*args: Any) -> str:
        """A link opened (a game put on screen) ends the lesson; the page asks on
        every start, most often with no link at all."""
        answer = api["openLink"](*args)
        if course.active and json.loads(answer).get("view") is not None:
            course.exit()
        return answer

    wrapped["openLink"] = open_link
    wrapped.update(
        {
            "lessonStart": lambda lesson_id=None: page_text(course.start(lesson_id)),
            "lessonView": lesson_view,
            "lessonUndo": lambda: page_text(course.undo()),
            "lessonRestart": lambda: page_text(course.restart()),
            "lessonExit": lambda: page_text(course.exit()),
            "lessonFirstGame": lambda: page_text(course.first_game()),
        }
    )
    return wrapped
