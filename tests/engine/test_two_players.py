"""Two-player games (docs/RULINGS.md): the neutral colour, its disk, its cubes and its cards."""

from __future__ import annotations

import pytest

from game import GameState, IllegalMoveError, MalformedMoveError, summary

from .scenario import (
    NO_NEUTRAL,
    OPEN_FIRST,
    PASS,
    book,
    cards_offered,
    claim,
    deck_for,
    dig,
    events,
    extend,
    neighbours,
    neutral,
    neutral_claim,
    run,
)

# Season 1 of this deck: area 1 = violet-0a | lemon-0a, area 2 = brown-0a | blackmore-0a
# (no pyramids), area 3 = tangerine-0a | violet-0b, area 4 = violet-0c | violet-2a.
DECK = deck_for(filler=OPEN_FIRST)
AREA1 = ["violet-0a", "lemon-0a"]


def game(moves: list, **setup) -> GameState:
    return run(2, moves, deck=setup.pop("deck", DECK), **setup)


def neutral_cells(state: GameState) -> set[str]:
    return {c for c, s in summary(state)["board"].items() if s == "neutral"}


# ------------------------------------------------------------------ supply
def test_each_player_gets_11_own_and_4_neutral_cubes() -> None:
    state = game([])
    s = summary(state)
    assert [p["cubes"] for p in s["players"]] == [11, 11]
    assert [p["neutral_cubes"] for p in s["players"]] == [4, 4]
    assert s["neutral_supply"] == 25 - 8
    assert s["passing_scale"] == {"2": "neutral"}
    assert s["passing"] == []


def test_unused_neutral_cubes_are_kept_and_the_stock_runs_short() -> None:
    moves = [(0, PASS), (1, PASS), (1, PASS), (0, PASS), (0, PASS), (1, PASS), (1, PASS), (0, PASS)]
    state = game(moves)
    assert state.over
    neutral_by_season = [e["neutral_cubes"] for e in events(state, "season")]
    # 4 each per season while the stock lasts; in season 4 only 1 cube is left,
    # and Bob, the first player of that season, takes it
    assert neutral_by_season == [[4, 4], [8, 8], [12, 12], [12, 13]]
    assert [e["first_player"] for e in events(state, "season")] == [0, 1, 0, 1]
    assert summary(state)["neutral_supply"] == 0


# ------------------------------------------------------------ neutral placement
def test_neutral_placement_follows_an_own_action() -> None:
    state = game([(0, dig("a1"))])
    assert state.phase.value == "neutral" and state.to_move == 0
    legal = state.legal_moves()
    assert {m.action for m in legal} == {"neutral"}
    assert all(m.patron is None for m in legal)
    singles = {m.cells[0] for m in legal if len(m.cells) == 1}
    free = {m.cells[0] for m in game([]).legal_moves() if m.action == "dig" and m.patron is None}
    assert singles == free - {"a1"}
    # no neutral cube on the board yet: nothing to extend, so only none or one cube
    assert sorted({len(m.cells) for m in legal}) == [0, 1]
    assert len(legal) == 1 + len(singles)


def test_neutral_extension_uses_two_cubes_next_to_a_neutral_cube() -> None:
    state = game([(0, dig("a1")), (0, neutral("b1")), (1, dig("e1"))])
    assert state.phase.value == "neutral" and state.to_move == 1
    pairs = {m.cells for m in state.legal_moves() if len(m.cells) == 2}
    taken = {"a1", "b1", "e1"}
    expected = {
        (x, y)
        for x in neighbours("b1", 1)
        if x not in taken
        for y in neighbours(x, 1)
        if y not in taken
    }
    assert pairs == expected
    with pytest.raises(IllegalMoveError):
        state.play(neutral("g1", "h1"))  # not next to a neutral cube
    with pytest.raises(IllegalMoveError, match="1 or 2"):
        state.play(neutral("c1", "d1", "d2"))
    state.play(neutral("c1", "d1"))
    assert neutral_cells(state) == {"b1", "c1", "d1"}
    assert state.neutral_cubes == [3, 2]
    assert summary(state)["neutral_supply"] == 17
    assert state.phase.value == "excavation" and state.to_move == 0


def test_no_neutral_placement_after_a_pass() -> None:
    state = game([(0, PASS)])
    assert state.phase.value == "excavation" and state.to_move == 1 and state.last_turn
    # Bob's single last action may still be followed by a neutral placement
    state.play(dig("h1"))
    assert state.phase.value == "neutral" and state.to_move == 1
    state.play(NO_NEUTRAL)
    assert summary(state)["passing_scale"] == {"1": 0, "2": "neutral", "3": 1}
    assert state.phase.value == "survey"


def test_placing_no_neutral_cube_is_a_choice() -> None:
    state = game([(0, dig("a1")), (0, NO_NEUTRAL)])
    assert state.to_move == 1 and state.neutral_cubes == [4, 4]
    assert [m for p, m in state.moves][-1].to_json() == NO_NEUTRAL


def test_no_neutral_decision_once_the_neutral_cubes_are_spent() -> None:
    moves = [
        (0, dig("a1")),
        (0, neutral("b1")),
        (1, dig("h1")),
        (1, NO_NEUTRAL),
        (0, dig("a2")),
        (0, neutral("c1", "d1")),
        (1, dig("h2")),
        (1, NO_NEUTRAL),
        (0, dig("a3")),
        (0, neutral("b3")),
        (1, dig("h3")),
        (1, NO_NEUTRAL),
    ]
    state = game(moves)
    assert state.neutral_cubes == [0, 4] and state.to_move == 0
    state.play(dig("a4"))
    # Ann holds no neutral cube: Bob's turn at once
    assert state.phase.value == "excavation" and state.to_move == 1


def test_neutral_never_uses_a_patron() -> None:
    state = game([(0, dig("a1"))])
    with pytest.raises(MalformedMoveError, match="lemon"):
        state.play({"action": "neutral", "cells": ["b1"], "patron": "lemon"})
    with pytest.raises(IllegalMoveError):
        state.play(dig("b1"))  # the player's own action is already done


def test_neutral_placement_follows_sir_brown_too() -> None:
    deck = deck_for({1: ("brown-0a", "violet-0a")}, filler=OPEN_FIRST)
    moves = [(0, dig("a1")), (0, NO_NEUTRAL), (1, PASS), (0, PASS), (0, claim("brown-0a"))]
    state = game(moves, deck=deck)
    assert state.season == 2 and state.to_move == 0  # Bob passed first, Ann last
    state.play({"action": "museum", "patron": "brown", "room": "W1-3"})
    assert state.phase.value == "neutral" and state.to_move == 0


# ------------------------------------------------------------- passing disk
def test_first_passer_wins_ties_with_the_neutral_second_loses_them() -> None:
    # one cube each in area 1: Ann a1, neutral b1, Bob c1; Ann passes first
    moves = [
        (0, dig("a1")),
        (0, neutral("b1")),
        (1, dig("c1")),
        (1, NO_NEUTRAL),
        (0, PASS),
        (1, PASS),
    ]
    state = game(moves)
    assert summary(state)["passing_scale"] == {"1": 0, "2": "neutral", "3": 1}
    assert events(state, "survey")[0]["ranking"] == [[0, 1], [2, 1], [1, 1]]
    # Bob passes first this time
    moves = [
        (0, dig("a1")),
        (0, neutral("b1")),
        (1, dig("c1")),
        (1, NO_NEUTRAL),
        (0, dig("h1")),
        (0, NO_NEUTRAL),
        (1, PASS),
        (0, PASS),
    ]
    state = game(moves)
    assert events(state, "survey")[0]["ranking"] == [[1, 1], [2, 1], [0, 1]]


def test_neutral_second_takes_the_last_card_by_force() -> None:
    moves = [
        (0, dig("a1")),
        (0, neutral("b1")),
        (1, dig("c1")),
        (1, NO_NEUTRAL),
        (0, PASS),
        (1, PASS),
        (0, claim("lemon-0a")),
    ]
    state = game(moves)
    assert state.cards == [["lemon-0a"], []]
    forced = events(state, "neutral_claim")
    assert forced == [
        {
            "type": "neutral_claim",
            "player": 0,
            "card": "violet-0a",
            "area": 1,
            "forced": True,
            "season": 1,
        }
    ]
    assert "violet-0a" in state.discarded
    assert state.season == 2  # Bob, 3rd, got nothing


# ------------------------------------------------------------ card choosers
def test_neutral_first_card_chosen_by_the_player_ranked_third() -> None:
    # area 1: neutral 3 (b1 c1 d1), Ann 2 (a1 a2), Bob 1 (d3)
    moves = [
        (0, dig("a1")),
        (0, neutral("b1")),
        (1, dig("d3")),
        (1, neutral("c1", "d1")),
        (0, dig("a2")),
        (0, NO_NEUTRAL),
        (1, PASS),
        (0, PASS),
    ]
    state = game(moves)
    assert events(state, "survey")[0]["ranking"] == [[2, 3], [0, 2], [1, 1]]
    assert state.survey_decision() == ("neutral", 1, 2)
    assert state.to_move == 1
    assert [m.to_json() for m in state.legal_moves()] == [neutral_claim(c) for c in AREA1]
    with pytest.raises(IllegalMoveError):
        state.play(claim("violet-0a"))  # Bob picks for the neutral, not for himself
    state.play(neutral_claim("lemon-0a"))
    assert "lemon-0a" in state.discarded and state.cards == [[], []]
    # Ann, 2nd: the remaining card or a room
    assert state.survey_decision() == ("first", 0, 0)
    assert cards_offered(state) == ["violet-0a"]
    state.play(book("W1-3"))
    # Bob, 3rd, receives the last card
    assert state.cards == [[], ["violet-0a"]]
    assert summary(state)["museum"] == {"W1-3": 0}


def test_neutral_first_with_one_player_card_chosen_by_the_absent_player() -> None:
    moves = [
        (0, dig("a1")),
        (0, neutral("b1")),
        (1, dig("h6")),
        (1, neutral("c1")),
        (0, PASS),
        (1, PASS),
    ]
    state = game(moves)
    assert events(state, "survey")[0]["ranking"] == [[2, 2], [0, 1]]
    assert state.survey_decision() == ("neutral", 1, 2)
    state.play(neutral_claim("violet-0a"))
    assert state.survey_decision() == ("first", 0, 0)
    state.play(claim("lemon-0a"))
    assert state.cards == [["lemon-0a"], []]
    assert "violet-0a" in state.discarded


def test_neutral_second_card_chosen_by_the_first() -> None:
    moves = [
        (0, dig("a1")),
        (0, neutral("b1")),
        (1, dig("h6")),
        (1, NO_NEUTRAL),
        (0, dig("a2")),
        (0, NO_NEUTRAL),
        (1, PASS),
        (0, PASS),
    ]
    state = game(moves)
    assert events(state, "survey")[0]["ranking"] == [[0, 2], [2, 1]]
    state.play(book("W12-2"))
    assert state.survey_decision() == ("neutral", 0, 2)
    assert cards_offered(state, "neutral_claim") == AREA1
    assert not [m for m in state.legal_moves() if m.action == "museum"]
    state.play(neutral_claim("violet-0a"))
    # nobody is 3rd: the other card leaves the game too
    assert set(AREA1) <= set(state.discarded)
    assert state.survey_area == 4 and state.survey_decision() == ("first", 1, 1)


def test_neutral_alone_both_cards_leave_the_game() -> None:
    moves = [(0, dig("h6")), (0, neutral("b1")), (1, PASS), (0, PASS)]
    state = game(moves)
    assert events(state, "survey")[0] == {
        "type": "survey",
        "area": 1,
        "season": 1,
        "ranking": [[2, 1]],
        "cards": AREA1,
    }
    assert set(AREA1) <= set(state.discarded)
    assert not events(state, "neutral_claim")
    # the next decision is Ann's in area 4
    assert state.survey_area == 4 and state.survey_decision() == ("first", 0, 0)
    assert neutral_cells(state) == set()


def test_neutral_third_takes_nothing() -> None:
    moves = [
        (0, dig("a1")),
        (0, neutral("d3")),
        (1, dig("c1")),
        (1, NO_NEUTRAL),
        (0, extend("a2", "a3")),
        (0, NO_NEUTRAL),
        (1, extend("c2", "c3")),
        (1, NO_NEUTRAL),
        (0, PASS),
        (1, PASS),
    ]
    state = game(moves)
    assert events(state, "survey")[0]["ranking"] == [[0, 3], [1, 3], [2, 1]]
    state.play(book("W1-3"))
    state.play(book("W2-3"))
    assert set(AREA1) <= set(state.discarded)
    assert state.cards == [[], []] and not events(state, "neutral_claim")
    assert state.season == 2


def test_neutral_never_books_a_room() -> None:
    moves = [
        (0, dig("h6")),
        (0, neutral("b1")),
        (1, dig("a1")),
        (1, neutral("c1")),
        (0, PASS),
        (1, PASS),
    ]
    state = game(moves)
    # neutral 2 cubes, Bob 1: Ann (absent) chooses the neutral's card, only cards on offer
    assert state.survey_decision() == ("neutral", 0, 2)
    assert {m.action for m in state.legal_moves()} == {"neutral_claim"}
    state.play(neutral_claim("lemon-0a"))
    state.play(book("W5-3"))  # Bob, 2nd, prefers a room
    assert summary(state)["museum"] == {"W5-3": 1}
    assert state.museum.count(2) == 0
