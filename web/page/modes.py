"""What is on screen: the game being played, a past position in review, or a lesson.

The page shows one mode at a time, and web/page/bridge.py hands every call that
depends on what is on screen to the current one. A mode answers its view,
what a click or a step in review does, what the computer may think about,
and what follows when the saved game changed underneath it (another tab);
each answer that may lead elsewhere returns the mode that follows. Adding a
mode means writing it and the place that switches to it (the bridge).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from . import review
from .answers import MoveJson, Started
from .course import Course
from .review import Review
from .session import Session
from .shared import EXIT
from .view_types import View


class Mode(Protocol):
    """What the page shows and what its clicks do."""

    def view(self) -> View: ...

    def click(self, target: str) -> Mode:
        """A click on the board or the action bar."""
        ...

    def review(self, target: str) -> Mode:
        """A step through the game's past (web/page/shared.py names the targets)."""
        ...

    def think(self, purpose: str) -> Started:
        """Start the computer's thinking on the position shown."""
        ...

    def bot_move(self, move: MoveJson, stamp: str) -> Mode:
        """A computer player's move, thought for the position named by ``stamp``."""
        ...

    def game_moved(self) -> Mode:
        """The saved game changed underneath (another tab, follow, continue here)."""
        ...


def close(mode: Mode, session: Session) -> Mode:
    """What is on screen once another mode is put there: a mode that holds
    something open (a live room, web/page/live/) closes it, and the game stays."""
    leave = getattr(mode, "leave", None)
    if leave is None:
        return mode
    leave()
    return Playing(session)


class Playing:
    """The game on this device, as it stands."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def view(self) -> View:
        return self.session.view()

    def click(self, target: str) -> Mode:
        self.session.click(target)
        return self

    def review(self, target: str) -> Mode:
        return Reviewing.open(self.session, target) or self

    def think(self, purpose: str) -> Started:
        return self.session.think(purpose)

    def bot_move(self, move: MoveJson, stamp: str) -> Mode:
        self.session.play_bot_move(move, stamp)
        return self

    def game_moved(self) -> Mode:
        return self


class Reviewing:
    """A past position of the saved game: nothing is played, the computers wait."""

    def __init__(self, session: Session, shown: Review) -> None:
        self.session = session
        self.shown = shown
        self.game = session.generation  # the game reviewed
        self.message: str | None = None

    @classmethod
    def open(cls, session: Session, target: str) -> Reviewing | None:
        """Review from the game's position now, at ``target``; None where it leads nowhere."""
        table = session.table
        timeline = table.timeline()
        k = review.destination(timeline, timeline.last, target, lambda: _log_places(session))
        if k is None:
            return None
        table.touch()  # a computer's answer asked before review is dropped
        return cls(session, Review(timeline, k))

    def view(self) -> View:
        table = self.session.table
        seen = replace(self.session.seen(), message=self.message)
        return review.view(self.shown, table.state, seen)

    def click(self, target: str) -> Mode:
        self.message = self.session.texts.t("msg.reviewing")
        return self

    def review(self, target: str) -> Mode:
        if target == EXIT:
            self.session.table.touch()
            return Playing(self.session)
        here = self.shown.index
        k = review.destination(self.shown.timeline, here, target, lambda: _log_places(self.session))
        if k is not None and k != here:
            self.shown = Review(self.shown.timeline, k)
            self.message = None
        return self

    def think(self, purpose: str) -> Started:
        return self.session.think(purpose, self.shown)

    def bot_move(self, move: MoveJson, stamp: str) -> Mode:
        return self  # the computers wait until review ends

    def game_moved(self) -> Mode:
        return self if self.session.generation == self.game else Playing(self.session)


def _log_places(session: Session) -> list[int]:
    table = session.table
    return review.log_places(table.state, table.timeline(), table.log_words())


class Learning:
    """A lesson of the guided first game: the saved game waits behind it."""

    def __init__(self, course: Course) -> None:
        self.course = course

    def view(self) -> View:
        return self.course.view()

    def click(self, target: str) -> Mode:
        self.course.click(target)
        return self

    def review(self, target: str) -> Mode:
        return self  # a lesson has no past to review

    def think(self, purpose: str) -> Started:
        return {"error": "a lesson is on"}

    def bot_move(self, move: MoveJson, stamp: str) -> Mode:
        return self  # the saved game's computers wait

    def game_moved(self) -> Mode:
        return self  # the saved game follows other tabs; the lesson stays on screen
