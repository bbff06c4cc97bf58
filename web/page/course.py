"""The guided first game on the page: which lesson is on and where the learner is.

A lesson never touches the saved game: its table is its own, and the only
thing it keeps on the device is the learner's place, ``{"lesson": id,
"step": n}``, under the key ``lesson`` (with the site's prefix, like every
key of web/page/session.py), so that a reload resumes it. While a lesson runs,
the board's clicks go to it, the computer players of the saved game wait,
and review and hints are off; starting, importing or opening a game (a
link) ends it.

On screen a lesson is a mode of its own (web/page/modes.py ``Learning``); the
page switches to it and back through web/page/bridge.py.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .session import Session, Storage
from .shared import KEY_LESSON
from .table import HUMAN
from .view_types import View

if TYPE_CHECKING:
    from .lesson import Lesson, LessonData

PROGRESS_KEY = KEY_LESSON
GAME_BASE = 1_000_000  # view["game"] of lessons: never a game's generation
FIRST_GAME_LEVEL = "easy"  # the computers of the first game after the lessons


class Course:
    """The lessons, and the one being played (if any)."""

    def __init__(
        self, session: Session, storage: Storage, lessons: list[LessonData] | None = None
    ) -> None:
        self.session = session
        self.storage = storage
        self._lessons = lessons
        self.active: Lesson | None = None
        self.index = 0
        self.starts = 0

    @property
    def lessons(self) -> list[LessonData]:
        """The course, read when first needed: most starts of the page have no
        lesson to resume, and a phone's processor feels every import."""
        if self._lessons is None:
            from .lesson import load_course

            self._lessons = load_course()
        return self._lessons

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
    def start(self, lesson_id: Any, step: int = 0) -> None:
        index = self._find(lesson_id)
        if index is None:
            index = 0
        self.index = index
        self.starts += 1
        from .lesson import Lesson

        self.active = Lesson(self.lessons[index], self.session.language, step)
        self._keep()

    def click(self, target: Any) -> None:
        lesson = self.active
        assert lesson is not None
        try:
            lesson.click(str(target))
        except Exception as exc:  # a bug: keep the page alive and say so
            self.session.log("error", f"Mykerinos: lesson click {target!r} failed: {exc!r}")
            lesson.go_to(lesson.step)
            lesson.table.message = lesson.table.texts.t("msg.click_failed")
        self._keep()

    def exit(self) -> None:
        self.active = None
        self.storage.remove(PROGRESS_KEY)

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
        return lesson.view(
            GAME_BASE + self.starts, lesson.summary(self.index, len(self.lessons), nxt)
        )
