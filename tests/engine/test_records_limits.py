"""The input contract (docs/RECORDS.md): names, seeds, decks, sizes, JSON, wrong types.

Every refusal is one typed error with a one-line message; every hostile file
of about 1 MB gets its answer (timed by bench/records.py, not here).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

import pytest

from game import (
    GameError,
    GameState,
    IllegalMoveError,
    MalformedMoveError,
    Move,
    RecordError,
    SetupError,
    load_record_text,
    new_game,
    replay,
    summary,
    to_record,
)
from game.cards import PARCEL_IDS
from game.limits import (
    MAX_JSON_DEPTH,
    MAX_MOVES,
    MAX_NAME,
    MAX_RECORD_BYTES,
    MAX_SEED,
    clean_name,
    name_problem,
    seed_from_text,
)
from game.record import check_json_text, parse_record_json
from game.selfplay import random_game
from game.setup import Setup
from harness.hostile import CASES, Case

from .scenario import PASS, dig, record


def refusal(text_or_record: Any, kind: str, *, parsed: bool = False) -> str:
    """The one-line reason a record (text, or ``parsed`` JSON) is refused,
    checking its kind."""
    with pytest.raises(RecordError) as info:
        if isinstance(text_or_record, str | bytes) and not parsed:
            load_record_text(text_or_record)
        else:
            replay(text_or_record)
    assert info.value.kind == kind, (info.value.kind, str(info.value))
    message = str(info.value)
    assert len(message.splitlines()) == 1 and len(message) < 400, message
    return message


def with_names(*names: Any) -> dict[str, Any]:
    return record(list(names), [])


# ------------------------------------------------------------------- names
GOOD_NAMES = ["Ann", "Zoë", "李白", "Ann-Marie O'Neil", "x" * MAX_NAME, "🐪 Cleo", "A B"]


@pytest.mark.parametrize("name", GOOD_NAMES)
def test_printable_names_of_1_to_24_characters_are_accepted(name: str) -> None:
    assert name_problem(name) is None
    state = replay(with_names(name, "Bob"))
    assert state.setup.players == (name, "Bob")
    assert summary(state)["players"][0]["name"] == name


BAD_NAMES = [
    ("", "is empty"),
    ("   ", "is empty"),
    ("x" * (MAX_NAME + 1), "25 characters"),
    ("A" * 1_000_000, "1000000 characters"),
    ("Ann\nBob", "U+000A"),
    ("Ann\tBob", "U+0009"),
    ("\x1b[31mRed", "U+001B"),
    ("Ann\x7f", "U+007F"),
    ("Evil\u202eniA", "U+202E"),
    ("Zero\u200bwidth", "U+200B"),
    ("Line\u2028sep", "U+2028"),
    ("Ann\x00", "U+0000"),
    (" Ann", "starts or ends with a space"),
    ("Ann ", "starts or ends with a space"),
    (7, "not text"),
    (None, "not text"),
    (["Ann"], "not text"),
    ({"n": 1}, "not text"),
]


@pytest.mark.parametrize("name,fragment", BAD_NAMES, ids=[str(i) for i in range(len(BAD_NAMES))])
def test_bad_names_are_refused_in_records_with_a_reason(name: Any, fragment: str) -> None:
    message = refusal(with_names("Bob", name), "setup")
    assert message.startswith("setup: setup.players: name 2 "), message
    assert fragment in message
    with pytest.raises(SetupError, match="setup.players: name 1"):
        new_game([name, "Bob"])


def test_player_lists_of_the_wrong_shape_are_refused() -> None:
    for players in (["Ann"], ["A", "B", "C", "D", "E"], "Ann,Bob", 9, 1, None, {"0": "Ann"}, True):
        assert "setup.players" in refusal({"setup": {"players": players}}, "setup")
    with pytest.raises(SetupError):
        new_game("AnnBob")  # a string is not a list of names


CLEANED = [
    ("  Ann  ", "Ann"),
    ("Ann\nBob", "AnnBob"),
    ("\x1b[31mRed\x1b[0m", "[31mRed[0m"),
    ("x" * 100, "x" * 24),
    ("\x00\x01\x02", ""),
    ("    ", ""),
    (" " * 30 + "Bob", "Bob"),
    ("a" * 23 + " b", "a" * 23),
    ("Evil\u202eniA", "EvilniA"),
    ("Zoë", "Zoë"),
    ("", ""),
]


@pytest.mark.parametrize("typed,clean", CLEANED)
def test_clean_name_brings_typed_text_within_the_limits(typed: str, clean: str) -> None:
    assert clean_name(typed) == clean
    assert clean == "" or name_problem(clean) is None


def test_clean_name_of_anything_else_is_empty_and_a_megabyte_is_cut() -> None:
    for junk in (None, 5, ["Ann"], b"Ann"):
        assert clean_name(junk) == ""
    assert clean_name("\n" * 500_000 + "y" * 500_000) == "y" * 24


# ------------------------------------------------------------------- seeds
def old_page_seed(text: str) -> int:
    """How the page turned a word into a seed before (quadratic, kept as the reference)."""
    return sum(ord(ch) * 31**i for i, ch in enumerate(text)) % (2**31)


@pytest.mark.parametrize(
    "text",
    [
        "pyramid",
        "Mykerinos 2026",
        "Zoë's game",
        "李白",
        "🐪🐪",
        "a" * 100,
        "x1",
        "1x",
        "-5",
        "+5",
        "1_000",
        "٣",
        "0x10",
        "\u00a0 nbsp",
        "1 2",
    ],
)
def test_a_word_seed_gives_the_same_number_as_before(text: str) -> None:
    assert seed_from_text(text) == old_page_seed(text.strip())
    assert seed_from_text(f"  {text}\t") == seed_from_text(text)


def test_digit_seeds_are_numbers_up_to_2_64_minus_1() -> None:
    assert seed_from_text("42") == 42
    assert seed_from_text(" 007 ") == 7
    assert seed_from_text(str(MAX_SEED)) == MAX_SEED
    with pytest.raises(SetupError, match="from 0 to 18446744073709551615"):
        seed_from_text(str(MAX_SEED + 1))
    with pytest.raises(SetupError, match="from 0 to"):
        seed_from_text("9" * 100)


def test_seed_text_is_at_most_100_characters_and_blank_means_random() -> None:
    assert seed_from_text("") is None and seed_from_text("   ") is None
    assert seed_from_text("w" * 100) == old_page_seed("w" * 100)
    with pytest.raises(SetupError, match="at most 100 characters"):
        seed_from_text("w" * 101)
    with pytest.raises(SetupError, match="at most 100 characters"):
        seed_from_text("w" * 1_000_000)
    for junk in (None, 7, 7.5, ["7"]):
        with pytest.raises(SetupError):
            seed_from_text(junk)


def test_a_word_seed_starts_a_game_and_replays() -> None:
    seed = seed_from_text("pyramid")
    assert isinstance(seed, int)
    state = new_game(["Ann", "Bob"], seed)
    assert replay(to_record(state)).setup == state.setup


@pytest.mark.parametrize(
    "seed,ok",
    [
        (0, True),
        (MAX_SEED, True),
        (-1, False),
        (MAX_SEED + 1, False),
        (10**29, False),
        ("7", False),
        (7.0, False),
        (True, False),
        (None, False),
        ([7], False),
    ],
)
def test_record_seeds_are_whole_numbers_0_to_2_64_minus_1(seed: Any, ok: bool) -> None:
    rec = record(2, [], seed=seed)
    if ok:
        assert replay(rec).setup.seed == seed
        assert new_game(["A", "B"], seed).setup.seed == seed
    else:
        assert "setup.seed" in refusal(rec, "setup")
        with pytest.raises(SetupError, match="setup.seed"):
            new_game(["A", "B"], seed)


# ------------------------------------------------------------------- decks
def test_a_deck_of_20000_copies_of_one_card_is_refused_with_what_is_wrong() -> None:
    message = refusal(record(2, [], deck=["lemon-3a"] * 20_000), "setup")
    assert "setup.deck must hold each of its 36 cards once" in message
    assert "repeated: lemon-3a" in message and "missing: blackmore-0a" in message
    assert "(35 in all)" in message


def test_the_deck_repeated_500_times_is_refused() -> None:
    message = refusal(record(2, [], deck=list(PARCEL_IDS) * 500), "setup")
    assert "repeated: blackmore-0a, blackmore-0b" in message and "missing" not in message


@pytest.mark.parametrize(
    "deck,fragment",
    [
        (["lemon-3a", "lemon-3a@r"] + list(PARCEL_IDS[2:]), "repeated: lemon-3a"),
        ("violet-0a", "must be a list of card ids"),
        ([["violet-0a"]] * 36, "must be a list of card ids"),
        (list(PARCEL_IDS[:-1]) + ["x" * 100_000], "unknown card 'xxxx"),
        (list(PARCEL_IDS[:-1]) + ["violet-0a@x"], "unknown card 'violet-0a@x'"),
        ([], "missing: "),
    ],
)
def test_bad_decks(deck: Any, fragment: str) -> None:
    assert fragment in refusal({"setup": {"players": 2, "deck": deck}}, "setup")


def test_a_turned_card_is_the_same_card() -> None:
    deck = [c + "@r" if i % 2 else c for i, c in enumerate(PARCEL_IDS)]
    state = replay(record(2, [], deck=deck))
    assert state.setup.deck[1] == (PARCEL_IDS[1], True)
    assert state.setup.deck[0] == (PARCEL_IDS[0], False)


@pytest.mark.parametrize(
    "setup,fragment",
    [
        (
            {
                "nile": True,
                "nile_deck": ["nile-6", "nile-1", "nile-2", "nile-3", "nile-4", "nile-5"],
            },
            "sixth card must be nile-6",
        ),
        ({"nile": True, "nile_deck": ["nile-1"] * 6}, "repeated: nile-1"),
        ({"nile": True, "nile_six_line": 4}, "nile_six_line must be 1, 2 or 3"),
        ({"nile": True, "nile_six_line": True}, "nile_six_line must be 1, 2 or 3"),
        ({"nile": True, "boats": ["boat-2"] * 4}, "setup.boats must list the four boats"),
        (
            {"nile": False, "boats": ["boat-2", "boat-3", "boat-cubes", "boat-tie"]},
            "only for the Nile",
        ),
        ({"nile": "yes"}, "setup.nile must be true or false"),
        ({"wings": ["lemon"] * 100_000}, "setup.wings must list the five patrons"),
        ({"first_player": 2.0}, "setup.first_player"),
        ({"frist_player": 1}, "unknown field 'frist_player'"),
    ],
)
def test_bad_setup_fields(setup: dict[str, Any], fragment: str) -> None:
    assert fragment in refusal({"setup": {"players": 2, **setup}}, "setup")


# --------------------------------------------------------------- the record
def test_record_shape_problems_are_format_errors() -> None:
    for junk in ([], "record", 7, None, True, 1.5):
        assert "JSON object" in refusal(junk, "format", parsed=True)
    assert 'needs a "setup"' in refusal({"format": "mykerinos/1"}, "format")
    assert '"moves" must be a list' in refusal({"setup": {"players": 2}, "moves": {}}, "format")
    assert "setup must be a JSON object" in refusal({"setup": [2]}, "setup")
    for fmt in ("chess/1", "mykerinos/0", "mykerinos/1.0", 1, None, ["mykerinos/1"]):
        assert "unknown record format" in refusal(
            {"format": fmt, "setup": {"players": 2}}, "format"
        )


def test_a_newer_format_says_so() -> None:
    message = refusal({"format": "mykerinos/2", "setup": {"players": 2}}, "version")
    assert "newer version" in message and "'mykerinos/1'" in message


def test_a_record_without_format_and_moves_is_the_current_format() -> None:
    state = replay({"setup": {"players": 3, "seed": 5}})
    assert state.setup.players == ("Player 1", "Player 2", "Player 3") and not state.moves


def test_moves_are_bounded_and_nothing_is_played_after_the_end() -> None:
    rec = record(2, [PASS] * (MAX_MOVES + 1))
    assert f"at most {MAX_MOVES} moves" in refusal(rec, "format")
    finished = to_record(random_game(2, 5))
    played = len(finished["moves"])
    finished["moves"] += [{"action": "pass"}] * (MAX_MOVES - played)
    message = refusal(finished, "move")
    assert message.startswith(f"move {played + 1}: the game is over")


def test_the_player_field_must_be_a_player_index() -> None:
    for player in (3, -1, 10**40, "0", 0.0, True, [0]):
        message = refusal(record(3, [{"player": player, **dig("c2")}]), "move")
        assert message.startswith('move 1: "player" must be a player index 0-2')


@pytest.mark.parametrize(
    "move,fragment",
    [
        ({"action": "x" * 100_000}, "unknown action 'xxxx"),
        ({"action": {"nested": {"deep": [1]}}}, "unknown action (an object)"),
        ({"action": 10**40}, "unknown action (a very large number)"),
        ({"action": "dig", "cells": ["c2"] * 4}, "at most 3 cell names"),
        ({"action": "dig", "cells": ["c" * 21]}, "at most 3 cell names"),
        ({"action": "claim", "card": "k" * 21}, 'needs "card"'),
        ({"action": "museum", "room": None}, 'needs "room"'),
        (
            {"action": "pass", **{f"extra{i}": i for i in range(50)}},
            "'extra0', 'extra1', 'extra2', 'extra3', 'extra4', ... (50 in all)",
        ),
        ({"action": "pass", "why": "a\nb"}, "unexpected field(s) for action 'pass': 'why'"),
    ],
)
def test_malformed_moves_in_records_say_what_is_wrong_briefly(
    move: dict[str, Any], fragment: str
) -> None:
    message = refusal(record(3, [move]), "move")
    assert message.startswith("move 1: ") and fragment in message


# --------------------------------------------------------------- JSON text
def test_size_is_checked_before_parsing() -> None:
    good = json.dumps(record(2, [dig("c2")]))
    padded = good + " " * (MAX_RECORD_BYTES - len(good))
    assert len(load_record_text(padded).moves) == 1
    assert "at most 1,000,000 bytes" in refusal(padded + " ", "format")
    assert "at most" in refusal((padded + " ").encode(), "format")
    # measured in UTF-8 bytes: 400,000 two-byte characters are 800 KB, 500,001 are over
    assert "at most" in refusal(good[:-1] + ', "note": "' + "é" * 500_001 + '"}', "format")
    assert load_record_text(good[:-1] + ', "note": "' + "é" * 400_000 + '"}').moves


def test_bytes_and_a_byte_order_mark_are_read_as_utf8() -> None:
    text = json.dumps(record(["Zoë", "Bob"], [dig("c2")]), ensure_ascii=False)
    assert load_record_text(text.encode()).setup.players[0] == "Zoë"
    assert load_record_text("\ufeff" + text).setup.players[0] == "Zoë"
    assert "not UTF-8" in refusal(text.encode("latin-1"), "json")
    assert "must be text" in refusal_of_load(None)


def refusal_of_load(value: Any) -> str:
    with pytest.raises(RecordError) as info:
        load_record_text(value)
    return str(info.value)


@pytest.mark.parametrize(
    "text,kind,fragment",
    [
        ("[" * 100_000, "format", "nested more than"),
        ('{"a":' * 100_000, "format", "nested more than"),
        ("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1), "format", "nested more than"),
        # a closer inside a string must not hide one level of real nesting
        (
            '{"]": ' + "[" * MAX_JSON_DEPTH + "0" + "]" * MAX_JSON_DEPTH + "}",
            "format",
            "nested more than",
        ),
        ('{"setup": {"players": 2, "seed": ' + "7" * 5000 + "}}", "format", "more than 30 digits"),
        ('{"setup": {"players": 2, "seed": NaN}}', "json", "NaN"),
        ('{"setup": {"players": 2, "seed": Infinity}}', "json", "Infinity"),
        ('{"setup": {"players": 2, "seed": -Infinity}}', "json", "-Infinity"),
        ('{"setup": {"players": 2, "seed": 1e400}}', "json", "too large"),
        ('{"setup": {"players": 2, "seed": 7.0}}', "setup", "setup.seed"),
        ('{"setup": {"players": 2, "seed": 1e5}}', "setup", "setup.seed"),
        ("{not json", "json", "invalid JSON"),
        ("", "json", "Expecting value"),
        ('"\\', "json", "Unterminated string"),
        ("]]]]", "json", "invalid JSON"),
    ],
)
def test_json_problems_get_one_line_reasons(text: str, kind: str, fragment: str) -> None:
    assert fragment in refusal(text, kind)


def test_nesting_is_only_counted_outside_strings() -> None:
    rec = record(["[[[[[[", "{{{{{{"], [])
    rec["note"] = "[" * 5000 + '\\"{{{{{{{{{{{{{{"\\' + "]" * 3
    rec["digits"] = "1" * 500
    state = load_record_text(json.dumps(rec))
    assert state.setup.players == ("[[[[[[", "{{{{{{")
    deep_but_fine = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    check_json_text(deep_but_fine)
    assert parse_record_json('{"x": ' + deep_but_fine[1:-1] + "}")["x"] == deep_list(
        MAX_JSON_DEPTH - 2
    )
    with pytest.raises(RecordError, match="nested more than"):
        parse_record_json('{"x": ' + deep_but_fine + "}")


def json_depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((json_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((json_depth(v) for v in value.values()), default=0)
    return 0


def test_the_nesting_check_agrees_with_the_true_depth() -> None:
    tricky = ['"\\\\"', '"\\""', '"a[b"', '"]"', '"\\\\\\""', "0", "[]", "{}"]
    for depth in range(1, MAX_JSON_DEPTH + 4):
        for leaf in tricky:
            for shape in ("list", "object", "mixed"):
                text = leaf
                for level in range(depth):
                    if shape == "list" or (shape == "mixed" and level % 2):
                        text = f'[{leaf}, {text}, "[[["]'
                    else:
                        text = f'{{"k[{{": {text}, "z": {leaf}}}'
                real = json_depth(json.loads(text))
                if real <= MAX_JSON_DEPTH:
                    check_json_text(text)
                else:
                    with pytest.raises(RecordError, match="nested more than"):
                        check_json_text(text)


# ------------------------------------------------------- hostile 1 MB files
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_hostile_file_is_answered(case: Case) -> None:
    text = case.build()
    assert len(text) <= MAX_RECORD_BYTES + 1
    if case.kind is None:
        state = load_record_text(text)
        assert state.over and replay(to_record(state)).score == state.score
    else:
        assert case.fragment in refusal(text, case.kind)


# ------------------------------------------------------------- wrong types
def deep_list(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


JUNK: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    3,
    2**64,
    10**5000,
    1.5,
    math.nan,
    math.inf,
    "",
    "x" * 100_000,
    "dig",
    [],
    [None],
    deep_list(50_000),
    {},
    {1: 2},
    {"action": deep_list(50_000)},
    {"action": "dig", "cells": deep_list(10)},
    object(),
    b"bytes",
    ("pass",),
    {"a"},
    {"setup": None},
    {"setup": {"players": deep_list(50_000)}},
    Move("dig", ("c2",), "brown"),
]


def only_game_errors(call: Callable[[], object]) -> bool:
    """Run ``call``: True if it succeeded, False if it raised a GameError;
    any other exception fails the test."""
    try:
        call()
    except GameError as exc:
        text = str(exc)
        assert len(text.splitlines()) <= 1 and len(text) < 400, text
        return False
    return True


def refused_unless(call: Callable[[], object], valid: bool) -> None:
    assert only_game_errors(call) == valid


def is_int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


@pytest.mark.parametrize("junk", JUNK, ids=[f"junk{i}" for i in range(len(JUNK))])
def test_public_entry_points_raise_only_game_errors(junk: Any) -> None:
    state = new_game(["Ann", "Bob", "Cy"], 3)
    before = json.dumps(to_record(state))
    refused_unless(lambda: new_game(junk), False)
    refused_unless(lambda: new_game(["A", "B"], junk), is_int(junk, 0, MAX_SEED))
    refused_unless(lambda: new_game(["A", "B"], 1, nile=junk), isinstance(junk, bool))
    refused_unless(lambda: new_game(["A", "B"], 1, deck=junk), junk is None)
    refused_unless(lambda: new_game(["A", "B"], 1, wings=junk), junk is None)
    refused_unless(
        lambda: new_game(["A", "B"], 1, first_player=junk), junk is None or is_int(junk, 0, 1)
    )
    refused_unless(lambda: new_game(["A", "B"], 1, nile=True, boats=junk), junk is None)
    refused_unless(
        lambda: new_game(["A", "B"], 1, nile=True, nile_six_line=junk),
        junk is None or is_int(junk, 1, 3),
    )
    refused_unless(lambda: replay(junk), False)
    refused_unless(lambda: load_record_text(junk), False)
    refused_unless(lambda: Setup.from_json(junk), False)
    refused_unless(lambda: summary(junk), False)
    refused_unless(lambda: to_record(junk), False)
    refused_unless(lambda: GameState(junk), False)
    refused_unless(lambda: random_game(junk, 1), is_int(junk, 2, 4))
    refused_unless(lambda: Move.from_json(junk), False)
    refused_unless(lambda: Move.coerce(junk), False)
    refused_unless(lambda: state.play(junk), False)
    # a claim is never legal while digging: whoever the player, nothing is played
    refused_unless(lambda: state.play({"action": "claim", "card": "lemon-3a"}, junk), False)
    assert json.dumps(to_record(state)) == before


def test_unknown_new_game_options_and_odd_moves_are_game_errors() -> None:
    with pytest.raises(SetupError, match="no option 'colour'"):
        new_game(["A", "B"], 1, colour="red")
    state = new_game(["Ann", "Bob", "Cy"], 3)
    for odd in (
        Move("dig", cells="c2"),
        Move("pass", room="W1-3"),
        Move("dig", ("c2",), [1]),  # type: ignore[arg-type]
        Move("boat", use="yes"),
        Move("jump"),
    ):  # type: ignore[arg-type]
        with pytest.raises(MalformedMoveError):
            state.play(odd)
    with pytest.raises(MalformedMoveError, match="player must be a player index 0-2"):
        state.play(PASS, 10**5000)
    first = state.to_move
    with pytest.raises(IllegalMoveError, match="not player"):
        state.play(PASS, (first + 1) % 3 if first is not None else 0)
