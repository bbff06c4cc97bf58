"""The expert level: a search that never sees hidden cards, stops on its budget, and searches
the opponents' replies."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game import GameState, Move, new_game
from game.bots import Bot
from game.bots.evaluate import evaluate, multipliers, open_lead, steady_lead
from game.bots.ismcts import SearchParams, Tactics, _order, _spread, search, world_for
from game.cards import card_value
from game.museum import exhibition_multiplier
from game.region import CELL_NAMES
from game.rng import Rng
from game.setup import BOATS
from tests.clocks import SteppingClock


def advance(state: GameState, decisions: int, seed: int = 0) -> GameState:
    """Play ``decisions`` medium-bot decisions (a realistic position)."""
    bots = [Bot("medium", seed + i, sample=30) for i in range(state.n)]
    for _ in range(decisions):
        p = state.to_move
        assert p is not None
        state.apply(bots[p].choose(state))
    return state


def reach_season(state: GameState, season: int) -> GameState:
    bots = [Bot("easy", i) for i in range(state.n)]
    while state.season < season:
        p = state.to_move
        assert p is not None
        state.apply(bots[p].choose(state))
    return state


def twin(state: GameState, rng: Rng) -> GameState:
    """The same game (same moves, same cards on the table) dealt from a setup
    whose hidden part is different: later parcels reordered and turned, and with
    the Nile the unrevealed Nile cards, later boats and the 5-point card's line."""
    setup = state.setup
    dealt = 8 * state.season if state.season < 4 else 36
    later = list(setup.deck[dealt:])
    rng.shuffle(later)
    changes: dict[str, object] = {"deck": setup.deck[:dealt] + tuple((c, not t) for c, t in later)}
    if setup.nile:
        revealed = min(5, 2 * state.season)
        pile = list(setup.nile_deck[revealed:5])
        pile.reverse()
        changes["nile_deck"] = (
            setup.nile_deck[:revealed] + tuple((c, not t) for c, t in pile) + setup.nile_deck[5:]
        )
        boats = list(setup.boats[state.season :])
        boats.reverse()
        changes["boats"] = setup.boats[: state.season] + tuple(boats)
        changes["nile_six_line"] = setup.nile_six_line % 3 + 1
    other = GameState(replace(setup, **changes), log=False)  # type: ignore[arg-type]
    for p, move in state.moves:
        assert other.to_move == p
        other.apply(move)
    assert other.setup != setup
    assert other.to_dict()["board"] == state.to_dict()["board"]
    assert other.legal_moves() == state.legal_moves()
    return other


@pytest.mark.parametrize("nile", [False, True])
def test_unseen_order_does_not_change_the_worlds(nile: bool) -> None:
    state = advance(new_game(["A", "B", "C"], 21, nile=nile, log=False), 3)
    other = twin(state, Rng(5))
    first, second = world_for(state, Rng(9)), world_for(other, Rng(9))
    assert first.setup == second.setup
    assert first.nile_pile == second.nile_pile
    # What is on the table is kept; what is hidden is redrawn.
    assert first.setup.deck[:8] == state.setup.deck[:8]
    assert first.setup.deck[8:] != state.setup.deck[8:]
    assert tuple(sorted(first.setup.deck[8:])) != first.setup.deck[8:]
    if nile:
        assert first.setup.boats[0] == state.setup.boats[0]
        assert sorted(first.setup.boats) == sorted(BOATS)
        assert sorted(first.nile_pile) != sorted(state.nile_pile)  # turns redrawn
        assert sorted(c for c, _ in first.nile_pile) == sorted(c for c, _ in state.nile_pile)


def test_revealed_nile_cards_stay_where_they_are() -> None:
    state = reach_season(new_game(["A", "B", "C"], 4, nile=True, log=False), 3)
    hidden = 5 - 2 * state.season  # one card never revealed is left on top
    assert hidden == 0 or len(state.nile_pile) >= hidden
    for seed in range(5):
        world = world_for(state, Rng(seed))
        assert world.nile_pile[hidden:] == state.nile_pile[hidden:]
        assert world.setup.deck[:24] == state.setup.deck[:24]
        assert world.setup.boats[:3] == state.setup.boats[:3]


@pytest.mark.parametrize("nile,season,decisions", [(False, 1, 4), (True, 2, 2)])
def test_expert_choice_ignores_the_order_of_unseen_cards(
    nile: bool, season: int, decisions: int
) -> None:
    state = advance(
        reach_season(new_game(["A", "B", "C"], 8, nile=nile, log=False), season), decisions
    )
    other = twin(state, Rng(3))
    # An iteration cap, not the clock, bounds the search, so the test is deterministic.
    choices = []
    for s in (state, other, state):
        bot = Bot("expert", 17, budget=1e9, max_iterations=60)
        choices.append(bot.choose(s))
        assert bot.last_iterations == 60
    assert choices[0] == choices[1] == choices[2]
    assert choices[0] in state.legal_moves()


def test_expert_stops_when_its_budget_is_spent() -> None:
    state = new_game(["A", "B", "C"], 3, log=False)
    clock = SteppingClock(0.01)
    bot = Bot("expert", 1, budget=0.5, max_iterations=100_000, clock=clock)
    assert bot.choose(state) in state.legal_moves()
    # One read sets the deadline (0.51); the first iteration runs unchecked, then
    # one read before each further iteration: reads 0.02 to 0.50 continue, 0.51 stops.
    assert clock.now == pytest.approx(0.51)
    assert bot.last_iterations == 50


def test_search_reaches_the_opponents_replies() -> None:
    state = advance(new_game(["A", "B", "C"], 12, log=False), 2)
    me = state.to_move
    result = search(state, Rng(2), SearchParams(), 1e9, 300, SteppingClock(0.0))
    assert result.iterations == 300
    assert result.root.visits == 300
    best = result.root.children[result.root.moves.index(result.move)]  # type: ignore[union-attr]
    # After the chosen move the next player's replies were searched, and below
    # them the decisions of the player after.
    assert best.player != me and len(best.children) >= 3
    assert any(grandchild.children for grandchild in best.children)
    assert best.visits == max(child.visits for child in result.root.children)


def test_tactics_prefers_taking_the_lead_to_a_useless_cube() -> None:
    state = new_game(["A", "B", "C"], 30, log=False)
    region = state.region
    values = {
        a: sorted(card_value(c) for c in state.region_cards[a]) for a in range(1, region.areas + 1)
    }
    contested = max(values, key=lambda a: values[a][1] - values[a][0])
    assert values[contested][1] - values[contested][0] >= 2
    settled = next(a for a in values if a != contested)
    free = {
        a: [CELL_NAMES[i] for i in region.area_cells[a] if not region.pyramid[i]]
        for a in (contested, settled)
    }
    first = state.to_move
    assert first is not None
    # In turn order from the first player: the first leads the settled area, the
    # second is second there; the second and third are tied in the contested
    # area, where the second wins the tie (nobody has passed yet: by seat).
    for cell in (
        free[settled][0],
        free[settled][2],
        free[contested][1],
        free[settled][1],
        free[contested][0],
    ):
        state.play(Move("dig", (cell,)))
    assert state.to_move == (first + 2) % 3
    tactics = Tactics(state)
    assert tactics.order[(first + 1) % 3] < tactics.order[(first + 2) % 3]
    useless = tactics.score(Move("dig", (free[settled][3],)))
    take_lead = tactics.score(Move("dig", (free[contested][2],)))
    assert take_lead > useless
    assert take_lead > tactics.score(Move("pass")) > useless


def test_leaves_do_not_count_on_a_lead_someone_can_still_take() -> None:
    state = new_game(["A", "B", "C"], 30, log=False)
    region = state.region
    first = state.to_move
    assert first is not None
    one, two = (
        [CELL_NAMES[i] for i in region.area_cells[a] if not region.pyramid[i]] for a in (1, 2)
    )
    state.play(Move("dig", (one[0],)))  # the first player leads area 1 by one cube
    state.play(Move("dig", (two[0],)))
    state.play(Move("dig", (two[1],)))
    state.play(Move("pass"))  # and passes: that lead can no longer be defended
    assert state.pass_space[first]
    assert steady_lead(state, first, 1) == 1.0
    assert open_lead(state, first, 1) < 1.0
    assert open_lead(state, first, 0) < open_lead(state, first, 1) < open_lead(state, first, 3)
    assert evaluate(state, open_lead)[first] < evaluate(state, steady_lead)[first]
    # Once nobody else can place a cube, a lead is sure in both views.
    state.play(Move("pass"))
    state.play(Move("pass"))
    assert all(state.pass_space)
    assert open_lead(state, first, 1) == 1.0


@pytest.mark.parametrize("nile", [False, True])
def test_the_multiplier_table_is_the_museum_rule_for_every_player(nile: bool) -> None:
    # The estimate reads every player's exhibition multipliers from one table per
    # position; a whole game checks it against the museum's own function.
    state = new_game(["A", "B", "C", "D"], 8, nile=nile, log=False)
    bots = [Bot("easy", i) for i in range(state.n)]
    held_rooms = 0
    while not state.over:
        table = multipliers(state)
        for p in range(state.n):
            for wing in range(1, 6):
                assert table[p][wing] == exhibition_multiplier(state.museum, p, wing)
        held_rooms = max(held_rooms, sum(1 for holder in state.museum if holder >= 0))
        p = state.to_move
        assert p is not None
        state.apply(bots[p].choose(state))
    assert held_rooms >= 4  # rooms were really booked along the way


def test_moves_that_score_alike_widen_after_the_others() -> None:
    a, b, c, d = (
        Move("dig", ("a1",)),
        Move("dig", ("a2",)),
        Move("extend", ("b1", "b2")),
        Move("pass"),
    )
    # b scores as a, an earlier dig: it comes after every other move, c too scores
    # 5 but is another kind of move.
    assert _spread([(5.0, a), (5.0, b), (5.0, c), (0.3, d)]) == [
        (5.0, a),
        (5.0, c),
        (0.3, d),
        (5.0, b),
    ]
    state = advance(new_game(["A", "B", "C"], 12, log=False), 2)
    spread, plain = _order(state, diverse=True), _order(state)
    assert sorted(spread) == sorted(plain) == sorted(state.legal_moves())
    tactics = Tactics(state)
    kinds = [(tactics.score(m), m.action) for m in spread]
    firsts = len(set(kinds))
    assert len(set(kinds[:firsts])) == firsts  # every kind of move once before any repeat
    assert spread[0] == plain[0]
