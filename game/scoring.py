"""Final scoring as a pure function: totals plus a per-player breakdown for the UI."""

from __future__ import annotations

from typing import Any

from .cards import GREENWISH, PATRONS, card_patron
from .museum import exhibition_multiplier
from .position import Position

SET_POINTS = 5


def count_sets(patrons: list[str | None]) -> int:
    """Most disjoint sets of the five base patrons; Greenwish cards are wild."""
    counts = [patrons.count(p) for p in PATRONS]
    wild = patrons.count(GREENWISH)
    sets = 0
    # Greedy is optimal: each set takes one of every patron, using a wild card
    # for each patron that has run out.
    while True:
        missing = sum(1 for c in counts if c == 0)
        if missing > wild:
            return sets
        wild -= missing
        counts = [max(c - 1, 0) for c in counts]
        sets += 1


def final_scores(state: Position) -> dict[str, Any]:
    """Exhibition and sets on top of the points already scored, the winners and
    whether the tie-break (cubes in personal stock) decided."""
    breakdown = []
    totals = []
    for p in range(state.n):
        patrons = [card_patron(c) for c in state.cards[p]]
        wings: list[dict[str, Any]] = []
        exhibition = 0
        for w, patron in enumerate(state.setup.wings, start=1):
            count = patrons.count(patron)
            per_card = exhibition_multiplier(state.museum, p, w)
            exhibition += count * per_card
            wings.append(
                {
                    "wing": w,
                    "patron": patron,
                    "cards": count,
                    "per_card": per_card,
                    "points": count * per_card,
                }
            )
        sets = count_sets(patrons)
        total = state.score[p] + exhibition + sets * SET_POINTS
        breakdown.append(
            {
                "claimed": state.score[p],
                "exhibition": wings,
                "exhibition_total": exhibition,
                "sets": sets,
                "set_points": sets * SET_POINTS,
                "total": total,
                "cubes": state.cubes[p],
            }
        )
        totals.append(total)
    best = max(totals)
    leaders = [p for p in range(state.n) if totals[p] == best]
    tie_break = len(leaders) > 1
    if tie_break:
        most = max(state.cubes[p] for p in leaders)
        winners = [p for p in leaders if state.cubes[p] == most]
    else:
        winners = leaders
    return {
        "scores": totals,
        "breakdown": breakdown,
        "winners": winners,
        "tie_break": tie_break,
        "shared": len(winners) > 1,
    }
