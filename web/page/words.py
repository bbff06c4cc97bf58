"""What the page says about a position: the prompt, what an action could do
now, the log, the final scores and the score chart. Functions of a position
and the page's words; they hold no state of the page (``LogWords`` only
remembers lines already worded)."""

from __future__ import annotations

from typing import Any

from game import GameState, Move
from game.legality import of_kind
from game.museum import ROOM_INDEX
from game.setup import Setup
from game.state import Phase
from game.timeline import Timeline

from .building import Building, Options
from .texts import Texts
from .view_types import Chart, Final, FinalRow


def side_name(state: GameState, texts: Texts, side: Any) -> str:
    """A side as the page names it: a player's name, "neutral" or "nobody"."""
    if side is None:
        return texts.t("side.nobody")
    if side == state.neutral or side == "neutral":
        return texts.t("side.neutral")
    return state.setup.players[int(side)]


def prompt(
    state: GameState,
    legal: list[Move],
    building: Building,
    options: Options,
    bot: str | None,
    texts: Texts,
) -> str:
    """What to do now, said to whoever decides (``bot``: the level of the
    computer to move, if it is one; ``options``: what may follow the move
    being built, found once per click)."""
    s = state
    t = texts.t
    if s.over:
        return t("prompt.over")
    who = side_name(s, texts, s.to_move)
    if bot is not None:
        return t("prompt.bot", who=who, level=t(f"seat.{bot}"))
    if s.phase is Phase.BOAT:
        return t("prompt.boat", who=who)
    survey = s.survey_decision()
    if survey is not None:
        kind, _, _ = survey
        area = s.survey_area
        if area == 0:
            return t("prompt.nile_neutral" if kind == "neutral" else "prompt.nile_claim", who=who)
        if kind == "neutral":
            return t("prompt.survey_neutral", area=area, who=who)
        if kind == "first":
            place = texts.ordinal(s.survey_pos + 1)
            rooms = any(m.room for m in legal)
            key = "prompt.survey_first" if rooms else "prompt.survey_first_card"
            return t(key, area=area, who=who, place=place)
        return t("prompt.survey_rest", area=area, who=who)
    if building.kind is not None:
        label = texts.action_label(building.kind)
        cands = options.candidates
        if cands and cands[0].room is not None and not cands[0].cells:
            return t("prompt.room", who=who, label=label)
        if options.places_token:
            return t("prompt.token", who=who, label=label)
        total = len(cands[0].cells) if cands else 0
        return t("prompt.cube", who=who, label=label, k=len(building.cells) + 1, total=total)
    if s.phase is Phase.NEUTRAL:
        return t("prompt.neutral", who=who)
    if s.last_turn:
        return t("prompt.last_turn", who=who)
    return t("prompt.action", who=who)


def action_now(state: GameState, texts: Texts, key: str, legal: list[Move]) -> str:
    """What an action could do in this position: the rooms open to Sir Brown,
    or on how many cells its first cube may go ("" when it has no choice)."""
    moves = of_kind(legal, key)
    rooms = sorted({m.room for m in moves if m.room}, key=ROOM_INDEX.__getitem__)
    if rooms:
        wings = state.setup.wings
        return texts.t(
            "action.now.rooms", rooms="; ".join(texts.room_label(r, wings) for r in rooms)
        )
    starts = {m.cells[0] for m in moves if m.cells}
    if starts:
        return texts.t("action.now.cells", n=len(starts))
    return ""


class LogWords:
    """The log of one game in one language, each event worded once: every view
    carries the whole log, and wording hundreds of lines again on each click
    costs more than the rest of the view."""

    def __init__(self, texts: Texts, setup: Setup) -> None:
        self.texts = texts
        self.setup = setup
        self._lines: dict[str, str | None] = {}

    def fits(self, texts: Texts, setup: Setup) -> bool:
        return texts is self.texts and setup is self.setup

    def line(self, state: GameState, event: dict[str, Any]) -> str | None:
        """An event's line (None: nothing worth showing)."""
        key = repr(event)
        if key not in self._lines:
            self._lines[key] = self.texts.log_line(
                event, lambda side: side_name(state, self.texts, side), self.setup.wings
            )
        return self._lines[key]

    def lines(self, state: GameState) -> list[str]:
        """The log of ``state`` as the page lists it."""
        out = []
        for event in state.log or ():
            line = self.line(state, event)
            if line:
                out.append(line)
        return out


def chart_view(texts: Texts, timeline: Timeline, k: int) -> Chart:
    """The score chart up to position ``k``, its points named in the page's words."""
    chart = timeline.score_chart(k)
    t = texts.t
    names = {
        "start": t("chart.start"),
        "exhibition": t("chart.exhibition"),
        "sets": t("chart.sets"),
    }
    return {
        "title": t("chart.title"),
        "labels": [
            names.get(label) or t("chart.season", n=label.split("-")[-1]) for label in chart.labels
        ],
        "positions": list(chart.positions),
        "complete": list(chart.complete),
        "series": [list(points) for points in chart.series],
    }


def final_view(state: GameState, texts: Texts, chart: Chart) -> Final | None:
    """The final scores, part by part (None until the game is over)."""
    final = state.final
    if final is None:
        return None
    players = state.setup.players
    rows: list[FinalRow] = [
        {
            "index": p,
            "name": players[p],
            "claimed": b["claimed"],
            "wings": [
                {
                    "wing": w["wing"],
                    "patron": texts.patron(w["patron"]),
                    "cards": w["cards"],
                    "per_card": w["per_card"],
                    "points": w["points"],
                }
                for w in b["exhibition"]
            ],
            "exhibition": b["exhibition_total"],
            "sets": b["sets"],
            "set_points": b["set_points"],
            "total": b["total"],
            "cubes": b["cubes"],
            "winner": p in final["winners"],
        }
        for p, b in enumerate(final["breakdown"])
    ]
    return {
        "rows": rows,
        "winners": [players[p] for p in final["winners"]],
        "tie_break": final["tie_break"],
        "shared": final["shared"],
        "chart": chart,
    }
