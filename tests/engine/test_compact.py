"""Game links: exact round trips, a size near the information limit, and total decoding.

Whatever text is decoded, the outcome is either a LinkError (a RecordError of
kind "link") or a game whose every decision the engine accepts.
"""

from __future__ import annotations

import base64
import datetime
import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import GameState, RecordError, new_game, replay, summary, to_record
from game.cards import format_dealt
from game.compact import (
    KINDS,
    MAX_LINK_CHARS,
    LinkedGame,
    LinkError,
    decision_digits,
    decode_link,
    encode_link,
    relation,
)
from game.daily import daily_seed, utc_today
from game.selfplay import random_game

GOLDEN = Path(__file__).parent / "golden"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
# The 4-player golden playthrough (seed 7) as a link. If this changes, the order
# of the legal move lists changed: old links would open other games, so the
# link format needs a new version byte.
GOLDEN_LINK_4P = (
    "AgIHAAAAAIIBAvrTVckM06ryAQE_gG2unGeXYyRIkyHEewYkRorVSNRZrqLhgjciNcC73cKf_YSI"
    "Yl78vhYOBhIhu3i4Dqae80noQXtSd_qChE4"
)
# The same game as a version 1 link (before the expert seat kind): still opens.
GOLDEN_LINK_4P_V1 = "AQ" + GOLDEN_LINK_4P[2:]
CHECKED = settings(
    derandomize=True,
    database=None,
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def round_trip(state: GameState, kinds: list[str] | None = None) -> LinkedGame:
    link = encode_link(state, kinds)
    back = decode_link(link)
    assert to_record(back.state) == to_record(state)
    assert summary(back.state) == summary(state)
    assert back.kinds == (tuple(kinds) if kinds is not None else None)
    assert encode_link(back.state, kinds) == link
    return back


def assert_legal_game(game: LinkedGame) -> None:
    """The decoded game replays through the checked path, move by move."""
    again = replay(json.loads(json.dumps(to_record(game.state))))
    assert summary(again) == summary(game.state)


def outcome(text: str) -> str:
    """ "refused" or "legal": any other exception fails the test."""
    try:
        game = decode_link(text)
    except LinkError as exc:
        assert exc.kind in ("link", "version") and isinstance(exc, RecordError)
        assert str(exc) and "\n" not in str(exc)
        return "refused"
    assert_legal_game(game)
    return "legal"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("nile", [False, True])
def test_random_whole_games_round_trip(players: int, nile: bool) -> None:
    for seed in range(6):
        state = random_game(players, 100 * players + seed, nile=nile)
        assert state.over
        round_trip(state)


def test_every_prefix_of_a_game_round_trips() -> None:
    final = random_game(3, 41)
    state = new_game(list(final.setup.players), final.setup.seed)
    links = {encode_link(state)}
    for _, move in final.moves:
        state.apply(move)
        back = round_trip(state)
        assert back.state.over == state.over
        links.add(encode_link(state))
    assert len(links) == len(final.moves) + 1


def test_the_golden_game_has_a_fixed_link() -> None:
    lines = [
        json.loads(x) for x in (GOLDEN / "playthrough-4p-seed7.jsonl").read_text().splitlines()
    ]
    record = {"setup": lines[0]["setup"], "moves": [x for x in lines[1:] if "action" in x]}
    state = replay(record)
    assert encode_link(state) == GOLDEN_LINK_4P
    assert to_record(decode_link(GOLDEN_LINK_4P).state) == to_record(state)
    assert to_record(decode_link(GOLDEN_LINK_4P_V1).state) == to_record(state)


def test_version_1_links_keep_their_seat_kinds_and_expert_seats_travel() -> None:
    state = random_game(3, 4)
    seats = ("hard", "human", "medium")
    n = len(seats)

    def raw(code: str) -> bytes:
        return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))

    with_kinds, without = raw(encode_link(state, seats)), raw(encode_link(state))
    kinds5 = sum(KINDS.index(k) * 5**i for i, k in enumerate(seats))
    # The header is where the two links' numbers differ by the seat kinds alone.
    head = next(
        h
        for h in range(2, len(without))
        if int.from_bytes(with_kinds[h:], "big")
        == int.from_bytes(without[h:], "big") * 5**n + kinds5
    )
    rest = int.from_bytes(without[head:], "big")
    # The same link as version 1 wrote it: kinds in radix 4 (no expert then).
    v1 = rest * 4**n + sum(KINDS.index(k) * 4**i for i, k in enumerate(seats))
    old = raw_link(bytes([1]) + with_kinds[1:head] + v1.to_bytes((v1.bit_length() + 7) // 8, "big"))
    back = decode_link(old)
    assert back.kinds == seats and to_record(back.state) == to_record(state)
    expert = decode_link(encode_link(state, ("expert", "human", "easy")))
    assert expert.kinds == ("expert", "human", "easy")


def test_names_kinds_and_seeds_travel() -> None:
    names = ["Zoë", "李小龍", "Ann-Marie O'Neil", "x" * 24]
    for seed in (0, 5, 2**63 + 11, 2**64 - 1):
        state = new_game(names, seed)
        state.apply(state.legal_moves()[3])
        back = round_trip(state, ["human", "hard", "easy", "medium"])
        assert back.state.setup.players == tuple(names)
        assert back.state.setup.seed == seed
    round_trip(new_game(["Player 1", "Player 2"], 3), ["human", "human"])
    # A default name costs one byte, another seat's default name is spelled out.
    short = encode_link(new_game(["Player 1", "Player 2"], 3))
    swapped = encode_link(new_game(["Player 2", "Player 1"], 3))
    assert len(swapped) > len(short)
    assert decode_link(swapped).state.setup.players == ("Player 2", "Player 1")


@pytest.mark.parametrize("nile", [False, True])
def test_hand_made_deals_are_spelled_out(nile: bool) -> None:
    base = new_game(["Ann", "Bob", "Cy"], 9, nile=nile).setup
    overrides: dict[str, Any] = {
        "first_player": (base.first_player + 1) % 3,
        "wings": list(reversed(base.wings)),
        "deck": [format_dealt(card, not turned) for card, turned in reversed(base.deck)],
    }
    if nile:
        pile = [c for c, _ in base.nile_deck[:5]]
        overrides.update(
            nile_deck=[pile[4] + "@r", *pile[:4], "nile-6@r"],
            nile_six_line=base.nile_six_line % 3 + 1,
            boats=list(reversed(base.boats)),
        )
    seed_only = len(encode_link(new_game(["Ann", "Bob", "Cy"], 9, nile=nile)))
    for key, value in overrides.items():
        state = new_game(["Ann", "Bob", "Cy"], 9, nile=nile, **{key: value})
        assert state.setup != base
        round_trip(state)
        assert len(encode_link(state)) > seed_only
    state = new_game(["Ann", "Bob", "Cy"], 9, nile=nile, **overrides)
    for _ in range(30):
        state.apply(state.legal_moves()[-1])
    back = round_trip(state, ["hard", "human", "easy"])
    assert back.state.setup.deck == state.setup.deck
    assert back.state.setup.seed == 9


def varint(value: int) -> bytes:
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    return bytes(out + bytes([value]))


def test_links_reach_the_information_limit() -> None:
    names = ["Annabelle", "Bartholomew", "Cyrano", "Dagmar"]
    lengths = []
    for seed in range(8):
        state = new_game(names, seed, nile=True)
        while not state.over:
            legal = state.legal_moves()
            state.apply(legal[(seed * 7919 + len(state.moves) * 104729) % len(legal)])
        bits = sum(math.log2(r) for _, r in decision_digits(state))
        link = encode_link(state)
        header = (
            2
            + len(varint(2 * seed))
            + sum(1 + len(n.encode()) for n in names)
            + len(varint(len(state.moves)))
        )
        assert len(base64.urlsafe_b64decode(link + "==")) <= header + math.ceil(bits / 8 + 1e-9)
        lengths.append(len(link))
    assert max(lengths) <= 600


def test_wrong_input_to_encode_is_refused() -> None:
    state = new_game(["Ann", "Bob"], 1)
    with pytest.raises(LinkError, match="seat kinds"):
        encode_link(state, ["human"])
    with pytest.raises(LinkError, match="seat kinds"):
        encode_link(state, ["human", "genius"])
    with pytest.raises(LinkError, match="seat kinds"):
        encode_link(state, ("human", "hard", "hard"))


def raw_link(payload: bytes) -> str:
    return base64.urlsafe_b64encode(payload).decode().rstrip("=")


@pytest.mark.parametrize(
    "text,reason",
    [
        ("", "empty"),
        ("A" * (MAX_LINK_CHARS + 1), "longer than"),
        ("AQIO AAAA", "not base64url"),
        ("AQIO+AAA", "not base64url"),
        ("AQIOAAAAA", "not base64url"),  # a length no base64 text has
        ("AQIOAAAAAIJ", "shortest form"),  # stray low bits in the last character
        (raw_link(bytes([3, 2, 14])), "newer version of the game"),
        (raw_link(bytes([0, 2, 14])), "unknown link version 0"),
        (raw_link(bytes([1, 3, 0, 0, 0])), "flags"),
        (raw_link(bytes([1, 0x22, 0, 0, 0])), "flags"),
        (raw_link(bytes([1, 0])), "cut short"),
        (raw_link(bytes([1, 0, 0, 3, 65, 66])), "cut short"),
        (raw_link(bytes([1, 0, 0, 2, 0xFF, 0xFE, 0])), "UTF-8"),
        (raw_link(bytes([1, 0, 0, 1, 7, 0, 0])), "setup is not valid.*control character"),
        (
            raw_link(bytes([1, 0, 0, 25]) + b"x" * 25 + bytes([0, 0])),
            "setup is not valid.*at most 24",
        ),
        (raw_link(bytes([1, 0, 0, 1, 32, 0, 0])), "setup is not valid.*empty"),
        (
            raw_link(
                bytes([1, 0, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 2, 0, 0, 0])
            ),
            "setup is not valid.*out of range",
        ),
        (raw_link(bytes([1, 0, 0, 0, 0, 0xE9, 0x07])), "at most 1000"),
        (raw_link(bytes([1, 0, 0x80, 0, 0, 0, 0])), "shortest form"),
        (raw_link(bytes([1, 0, 0, 0, 0, 0, 0, 5])), "shortest form"),
        (raw_link(bytes([1, 0, 0, 0, 0, 0, 5])), "data after its last decision"),
        (raw_link(bytes([1, 0]) + b"\xff" * 10 + b"\x01"), "seed is too long"),
    ],
)
def test_broken_links_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(LinkError, match=reason):
        decode_link(text)


def test_a_newer_link_says_so() -> None:
    with pytest.raises(LinkError) as info:
        decode_link(raw_link(bytes([7, 2, 14, 0, 0])))
    assert info.value.kind == "version"
    with pytest.raises(LinkError) as info:
        decode_link(raw_link(bytes([1, 0x40, 14, 0, 0])))
    assert info.value.kind == "link"


def test_non_text_and_overlong_games_are_refused() -> None:
    with pytest.raises(LinkError, match="text"):
        decode_link(b"AQIO")
    finished = random_game(2, 5)
    link = encode_link(finished)
    data = base64.urlsafe_b64decode(link + "==")
    # Claim one decision more than the game has, the choices unchanged.
    head = 2 + 1 + 2  # version, flags, seed 5, two default names
    count = varint(len(finished.moves))
    assert data[head : head + len(count)] == count
    longer = data[:head] + varint(len(finished.moves) + 1) + data[head + len(count) :]
    with pytest.raises(LinkError, match="game ends after"):
        decode_link(raw_link(longer))


@pytest.fixture(scope="module")
def sample_links() -> list[str]:
    return [
        encode_link(random_game(4, 3, nile=True), ["human", "easy", "medium", "hard"]),
        encode_link(new_game(["Ann", "Bob"], 77, first_player=1)),
        encode_link(random_game(3, 8)),
    ]


@CHECKED
@given(data=st.data())
def test_tampered_links_refuse_or_stay_legal(sample_links: list[str], data: st.DataObject) -> None:
    link = data.draw(st.sampled_from(sample_links))
    how = data.draw(st.sampled_from(["flip", "truncate", "append", "insert", "version"]))
    at = data.draw(st.integers(0, len(link) - 1))
    if how == "flip":
        char = data.draw(st.sampled_from(ALPHABET.replace(link[at], "")))
        text = link[:at] + char + link[at + 1 :]
    elif how == "truncate":
        text = link[:at]
    elif how == "append":
        text = link + data.draw(st.text(ALPHABET, min_size=1, max_size=12))
    elif how == "insert":
        text = link[:at] + data.draw(st.characters()) + link[at:]
    else:
        text = raw_link(
            bytes([data.draw(st.integers(3, 255))]) + base64.urlsafe_b64decode(link + "==")[1:]
        )
    assert text != link
    result = outcome(text)
    if how == "version":
        assert result == "refused"


@CHECKED
@given(st.binary(max_size=200))
def test_any_bytes_refuse_or_give_a_legal_game(payload: bytes) -> None:
    outcome(raw_link(bytes([1]) + payload))
    outcome(raw_link(payload))


@CHECKED
@given(st.text(max_size=300))
def test_any_text_refuses_or_gives_a_legal_game(text: str) -> None:
    outcome(text)


def test_relation_tells_a_continued_game_from_another() -> None:
    whole = random_game(3, 21)
    moves = [m for _, m in whole.moves]

    def after(k: int, seed: int = 21) -> GameState:
        state = new_game(list(whole.setup.players), seed)
        for move in moves[:k]:
            state.apply(move)
        return state

    assert relation(after(40), decode_link(encode_link(after(40))).state) == "same"
    assert relation(after(40), after(41)) == "ahead"
    assert relation(after(41), after(40)) == "behind"
    assert relation(after(0), whole) == "ahead"
    assert relation(after(10), after(10, seed=22)) == "different"
    other = after(39)
    other.apply(next(m for m in other.legal_moves() if m != moves[39]))
    assert relation(after(40), other) == "different"
    assert relation(after(41), other) == "different"
    renamed = new_game(["Ann", "Bob", "Cy"], 21)
    assert relation(after(0), renamed) == "different"


def test_daily_seed_is_the_same_all_day_and_differs_between_days() -> None:
    day = datetime.date(2025, 3, 14)
    assert daily_seed(day) == daily_seed(datetime.date(2025, 3, 14))
    assert daily_seed(datetime.date(2025, 1, 1)) == 14811847524496328910
    start = datetime.date(2024, 1, 1)
    seeds = {daily_seed(start + datetime.timedelta(days=d)) for d in range(3 * 366)}
    assert len(seeds) == 3 * 366
    assert all(0 <= s < 2**64 for s in seeds)
    assert (
        new_game(["Ann", "Bob"], daily_seed(day)).setup
        == new_game(["Ann", "Bob"], daily_seed(day)).setup
    )


def test_utc_today_uses_the_utc_date() -> None:
    late = datetime.datetime(
        2025, 6, 30, 23, 30, tzinfo=datetime.timezone(datetime.timedelta(hours=-5))
    )
    assert utc_today(late) == datetime.date(2025, 7, 1)
    assert isinstance(utc_today(), datetime.date)
    with pytest.raises(ValueError):
        utc_today(datetime.datetime(2025, 6, 30, 23, 30))


def test_kinds_list_is_the_seat_choices() -> None:
    assert KINDS == ("human", "easy", "medium", "hard", "expert")
