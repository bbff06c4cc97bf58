"""The worked examples of the rulebook, each rebuilt as a game record and replayed."""

from __future__ import annotations

import pytest

from game import IllegalMoveError, summary

from .scenario import (
    OPEN_FIRST,
    PASS,
    area_cells,
    book,
    claim,
    deck_for,
    dig,
    extend,
    kinds,
    legal_of,
    neighbours,
    record,
    region_cells,
    region_pyramids,
    rooms_offered,
    run,
)

RULEBOOK_WINGS = ["lemon", "blackmore", "brown", "tangerine", "violet"]
FOUR = ["Blue", "Red", "Green", "White"]
THREE = ["Ann", "Bob", "Cy"]


# --------------------------------------------------------------- the survey
def survey_example_moves() -> list:
    """Blue 4 cubes, Green 2, Red 2, White 1 in area 1; Green passes before Red.
    Red also digs alone in area 2, so the survey stops there for a decision."""
    return [
        (2, dig("d2")),
        (3, dig("b1")),
        (0, dig("c1")),
        (1, dig("a2")),
        (2, dig("d3")),
        (3, PASS),
        (0, extend("c2", "c3")),
        (1, dig("a3")),
        (2, PASS),
        (0, dig("d1")),
        (1, dig("e1")),
        (0, PASS),
        (1, PASS),  # Red passes last
    ]


def survey_example(extra: list | None = None):
    deck = deck_for({1: ("lemon-3a", "blackmore-0a")}, filler=OPEN_FIRST)
    return run(
        FOUR,
        survey_example_moves() + (extra or []),
        deck=deck,
        first_player=2,
        wings=RULEBOOK_WINGS,
    )


def test_survey_example_ranking_follows_cubes_then_passing_order() -> None:
    state = survey_example()
    assert summary(state)["passing"] == [3, 2, 0, 1]  # White, Green, Blue, Red
    ranking = [e for e in state.log if e["type"] == "survey"][0]["ranking"]
    assert ranking == [[0, 4], [2, 2], [1, 2], [3, 1]]
    assert state.to_move == 0 and state.survey_decision() == ("first", 0, 0)
    # 1st: either card or any room that is open to a first museum cube
    offered = {m.card or m.room for m in state.legal_moves()}
    assert offered == {
        "lemon-3a",
        "blackmore-0a",
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


def test_survey_example_outcome() -> None:
    before = survey_example()
    supply_before = [p["supply"] for p in summary(before)["players"]]
    state = survey_example([(0, claim("lemon-3a")), (2, book("W12-2"))])
    s = summary(state)
    # Blue: 3 points and a Lord Lemon card; Green: a room; Red: the last card for nothing
    assert state.score == [3, 0, 0, 0]
    assert state.cards == [["lemon-3a"], ["blackmore-0a"], [], []]
    assert s["museum"] == {"W12-2": 2}
    claimed = [e for e in state.log if e["type"] == "claim"]
    assert claimed[-1] == {
        "type": "claim",
        "player": 1,
        "card": "blackmore-0a",
        "points": 0,
        "area": 1,
        "forced": True,
        "season": 1,
    }
    assert len(state.moves) == len(survey_example_moves()) + 2  # Red's card is not recorded
    # every cube of area 1 went back to the general stock; Red's cube in area 2 stays
    assert s["board"] == {"e1": 1}
    assert not any(c in s["board"] for c in area_cells(1))
    supply = [p["supply"] for p in s["players"]]
    assert supply == [
        supply_before[0] + 4,
        supply_before[1] + 2,
        supply_before[2] + 2 - 1,
        supply_before[3] + 1,
    ]
    assert supply == [21, 19, 18, 18]
    assert [p["cubes"] for p in s["players"]] == [4, 5, 6, 7]
    # the survey moved on to area 2, where Red is alone
    assert state.survey_area == 2 and state.survey_decision() == ("first", 1, 1)
    assert state.discarded == []


def test_survey_example_alone_in_area_acts_only_as_first() -> None:
    state = survey_example([(0, claim("lemon-3a")), (2, book("W12-2")), (1, claim("violet-0a"))])
    # Red took one card of area 2, the other left the game; no one else was asked
    assert state.cards[1] == ["blackmore-0a", "violet-0a"]
    assert "lemon-0a" in state.discarded
    # areas 3 and 4 held no cube: their cards left the game and season 2 began
    assert state.season == 2
    assert state.first_player == 1  # Red passed last
    assert state.to_move == 1


# ---------------------------------------------------------------- the museum
def museum_example():
    """Ann alone in areas 1 and 3, Bob alone in areas 2 and 4."""
    moves = [
        (0, dig("a1")),
        (1, dig("e1")),
        (2, PASS),
        (0, dig("a4")),
        (1, dig("e4")),
        (0, PASS),
        (1, PASS),
    ]
    return run(THREE, moves, deck=deck_for(filler=OPEN_FIRST), wings=RULEBOOK_WINGS)


FIVE_ROOMS = {"W1-5", "W2-5", "W3-5", "W4-5", "W5-5"}
TWO_AND_THREE = {
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


def test_first_museum_cube_cannot_go_to_a_5_room() -> None:
    state = museum_example()
    assert state.survey_decision() == ("first", 0, 0)
    assert set(rooms_offered(state)) == TWO_AND_THREE
    with pytest.raises(IllegalMoveError, match="W1-5"):
        state.play(book("W1-5"))


def test_two_room_opens_both_neighbouring_5_rooms_and_booking_closes_them() -> None:
    state = museum_example()
    state.play(book("W12-2"))  # Ann: between Lord Lemon's and Mrs. Blackmore's wings
    # Bob holds no room: still no 5-room, and W12-2 is taken
    assert state.survey_decision() == ("first", 1, 1)
    assert set(rooms_offered(state)) == TWO_AND_THREE - {"W12-2"}
    state.play(book("W1-3"))  # Bob: Lord Lemon's 3-room, which opens W1-5 for him
    assert state.survey_decision() == ("first", 0, 0)
    offered = set(rooms_offered(state))
    assert offered & FIVE_ROOMS == {"W1-5", "W2-5"}
    assert offered == (TWO_AND_THREE - {"W12-2", "W1-3"}) | {"W1-5", "W2-5"}
    state.play(book("W1-5"))
    assert state.survey_decision() == ("first", 1, 1)
    offered = set(rooms_offered(state))
    assert "W1-5" not in offered and not offered & FIVE_ROOMS
    assert summary(state)["museum"] == {"W12-2": 0, "W1-3": 1, "W1-5": 0}


def test_room_2_between_wings_5_and_1_opens_both_their_5_rooms() -> None:
    state = museum_example()
    state.play(book("W51-2"))
    state.play(book("W3-3"))
    offered = set(rooms_offered(state))
    assert offered & FIVE_ROOMS == {"W5-5", "W1-5"}
    state.play(book("W5-5"))
    # Bob's 3-room opens only his own wing's 5-room
    assert set(rooms_offered(state)) & FIVE_ROOMS == {"W3-5"}


def test_museum_cube_comes_from_the_general_stock() -> None:
    state = museum_example()
    before = summary(state)["players"][0]
    state.play(book("W12-2"))
    after = summary(state)["players"][0]
    assert after["cubes"] == before["cubes"]
    # the cube in area 1 came back (+1) and a general-stock cube went to the museum (-1)
    assert after["supply"] == before["supply"]


# -------------------------------------------------------------------- patrons
def season_two_with(card: str, season2: dict, filler=OPEN_FIRST) -> tuple[list, list[str]]:
    """Ann takes ``card`` alone in area 1 of season 1 (everyone else passes);
    season 2 is dealt as given. Returns the season-1 moves and the deck."""
    deck = deck_for(
        seasons={1: {1: (card, "violet-0a" if card != "violet-0a" else "lemon-0a")}, 2: season2},
        filler=filler,
    )
    moves = [(0, dig("c2")), (1, PASS), (2, PASS), (0, PASS), (0, claim(card))]
    return moves, deck


LEMON_S2 = {
    1: ("lemon-2b", "brown-3b"),
    2: ("brown-0a", "blackmore-0a"),
    3: ("tangerine-0a", "violet-0b"),
    4: ("violet-0c", "lemon-0b"),
}


def lemon_game(extra: list):
    moves, deck = season_two_with("lemon-0a", LEMON_S2)
    return run(THREE, moves + extra, deck=deck), deck


def test_lord_lemon_dig_goes_on_a_pyramid_only() -> None:
    state, deck = lemon_game([])
    assert state.season == 2 and state.to_move == 0 and state.cards[0] == ["lemon-0a"]
    pyramids = region_pyramids(deck, 2)
    assert {"b1", "a3", "c1", "d3"} <= pyramids
    assert {c[0] for c in legal_of(state, "dig", "lemon")} == pyramids
    assert {c[0] for c in legal_of(state, "dig")} == set(region_cells(2)) - pyramids
    with pytest.raises(IllegalMoveError, match="d3"):
        state.play(dig("d3"))
    state, _ = lemon_game([(0, dig("d3", patron="lemon"))])
    assert board(state) == {"d3": 0}
    assert state.tilted[0] == ["lemon-0a"]
    assert state.cubes[0] == 11 - 1 + 11 - 1


def board(state) -> dict:
    return summary(state)["board"]


def test_lord_lemon_extension_puts_exactly_one_cube_on_a_pyramid() -> None:
    state, deck = lemon_game([(0, dig("a1")), (1, PASS), (2, PASS)])
    assert state.to_move == 0 and state.last_turn
    pyramids = region_pyramids(deck, 2)
    lemon = legal_of(state, "extend", "lemon")
    assert lemon, "Lord Lemon extensions must be offered"
    for first, second in lemon:
        assert (first in pyramids) != (second in pyramids)
        assert first in neighbours("a1", 2) and second in neighbours(first, 2)
    assert set(lemon) == {("b1", "b2"), ("a2", "a3")}
    # the rulebook case: a cube on a pyramid, the second cannot go on the next pyramid
    assert ("b1", "c1") not in lemon
    with pytest.raises(IllegalMoveError, match="c1"):
        state.play(extend("b1", "c1", patron="lemon"))
    # and a plain extension may not use a pyramid at all
    with pytest.raises(IllegalMoveError):
        state.play(extend("b1", "b2"))
    state.play(extend("b1", "b2", patron="lemon"))
    assert board(state) == {"a1": 0, "b1": 0, "b2": 0}
    assert state.tilted[0] == ["lemon-0a"]


def test_lord_lemon_extension_as_the_last_action_starts_the_survey() -> None:
    state, _ = lemon_game(
        [(0, dig("a1")), (1, PASS), (2, PASS), (0, extend("b1", "b2", patron="lemon"))]
    )
    # Ann's single last action is done: the survey of area 1 asks her
    assert state.phase.value == "survey" and state.survey_decision() == ("first", 0, 0)
    assert state.pass_space[0] == 3
    assert [e["ranking"] for e in state.log if e["type"] == "survey"][-1] == [[0, 3]]


def test_mrs_blackmore_two_new_cubes_side_by_side() -> None:
    moves, deck = season_two_with("blackmore-0a", LEMON_S2 | {2: ("brown-0a", "tangerine-0b")})
    state = run(THREE, moves, deck=deck)
    assert state.season == 2 and not board(state)  # no cube of Ann's anywhere
    pyramids = region_pyramids(deck, 2)
    free = set(region_cells(2)) - pyramids
    expected = {(a, b) for a in free for b in neighbours(a, 2) if b in free}
    offered = legal_of(state, "dig", "blackmore")
    assert set(offered) == expected and len(offered) == len(expected)
    assert not legal_of(state, "extend")  # nothing to extend yet
    with pytest.raises(IllegalMoveError, match="f3"):
        state.play(dig("e1", "f3", patron="blackmore"))  # not adjacent
    with pytest.raises(IllegalMoveError, match="c1"):
        state.play(dig("c1", "c2", patron="blackmore"))  # c1 is a pyramid
    state.play(dig("e1", "e2", patron="blackmore"))
    assert board(state) == {"e1": 0, "e2": 0}
    assert state.cubes[0] == 10 + 11 - 2
    assert state.tilted[0] == ["blackmore-0a"]


def test_colonel_tangerine_three_chained_cubes_extend() -> None:
    moves, deck = season_two_with("tangerine-2a", LEMON_S2 | {2: ("brown-0a", "blackmore-0a")})
    state = run(THREE, moves, deck=deck)
    assert ("extend", "tangerine") not in kinds(state)  # no excavation of Ann's yet
    state = run(THREE, moves + [(0, dig("e1")), (1, PASS), (2, PASS)], deck=deck)
    pyramids = region_pyramids(deck, 2)
    free = set(region_cells(2)) - pyramids - {"e1"}
    chains = legal_of(state, "extend", "tangerine")
    expected = {
        (a, b, c)
        for a in neighbours("e1", 2)
        if a in free
        for b in neighbours(a, 2)
        if b in free
        for c in neighbours(b, 2)
        if c in free and c != a
    }
    assert set(chains) == expected and len(chains) == len(expected)
    assert ("f1", "g1", "h1") in chains
    with pytest.raises(IllegalMoveError, match="g1"):
        state.play(extend("g1", "h1", "h2", patron="tangerine"))  # g1 is not next to e1
    with pytest.raises(IllegalMoveError, match="3"):
        state.play(extend("f1", "g1", patron="tangerine"))
    state.play(extend("f1", "g1", "h1", patron="tangerine"))
    assert state.phase.value == "survey"
    assert [e["ranking"] for e in state.log if e["type"] == "survey"][-1] == [[0, 4]]
    assert state.cubes[0] == 10 + 11 - 4


# ---------------------------------------------------------------- exhibition
EXHIBITION_WINGS = ["lemon", "blackmore", "tangerine", "brown", "violet"]
# What Ann does alone in each of her areas, season by season (the last area of
# each season is where Bob and Cy dig).
ANN_PLAN = {
    1: {1: ("lemon-3a", "claim"), 2: ("brown-3a", "claim"), 3: ("W34-2", "book")},
    2: {1: ("lemon-2a", "claim"), 2: ("W4-5", "book"), 3: ("brown-2a", "claim")},
    3: {1: ("brown-0a", "claim"), 2: ("tangerine-3a", "claim"), 3: ("tangerine-0a", "claim")},
    4: {
        1: ("blackmore-2a", "claim"),
        2: ("violet-0a", "claim"),
        3: ("W1-3", "book"),
        4: ("W2-3", "book"),
    },
}
DUMP = {1: 4, 2: 4, 3: 4, 4: 6}
PARTNER = {  # the other card of the areas where Ann claims (it leaves the game)
    (1, 1): "violet-0b",
    (1, 2): "violet-0c",
    (2, 1): "lemon-0b",
    (2, 3): "brown-0c",
    (3, 1): "blackmore-0a",
    (3, 2): "blackmore-0b",
    (3, 3): "tangerine-0b",
    (4, 1): "blackmore-0c",
    (4, 2): "lemon-0c",
}


# The two cards of the areas where Ann books a room (both leave the game).
BOOKED_AREA_CARDS = {
    (1, 3): ("lemon-0a", "violet-2b"),
    (2, 2): ("brown-0b", "lemon-2b"),
    (4, 3): ("tangerine-0c", "brown-2b"),
    (4, 4): ("violet-2a", "nopatron-5"),
}


def exhibition_deck() -> list[str]:
    seasons: dict[int, dict[int, tuple[str, str]]] = {}
    for season, plan in ANN_PLAN.items():
        seasons[season] = {}
        for area, (what, how) in plan.items():
            if how == "claim":
                seasons[season][area] = (what, PARTNER[(season, area)])
            else:
                seasons[season][area] = BOOKED_AREA_CARDS[(season, area)]
    return deck_for(seasons=seasons, turned=["lemon-3a", "brown-2a", "violet-0a"])


def free_cell(deck: list[str], season: int, area: int) -> str:
    pyramids = region_pyramids(deck, season)
    return next(c for c in area_cells(area) if c not in pyramids)


def exhibition_record() -> dict:
    deck = exhibition_deck()
    moves: list = []
    for season, plan in ANN_PLAN.items():
        mine = [free_cell(deck, season, a) for a in plan]
        dump = DUMP[season]
        pyr = region_pyramids(deck, season)
        spots = [c for c in area_cells(dump) if c not in pyr]
        if len(mine) == 3:
            moves += [
                (0, dig(mine[0])),
                (1, dig(spots[0])),
                (2, dig(spots[1])),
                (0, dig(mine[1])),
                (1, PASS),
                (2, PASS),
                (0, dig(mine[2])),
            ]
        else:
            moves += [
                (0, dig(mine[0])),
                (1, dig(spots[0])),
                (2, dig(spots[1])),
                (0, dig(mine[1])),
                (1, dig(spots[2])),
                (2, dig(spots[3])),
                (0, dig(mine[2])),
                (1, PASS),
                (2, PASS),
                (0, dig(mine[3])),
            ]
        for _area, (what, how) in plan.items():
            moves.append((0, claim(what) if how == "claim" else book(what)))
        start = 8 * (season - 1) + 2 * (dump - 1)
        moves.append((1, claim(deck[start].removesuffix("@r"))))
        if season <= 2:
            # From season 3 on, Cy holds all 25 of his cubes (none in the general
            # stock), so he cannot book a room and the last card is his by force.
            moves.append((2, claim(deck[start + 1].removesuffix("@r"))))
    return record(THREE, moves, deck=deck, wings=EXHIBITION_WINGS, seed=99)


def test_exhibition_example_full_game() -> None:
    from game import replay, to_record

    rec = exhibition_record()
    state = replay(rec)
    assert state.over
    # the record holds exactly the decisions: nothing forced was written down
    assert to_record(state)["moves"] == rec["moves"]
    assert sorted(state.cards[0]) == sorted(
        [
            "lemon-3a",
            "lemon-2a",
            "blackmore-2a",
            "brown-3a",
            "brown-2a",
            "brown-0a",
            "tangerine-3a",
            "tangerine-0a",
            "violet-0a",
        ]
    )
    assert summary(state)["museum"] == {"W34-2": 0, "W4-5": 0, "W1-3": 0, "W2-3": 0}
    ann = state.final["breakdown"][0]
    per_wing = {w["patron"]: (w["cards"], w["per_card"], w["points"]) for w in ann["exhibition"]}
    assert per_wing == {
        "lemon": (2, 3, 6),
        "blackmore": (1, 3, 3),
        "brown": (3, 5, 15),
        "tangerine": (2, 2, 4),
        "violet": (1, 1, 1),
    }
    assert [w["wing"] for w in ann["exhibition"]] == [1, 2, 3, 4, 5]
    assert ann["exhibition_total"] == 29
    assert ann["sets"] == 1 and ann["set_points"] == 5
    assert ann["claimed"] == 3 + 3 + 2 + 2 + 0 + 3 + 0 + 2 + 0
    assert ann["total"] == ann["claimed"] + 34 == state.final["scores"][0] == state.score[0]
    # season supplies: 11, then 11, then only the 7 left in the general stock, then 3
    supplies = [e["cubes"][0] for e in state.log if e["type"] == "season"]
    assert supplies == [11, 8 + 11, 16 + 7, 20 + 3]
    assert ann["cubes"] == state.cubes[0] == 19
    assert state.final["winners"] == [0] and not state.final["tie_break"]
    cy_claims = [
        (e["season"], e["forced"]) for e in state.log if e["type"] == "claim" and e["player"] == 2
    ]
    assert cy_claims == [(1, False), (2, False), (3, True), (4, True)]


def test_exhibition_breakdown_matches_scoring_function() -> None:
    from game import replay
    from game.scoring import final_scores

    state = replay(exhibition_record())
    assert final_scores(state)["breakdown"][0]["exhibition_total"] == 29
    # Bob and Cy: one card per season, every card worth 1 point per card at most
    for p in (1, 2):
        b = state.final["breakdown"][p]
        assert len(state.cards[p]) == 4
        patron_cards = [c for c in state.cards[p] if not c.startswith("nopatron")]
        assert b["exhibition_total"] == len(patron_cards)
