"""Property tests: mutated records either replay or are refused with one RecordError.

Valid records of whole games are mutated the way a hand edit, a bad tool or an
attacker would (moves dropped, repeated, swapped; fields changed, removed or
added; wrong types; huge sizes; names, decks and seeds altered; the text itself
cut or spliced). Whatever comes out, ``load_record_text`` must return a game
that exports and replays to itself, or raise one RecordError with a one-line
reason. Importing through the page's interaction model (``Table.import_text``)
must never change the game in progress when it refuses.

Runs are derandomized so that CI sees the same examples every time.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import RecordError, load_record_text, replay, summary, to_record
from game.limits import MAX_JSON_DEPTH
from game.record import check_json_text
from game.selfplay import random_game
from page.table import Table

FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=200,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
KINDS = {"json", "format", "version", "setup", "move"}


@cache
def games() -> tuple[str, ...]:
    """Records of whole games (2-4 players, with and without the Nile) as JSON text."""
    return tuple(
        json.dumps(to_record(random_game(players, seed, nile=nile)))
        for players, seed, nile in ((2, 11, False), (3, 12, True), (4, 13, False), (2, 14, True))
    )


def answer(text: str | bytes) -> dict[str, Any] | None:
    """The summary of the game a text replays to, or None when it is refused
    (the refusal itself is checked here)."""
    try:
        state = load_record_text(text)
    except RecordError as exc:
        assert exc.kind in KINDS, exc.kind
        message = str(exc)
        assert len(message.splitlines()) == 1 and len(message) < 400, message
        if exc.kind == "move":
            assert isinstance(exc.index, int) and exc.index >= 1
        return None
    again = replay(to_record(state))  # what the engine accepts, it exports and replays
    assert again.moves == state.moves and summary(again) == summary(state)
    return summary(state)


# ----------------------------------------------------------------- values
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(),
    st.text(max_size=8),
    st.sampled_from(
        [
            "c2",
            "W1-3",
            "lemon-3a",
            "nile-6",
            "boat-tie",
            "pass",
            "dig",
            "greenwish",
            "x" * 5000,
            "Ann\nBob",
            "\u202e",
            "",
            " ",
            "lemon-3a@r",
            "mykerinos/2",
        ]
    ),
    st.just(10**40),
    st.just(2**64),
    st.just(-1),
)
JUNK = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)
NAMES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["Ann", " Ann", "x" * 25, "A\x00", "Zoë", "\t", "x" * 100_000]),
)


def mutate_moves(data: st.DataObject, moves: list[Any]) -> None:
    if not moves:
        return
    i = data.draw(st.integers(0, len(moves) - 1))
    j = data.draw(st.integers(0, len(moves) - 1))
    op = data.draw(
        st.sampled_from(
            [
                "drop",
                "repeat",
                "swap",
                "truncate",
                "field",
                "remove",
                "add",
                "player",
                "whole",
                "many",
            ]
        )
    )
    if op == "drop":
        del moves[i]
    elif op == "repeat":
        moves.insert(j, copy.deepcopy(moves[i]))
    elif op == "swap":
        moves[i], moves[j] = moves[j], moves[i]
    elif op == "truncate":
        del moves[i:]
    elif op == "field" and isinstance(moves[i], dict) and moves[i]:
        key = data.draw(st.sampled_from(sorted(moves[i], key=str)))
        moves[i][key] = data.draw(JUNK)
    elif op == "remove" and isinstance(moves[i], dict) and moves[i]:
        del moves[i][data.draw(st.sampled_from(sorted(moves[i], key=str)))]
    elif op == "add" and isinstance(moves[i], dict):
        key = data.draw(
            st.sampled_from(["cells", "card", "room", "token", "use", "patron", "player", "note"])
        )
        moves[i][key] = data.draw(JUNK)
    elif op == "player" and isinstance(moves[i], dict):
        moves[i]["player"] = data.draw(st.integers(-1, 4))
    elif op == "whole":
        moves[i] = data.draw(JUNK)
    elif op == "many":
        moves.extend([copy.deepcopy(moves[i])] * data.draw(st.integers(1, 2_000)))


def mutate_setup(data: st.DataObject, setup: dict[str, Any]) -> None:
    op = data.draw(
        st.sampled_from(["field", "remove", "unknown", "names", "deck", "seed", "nile", "huge"])
    )
    lists = [
        k
        for k in ("deck", "nile_deck", "wings", "boats")
        if isinstance(setup.get(k), list) and setup[k]
    ]
    if op in ("field", "remove") and setup:
        key = data.draw(st.sampled_from(sorted(setup, key=str)))
        if op == "field":
            setup[key] = data.draw(JUNK)
        else:
            del setup[key]
    elif op == "unknown":
        setup[data.draw(st.text(max_size=10))] = data.draw(JUNK)
    elif op == "names" and isinstance(setup.get("players"), list) and setup["players"]:
        players = list(setup["players"])
        players[data.draw(st.integers(0, len(players) - 1))] = data.draw(NAMES)
        if data.draw(st.booleans()):
            players = players[: data.draw(st.integers(0, 5))] + [data.draw(NAMES)]
        setup["players"] = players
    elif op == "deck" and lists:
        key = data.draw(st.sampled_from(lists))
        items = list(setup[key])
        i = data.draw(st.integers(0, len(items) - 1))
        j = data.draw(st.integers(0, len(items) - 1))
        how = data.draw(st.sampled_from(["swap", "copy", "drop", "turn", "junk", "repeat"]))
        if how == "swap":
            items[i], items[j] = items[j], items[i]
        elif how == "copy":
            items[i] = items[j]
        elif how == "drop":
            del items[i]
        elif how == "turn" and isinstance(items[i], str):
            items[i] = items[i][:-2] if items[i].endswith("@r") else items[i] + "@r"
        elif how == "junk":
            items[i] = data.draw(JUNK)
        else:
            items = items * data.draw(st.integers(2, 2_000))
        setup[key] = items
    elif op == "seed":
        setup["seed"] = data.draw(st.one_of(st.integers(min_value=-(2**70), max_value=2**70), JUNK))
        if data.draw(st.booleans()):  # the seed alone deals: no spelled-out choices
            for key in ("first_player", "wings", "deck", "nile_deck", "nile_six_line", "boats"):
                setup.pop(key, None)
    elif op == "nile":
        setup["nile"] = not setup.get("nile", False)
    elif op == "huge":
        setup["players"] = [data.draw(NAMES), "x" * data.draw(st.integers(0, 300_000))]


@st.composite
def mutated_records(draw: st.DrawFn) -> Any:
    record: Any = json.loads(draw(st.sampled_from(games())))
    data = draw(st.data())
    for _ in range(draw(st.integers(1, 3))):
        target = draw(st.sampled_from(["moves", "moves", "setup", "top"]))
        if target == "moves" and isinstance(record, dict) and isinstance(record.get("moves"), list):
            mutate_moves(data, record["moves"])
        elif (
            target == "setup" and isinstance(record, dict) and isinstance(record.get("setup"), dict)
        ):
            mutate_setup(data, record["setup"])
        elif isinstance(record, dict):
            key = draw(st.sampled_from(["format", "setup", "moves", "seats", "other"]))
            if draw(st.booleans()):
                record.pop(key, None)
            else:
                record[key] = draw(JUNK)
        else:
            record = draw(JUNK)
    return record


@st.composite
def mutated_texts(draw: st.DrawFn) -> str:
    """The JSON text itself cut, spliced or wrapped."""
    text: str = draw(st.sampled_from(games()))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 200)))
        op = draw(st.sampled_from(["cut", "insert", "delete", "replace", "wrap", "repeat"]))
        if op == "cut":
            text = text[:i]
        elif op == "insert":
            text = (
                text[:i]
                + draw(st.text(alphabet='[]{}",:0123456789.eE-\\ntrufalsNI \x00é', max_size=20))
                + text[i:]
            )
        elif op == "delete":
            text = text[:i] + text[j:]
        elif op == "replace":
            text = (
                text[:i]
                + draw(st.sampled_from(['"', "[", "}", "9" * 40, "NaN", "1e999", "\\", "\ud800"]))
                + text[i + 1 :]
            )
        elif op == "wrap":
            depth = draw(st.integers(1, 3 * MAX_JSON_DEPTH))
            text = "[" * depth + text + "]" * depth
        else:
            text = text[:i] + text[i:j] * draw(st.integers(2, 5_000)) + text[j:]
    return text


# ------------------------------------------------------------------ tests
@FUZZ
@given(mutated_records())
def test_mutated_records_replay_or_are_refused(record: Any) -> None:
    text = json.dumps(record)
    if answer(text) is not None:
        assert isinstance(record, dict)


@FUZZ
@given(mutated_texts())
def test_mutated_texts_replay_or_are_refused(text: str) -> None:
    answer(text)
    answer(text.encode("utf-8", "surrogatepass"))


@cache
def game_in_progress() -> str:
    """A record of a game stopped in its second season."""
    record = json.loads(games()[1])
    record["moves"] = record["moves"][:40]
    return json.dumps(record)


@settings(FUZZ, max_examples=60)
@given(st.one_of(mutated_records().map(json.dumps), mutated_texts()))
def test_a_refused_import_never_changes_the_game_in_progress(text: str) -> None:
    table = Table.from_record_text(game_in_progress())
    before, revision, state = table.record(), table.revision, table.state
    reason = table.import_text(text)
    if reason is None:  # accepted: the table now holds exactly the imported game
        assert table.record()["moves"] == to_record(load_record_text(text))["moves"]
    else:
        assert isinstance(reason, str) and len(reason.splitlines()) == 1
        assert table.state is state and table.revision == revision
        assert table.record() == before


# ------------------------------------------------------ the nesting check
@cache
def nested(depth: int) -> st.SearchStrategy[Any]:
    """JSON values nested exactly ``depth`` deep, with strings full of the
    characters the scan must see through (brackets, quotes, backslashes)."""
    leaf = st.one_of(
        st.integers(-(10**9), 10**9),
        st.booleans(),
        st.none(),
        st.text(alphabet='[]{}"\\ ab', max_size=6),
    )
    if depth == 0:
        return leaf
    inner = nested(depth - 1)
    siblings = st.lists(st.one_of(leaf, st.just([]), st.just({})), max_size=2)
    keys = st.text(alphabet='[]{}"\\ k', max_size=4)
    return st.one_of(
        st.tuples(siblings, inner, siblings).map(lambda t: t[0] + [t[1]] + t[2]),
        st.tuples(st.dictionaries(keys, leaf, max_size=2), keys, inner).map(
            lambda t: {**t[0], "\x00" + t[1]: t[2]}
        ),
    )


@settings(FUZZ, max_examples=150)
@given(st.integers(0, MAX_JSON_DEPTH + 3).flatmap(nested), st.booleans())
def test_the_nesting_check_accepts_exactly_what_is_shallow_enough(value: Any, spaced: bool) -> None:
    def depth(v: Any) -> int:
        if isinstance(v, list):
            return 1 + max(map(depth, v), default=0)
        if isinstance(v, dict):
            return 1 + max(map(depth, v.values()), default=0)
        return 0

    text = json.dumps(value, indent=1 if spaced else None, ensure_ascii=not spaced)
    if depth(value) <= MAX_JSON_DEPTH:
        check_json_text(text)
    else:
        try:
            check_json_text(text)
        except RecordError as exc:
            assert "nested more than" in str(exc)
        else:
            raise AssertionError(f"depth {depth(value)} was let through")
