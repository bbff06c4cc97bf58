"""Building a move step by step never leads into a dead end.

For every position of a few random games, every kind of move on the legal
list (``game.legality.kind``: an action button of the page) is explored from its empty start through ``continuations``: each
offered cell, room or card must lead to at least one complete legal move, and
the exploration must find every legal move and nothing else.
"""

from __future__ import annotations

import pytest

from game import GameState, new_game, replay
from game.legality import continuations, kinds, of_kind
from game.moves import Move
from game.rng import Rng

from .scenario import PASS, dig, run


def complete_moves(legal: list[Move], partial: Move, path: list[str]) -> set[Move]:
    """Every legal move reachable from ``partial``; fails on a dead end."""
    steps = continuations(legal, partial)
    found: set[Move] = set()
    if steps.complete:
        assert partial in legal, (path, partial)
        found.add(partial)
    for cell in steps.cells:
        nxt = partial._replace(cells=partial.cells + (cell,))
        below = complete_moves(legal, nxt, path + [cell])
        assert below, f"dead end after {path + [cell]} for {partial.action}/{partial.patron}"
        found |= below
    for room in steps.rooms:
        move = partial._replace(room=room)
        assert move in legal, (path, move)
        found.add(move)
    for card in steps.cards:
        move = partial._replace(card=card)
        assert move in legal, (path, move)
        found.add(move)
    assert not steps.tokens  # no Governor Greenwish in base games
    assert found, f"nothing offered for {partial}"
    return found


def check_position(state: GameState) -> int:
    legal = state.legal_moves()
    reached: set[Move] = set()
    for key in kinds(legal):
        same = of_kind(legal, key)
        reached |= complete_moves(same, Move(same[0].action, (), same[0].patron), [])
    assert reached == set(legal)
    return len(legal)


def test_continuation_steps_on_a_known_position() -> None:
    from .scenario import OPEN_FIRST, deck_for

    state = run(3, [(0, dig("d3")), (1, PASS), (2, PASS)], deck=deck_for(filler=OPEN_FIRST))
    legal = state.legal_moves()
    steps = continuations(legal, Move("extend"))
    assert sorted(steps.cells) == ["c3", "d2", "d4", "e3"] and not steps.complete
    steps = continuations(legal, Move("extend", ("e3",)))
    assert sorted(steps.cells) == ["e2", "e4", "f3"] and not steps.complete
    steps = continuations(legal, Move("extend", ("e3", "e4")))
    assert steps.complete and not steps.cells
    steps = continuations(legal, Move("extend", ("a1",)))
    assert steps.empty
    assert continuations(legal, Move("pass")).complete


@pytest.mark.parametrize("players,seed", [(p, s) for p in (2, 3, 4) for s in range(3, 9)])
def test_no_dead_ends_in_random_games(players: int, seed: int) -> None:
    state = new_game([f"P{i}" for i in range(players)], seed, log=False)
    rng = Rng(seed * 31 + players)
    positions = 0
    while not state.over:
        check_position(state)
        positions += 1
        legal = state.legal_moves()
        # prefer patron actions so that every kind of move gets explored
        rich = [m for m in legal if m.patron] or legal
        state.play(rich[rng.below(len(rich))] if rng.below(3) else legal[rng.below(len(legal))])
    assert positions > 40
    # the game is an ordinary record
    from game import to_record

    assert replay(to_record(state), log=False).to_dict() == state.to_dict()


def test_no_dead_ends_with_every_patron_in_hand() -> None:
    """The 4-player position of the rulings tests where Ann may use four patrons."""
    from .test_rulings import patron_game

    for turns in range(6):
        state = patron_game(turns)
        assert check_position(state) > 1
    state = patron_game(3)
    legal = state.legal_moves()
    steps = continuations(legal, Move("extend", (), "tangerine"))
    for first in steps.cells:
        second = continuations(legal, Move("extend", (first,), "tangerine")).cells
        assert second
        for s in second:
            third = continuations(legal, Move("extend", (first, s), "tangerine")).cells
            assert third and first not in third
