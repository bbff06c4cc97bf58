"""What the page says about the position: the prompt, what an action could
do now, the final scores. Functions of a ``Table``, kept apart from the
interaction model (web/table.py) that they only read."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game import Move
from game.museum import ROOM_INDEX
from game.state import Phase

from . import review

if TYPE_CHECKING:
    from .table import Table


def kind_key(move: Move) -> str:
    """The button a move belongs to ("extend:tangerine", "neutral:2", "boat:use"...)."""
    if move.action == "neutral":
        return f"neutral:{len(move.cells)}"
    if move.action == "boat":
        return "boat:use" if move.use else "boat:keep"
    return move.action + (f":{move.patron}" if move.patron else "")


def prompt(table: Table) -> str:
    s = table.state
    t = table.texts.t
    if s.over:
        return t("prompt.over")
    who = table.side_name(s.to_move)
    bot = table.bot_to_move()
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
            place = table.texts.ordinal(s.survey_pos + 1)
            rooms = any(m.room for m in table.legal())
            key = "prompt.survey_first" if rooms else "prompt.survey_first_card"
            return t(key, area=area, who=who, place=place)
        return t("prompt.survey_rest", area=area, who=who)
    if s.phase is Phase.NEUTRAL:
        base = t("prompt.neutral", who=who)
    elif s.last_turn:
        base = t("prompt.last_turn", who=who)
    else:
        base = t("prompt.action", who=who)
    if table.selected is not None:
        cands = table._candidates()
        label = table.texts.action_label(table.selected)
        if cands and cands[0].room is not None and not cands[0].cells:
            return t("prompt.room", who=who, label=label)
        if table._token_step():
            return t("prompt.token", who=who, label=label)
        total = len(cands[0].cells) if cands else 0
        return t("prompt.cube", who=who, label=label, k=len(table.cells) + 1, total=total)
    return base


def action_now(table: Table, key: str, legal: list[Move]) -> str:
    """What an action could do in this position: the rooms open to Sir Brown,
    or on how many cells its first cube may go ("" when it has no choice)."""
    moves = [m for m in legal if kind_key(m) == key]
    rooms = sorted({m.room for m in moves if m.room}, key=ROOM_INDEX.__getitem__)
    if rooms:
        wings = table.state.setup.wings
        return table.texts.t(
            "action.now.rooms", rooms="; ".join(table.texts.room_label(r, wings) for r in rooms)
        )
    starts = {m.cells[0] for m in moves if m.cells}
    if starts:
        return table.texts.t("action.now.cells", n=len(starts))
    return ""


def final_view(table: Table) -> dict[str, Any] | None:
    final = table.state.final
    if final is None:
        return None
    rows = []
    for p, b in enumerate(final["breakdown"]):
        rows.append(
            {
                "index": p,
                "name": table.state.setup.players[p],
                "claimed": b["claimed"],
                "wings": [
                    {
                        "wing": w["wing"],
                        "patron": table.texts.patron(w["patron"]),
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
        )
    return {
        "rows": rows,
        "winners": [table.state.setup.players[p] for p in final["winners"]],
        "tie_break": final["tie_break"],
        "shared": final["shared"],
        "chart": review.chart_view(table, table.timeline(), len(table.state.moves)),
    }
