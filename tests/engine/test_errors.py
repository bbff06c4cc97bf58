"""Refused moves and broken records: typed errors, clear messages, nothing changed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game import (
    GameError,
    GameState,
    IllegalMoveError,
    MalformedMoveError,
    RecordError,
    load_record_text,
    replay,
)

from .scenario import OPEN_FIRST, PASS, claim, deck_for, dig, record, run

ROOT = Path(__file__).resolve().parents[2]
# area 1: lemon-3a (pyramids a1, b2) | violet-0a; the rest of season 1 open or nearly
DECK = deck_for({1: ("lemon-3a", "violet-0a")}, filler=OPEN_FIRST)


def excavation() -> GameState:
    """Season 1, 3 players: Ann dug c1, Bob dug e1; Cy to move."""
    return run(3, [(0, dig("c1")), (1, dig("e1"))], deck=DECK)


def survey() -> GameState:
    """Ann alone in area 1 is asked to choose."""
    return run(3, [(0, dig("c1")), (1, PASS), (2, PASS), (0, PASS)], deck=DECK)


def refused(
    state: GameState, move: Any, error: type[GameError], *fragments: str, player: int | None = None
) -> str:
    before = json.dumps(state.to_dict(), sort_keys=True)
    log_before = list(state.log or [])
    with pytest.raises(error) as info:
        state.play(move, player)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    assert json.dumps(state.to_dict(), sort_keys=True) == before, "state changed"
    assert list(state.log or []) == log_before
    return message


ILLEGAL = [
    (dig("c1"), ["dig", "'c1'", "allowed"]),  # occupied
    (dig("a1"), ["'a1'", "not allowed"]),  # pyramid
    (dig("a2", "a3"), ["1 cube", "not 2"]),
    ({"action": "extend", "cells": ["h6", "h5"]}, ["'extend'", "allowed"]),  # Cy has no cube
    (dig("z9"), ["unknown cell", "'z9'"]),
    (dig("a10"), ["unknown cell"]),
    (claim("lemon-3a"), ["'claim' is not possible now", "excavation", "Cy"]),
    ({"action": "museum", "room": "W1-3"}, ["'museum' is not possible now"]),
    (dig("a2", patron="lemon"), ["Lord Lemon cannot be used"]),
    ({"action": "museum", "patron": "brown", "room": "W1-3"}, ["Sir Brown cannot be used"]),
    ({"action": "neutral", "cells": []}, ["'neutral' is not possible now"]),
]


@pytest.mark.parametrize("move,fragments", ILLEGAL, ids=[str(i) for i in range(len(ILLEGAL))])
def test_illegal_moves_in_excavation(move: dict, fragments: list[str]) -> None:
    refused(excavation(), move, IllegalMoveError, *fragments)


def test_move_by_the_wrong_player() -> None:
    state = excavation()
    refused(state, dig("a2"), IllegalMoveError, "Cy", "player 2", "not player 0", player=0)


SURVEY_ILLEGAL = [
    (claim("brown-0a"), ["'brown-0a' is not on offer", "lemon-3a", "violet-0a"]),
    (claim("nosuch-card"), ["unknown card 'nosuch-card'"]),
    ({"action": "museum", "room": "W1-5"}, ["'W1-5' is not open", "Ann", "W1-3"]),
    ({"action": "museum", "room": "W9-9"}, ["unknown room 'W9-9'"]),
    ({"action": "neutral_claim", "card": "lemon-3a"}, ["'neutral_claim' is not possible"]),
    (PASS, ["'pass' is not possible now", "survey"]),
    (dig("a2"), ["'dig' is not possible now"]),
]


@pytest.mark.parametrize(
    "move,fragments", SURVEY_ILLEGAL, ids=[str(i) for i in range(len(SURVEY_ILLEGAL))]
)
def test_illegal_moves_in_survey(move: dict, fragments: list[str]) -> None:
    refused(survey(), move, IllegalMoveError, *fragments)


MALFORMED = [
    ("dig c1", ["JSON object"]),
    ([1, 2], ["JSON object"]),
    ({}, ["unknown action None"]),
    ({"action": "jump"}, ["unknown action 'jump'"]),
    ({"action": ["dig"]}, ["unknown action"]),
    ({"action": "dig"}, ['needs "cells"']),
    ({"action": "dig", "cells": "c2"}, ['needs "cells"']),
    ({"action": "dig", "cells": [3]}, ['needs "cells"']),
    ({"action": "museum"}, ['needs "room"']),
    ({"action": "museum", "room": 3}, ['needs "room"']),
    ({"action": "claim"}, ['needs "card"']),
    ({"action": "neutral_claim", "card": None}, ['needs "card"']),
    ({"action": "dig", "cells": ["c2"], "patron": "sphinx"}, ["unknown patron 'sphinx'"]),
    ({"action": "dig", "cells": ["c2"], "patron": ["lemon"]}, ["unknown patron"]),
    ({"action": "dig", "cells": ["c2"], "patron": {"a": 1}}, ["unknown patron"]),
    (
        {"action": "extend", "cells": ["c2", "c3"], "patron": "blackmore"},
        ["'blackmore' does not go with action 'extend'"],
    ),
    (
        {"action": "dig", "cells": ["c2"], "patron": "tangerine"},
        ["'tangerine' does not go with action 'dig'"],
    ),
    ({"action": "pass", "room": "W1-3"}, ["unexpected field", "room"]),
    ({"action": "dig", "cells": ["c2"], "card": "lemon-3a"}, ["unexpected field", "card"]),
    ({"action": "boat"}, ['"use"']),
]


@pytest.mark.parametrize("move,fragments", MALFORMED, ids=[str(i) for i in range(len(MALFORMED))])
def test_malformed_moves(move: Any, fragments: list[str]) -> None:
    refused(excavation(), move, MalformedMoveError, *fragments)


def test_malformed_move_object() -> None:
    refused(excavation(), 42, MalformedMoveError, "Move or a JSON object")


def test_moves_after_the_end() -> None:
    # 2 players who only pass: the last passer of each season starts the next
    state = run(
        2,
        [(0, PASS), (1, PASS), (1, PASS), (0, PASS), (0, PASS), (1, PASS), (1, PASS), (0, PASS)],
        deck=DECK,
    )
    assert state.over
    refused(state, PASS, IllegalMoveError, "game is over")


def test_legal_move_accepted_after_refusals() -> None:
    state = excavation()
    for move, _ in ILLEGAL:
        with pytest.raises(IllegalMoveError):
            state.play(move)
    state.play(dig("a2"))
    assert state.to_move == 0


# ------------------------------------------------------------------- records
def test_replay_reports_the_move_number() -> None:
    rec = record(3, [(0, dig("c1")), (1, dig("c1"))], deck=DECK)
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert info.value.index == 2
    assert str(info.value).startswith("move 2: ")
    assert "'c1'" in str(info.value)


def test_replay_checks_the_player_field() -> None:
    rec = record(3, [(1, dig("c2"))], deck=DECK)
    with pytest.raises(RecordError, match=r"^move 1: it is Ann's decision"):
        replay(rec)
    rec = record(3, [{"player": "0", **dig("c2")}], deck=DECK)
    with pytest.raises(RecordError, match=r"^move 1: \"player\" must be a player index"):
        replay(rec)


@pytest.mark.parametrize(
    "setup,fragment",
    [
        ({"players": ["A"]}, "setup.players"),
        ({"players": 9}, "setup.players"),
        ({"players": ["A", ""]}, "setup.players"),
        ({"players": ["A", "B"], "seed": "x"}, "setup.seed"),
        ({"players": ["A", "B"], "first_player": 2}, "setup.first_player"),
        ({"players": ["A", "B"], "wings": ["lemon"]}, "setup.wings"),
        ({"players": ["A", "B"], "wings": [1, "lemon", "brown", "violet", "x"]}, "setup.wings"),
        ({"players": ["A", "B"], "deck": ["lemon-3a"]}, "setup.deck"),
        ({"players": ["A", "B"], "deck": DECK[:-1] + ["sphinx-9"]}, "unknown card 'sphinx-9'"),
        ({"players": ["A", "B"], "deck": DECK[:-1] + [DECK[0]]}, "repeated: lemon-3a"),
        (
            {"players": ["A", "B"], "nile": True, "boats": [1, "boat-2", "boat-3", "boat-tie"]},
            "setup.boats",
        ),
    ],
)
def test_bad_setups(setup: dict, fragment: str) -> None:
    with pytest.raises(RecordError) as info:
        replay({"format": "mykerinos/1", "setup": setup, "moves": []})
    assert str(info.value).startswith("setup: ")
    assert fragment in str(info.value)


def test_bad_record_shapes() -> None:
    with pytest.raises(RecordError, match="JSON object"):
        replay([1, 2])
    with pytest.raises(RecordError, match="unknown record format"):
        replay({"format": "chess/1", "setup": {"players": 2}})
    with pytest.raises(RecordError, match='"moves" must be a list'):
        replay({"setup": {"players": 2}, "moves": {}})
    with pytest.raises(RecordError, match="^invalid JSON: "):
        load_record_text("{not json")


# ---------------------------------------------------------------- command line
def cli_replay(tmp_path: Path, text: str) -> subprocess.CompletedProcess:
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "game", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def one_line_error(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 2, proc
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


def test_cli_invalid_json(tmp_path: Path) -> None:
    line = one_line_error(cli_replay(tmp_path, '{"format": "mykerinos/1", "setup": '))
    assert line.startswith("invalid JSON: ")


def test_cli_unknown_card(tmp_path: Path) -> None:
    rec = record(3, [], deck=DECK)
    rec["setup"]["deck"][5] = "pharaoh-7"
    line = one_line_error(cli_replay(tmp_path, json.dumps(rec)))
    assert line.startswith("setup: ") and "unknown card 'pharaoh-7'" in line


def test_cli_unknown_card_in_a_move(tmp_path: Path) -> None:
    rec = record(
        3, [(0, dig("c1")), (1, PASS), (2, PASS), (0, PASS), (0, claim("pharaoh-7"))], deck=DECK
    )
    line = one_line_error(cli_replay(tmp_path, json.dumps(rec)))
    assert line == "move 5: unknown card 'pharaoh-7'"


def test_cli_unknown_cell(tmp_path: Path) -> None:
    rec = record(3, [(0, dig("c1")), (1, dig("q7"))], deck=DECK)
    line = one_line_error(cli_replay(tmp_path, json.dumps(rec)))
    assert line.startswith("move 2: ") and "unknown cell 'q7'" in line


def test_cli_illegal_move(tmp_path: Path) -> None:
    rec = record(3, [(0, dig("c1")), (1, dig("e1")), (2, dig("e1"))], deck=DECK)
    line = one_line_error(cli_replay(tmp_path, json.dumps(rec)))
    assert line.startswith("move 3: ") and "'e1'" in line


def test_cli_malformed_move(tmp_path: Path) -> None:
    rec = record(3, [(0, dig("c1")), {"action": "dig", "cells": ["c2"], "patron": [1]}], deck=DECK)
    line = one_line_error(cli_replay(tmp_path, json.dumps(rec)))
    assert line.startswith("move 2: unknown patron")


def test_cli_bad_wings(tmp_path: Path) -> None:
    rec = record(3, [], deck=DECK)
    rec["setup"]["wings"] = [1, "lemon", "brown", "violet", "blackmore"]
    line = one_line_error(cli_replay(tmp_path, json.dumps(rec)))
    assert line.startswith("setup: setup.wings")


def test_cli_missing_file(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(tmp_path / "none.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    line = one_line_error(proc)
    assert line.startswith("cannot read ")


def test_cli_good_record_prints_the_summary(tmp_path: Path) -> None:
    rec = record(3, [(0, dig("c1")), (1, dig("e1"))], deck=DECK)
    proc = cli_replay(tmp_path, json.dumps(rec))
    assert proc.returncode == 0 and proc.stderr == ""
    out = json.loads(proc.stdout)
    assert out["board"] == {"c1": 0, "e1": 1}
    assert out["to_move"] == 2 and out["season"] == 1


def test_record_move_that_is_not_an_object() -> None:
    rec = record(3, [(0, dig("c1"))], deck=DECK)
    rec["moves"].append("pass")
    with pytest.raises(RecordError, match=r"^move 2: a move must be a JSON object, not str"):
        replay(rec)


def test_cli_huge_player_count_is_refused_at_once(tmp_path: Path) -> None:
    text = json.dumps({"format": "mykerinos/1", "setup": {"players": 10**12}, "moves": []})
    line = one_line_error(cli_replay(tmp_path, text))
    assert line.startswith("setup: setup.players")
