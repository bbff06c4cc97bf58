"""The Nile expansion, each rule checked on a replayed game record (docs/RULINGS.md).

Unless a test says otherwise the records below use:

* the deck ``deck_for(filler=OPEN_FIRST)``: in season 1, area 1 = violet-0a | lemon-0a,
  area 2 = brown-0a | blackmore-0a, area 3 = tangerine-0a | violet-0b,
  area 4 = violet-0c | violet-2a;
* the Nile pile nile-1, nile-2 (turned), nile-3, nile-4, nile-5 (top first), nile-6 on line 2
  in the last season, and the boats in the order boat-2, boat-3, boat-cubes, boat-tie.

So the season 1 region is (``~`` river, digits = area of a Nile land cell)::

        a b c d e f g h
     1  . . . 1 ~ . . .      nile-1 covers d1-e3: d1, d2 land of area 1, e3 land of area 2
     2  . . . 1 ~ . . .
     3  . . . ~ 2 . . .
     4  . . . ~ 4 . . .      nile-2 turned covers d4-e6: e4 land of area 4,
     5  . . . 3 ~ . . .      d5, d6 land of area 3
     6  . . . 3 ~ . . .
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import IllegalMoveError, Phase, RecordError, new_game, replay, summary, to_record
from game.region import CELL_INDEX, CELL_NAMES
from game.setup import make_setup

from .scenario import (
    NO_NEUTRAL,
    OPEN_FIRST,
    PASS,
    brown,
    cards_offered,
    claim,
    deck_for,
    dig,
    events,
    extend,
    kinds,
    legal_of,
    neutral,
    neutral_claim,
    record,
    rooms_offered,
)

ROOT = Path(__file__).resolve().parents[2]
ND = ["nile-1", "nile-2@r", "nile-3", "nile-4", "nile-5", "nile-6"]
BOATS = ["boat-2", "boat-3", "boat-cubes", "boat-tie"]
DECK = deck_for(filler=OPEN_FIRST)
NAMES = ["Ann", "Bob", "Cy", "Dee"]

# The printed Nile card layouts, rows top to bottom, left column then right column.
LAYOUTS = {
    "nile-1": ".~ .~ ~.",
    "nile-2": "~. ~. .~",
    "nile-3": ".~ ~~ ~.",
    "nile-4": "~. ~~ .~",
    "nile-5": ".~ ~. .~",
    "nile-6": "~. .~ ~.",
}


def boat(use: bool) -> dict:
    return {"action": "boat", "use": use}


def greenwish(action: str, cells: list[str], token: str) -> dict:
    return {"action": action, "patron": "greenwish", "cells": cells, "token": token}


def nile_record(players: int, moves: list, **setup) -> dict:
    setup.setdefault("deck", DECK)
    setup.setdefault("nile_deck", ND)
    setup.setdefault("nile_six_line", 2)
    setup.setdefault("boats", BOATS)
    return record(players, moves, nile=True, **setup)


def nile_run(players: int, moves: list, **setup):
    state = replay(nile_record(players, moves, **setup))
    # Every move of the record was a real decision: none was a forced move skipped on replay.
    assert len(state.moves) == len(moves)
    return state


def play(state, moves: list):
    for player, move in moves:
        state.play(move, player)
    return state


def expected_nile_cells(card: str, turned: bool, line: int) -> dict[str, int]:
    """Cell name -> area (0 for river) of a Nile card lying on ``line`` (1-based)."""
    flat = LAYOUTS[card].replace(" ", "")
    if turned:
        flat = flat[::-1]
    out = {}
    for k, ch in enumerate(flat):
        name = "de"[k % 2] + str(3 * (line - 1) + k // 2 + 1)
        out[name] = 0 if ch == "~" else 2 * line - 1 + k % 2
    return out


def river_of(state) -> set[str]:
    return {CELL_NAMES[i] for i in state.region.cells if state.region.river[i]}


def supply(state) -> list[int]:
    return [p["supply"] for p in summary(state)["players"]]


def nile_in_play(state) -> list[tuple[str, bool]]:
    return [tuple(x) for x in summary(state)["nile"]["in_play"]]


def pass_season(state) -> None:
    """Everyone passes (the last player's single action is a pass too)."""
    season = state.season
    while not state.over and state.season == season:
        state.play(PASS)


# ====================================================================== setup
@pytest.mark.parametrize("players,per_season", [(2, 11), (3, 11), (4, 8)])
def test_seeded_setup_deals_nile_cards_boats_and_23_cubes(players: int, per_season: int) -> None:
    names = NAMES[:players]
    state = new_game(names, 41, nile=True)
    setup = state.setup
    assert setup == make_setup(names, 41, nile=True)
    assert sorted(c for c, _ in setup.nile_deck) == sorted(LAYOUTS)
    assert setup.nile_deck[5][0] == "nile-6"
    assert setup.nile_six_line in (1, 2, 3)
    assert sorted(setup.boats) == sorted(BOATS)
    top = list(setup.nile_deck[:5])

    def check_lines(expected: list[tuple[str, bool]]) -> None:
        assert nile_in_play(state) == expected
        river = set()
        for line, (card, turned) in enumerate(expected, start=1):
            for name, area in expected_nile_cells(card, turned, line).items():
                idx = CELL_INDEX[name]
                assert state.region.exists[idx] and not state.region.pyramid[idx]
                assert state.region.area[idx] == area, name
                if area == 0:
                    river.add(name)
        assert river_of(state) == river

    # Season 1: the pile's top two cards, between areas 1-2 and 3-4; the first boat.
    check_lines(top[:2])
    s = summary(state)
    assert s["nile"]["boat_offer"] == setup.boats[0]
    assert s["nile"]["pile"] == 3
    assert [p["cubes"] for p in s["players"]] == [per_season] * players
    assert supply(state) == [23 - per_season] * players
    assert [p["tokens"] for p in s["players"]] == [3] * players
    assert [p["boats"] for p in s["players"]] == [[]] * players
    if players == 2:
        assert [p["neutral_cubes"] for p in s["players"]] == [4, 4]
        assert s["neutral_supply"] == 23 - 8

    # Nobody digs: both Nile cards go back under the pile each season, in line order,
    # and each boat leaves the game untaken.
    pass_season(state)
    check_lines(top[2:4])
    assert summary(state)["nile"]["boat_offer"] == setup.boats[1]
    pass_season(state)
    check_lines([top[4], top[0]])
    assert summary(state)["nile"]["boat_offer"] == setup.boats[2]
    pass_season(state)
    # Season 4: nile-6 on its line, the pile's top two cards on the others, no boat;
    # the three cards left in the pile leave the game.
    assert state.season == 4 and state.region.lines == 3
    rest = iter(top[1:3])
    check_lines(
        [setup.nile_deck[5] if line == setup.nile_six_line else next(rest) for line in (1, 2, 3)]
    )
    s = summary(state)
    assert s["nile"]["boat_offer"] is None and s["nile"]["pile"] == 0
    assert s["nile"]["boats_out"] == list(setup.boats[:3])
    assert s["discarded"][-3:] == [top[3][0], top[4][0], top[0][0]]
    # Supply per season is unchanged, but only 23 cubes of a colour are in play.
    took = [e["cubes"] for e in events(state, "season")]
    expected = [min(23, per_season * k) for k in (1, 2, 3, 4)]
    assert took == [[n] * players for n in expected]
    assert supply(state) == [0] * players


def test_explicit_nile_setup_is_checked() -> None:
    bad = nile_record(3, [], nile_deck=["nile-6", "nile-1", "nile-2", "nile-3", "nile-4", "nile-5"])
    with pytest.raises(RecordError, match="nile-6"):
        replay(bad)
    with pytest.raises(RecordError, match="nile_six_line"):
        replay(nile_record(3, [], nile_six_line=4))
    with pytest.raises(RecordError, match="boats"):
        replay(nile_record(3, [], boats=["boat-2", "boat-2", "boat-3", "boat-tie"]))


# ============================================================ river and land
def test_nile_cards_replace_columns_d_and_e_and_their_pyramids() -> None:
    # lemon-0b (area 1, right) has a pyramid on its cell 5 = d3; tangerine-0c (area 2, left)
    # on its cell 0 = e1. Both cells lie under nile-1 and become river cells without pyramid.
    deck = deck_for(
        {1: ("violet-0a", "lemon-0b"), 2: ("tangerine-0c", "brown-0a")}, filler=OPEN_FIRST
    )
    base = replay(record(3, [], deck=deck))
    assert {"d3", "e1"} <= set(CELL_NAMES[i] for i in base.region.cells if base.region.pyramid[i])
    state = nile_run(3, [], deck=deck)
    assert {"d3", "e1"} <= {c[0] for c in legal_of(state, "dig")}
    assert river_of(state) == {"e1", "e2", "d3", "d4", "e5", "e6"}
    region = state.region
    areas = {
        name: region.area[CELL_INDEX[name]]
        for name in ("d1", "d2", "e3", "e4", "d5", "d6", "e1", "e2", "d3", "d4", "e5", "e6")
    }
    assert areas == {
        "d1": 1,
        "d2": 1,
        "e3": 2,
        "e4": 4,
        "d5": 3,
        "d6": 3,
        "e1": 0,
        "e2": 0,
        "d3": 0,
        "d4": 0,
        "e5": 0,
        "e6": 0,
    }
    # River cells belong to no area; land cells join the area on their side.
    area_cells = [{CELL_NAMES[i] for i in region.area_cells[a]} for a in range(1, 5)]
    assert all(not (cells & river_of(state)) for cells in area_cells)
    assert {"d1", "d2"} <= area_cells[0] and "e3" in area_cells[1]
    assert {"d5", "d6"} <= area_cells[2] and "e4" in area_cells[3]
    assert [len(c) for c in area_cells] == [11, 10, 11, 10]


def test_digging_and_extending_across_river_and_land() -> None:
    state = nile_run(3, [(0, dig("e2")), (1, PASS), (2, PASS)])
    # Ann's last action: an extension from a river cube may go to river or land cells
    # on either side: e1 (river), d2 (land of area 1), f2 (area 2), e3 (land of area 2).
    chains = set(legal_of(state, "extend"))
    assert {a for a, _ in chains} == {"e1", "d2", "f2", "e3"}
    assert {("d2", "c2"), ("d2", "d1"), ("e1", "d1"), ("e3", "d3"), ("f2", "f1")} <= chains
    play(state, [(0, extend("d2", "c2"))])
    assert [e["ranking"] for e in events(state, "survey")] == [[[0, 1]]]  # the river: e2
    play(state, [(0, claim("nile-2"))])
    # Area 1 counts the land cube d2 with c2; the river cube has gone back to the stock.
    survey = events(state, "survey")
    assert survey[1]["area"] == 1 and survey[1]["ranking"] == [[0, 2]]
    assert summary(state)["board"] == {"c2": 0, "d2": 0}
    assert state.to_move == 0 and state.survey_decision() == ("first", 0, 0)


# ================================================================ Nile survey
# Season 1: Ann has 2 river cubes (e1, e2) and f2 in area 2; Cy has d4 on the river and
# passes first; Bob has d3 on the river, d1 on the land of area 1, and e4 on the land of
# area 4, and passes last.
NILE_SURVEY_S1 = [
    (0, dig("e1")),
    (1, dig("d3")),
    (2, dig("d4")),
    (0, extend("e2", "f2")),
    (1, dig("d1")),
    (2, PASS),
    (0, PASS),
    (1, dig("e4")),
]


def test_nile_survey_ranks_the_river_then_the_areas_count_nile_land() -> None:
    state = nile_run(3, NILE_SURVEY_S1)
    assert summary(state)["passing"] == [2, 0, 1]
    survey = events(state, "survey")
    assert survey == [
        {
            "type": "survey",
            "area": 0,
            "season": 1,
            "ranking": [[0, 2], [2, 1], [1, 1]],
            "cards": ["nile-1", "nile-2"],
        }
    ]
    # 1st on the river chooses a Nile card; there is no museum booking in the Nile survey.
    assert state.survey_decision() == ("nile", 0, 0)
    assert [m.to_json() for m in state.legal_moves()] == [claim("nile-1"), claim("nile-2")]
    before = supply(state)
    play(state, [(0, claim("nile-2"))])
    assert state.cards[0] == ["nile-2"]
    # Cy, 2nd on the river (she passed before Bob), gets the boat: boat-2 scores 2 now.
    assert state.score == [3, 0, 2]
    assert state.nile_state.boats == [[], [], ["boat-2"]]
    # The other card goes under the pile; river cubes go back to the general stock.
    assert [e for e in events(state, "nile_return")] == [
        {"type": "nile_return", "area": 0, "cards": ["nile-1"], "season": 1}
    ]
    assert supply(state) == [before[0] + 2, before[1] + 1, before[2] + 1]
    assert summary(state)["board"] == {"d1": 1, "f2": 0, "e4": 1}
    # Cubes on Nile land count in their areas.
    assert [(e["area"], e["ranking"]) for e in events(state, "survey")[1:]] == [(1, [[1, 1]])]
    assert state.survey_decision() == ("first", 1, 1)
    play(state, [(1, claim("violet-0a")), (0, claim("brown-0a"))])
    assert [(e["area"], e["ranking"]) for e in events(state, "survey")[2:]] == [
        (2, [[0, 1]]),
        (3, []),
        (4, [[1, 1]]),
    ]
    play(state, [(1, claim("violet-2a"))])
    assert state.season == 2 and state.first_player == 1
    # The next season's Nile cards come from the pile top: nile-3 and nile-4; then
    # nile-5 and the returned nile-1 are left in it.
    assert nile_in_play(state) == [("nile-3", False), ("nile-4", False)]
    assert state.to_dict()["nile"]["pile"] == ["nile-5", "nile-1"]
    assert summary(state)["nile"]["boat_offer"] == "boat-3"


def test_nobody_or_one_side_on_the_river() -> None:
    moves = NILE_SURVEY_S1 + [
        (0, claim("nile-2")),
        (1, claim("violet-0a")),
        (0, claim("brown-0a")),
        (1, claim("violet-2a")),
    ]
    # Season 2: nobody digs. Both Nile cards go under the pile in line order, the boat
    # leaves the game.
    state = nile_run(3, moves + [(1, PASS), (2, PASS), (0, PASS)])
    assert state.season == 3 and state.first_player == 0
    assert events(state, "boat_lost") == [{"type": "boat_lost", "boat": "boat-3", "season": 2}]
    assert state.to_dict()["nile"]["pile"] == ["nile-3", "nile-4"]  # after nile-5, nile-1 drawn
    assert nile_in_play(state) == [("nile-5", False), ("nile-1", False)]
    assert [e["cards"] for e in events(state, "nile_return")] == [["nile-1"], ["nile-3", "nile-4"]]
    # Season 3: only Ann is on the river (nile-5 puts e1 on the river). She takes a card,
    # the boat leaves the game, the other card goes under the pile.
    assert "e1" in river_of(state)
    play(state, [(0, dig("e1")), (1, PASS), (2, PASS), (0, PASS)])
    assert state.survey_decision() == ("nile", 0, 0)
    play(state, [(0, claim("nile-1"))])
    assert state.cards[0] == ["nile-2", "brown-0a", "nile-1"]
    assert [e["boat"] for e in events(state, "boat_lost")] == ["boat-3", "boat-cubes"]
    assert summary(state)["nile"]["boats_out"] == ["boat-3", "boat-cubes"]
    assert state.season == 4
    assert state.nile_state.boats == [[], [], ["boat-2"]]
    # Season 4 uses the pile's top two cards (nile-3, nile-4) around nile-6 on line 2;
    # nile-5, the last card left in the pile, leaves the game.
    assert nile_in_play(state) == [("nile-3", False), ("nile-6", False), ("nile-4", False)]
    assert "nile-5" in state.discarded


# ====================================================== the whole Nile game
# A complete 3-player game: Ann wins nile-1 and nile-3 and three patrons of season 1,
# the boats go to Cy (boat-2), Bob (boat-cubes) and Ann (boat-3).
FULL_BOATS = ["boat-2", "boat-cubes", "boat-3", "boat-tie"]
FULL = [
    # Season 1 (Ann first). Ann: 2 river cubes and a cube in areas 1-3; Cy: 1 river cube
    # and area 4; Bob passes at once.
    (0, dig("e1")),
    (1, PASS),
    (2, dig("d3")),
    (0, extend("e2", "f2")),
    (2, dig("h6")),
    (0, dig("a1")),
    (2, PASS),
    (0, dig("a4")),
    (0, claim("nile-1")),  # Nile: Ann; boat-2 to Cy
    (0, claim("violet-0a")),
    (0, claim("brown-0a")),
    (0, claim("tangerine-0a")),
    (2, claim("violet-0c")),
    # Season 2 (Ann first): nile-3 and nile-4. Ann and Bob 1 river cube each, Bob one
    # in area 1.
    (0, dig("e1")),
    (1, dig("d3")),
    (2, PASS),
    (0, PASS),
    (1, dig("b1")),
    (0, claim("nile-3")),  # boat-cubes to Bob
    (1, claim("violet-2b")),
    # Season 3 (Bob first): nile-5 and nile-2 (turned). Cy and Ann 1 river cube each.
    (1, PASS),
    (2, dig("e1")),
    (0, dig("d2")),
    (2, PASS),
    (0, PASS),
    (2, claim("nile-5")),  # boat-3 to Ann
    # Season 4 (Ann first): nile-4 | nile-6 | nile-2 (turned). Bob and Cy 2 river cubes,
    # Ann 1.
    (0, dig("d1")),
    (1, dig("d4")),
    (2, dig("e8")),
    (0, PASS),
    (1, dig("d6")),
    (2, dig("e9")),
    (1, PASS),
    (2, PASS),
    (2, claim("nile-4")),  # Bob got nile-6 by force
]


def full_game(upto: int | None = None):
    return nile_run(3, FULL[:upto], boats=FULL_BOATS)


def test_boats_score_or_give_cubes_at_once() -> None:
    state = full_game(9)  # Ann has taken nile-1: Cy, 2nd on the river, got boat-2
    assert state.score == [3, 0, 2] and state.nile_state.boats == [[], [], ["boat-2"]]
    state = full_game(18)
    assert state.season == 2 and state.phase is Phase.SURVEY
    # Bob passed at once in season 1: he took 22 cubes and has placed two (d3 on the
    # river, b1); the general stock holds a single cube of his colour.
    assert state.cubes[1] == 20 and supply(state)[1] == 1
    play(state, [(0, claim("nile-3"))])
    # boat-cubes gives what the stock holds: one cube.
    assert state.nile_state.boats[1] == ["boat-cubes"] and state.cubes[1] == 21
    assert state.score[1] == 0
    assert state.survey_decision() == ("first", 1, 1)  # area 1, before the season ends
    state = full_game(26)
    assert state.season == 4
    assert state.nile_state.boats == [["boat-3"], ["boat-cubes"], ["boat-2"]]
    assert state.score == [3 + 3 + 3, 2, 2 + 3]  # Bob's 2: violet-2b


def test_boat_cubes_gives_two_cubes_when_the_stock_has_them() -> None:
    state = nile_run(
        3,
        [(0, dig("e1")), (1, dig("d3")), (2, dig("a1")), (0, PASS), (1, PASS), (2, PASS)],
        boats=["boat-cubes", "boat-2", "boat-3", "boat-tie"],
    )
    assert state.cubes == [10, 10, 10]
    play(state, [(0, claim("nile-1"))])
    assert state.nile_state.boats == [[], ["boat-cubes"], []]
    assert state.cubes == [10, 12, 10] and state.score == [3, 0, 0]
    assert supply(state) == [13, 11, 12]
    assert state.survey_decision() == ("first", 2, 2)  # area 1, still in season 1


def test_pile_order_and_the_last_season_nile_survey() -> None:
    state = full_game(26)
    # nile-2 went back under the pile in season 1, nile-4 in season 2 and nile-2 again
    # in season 3 (nile-5 taken): the pile is nile-4 then nile-2 for the last season.
    assert [e["cards"] for e in events(state, "nile_return")] == [
        ["nile-2"],
        ["nile-4"],
        ["nile-2"],
    ]
    assert nile_in_play(state) == [("nile-4", False), ("nile-6", False), ("nile-2", True)]
    assert river_of(state) == {"d1", "d2", "e2", "e3", "d4", "e5", "d6", "d7", "e8", "e9"}
    assert summary(state)["nile"]["boat_offer"] is None
    state = full_game(len(FULL) - 1)
    assert [e["ranking"] for e in events(state, "survey") if e["season"] == 4] == [
        [[1, 2], [2, 2], [0, 1]]
    ]
    # Bob, 1st on the river, received nile-6 by force (not in the record); Cy chooses one
    # of the two 3-point Nile cards; Ann, 3rd, gets nothing.
    forced = [e for e in events(state, "claim") if e["season"] == 4]
    assert forced == [
        {
            "type": "claim",
            "player": 1,
            "card": "nile-6",
            "points": 5,
            "area": 0,
            "forced": True,
            "season": 4,
        }
    ]
    assert all(m.card != "nile-6" for _, m in state.moves)
    assert state.survey_decision() == ("nile", 2, 2)
    assert cards_offered(state) == ["nile-4", "nile-2"]
    play(state, [(2, claim("nile-4"))])
    # The last Nile card leaves the game, no boat in the last season, and the game ends.
    assert state.over
    assert "nile-2" in state.discarded and "nile-4" not in state.discarded
    assert state.nile_state.boats == [["boat-3"], ["boat-cubes"], ["boat-2"]]


def test_final_scoring_greenwish_is_wild_in_sets_and_worth_nothing_in_the_museum() -> None:
    state = full_game()
    assert state.over
    final = state.final
    assert state.cards[0] == ["nile-1", "violet-0a", "brown-0a", "tangerine-0a", "nile-3"]
    ann, bob, cy = final["breakdown"]
    # Ann: nile-1 3 + nile-3 3 + boat-3 3 claimed; one point per patron card in the
    # museum (she has no room), nothing for the Greenwish cards; three patrons and two
    # Greenwish cards make a set.
    assert ann["claimed"] == 9
    assert ann["exhibition_total"] == 3
    assert sum(w["cards"] for w in ann["exhibition"]) == 3
    assert ann["sets"] == 1 and ann["set_points"] == 5
    assert ann["total"] == 17
    # Bob: violet-2b (2), nile-6 (5) and boat-cubes; a patron and a Greenwish card are no set.
    assert (bob["claimed"], bob["exhibition_total"], bob["sets"], bob["total"]) == (7, 1, 0, 8)
    # Cy: boat-2 2 + nile-5 3 + nile-4 3; violet plus two wild cards is no set.
    assert state.cards[2] == ["violet-0c", "nile-5", "nile-4"]
    assert (cy["claimed"], cy["exhibition_total"], cy["sets"], cy["total"]) == (8, 1, 0, 9)
    assert final["scores"] == [17, 8, 9] and final["winners"] == [0]


def test_command_line_replay_prints_the_nile_block(tmp_path: Path) -> None:
    path = tmp_path / "nile.json"
    path.write_text(json.dumps(to_record(full_game(26))), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    printed = json.loads(out.stdout)
    assert printed["season"] == 4
    assert printed["nile"]["in_play"] == [["nile-4", False], ["nile-6", False], ["nile-2", True]]
    assert printed["nile"]["boat_offer"] is None
    assert printed["nile"]["pile"] == 0
    assert "d4" in printed["nile"]["river"]
    assert [p["boats"] for p in printed["players"]] == [["boat-3"], ["boat-cubes"], ["boat-2"]]
    assert [p["tokens"] for p in printed["players"]] == [3, 3, 3]
    assert printed == json.loads(json.dumps(summary(full_game(26))))


def test_command_line_selfplay_nile_record_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "selfplay",
            "--players",
            "3",
            "--seed",
            "5",
            "--nile",
            "--record",
            str(path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    printed = json.loads(out.stdout)
    rec = json.loads(path.read_text(encoding="utf-8"))
    setup = rec["setup"]
    assert setup["nile"] is True
    assert len(setup["nile_deck"]) == 6 and setup["nile_deck"][5].startswith("nile-6")
    assert setup["nile_six_line"] in (1, 2, 3) and sorted(setup["boats"]) == sorted(BOATS)
    state = replay(rec)
    assert state.over
    assert state.final["scores"] == printed["scores"]
    assert state.final["winners"] == printed["winners"]
    assert len(state.moves) == printed["moves"] == len(rec["moves"])


# ================================================================= Greenwish
def greenwish_moves(state) -> list[dict]:
    return [m.to_json() for m in state.legal_moves() if m.patron == "greenwish"]


def tokens_for(state, action: str, cells: list[str]) -> set[str]:
    return {
        m["token"] for m in greenwish_moves(state) if m["action"] == action and m["cells"] == cells
    }


def test_greenwish_needs_a_nile_card_and_is_offered_with_no_other_patron() -> None:
    # Season 1: Ann alone on the river takes nile-1; she holds no other card.
    state = nile_run(3, [(0, dig("e1")), (1, PASS), (2, PASS), (0, PASS)])
    assert ("dig", "greenwish") not in kinds(state)  # nobody holds a Nile card yet
    play(state, [(0, claim("nile-1"))])
    assert state.season == 2 and state.to_move == 0 and state.cards[0] == ["nile-1"]
    assert ("dig", "greenwish") in kinds(state)
    # The token may go on any empty museum room (5-rooms included) ...
    rooms = {t for t in tokens_for(state, "dig", ["a2"]) if t.startswith("W")}
    assert len(rooms) == 15
    # ... or any empty cell without a pyramid, river cells included, but not the cell just dug.
    cells = {t for t in tokens_for(state, "dig", ["a2"]) if not t.startswith("W")}
    free = {c[0] for c in legal_of(state, "dig")}
    assert cells == free - {"a2"}
    assert river_of(state) <= cells
    pyramids = {CELL_NAMES[i] for i in state.region.cells if state.region.pyramid[i]}
    assert pyramids and not pyramids & cells


# Greenwish in a 3-player game over three seasons. Season 1: Ann alone on the river takes
# nile-1, and brown-0a in area 1; Bob takes brown-0b in area 2.
GW_DECK = deck_for(
    seasons={
        1: {1: ("brown-0a", "violet-0a"), 2: ("brown-0b", "lemon-0a")},
        2: {1: ("tangerine-0a", "blackmore-0a"), 2: ("violet-0b", "lemon-0b")},
    },
    filler=OPEN_FIRST,
)
GW_S1 = [
    (0, dig("e1")),
    (1, dig("g1")),
    (2, PASS),
    (0, dig("a1")),
    (1, PASS),
    (0, PASS),
    (0, claim("nile-1")),
    (0, claim("brown-0a")),
    (1, claim("brown-0b")),
]
# Season 2 (Ann first; nile-3 and nile-4; h3 holds a pyramid): Ann digs a1 with Greenwish
# and puts her token on g2; later she settles on g2 herself.
GW_S2 = [
    (0, greenwish("dig", ["a1"], "g2")),
    (1, dig("h2")),
    (2, PASS),
    (0, extend("b1", "c1")),
    (1, extend("h1", "g1")),
    (0, dig("g2")),
    (1, PASS),
    (0, dig("e2")),
    (0, claim("nile-3")),
    (0, claim("tangerine-0a")),
    (1, claim("violet-0b")),
    (0, claim("lemon-0b")),
]
# Season 3 (Ann first; Ann holds nile-1 and nile-3): a token on a museum room, then one
# on a cell that stays there until the survey.
GW_S3 = [
    (0, greenwish("dig", ["c3"], "W2-3")),
    (1, brown("W1-3")),
    (2, PASS),
    (0, brown("W2-3")),
    (1, dig("f1")),
    (0, greenwish("extend", ["d3", "e3"], "g3")),
    (1, PASS),
    (0, PASS),
]


def gw_game(moves: list):
    return nile_run(3, moves, deck=GW_DECK)


def test_greenwish_token_on_a_cell_blocks_others_until_its_owner_settles() -> None:
    state = gw_game(GW_S1)
    assert state.season == 2 and state.to_move == 0
    tokens = tokens_for(state, "dig", ["a1"])
    assert {"g2", "e1", "d2", "W1-5", "W2-3"} <= tokens
    assert not {"a1", "h3"} & tokens  # the cell just dug; a pyramid
    held = state.cubes[0]
    state = gw_game(GW_S1 + GW_S2[:1])
    assert state.tilted[0] == ["nile-1"]
    assert state.nile_state.tokens == [2, 3, 3]
    assert summary(state)["nile"]["tokens"] == {"g2": 0}
    assert summary(state)["board"] == {"a1": 0}
    assert state.cubes[0] == held - 1  # one cube: the token is not a cube
    # Bob may not dig on Ann's token ...
    assert "g2" not in {c[0] for c in legal_of(state, "dig")}
    with pytest.raises(IllegalMoveError):
        state.play(dig("g2"), 1)
    state = gw_game(GW_S1 + GW_S2[:4])
    # ... nor extend onto it (h3 holds a pyramid: h1 is his only way on from h2).
    assert state.to_move == 1
    assert {a for a, _ in legal_of(state, "extend")} == {"h1"}
    assert all("g2" not in cells for cells in legal_of(state, "extend"))
    with pytest.raises(IllegalMoveError):
        state.play(extend("g2", "f2"), 1)
    # Ann settles on her token with a plain dig and gets the token back.
    state = gw_game(GW_S1 + GW_S2[:5])
    assert ("g2",) in legal_of(state, "dig")
    play(state, [(0, dig("g2"))])
    assert state.nile_state.tokens == [3, 3, 3] and summary(state)["nile"]["tokens"] == {}
    assert summary(state)["board"]["g2"] == 0
    state = gw_game(GW_S1 + GW_S2)
    assert state.season == 3 and state.cards[0] == [
        "nile-1",
        "brown-0a",
        "nile-3",
        "tangerine-0a",
        "lemon-0b",
    ]


def test_greenwish_token_on_a_room_and_tokens_returning_at_the_survey() -> None:
    state = gw_game(GW_S1 + GW_S2 + GW_S3[:1])
    # The earliest-claimed Greenwish card tilts; the other can still be used.
    assert state.tilted[0] == ["nile-1"]
    assert summary(state)["nile"]["tokens"] == {"W2-3": 0}
    # Bob's Sir Brown may not book the room holding Ann's token.
    assert state.to_move == 1
    assert "W2-3" not in rooms_offered(state, "brown")
    assert "W1-3" in rooms_offered(state, "brown")
    with pytest.raises(IllegalMoveError):
        state.play(brown("W2-3"), 1)
    # Ann settles in the room with her own Sir Brown and gets the token back.
    state = gw_game(GW_S1 + GW_S2 + GW_S3[:3])
    assert "W2-3" in rooms_offered(state, "brown")
    play(state, [(0, brown("W2-3"))])
    assert summary(state)["museum"] == {"W1-3": 1, "W2-3": 0}
    assert state.nile_state.tokens == [3, 3, 3] and summary(state)["nile"]["tokens"] == {}
    # Greenwish with an extension: the token may not go on either cell just filled.
    state = gw_game(GW_S1 + GW_S2 + GW_S3[:5])
    tokens = tokens_for(state, "extend", ["d3", "e3"])
    assert "g3" in tokens and not {"d3", "e3", "c3"} & tokens
    play(state, [(0, greenwish("extend", ["d3", "e3"], "g3"))])
    assert state.tilted[0] == ["nile-1", "brown-0a", "nile-3"]
    assert ("dig", "greenwish") not in kinds(state) and ("extend", "greenwish") not in kinds(state)
    assert summary(state)["nile"]["tokens"] == {"g3": 0} and state.nile_state.tokens == [2, 3, 3]
    assert state.to_move == 1 and "g3" not in {c[0] for c in legal_of(state, "dig")}
    # The survey starts: every token goes back to its owner before anything is counted.
    state = gw_game(GW_S1 + GW_S2 + GW_S3)
    assert state.phase is Phase.SURVEY and state.survey_decision() == ("nile", 0, 0)
    assert state.nile_state.tokens == [3, 3, 3] and summary(state)["nile"]["tokens"] == {}
    assert [p["tokens"] for p in summary(state)["players"]] == [3, 3, 3]


def test_greenwish_token_blocks_neutral_cubes() -> None:
    # Two players. Season 1: Ann alone on the river takes nile-1.
    state = nile_run(
        2, [(0, dig("e1")), (0, NO_NEUTRAL), (1, PASS), (0, PASS), (0, claim("nile-1"))]
    )
    assert state.season == 2 and state.to_move == 0
    play(state, [(0, greenwish("dig", ["b1"], "f2"))])
    # Neutral cubes may not go on the token, not even when its owner places them.
    assert state.phase is Phase.NEUTRAL and state.to_move == 0
    placed = {m.cells for m in state.legal_moves()}
    assert ("f1",) in placed and ("f2",) not in placed
    play(state, [(0, neutral("f1")), (1, dig("g2"))])
    assert state.phase is Phase.NEUTRAL and state.to_move == 1
    placed = {m.cells for m in state.legal_moves()}
    assert ("g1",) in placed and ("f2",) not in placed
    assert all("f2" not in cells for cells in placed)  # nor by extending from f1
    with pytest.raises(IllegalMoveError):
        state.play(neutral("f2"), 1)
    with pytest.raises(IllegalMoveError):
        state.play(neutral("e2", "f2"), 1)


# ================================================================= tie boat
TIE_FIRST = ["boat-tie", "boat-2", "boat-3", "boat-cubes"]
# Season 1: Ann 2 river cubes and f2 (area 2); Bob 1 river cube, b1 (area 1) and g2
# (area 2), passing last; Cy a1 (area 1), passing first.
TIE_S1 = [
    (0, dig("e1")),
    (1, dig("d3")),
    (2, dig("a1")),
    (0, extend("e2", "f2")),
    (1, dig("b1")),
    (2, PASS),
    (0, PASS),
    (1, dig("g2")),
    (0, claim("nile-1")),
]


def test_tie_boat_question_in_area_surveys_kept_then_used() -> None:
    state = nile_run(3, TIE_S1, boats=TIE_FIRST)
    # Bob, 2nd on the river, got the tie boat: no points, he keeps it.
    assert state.nile_state.boats == [[], ["boat-tie"], []] and state.score == [3, 0, 0]
    # Area 1: Bob is tied with Cy, who passed first. Before anything is decided Bob
    # is asked whether to use the boat (this very season).
    assert events(state, "survey")[-1]["ranking"] == [[2, 1], [1, 1]]
    assert state.phase is Phase.BOAT and state.to_move == 1
    assert [m.to_json() for m in state.legal_moves()] == [boat(True), boat(False)]
    with pytest.raises(IllegalMoveError):
        state.play(claim("violet-0a"), 2)
    # Not used: Cy stays 1st, Bob keeps the boat.
    play(state, [(1, boat(False))])
    assert state.survey_decision() == ("first", 2, 2)
    play(state, [(2, claim("violet-0a")), (1, claim("lemon-0a"))])
    assert state.nile_state.boats[1] == ["boat-tie"]
    # Area 2: Bob tied with Ann, who passed before him: asked again. Used: he becomes
    # 1st among the tied and the boat leaves the game.
    assert events(state, "survey")[-1]["ranking"] == [[0, 1], [1, 1]]
    assert state.phase is Phase.BOAT and state.to_move == 1
    play(state, [(1, boat(True))])
    assert state.survey_decision() == ("first", 1, 1)
    assert state.nile_state.boats == [[], [], []]
    assert summary(state)["nile"]["boats_out"] == ["boat-tie"]
    play(state, [(1, claim("brown-0a")), (0, claim("blackmore-0a"))])
    assert state.cards == [["nile-1", "blackmore-0a"], ["lemon-0a", "brown-0a"], ["violet-0a"]]
    assert [(e["type"], e["area"]) for e in state.log if e["type"].startswith("boat_")] == [
        ("boat_keep", 1),
        ("boat_use", 2),
    ]
    assert state.season == 2
    assert [m.to_json() for _, m in state.moves[-6:]] == [
        boat(False),
        claim("violet-0a"),
        claim("lemon-0a"),
        boat(True),
        claim("brown-0a"),
        claim("blackmore-0a"),
    ]


# Season 1: Ann and Bob 1 river cube each, Bob passing last: Bob gets the tie boat.
TIE_NILE_S1 = [
    (0, dig("e1")),
    (1, dig("d3")),
    (2, PASS),
    (0, PASS),
    (1, PASS),
    (0, claim("nile-1")),
]
# Season 2 (Bob first; nile-3 and nile-4): Bob and Ann 1 river cube each, Ann passes first.
TIE_NILE_S2 = [(1, dig("e1")), (2, PASS), (0, dig("d2")), (1, dig("b1")), (0, PASS), (1, PASS)]


@pytest.mark.parametrize("use", [True, False])
def test_tie_boat_in_the_nile_survey(use: bool) -> None:
    state = nile_run(3, TIE_NILE_S1 + TIE_NILE_S2, boats=TIE_FIRST)
    assert state.season == 2 and state.nile_state.boats == [[], ["boat-tie"], []]
    assert events(state, "survey")[-1] == {
        "type": "survey",
        "area": 0,
        "season": 2,
        "ranking": [[0, 1], [1, 1]],
        "cards": ["nile-3", "nile-4"],
    }
    assert state.phase is Phase.BOAT and state.to_move == 1
    play(state, [(1, boat(use))])
    first, second = (1, 0) if use else (0, 1)
    assert state.survey_decision() == ("nile", first, first)
    play(state, [(first, claim("nile-4"))])
    assert "nile-4" in state.cards[first]
    assert state.nile_state.boats[second][-1] == "boat-2"
    assert ("boat-tie" in state.nile_state.boats[1]) is not use
    assert state.score[second] == (3 if second == 0 else 0) + 2
    assert state.survey_decision() == ("first", 1, 1)  # area 1: Bob's b1


def test_tie_boat_not_asked_for_a_tie_below_second_on_the_river() -> None:
    # Four players. Season 1: Ann and Bob 1 river cube each, Bob passing last.
    s1 = [
        (0, dig("e1")),
        (1, dig("d3")),
        (2, PASS),
        (3, PASS),
        (0, PASS),
        (1, PASS),
        (0, claim("nile-1")),
    ]
    # Season 2 (Bob first): Dee 3 river cubes, Cy 2, Ann and Bob 1 each, Ann passing first.
    s2 = [
        (1, dig("e1")),
        (2, dig("d2")),
        (3, dig("d4")),
        (0, dig("e6")),
        (1, dig("b1")),
        (2, extend("d3", "e3")),
        (3, extend("d5", "e5")),
        (0, PASS),
        (1, PASS),
        (2, PASS),
        (3, PASS),
    ]
    state = nile_run(4, s1 + s2, boats=TIE_FIRST)
    assert state.nile_state.boats[1] == ["boat-tie"]
    assert events(state, "survey")[-1]["ranking"] == [[3, 3], [2, 2], [0, 1], [1, 1]]
    # Bob is tied with Ann for 3rd place: nothing to win on the river, so no question.
    assert state.phase is Phase.SURVEY and state.survey_decision() == ("nile", 3, 3)
    play(state, [(3, claim("nile-3"))])
    assert state.nile_state.boats == [[], ["boat-tie"], ["boat-2"], []]
    assert not [e for e in state.log if e["type"].startswith("boat_")]


# ====================================================== two players: the neutral
def test_neutral_first_on_the_river_third_player_chooses_its_card() -> None:
    state = nile_run(
        2,
        [
            (0, dig("e1")),
            (0, neutral("d3")),
            (1, dig("d4")),
            (1, neutral("e2")),
            (0, PASS),
            (1, PASS),
        ],
    )
    assert events(state, "survey")[-1]["ranking"] == [[2, 2], [0, 1], [1, 1]]
    # Bob, 3rd, chooses which Nile card the neutral takes; it leaves the game.
    assert state.survey_decision() == ("neutral", 1, 2) and state.to_move == 1
    assert [m.to_json() for m in state.legal_moves()] == [
        neutral_claim("nile-1"),
        neutral_claim("nile-2"),
    ]
    play(state, [(1, neutral_claim("nile-2"))])
    # Ann, 2nd, gets the boat; the other card goes under the pile.
    assert state.nile_state.boats == [["boat-2"], []] and state.score == [2, 0]
    assert "nile-2" in state.discarded and state.cards == [[], []]
    assert state.season == 2
    assert state.to_dict()["nile"]["pile"] == ["nile-5", "nile-1"]


def test_neutral_first_on_the_river_the_player_off_the_river_chooses() -> None:
    state = nile_run(
        2,
        [
            (0, dig("e1")),
            (0, neutral("d3")),
            (1, dig("a1")),
            (1, neutral("e2")),
            (0, PASS),
            (1, PASS),
        ],
    )
    assert events(state, "survey")[-1]["ranking"] == [[2, 2], [0, 1]]
    assert state.survey_decision() == ("neutral", 1, 2)
    play(state, [(1, neutral_claim("nile-1"))])
    assert state.nile_state.boats == [["boat-2"], []] and state.score == [2, 0]
    assert "nile-1" in state.discarded
    assert state.survey_decision() == ("first", 1, 1)  # area 1: Bob's a1


def test_neutral_alone_on_the_river_the_first_passer_chooses_and_the_boat_leaves() -> None:
    state = nile_run(2, [(0, dig("a1")), (0, neutral("e1")), (1, PASS), (0, PASS)])
    assert summary(state)["passing"] == [1, 0]
    assert events(state, "survey")[-1]["ranking"] == [[2, 1]]
    assert state.survey_decision() == ("neutral", 1, 2) and state.to_move == 1
    play(state, [(1, neutral_claim("nile-2"))])
    assert "nile-2" in state.discarded
    assert state.nile_state.boats == [[], []] and summary(state)["nile"]["boats_out"] == ["boat-2"]
    assert state.survey_decision() == ("first", 0, 0)  # area 1: Ann's a1


def test_neutral_second_on_the_river_the_boat_leaves() -> None:
    state = nile_run(
        2, [(0, dig("e1")), (0, neutral("d3")), (1, PASS), (0, extend("e2", "f2")), (0, NO_NEUTRAL)]
    )
    assert events(state, "survey")[-1]["ranking"] == [[0, 2], [2, 1]]
    assert state.survey_decision() == ("nile", 0, 0)
    play(state, [(0, claim("nile-1"))])
    assert state.cards[0] == ["nile-1"] and state.score == [3, 0]
    assert state.nile_state.boats == [[], []]
    assert events(state, "boat_lost") == [{"type": "boat_lost", "boat": "boat-2", "season": 1}]
    assert state.survey_decision() == ("first", 0, 0)  # area 2: Ann's f2
