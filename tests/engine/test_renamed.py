"""A game under other player names (a live game's friend who took a seat by
another name): the same position, every decision standing, the record and the
link carrying the new names; names outside the limits refused."""

from __future__ import annotations

import random

import pytest

from game import SetupError, new_game, replay, to_record
from game.compact import decode_link, encode_link, relation


def position(state) -> dict:
    """The state as JSON without its setup (which holds the names)."""
    return {k: v for k, v in state.to_dict().items() if k != "setup"}


def played(moves: int, nile: bool = False):
    state = new_game(["Ann", "Bob", "Cy"], 7, nile=nile)
    rng = random.Random(moves)
    for _ in range(moves):
        state.play(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("nile", [False, True])
def test_a_renamed_game_is_the_same_position_and_replays_under_its_new_names(nile: bool) -> None:
    state = played(40, nile)
    other = state.renamed(["Ann", "Bobby", "Cy"])
    assert other.setup.players == ("Ann", "Bobby", "Cy")
    assert state.setup.players == ("Ann", "Bob", "Cy")  # the first is untouched
    assert position(other) == position(state)
    assert other.moves == state.moves and other.legal_moves() == state.legal_moves()
    record = to_record(other)
    assert record["setup"]["players"] == ["Ann", "Bobby", "Cy"]
    assert replay(record).to_dict() == other.to_dict()
    linked = decode_link(encode_link(other)).state
    assert relation(other, linked) == "same"
    # Both play on alike.
    move = random.Random(1).choice(state.legal_moves())
    state.play(move)
    other.play(move)
    assert position(other) == position(state)


def test_the_same_names_give_the_same_game_and_bad_names_are_refused() -> None:
    state = played(3)
    assert state.renamed(("Ann", "Bob", "Cy")) is state
    for names in (["Ann", "Bob"], ["Ann", "", "Cy"], ["Ann", "B\u202eob", "Cy"], ["x" * 25] * 3):
        with pytest.raises(SetupError):
            state.renamed(names)
