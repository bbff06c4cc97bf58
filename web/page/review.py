"""Review: the page shows a past position of the game.

A ``Review`` is the game laid out (its ``Timeline``) and the position shown,
numbered as ``game.timeline`` numbers them. Its view is the board of that
past state, drawn by the same function as the game (web/page/view.py), with no
action offered, plus what review adds: where the position stands, what was
played from it, where each season and survey starts, the score chart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from game.state import GameState
from game.timeline import Timeline

from . import shared
from .view import Seen, board
from .view_types import ReviewMark, ReviewView, View
from .words import LogWords, chart_view, side_name


class Review:
    """A past position of a game on screen (the game itself does not change)."""

    def __init__(self, timeline: Timeline, index: int) -> None:
        self.timeline = timeline
        self.index = index
        self._state: GameState | None = None

    def state(self) -> GameState:
        """The game as it stood at the position shown (rebuilt once)."""
        if self._state is None:
            self._state = self.timeline.state_at(self.index)
        return self._state


def destination(
    timeline: Timeline, here: int, target: str, log_places: Callable[[], list[int]]
) -> int | None:
    """Where a review target leads from position ``here``: "open" (here),
    "first", "back", "forward", "last", "position:<k>", "log:<line>" (the
    position that shows that line of the log), "season:<n>", "survey:<n>".
    None for anything else, or a position out of range."""
    last = timeline.last
    kind, value = shared.split(str(target))
    number = int(value) if value.isdigit() and len(value) < 6 else None
    if kind == shared.OPEN:
        return here
    if kind == shared.FIRST:
        return 0
    if kind == shared.LAST:
        return last
    if kind == shared.BACK:
        return max(0, here - 1)
    if kind == shared.FORWARD:
        return min(last, here + 1)
    if kind == shared.POSITION and number is not None and number <= last:
        return number
    if kind == shared.LOG and number is not None:
        places = log_places()
        return places[number] if number < len(places) else None
    if kind in (shared.SEASON, shared.SURVEY) and number is not None:
        starts = timeline.season_starts() if kind == shared.SEASON else timeline.survey_starts()
        return next((i for season, i in starts if season == number), None)
    return None


def log_places(game: GameState, timeline: Timeline, log: LogWords) -> list[int]:
    """The position that shows each line of the game's log as the page lists
    it (events without a line of their own are left out, as in the view)."""
    if game.log is None:
        return []
    return [k for event, k in zip(game.log, timeline.log_positions) if log.line(game, event)]


def view(review: Review, game: GameState, seen: Seen) -> View:
    """The view of the position shown: that moment's board, panels, prompt and
    score, no action, and what review offers (docs/VIEW.md, ``review``)."""
    timeline, k = review.timeline, review.index
    texts = seen.texts
    t = texts.t
    shown = review.state()
    chart = chart_view(texts, timeline, k)
    label = t("review.label", k=k, last=timeline.last)
    if k:
        before = sum(1 for p in log_places(game, timeline, seen.log) if p <= k - 1)
        said = " ".join([label + ":", *seen.log.lines(shown)[before:]])
    else:
        said = label
    nxt = timeline.moves[k] if k < timeline.last else None

    def marks(starts: list[tuple[int, int]], key: str) -> list[ReviewMark]:
        return [{"season": n, "index": i, "label": t(key, n=n)} for n, i in starts]

    shown_review: ReviewView = {
        "index": k,
        "last": timeline.last,
        "label": label,
        "said": said,
        "next": None
        if nxt is None
        else {
            "player": (player := timeline.decisions[k].player),
            "text": t(
                "review.next",
                who=side_name(game, texts, player),
                move=texts.move_text(nxt.to_json(), game.setup.wings),
            ),
        },
        "seasons": marks(timeline.season_starts(), "review.season"),
        "surveys": marks(timeline.survey_starts(), "review.survey"),
        "chart": chart,
    }
    return board(
        shown, replace(seen, live=False, review=shown_review), chart if shown.over else None
    )
