"""The rulings of docs/RULINGS.md and the base rules, each checked on a replayed game record."""

from __future__ import annotations

import pytest

from game import GameState, IllegalMoveError, replay, summary, to_record

from .scenario import (
    OPEN_FIRST,
    PASS,
    book,
    cards_offered,
    claim,
    deck_for,
    dig,
    events,
    extend,
    kinds,
    legal_of,
    record,
    region_cells,
    region_pyramids,
    rooms_offered,
    run,
)

# ------------------------------------------------------------------ geometry


def test_turned_card_has_its_pyramids_turned_too() -> None:
    # lemon-3a has pyramids on its cells 0 and 3; turned, they sit where cells 5 and 2 are.
    deck = deck_for(
        {1: ("lemon-3a", "violet-0a"), 2: ("violet-0b", "brown-3b")},
        turned=["lemon-3a", "brown-3b"],
        filler=OPEN_FIRST,
    )
    assert deck[0] == "lemon-3a@r" and deck[3] == "brown-3b@r"
    state = run(3, [], deck=deck)
    assert summary(state)["region"][0] == ["lemon-3a", True]
    free = {c[0] for c in legal_of(state, "dig")}
    # lemon-3a turned: b3 (cell 5 -> 0) and a2 (cell 2 -> 3) hold pyramids, a1 and b2 do not
    assert {"a1", "b2"} <= free
    assert not {"a2", "b3"} & free
    # violet-0b (pyramid on cell 0, not turned): e1; brown-3b turned: cells 0 and 5 swap places
    assert "e1" not in free and not {"g1", "h3"} & free
    assert set(region_cells(1)) - free == {"a2", "b3", "e1", "g1", "h3"}
    assert region_pyramids(deck, 1) == {"a2", "b3", "e1", "g1", "h3"}


def test_adjacency_runs_across_cards_areas_and_lines() -> None:
    deck = deck_for(filler=OPEN_FIRST)
    assert not {"c3", "d2", "e3", "d4", "e4"} & region_pyramids(deck, 1)
    # Ann digs d3 (area 1, bottom-right corner), Bob and Cy pass, Ann extends once more
    state = run(3, [(0, dig("d3")), (1, PASS), (2, PASS)], deck=deck)
    chains = set(legal_of(state, "extend"))
    firsts = {a for a, _ in chains}
    assert firsts == {"c3", "d2", "e3", "d4"}  # e3: area 2; d4: area 3 (next line)
    assert ("e3", "e4") in chains and ("d4", "e4") in chains
    state.play(extend("e3", "e4"))
    ranking = [e["ranking"] for e in events(state, "survey")]
    assert ranking[0] == [[0, 1]]  # area 1: d3
    assert state.to_move == 0 and state.survey_area == 1


# ------------------------------------------------ cube counts and patron use
# A 4-player game: in season 1 Ann spends all 8 cubes to take four patron
# cards (2 cubes in each area, the others 1 each); in season 2 she spends her
# new 8 cubes step by step while the others dig in areas 3 and 4.
S1 = {
    1: ("violet-0a", "brown-0a"),
    2: ("lemon-0a", "brown-0b"),
    3: ("blackmore-0a", "brown-0c"),
    4: ("tangerine-0a", "brown-2a"),
}
S2 = {
    1: ("violet-2a", "lemon-2a"),
    2: ("blackmore-2a", "tangerine-2a"),
    3: ("lemon-0b", "lemon-0c"),
    4: ("violet-0b", "violet-0c"),
}
PATRON_DECK = deck_for(seasons={1: S1, 2: S2}, filler=OPEN_FIRST)


def season_one_moves() -> list:
    ann = [dig("d3"), extend("e3", "e4"), extend("d4", "c4"), extend("f3", "f4"), dig("c3")]
    others = {1: ["a1", "h2", "a6", "h6"], 2: ["b1", "g1", "b6", "g6"], 3: ["a2", "h3", "a5", "g5"]}
    moves: list = []
    for k in range(5):
        moves.append((0, ann[k]))
        if k < 4:
            moves += [(p, dig(others[p][k])) for p in (1, 2, 3)]
    # Ann has no cube left: her pass is forced and not written down
    moves += [(1, PASS), (2, PASS), (3, PASS)]
    for area in range(1, 5):
        moves += [(0, claim(S1[area][0])), (1, claim(S1[area][1]))]
    return moves


SEASON_TWO_ANN = [dig("a1"), extend("a2", "a3"), extend("b3", "b2"), dig("d1"), dig("c1")]
SEASON_TWO_OTHERS = {
    1: ["f4", "f5", "f6", "e6", "a4"],
    2: ["g4", "g5", "g6", "b4", "c4"],
    3: ["h4", "e5", "h6", "d4", "a5"],
}


def season_two_moves(ann_turns: int) -> list:
    moves: list = []
    for k in range(ann_turns):
        moves.append((0, SEASON_TWO_ANN[k]))
        moves += [(p, dig(SEASON_TWO_OTHERS[p][k])) for p in (1, 2, 3)]
    return moves


def patron_game(ann_turns: int, extra: list | None = None) -> GameState:
    return run(
        4, season_one_moves() + season_two_moves(ann_turns) + (extra or []), deck=PATRON_DECK
    )


def test_player_without_cubes_passes_by_force_and_it_is_not_recorded() -> None:
    state = patron_game(0)
    forced = [e for e in state.log if e.get("forced") and e["type"] == "pass"]
    assert forced == [
        {
            "type": "pass",
            "player": 0,
            "patron": None,
            "cells": [],
            "room": None,
            "forced": True,
            "season": 1,
        }
    ]
    assert sum(1 for p, m in state.moves if p == 0 and m.action == "pass") == 0
    # Ann, the first to pass, was still ranked first everywhere with 2 cubes to 1
    rankings = [e["ranking"] for e in events(state, "survey") if e["season"] == 1]
    assert rankings == [[[0, 2], [1, 1], [2, 1], [3, 1]]] * 4
    assert state.cards[0] == ["violet-0a", "lemon-0a", "blackmore-0a", "tangerine-0a"]
    assert state.season == 2 and state.cubes == [8, 12, 12, 12]


def test_last_passer_starts_the_next_season() -> None:
    state = patron_game(0)
    season1 = [e for e in state.log if e["type"] in ("pass", "last_pass") and e["season"] == 1]
    assert [(e["player"], e["forced"]) for e in season1] == [
        (1, False),
        (2, False),
        (3, False),
        (0, True),
    ]
    assert state.first_player == 0 and state.to_move == 0


EXPECTED_CELLS = {
    ("dig", None): 1,
    ("extend", None): 2,
    ("dig", "violet"): 1,
    ("extend", "violet"): 2,
    ("dig", "lemon"): 1,
    ("extend", "lemon"): 2,
    ("dig", "blackmore"): 2,
    ("extend", "tangerine"): 3,
}
NET_COST = {
    ("dig", None): 1,
    ("extend", None): 2,
    ("dig", "violet"): 0,
    ("extend", "violet"): 1,
    ("dig", "lemon"): 1,
    ("extend", "lemon"): 2,
    ("dig", "blackmore"): 2,
    ("extend", "tangerine"): 3,
}


def test_every_action_places_its_exact_number_of_cubes() -> None:
    state = patron_game(3)  # Ann has 3 cubes and an excavation in area 1
    assert state.to_move == 0 and state.cubes[0] == 3
    available = kinds(state)
    assert available == set(EXPECTED_CELLS) | {("pass", None)}
    for move in state.legal_moves():
        if move.action != "pass":
            assert len(move.cells) == EXPECTED_CELLS[(move.action, move.patron)], move
    seen = set()
    for move in state.legal_moves():
        k = (move.action, move.patron)
        if k in seen or k == ("pass", None):
            continue
        seen.add(k)
        trial = state.copy()
        general = trial.general_stock(0)
        trial.play(move)
        assert trial.cubes[0] == 3 - NET_COST[k], k
        assert trial.general_stock(0) == general - (1 if k[1] == "violet" else 0), k
        assert all(summary(trial)["board"].get(c) == 0 for c in move.cells), k
        assert trial.tilted[0] == (
            [] if k[1] is None else [next(c for c in trial.cards[0] if c.startswith(k[1]))]
        ), k
    assert seen == set(EXPECTED_CELLS)


def test_two_cubes_allow_no_colonel_tangerine() -> None:
    state = patron_game(4)
    assert state.cubes[0] == 2
    available = kinds(state)
    assert ("extend", "tangerine") not in available
    assert {
        ("extend", None),
        ("extend", "lemon"),
        ("dig", "blackmore"),
        ("extend", "violet"),
    } <= available
    with pytest.raises(IllegalMoveError, match="Colonel Tangerine"):
        state.play(extend("c2", "d2", "e2", patron="tangerine"))


def test_one_cube_allows_only_single_cube_actions_and_lady_violet() -> None:
    state = patron_game(5)
    assert state.cubes[0] == 1
    assert kinds(state) == {
        ("pass", None),
        ("dig", None),
        ("dig", "violet"),
        ("extend", "violet"),
        ("dig", "lemon"),
    }
    # Violet's extra cube comes first, so a 2-cube extension is possible
    assert set(legal_of(state, "extend", "violet")) == {
        ("c2", "d2"),
        ("d2", "c2"),
        ("d2", "e2"),
        ("d2", "d3"),
    }
    for bad in (
        extend("c2", "d2"),
        dig("c2", "d2", patron="blackmore"),
        extend("b1", "c2", patron="lemon"),
    ):
        with pytest.raises(IllegalMoveError):
            state.play(bad)


def test_lady_violet_takes_a_cube_from_the_general_stock_first() -> None:
    before = patron_game(5)
    after = patron_game(5, [(0, extend("d2", "e2", patron="violet"))])
    b, a = summary(before)["players"][0], summary(after)["players"][0]
    assert (b["cubes"], a["cubes"]) == (1, 0)
    assert a["supply"] == b["supply"] - 1
    assert a["tilted"] == ["violet-0a"]
    assert summary(after)["board"]["d2"] == 0 and summary(after)["board"]["e2"] == 0


def test_tilted_card_stays_tilted_all_season_and_straightens_next_season() -> None:
    state = patron_game(3, [(0, dig("d1", patron="violet"))])
    assert state.tilted[0] == ["violet-0a"]
    assert state.cubes[0] == 3  # one cube from the general stock, one placed
    # the others dig again; Ann's violet card is no longer usable this season
    state = patron_game(
        3, [(0, dig("d1", patron="violet")), (1, dig("e6")), (2, dig("b4")), (3, dig("d4"))]
    )
    assert state.to_move == 0
    available = kinds(state)
    assert ("dig", "violet") not in available and ("extend", "violet") not in available
    assert ("dig", "lemon") in available  # another card, another tilt on a later turn
    with pytest.raises(IllegalMoveError, match="Lady Violet"):
        state.play(dig("d2", patron="violet"))
    state.play(dig("c1"))
    assert state.tilted[0] == ["violet-0a"]


# ----------------------------------------------------- the last remaining player
def test_last_player_gets_exactly_one_action_then_the_next_space() -> None:
    state = run(3, [(0, dig("a1")), (1, PASS), (2, PASS)], deck=deck_for(filler=OPEN_FIRST))
    assert state.last_turn and state.to_move == 0
    assert summary(state)["passing_scale"] == {"1": 1, "2": 2}
    state.play(dig("h6"))  # the one action (not a pass)
    assert summary(state)["passing_scale"] == {"1": 1, "2": 2, "3": 0}
    assert state.phase.value == "survey"
    assert events(state, "last_pass") == [{"type": "last_pass", "player": 0, "season": 1}]
    state.play(claim("violet-0a"))  # area 1
    state.play(claim("violet-2a"))  # area 4: the season ends
    assert state.season == 2 and state.first_player == 0 and state.to_move == 0


def test_last_players_single_action_may_be_a_pass() -> None:
    state = run(3, [(1, PASS), (2, PASS), (0, PASS)], first_player=1)
    assert state.season == 2
    assert state.first_player == 0  # Ann was last on the scale
    assert state.to_move == 0


def test_turns_skip_players_who_have_passed() -> None:
    state = run(
        4,
        [(0, dig("a1")), (1, PASS), (2, dig("a2")), (3, dig("a3")), (0, dig("b1"))],
        deck=deck_for(filler=OPEN_FIRST),
    )
    assert state.to_move == 2
    state.play(PASS)
    assert state.to_move == 3
    state.play(PASS)
    assert state.to_move == 0 and state.last_turn


# ------------------------------------------------------------------ survey
def four_in_one_area(decisions: list) -> GameState:
    """Ann 4, Bob 3, Cy 2, Dee 1 cubes in area 1 (all pass in order at the end)."""
    moves = [
        (0, dig("a1")),
        (1, dig("a2")),
        (2, dig("a3")),
        (3, dig("d3")),
        (0, extend("b1", "c1")),
        (1, extend("b2", "c2")),
        (2, dig("b3")),
        (3, PASS),
        (0, dig("d1")),
        (1, PASS),
        (2, PASS),
        (0, PASS),
    ]
    return run(4, moves + decisions, deck=deck_for(filler=OPEN_FIRST))


def test_survey_ranking_and_first_decisions() -> None:
    state = four_in_one_area([])
    assert events(state, "survey")[0]["ranking"] == [[0, 4], [1, 3], [2, 2], [3, 1]]
    assert state.survey_decision() == ("first", 0, 0)
    assert {m.action for m in state.legal_moves()} == {"claim", "museum"}
    state.play(book("W1-3"))
    assert state.survey_decision() == ("first", 1, 1)
    assert set(cards_offered(state)) == {"violet-0a", "lemon-0a"}
    assert "W1-3" not in rooms_offered(state) and rooms_offered(state)


def test_third_chooses_between_two_cards_and_fourth_gets_the_last() -> None:
    state = four_in_one_area([(0, book("W1-3")), (1, book("W2-3"))])
    assert state.survey_decision() == ("rest", 2, 2)
    # the 3rd may not book a room, though Cy has general-stock cubes
    assert state.general_stock(2) > 0
    assert [m.to_json() for m in state.legal_moves()] == [claim("violet-0a"), claim("lemon-0a")]
    with pytest.raises(IllegalMoveError):
        state.play(book("W3-3"))
    state.play(claim("lemon-0a"))
    assert state.cards == [[], [], ["lemon-0a"], ["violet-0a"]]
    last = events(state, "claim")[-1]
    assert last["player"] == 3 and last["forced"]
    assert state.season == 2  # nothing else to survey


def test_third_takes_the_only_card_left_and_fourth_gets_nothing() -> None:
    state = four_in_one_area([(0, book("W1-3")), (1, claim("violet-0a"))])
    assert state.season == 2
    assert state.cards == [[], ["violet-0a"], ["lemon-0a"], []]
    assert [e["forced"] for e in events(state, "claim")] == [False, True]
    assert state.discarded.count("violet-0a") == 0


def test_first_and_second_take_both_cards() -> None:
    state = four_in_one_area([(0, claim("lemon-0a"))])
    # the 2nd may take the last card or book a room
    assert state.survey_decision() == ("first", 1, 1)
    assert cards_offered(state) == ["violet-0a"] and rooms_offered(state)
    state.play(claim("violet-0a"))
    assert state.cards == [["lemon-0a"], ["violet-0a"], [], []]
    assert state.season == 2


def test_ties_go_to_the_earlier_passer() -> None:
    # one cube each in area 1; Cy passes first, then Ann, then Bob
    moves = [
        (0, dig("a1")),
        (1, dig("b1")),
        (2, dig("c1")),
        (0, dig("e1")),
        (1, dig("f1")),
        (2, PASS),
        (0, PASS),
        (1, PASS),
    ]
    state = run(3, moves, deck=deck_for(filler=OPEN_FIRST))
    assert events(state, "survey")[0]["ranking"] == [[2, 1], [0, 1], [1, 1]]
    assert state.survey_decision() == ("first", 2, 2)
    state.play(book("W12-2"))
    state.play(book("W23-2"))
    # Bob, 3rd, chooses between the two cards
    assert state.survey_decision() == ("rest", 1, 1)
    # area 2: Ann and Bob one cube each, Ann passed first
    state.play(claim("violet-0a"))
    assert events(state, "survey")[1]["ranking"] == [[0, 1], [1, 1]]


def test_leftover_cards_leave_the_game() -> None:
    state = run(
        3,
        [(0, dig("a1")), (1, PASS), (2, PASS), (0, PASS), (0, claim("lemon-0a"))],
        deck=deck_for(filler=OPEN_FIRST),
    )
    assert state.season == 2
    assert "violet-0a" in state.discarded
    # every card of season 1 is either Ann's or out of the game
    season1 = [c.removesuffix("@r") for c in deck_for(filler=OPEN_FIRST)[:8]]
    assert sorted(state.discarded) == sorted(set(season1) - {"lemon-0a"})


def test_a_player_alone_with_no_general_stock_must_take_a_card() -> None:
    # everyone hoards; by season 3 Ann holds all 25 cubes of her colour
    moves = [
        (1, PASS),
        (2, PASS),
        (0, PASS),  # season 1, Ann last
        (0, PASS),
        (1, PASS),
        (2, PASS),
    ]  # season 2, Cy last
    state = run(3, moves, first_player=1, deck=deck_for(filler=OPEN_FIRST))
    assert state.season == 3 and state.cubes == [25, 25, 25]
    assert [e["cubes"] for e in events(state, "season")] == [[11] * 3, [22] * 3, [25] * 3]
    state.play(dig("a1"))  # Cy
    state.play(dig("e1"))  # Ann
    state.play(PASS)
    state.play(PASS)
    state.play(PASS)
    assert state.survey_decision() == ("first", 2, 2)
    assert [m.action for m in state.legal_moves()] == ["claim", "claim"]


# ---------------------------------------------------------------- supply
@pytest.mark.parametrize("players,cubes", [(2, 11), (3, 11), (4, 8)])
def test_season_supply(players: int, cubes: int) -> None:
    state = run(players, [])
    assert state.cubes == [cubes] * players
    assert [p["supply"] for p in summary(state)["players"]] == [25 - cubes] * players


def test_season_supply_is_limited_by_the_general_stock() -> None:
    # 4 players never place a cube: 8, 16, 24, then only the last one
    moves = []
    first = 0
    for _ in range(4):
        order = [(first + k) % 4 for k in range(4)]
        moves += [(p, PASS) for p in order]
        first = order[-1]
    state = run(4, moves)
    assert state.over
    assert [e["cubes"] for e in events(state, "season")] == [[8] * 4, [16] * 4, [24] * 4, [25] * 4]
    assert state.final["tie_break"] and state.final["winners"] == [0, 1, 2, 3]
    assert state.final["shared"]


# ---------------------------------------------------------------- game end
def all_pass_seasons(players: int, first: int, seasons: int) -> tuple[list, int]:
    moves = []
    for _ in range(seasons):
        order = [(first + k) % players for k in range(players)]
        moves += [(p, PASS) for p in order]
        first = order[-1]
    return moves, first


def test_final_tie_broken_by_cubes_in_personal_stock() -> None:
    # season 1: Ann alone in area 1 and Bob alone in area 2 each book a room; no cards at all
    moves = [
        (0, dig("a1")),
        (1, dig("e1")),
        (2, PASS),
        (0, PASS),
        (1, PASS),
        (0, book("W1-3")),
        (1, book("W2-3")),
    ]
    rest, _ = all_pass_seasons(3, 1, 3)
    state = run(3, moves + rest, deck=deck_for(filler=OPEN_FIRST))
    assert state.over
    final = state.final
    assert final["scores"] == [0, 0, 0]
    assert [b["cubes"] for b in final["breakdown"]] == [24, 24, 25]
    assert final["winners"] == [2] and final["tie_break"] and not final["shared"]


def test_final_tie_on_cubes_too_is_a_shared_win() -> None:
    moves = [(0, dig("a1")), (1, PASS), (2, PASS), (0, PASS), (0, book("W1-3"))]
    rest, _ = all_pass_seasons(3, 0, 3)
    state = run(3, moves + rest, deck=deck_for(filler=OPEN_FIRST))
    assert state.over
    assert state.final["scores"] == [0, 0, 0]
    assert [b["cubes"] for b in state.final["breakdown"]] == [24, 25, 25]
    assert state.final["winners"] == [1, 2] and state.final["shared"]


def test_higher_score_wins_without_tie_break() -> None:
    moves = [(0, dig("a1")), (1, PASS), (2, PASS), (0, PASS), (0, claim("violet-0a"))]
    rest, _ = all_pass_seasons(3, 0, 3)
    state = run(3, moves + rest, deck=deck_for(filler=OPEN_FIRST))
    # one Lady Violet card, no room: 1 point at the exhibition
    assert state.final["scores"] == [1, 0, 0]
    assert state.final["winners"] == [0] and not state.final["tie_break"]
    assert state.score == [1, 0, 0]
    with pytest.raises(IllegalMoveError, match="over"):
        state.play(PASS)


def test_nopatron_card_scores_only_its_value() -> None:
    deck = deck_for({1: ("nopatron-5", "violet-0a")}, filler=OPEN_FIRST)
    moves = [(0, dig("a1")), (1, PASS), (2, PASS), (0, PASS), (0, claim("nopatron-5"))]
    rest, _ = all_pass_seasons(3, 0, 3)
    state = run(3, moves + rest, deck=deck)
    b = state.final["breakdown"][0]
    assert b["claimed"] == 5 and b["exhibition_total"] == 0 and b["sets"] == 0
    assert state.final["scores"] == [5, 0, 0]


def test_record_round_trip_of_a_scenario() -> None:
    rec = record(4, season_one_moves(), deck=PATRON_DECK)
    state = replay(rec)
    assert to_record(state)["moves"] == rec["moves"]
    assert to_record(state)["setup"] == rec["setup"]


# ----------------------------------------------- Lady Violet's general stock
def hoarding_game(extra: list | None = None) -> GameState:
    """Ann takes a Lady Violet card with her only cube of season 1, then everyone
    hoards: in season 3 all 25 of Ann's cubes are in her personal stock."""
    deck = deck_for({1: ("violet-0a", "lemon-0a")}, filler=OPEN_FIRST)
    moves = [
        (0, dig("c2")),
        (1, PASS),
        (2, PASS),
        (0, PASS),
        (0, claim("violet-0a")),
        (0, PASS),
        (1, PASS),
        (2, PASS),
    ]
    return run(3, moves + (extra or []), deck=deck)


def test_lady_violet_needs_a_cube_in_the_general_stock() -> None:
    state = hoarding_game()
    assert state.season == 3 and state.to_move == 2
    assert [e["cubes"][0] for e in events(state, "season")] == [11, 21, 25]
    state.play(PASS)  # Cy
    assert state.to_move == 0 and state.cubes[0] == 25 and state.general_stock(0) == 0
    assert summary(state)["players"][0]["supply"] == 0
    available = kinds(state)
    assert ("dig", None) in available
    assert ("dig", "violet") not in available and ("extend", "violet") not in available
    with pytest.raises(IllegalMoveError, match="Lady Violet"):
        state.play(dig("a1", patron="violet"))


def test_lady_violet_offered_while_the_general_stock_has_a_cube() -> None:
    # the same game one season earlier: Ann has 21 cubes and 4 in the general stock
    deck = deck_for({1: ("violet-0a", "lemon-0a")}, filler=OPEN_FIRST)
    state = run(
        3, [(0, dig("c2")), (1, PASS), (2, PASS), (0, PASS), (0, claim("violet-0a"))], deck=deck
    )
    assert state.season == 2 and state.to_move == 0 and state.general_stock(0) == 4
    assert ("dig", "violet") in kinds(state)
    state.play(dig("b1", patron="violet"))
    assert state.cubes[0] == 21 and state.general_stock(0) == 3


# --------------------------------------------- the same patron twice a season
def two_lemons(extra: list) -> GameState:
    deck = deck_for(
        seasons={
            1: {1: ("lemon-0a", "violet-0a"), 2: ("lemon-0b", "brown-0a")},
            2: {1: ("lemon-2b", "brown-3b"), 2: ("brown-0b", "blackmore-0a")},
        },
        filler=OPEN_FIRST,
    )
    moves = [
        (0, dig("d1")),
        (1, PASS),
        (2, PASS),
        (0, extend("e1", "f1")),
        (0, claim("lemon-0a")),
        (0, claim("lemon-0b")),
    ]
    return run(3, moves + extra, deck=deck)


def test_two_cards_of_a_patron_give_two_uses_in_a_season() -> None:
    state = two_lemons([])
    assert state.season == 2 and state.to_move == 0
    assert state.cards[0] == ["lemon-0a", "lemon-0b"]
    state = two_lemons([(0, dig("b1", patron="lemon")), (1, dig("h3")), (2, PASS)])
    assert state.tilted[0] == ["lemon-0a"]
    assert ("dig", "lemon") in kinds(state)
    # a pyramid with a cube on it is occupied
    assert ("b1",) not in legal_of(state, "dig", "lemon")
    with pytest.raises(IllegalMoveError):
        state.play(dig("b1", patron="lemon"))
    state.play(dig("d3", patron="lemon"))
    assert state.tilted[0] == ["lemon-0a", "lemon-0b"]
    state.play(PASS)  # Bob: Ann is left with one action
    assert state.to_move == 0 and state.last_turn
    assert not {k for k in kinds(state) if k[1] == "lemon"}


def test_tilted_cards_straighten_for_the_next_season() -> None:
    state = two_lemons(
        [
            (0, dig("b1", patron="lemon")),
            (1, dig("h3")),
            (2, PASS),
            (0, dig("d3", patron="lemon")),
            (1, PASS),
            (0, PASS),
        ]
    )
    assert state.phase.value == "survey"
    assert state.tilted[0] == ["lemon-0a", "lemon-0b"]
    while state.season == 2:
        legal = state.legal_moves()
        state.play(next(m for m in legal if m.action == "claim"))
    assert state.season == 3 and state.tilted == [[], [], []]
    # Ann was last on the scale: she starts season 3 and may use Lord Lemon again
    assert state.first_player == 0 and ("dig", "lemon") in kinds(state)


# ----------------------------------------------------------------- Sir Brown
def test_sir_brown_books_a_room_with_a_personal_cube() -> None:
    deck = deck_for({1: ("brown-0a", "violet-0a")}, filler=OPEN_FIRST)
    state = run(
        3,
        [(0, dig("a1")), (1, PASS), (2, PASS), (0, PASS), (0, claim("brown-0a"))],
        deck=deck,
        wings=["lemon", "blackmore", "brown", "tangerine", "violet"],
    )
    assert state.to_move == 0
    offered = set(rooms_offered(state, "brown"))
    assert offered == {
        "W1-3",
        "W2-3",
        "W3-3",
        "W4-3",
        "W5-3",
        "W12-2",
        "W23-2",
        "W34-2",
        "W45-2",
        "W51-2",
    }
    with pytest.raises(IllegalMoveError, match="W3-5"):
        state.play({"action": "museum", "patron": "brown", "room": "W3-5"})
    cubes, general = state.cubes[0], state.general_stock(0)
    state.play({"action": "museum", "patron": "brown", "room": "W23-2"})
    assert state.cubes[0] == cubes - 1 and state.general_stock(0) == general
    assert summary(state)["museum"] == {"W23-2": 0}
    assert state.tilted[0] == ["brown-0a"]


def test_no_cube_means_pass_even_with_an_unused_patron_card() -> None:
    # Ann spends her last cube with a plain dig; her Lady Violet card is untilted
    state = patron_game(5, [(0, dig("d2")), (1, dig("a6")), (2, dig("c6")), (3, dig("d6"))])
    assert state.cubes[0] == 0 and state.tilted[0] == []
    assert state.general_stock(0) > 0
    # her turn came and went by force: Bob is to move, Ann holds space 1
    assert state.to_move == 1
    assert summary(state)["passing_scale"] == {"1": 0}
    last = [e for e in state.log if e["type"] == "pass"][-1]
    assert last["player"] == 0 and last["forced"] and last["season"] == 2
    assert not any(p == 0 and m.action == "pass" for p, m in state.moves[-4:])
