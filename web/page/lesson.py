"""One lesson of the guided first game: a real position, the move each step
asks for, and the other players' scripted answers.

A lesson is data (web/page/lessons.json, see ``Course``): a record's setup and the
moves played before it starts (or ``after`` another lesson: where that one
ends), then steps. Each step names the learner's move in the record notation,
the catalogue key of the sentence that says what to do and why, optional marks,
and the replies the other players make after it. The position is a function of
(lesson, step), so undoing a step, restarting and resuming after a reload all
rebuild it by replay.

The learner clicks as in a game; the clicks go to a ``Table`` whose seats are
all people, so the board, highlights and move building are the game's own. A
click that starts a move other than the step's (or completes one) is taken
back at once and explained: the board stays as it was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game import GameError, Move, replay
from game.legality import kind

from .shared import CANCEL, RESTART, UNDO
from .table import HUMAN, Table
from .view import board
from .view_types import LessonView, Marks, View

LESSONS_FILE = Path(__file__).with_name("lessons.json")
FORMAT = "mykerinos/1"


@dataclass(frozen=True)
class Reply:
    move: Move
    text: str | None  # a catalogue key; None: the log's own line says it


@dataclass(frozen=True)
class Step:
    move: Move
    text: str
    marks: dict[str, list[str]] | None
    replies: tuple[Reply, ...]


@dataclass(frozen=True)
class LessonData:
    id: str
    title: str
    done: str
    optional: bool
    setup: dict[str, Any]
    moves: tuple[dict[str, Any], ...]  # played before the first step, as in a record
    steps: tuple[Step, ...]

    def record(self, upto: int) -> dict[str, Any]:
        """The record of the position before step ``upto`` (0-based)."""
        moves = list(self.moves)
        for step in self.steps[:upto]:
            moves.append(step.move.to_json())
            moves += [reply.move.to_json() for reply in step.replies]
        return {"format": FORMAT, "setup": self.setup, "moves": moves}


def _step(raw: dict[str, Any]) -> Step:
    marks = raw.get("marks")
    return Step(
        Move.from_json(raw["move"]),
        str(raw["text"]),
        {k: list(v) for k, v in marks.items()} if marks else None,
        tuple(Reply(Move.from_json(r["move"]), r.get("text")) for r in raw.get("replies", [])),
    )


def load_course(path: Path = LESSONS_FILE) -> list[LessonData]:
    """Every lesson, in order. A lesson ``after`` another starts where that one ends."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    lessons: list[LessonData] = []
    by_id: dict[str, LessonData] = {}
    for raw in data["lessons"]:
        steps = tuple(_step(s) for s in raw["steps"])
        if "after" in raw:
            before = by_id[raw["after"]]
            start = before.record(len(before.steps))
            setup, moves = start["setup"], [*start["moves"], *raw.get("moves", [])]
        else:
            setup = {"players": data["players"], **raw["setup"]}
            moves = list(raw.get("moves", []))
        lesson = LessonData(
            raw["id"],
            f"lesson.{raw['id']}.title",
            f"lesson.{raw['id']}.done",
            bool(raw.get("optional")),
            setup,
            tuple(moves),
            steps,
        )
        lessons.append(lesson)
        by_id[lesson.id] = lesson
    return lessons


def same_move(played: Move, expected: Move) -> bool:
    """The step's move, its cubes laid in any valid order (same position)."""
    return played._replace(cells=tuple(sorted(played.cells))) == expected._replace(
        cells=tuple(sorted(expected.cells))
    )


class Lesson:
    """A lesson being played: its table, the step reached, what was last said."""

    def __init__(self, data: LessonData, language: str = "en", step: int = 0) -> None:
        self.data = data
        self.language = language
        self.step = 0
        self.others: list[str] = []  # what the other players just did, in words
        self.table = self._table(0)
        self.go_to(step)

    # ------------------------------------------------------------ positions
    def _table(self, step: int) -> Table:
        state = replay(self.data.record(step))
        return Table(state, [HUMAN] * state.n, self.language)

    def go_to(self, step: int) -> None:
        """Show the position before ``step`` (clamped; the end when past the last)."""
        step = max(0, min(int(step), len(self.data.steps)))
        revision = self.table.revision
        self.table = self._table(step)
        self.table.revision = revision + 1  # a new position for the page, even the same one
        self.step = step
        self.others = []

    @property
    def done(self) -> bool:
        return self.step >= len(self.data.steps)

    @property
    def expected(self) -> Move | None:
        return None if self.done else self.data.steps[self.step].move

    def set_language(self, code: str) -> None:
        self.language = code
        self.table.set_language(code)

    # --------------------------------------------------------------- clicks
    def click(self, target: str) -> None:
        """One click of the learner. The step's move goes on (with the other
        players' replies); anything else leaves the board as it was."""
        table = self.table
        expected = self.expected
        if expected is None:
            table.message = table.texts.t("lesson.msg.finished")
            return
        if target == CANCEL:
            table.click(target)
            return
        if target == UNDO:
            self.undo()
            return
        if target == RESTART:
            self.restart()
            return
        revision = table.revision
        table.click(target)
        if table.revision != revision:  # a whole move was played
            played = table.state.moves[-1][1]
            if same_move(played, expected):
                self._advance()
            else:
                self._refuse()
            return
        if table.message is None and not self._on_track(expected):
            self._refuse()

    def _on_track(self, expected: Move) -> bool:
        """Whether the move being built can still become the step's move."""
        table = self.table
        if table.building.kind is None:
            return True
        if table.building.kind != kind(expected):
            return False
        return all(cell in expected.cells for cell in table.building.cells)

    def _refuse(self) -> None:
        """Put the board back as it was and say what this step asks for."""
        expected = self.expected
        assert expected is not None
        revision = self.table.revision
        self.table = self._table(self.step)
        self.table.revision = revision + 1
        texts = self.table.texts
        self.table.message = texts.t(
            "lesson.msg.other_move",
            move=texts.move_text(expected.to_json(), self.table.state.setup.wings),
        )

    def _advance(self) -> None:
        step = self.data.steps[self.step]
        texts = self.table.texts
        said: list[str] = []
        for reply in step.replies:
            logged = len(self.table.state.log or [])
            self.table.play(reply.move)
            if reply.text:
                said.append(texts.t(reply.text))
            else:
                words = self.table.log_words()
                state = self.table.state
                said += [
                    line
                    for line in (words.line(state, e) for e in (state.log or [])[logged:])
                    if line
                ][:1]
        self.step += 1
        self.others = said

    def undo(self) -> None:
        """Back to the step before (or, in the middle of a move, its beginning)."""
        if self.table.building.kind is not None:
            self.table.click("cancel")
            return
        self.go_to(self.step - 1)

    def restart(self) -> None:
        self.go_to(0)

    # ----------------------------------------------------------------- view
    def marks(self) -> Marks:
        """Where the next click goes: the action's button, then each cell, room or card."""
        expected = self.expected
        empty: Marks = {"key": None, "cells": [], "rooms": [], "cards": []}
        if expected is None:
            return empty
        table = self.table
        step = self.data.steps[self.step]
        if table.state.survey_decision() is not None:
            return {
                **empty,
                "cards": [expected.card] if expected.card else [],
                "rooms": [expected.room] if expected.room else [],
            }
        if table.building.kind is None:
            extra = step.marks or {}
            return {
                "key": kind(expected),
                "cells": extra.get("cells", []),
                "rooms": extra.get("rooms", []),
                "cards": extra.get("cards", []),
            }
        chosen = table.building.cells
        n = len(chosen)
        if n < len(expected.cells):
            if chosen == expected.cells[:n]:
                return {**empty, "cells": [expected.cells[n]]}
            left = [c for c in expected.cells if c not in chosen]
            return {**empty, "cells": left}
        if expected.token:
            if expected.token[0] == "W":
                return {**empty, "rooms": [expected.token]}
            return {**empty, "cells": [expected.token]}
        return {**empty, "rooms": [expected.room] if expected.room else []}

    def summary(self, index: int, count: int, following: LessonData | None) -> LessonView:
        """The view's ``lesson`` object (docs/VIEW.md); ``following``: the next lesson."""
        t = self.table.texts.t
        steps = len(self.data.steps)
        text = t(self.data.done) if self.done else t(self.data.steps[self.step].text)
        return {
            "id": self.data.id,
            "number": index + 1,
            "count": count,
            "title": t(self.data.title),
            "step": min(self.step + 1, steps),
            "steps": steps,
            "text": text,
            "others": list(self.others),
            "marks": self.marks(),
            "done": self.done,
            "optional": self.data.optional,
            "next": following.id if following else None,
            "next_title": t(following.title) if following else None,
            "next_optional": bool(following and following.optional),
        }

    def view(self, game: int, summary: LessonView) -> View:
        """The game's own view of the lesson's position, with the lesson's
        ``summary``; nothing to undo or review there (``game``: the view's number)."""
        table = self.table
        seen = replace(table.seen(), can_undo=False, reviewable=False, game=game, lesson=summary)
        return board(table.state, seen, table.chart())


def check(lesson: LessonData) -> None:
    """Raise GameError unless every step's move is legal where it is asked
    for, played by the learner (seat 0), and every reply legal after it."""
    state = replay({"format": FORMAT, "setup": lesson.setup, "moves": list(lesson.moves)})
    for number, step in enumerate(lesson.steps, start=1):
        if state.to_move != 0 or not state.is_legal(step.move):
            raise GameError(
                f"lesson {lesson.id}, step {number}: {step.move.label()} is not "
                f"the learner's legal move here"
            )
        state.play(step.move)
        for reply in step.replies:
            if state.to_move == 0:
                raise GameError(f"lesson {lesson.id}, step {number}: a reply on the learner's turn")
            state.play(reply.move)
