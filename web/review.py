"""Review: the page shows a past position of the game.

``Table.reviewing`` is the index of the position shown (as ``game.timeline``
numbers them); while it is set the view draws that moment, offers no action
and every click is refused. These functions read and change a ``Table``; they
live apart so that the interaction model stays about playing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.state import GameState
from game.timeline import Timeline

if TYPE_CHECKING:
    from .table import Table


def laid_out(table: Table) -> Timeline:
    """The game laid out for review, built again only when the game changed."""
    key = (id(table.state), len(table.state.moves))  # and dropped on every change
    if table._timeline is None or table._timeline[0] != key:
        table._timeline = (key, Timeline.of_state(table.state))
    return table._timeline[1]


def move_to(table: Table, target: str) -> None:
    """Move through the game's past: "open" (the latest position), "first",
    "back", "forward", "last", "exit", "position:<k>", "log:<line>" (the
    position that shows that line of the log), "season:<n>", "survey:<n>".
    Anything else, or a position out of range, changes nothing."""
    if target == "exit":
        if table.reviewing is not None:
            table.reviewing = None
            table._shown = None
            table.message = None
            table.revision += 1  # a computer's answer asked before review is dropped
        return
    timeline = laid_out(table)
    last = timeline.last
    here = last if table.reviewing is None else table.reviewing
    kind, _, value = str(target).partition(":")
    number = int(value) if value.isdigit() and len(value) < 6 else None
    k: int | None = None
    if kind == "open":
        k = here
    elif kind == "first":
        k = 0
    elif kind == "last":
        k = last
    elif kind == "back":
        k = max(0, here - 1)
    elif kind == "forward":
        k = min(last, here + 1)
    elif kind == "position" and number is not None and number <= last:
        k = number
    elif kind == "log" and number is not None:
        places = log_places(table, timeline)
        k = places[number] if number < len(places) else None
    elif kind in ("season", "survey") and number is not None:
        starts = timeline.season_starts() if kind == "season" else timeline.survey_starts()
        k = next((i for season, i in starts if season == number), None)
    if k is None:
        return
    if table.reviewing is None:
        table._reset_building()
        table.revision += 1
    table.reviewing = k
    table.message = None


def log_places(table: Table, timeline: Timeline) -> list[int]:
    """The position that shows each line of the log as the page lists it
    (events without a line of their own are left out, as in ``log_lines``)."""
    if table.state.log is None:
        return []
    return [k for event, k in zip(table.state.log, timeline.log_positions) if table.log_line(event)]


def state_at(table: Table, k: int) -> GameState:
    """The game as it stood at position ``k`` (kept while it is shown)."""
    if table._shown is None or table._shown[0] != k:
        table._shown = (k, laid_out(table).state_at(k))
    return table._shown[1]


def view_at(table: Table, k: int) -> dict[str, Any]:
    """The view of position ``k``: that moment's board, panels, prompt and
    score, no action, and what review offers (docs/VIEW.md, ``review``)."""
    timeline = laid_out(table)
    live, legal, legal_key = table.state, table._legal, table._legal_key
    table.state = state_at(table, k)
    table._legal_key = None
    try:
        view = table._view(live=False)
        shown_log = len(view["log"])
    finally:
        table.state, table._legal, table._legal_key = live, legal, legal_key
    t = table.texts.t
    label = t("review.label", k=k, last=timeline.last)
    before = len(review_lines(table, timeline, k - 1)) if k else 0
    said = " ".join([label + ":"] + view["log"][before:shown_log]) if k else label
    nxt = timeline.moves[k] if k < timeline.last else None
    player = timeline.decisions[k].player if nxt is not None else None
    wings = table.state.setup.wings
    view["review"] = {
        "index": k,
        "last": timeline.last,
        "label": label,
        "said": said,
        "next": None
        if nxt is None
        else {
            "player": player,
            "move": nxt.to_json(),
            "text": t(
                "review.next",
                who=table.side_name(player),
                move=table.texts.move_text(nxt.to_json(), wings),
            ),
        },
        "seasons": [
            {"season": n, "index": i, "label": t("review.season", n=n)}
            for n, i in timeline.season_starts()
        ],
        "surveys": [
            {"season": n, "index": i, "label": t("review.survey", n=n)}
            for n, i in timeline.survey_starts()
        ],
        "chart": chart_view(table, timeline, k),
    }
    view["can_review"] = True
    return view


def review_lines(table: Table, timeline: Timeline, k: int) -> list[int]:
    """Positions of the log lines position ``k`` shows."""
    return [p for p in log_places(table, timeline) if p <= k]


def chart_view(table: Table, timeline: Timeline, k: int) -> dict[str, Any]:
    """The score chart up to position ``k``, its points named in the page's words."""
    chart = timeline.score_chart(k).to_json()
    t = table.texts.t
    names = {
        "start": t("chart.start"),
        "exhibition": t("chart.exhibition"),
        "sets": t("chart.sets"),
    }
    chart["labels"] = [
        names.get(label) or t("chart.season", n=label.split("-")[-1]) for label in chart["labels"]
    ]
    chart["title"] = t("chart.title")
    return chart
