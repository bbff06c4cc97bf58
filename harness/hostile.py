"""Hostile record texts of about 1 MB, each with the answer the engine must give.

Shared by tests/engine/test_records_limits.py (which checks every answer) and
bench/records.py (which times them). Each builder returns the text (or bytes)
of a file just under the size limit, crafted to make a careless reader slow:
deep nesting, huge numbers, long names, oversized decks, endless moves.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from game import new_game, to_record
from game.cards import PARCEL_IDS
from game.limits import MAX_JSON_DEPTH, MAX_RECORD_BYTES
from game.selfplay import random_game

SIZE = MAX_RECORD_BYTES - 1_000  # room for the record around the payload


class Case(NamedTuple):
    name: str
    build: Callable[[], str | bytes]
    kind: str | None  # RecordError kind expected, None: the record is accepted
    fragment: str  # part of the message expected


def base_record(players: int = 3, nile: bool = False) -> dict[str, Any]:
    return to_record(new_game([f"P{i + 1}" for i in range(players)], 7, nile=nile))


def with_setup(**fields: Any) -> str:
    record = base_record()
    record["setup"].update(fields)
    return json.dumps(record)


def with_moves(moves: list[Any]) -> str:
    return json.dumps({**base_record(), "moves": moves})


def fill(unit: str, overhead: int = 0) -> int:
    """How many copies of ``unit`` fit in the payload."""
    return (SIZE - overhead) // len(unit.encode("utf-8"))


def long_game() -> str:
    """A whole legal game (4 players, the Nile), padded with spaces to 1 MB."""
    text = json.dumps(to_record(random_game(4, 1, nile=True)))
    return text + " " * (SIZE - len(text))


def many_strings_with_brackets() -> str:
    """Brackets hidden in strings, then as many tiny strings as fit: the slow
    path of the nesting check (strings cut out one by one)."""
    head = '["' + "[" * 40 + '"'
    return head + ',""' * fill(',""', len(head) + 1) + "]"


def slow_game() -> str:
    """A long legal game that is slow to check: 4 players with the Nile, each
    taking a one-cube move from the far end of the legal list (Greenwish
    moves, behind thousands of others), so that every check walks the list."""
    state = new_game(["P1", "P2", "P3", "P4"], 1, nile=True, log=False)
    while not state.over:
        legal = state.legal_moves()
        small = [m for m in legal if len(m.cells) == 1]
        state.play(small[-1] if small else legal[-1])
    return json.dumps(to_record(state))


def towers(depth: int) -> Callable[[], str]:
    """As many arrays nested ``depth`` deep as fit, each level opened after an
    empty array ("[[],[[],[...]]]") so that no two openers stand together:
    the nesting check needs all its passes."""

    def build() -> str:
        tower = "[]"
        for _ in range(depth - 2):
            tower = f"[[],{tower}]"
        return "[" + ",".join([tower] * fill(tower + ",")) + "]"

    return build


def finished_then_more() -> str:
    game = to_record(random_game(2, 3))
    extra = [{"action": "pass"}] * (1_000 - len(game["moves"]))
    return json.dumps({**game, "moves": game["moves"] + extra})


CASES: list[Case] = [
    Case("arrays nested 1 MB deep", lambda: "[" * SIZE, "format", "nested more than"),
    Case(
        "objects nested 200,000 deep", lambda: '{"a":' * fill('{"a":'), "format", "nested more than"
    ),
    Case(
        "balanced nesting 500,000 deep",
        lambda: "[" * (SIZE // 2) + "]" * (SIZE // 2),
        "format",
        "nested more than",
    ),
    Case("towers nested as deep as allowed", towers(MAX_JSON_DEPTH), "format", "JSON object"),
    Case(
        "towers one level too deep, no two openers together",
        towers(MAX_JSON_DEPTH + 1),
        "format",
        "nested more than",
    ),
    Case(
        "brackets in strings, 330,000 strings", many_strings_with_brackets, "format", "JSON object"
    ),
    Case("a number of 1,000,000 digits", lambda: "9" * SIZE, "format", "digits"),
    Case(
        "a seed of 5,000 digits",
        lambda: with_setup(seed=0).replace('"seed": 0', '"seed": ' + "9" * 5000),
        "format",
        "digits",
    ),
    Case("a seed of 30 digits", lambda: with_setup(seed=10**29), "setup", "setup.seed"),
    Case("NaN", lambda: with_setup(seed=0).replace('"seed": 0', '"seed": NaN'), "json", "NaN"),
    Case("1e400", lambda: "[" + "1e400," * fill("1e400,") + "0]", "json", "too large"),
    Case(
        "a player name of 1 MB",
        lambda: with_setup(players=["A" * SIZE, "B"]),
        "setup",
        "characters (at most 24)",
    ),
    Case(
        "a deck of 70,000 copies of one card",
        lambda: with_setup(deck=["lemon-3a"] * fill('"lemon-3a", ')),
        "setup",
        "repeated: lemon-3a",
    ),
    Case(
        "the deck repeated 2,000 times",
        lambda: with_setup(deck=list(PARCEL_IDS) * (fill('"blackmore-0a", ') // 36)),
        "setup",
        "repeated: ",
    ),
    Case(
        "a deck of 1 MB of unknown ids",
        lambda: with_setup(deck=[f"x{i}" for i in range(fill('"x123456", '))]),
        "setup",
        "unknown card",
    ),
    Case("a card id of 1 MB", lambda: with_setup(deck=["x" * SIZE]), "setup", "unknown card"),
    Case(
        "wings listing 100,000 patrons",
        lambda: with_setup(wings=["lemon"] * fill('"lemon", ')),
        "setup",
        "setup.wings",
    ),
    Case(
        "50,000 moves",
        lambda: with_moves([{"action": "pass"}] * fill('{"action": "pass"}, ')),
        "format",
        "at most 1000 moves",
    ),
    Case(
        "a finished game followed by passes up to 1,000 moves",
        finished_then_more,
        "move",
        "game is over",
    ),
    Case(
        "a move with 70,000 fields",
        lambda: with_moves(
            [{"action": "pass", **{f"k{i}": 0 for i in range(fill('"k12345": 0, '))}}]
        ),
        "move",
        "unexpected field",
    ),
    Case(
        "a move with 150,000 cells",
        lambda: with_moves([{"action": "dig", "cells": ["a1"] * fill('"a1", ')}]),
        "move",
        "at most 3",
    ),
    Case(
        "a card id of 1 MB in a move",
        lambda: with_moves([{"action": "claim", "card": "x" * SIZE}]),
        "move",
        'needs "card"',
    ),
    Case(
        "330,000 empty objects", lambda: "[" + "{}," * fill("{},") + "{}]", "format", "JSON object"
    ),
    Case("500,000 numbers", lambda: "[" + "0," * fill("0,") + "0]", "format", "JSON object"),
    Case(
        "an unterminated string of escapes",
        lambda: '"' + '\\"' * fill('\\"'),
        "json",
        "Unterminated string",
    ),
    Case(
        "a string of 160,000 \\u escapes",
        lambda: '"' + "\\u0041" * fill("\\u0041") + '"',
        "format",
        "JSON object",
    ),
    Case("1 MB of spaces", lambda: " " * SIZE, "json", "Expecting value"),
    Case("1 MB of bytes that are not UTF-8", lambda: b"\xff" * SIZE, "json", "not UTF-8"),
    Case("one byte over 1 MB", lambda: " " * (MAX_RECORD_BYTES + 1), "format", "at most"),
    Case(
        "500,000 two-byte characters (1 MB of UTF-8)",
        lambda: '"' + "\u00e9" * (MAX_RECORD_BYTES // 2) + '"',
        "format",
        "at most",
    ),
    Case("a whole 4-player Nile game padded to 1 MB", long_game, None, ""),
    Case("a long 4-player Nile game of moves from the end of the legal lists", slow_game, None, ""),
]
